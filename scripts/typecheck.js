#!/usr/bin/env node
'use strict';
// The type check of both packages: TypeScript reads every source and emits nothing (the build's
// JavaScript is esbuild's, scripts/build.js). Three programs, one after the other:
//   tsconfig.json             runtime, simulator and tests (Node.js, CommonJS)
//   tsconfig.editor.json      the editors' browser code (editor/, nodes/*/editor*.ts, plugins/*/editor*.ts)
//   dashboard/tsconfig.json   the dashboard package's runtime (when the workspace is there)
// `npm run build` runs it first; `npm test` builds without it and runs it as one of mocha's
// files (test/checks/typecheck.test.ts), so the tests need not wait for it.
//
//   node scripts/typecheck.js [tsconfig ...]   the three, or those named (relative to the root);
//                                              exit 0: no type errors, else 1

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const tsc = require.resolve('typescript/bin/tsc');
const named = process.argv.slice(2);
const PROJECTS = named.length
  ? named
  : ['tsconfig.json', 'tsconfig.editor.json', path.join('dashboard', 'tsconfig.json')];

let failed = 0;
for (const project of PROJECTS.filter((p) => fs.existsSync(path.join(root, p)))) {
  const r = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`typecheck: ${project} failed`);
    failed = 1;
  }
}
process.exit(failed);
