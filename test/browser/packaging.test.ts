// What `npm pack` ships and what the flow library checks of the examples: the built nodes with
// their HTML, catalogs and help, icons, examples and the simulator; no tests, TypeScript sources
// or source maps. Reads `npm pack --dry-run --json` (scripts ignored: no build during the tests).
// The tarball of a real release build (no install-time script, the shared editor code once in
// resources/, no source maps) is checked where it is made, test/dashboard/packed.test.ts.

import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_TYPE, OPERATIONS } from '../../client/operations/operations';
import { STATE_NODES } from '../../client/operations/state-calls';
import { MEDIA_NODES } from '../../client/operations/voice';
import { UPKEEP_NODES } from '../../client/operations/settings';
import { HUB_NODE } from '../../client/operations/hub';
import { SIREN_NODE } from '../../client/operations/siren';
import { ROOT } from '../support/browser-env';
import { INSTALL_SCRIPTS, npmEnv, PKG, SHARED_FILE } from '../support/release-pack';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TYPES = [
  CONFIG_TYPE,
  ...Object.values(OPERATIONS).map((o) => o.type),
  'ezviz-alarm',
  'ezviz-stream',
  ...[STATE_NODES, MEDIA_NODES, UPKEEP_NODES].flatMap((table) => Object.values(table).map((o) => o.type)),
  HUB_NODE.type,
  SIREN_NODE.type,
];
/** The camera panel's example (07) and the wall's (16) also use Dashboard 2's config nodes and the
 * widgets of the package node-red-dashboard-2-ezviz (dashboard/). */
const DASHBOARD_TYPES = new Set(['ui-base', 'ui-theme', 'ui-page', 'ui-group', 'ui-ezviz-camera', 'ui-ezviz-wall']);
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
          `${file}: ${n.type} is a core node, ours or a widget of the dashboard package`,
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
            HUB_NODE,
            SIREN_NODE,
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
    // npm test: the build without its type check, then mocha, whose files include the checks
    // (test/checks/: the type check, the lint, the formatting) scheduled among the others
    assert.equal(scripts.test, 'node scripts/build.js --no-typecheck && mocha');
    assert.match(scripts.typecheck, /^node scripts\/typecheck\.js$/);
    const checks = fs
      .readdirSync(path.join(ROOT, 'test', 'checks'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => fs.readFileSync(path.join(ROOT, 'test', 'checks', f), 'utf8').match(/scriptCheck\('([\w:]+)'/)?.[1])
      .sort();
    assert.deepEqual(checks, ['format:check', 'lint', 'typecheck']);
    for (const c of checks) assert.ok(scripts[c!], `package.json has the script ${c}`);
    assert.match(scripts.start, /demo\.js/);
  });
});
