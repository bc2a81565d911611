#!/usr/bin/env node
'use strict';
// `npm run validate`: the Node-RED flow library's checks (`npx node-red-dev validate`) on the
// built package. node-red-dev fetches https://catalogue.nodered.org/catalogue.json for two checks
// (P08 similar package names, N01 duplicate node types) and aborts the whole run when that host
// is unreachable (as in a sandbox that reaches only the npm registry). This script runs the real
// tool; only when the catalogue cannot be fetched does it answer those two checks with an empty
// catalogue, and it says so. Every other check (including the npm registry look-ups) is real.
//
// Loaded with `--require` (EZVIZ_VALIDATE_PRELOAD=1) the same file is the axios hook.

const path = require('path');
const Module = require('module');

const CATALOGUE = 'https://catalogue.nodered.org/';
const NODE_RED_DEV = 'node-red-dev@0.1.6';

function installHook() {
  const load = Module._load;
  const patched = new WeakSet();
  Module._load = function (request, _parent, _isMain) {
    const exported = load.apply(this, arguments);
    if (request === 'axios' && exported && typeof exported.get === 'function' && !patched.has(exported)) {
      patched.add(exported);
      const get = exported.get.bind(exported);
      exported.get = (url, config) => {
        if (typeof url !== 'string' || !url.startsWith(CATALOGUE)) return get(url, config);
        return get(url, { timeout: 10000, ...(config || {}) }).catch((err) => {
          process.stderr.write(
            `validate: ${CATALOGUE} unreachable (${err.code || err.message}); ` +
              'P08/N01 (similar package names, duplicate node types) checked against an EMPTY catalogue\n',
          );
          return { status: 200, data: { modules: [] } };
        });
      };
    }
    return exported;
  };
}

if (process.env.EZVIZ_VALIDATE_PRELOAD === '1') {
  installHook();
} else if (require.main === module) {
  const { spawnSync } = require('child_process');
  const root = path.resolve(__dirname, '..');
  const pkg = require(path.join(root, 'package.json'));
  const fs = require('fs');
  const missing = Object.values(pkg['node-red'].nodes)
    .map((f) => f.replace(/\.js$/, '.html'))
    .filter((f) => !fs.existsSync(path.join(root, f)));
  if (missing.length) {
    console.error(`validate: build first (npm run build); missing ${missing.join(', ')}`);
    process.exit(1);
  }
  const preload = `--require ${JSON.stringify(__filename)}`;
  const env = {
    ...process.env,
    EZVIZ_VALIDATE_PRELOAD: '1',
    NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '),
  };
  const r = spawnSync('npx', ['-y', NODE_RED_DEV, 'validate', '-p', root], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const err = (r.stderr || '')
    .split('\n')
    .filter((l) => !/Unknown user config/.test(l))
    .join('\n');
  process.stderr.write(err);
  process.stdout.write(r.stdout || '');
  const out = `${r.stdout || ''}\n${err}`;
  // node-red-dev exits 0 even when a check fails; its warnings and errors are lines with a code.
  const problems = out.split('\n').filter((l) => /Error|Unable to parse|Warning:/.test(l));
  const errors = problems.filter((l) => !/Warning:/.test(l));
  console.log(`validate: ${errors.length} error(s), ${problems.length - errors.length} warning(s)`);
  process.exit(r.status || (errors.length ? 1 : 0));
}
