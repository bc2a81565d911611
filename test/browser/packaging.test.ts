// What `npm pack` ships and what the flow library checks of the examples: the built nodes with
// their HTML, catalogs and help, icons, examples and the simulator; no tests, TypeScript sources
// or source maps. Reads `npm pack --dry-run --json` (scripts ignored: no build during the tests),
// and packs a copy of the project for real (its prepack release build runs in the copy, never in
// the dist/ the tests run from): no install-time script, the shared editor code shipped once in
// resources/, each node's HTML holding only its own part, no dangling source-map comments.

import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CONFIG_TYPE, OPERATIONS } from '../../nodes/shared/operations/operations';
import { STATE_NODES } from '../../nodes/shared/operations/state-calls';
import { MEDIA_NODES } from '../../nodes/shared/operations/voice';
import { UPKEEP_NODES } from '../../nodes/shared/operations/settings';
import { ROOT } from '../support/browser-env';

/* eslint-disable @typescript-eslint/no-explicit-any */

const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const TYPES = [
  CONFIG_TYPE,
  ...Object.values(OPERATIONS).map((o) => o.type),
  'ezviz-alarm',
  ...[STATE_NODES, MEDIA_NODES, UPKEEP_NODES].flatMap((table) => Object.values(table).map((o) => o.type)),
];
/** The camera panel's example (07) also uses Dashboard 2's config nodes and the panel widget
 * (package node-red-dashboard-2-ezviz, dashboard/). */
const DASHBOARD_TYPES = new Set(['ui-base', 'ui-theme', 'ui-page', 'ui-group', 'ui-ezviz-camera']);
const CORE_TYPES = new Set([
  'tab',
  'inject',
  'debug',
  'comment',
  'change',
  'catch',
  'status',
  'complete',
  'switch',
  'function',
  'delay',
  'trigger',
  'template',
  'link in',
  'link out',
  'link call',
  'junction',
  'group',
  'http request',
  'file',
]);

/** npm's environment without the npm_* variables of a running `npm test`, with the npm of PATH
 * (not node_modules/.bin/npm, a dependency of Node-RED's registry). */
function npmEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)),
  );
  env.PATH = (process.env.PATH || '')
    .split(path.delimiter)
    .filter((d) => !d.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return env;
}

/** Shared editor code: its path in the package, the tag a node's HTML loads it with. */
const SHARED_FILE = 'resources/ezviz-editor.js';
const SHARED_TAG = `<script src="resources/${PKG.name}/ezviz-editor.js"></script>`;
/** Scripts npm runs when the package is installed (npm 11 warns about each; the Palette Manager too). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'];

describe('packaging: npm pack and the examples', function () {
  this.timeout(60000);
  let files: string[] = [];

  before(function () {
    // Scripts ignored: a build here would empty dist/ under the running tests.
    const env = npmEnv();
    env.npm_config_ignore_scripts = 'true';
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.trimStart().startsWith('['), `npm pack printed: ${r.stdout.slice(0, 300)}`);
    files = JSON.parse(r.stdout)[0].files.map((f: any) => f.path);
  });

  it('ships every node (runtime, HTML, catalogs and help in en-US and zh-CN) from package.json', function () {
    const declared = PKG['node-red'].nodes as Record<string, string>;
    assert.deepEqual(Object.keys(declared).sort(), [...TYPES].sort());
    for (const [type, file] of Object.entries(declared)) {
      const dir = path.posix.dirname(file);
      for (const f of [
        file,
        file.replace(/\.js$/, '.html'),
        `${dir}/locales/en-US/${type}.json`,
        `${dir}/locales/zh-CN/${type}.json`,
        `${dir}/locales/en-US/${type}.html`,
        `${dir}/locales/zh-CN/${type}.html`,
      ]) {
        assert.ok(files.includes(f), `${f} is packed`);
      }
    }
  });

  it('ships the simulator, icons, examples, the shared editor code, README, CHANGELOG and LICENSE', function () {
    for (const f of [
      'dist/simulator/cli.js',
      'dist/simulator/index.js',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      'package.json',
      SHARED_FILE,
    ]) {
      assert.ok(files.includes(f), `${f} is packed`);
    }
    const bin = Object.values(PKG.bin as Record<string, string>);
    for (const f of bin) assert.ok(files.includes(f), `bin ${f} is packed`);
    const icons = fs.readdirSync(path.join(ROOT, 'icons')).filter((f) => f.endsWith('.svg'));
    assert.ok(icons.length >= 3, 'icons for the families');
    for (const f of icons) assert.ok(files.includes(`icons/${f}`), `icons/${f} is packed`);
    const examples = fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
    for (const f of examples) assert.ok(files.includes(`examples/${f}`), `examples/${f} is packed`);
  });

  it('ships no tests, TypeScript sources, source maps or build scripts', function () {
    const unwanted = files.filter(
      (f) =>
        /^dist\/test\//.test(f) ||
        /\.map$/.test(f) ||
        (/\.ts$/.test(f) && !/\.d\.ts$/.test(f)) ||
        /^(test|scripts|nodes|simulator\/.*\.ts|\.ci)\//.test(f) ||
        /^(tsconfig|\.mocharc)/.test(f),
    );
    assert.deepEqual(unwanted, []);
  });

  it('examples: core nodes besides ours, every operation node used, comments, debug on both outputs, demo URL', function () {
    const dir = path.join(ROOT, 'examples');
    const used = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const nodes: any[] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      const byId = new Map(nodes.map((n) => [n.id, n]));
      assert.ok(
        nodes.some((n) => n.type === 'comment' && n.info),
        `${file}: explained by comment nodes`,
      );
      for (const n of nodes) {
        assert.ok(
          CORE_TYPES.has(n.type) || TYPES.includes(n.type) || DASHBOARD_TYPES.has(n.type),
          `${file}: ${n.type} is a core node, ours or the camera panel's`,
        );
        used.add(n.type);
        if (n.type === CONFIG_TYPE) {
          assert.equal(n.baseUrl, 'http://127.0.0.1:8089', `${file}: the simulator's default URL`);
          assert.deepEqual(
            n.credentials,
            { appKey: 'demo-app-key', appSecret: 'demo-app-secret', verificationCodes: 'C00000005 ABCDEF' },
            `${file}: demo credentials (and the encrypted camera's code)`,
          );
        }
        if (TYPES.includes(n.type) && n.type !== CONFIG_TYPE) {
          assert.ok(byId.get(n.config)?.type === CONFIG_TYPE, `${file}: ${n.type} uses the example's config node`);
          assert.equal(n.wires.length, 2, `${file}: ${n.type} has two outputs`);
          for (const [i, out] of n.wires.entries()) {
            // A debug node there, or a few wires on (example 04 routes a preset-call's 60010 through
            // a switch node on to the capture).
            const reaches = (id: string, hops: number): boolean =>
              byId.get(id)?.type === 'debug' ||
              (hops > 0 &&
                (byId.get(id)?.wires ?? []).some((o: string[]) => o.some((next) => reaches(next, hops - 1))));
            assert.ok(
              out.some((id: string) => reaches(id, 3)),
              `${file}: ${n.type} output ${i + 1} has a debug node`,
            );
          }
          const spec = [
            ...Object.values(OPERATIONS),
            ...[STATE_NODES, MEDIA_NODES, UPKEEP_NODES].flatMap((table) => Object.values(table)),
          ].find((o) => o.type === n.type);
          for (const p of spec?.params ?? []) {
            assert.ok(p.name in n && `${p.name}Type` in n, `${file}: ${n.type} has ${p.name} and ${p.name}Type`);
            if (p.secret) assert.equal(n[p.name], '', `${file}: ${n.type} ${p.name} is not a plain property`);
          }
        }
      }
      const labels = nodes.filter((n) => n.type === 'inject').map((n) => String(n.name));
      assert.ok(labels.some((l) => /C00000002/.test(l)) || file.startsWith('01'), `${file}: an offline-device inject`);
      assert.ok(
        labels.some((l) => /validation error|\(10001\)/.test(l)),
        `${file}: a bad-parameter inject`,
      );
    }
    for (const type of TYPES) assert.ok(used.has(type), `${type} is used in an example`);
  });

  it('package.json: no install-time script; the build runs on prepack', function () {
    const scripts = PKG.scripts as Record<string, string>;
    for (const s of INSTALL_SCRIPTS) assert.equal(scripts[s], undefined, `no "${s}" script`);
    assert.match(scripts.prepack, /build\.js --release/);
    // a fresh clone: `npm install && npm test` and `npm install && npm start` build first
    assert.match(scripts.test, /^node scripts\/checks\.js && mocha$/);
    const { STEPS } = require(path.join(ROOT, 'scripts', 'checks.js')) as { STEPS: Array<[string, string, string[]]> };
    assert.deepEqual(
      STEPS.map((s) => s[2].join(' ')),
      ['run -s lint', 'run -s format:check', 'run -s build'],
    );
    assert.match(scripts.start, /demo\.js/);
  });
});

describe('packaging: a real npm pack of a copy of the project', function () {
  this.timeout(300000);
  let tmp = '';
  let pkgDir = '';
  let shipped: string[] = [];

  before(function () {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-pack-'));
    const copy = path.join(tmp, 'project');
    // What the release build needs; the tests stay out (they are not shipped and not built here).
    for (const f of [
      'package.json',
      'tsconfig.json',
      'tsconfig.editor.json',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      'nodes',
      'editor',
      'simulator',
      'scripts',
      'icons',
      'examples',
    ]) {
      if (fs.existsSync(path.join(ROOT, f))) fs.cpSync(path.join(ROOT, f), path.join(copy, f), { recursive: true });
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const out = path.join(tmp, 'out');
    fs.mkdirSync(out);
    const r = spawnSync('npm', ['pack', '--pack-destination', out], { cwd: copy, encoding: 'utf8', env: npmEnv() });
    assert.equal(r.status, 0, `npm pack: ${r.stderr}\n${r.stdout}`);
    const tgz = fs.readdirSync(out).find((f) => f.endsWith('.tgz'));
    assert.ok(tgz, 'a tarball');
    const x = spawnSync('tar', ['-xzf', path.join(out, tgz!), '-C', out], { encoding: 'utf8' });
    assert.equal(x.status, 0, x.stderr);
    pkgDir = path.join(out, 'package');
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory()
            ? walk(path.join(dir, e.name))
            : [path.relative(pkgDir, path.join(dir, e.name)).split(path.sep).join('/')],
        );
    shipped = walk(pkgDir);
  });

  after(function () {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the published package.json has no install-time script', function () {
    const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
    for (const s of INSTALL_SCRIPTS) assert.equal(pkg.scripts?.[s], undefined, `no "${s}" script`);
  });

  it('no source maps and no sourceMappingURL comment in any shipped .js', function () {
    assert.deepEqual(
      shipped.filter((f) => f.endsWith('.map')),
      [],
    );
    const js = shipped.filter((f) => f.endsWith('.js'));
    assert.ok(js.length > 20, `${js.length} .js files`);
    const dangling = js.filter((f) => /sourceMappingURL/.test(fs.readFileSync(path.join(pkgDir, f), 'utf8')));
    assert.deepEqual(dangling, []);
  });

  it('the shared editor code is shipped once, in resources/; each node HTML loads it and holds only its own part', function () {
    assert.ok(shipped.includes(SHARED_FILE), `${SHARED_FILE} is shipped`);
    const shared = fs.readFileSync(path.join(pkgDir, SHARED_FILE), 'utf8');
    assert.ok(/EzvizOpenEditor/.test(shared) && /function setUpOperationNode/.test(shared), 'the shared code');
    // a few functions that only the shared file may define
    const sharedOnly = ['setUpOperationNode', 'installTemplate', 'typedInputTypes', 'parseParam', 'credentialProblem'];
    let htmlBytes = 0;
    for (const [type, file] of Object.entries(PKG['node-red'].nodes as Record<string, string>)) {
      const html = fs.readFileSync(path.join(pkgDir, file.replace(/\.js$/, '.html')), 'utf8');
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
    const copies = shipped.filter(
      (f) =>
        /\.(js|html)$/.test(f) && /function setUpOperationNode\b/.test(fs.readFileSync(path.join(pkgDir, f), 'utf8')),
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
});
