// Installing the camera panel as a user would (docs/behaviour.md section 14): both packages packed by
// `npm pack` (their prepack release builds run in a copy of the project, never in the dist/ the
// tests run from), installed from the tarballs alone beside Dashboard 2 into a fresh Node-RED
// user directory, and the panel working there: a hold sends one start and one stop.

import assert from 'assert';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT, skipWithoutChromium } from '../support/browser-env';
import { DashboardEnv, panelFlow, startDashboardEnv } from '../support/dashboard-env';

/** Dashboard 2 as the repository's install holds it. */
const DASHBOARD_DIR = path.join(ROOT, 'node_modules', '@flowfuse', 'node-red-dashboard');

/** npm's environment without the npm_* variables of a running `npm test`, with the npm of PATH. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  env.PATH = (process.env.PATH || '')
    .split(path.delimiter)
    .filter((d) => !d.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return { ...env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };
}

/** Runs npm in `cwd` (asynchronously: the two packs build at the same time). */
function npm(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, env: npmEnv() });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`npm ${args.join(' ')} exited ${code}: ${err}\n${out}`));
    });
  });
}

/** Copies what the two release builds need into `copy` (node_modules linked, tests left out). */
function copyProject(copy: string): void {
  for (const f of [
    'package.json',
    'tsconfig.json',
    'tsconfig.editor.json',
    'README.md',
    'CHANGELOG.md',
    'LICENSE',
    'nodes',
    'editor',
    'simulator',
    'scripts',
    'icons',
    'examples',
  ]) {
    fs.cpSync(path.join(ROOT, f), path.join(copy, f), { recursive: true });
  }
  for (const f of [
    'package.json',
    'tsconfig.json',
    'vite.config.mjs',
    'README.md',
    'LICENSE',
    'nodes',
    'ui',
    'scripts',
    'examples',
  ]) {
    fs.cpSync(path.join(ROOT, 'dashboard', f), path.join(copy, 'dashboard', f), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
}

describe('dashboard: both packages from npm pack tarballs in a fresh Node-RED user directory', function () {
  this.timeout(300000);
  let tmp = '';
  let env: DashboardEnv | undefined;
  let shipped: string[] = [];

  before(async function () {
    skipWithoutChromium(this);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-dashboard-pack-'));
    const copy = path.join(tmp, 'project');
    const out = path.join(tmp, 'out');
    fs.mkdirSync(out);
    copyProject(copy);
    // The two release builds (tsc and esbuild; tsc and Vite) are independent: side by side.
    await Promise.all([
      npm(['pack', '--pack-destination', out], copy),
      npm(['pack', '--pack-destination', out], path.join(copy, 'dashboard')),
    ]);
    const tgz = fs
      .readdirSync(out)
      .filter((f) => f.endsWith('.tgz'))
      .map((f) => path.join(out, f));
    assert.strictEqual(tgz.length, 2, `two tarballs: ${tgz.join(', ')}`);
    const list = spawnSync('tar', ['-tzf', tgz.find((f) => /dashboard-2-ezviz/.test(f))!], { encoding: 'utf8' });
    shipped = list.stdout
      .split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''));
    // A fresh user directory: the two tarballs installed by npm (their dependencies from npm's
    // cache, which the repository's install filled), beside Dashboard 2. Dashboard 2 is the
    // repository's own copy, linked: an npm install of it (182 packages, most of this file's CPU)
    // would only repeat what `npm ci` did, and nothing of ours depends on it.
    const userDir = path.join(tmp, 'user');
    fs.mkdirSync(userDir);
    fs.writeFileSync(
      path.join(userDir, 'package.json'),
      JSON.stringify({ name: 'node-red-user', version: '0.0.0', private: true }),
    );
    await npm(['install', '--prefer-offline', '--save', ...tgz], userDir);
    fs.mkdirSync(path.join(userDir, 'node_modules', '@flowfuse'), { recursive: true });
    fs.symlinkSync(DASHBOARD_DIR, path.join(userDir, 'node_modules', '@flowfuse', 'node-red-dashboard'), 'dir');
    env = await startDashboardEnv((url) => panelFlow(url), { userDir });
  });

  after(async () => {
    if (env) await env.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('ships the runtime, its dialog, catalogs and help, the widget, hls.js and its example; no sources, maps or tests', () => {
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'dist/nodes/ui-ezviz-camera.js',
      'dist/nodes/ui-ezviz-camera.html',
      'dist/nodes/locales/en-US/ui-ezviz-camera.json',
      'dist/nodes/locales/zh-CN/ui-ezviz-camera.json',
      'dist/nodes/locales/en-US/ui-ezviz-camera.html',
      'dist/nodes/locales/zh-CN/ui-ezviz-camera.html',
      'resources/ui-ezviz-camera.umd.js',
      'resources/hls.light.min.js',
      'examples/camera-panel.json',
    ]) {
      assert.ok(shipped.includes(f), `${f} is packed`);
    }
    assert.deepStrictEqual(
      shipped.filter((f) => /\.map$|\.ts$|\.vue$|^ui\/|^scripts\/|test/.test(f)),
      [],
    );
  });

  it('Node-RED loads both packages from the user directory, and the panel moves the camera', async () => {
    const r = await fetch(`${env!.url}nodes`, { headers: { Accept: 'application/json' } });
    const sets = (await r.json()) as Array<{ module: string; local: boolean; user: boolean; types: string[] }>;
    const ours = sets.find((s) => s.types.includes('ui-ezviz-camera'));
    assert.ok(ours && ours.module === 'node-red-dashboard-2-ezviz' && ours.local, JSON.stringify(ours));
    const main = sets.find((s) => s.types.includes('ezviz-config'));
    assert.ok(main && main.local, 'the main package from the user directory');
    const p = await env!.open();
    try {
      const left = p.page.getByRole('button', { name: 'left', exact: true });
      const box = (await left.boundingBox())!;
      await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await p.page.mouse.down();
      await new Promise((res) => setTimeout(res, 800));
      await p.page.mouse.up();
      await p.page.getByRole('status').filter({ hasText: 'stopped' }).waitFor();
      const ptz = env!.sim
        .requestLog()
        .filter((e) => e.path.startsWith('/api/lapp/device/ptz/'))
        .map((e) => e.path.split('/').pop());
      assert.deepStrictEqual(ptz, ['start', 'stop']);
      assert.deepStrictEqual(p.pageErrors, []);
    } finally {
      await p.close();
    }
  });
});
