// docs/architecture.md names every runtime and editor file: each .ts of client/, features/,
// runtime/, editor/, plugins/, nodes/ and dashboard/nodes/ by its name or path, or by the page's
// patterns for what every node folder holds (`<type>.ts`, `editor.ts`, the config node's `admin*.ts`,
// the widgets' `ui-ezviz-*.ts`). A new file the page does not name fails here.

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '../../..');
const FOLDERS = ['client', 'features', 'runtime', 'editor', 'plugins', 'nodes', 'dashboard/nodes'];
/** What the page says of every node folder at once. */
const PATTERNS = [
  /^nodes\/(ezviz-[a-z-]+)\/\1\.ts$/,
  /^nodes\/ezviz-[a-z-]+\/editor\.ts$/,
  /^nodes\/ezviz-config\/admin[-a-z]*\.ts$/,
  /^dashboard\/nodes\/ui-ezviz-[a-z]+\.ts$/,
];

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (e.name !== 'locales' && e.name !== 'node_modules') out.push(...tsFiles(rel));
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

describe('docs/architecture.md names every runtime and editor file', () => {
  it('each file by its name, its path or a pattern the page gives', () => {
    const page = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const files = FOLDERS.flatMap(tsFiles);
    assert.ok(files.length > 150, `${files.length} files read`);
    const unnamed = files.filter(
      (f) => !page.includes(`\`${path.basename(f)}\``) && !page.includes(f) && !PATTERNS.some((p) => p.test(f)),
    );
    assert.deepStrictEqual(unnamed, []);
  });
});
