// What `npm pack` ships and what the flow library checks of the examples: the built nodes with
// their HTML, catalogs and help, icons, examples and the simulator; no tests, TypeScript sources
// or source maps. Reads `npm pack --dry-run --json` (scripts ignored: no build during the tests).

import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_TYPE, OPERATIONS } from '../../nodes/shared/operations';
import { ROOT } from '../support/browser-env';

/* eslint-disable @typescript-eslint/no-explicit-any */

const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const TYPES = [CONFIG_TYPE, ...Object.values(OPERATIONS).map((o) => o.type)];
const CORE_TYPES = new Set(['tab', 'inject', 'debug', 'comment', 'change', 'catch', 'status', 'complete',
  'switch', 'function', 'delay', 'trigger', 'template', 'link in', 'link out', 'link call', 'junction', 'group']);

describe('packaging: npm pack and the examples', function () {
  this.timeout(60000);
  let files: string[] = [];

  before(function () {
    // Under `npm test` the npm_* variables of the running npm would let `pack` run `prepare`
    // (a build, which empties dist/ under the running tests): drop them, ignore scripts.
    const env: Record<string, string | undefined> = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
    env.npm_config_ignore_scripts = 'true';
    // The npm of PATH, not node_modules/.bin/npm (a dependency of Node-RED's registry, whose pack
    // runs `prepare` even with --ignore-scripts).
    env.PATH = (process.env.PATH || '').split(path.delimiter).filter((d) => !d.includes(`node_modules${path.sep}.bin`))
      .join(path.delimiter);
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', env });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.trimStart().startsWith('['), `npm pack printed: ${r.stdout.slice(0, 300)}`);
    files = JSON.parse(r.stdout)[0].files.map((f: any) => f.path);
  });

  it('ships every node (runtime, HTML, catalogs and help in en-US and zh-CN) from package.json', function () {
    const declared = PKG['node-red'].nodes as Record<string, string>;
    assert.deepEqual(Object.keys(declared).sort(), [...TYPES].sort());
    for (const [type, file] of Object.entries(declared)) {
      const dir = path.posix.dirname(file);
      for (const f of [file, file.replace(/\.js$/, '.html'),
        `${dir}/locales/en-US/${type}.json`, `${dir}/locales/zh-CN/${type}.json`,
        `${dir}/locales/en-US/${type}.html`, `${dir}/locales/zh-CN/${type}.html`]) {
        assert.ok(files.includes(f), `${f} is packed`);
      }
    }
  });

  it('ships the simulator, icons, examples, README and LICENSE', function () {
    for (const f of ['dist/simulator/cli.js', 'dist/simulator/index.js', 'README.md', 'LICENSE', 'package.json']) {
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
    const unwanted = files.filter((f) => /^dist\/test\//.test(f) || /\.map$/.test(f) || (/\.ts$/.test(f) && !/\.d\.ts$/.test(f)) ||
      /^(test|scripts|nodes|simulator\/.*\.ts|\.ci)\//.test(f) || /^(tsconfig|\.mocharc)/.test(f));
    assert.deepEqual(unwanted, []);
  });

  it('examples: core nodes besides ours, every operation node used, comments, debug on both outputs, demo URL', function () {
    const dir = path.join(ROOT, 'examples');
    const used = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const nodes: any[] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      const byId = new Map(nodes.map((n) => [n.id, n]));
      assert.ok(nodes.some((n) => n.type === 'comment' && n.info), `${file}: explained by comment nodes`);
      for (const n of nodes) {
        assert.ok(CORE_TYPES.has(n.type) || TYPES.includes(n.type), `${file}: ${n.type} is a core node or ours`);
        used.add(n.type);
        if (n.type === CONFIG_TYPE) {
          assert.equal(n.baseUrl, 'http://127.0.0.1:8089', `${file}: the simulator's default URL`);
          assert.deepEqual(n.credentials, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' }, `${file}: demo credentials`);
        }
        if (TYPES.includes(n.type) && n.type !== CONFIG_TYPE) {
          assert.ok(byId.get(n.config)?.type === CONFIG_TYPE, `${file}: ${n.type} uses the example's config node`);
          assert.equal(n.wires.length, 2, `${file}: ${n.type} has two outputs`);
          for (const [i, out] of n.wires.entries()) {
            assert.ok(out.some((id: string) => byId.get(id)?.type === 'debug'), `${file}: ${n.type} output ${i + 1} has a debug node`);
          }
          const spec = Object.values(OPERATIONS).find((o) => o.type === n.type)!;
          for (const p of spec.params) {
            assert.ok(p.name in n && `${p.name}Type` in n, `${file}: ${n.type} has ${p.name} and ${p.name}Type`);
            if (p.secret) assert.equal(n[p.name], '', `${file}: ${n.type} ${p.name} is not a plain property`);
          }
        }
      }
      const labels = nodes.filter((n) => n.type === 'inject').map((n) => String(n.name));
      assert.ok(labels.some((l) => /C00000002/.test(l)) || file.startsWith('01'), `${file}: an offline-device inject`);
      assert.ok(labels.some((l) => /validation error/.test(l)), `${file}: a bad-parameter inject`);
    }
    for (const type of TYPES) assert.ok(used.has(type), `${type} is used in an example`);
  });
});
