#!/usr/bin/env node
// `npm test`: the build, then mocha (.mocharc.js: every test file, three at a time), with the type
// check, the lint and the formatting check beside both. The build writes the JavaScript only
// (TypeScript's per-file emit: seconds) and leaves its type check (scripts/typecheck.js, about
// 30 CPU-seconds) to run here as a check, so mocha starts about 20 s sooner. The checks read only
// the sources and write nothing the build or mocha reads; they run at the lowest priority (nice
// 19), in the CPU the tests leave idle: at nice 10 they slowed mocha more than they saved (one
// run each on the same machine: 399 s against 389 s; before this change 397 s).
// Mocha's output comes as it runs; each check's output is printed whole at the end, with its time.
// Everything runs to the end, so one run names every problem; the exit code is 1 when anything
// failed. (A failed build leaves mocha out: its tests would run the last build's dist/.)
'use strict';

const os = require('os');
const { spawn } = require('child_process');

/** What runs beside mocha: name, command, arguments. */
const CHECKS = [
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npm', ['run', '-s', 'lint']],
  ['format:check', 'npm', ['run', '-s', 'format:check']],
];
/** The build without its type check (TypeScript's per-file emit: seconds), which runs beside as a check. */
const BUILD = ['build', 'npm', ['run', '-s', 'build', '--', '--no-typecheck']];
/** Mocha with .mocharc.js; `npm test -- <args>` passes its arguments on (`-g words`, files). */
const MOCHA = ['mocha', process.execPath, [require.resolve('mocha/bin/mocha.js'), ...process.argv.slice(2)]];

/** Runs one step (its output kept, or shown as it comes with `live`); resolves to its name, exit
 * code, output and seconds. */
function run([name, cmd, args], { live = false, nice = 0 } = {}) {
  const start = Date.now();
  return new Promise((resolve) => {
    const out = [];
    const child = spawn(cmd, args, { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
    if (nice && child.pid) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        /* a priority this system refuses: the check runs at the tests' priority */
      }
    }
    if (!live) {
      child.stdout.on('data', (c) => out.push(c));
      child.stderr.on('data', (c) => out.push(c));
    }
    child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code, signal) => {
      const s = ((Date.now() - start) / 1000).toFixed(1);
      resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(out).toString(), s });
    });
  });
}

/** Prints a finished step's outcome and its output. */
function report(r) {
  process.stdout.write(`\n> ${r.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.s} s\n`);
  if (r.output.trim()) process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
}

async function main() {
  const checks = Promise.all(CHECKS.map((c) => run(c, { nice: 19 })));
  const build = await run(BUILD);
  report(build);
  const mocha = build.code === 0 ? await run(MOCHA, { live: true }) : null;
  const results = [build, ...(await checks)];
  for (const r of results.slice(1)) report(r);
  if (mocha) results.push(mocha);
  const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
  if (!mocha) failed.push('mocha (not run: the build failed)');
  if (failed.length) {
    console.error(`\nnpm test failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

if (require.main === module) main();

module.exports = { BUILD, CHECKS, MOCHA };
