'use strict';
// The build's JavaScript: each TypeScript source transpiled on its own by TypeScript's
// transpileModule (tsc's emit, file by file, without reading the types: about a second for every
// hundred files, against 12-16 s for tsc with its type check). The type check is
// scripts/typecheck.js (the builds run it first; `npm test` among its files: test/checks/). The sources compile
// under `isolatedModules` (the type check would say otherwise), where per-file emit is tsc's emit.
// Used by scripts/build.js and dashboard/scripts/build.js.

const fs = require('fs');
const path = require('path');

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
 * `tsconfig` (and its source map beside, as tsc writes them, unless `release`). */
function emit({ files, outbase, outdir, tsconfig, release }) {
  const ts = require('typescript');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  const compilerOptions = { ...parsed.options, sourceMap: !release, noEmit: false };
  for (const file of files) {
    const out = path.join(outdir, path.relative(outbase, file)).replace(/\.ts$/, '.js');
    const r = ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions, fileName: file });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, r.outputText);
    if (r.sourceMapText) {
      // The map names its source relative to itself, as tsc's maps do.
      const map = JSON.parse(r.sourceMapText);
      map.sources = [path.relative(path.dirname(out), file).split(path.sep).join('/')];
      fs.writeFileSync(`${out}.map`, JSON.stringify(map));
    }
  }
}

module.exports = { tsFiles, emit };
