// Both packages as `npm pack` makes them, once per test run: their prepack release builds run in a
// copy of the project (never in the dist/ the tests run from). test/dashboard/packed.test.ts
// installs the two tarballs and checks the main one with `mainTarballChecks` (one release build
// of each package for the whole suite: a build is about 17 CPU-seconds of a 2-core machine).

import { strict as assert } from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from './browser-env';

/** The main package's package.json. */
export const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
/** Shared editor code: its path in the package, the tag a node's HTML loads it with. */
export const SHARED_FILE = 'resources/ezviz-editor.js';
const SHARED_TAG = `<script src="resources/${PKG.name}/ezviz-editor.js"></script>`;
/** Scripts npm runs when the package is installed (npm 11 warns about each; the Palette Manager too). */
export const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'];

/** npm's environment without the npm_* variables of a running `npm test`, with the npm of PATH
 * (not node_modules/.bin/npm, a dependency of Node-RED's registry). */
export function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  env.PATH = (process.env.PATH || '')
    .split(path.delimiter)
    .filter((d) => !d.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return { ...env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };
}

/** Runs npm in `cwd` (asynchronously: the two packs build at the same time), `env` added to npm's. */
export function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, env: { ...npmEnv(), ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`npm ${args.join(' ')} exited ${code}: ${err}\n${out}`));
    });
  });
}

/** Copies what the two release builds need into `copy` (node_modules linked, tests left out). */
function copyProject(copy: string): void {
  const main = [
    'package.json',
    'tsconfig.json',
    'tsconfig.editor.json',
    'README.md',
    'CHANGELOG.md',
    'LICENSE',
    'nodes',
    'client',
    'runtime',
    'features',
    'editor',
    'simulator',
    'scripts',
    'icons',
    'examples',
  ];
  const dashboard = [
    'package.json',
    'tsconfig.json',
    'vite.config.mjs',
    'README.md',
    'LICENSE',
    'nodes',
    'ui',
    'editor',
    'scripts',
    'examples',
  ];
  for (const f of main) fs.cpSync(path.join(ROOT, f), path.join(copy, f), { recursive: true });
  for (const f of dashboard)
    fs.cpSync(path.join(ROOT, 'dashboard', f), path.join(copy, 'dashboard', f), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
}

/** Every file under `dir`, relative and with forward slashes. */
function walk(dir: string, root = dir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? walk(path.join(dir, e.name), root)
        : [path.relative(root, path.join(dir, e.name)).split(path.sep).join('/')],
    );
}

export interface ReleasePack {
  /** The two tarballs: the main package's and the dashboard package's. */
  main: string;
  dashboard: string;
  /** The main tarball unpacked (its package/ folder) and the files it holds. */
  mainDir: string;
  mainFiles: string[];
}

/** Packs both packages from a copy of the project into `tmp` (the two release builds side by side)
 * and unpacks the main one. */
export async function packRelease(tmp: string): Promise<ReleasePack> {
  const copy = path.join(tmp, 'project');
  const out = path.join(tmp, 'out');
  fs.mkdirSync(out, { recursive: true });
  copyProject(copy);
  // The two release builds (TypeScript's emit and esbuild; TypeScript's emit and Vite) are
  // independent: side by side. Without their type checks (EZVIZ_BUILD_NO_TYPECHECK): the same
  // sources are type-checked by the run's own check (`npm run typecheck`, in `npm test`
  // test/checks/typecheck.test.ts), and the two checks here were two thirds of the packs' CPU.
  const noCheck = { EZVIZ_BUILD_NO_TYPECHECK: '1' };
  await Promise.all([
    npm(['pack', '--pack-destination', out], copy, noCheck),
    npm(['pack', '--pack-destination', out], path.join(copy, 'dashboard'), noCheck),
  ]);
  const tgz = fs
    .readdirSync(out)
    .filter((f) => f.endsWith('.tgz'))
    .map((f) => path.join(out, f));
  assert.equal(tgz.length, 2, `two tarballs: ${tgz.join(', ')}`);
  const dashboard = tgz.find((f) => /dashboard-2-ezviz/.test(f))!;
  const main = tgz.find((f) => f !== dashboard)!;
  const unpacked = path.join(tmp, 'main');
  fs.mkdirSync(unpacked);
  await new Promise<void>((resolve, reject) => {
    const tar = spawn('tar', ['-xzf', main, '-C', unpacked], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    tar.stderr.on('data', (d) => (err += d));
    tar.on('error', reject);
    tar.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar -xzf ${main}: ${err}`))));
  });
  const mainDir = path.join(unpacked, 'package');
  return { main, dashboard, mainDir, mainFiles: walk(mainDir) };
}

/** The checks of the main package's tarball as the release build made it: no install-time script,
 * no source maps, the shared editor code once in resources/ and each node's HTML with its own part. */
export function mainTarballChecks(release: () => ReleasePack): void {
  it('the published package.json has no install-time script', function () {
    const pkg = JSON.parse(fs.readFileSync(path.join(release().mainDir, 'package.json'), 'utf8'));
    for (const s of INSTALL_SCRIPTS) assert.equal(pkg.scripts?.[s], undefined, `no "${s}" script`);
  });

  it('no source maps and no sourceMappingURL comment in any shipped .js', function () {
    const { mainDir, mainFiles } = release();
    assert.deepEqual(
      mainFiles.filter((f) => f.endsWith('.map')),
      [],
    );
    const js = mainFiles.filter((f) => f.endsWith('.js'));
    assert.ok(js.length > 20, `${js.length} .js files`);
    const dangling = js.filter((f) => /sourceMappingURL/.test(fs.readFileSync(path.join(mainDir, f), 'utf8')));
    assert.deepEqual(dangling, []);
  });

  it('the shared editor code is shipped once, in resources/; each node HTML loads it and holds only its own part', function () {
    const { mainDir, mainFiles } = release();
    assert.ok(mainFiles.includes(SHARED_FILE), `${SHARED_FILE} is shipped`);
    const shared = fs.readFileSync(path.join(mainDir, SHARED_FILE), 'utf8');
    assert.ok(/EzvizOpenEditor/.test(shared) && /function setUpOperationNode/.test(shared), 'the shared code');
    // a few functions that only the shared file may define
    const sharedOnly = ['setUpOperationNode', 'installTemplate', 'typedInputTypes', 'parseParam', 'credentialProblem'];
    let htmlBytes = 0;
    for (const [type, file] of Object.entries(PKG['node-red'].nodes as Record<string, string>)) {
      const html = fs.readFileSync(path.join(mainDir, file.replace(/\.js$/, '.html')), 'utf8');
      htmlBytes += Buffer.byteLength(html);
      assert.equal(html.split(SHARED_TAG).length - 1, 1, `${type}: loads the shared code once, with ${SHARED_TAG}`);
      assert.ok(
        html.indexOf(SHARED_TAG) < html.indexOf('<script type="text/javascript">'),
        `${type}: shared code before its own`,
      );
      for (const f of sharedOnly)
        assert.ok(!new RegExp(`function ${f}\\b`).test(html), `${type}: its HTML defines ${f}`);
      // Its own dialog only (the alarm node's, with its sources, calls and pictures, is the largest).
      assert.ok(Buffer.byteLength(html) < 10000, `${type}: ${Buffer.byteLength(html)} bytes of HTML`);
    }
    // one copy of the shared code in the whole package
    const copies = mainFiles.filter(
      (f) =>
        /\.(js|html)$/.test(f) && /function setUpOperationNode\b/.test(fs.readFileSync(path.join(mainDir, f), 'utf8')),
    );
    assert.deepEqual(copies, [SHARED_FILE]);
    // What an editor load fetches of this package: every node's HTML and the shared file once,
    // far less than the shared code once per node (eleven nodes since 0.2: about 64 KB, against
    // about 200 KB with a copy per node; 0.1: about 184 KB for nine nodes).
    const nodes = Object.keys(PKG['node-red'].nodes).length;
    assert.ok(
      htmlBytes + Buffer.byteLength(shared) < (nodes * Buffer.byteLength(shared)) / 2,
      `editor bytes ${htmlBytes} + ${Buffer.byteLength(shared)} for ${nodes} nodes`,
    );
  });
}
