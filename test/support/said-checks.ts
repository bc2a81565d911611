// A mocha root-hook plugin (`--require dist/test/support/said-checks.js`, in .mocharc.json and
// scripts/compat-nr5.sh): after each test, and after each file (mocha's parallel mode runs the
// root hooks once per file), what the nodes said since the last check is checked:
// - no secret (tokens, app secrets, card passwords, verification codes) in a sent message, a
//   status, a warning, an error or a log line;
// - every status text shown is a key of both catalogs: none is English built on the
//   runtime, so a Chinese editor shows Chinese statuses on an English runtime.
// The record is filled by test/support/red.ts on every unload; a file that never loads it (a unit
// test, the simulator's) costs nothing here. Independent of the order of files, so files can run
// in parallel.

import * as path from 'path';
import { bothCatalogs, statusTextProblem } from './catalog-keys';

/** The secrets of the default simulator state and of the tests (card passwords, app secrets). */
export const KNOWN = [
  'demo-app-secret',
  'frozen-app-secret',
  'intl-app-secret',
  'at.demo-token',
  'at.expired-token',
  'CARD-VALID-0001',
  'CARD-VALID-0002',
  'CARD-VALID-0003',
  'CARD-USED-0001',
  'CARD-BOUND-0001',
  'CARD-FAIL-0001',
  'wrong-secret-2',
  'x-secret-1',
  'WRONG-CARD-',
  // verification codes (ezviz-switch: encryption off; ezviz-live; the simulator's default code, a wrong one of the tests)
  'ABCDEF',
  'WRONGX',
];

/** The length of the ends the words are looked up by (every known secret is at least this long). */
const TAIL = 6;
/** B ** (TAIL - 1) (32 bits) for the rolling hash of TAIL characters. */
const B = 31;
const TOP = Array.from({ length: TAIL - 1 }).reduce<number>((p) => Math.imul(p, B), 1);

/** The hash of the TAIL characters of `s` ending before `end`. */
function tailHash(s: string, end: number): number {
  let h = 0;
  for (let i = end - TAIL; i < end; i++) h = (Math.imul(h, B) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The words of `words` a line holds, by a finder made once: each word looked up by a rolling hash
 * of its last TAIL characters in one pass over the line (a reliability run holds tens of thousands
 * of secrets and lines: searching every line for every word grows with their product, and so does
 * one regular expression of them all); a shorter word is searched for as it is.
 */
export function wordFinder(words: Iterable<string>): (line: string) => string[] {
  const list = [...new Set(words)].filter((w) => w);
  const short = list.filter((w) => w.length < TAIL);
  const byTail = new Map<number, string[]>();
  for (const w of list) {
    if (w.length < TAIL) continue;
    const same = byTail.get(tailHash(w, w.length));
    if (same) same.push(w);
    else byTail.set(tailHash(w, w.length), [w]);
  }
  return (line) => {
    const found = short.filter((w) => line.includes(w));
    let h = 0;
    for (let i = 0; i < line.length; i++) {
      if (i >= TAIL) h = (h - Math.imul(line.charCodeAt(i - TAIL), TOP)) | 0;
      h = (Math.imul(h, B) + line.charCodeAt(i)) | 0;
      const same = i >= TAIL - 1 ? byTail.get(h) : undefined;
      if (!same) continue;
      for (const w of same) {
        const at = i + 1 - w.length;
        if (at >= 0 && !found.includes(w) && line.startsWith(w, at)) found.push(w);
      }
    }
    return found;
  };
}

/** Lines holding one of `words`: `word in line`, the first such line of each word, in the words'
 * order (one pass over the lines: wordFinder). */
export function leaks(lines: readonly string[], words: Iterable<string>): string[] {
  const list = [...words].filter((w) => w);
  const find = wordFinder(list);
  const first = new Map<string, string>();
  for (const line of lines) for (const w of find(line)) if (!first.has(w)) first.set(w, line);
  return list.filter((w) => first.has(w)).map((w) => `${w} in ${first.get(w)!.slice(0, 300)}`);
}

/** What test/support/red.ts records (its exports). */
export interface Record_ {
  said: string[];
  secrets: Set<string>;
  statusTexts: Set<string>;
}

/** Checks what a record gained since the last call: the problems found, [] when none. */
export function checker(): (rec: Record_) => string[] {
  let lines = 0;
  const texts = new Set<string>();
  let catalogs: ReturnType<typeof bothCatalogs> | undefined;
  return (rec) => {
    const fresh = rec.said.slice(lines);
    lines = rec.said.length;
    const problems = leaks(fresh, new Set([...KNOWN, ...rec.secrets])).map((l) => `secret said: ${l}`);
    for (const text of rec.statusTexts) {
      if (texts.has(text)) continue;
      texts.add(text);
      catalogs ??= bothCatalogs();
      const p = statusTextProblem(text, catalogs);
      if (p !== undefined) problems.push(`status not a catalog key: ${p}`);
    }
    return problems;
  };
}

const RED_SUPPORT = path.join(__dirname, 'red.js');
const check = checker();

/** Throws when what the nodes said since the last check breaks a rule (only once red.ts is loaded). */
function checkNow(): void {
  const loaded = require.cache[RED_SUPPORT];
  if (!loaded) return;
  const problems = check(loaded.exports as Record_);
  if (problems.length) throw new Error(`what the nodes said breaks a rule:\n  ${problems.join('\n  ')}`);
}

export const mochaHooks = {
  afterEach: checkNow,
  afterAll: checkNow,
};
