// Installing the camera panel as a user would (docs/behaviour.md section 14): both packages packed by
// `npm pack` (their prepack release builds run in a copy of the project, never in the dist/ the
// tests run from), installed from the tarballs alone beside Dashboard 2 into a fresh Node-RED
// user directory, and the panel working there: a hold sends one start and one stop.

import assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT, skipWithoutChromium } from '../support/browser-env';
import { DashboardEnv, panelFlow, startDashboardEnv } from '../support/dashboard-env';

const DASHBOARD_VERSION = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'node_modules', '@flowfuse', 'node-red-dashboard', 'package.json'), 'utf8'),
).version;

/** npm's environment without the npm_* variables of a running `npm test`, with the npm of PATH. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  env.PATH = (process.env.PATH || '')
    .split(path.delimiter)
    .filter((d) => !d.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return { ...env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };
}

function npm(args: string[], cwd: string): string {
  const r = spawnSync('npm', args, { cwd, encoding: 'utf8', env: npmEnv() });
  assert.strictEqual(r.status, 0, `npm ${args.join(' ')}: ${r.stderr}\n${r.stdout}`);
  return r.stdout;
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
    npm(['pack', '--pack-destination', out], copy);
    npm(['pack', '--pack-destination', out], path.join(copy, 'dashboard'));
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
    // A fresh user directory: Dashboard 2 and the two tarballs, nothing else (npm's cache serves
    // what the repository's install fetched already).
    const userDir = path.join(tmp, 'user');
    fs.mkdirSync(userDir);
    fs.writeFileSync(
      path.join(userDir, 'package.json'),
      JSON.stringify({ name: 'node-red-user', version: '0.0.0', private: true }),
    );
    npm(
      ['install', '--prefer-offline', '--save', ...tgz, `@flowfuse/node-red-dashboard@${DASHBOARD_VERSION}`],
      userDir,
    );
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
