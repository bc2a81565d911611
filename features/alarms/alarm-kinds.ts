// What an alarm was (docs/behaviour.md section 27, docs/api/events-api.md): its number (the alarm list)
// or its word (a message) -> its kind, the vendor's word and number, its names and its state, from
// the one table of alarm-kind-rows.ts. Words match exactly first, then case-insensitively, then
// without a `_d` suffix (or with one added); an unknown number or word is kind `other` with its raw
// value, never dropped. Pure data and look-ups (the editor bundles it).

import { KIND_ROWS, KINDS, type AlarmKind, type AlarmState, type KindRow } from './alarm-kind-rows';

export { KIND_ROWS, KINDS, type AlarmKind, type AlarmState, type KindRow } from './alarm-kind-rows';

/** What an alarm's `alarmType` says, whichever form it came in. */
export interface AlarmKindInfo {
  kind: AlarmKind;
  /** The vendor's word (the raw word when the table does not know it; null: none known). */
  type: string | null;
  /** The vendor's number (the raw number when the table does not know it; null: none known). */
  code: number | null;
  state: AlarmState;
  /** The table's names, null for a number or word it does not know. */
  names: { en: string; zh: string } | null;
}

const byCode = new Map<number, KindRow>();
const byWord = new Map<string, KindRow>();
const byLowerWord = new Map<string, KindRow>();
for (const row of KIND_ROWS) {
  // The first row wins where two share a number or a word (the notes list the older one first).
  if (!byCode.has(row[0])) byCode.set(row[0], row);
  if (!byWord.has(row[1])) byWord.set(row[1], row);
  if (!byLowerWord.has(row[1].toLowerCase())) byLowerWord.set(row[1].toLowerCase(), row);
}

/** The row of a number, if the table has one. */
export function rowOfCode(code: number): KindRow | undefined {
  return byCode.get(code);
}

/** The row of a word: exact, then case-insensitive, then without `_d` (or with it). */
export function rowOfWord(word: string): KindRow | undefined {
  const w = word.trim();
  const exact = byWord.get(w);
  if (exact) return exact;
  const lower = w.toLowerCase();
  const twin = lower.endsWith('_d') ? lower.slice(0, -2) : lower + '_d';
  return byLowerWord.get(lower) ?? byLowerWord.get(twin);
}

function info(row: KindRow): AlarmKindInfo {
  return { kind: row[2], type: row[1], code: row[0], state: row[3], names: { en: row[4], zh: row[5] } };
}

const WORD = /^[\x21-\x7e]{1,64}$/;

/** An `alarmType` as it came (a number, digits, or a word) -> what it was. */
export function alarmKind(raw: unknown): AlarmKindInfo {
  const digits = typeof raw === 'string' && /^\s*-?\d{1,15}\s*$/.test(raw);
  if ((typeof raw === 'number' && Number.isSafeInteger(raw)) || digits) {
    const code = Number(raw);
    const row = rowOfCode(code);
    return row ? info(row) : { kind: 'other', type: null, code, state: null, names: null };
  }
  if (typeof raw === 'string' && WORD.test(raw.trim())) {
    const row = rowOfWord(raw);
    return row ? info(row) : { kind: 'other', type: raw.trim(), code: null, state: null, names: null };
  }
  return { kind: 'other', type: null, code: null, state: null, names: null };
}

/** Whether `v` is a kind. */
export function isKind(v: unknown): v is AlarmKind {
  return typeof v === 'string' && (KINDS as readonly string[]).includes(v);
}

/** The kinds of a setting (an array or a comma list), in the order of KINDS; `bad` names a value
 * that is not a kind. An empty list: no filter. */
export function kindList(v: unknown): { kinds: AlarmKind[] } | { bad: string } {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v == null ? [] : [v];
  const wanted = new Set<string>();
  for (const k of list) {
    const s = typeof k === 'string' ? k.trim() : k;
    if (s === '') continue;
    if (!isKind(s)) return { bad: String(s).slice(0, 40) };
    wanted.add(s);
  }
  return { kinds: KINDS.filter((k) => wanted.has(k)) };
}
