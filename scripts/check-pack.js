#!/usr/bin/env node
'use strict';
// Refuses to pack a package that would not work: run by `prepack` after the release
// build. Two builds at once (an `npm pack` while another `npm run build` wiped dist/) once gave a
// tarball without dist/ that npm packed happily. Checks that every file the package names is
// there: each node of package.json `node-red.nodes` with its editor HTML and catalogs (en-US,
// zh-CN), the `bin` files (the simulator), the simulator's default state, the shared editor file,
// the examples and every target of `exports` (each also under a folder `files` ships; the
// `ezviz-source` condition is the workspace's own: the dashboard package's TypeScript build reads the
// door's source through it, a user's install never does).
//
//   node scripts/check-pack.js [package root]   exit 0: complete; exit 1: lists what is missing

const fs = require('fs');
const path = require('path');

const LANGS = ['en-US', 'zh-CN'];

/** The files a packed package of `root` needs, relative to root. */
function requiredFiles(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const files = [];
  for (const [type, file] of Object.entries((pkg['node-red'] && pkg['node-red'].nodes) || {})) {
    files.push(file, file.replace(/\.js$/, '.html'));
    for (const lang of LANGS) {
      const dir = path.posix.join(path.posix.dirname(file), 'locales', lang);
      files.push(`${dir}/${type}.json`, `${dir}/${type}.html`);
    }
  }
  const bin = typeof pkg.bin === 'string' ? { [pkg.name]: pkg.bin } : pkg.bin || {};
  files.push(...Object.values(bin));
  files.push('simulator/default-state.json', 'resources/ezviz-editor.js');
  files.push(...exportTargets(pkg));
  return files;
}

/** The files `exports` resolves to for a user (every condition but the workspace's `ezviz-source`). */
function exportTargets(pkg) {
  const out = [];
  const walk = (v, key) => {
    if (key === 'ezviz-source') return;
    if (typeof v === 'string' && v !== './package.json') out.push(v.replace(/^\.\//, ''));
    else if (v && typeof v === 'object') for (const [k, w] of Object.entries(v)) walk(w, k);
  };
  walk(pkg.exports, '');
  return out;
}

/** Export targets that `files` does not ship (a user's install would not have them). */
function unshippedExports(pkg) {
  const shipped = (pkg.files || []).filter((f) => !f.startsWith('!'));
  return exportTargets(pkg).filter((t) => !shipped.some((f) => t === f || t.startsWith(`${f.replace(/\/$/, '')}/`)));
}

/** What is missing in `root` (relative paths), [] when the package is complete. */
function missingFiles(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const missing = requiredFiles(root).filter((f) => !fs.existsSync(path.join(root, f)));
  missing.push(...unshippedExports(pkg).map((f) => `${f} (an exports target outside "files")`));
  const examples = path.join(root, 'examples');
  if (!fs.existsSync(examples) || !fs.readdirSync(examples).some((f) => f.endsWith('.json')))
    missing.push('examples/*.json');
  return missing;
}

module.exports = { requiredFiles, missingFiles, unshippedExports };

if (require.main === module) {
  const root = path.resolve(process.argv[2] || path.join(__dirname, '..'));
  const missing = missingFiles(root);
  if (missing.length) {
    console.error(
      `check-pack: refusing to pack, ${missing.length} file(s) missing (a build running at the same time?):`,
    );
    for (const f of missing) console.error(`  ${f}`);
    console.error('check-pack: run `npm run build` (alone) and pack again.');
    process.exit(1);
  }
  console.log(`check-pack: ok (${requiredFiles(root).length} files named by package.json are there)`);
}
