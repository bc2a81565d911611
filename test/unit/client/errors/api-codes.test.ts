// The one table of codes (client/errors/api-codes.ts): the hints, the status texts and the
// EZVIZ sidebar's advice on limits all read it, and each catalog holds exactly its rows, in both
// languages.

import assert from 'assert';
import fs from 'fs';
import path from 'path';
import { codesWith } from '../../../../client/errors/api-codes';
import { ALL_HINT_KEYS, HINTED_CODES, hintKey } from '../../../../client/errors/hints';
import { STATUS_CODE_KEYS } from '../../../../runtime/i18n/status-catalog';
import { LIMIT_CODES } from '../../../../client/requests/counters';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const json = (...parts: string[]) => JSON.parse(fs.readFileSync(path.join(ROOT, ...parts), 'utf8'));
const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('errors: the one table of codes', () => {
  it('the hints, the status texts and the limits are its rows', () => {
    assert.deepStrictEqual(sorted(ALL_HINT_KEYS), sorted(codesWith('hint')));
    assert.deepStrictEqual(sorted(STATUS_CODE_KEYS), sorted(codesWith('status')));
    assert.deepStrictEqual(sorted(LIMIT_CODES), sorted(codesWith('limit')));
    assert.ok(HINTED_CODES.has('10001') && !HINTED_CODES.has('20014') && !HINTED_CODES.has('60020-hub'));
    assert.deepStrictEqual(sorted(codesWith('limit')), ['10007', '10028', '10029', '9049', 'HTTP_429']);
  });

  it('every hint key hintKey gives is a row with a hint', () => {
    const sections = ['4.1', '4.3', '4.7', 'live', 'recordings', 'firmware', 'hub', 'siren', 'switch', 'token'];
    for (const code of ['10001', '20007', '20014', '20018', '20032', '60013', '60019', '60020', '10031', '12345']) {
      for (const s of sections) {
        const key = hintKey(code, s as Parameters<typeof hintKey>[1]);
        if (key !== undefined) assert.ok(codesWith('hint').includes(key), `${code} in ${s}: ${key}`);
      }
    }
  });

  for (const lang of ['en-US', 'zh-CN']) {
    it(`${lang}: the catalogs hold a text for every row and none without one`, () => {
      const shared = json('nodes', 'ezviz-config', 'locales', lang, 'ezviz-config.json');
      assert.deepStrictEqual(sorted(Object.keys(shared.hints)), sorted(codesWith('hint')), 'hints.*');
      assert.deepStrictEqual(sorted(Object.keys(shared.status.code)), sorted(codesWith('status')), 'status.code.*');
      const sidebar = json('plugins', 'ezviz-sidebar', 'locales', lang, 'ezviz-sidebar.json');
      const advice = Object.keys(sidebar.limits).filter((k) => !['title', 'none', 'entry'].includes(k));
      assert.deepStrictEqual(sorted(advice), sorted(codesWith('limit')), 'the sidebar limits.*');
    });
  }
});
