// The alarm kinds table (features/alarms/alarm-kinds.ts) against the API notes it is written
// from (docs/api/events-api.md section 2, parsed here), and its look-ups: numbers, words exactly,
// ignoring case, with and without `_d`; unknown numbers and words as `other` with the raw value.

import assert from 'assert';
import { readFileSync } from 'fs';
import { join } from 'path';
import { alarmKind, KIND_ROWS, KINDS, kindList, rowOfCode, rowOfWord } from '../../../../features/alarms/alarm-kinds';

const ROOT = join(__dirname, '../../../../..');

/** The rows of the table in docs/api/events-api.md section 2. */
function notesRows(): string[][] {
  const text = readFileSync(join(ROOT, 'docs/api/events-api.md'), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('2. The kinds table'));
  assert.ok(section, 'docs/api/events-api.md has section 2, the kinds table');
  return section
    .split('\n')
    .filter((l) => /^\| \d+ \|/.test(l))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
}

describe('alarm kinds table (docs/api/events-api.md section 2)', () => {
  it('holds exactly the rows of the API notes, in their order', () => {
    const notes = notesRows();
    assert.ok(notes.length >= 100, `${notes.length} rows read`);
    const fromNotes = notes.map(([code, word, kind, state, en, zh]) => [
      Number(code),
      word.replace(/^`|`$/g, ''),
      kind,
      state === '—' ? null : state,
      en,
      zh,
    ]);
    assert.deepStrictEqual(
      KIND_ROWS.map((r) => [...r]),
      fromNotes,
    );
  });

  it('gives every row a known kind and state, a word, both names', () => {
    for (const [code, word, kind, state, en, zh] of KIND_ROWS) {
      assert.ok(Number.isSafeInteger(code) && code > 0, String(code));
      assert.match(word, /^[\x21-\x7e]{1,64}$/);
      assert.ok((KINDS as readonly string[]).includes(kind), kind);
      assert.ok(state === null || state === 'start' || state === 'end', String(state));
      assert.ok(en && zh, `${code} names`);
    }
  });

  it('names each kind but other in at least one row, and every kind in the list of section 27', () => {
    const used = new Set(KIND_ROWS.map((r) => r[2]));
    assert.deepStrictEqual(
      KINDS.filter((k) => !used.has(k)),
      [],
    );
    assert.strictEqual(KINDS.length, 21);
  });

  it('a start and its end share the kind (each end has a start of its kind)', () => {
    for (const [code, , kind, state] of KIND_ROWS) {
      if (state !== 'end') continue;
      assert.ok(
        KIND_ROWS.some((r) => r[2] === kind && r[3] !== 'end'),
        `${code}: an end without a start of kind ${kind}`,
      );
    }
  });

  it('looks numbers up, as numbers and as digits', () => {
    for (const [code, word, kind, state] of KIND_ROWS) {
      const a = alarmKind(code);
      assert.strictEqual(a.kind, kind, String(code));
      assert.strictEqual(a.state, state);
      if (rowOfCode(code)![1] === word) assert.strictEqual(a.type, word);
      assert.strictEqual(alarmKind(String(code)).kind, kind);
    }
  });

  it('looks words up exactly, ignoring case, and with or without _d', () => {
    for (const [, word, kind] of KIND_ROWS) {
      assert.strictEqual(alarmKind(word).kind, kind, word);
      assert.strictEqual(alarmKind(word.toUpperCase()).kind, kind, word.toUpperCase());
      assert.strictEqual(alarmKind(word.toLowerCase()).kind, kind, word.toLowerCase());
    }
    // exact case first where two words differ only in case
    assert.strictEqual(rowOfWord('GasAlarm')![0], 10142);
    assert.strictEqual(rowOfWord('gasAlarm')![0], 13222);
    assert.strictEqual(alarmKind('LoiterDetection').code, 10027);
    assert.strictEqual(alarmKind('intelligentDetection_d').code, 10079);
    assert.strictEqual(alarmKind('intelligentdetection').code, 15010);
    // a `_d` spelling the table lacks finds its twin, and the other way round
    assert.deepStrictEqual([alarmKind('pir_d').kind, alarmKind('pir_d').code], ['pir', 10000]);
    assert.strictEqual(alarmKind('SeriousUnderVoltage_d').kind, 'battery');
    assert.deepStrictEqual(alarmKind('lowbattery_d').code, 30031);
  });

  it('passes unknown numbers and words as other with the raw value', () => {
    assert.deepStrictEqual(alarmKind(19999), { kind: 'other', type: null, code: 19999, state: null, names: null });
    assert.deepStrictEqual(alarmKind('somethingNew'), {
      kind: 'other',
      type: 'somethingNew',
      code: null,
      state: null,
      names: null,
    });
    for (const v of [null, undefined, {}, [], '', ' ', 1.5, 'a b', 'x'.repeat(65), Infinity])
      assert.deepStrictEqual(alarmKind(v), { kind: 'other', type: null, code: null, state: null, names: null });
  });

  it("the users' page (docs/alarm-kinds.md) names every kind as the alarm node's catalogs do", () => {
    const page = readFileSync(join(ROOT, 'docs/alarm-kinds.md'), 'utf8');
    const catalog = (lang: string) =>
      JSON.parse(readFileSync(join(ROOT, `nodes/ezviz-alarm/locales/${lang}/ezviz-alarm.json`), 'utf8'))['ezviz-alarm']
        .kinds as Record<string, string>;
    const [en, zh] = [catalog('en-US'), catalog('zh-CN')];
    const rows = page.split('\n').filter((l) => /^\| `[a-z-]+` \|/.test(l));
    assert.deepStrictEqual(
      rows.map((l) =>
        l
          .split('|')
          .slice(1, 4)
          .map((c) => c.trim()),
      ),
      KINDS.map((k) => [`\`${k}\``, en[k], zh[k]]),
    );
  });

  it('reads a kinds setting: an array or a comma list, in KINDS order; a stranger is named', () => {
    assert.deepStrictEqual(kindList(['face', 'human']), { kinds: ['human', 'face'] });
    assert.deepStrictEqual(kindList('door, smoke'), { kinds: ['door', 'smoke'] });
    assert.deepStrictEqual(kindList(''), { kinds: [] });
    assert.deepStrictEqual(kindList(undefined), { kinds: [] });
    assert.deepStrictEqual(kindList(['cat']), { bad: 'cat' });
  });
});
