'use strict';
// `npm start` (scripts/demo.js): builds when a source is newer than the files the demo runs.

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..', '..');
const pkg = require(path.join(root, 'package.json'));

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** The built files the demo needs; all written by one `npm run build`. */
function builtFiles() {
  // (resources/ezviz-editor.js: the editor code the nodes' HTML loads, built beside dist/)
  const files = [path.join(root, 'dist', 'simulator', 'cli.js'), path.join(root, 'resources', 'ezviz-editor.js')];
  for (const file of Object.values(pkg['node-red'].nodes)) files.push(path.join(root, file));
  // The camera panel (dashboard/): its runtime and its widget.
  files.push(
    path.join(root, 'dashboard', 'dist', 'nodes', 'ui-ezviz-camera.js'),
    path.join(root, 'dashboard', 'resources', 'ui-ezviz-camera.umd.js'),
  );
  return files;
}

/** True when a built file is missing or older than a source file. */
function buildNeeded() {
  const files = builtFiles();
  if (files.some((f) => !fs.existsSync(f))) return true;
  const oldestBuilt = Math.min(...files.map((f) => fs.statSync(f).mtimeMs));
  const newestSource = Math.max(
    newestMtime(path.join(root, 'nodes')),
    newestMtime(path.join(root, 'client')),
    newestMtime(path.join(root, 'runtime')),
    newestMtime(path.join(root, 'features')),
    newestMtime(path.join(root, 'simulator')),
    newestMtime(path.join(root, 'dashboard', 'nodes')),
    newestMtime(path.join(root, 'dashboard', 'ui')),
    fs.statSync(path.join(root, 'scripts', 'build.js')).mtimeMs,
  );
  return newestSource > oldestBuilt;
}

function buildIfNeeded() {
  if (!buildNeeded()) {
    console.log('demo: build is up to date');
    return;
  }
  // The JavaScript alone (seconds): the type check is the contributor's (`npm run build`, `npm test`).
  console.log('demo: building (node scripts/build.js --no-typecheck) ...');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.js'), '--no-typecheck'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('the build failed; see above');
}

module.exports = { buildIfNeeded };
