// prepack refuses to pack an incomplete package (finding 14): two builds at once once
// gave a tarball without dist/ (86 files instead of 153) and `npm pack` succeeded. scripts/check-pack.js
// runs after the release build and fails when a file package.json names is missing.

import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'check-pack.js');
const { requiredFiles, missingFiles, unshippedExports } = require(SCRIPT) as {
  requiredFiles(root: string): string[];
  missingFiles(root: string): string[];
  unshippedExports(pkg: unknown): string[];
};

describe('prepack: check-pack refuses an incomplete package', function () {
  // Each case runs the checker as a child process: seconds on a loaded machine, more than mocha's 2 s default.
  this.timeout(30000);
  let dir: string;
  beforeEach(() => {
    // A copy of the package's shape: its package.json and an empty file for each file it names.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-pack-check-'));
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
    for (const f of [...requiredFiles(dir), 'examples/01-cloud-storage.json']) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), '');
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = () => spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });

  it('names every node of node-red.nodes (runtime, editor HTML, catalogs and help in en-US and zh-CN) and the simulator bin', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const files = requiredFiles(ROOT);
    for (const [type, file] of Object.entries(pkg['node-red'].nodes as Record<string, string>)) {
      assert.ok(files.includes(file), file);
      assert.ok(files.includes(file.replace(/\.js$/, '.html')), `${type} html`);
      assert.ok(files.includes(`${path.posix.dirname(file)}/locales/zh-CN/${type}.json`), `${type} zh-CN`);
    }
    assert.ok(files.includes(pkg.bin['ezviz-simulator']), 'the simulator');
    assert.ok(files.includes('resources/ezviz-editor.js'));
  });

  it('passes a complete package, fails (exit 1) naming each missing file', () => {
    assert.equal(run().status, 0, run().stderr);
    fs.rmSync(path.join(dir, 'dist'), { recursive: true });
    const r = run();
    assert.equal(r.status, 1);
    assert.match(r.stderr, /refusing to pack/);
    assert.match(r.stderr, /dist\/nodes\/ezviz-config\/ezviz-config\.js/);
    assert.match(r.stderr, /dist\/simulator\/cli\.js/);
    assert.deepEqual(
      missingFiles(dir).filter((f) => !f.startsWith('dist/')),
      [],
    );
  });

  it('names every exports target a user resolves, and each is a file "files" ships', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.ok(requiredFiles(ROOT).includes('dist/features/dashboard/dashboard-api.js'));
    assert.deepEqual(unshippedExports(pkg), []);
    // A types entry pointing at a source file the tarball does not hold (0.3's package.json).
    const types = {
      ...pkg,
      exports: { ...pkg.exports, './dashboard': { types: './src/door.ts', default: './dist/nodes/x.js' } },
    };
    assert.deepEqual(unshippedExports(types), ['src/door.ts']);
    // The workspace's own condition is not a user's: its source target is not asked for.
    const source = {
      ...pkg,
      exports: { './dashboard': { 'ezviz-source': './src/door.ts', default: './dist/nodes/x.js' } },
    };
    assert.deepEqual(unshippedExports(source), []);
    const pkgPath = path.join(dir, 'package.json');
    fs.writeFileSync(pkgPath, JSON.stringify(types));
    fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', 'door.ts'), '');
    fs.mkdirSync(path.join(dir, 'dist', 'nodes'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'dist', 'nodes', 'x.js'), '');
    const r = run();
    assert.equal(r.status, 1);
    assert.match(r.stderr, /src\/door\.ts \(an exports target outside "files"\)/);
  });

  it('fails without examples or without one catalog', () => {
    fs.rmSync(path.join(dir, 'examples'), { recursive: true });
    fs.rmSync(path.join(dir, 'dist', 'nodes', 'ezviz-alarm', 'locales', 'zh-CN', 'ezviz-alarm.json'));
    assert.deepEqual(missingFiles(dir), ['dist/nodes/ezviz-alarm/locales/zh-CN/ezviz-alarm.json', 'examples/*.json']);
    assert.equal(run().status, 1);
  });

  it('runs in prepack after the release build, and the built project passes it', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.match(pkg.scripts.prepack, /scripts\/build\.js --release && node scripts\/check-pack\.js$/);
    assert.deepEqual(missingFiles(ROOT), [], 'npm test builds first: nothing is missing');
  });
});
