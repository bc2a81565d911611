// The errors of a config node's service (docs/behaviour.md section 4): an API refusal keeps the API's
// own words as its message, the package's hint goes beside them in `hint`, never in their place;
// what the API's words echo of a secret is masked.

import assert from 'assert';
import fs from 'fs';
import path from 'path';
import { CallErrors } from '../../../../client/requests/call-failures';
import { hintKey } from '../../../../client/errors/hints';
import { maskIn } from '../../../../client/params/redact';
import type { SpecSection } from '../../../../client/operations/operations';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');

/** A translator over one language's shared catalog, as the runtime's (`__name__` filled in). */
function translator(lang: string): (key: string, args?: Record<string, unknown>) => string {
  const file = path.join(ROOT, 'nodes', 'ezviz-config', 'locales', lang, 'ezviz-config.json');
  const catalog = JSON.parse(fs.readFileSync(file, 'utf8'));
  return (key, args = {}) => {
    const raw = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], catalog);
    assert.strictEqual(typeof raw, 'string', `${lang}: ${key}`);
    return (raw as string).replace(/__(\w+)__/g, (_m, n) => String(args[n]));
  };
}

const SECTIONS: SpecSection[] = [
  '4.1',
  '4.2',
  '4.3',
  '4.5',
  'capture',
  'switch',
  'live',
  'voice',
  'recordings',
  'setting',
];
const CODES = ['10001', '10002', '10028', '10029', '20002', '20007', '20008', '20014', '60011', '60019', '60020'];

describe('call errors: the API says, the package hints beside it', () => {
  for (const lang of ['en-US', 'zh-CN']) {
    it(`${lang}: every api error's message is the API's text and code; the hint, if any, only in hint`, () => {
      const t = translator(lang);
      const errors = new CallErrors(t, 'https://open.ys7.com', 10000);
      let hinted = 0;
      for (const section of SECTIONS) {
        for (const code of CODES) {
          const msg = `the API's words for ${code}`;
          const e = errors.api('ptz-start', section, { code, msg });
          assert.strictEqual(e.source, 'api');
          assert.strictEqual(e.message, t('errors.api', { msg, code }), `${section} ${code}`);
          const key = hintKey(code, section);
          if (key) {
            hinted++;
            assert.strictEqual(e.hint, t(`hints.${key}`), `${section} ${code}`);
            assert.ok(!e.message.includes(e.hint!), `${section} ${code}: the hint is not in the message`);
            assert.strictEqual(e.toJSON().hint, e.hint);
          } else assert.ok(!('hint' in e.toJSON()), `${section} ${code}: no hint field`);
        }
      }
      assert.ok(hinted > 20, `hints checked: ${hinted}`);
      // A hint given by the caller (a refused token) goes beside the API's words as well.
      const given = errors.api('storage-info', '4.1', { code: '10002', msg: 'accessToken expired' }, 'ask');
      assert.deepStrictEqual(
        [given.message, given.hint],
        [t('errors.api', { msg: 'accessToken expired', code: '10002' }), 'ask'],
      );
    });
  }

  it("a failed token request: the API's words stay the message, the token's failure and its hint beside them", () => {
    const t = translator('en-US');
    const errors = new CallErrors(t, 'https://open.ys7.com', 10000, ['app-secret-value', undefined]);
    const e = errors.token({ ok: true, status: 200, reply: { code: '10017', msg: 'appKey not exists' } });
    assert.strictEqual(e.message, 'appKey not exists (code 10017)');
    assert.strictEqual(e.hint, t('errors.token', { detail: t('hints.10017') }));
    // A transport failure of the token request has no API words: the package says it all.
    const n = errors.token({ ok: false, source: 'network', code: 'ECONNREFUSED', sent: false });
    assert.ok(n.message.startsWith(t('errors.token', { detail: '' })), n.message);
    assert.strictEqual(n.hint, undefined);
  });

  it("secrets the API echoes never reach the message: the account's, the token and the request's", () => {
    const t = translator('en-US');
    const errors = new CallErrors(t, 'https://open.ys7.com', 10000, ['app-secret-value', 'at.typed-token']);
    const msg = 'bad app-secret-value / at.typed-token / at.fetched-123 / CARD-PASS-77 for C00000001';
    const e = errors.api('storage-open', '4.1', { code: '20002', msg }, undefined, false, [
      'at.fetched-123',
      'CARD-PASS-77',
      undefined,
      7,
    ]);
    assert.strictEqual(e.message, 'bad *** / *** / *** / *** for C00000001 (code 20002)');
    const tokenError = errors.token({
      ok: true,
      status: 200,
      reply: { code: '10030', msg: 'secret app-secret-value wrong' },
    });
    assert.strictEqual(tokenError.message, 'secret *** wrong (code 10030)');
    assert.ok(!tokenError.hint!.includes('app-secret-value'));
    // Short values (a channel, a digit) are never masked inside words.
    assert.strictEqual(maskIn('channel 1 of 12', ['1', 12, '']), 'channel 1 of 12');
  });
});
