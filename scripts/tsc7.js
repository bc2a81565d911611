'use strict';
// TypeScript 7's compiler (devDependency `typescript-7`, npm's typescript@7 under another name), for
// the type check (scripts/typecheck.js) and the build's emit (scripts/emit.js): its native
// executable (the package's optional dependency for this platform), run without the Node.js wrapper
// of its bin, or else that wrapper under this Node.js. Without typescript-7 in node_modules (one from
// before it came in: run `npm ci`), TypeScript 5.9's tsc (the `typescript` devDependency): same
// options, same verdict and output, slower. `flags`: one thread (on two shared cores the threads of
// one program only add CPU).

const path = require('path');
const fs = require('fs');

/** `{ command: [file, ...args], flags: [...] }`; `who` names the caller in the fallback's notice. */
function compiler(who) {
  let pkg;
  try {
    pkg = path.dirname(require.resolve('typescript-7/package.json'));
  } catch {
    console.error(`${who}: typescript-7 is not installed (npm ci): TypeScript 5.9 instead`);
    return { command: [process.execPath, require.resolve('typescript/bin/tsc')], flags: [] };
  }
  const single = ['--singleThreaded'];
  try {
    const native = `@typescript/typescript-${process.platform}-${process.arch}/package.json`;
    const exe = path.join(path.dirname(require.resolve(native, { paths: [pkg] })), 'lib', 'tsc');
    if (process.platform !== 'win32' && fs.existsSync(exe)) return { command: [exe], flags: single };
  } catch {
    // no native package for this platform: the bin says why when it runs
  }
  return { command: [process.execPath, path.join(pkg, 'bin', 'tsc')], flags: single };
}

module.exports = { compiler };
