#!/usr/bin/env node
'use strict';
// Build: TypeScript runtime, simulator and tests -> dist/ (CommonJS);
// each node's editor.ts is type-checked, bundled by esbuild and joined with its editor.html
// template into dist/nodes/<name>/<name>.html; locales and icons/ are copied beside the runtime file,
// help pages get their shared fragments (scripts/help-fragments.js).
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { expandHelp } = require('./help-fragments');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const tscBin = require.resolve('typescript/bin/tsc');

function run(args, label) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`build: ${label} failed`);
    process.exit(r.status || 1);
  }
}

fs.rmSync(dist, { recursive: true, force: true });
run([tscBin, '-p', 'tsconfig.json'], 'tsc (runtime, simulator, tests)');

const nodesDir = path.join(root, 'nodes');
const nodeNames = fs.readdirSync(nodesDir).filter((n) =>
  fs.existsSync(path.join(nodesDir, n, `${n}.ts`)));
const withEditor = nodeNames.filter((n) => fs.existsSync(path.join(nodesDir, n, 'editor.ts')));
if (withEditor.length) run([tscBin, '-p', 'tsconfig.editor.json'], 'tsc (editor type check)');

let esbuild = null;
for (const name of nodeNames) {
  const src = path.join(nodesDir, name);
  const out = path.join(dist, 'nodes', name);
  fs.mkdirSync(out, { recursive: true });
  const template = path.join(src, 'editor.html');
  const parts = [];
  if (fs.existsSync(template)) parts.push(fs.readFileSync(template, 'utf8').trim());
  if (fs.existsSync(path.join(src, 'editor.ts'))) {
    esbuild = esbuild || require('esbuild');
    const res = esbuild.buildSync({
      entryPoints: [path.join(src, 'editor.ts')],
      bundle: true,
      format: 'iife',
      target: 'es2018',
      write: false,
      legalComments: 'none',
    });
    parts.push(`<script type="text/javascript">\n${res.outputFiles[0].text}</script>`);
  }
  if (parts.length) fs.writeFileSync(path.join(out, `${name}.html`), parts.join('\n\n') + '\n');
  const locales = path.join(src, 'locales');
  if (fs.existsSync(locales)) fs.cpSync(locales, path.join(out, 'locales'), { recursive: true });
  expandHelp(path.join(out, 'locales'), path.join(nodesDir, 'shared', 'help'));
  // Node-RED finds icons only in an `icons` folder beside a node file, and serves them per
  // module: one copy (beside the first node) serves every node of the package.
  const icons = path.join(root, 'icons');
  if (name === nodeNames[0] && fs.existsSync(icons)) fs.cpSync(icons, path.join(out, 'icons'), { recursive: true });
}
console.log(`build: ok (${nodeNames.length} nodes, ${withEditor.length} editors)`);
