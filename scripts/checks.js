#!/usr/bin/env node
// What `npm test` runs before mocha: the lint, the formatting check and the build, side by side
// (they read the sources and write nothing the others read: the build writes dist/, which the
// lint and Prettier ignore). One after another they took about 48 s on two cores; side by side
// about the longest of them. Each one's output is printed whole when it ends, with its time; the
// exit code is 1 when any of them failed (all three always run to the end, so one run names every
// problem).
'use strict';

const { spawn } = require('child_process');

const STEPS = [
  ['lint', 'npm', ['run', '-s', 'lint']],
  ['format:check', 'npm', ['run', '-s', 'format:check']],
  ['build', 'npm', ['run', '-s', 'build']],
];

/** Runs one step; resolves to its name, exit code, output and seconds. */
function run([name, cmd, args]) {
  const start = Date.now();
  return new Promise((resolve) => {
    const out = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code, signal) => {
      const s = ((Date.now() - start) / 1000).toFixed(1);
      resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(out).toString(), s });
    });
  });
}

async function main() {
  const results = await Promise.all(
    STEPS.map((step) =>
      run(step).then((r) => {
        process.stdout.write(`\n> ${r.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.s} s\n`);
        if (r.output.trim()) process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
        return r;
      }),
    ),
  );
  const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
  if (failed.length) {
    console.error(`\nchecks failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

if (require.main === module) main();

module.exports = { STEPS };
