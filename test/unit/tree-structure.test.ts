// The whole tree's size limit (docs/architecture.md): no source file over 200 lines, the few
// still over it named below. Source files are the .ts, .js and .vue files of the repository
// outside test/, examples/, build output (dist/, resources/) and node_modules/ (the runtime's
// stricter limits: structure.test.ts; the simulator's: simulator-structure.test.ts).
//
// ALLOWED_OVER names each file still over the limit with the lines it has now, its ceiling: it may
// shrink, not grow, and no other file may pass the limit, so the count only goes down. A file split
// below the limit leaves the list (its line is deleted, never raised).

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '../../..');
export const MAX_SOURCE_FILE_LINES = 200;
/** At most this many files over the limit. */
export const MAX_FILES_OVER = 5;

/** The files still over MAX_SOURCE_FILE_LINES, each with its ceiling (its lines when listed). */
export const ALLOWED_OVER: Readonly<Record<string, number>> = Object.freeze({});

/** Folders never counted: tests, examples, build output, dependencies (and hidden folders). */
const TOP_SKIPPED = new Set(['test', 'examples']);
const SKIPPED = new Set(['node_modules', 'dist', 'resources', 'test-artifacts']);

/** Every source file (.ts, .js, .vue) of the tree, relative to the repository, sorted. */
export function sourceFiles(dir = ROOT): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(ROOT, full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      const skip = entry.name.startsWith('.') || SKIPPED.has(entry.name) || (dir === ROOT && TOP_SKIPPED.has(rel));
      if (!skip) out.push(...sourceFiles(full));
    } else if (/\.(ts|js|vue)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(rel);
    }
  }
  return out.sort();
}

const linesOf = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

/** The files over the limit that the list does not allow (unlisted, or grown past the ceiling). */
export function overLimit(
  files: Array<{ file: string; lines: number }>,
  allowed: Readonly<Record<string, number>>,
): string[] {
  return files
    .filter((f) => f.lines > MAX_SOURCE_FILE_LINES)
    .filter((f) => allowed[f.file] === undefined || f.lines > allowed[f.file])
    .map((f) =>
      allowed[f.file] === undefined
        ? `${f.file} (${f.lines} lines)`
        : `${f.file} (${f.lines} lines, grown past its ${allowed[f.file]})`,
    );
}

describe('structure: source files of the whole tree', () => {
  const files = sourceFiles().map((file) => ({ file, lines: linesOf(fs.readFileSync(path.join(ROOT, file), 'utf8')) }));

  it('finds the source files of every folder, and none of the tests or examples', () => {
    const names = files.map((f) => f.file);
    for (const f of ['client/service/service.ts', 'simulator/server.ts', 'editor/index.ts', 'scripts/build.js'])
      assert.ok(names.includes(f), `${f} is not counted`);
    assert.ok(
      names.some((n) => n.endsWith('.vue')),
      'no .vue file counted',
    );
    assert.ok(!names.some((n) => /^(test|examples)\/|(^|\/)(node_modules|dist)\//.test(n)));
  });

  it(`no source file is over ${MAX_SOURCE_FILE_LINES} lines but the ${Object.keys(ALLOWED_OVER).length} listed, none grown`, () => {
    assert.deepStrictEqual(
      overLimit(files, ALLOWED_OVER),
      [],
      `split these below ${MAX_SOURCE_FILE_LINES} lines (test/unit/tree-structure.test.ts lists those still allowed over)`,
    );
  });

  it(`lists at most ${MAX_FILES_OVER} files over the limit, each still over it`, () => {
    assert.ok(Object.keys(ALLOWED_OVER).length <= MAX_FILES_OVER, Object.keys(ALLOWED_OVER).join(', '));
    const stale = Object.keys(ALLOWED_OVER).filter(
      (file) => !files.some((f) => f.file === file && f.lines > MAX_SOURCE_FILE_LINES),
    );
    assert.deepStrictEqual(stale, [], 'split below the limit or gone: delete their lines from ALLOWED_OVER');
  });

  it('tells an unlisted file and a grown one (the check itself)', () => {
    const allowed = { 'a.ts': 210 };
    assert.deepStrictEqual(
      overLimit(
        [
          { file: 'a.ts', lines: 205 },
          { file: 'b.ts', lines: 200 },
        ],
        allowed,
      ),
      [],
    );
    assert.deepStrictEqual(
      overLimit(
        [
          { file: 'a.ts', lines: 211 },
          { file: 'b.ts', lines: 201 },
        ],
        allowed,
      ),
      ['a.ts (211 lines, grown past its 210)', 'b.ts (201 lines)'],
    );
  });
});
