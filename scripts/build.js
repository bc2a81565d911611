#!/usr/bin/env node
'use strict';
// Build: the type check (scripts/typecheck.js, in a child process beside the rest of the build, which
// waits for it at the end and fails when it failed; `--no-typecheck` or EZVIZ_BUILD_NO_TYPECHECK=1
// leave it to the caller, as `npm test` does, which runs it among mocha's files: test/checks/), and
// TypeScript runtime, simulator and tests -> dist/ (CommonJS, one file per source: scripts/emit.js);
// the shared editor code (editor/index.ts) is bundled ONCE into resources/ezviz-editor.js,
// which Node-RED serves at resources/<package>/ezviz-editor.js; each node's editor.ts is
// bundled by esbuild (its own code only) and joined with its editor.html template and
// a <script src> tag for the shared file into dist/nodes/<name>/<name>.html; locales and icons/ are
// copied beside the runtime file, help pages get their shared fragments (scripts/help-fragments.js).
//
//   node scripts/build.js            development build (source maps for tests and stack traces)
//   node scripts/build.js --release  what npm pack ships (prepack): no source maps, no
//                                    sourceMappingURL comments pointing at files not shipped
//   node scripts/build.js --then CMD ARG...  once the JavaScript is written, runs CMD (`npm run
//                                    test:unit`: the unit tests) beside the type check still running;
//                                    exits 1 when either failed
const fs = require('fs');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const { expandHelp } = require('./help-fragments');
const { emit, tsFiles } = require('./emit');
const { operationEditor } = require('./operation-editor');

const thenAt = process.argv.indexOf('--then');
const argv = thenAt < 0 ? process.argv.slice(2) : process.argv.slice(2, thenAt);
const then = thenAt < 0 ? [] : process.argv.slice(thenAt + 1);
const release = argv.includes('--release');
const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const resources = path.join(root, 'resources');
const PACKAGE = require(path.join(root, 'package.json')).name;
/** The shared editor file: built into resources/, served by Node-RED under resources/<package>/. */
const SHARED_EDITOR = 'ezviz-editor.js';
const SHARED_TAG = `<script src="resources/${PACKAGE}/${SHARED_EDITOR}"></script>`;
/** A node's or plugin's browser code (nodes/, plugins/): its `editor.ts`, and the `editor-<part>.ts`
 * beside it that it imports when it is long (bundled into it). */
const EDITOR_FILE = /^editor(-[\w-]+)?\.ts$/;
// EZVIZ_BUILD_NO_TYPECHECK=1: the same for a build run by npm (the packed-install test's `npm pack`).
const typecheck = !argv.includes('--no-typecheck') && !process.env.EZVIZ_BUILD_NO_TYPECHECK;

/** `node ARGS...` in the root, its output as it comes; resolves to its exit code. */
function child(args) {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    c.on('error', () => resolve(1));
    c.on('close', (code) => resolve(code ?? 1));
  });
}

// The type check reads the sources only: it runs beside the emit and the bundles (on another core),
// the dashboard package's project with the two of this one (its build below is told to leave it).
const dashboardBuild = path.join(root, 'dashboard', 'scripts', 'build.js');
const withDashboard = !release && fs.existsSync(dashboardBuild);
const projects = [
  'tsconfig.json',
  'tsconfig.editor.json',
  ...(withDashboard ? [path.join('dashboard', 'tsconfig.json')] : []),
];
const typechecked = typecheck ? child([path.join(__dirname, 'typecheck.js'), ...projects]) : Promise.resolve(0);
fs.rmSync(dist, { recursive: true, force: true });
fs.rmSync(resources, { recursive: true, force: true });
// The dashboard package (dashboard/, an npm workspace: its runtime and its widget), for the tests
// and the demo; not for this package's own release (prepack), which ships nothing of it. It writes
// only under dashboard/ and reads nothing this build writes, so it runs beside the rest (on the
// other core: `npm test`'s build has no type check beside it). Its type check is this build's
// (above: `npm test` leaves it to test/checks/typecheck.test.ts).
const dashboardBuilt = withDashboard ? child([dashboardBuild, '--no-typecheck']) : Promise.resolve(0);
// The runtime, the simulator and the tests; the editor code and the dashboard's runtime modules
// that unit tests import (editor/, dashboard/nodes/: not shipped, `files` names dist/nodes,
// dist/plugins and dist/simulator). The nodes' and plugins' editor.ts (with their editor-*.ts) are
// the browser's (below).
emit({
  files: [
    'nodes',
    'client',
    'runtime',
    'features',
    'plugins',
    'simulator',
    'test',
    'editor',
    path.join('dashboard', 'nodes'),
  ].flatMap((d) =>
    tsFiles(
      path.join(root, d),
      (name) => name === 'editor.ts' || (['nodes', 'plugins'].includes(d) && EDITOR_FILE.test(name)),
    ),
  ),
  outbase: root,
  outdir: dist,
  tsconfig: path.join(root, 'tsconfig.json'),
  release,
});

const nodesDir = path.join(root, 'nodes');
const nodeNames = fs.readdirSync(nodesDir).filter((n) => fs.existsSync(path.join(nodesDir, n, `${n}.ts`)));
const withEditor = nodeNames.filter((n) => fs.existsSync(path.join(nodesDir, n, 'editor.ts')));

const esbuild = withEditor.length ? require('esbuild') : null;
// entry: a file, or esbuild's stdin (an operation node's script written by operation-editor.js)
const bundle = (entry, opts = {}) =>
  esbuild.buildSync({
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: entry }),
    bundle: true,
    format: 'iife',
    target: 'es2018',
    write: false,
    legalComments: 'none',
    ...opts,
  }).outputFiles[0].text;

// The shared editor code, once for the whole package.
if (withEditor.length) {
  fs.mkdirSync(resources, { recursive: true });
  fs.writeFileSync(path.join(resources, SHARED_EDITOR), bundle(path.join(root, 'editor', 'index.ts')));
}

for (const name of nodeNames) {
  const src = path.join(nodesDir, name);
  const out = path.join(dist, 'nodes', name);
  fs.mkdirSync(out, { recursive: true });
  const template = path.join(src, 'editor.html');
  const parts = [];
  if (fs.existsSync(path.join(src, 'editor.ts'))) parts.push(SHARED_TAG);
  if (fs.existsSync(template)) parts.push(fs.readFileSync(template, 'utf8').trim());
  if (fs.existsSync(path.join(src, 'editor.ts'))) {
    // The node's own part only: its editor.ts imports nothing but types and its own editor-*.ts (the
    // shared code is the global EzvizOpenEditor of resources/ezviz-editor.js); a value import of the
    // shared code would be bundled here. An operation node's editor.ts holds only its extras: the
    // build writes its literal registration around them (scripts/operation-editor.js).
    const own = bundle(operationEditor(esbuild, dist, src, name) || path.join(src, 'editor.ts'));
    parts.push(`<script type="text/javascript">\n${own}</script>`);
  }
  if (parts.length) fs.writeFileSync(path.join(out, `${name}.html`), parts.join('\n\n') + '\n');
  const locales = path.join(src, 'locales');
  if (fs.existsSync(locales)) fs.cpSync(locales, path.join(out, 'locales'), { recursive: true });
  expandHelp(path.join(out, 'locales'), path.join(root, 'runtime', 'help'));
  // Node-RED finds icons only in an `icons` folder beside a node file, and serves them per
  // module: one copy (beside the first node) serves every node of the package.
  const icons = path.join(root, 'icons');
  if (name === nodeNames[0] && fs.existsSync(icons)) fs.cpSync(icons, path.join(out, 'icons'), { recursive: true });
}
// Editor plugins (plugins/<name>/: the EZVIZ sidebar): the runtime part is compiled by tsc into
// dist/plugins/<name>/<name>.js; its editor.ts is bundled (with its editor.html styles) into
// <name>.html beside it, where Node-RED's plugin loader looks; locales are copied.
const pluginsDir = path.join(root, 'plugins');
const pluginNames = fs.existsSync(pluginsDir)
  ? fs.readdirSync(pluginsDir).filter((n) => fs.existsSync(path.join(pluginsDir, n, `${n}.ts`)))
  : [];
for (const name of pluginNames) {
  const src = path.join(pluginsDir, name);
  const out = path.join(dist, 'plugins', name);
  fs.mkdirSync(out, { recursive: true });
  const parts = [];
  const template = path.join(src, 'editor.html');
  if (fs.existsSync(template)) parts.push(fs.readFileSync(template, 'utf8').trim());
  if (fs.existsSync(path.join(src, 'editor.ts'))) {
    parts.push(`<script type="text/javascript">\n${bundle(path.join(src, 'editor.ts'))}</script>`);
  }
  if (parts.length) fs.writeFileSync(path.join(out, `${name}.html`), parts.join('\n\n') + '\n');
  const locales = path.join(src, 'locales');
  if (fs.existsSync(locales)) fs.cpSync(locales, path.join(out, 'locales'), { recursive: true });
}

dashboardBuilt.then((dashboard) => {
  if (dashboard !== 0) {
    console.error('build: dashboard failed');
    process.exit(dashboard || 1);
  }
  const ran = then.length ? spawnSync(then[0], then.slice(1), { cwd: root, stdio: 'inherit' }).status : 0;
  typechecked.then((code) => {
    if (code !== 0) console.error('build: type check failed');
    else
      console.log(
        `build: ok (${nodeNames.length} nodes, ${withEditor.length} editors, ${pluginNames.length} plugins${release ? ', release: no source maps' : ''})`,
      );
    if (ran !== 0) console.error(`build: ${then.join(' ')} failed`);
    process.exit(code !== 0 || ran !== 0 ? 1 : 0);
  });
});
