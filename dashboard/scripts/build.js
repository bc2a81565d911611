#!/usr/bin/env node
'use strict';
// Build of node-red-dashboard-2-ezviz: the runtime (TypeScript -> dist/nodes, CommonJS, type-checked)
// with its editor HTML and catalogs, and the widget (Vue 3 -> resources/ui-ezviz-camera.umd.js by Vite)
// with hls.js's light build beside it (loaded by the widget only where the browser does not play
// HLS itself) and mpegts.js (loaded only when a recording plays back), and the code both edit dialogs share
// (dashboard/editor/dialog.js -> resources/ezviz-dashboard-editor.js). The repository's `npm run build` runs this too.
//
//   node scripts/build.js            development build (source maps for the runtime)
//   node scripts/build.js --release  what npm pack ships (prepack): no source maps
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { emit, tsFiles } = require('../../scripts/emit');

const release = process.argv.includes('--release');
const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const resources = path.join(root, 'resources');

function run(args, label) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`dashboard build: ${label} failed`);
    process.exit(r.status || 1);
  }
}

fs.rmSync(dist, { recursive: true, force: true });
fs.rmSync(resources, { recursive: true, force: true });
// The type check (the repository's scripts/typecheck.js, TypeScript 7; `--no-typecheck` or
// EZVIZ_BUILD_NO_TYPECHECK=1: the caller's, as the repository's `npm test` runs it among its test
// files), then the runtime's JavaScript, one file per source (the repository's scripts/emit.js).
if (!process.argv.includes('--no-typecheck') && !process.env.EZVIZ_BUILD_NO_TYPECHECK)
  run(
    [path.join(__dirname, '..', '..', 'scripts', 'typecheck.js'), path.join('dashboard', 'tsconfig.json')],
    'type check',
  );
emit({
  files: tsFiles(path.join(root, 'nodes')),
  outbase: path.join(root, 'nodes'),
  outdir: path.join(dist, 'nodes'),
  tsconfig: path.join(root, 'tsconfig.json'),
  release,
});
const nodes = path.join(root, 'nodes');
for (const f of fs.readdirSync(nodes).filter((n) => n.endsWith('.html')))
  fs.copyFileSync(path.join(nodes, f), path.join(dist, 'nodes', f));
fs.cpSync(path.join(nodes, 'locales'), path.join(dist, 'nodes', 'locales'), { recursive: true });

run([path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), 'build'], 'vite (widget)');
fs.copyFileSync(
  path.join(path.dirname(require.resolve('hls.js/package.json')), 'dist', 'hls.light.min.js'),
  path.join(resources, 'hls.light.min.js'),
);
// mpegts.js (FLV playback through MSE), loaded by the widget only when a recording plays back.
const mpegtsDist = path.join(path.dirname(require.resolve('mpegts.js/package.json')), 'dist');
for (const f of ['mpegts.js', 'mpegts.js.LICENSE.txt'])
  fs.copyFileSync(path.join(mpegtsDist, f), path.join(resources, f));
// The edit dialogs' shared rows and steps, loaded by both dialogs' HTML (plain browser code, no build step).
fs.copyFileSync(path.join(root, 'editor', 'dialog.js'), path.join(resources, 'ezviz-dashboard-editor.js'));
console.log(`dashboard build: ok${release ? ' (release: no source maps)' : ''}`);
