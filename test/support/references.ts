// The references checker (docs/behaviour.md section 22): every reference in code, tests
// and docs points into the repository. A reference is a repository path (`docs/api/open-api.md`,
// `client/wire/wire.ts`), optionally followed by `section N` or `sections N, M and K` (which
// must be headings of that page), a relative Markdown link, or a `../`-path; a reference to a
// document outside the repository (the old design notes and API specs, a sibling `shared/`
// folder) is a problem wherever it appears. Pure apart from `scanTree`, which reads the tree.

import * as fs from 'fs';
import * as path from 'path';

/** What the checker needs to know of the tree: does a path exist, which sections a page has. */
export interface Tree {
  exists(rel: string): boolean;
  sections(rel: string): Set<string> | undefined;
}

export interface Problem {
  file: string;
  line: number;
  text: string;
  why: string;
}

/** Top-level folders a repository path starts with. */
const TOP = '(?:nodes|client|runtime|features|simulator|test|scripts|dashboard|editor|docs|examples|icons)';
const PATH_REF = new RegExp(
  `(?<![\\w./@-]|\\]\\()(${TOP}/[\\w.@/-]*\\.(?:ts|js|mjs|md|json|vue|html|sh|png))(?![\\w*<{])`,
  'g',
);
/** A page and the sections named after it (line breaks and comment marks may come between). */
const SECTION_REF =
  /(docs\/[\w/.-]+\.md)[\s/*#]*\b(sections?)\s+(\d+(?:\.\d+)*(?:(?:\s*,\s*|\s+and\s+|\s*-\s*|\s+to\s+)\d+(?:\.\d+)*)*)/g;
const MD_LINK = /\]\((?!https?:|mailto:|#)([^)\s#]+)(?:#[^)]*)?\)/g;
const DOTDOT = /(?<![\w.])((?:\.\.\/)+[\w.@/-]+)/g;
/** Documents the repository does not hold (built from parts so that this file passes itself). */
const OUTSIDE: Array<[RegExp, string]> = [
  [new RegExp(`(?<![\\w/-])${'design'}\\.md\\b`), 'names the old design notes: use docs/behaviour.md'],
  [new RegExp(`\\b${'spec'}/ezviz-`), 'names an API spec outside the repository: use docs/api/'],
  [
    new RegExp(`(?<!docs/api/)\\bezviz-(?:open|more|watch|media)-api\\.md`),
    'names an API spec outside the repository: use docs/api/',
  ],
  [new RegExp(`/work/${'shared'}\\b`), 'names a folder outside the repository'],
];

/** A sentence built around an issue number (the word issue and a number, or a number after a hash
 * in parentheses or after see): a newcomer has no issues, the repository's own documents say it. */
const ISSUE_CITATION = new RegExp(`\\b${'issue'}s?\\s*#?\\d+|(?:\\(|\\bsee\\s)#\\d+\\b`, 'i');

/** Inside a fenced code block of a Markdown page. */
const inFence = (text: string, index: number): boolean => (text.slice(0, index).match(/^```/gm) ?? []).length % 2 === 1;
const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The section numbers a reference names: `4`, `4.1`, `2-4` (each of 2, 3, 4), `4.1-4.8` (ends). */
export function sectionNumbers(word: string, list: string): string[] {
  const parts = list
    .split(/\s*,\s*|\s+and\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const part of word === 'section' ? parts.slice(0, 1) : parts) {
    const range = /^(\d+(?:\.\d+)*)\s*(?:-|to)\s*(\d+(?:\.\d+)*)$/.exec(part);
    if (!range) {
      out.push(part.split(/\s/)[0]);
      continue;
    }
    const [a, b] = [range[1], range[2]];
    if (/^\d+$/.test(a) && /^\d+$/.test(b)) for (let n = +a; n <= +b; n++) out.push(String(n));
    else out.push(a, b);
  }
  return out;
}

/** The problems of one file's text. */
export function checkText(file: string, text: string, tree: Tree): Problem[] {
  const problems: Problem[] = [];
  const add = (index: number, ref: string, why: string): void => {
    problems.push({ file, line: lineOf(text, index), text: ref, why });
  };
  text.split('\n').forEach((line, i) => {
    for (const [re, why] of OUTSIDE) if (re.test(line)) problems.push({ file, line: i + 1, text: line.trim(), why });
  });
  const history = path.basename(file) === 'CHANGELOG.md';
  if (!history) {
    text.split('\n').forEach((line, i) => {
      if (ISSUE_CITATION.test(line))
        problems.push({ file, line: i + 1, text: line.trim(), why: 'cites an issue number: cite docs/ or say it' });
    });
  }
  if (!history) {
    for (const m of text.matchAll(PATH_REF)) {
      if (!tree.exists(m[1])) add(m.index!, m[1], 'no such file in the repository');
    }
  }
  for (const m of text.matchAll(SECTION_REF)) {
    const secs = tree.sections(m[1]);
    if (!secs) continue; // a missing page is reported above
    for (const n of sectionNumbers(m[2], m[3])) {
      if (!secs.has(n)) add(m.index!, `${m[1]} section ${n}`, `${m[1]} has no section ${n}`);
    }
  }
  const dir = path.posix.dirname(file);
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(MD_LINK)) {
      const target = path.posix.normalize(path.posix.join(dir, m[1]));
      if (!tree.exists(target.replace(/\/$/, ''))) add(m.index!, m[1], 'the link points to no file of the repository');
    }
  }
  for (const m of text.matchAll(DOTDOT)) {
    // In code a `../` path is mostly a runtime path (from dist/); a `shared/` one is checked
    // everywhere (the old notes lived in a sibling shared/ folder), any other in docs only.
    if (!file.endsWith('.md') && !/(^|\/)shared\//.test(m[1])) continue;
    if (inFence(text, m.index!)) continue; // an example's import, relative to its own file
    const target = path.posix.normalize(path.posix.join(dir, m[1]));
    const found = ['', '.ts', '.js', '.d.ts', '/index.ts'].some((ext) => tree.exists(target + ext));
    if (!found && !history) add(m.index!, m[1], 'the relative path leads to nothing in the repository');
  }
  return problems;
}

/** The section numbers of a Markdown page: headings `## 4. Endpoints`, `### 4.1 Enable ...`. */
export function sectionsOfPage(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm)) out.add(m[1]);
  return out;
}

/** Folders never read: dependencies, build output, generated or binary assets. */
const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  '.compat',
  '.node-red-demo',
  'resources',
  'segments',
  'coverage',
]);
const READ = /\.(ts|js|mjs|vue|sh|md|html|json)$/;

/** The tree on disk below `root`. */
export function diskTree(root: string): Tree {
  const cache = new Map<string, Set<string> | undefined>();
  return {
    exists: (rel) => rel !== '' && !rel.startsWith('..') && fs.existsSync(path.join(root, rel)),
    sections: (rel) => {
      if (!cache.has(rel)) {
        const full = path.join(root, rel);
        cache.set(rel, fs.existsSync(full) ? sectionsOfPage(fs.readFileSync(full, 'utf8')) : undefined);
      }
      return cache.get(rel);
    },
  };
}

/** Every text file of the repository (relative paths), the skipped folders and lock files apart. */
export function textFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP.has(e.name)) walk(r);
        continue;
      }
      if (READ.test(e.name) && !e.name.endsWith('-lock.json')) out.push(r);
    }
  };
  walk('');
  return out.sort();
}

/** All problems of the tree below `root`. */
export function scanTree(root: string): Problem[] {
  const tree = diskTree(root);
  return textFiles(root).flatMap((f) => checkText(f, fs.readFileSync(path.join(root, f), 'utf8'), tree));
}
