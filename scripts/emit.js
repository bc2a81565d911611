'use strict';
// The build's JavaScript: TypeScript's emit without its type check (`noCheck`), one program for
// the files given, with the compiler options of a project's tsconfig: TypeScript 7's native tsc
// (scripts/tsc7.js; about 5 CPU-seconds for the 540 files of the runtime, simulator and tests, where
// TypeScript 5.9's per-file transpileModule took 14-17, with the same bytes out). The type check is
// scripts/typecheck.js (the builds run it beside; `npm test` among its files: test/checks/).
// Used by scripts/build.js and dashboard/scripts/build.js.

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { compiler } = require('./tsc7');

/** Every .ts under `dir` (recursively), but declaration files and those `skip(name)` names. */
function tsFiles(dir, skip = () => false) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...tsFiles(p, skip));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !skip(e.name)) out.push(p);
  }
  return out;
}

/** Writes each of `files` as `outdir`/<its path under `outbase`>.js with the compiler options of
 * `tsconfig` (and its source map beside, unless `release`). The files are one program's (a
 * config of the moment that extends `tsconfig` and lists them): a file outside the project's own
 * `include` (the editor code, the dashboard's runtime modules) is emitted with its options too. */
function emit({ files, outbase, outdir, tsconfig, release }) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-emit-'));
  try {
    const config = path.join(tmp, 'tsconfig.json');
    const compilerOptions = {
      rootDir: path.resolve(outbase),
      outDir: path.resolve(outdir),
      sourceMap: !release,
      noEmit: false,
      noCheck: true,
      declaration: false,
      incremental: false,
      // no type is read (noCheck), and a config of the moment would look for them beside itself
      types: [],
    };
    const project = {
      extends: path.resolve(tsconfig),
      compilerOptions,
      files: files.map((f) => path.resolve(f)),
      include: [],
    };
    fs.writeFileSync(config, JSON.stringify(project));
    const tsc = compiler('emit');
    const [command, ...args] = [...tsc.command, '-p', config, ...tsc.flags];
    const r = spawnSync(command, args, { encoding: 'utf8' });
    if (r.status !== 0) {
      process.stderr.write(`${r.stdout || ''}${r.stderr || ''}${r.error ? `${r.error.message}\n` : ''}`);
      throw new Error(`emit: tsc failed for ${path.relative(process.cwd(), tsconfig)}'s files`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

module.exports = { tsFiles, emit };
