// The rooms of the tree (docs/architecture.md "Folders and what they may import"): the page's table names every
// folder that holds code, each with its one job and the rooms it may import; this test keeps the
// page and the tree in step and holds the runtime to the layering the page declares. An import
// (type imports too) from one room into another that its row does not allow fails,
// naming the files; so does a circle between rooms or between two files.

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');
const PAGE = 'docs/architecture.md';
/** Folders that never hold the project's own code. */
const SKIP = new Set(['node_modules', 'dist', '.git', '.compat', '.node-red-demo', 'resources', 'locales', 'fixtures']);
/** Where code lives: each of these, and every folder below them that holds a code file. */
const CODE_ROOTS = [
  'nodes',
  'client',
  'runtime',
  'features',
  'editor',
  'plugins',
  'simulator',
  'scripts',
  'test',
  'dashboard',
];
const CODE_FILE = /\.(ts|js|vue|sh)$/;

export interface Room {
  folder: string;
  job: string;
  mayImport: string[];
}

/** The rows of the page's "Folders and what they may import" table: `folder` | job | may import (room names, or "-"). */
export function roomsOfPage(markdown: string): Room[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Folders and what they may import'));
  if (!section) throw new Error(`${PAGE} has no "## Folders and what they may import" section`);
  const rooms: Room[] = [];
  for (const line of section.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const folder = /^`([^`]+)`$/.exec(cells[0] ?? '')?.[1];
    if (cells.length < 3 || !folder) continue;
    const mayImport = [...cells[2].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    rooms.push({ folder: folder.replace(/\/$/, ''), job: cells[1], mayImport });
  }
  return rooms;
}

/** Every folder below the code roots that directly holds a code file, relative, sorted. */
export function codeFolders(root = ROOT): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return;
    const entries = fs.readdirSync(full, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && CODE_FILE.test(e.name))) out.push(rel);
    for (const e of entries)
      if (e.isDirectory() && !SKIP.has(e.name) && !e.name.startsWith('.')) walk(`${rel}/${e.name}`);
  };
  for (const r of CODE_ROOTS) walk(r);
  return out.sort();
}

/** A page entry names a folder exactly, or a family of folders with a trailing `*` (nodes/ezviz-*). */
const names = (entry: string, folder: string): boolean =>
  entry.endsWith('*')
    ? folder.startsWith(entry.slice(0, -1)) && !folder.slice(entry.length - 1).includes('/')
    : entry === folder;

/** Folders the page does not name, and page entries that name no folder. */
export function pageVersusTree(rooms: Room[], folders: string[]): { unnamed: string[]; missing: string[] } {
  return {
    unnamed: folders.filter((f) => !rooms.some((r) => names(r.folder, f))),
    missing: rooms.filter((r) => !folders.some((f) => names(r.folder, f))).map((r) => r.folder),
  };
}

/** Relative imports of a TypeScript source (import, import type, export from, require, import()). */
export function importsOf(file: string, text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  const specs = info.importedFiles.map((f) => f.fileName);
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1]);
  return [...new Set(specs)]
    .filter((s) => s.startsWith('.'))
    .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)));
}

export interface Edge {
  from: string;
  to: string;
}

/** The room (a row's folder) a file belongs to: the longest folder entry that holds it. */
function roomOf(rooms: Room[], file: string): Room | undefined {
  const dir = path.posix.dirname(file);
  return rooms.filter((r) => names(r.folder, dir)).sort((a, b) => b.folder.length - a.folder.length)[0];
}

/** Imports that cross into a room the importing room's row does not allow. */
export function upwardImports(rooms: Room[], edges: Edge[]): string[] {
  const bad: string[] = [];
  for (const { from, to } of edges) {
    const a = roomOf(rooms, from);
    const b = roomOf(rooms, to);
    if (!a || !b || a === b) continue;
    const allowed = a.mayImport.some((m) => m === 'any' || b.folder === m || b.folder.endsWith(`/${m}`));
    if (!allowed) bad.push(`${from} imports ${to} (${a.folder} may import ${a.mayImport.join(', ') || 'nothing'})`);
  }
  return bad;
}

/** A circle in a directed graph given as edges, as the list of its nodes (first = last), or undefined. */
export function findCircle(edges: Array<[string, string]>): string[] | undefined {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) if (a !== b) next.set(a, [...(next.get(a) ?? []), b]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | undefined => {
    if (state.get(n) === 'open') return [...stack.slice(stack.indexOf(n)), n];
    if (state.get(n) === 'done') return undefined;
    state.set(n, 'open');
    stack.push(n);
    for (const m of next.get(n) ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    stack.pop();
    state.set(n, 'done');
    return undefined;
  };
  for (const n of next.keys()) {
    const c = visit(n);
    if (c) return c;
  }
  return undefined;
}

/** Every TypeScript file below nodes/ (or another code root), relative. */
function nodeSources(rel = 'nodes'): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
    const r = `${rel}/${e.name}`;
    if (e.isDirectory() && !SKIP.has(e.name)) out.push(...nodeSources(r));
    else if (e.name.endsWith('.ts')) out.push(r);
  }
  return out;
}

/** Import edges between the package's files (targets resolved to their .ts file). */
function importEdges(roots = ['nodes', 'client', 'runtime', 'features', 'editor', 'plugins']): Edge[] {
  const edges: Edge[] = [];
  for (const file of roots.flatMap((r) => nodeSources(r))) {
    for (const target of importsOf(file, fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
      const ts = fs.existsSync(path.join(ROOT, `${target}.ts`)) ? `${target}.ts` : `${target}/index.ts`;
      edges.push({ from: file, to: ts });
    }
  }
  return edges;
}

/** Whether a backticked name in `text` names the file `base`: its name, or a glob (`admin*.ts`). */
export function namedIn(text: string, base: string): boolean {
  return [...text.matchAll(/`([^`\s]+)`/g)].some(([, n]) => {
    const name = n.split('/').pop() ?? '';
    if (!name.includes('*')) return name === base;
    const parts = name.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('.*')}$`).test(base);
  });
}

/** Runtime files the page does not name: a layer's file in its folder's row, any other on the page. */
export function unnamedFiles(rooms: Room[], page: string, layerFiles: string[], otherFiles: string[]): string[] {
  const own = (f: string): boolean => {
    const base = path.posix.basename(f);
    const dir = path.posix.basename(path.posix.dirname(f));
    return base === `${dir}.ts` || base === 'editor.ts'; // the nodes row's `<type>.ts` and `editor.ts`
  };
  return [
    ...layerFiles.filter((f) => !namedIn(roomOf(rooms, f)?.job ?? '', path.posix.basename(f))),
    ...otherFiles.filter((f) => !own(f) && !namedIn(page, path.posix.basename(f))),
  ];
}

describe('rooms: the tree, its page and its layers', () => {
  const rooms = roomsOfPage(fs.readFileSync(path.join(ROOT, PAGE), 'utf8'));
  const edges = importEdges();

  it(`${PAGE} names every folder that holds code, and no folder that does not exist`, () => {
    const { unnamed, missing } = pageVersusTree(rooms, codeFolders());
    assert.deepStrictEqual(unnamed, [], `folders the page's Rooms table does not name: ${unnamed.join(', ')}`);
    assert.deepStrictEqual(
      missing,
      [],
      `the page's Rooms table names folders that do not exist: ${missing.join(', ')}`,
    );
    for (const r of rooms) assert.ok(r.job.length > 10, `${r.folder}: its job is not said`);
  });

  it(`${PAGE} names every runtime file (a layer's in its folder's row)`, () => {
    const page = fs.readFileSync(path.join(ROOT, PAGE), 'utf8');
    const layers = ['client', 'runtime', 'features'].flatMap((r) => nodeSources(r));
    const others = ['nodes', 'plugins', 'dashboard/nodes'].flatMap((r) => nodeSources(r));
    const unnamed = unnamedFiles(rooms, page, layers, others);
    assert.deepStrictEqual(unnamed, [], `runtime files ${PAGE} does not name: ${unnamed.join(', ')}`);
  });

  it('no import goes up: each room imports only the rooms its row allows (type imports too)', () => {
    const bad = upwardImports(rooms, edges);
    assert.deepStrictEqual(bad, [], `imports against the layers:\n  ${bad.join('\n  ')}`);
  });

  it('no circle between rooms, none between files', () => {
    const roomEdges = edges.map((e): [string, string] => [
      roomOf(rooms, e.from)?.folder ?? e.from,
      roomOf(rooms, e.to)?.folder ?? e.to,
    ]);
    const rc = findCircle(roomEdges);
    // The imports that make the circle: for each step a -> b of it, the files of a importing b.
    const step = (e: Edge): number =>
      (rc ?? []).findIndex(
        (r, i) =>
          i > 0 &&
          (roomOf(rooms, e.from)?.folder ?? e.from) === rc?.[i - 1] &&
          (roomOf(rooms, e.to)?.folder ?? e.to) === r,
      );
    const witness = rc && edges.filter((e) => step(e) > 0).map((e) => `${e.from} -> ${e.to}`);
    assert.strictEqual(rc, undefined, `a circle between rooms: ${rc?.join(' -> ')}; by ${witness?.join(', ')}`);
    const fc = findCircle(edges.map((e): [string, string] => [e.from, e.to]));
    assert.strictEqual(fc, undefined, `a circle between files: ${fc?.join(' -> ')}`);
  });

  it('no circle between files of the simulator or of the dashboard package either', () => {
    for (const root of ['simulator', 'dashboard/nodes']) {
      const fc = findCircle(importEdges([root]).map((e): [string, string] => [e.from, e.to]));
      assert.strictEqual(fc, undefined, `a circle between files: ${fc?.join(' -> ')}`);
    }
  });

  it('the checks can fail: an unnamed folder, an upward import and a circle are found', () => {
    const r: Room[] = [
      { folder: 'nodes/shared/a', job: 'the upper room', mayImport: ['b'] },
      { folder: 'nodes/shared/b', job: 'the lower room', mayImport: [] },
    ];
    assert.deepStrictEqual(pageVersusTree(r, ['nodes/shared/a', 'nodes/shared/c']), {
      unnamed: ['nodes/shared/c'],
      missing: ['nodes/shared/b'],
    });
    assert.deepStrictEqual(
      upwardImports(r, [
        { from: 'nodes/shared/b/x.ts', to: 'nodes/shared/a/y.ts' },
        { from: 'nodes/shared/a/y.ts', to: 'nodes/shared/b/x.ts' },
      ]),
      ['nodes/shared/b/x.ts imports nodes/shared/a/y.ts (nodes/shared/b may import nothing)'],
    );
    assert.deepStrictEqual(
      findCircle([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
      ]),
      ['a', 'b', 'c', 'a'],
    );
    assert.strictEqual(
      findCircle([
        ['a', 'b'],
        ['b', 'c'],
        ['a', 'c'],
      ]),
      undefined,
    );
    const rows: Room[] = [{ folder: 'lib/a', job: 'the files `x.ts` and `admin*.ts`', mayImport: [] }];
    assert.deepStrictEqual(
      unnamedFiles(
        rows,
        'a page naming `z.ts`',
        ['lib/a/x.ts', 'lib/a/admin-b.ts', 'lib/a/y.ts'],
        ['lib/ezviz-q/ezviz-q.ts', 'lib/ezviz-q/z.ts', 'lib/ezviz-q/w.ts'],
      ),
      ['lib/a/y.ts', 'lib/ezviz-q/w.ts'],
    );
    assert.deepStrictEqual(
      importsOf('nodes/x/y.ts', "import type { A } from '../shared/b/c';\nconst t: import('./d').T = 1;"),
      ['nodes/shared/b/c', 'nodes/x/d'],
    );
  });
});
