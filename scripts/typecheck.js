#!/usr/bin/env node
'use strict';
// The type check of both packages: TypeScript 7 (the native compiler, devDependency `typescript-7`,
// an alias of npm's typescript@7; scripts/tsc7.js finds it) reads every source and emits nothing (the
// build's JavaScript is esbuild's and scripts/emit.js's, the latter TypeScript 7's emit without this
// check; TypeScript 5.9, the `typescript` devDependency, stays for typescript-eslint, which needs a
// JavaScript API TypeScript 7 does not have). Three programs, side
// by side (one per core), each single-threaded (`--singleThreaded`: on two shared cores the threads of
// one program only add CPU) and each one's output printed whole when it ends:
//   tsconfig.json             runtime, simulator and tests (Node.js, CommonJS)
//   tsconfig.editor.json      the editors' browser code (editor/, nodes/*/editor*.ts, plugins/*/editor*.ts)
//   dashboard/tsconfig.json   the dashboard package's runtime (when the workspace is there)
// The three read the same files under TypeScript 5.9 and 7 (`--listFilesOnly`) and pass under both;
// TypeScript 5.9 (`node node_modules/typescript/bin/tsc -p X --noEmit`) stays usable, as editors use it,
// and is the check's when node_modules has no typescript-7 yet (said on stderr; `npm ci` installs 7).
// `npm run build` runs it beside its own work (scripts/build.js); `npm test` builds without it and
// runs it as one of mocha's files (test/checks/typecheck.test.ts), so the tests need not wait for it.
//
//   node scripts/typecheck.js [tsconfig ...]   the three, or those named (relative to the root);
//                                              exit 0: no type errors, else 1
//   EZVIZ_TYPECHECK_JOBS=1                     one program at a time (default: one per core)

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { compiler } = require('./tsc7');

const root = path.resolve(__dirname, '..');
const TSC = compiler('typecheck');
const named = process.argv.slice(2);
const PROJECTS = (
  named.length ? named : ['tsconfig.json', 'tsconfig.editor.json', path.join('dashboard', 'tsconfig.json')]
).filter((p) => fs.existsSync(path.join(root, p)));
const JOBS = Number(process.env.EZVIZ_TYPECHECK_JOBS) || Math.max(1, os.cpus().length);

/** One project's tsc; resolves true when it found no error (its output printed when it ends). */
function check(project) {
  return new Promise((resolve) => {
    const [command, ...args] = [...TSC.command, '-p', project, '--noEmit', ...TSC.flags];
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('error', (e) => {
      console.error(`typecheck: ${project}: ${e.message}`);
      resolve(false);
    });
    child.on('close', (code) => {
      if (out.length) process.stdout.write(Buffer.concat(out));
      if (code !== 0) console.error(`typecheck: ${project} failed`);
      resolve(code === 0);
    });
  });
}

(async () => {
  // The longest first (the main project is most of the work), then each free slot takes the next.
  const queue = [...PROJECTS];
  let failed = 0;
  const worker = async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) if (!(await check(p))) failed = 1;
  };
  await Promise.all(Array.from({ length: Math.min(JOBS, queue.length) }, worker));
  process.exit(failed);
})();
