// A V8 code cache for the test run's Node.js processes (mocha and its workers, the Node-RED and
// simulator children), loaded by NODE_OPTIONS=--require when `.mocharc.js` names a cache directory
// (EZVIZ_CODE_CACHE: one per run, under the OS temp dir). Node 20 has no compile cache of its own
// (module.enableCompileCache, Node 22, is used where it exists): a CommonJS module is compiled here
// by vm.Script with the cached data of an earlier process of the run, and the data of each module
// compiled without it is written at the process's exit, its lazily compiled functions included. A
// Node-RED start to ready compiled its modules in about a fifth of its 2 CPU-seconds.
// Left off (Node's own compile used): the main module, source maps on (their mapping is registered
// by Node's compile), ES modules, a module with a dynamic import(), a file whose compile fails here
// (Node then says why).

import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vm from 'vm';
import Module from 'module';

type Compile = (this: NodeModule, content: string, filename: string, format?: string) => unknown;
interface Loader {
  prototype: { _compile: Compile };
  _resolveFilename(request: string, parent: NodeModule, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: NodeModule): string[] | null;
  _extensions: unknown;
  _cache: unknown;
  wrap(content: string): string;
  enableCompileCache?: (dir: string) => unknown;
}

const loader = Module as unknown as Loader;
const DIR = process.env.EZVIZ_CODE_CACHE;
/** A dynamic import(): a script made from cached data loses its import callback (Node 20: the
 * import then fails, ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), so such a module is Node's to compile. */
const DYNAMIC_IMPORT = /\bimport\s*\(/;
/** Modules compiled without usable cached data: written at exit. */
const fresh: Array<{ script: vm.Script; file: string; rejected: boolean }> = [];

/** The cache file of `filename` (its length and this process's V8 options in the key: V8 rejects
 * data of another source or other flags). */
function cacheFile(filename: string, length: number): string {
  const key = `${process.execArgv.join(' ')}\0${filename}\0${length}`;
  return path.join(DIR!, crypto.createHash('sha1').update(key).digest('hex'));
}

/** The require function Node gives a module (lib/internal/modules/helpers.js's makeRequireFunction). */
function requireOf(mod: NodeModule): NodeJS.Require {
  const req = ((id: string) => mod.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: unknown) =>
    loader._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => loader._resolveLookupPaths(request, mod);
  return Object.assign(req, {
    resolve,
    main: process.mainModule,
    extensions: loader._extensions,
    cache: loader._cache,
  }) as NodeJS.Require;
}

function compiled(filename: string, content: string): vm.Script | undefined {
  const file = cacheFile(filename, content.length);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(file);
  } catch {
    /* not cached yet */
  }
  const source = loader.wrap(content.startsWith('#!') ? `//${content}` : content);
  let script: vm.Script;
  try {
    script = new vm.Script(source, { filename, cachedData });
  } catch {
    return undefined; // Node's own compile says why, or loads it as an ES module
  }
  if (!cachedData || script.cachedDataRejected) {
    fresh.push({ script, file, rejected: script.cachedDataRejected === true });
    saveSoon();
  }
  return script;
}

/** Writes the cached data of the modules compiled without it that no other process of the run
 * wrote meanwhile (V8 rejected data: replaced) (a temporary name, then renamed: processes write side by side). */
function save(): void {
  clearTimeout(saving);
  saving = undefined;
  for (const { script, file, rejected } of fresh.splice(0)) {
    try {
      if (!rejected && fs.existsSync(file)) continue;
      const tmp = `${file}.${process.pid}`;
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, file);
    } catch {
      /* a cache is no test's subject */
    }
  }
}

/** A save SAVE_AFTER_MS after the last fresh compile (a started Node-RED compiles little more), so
 * that the processes the run starts next find the data; the rest at exit. */
const SAVE_AFTER_MS = 3000;
let saving: NodeJS.Timeout | undefined;
function saveSoon(): void {
  clearTimeout(saving);
  saving = setTimeout(save, SAVE_AFTER_MS);
  saving.unref();
}

function install(): void {
  if (!DIR) return;
  if (loader.enableCompileCache) {
    loader.enableCompileCache(DIR);
    return;
  }
  if (process.sourceMapsEnabled) return;
  fs.mkdirSync(DIR, { recursive: true });
  const original = loader.prototype._compile;
  loader.prototype._compile = function (this: NodeModule, content, filename, format) {
    const own = this.id !== '.' && format !== 'module' && !DYNAMIC_IMPORT.test(content);
    const script = own ? compiled(filename, content) : undefined;
    if (!script) return original.call(this, content, filename, format);
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...a: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, requireOf(this), this, filename, path.dirname(filename));
  };
  process.on('exit', save);
}

install();
