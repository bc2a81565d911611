// Pure parts of the defences of docs/behaviour.md section 8: typed reply mapping, retriable, region
// rules, token expiry, Retry-After, queue bound, NO_PROXY, data-safe translation.

import assert from 'assert';
import { isRetriable } from '../../client/errors/errors';
import { retryAfterMs, MAX_RETRY_AFTER_MS } from '../../client/wire/wire';
import { translator } from '../../runtime/i18n/i18n';
import { bypassesProxy, proxyFor } from '../../client/wire/proxy';
import { KeyedQueue } from '../../client/camera/queue';
import { areaDomainBase, isVendorHost } from '../../client/config/region';
import { BadReply, presetAddPayload, presetIndex, storageInfoPayload } from '../../client/replies/replies';
import { DEFAULT_TOKEN_LIFETIME_MS, tokenExpiry } from '../../client/requests/token-reply';

const reply = (data: unknown) => ({ code: '200', msg: '', data });

describe('typed reply mapping', () => {
  it('storage-info: only documented fields, each type-checked', () => {
    const p = storageInfoPayload(
      reply({
        userName: 'u',
        deviceSerial: 427734222,
        channelNo: '1',
        status: 1,
        validDays: 3,
        extra: { deep: [1, 2, 3] },
        toString: 'x',
        startTime: 1700000000000,
        serviceDetail: null,
      }),
    );
    assert.deepStrictEqual(p, {
      userName: 'u',
      deviceSerial: '427734222',
      channelNo: 1,
      status: 1,
      validDays: 3,
      startTime: 1700000000000,
      statusText: 'activated',
      startDate: new Date(1700000000000).toISOString(),
      expireDate: null,
    });
    for (const bad of [
      null,
      [],
      'x',
      7,
      { status: { toString: 1 } },
      { status: 1.5 },
      { status: 'on' },
      { startTime: NaN },
      { userName: 5 },
      { userName: 'x'.repeat(5000) },
      { serviceDetail: 'x' },
      { serviceDetail: { status: {} } },
      { channelNo: 1e300 },
    ]) {
      assert.throws(() => storageInfoPayload(reply(bad)), BadReply, JSON.stringify(bad));
    }
  });

  it('preset-add: data.index must be a positive whole number', () => {
    assert.deepStrictEqual(presetAddPayload(reply({ index: '4' }), 'door'), { index: 4, presetName: 'door' });
    assert.strictEqual(presetIndex({ index: 12, more: {} }), 12);
    for (const bad of [
      null,
      undefined,
      {},
      { index: null },
      { index: 0 },
      { index: -1 },
      { index: 2.5 },
      { index: { toString: 1 } },
      { index: [3] },
      { index: '3x' },
      [],
    ]) {
      assert.throws(() => presetIndex(bad), BadReply, JSON.stringify(bad));
    }
  });
});

describe('retriable (docs/behaviour.md section 4)', () => {
  it('transient failures of idempotent operations; of the others only when nothing left', () => {
    assert.strictEqual(isRetriable('network', 'ETIMEDOUT', true, true), true);
    assert.strictEqual(isRetriable('network', 'ETIMEDOUT', false, true), false, 'a timed-out mirror may have flipped');
    assert.strictEqual(isRetriable('network', 'ECONNREFUSED', false, false), true, 'never left');
    assert.strictEqual(isRetriable('http', 'HTTP_503', false), false);
    assert.strictEqual(isRetriable('http', 'HTTP_503', true), true);
    assert.strictEqual(isRetriable('http', 'HTTP_429', true), true);
    assert.strictEqual(isRetriable('http', 'HTTP_302', true), false);
    assert.strictEqual(isRetriable('http', 'BAD_REPLY', true), false);
    assert.strictEqual(isRetriable('http', 'REPLY_TOO_LARGE', true), false);
    assert.strictEqual(isRetriable('api', '10029', true), true);
    assert.strictEqual(isRetriable('api', '10029', false), false);
    assert.strictEqual(isRetriable('local', 'QUEUE_FULL', false), true);
    assert.strictEqual(isRetriable('local', '60030', true), false);
  });
});

describe('areaDomain rules (docs/behaviour.md section 8)', () => {
  const cases: Array<[string, unknown, string | false]> = [
    ['https://open.ezvizlife.com', 'https://iusopen.ezvizlife.com', 'https://iusopen.ezvizlife.com'],
    ['https://open.ezvizlife.com', 'https://isgpopen.ezviz.com/', 'https://isgpopen.ezviz.com'],
    ['https://open.ys7.com', 'https://open.ezvizru.com', 'https://open.ezvizru.com'],
    ['https://open.ys7.com', undefined, 'https://open.ys7.com'],
    ['https://open.ys7.com', '', 'https://open.ys7.com'],
    ['https://open.ys7.com', null, 'https://open.ys7.com'],
    ['https://open.ezvizlife.com', 'http://iusopen.ezvizlife.com', false],
    ['https://open.ezvizlife.com', 'https://evil.example', false],
    ['https://open.ezvizlife.com', 'https://evilezvizlife.com', false],
    ['https://open.ezvizlife.com', 'https://ezvizlife.com.evil.example', false],
    ['https://open.ezvizlife.com', 'https://user:pw@iusopen.ezvizlife.com', false],
    ['https://open.ezvizlife.com', 'ftp://iusopen.ezvizlife.com', false],
    ['https://open.ezvizlife.com', 42, false],
    ['https://open.ezvizlife.com', { toString: 1 }, false],
    ['https://gateway.example', 'https://other.example', 'https://other.example'],
    ['https://gateway.example', 'http://gateway.example', false],
    ['http://127.0.0.1:8089', 'http://127.0.0.1:9000', 'http://127.0.0.1:9000'],
    ['http://127.0.0.1:8089', 'http://localhost:8089', false],
    ['http://127.0.0.1:8089', 'https://127.0.0.1:9443', 'https://127.0.0.1:9443'],
  ];
  for (const [base, area, want] of cases) {
    it(`${base} + ${JSON.stringify(area)} -> ${want || 'refused'}`, () => {
      const d = areaDomainBase(base, area);
      if (want === false) {
        assert.strictEqual(d.ok, false);
        if (!d.ok) assert.ok(d.shown.length <= 120 && d.shown.length > 0);
      } else assert.deepStrictEqual(d, { ok: true, base: want });
    });
  }
  it('vendor hosts', () => {
    assert.ok(isVendorHost('OPEN.YS7.COM.'));
    assert.ok(!isVendorHost('ys7.com.example'));
  });
});

describe('token expiry (docs/behaviour.md section 8)', () => {
  const now = 1.75e12;
  it('missing, not a number, past or in seconds counts as 7 days; never more', () => {
    for (const v of [undefined, null, '1900000000000', {}, NaN, Infinity, now - 1, 1.8e9, 0, -5]) {
      assert.strictEqual(tokenExpiry(v, now), now + DEFAULT_TOKEN_LIFETIME_MS, String(v));
    }
    assert.strictEqual(tokenExpiry(now + 3600000, now), now + 3600000);
    assert.strictEqual(tokenExpiry(now * 10, now), now + DEFAULT_TOKEN_LIFETIME_MS);
  });
});

describe('Retry-After', () => {
  it('seconds or an HTTP date, at most 30 s', () => {
    assert.strictEqual(retryAfterMs('3', 0), 3000);
    assert.strictEqual(retryAfterMs(' 120 ', 0), MAX_RETRY_AFTER_MS);
    assert.strictEqual(retryAfterMs('0', 0), 0);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.strictEqual(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now), 5000);
    assert.strictEqual(retryAfterMs('Wed, 31 Dec 2025 00:00:05 GMT', now), 0);
    for (const v of [undefined, '', '-1', '1.5', 'soon', ['3'], '99999999999999'])
      assert.strictEqual(retryAfterMs(v, now), undefined, String(v));
  });
});

describe('KeyedQueue bound', () => {
  it('counts the tasks waiting behind the running one', async () => {
    const q = new KeyedQueue();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const all = [q.run('a', () => gate), q.run('a', async () => 1), q.run('a', async () => 2)];
    assert.strictEqual(q.waiting('a'), 2);
    assert.strictEqual(q.waiting('b'), 0);
    release();
    await Promise.all(all);
    await new Promise((r) => setImmediate(r));
    assert.strictEqual(q.waiting('a'), 0);
  });
});

describe('proxy environment', () => {
  it('HTTPS_PROXY / HTTP_PROXY per scheme, NO_PROXY entries', () => {
    const env = {
      HTTPS_PROXY: 'http://127.0.0.1:3128',
      http_proxy: 'proxy.local:8080',
      NO_PROXY: 'localhost, .internal.example,10.0.0.1:8443',
    };
    assert.strictEqual(proxyFor(new URL('https://open.ys7.com'), env)?.href, 'http://127.0.0.1:3128/');
    assert.strictEqual(proxyFor(new URL('http://open.ys7.com'), env)?.href, 'http://proxy.local:8080/');
    assert.strictEqual(proxyFor(new URL('https://localhost:9'), env), undefined);
    assert.strictEqual(proxyFor(new URL('https://a.internal.example'), env), undefined);
    assert.strictEqual(proxyFor(new URL('https://internal.example'), env), undefined);
    assert.strictEqual(proxyFor(new URL('https://10.0.0.1:8443'), env), undefined);
    assert.ok(proxyFor(new URL('https://10.0.0.1'), env));
    assert.strictEqual(proxyFor(new URL('https://x.example'), {}), undefined);
    assert.ok(bypassesProxy('anything', 1, '*'));
    assert.ok(!bypassesProxy('xinternal.example', 443, '.internal.example'));
  });
});

describe('translation treats arguments as data', () => {
  it('an argument holding __x__ is not interpolated', () => {
    // A stand-in for i18next: replaces __name__ repeatedly, as an interpolating translator may.
    const underscore = (_key: string, args?: Record<string, string>) => {
      let s = '__msg__ (code __code__)';
      for (let i = 0; i < 3; i++) s = s.replace(/__(\w+)__/g, (m, k: string) => args?.[k] ?? m);
      return s;
    };
    const t = translator({ _: underscore } as never);
    assert.strictEqual(
      t('errors.api', { msg: 'a __code__ b \u00011\u0002', code: '20007' }),
      'a __code__ b \u00011\u0002 (code 20007)',
    );
  });
});
