// Installing the camera panel as a user would (docs/behaviour.md section 14): both packages packed by
// `npm pack` (their prepack release builds run in a copy of the project, never in the dist/ the
// tests run from), installed from the tarballs alone beside Dashboard 2 into a fresh Node-RED
// user directory, and the panel working there: a hold sends one start and one stop. The main
// tarball's own checks (test/support/release-pack.ts) run here too: one release build a run.

import assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT, skipWithoutChromium } from '../support/browser-env';
import { DashboardEnv, panelFlow, startDashboardEnv } from '../support/dashboard-env';
import { mainTarballChecks, npm, packRelease, type ReleasePack } from '../support/release-pack';

/** Dashboard 2 as the repository's install holds it. */
const DASHBOARD_DIR = path.join(ROOT, 'node_modules', '@flowfuse', 'node-red-dashboard');

describe('dashboard: both packages from npm pack tarballs in a fresh Node-RED user directory', function () {
  this.timeout(300000);
  let tmp = '';
  let env: DashboardEnv | undefined;
  let shipped: string[] = [];
  let release: ReleasePack;

  before(async function () {
    skipWithoutChromium(this);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-dashboard-pack-'));
    release = await packRelease(tmp);
    const list = spawnSync('tar', ['-tzf', release.dashboard], { encoding: 'utf8' });
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
    await npm(['install', '--prefer-offline', '--save', release.main, release.dashboard], userDir);
    fs.mkdirSync(path.join(userDir, 'node_modules', '@flowfuse'), { recursive: true });
    fs.symlinkSync(DASHBOARD_DIR, path.join(userDir, 'node_modules', '@flowfuse', 'node-red-dashboard'), 'dir');
    env = await startDashboardEnv((url) => panelFlow(url), { userDir });
  });

  after(async () => {
    if (env) await env.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('ships the runtimes, their dialogs, catalogs and help, the widgets, hls.js and the examples; no sources, maps or tests', () => {
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
      'resources/ezviz-dashboard-editor.js',
      'examples/camera-panel.json',
      'dist/nodes/ui-ezviz-wall.js',
      'dist/nodes/ui-ezviz-wall.html',
      'dist/nodes/wall/wall.js',
      'dist/nodes/locales/en-US/ui-ezviz-wall.json',
      'dist/nodes/locales/zh-CN/ui-ezviz-wall.json',
      'dist/nodes/locales/en-US/ui-ezviz-wall.html',
      'dist/nodes/locales/zh-CN/ui-ezviz-wall.html',
      'examples/camera-wall.json',
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

  describe('the main package as its release build packed it', function () {
    mainTarballChecks(() => release);
  });
});
