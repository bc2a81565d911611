// Pure error mapping, hints, catalogs, reply mapping, back-off, queue, token cache, preset store.

import assert from 'assert';
import { errorStatus, statusKey } from '../../../../runtime/i18n/status-keys';
import { STATUS_CODE_KEYS, STATUS_KEYS, SWITCH_STATUS_KEYS } from '../../../../runtime/i18n/status-catalog';
import fs from 'fs';
import path from 'path';
import { EzvizError, isRetriable, networkCode } from '../../../../client/errors/errors';
import { ALL_HINT_KEYS, hintKey } from '../../../../client/errors/hints';
import { OPERATIONS } from '../../../../client/operations/operations';
import { presetAddPayload, plainPayload, storageInfoPayload, isoDate } from '../../../../client/replies/replies';
import { retryDelayMs, MAX_RETRY_DELAY_MS } from '../../../../client/requests/request-loop';
import { KeyedQueue } from '../../../../client/camera/queue';
import {
  FRESH_TOKEN_MS,
  MIN_TOKEN_INTERVAL_MS,
  TokenCache,
  TOKEN_REFRESH_MARGIN_MS,
} from '../../../../client/requests/token';
import { normaliseBase } from '../../../../client/config/settings';
import type { PostOutcome } from '../../../../client/wire/wire';
import { PresetStore, ContextLike } from '../../../../client/camera/presets';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const catalog = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'nodes', 'ezviz-config', 'locales', lang, 'ezviz-config.json'), 'utf8'));

describe('errors: retriable and codes', () => {
  it('network, HTTP 5xx, non-JSON 2xx, 20008, 10029, 49999 are retriable; nothing else', () => {
    assert.strictEqual(isRetriable('network', 'ECONNREFUSED'), true);
    assert.strictEqual(isRetriable('http', 'HTTP_500'), true);
    assert.strictEqual(isRetriable('http', 'HTTP_503'), true);
    assert.strictEqual(isRetriable('http', 'HTTP_404'), false);
    assert.strictEqual(isRetriable('http', 'HTTP_200'), true); // 2xx: only ever a non-JSON body
    assert.strictEqual(isRetriable('http', 'HTTP_302'), false);
    for (const c of ['20008', '10029', '49999']) assert.strictEqual(isRetriable('api', c), true);
    for (const c of ['10001', '10002', '20007', '60030', '60009']) assert.strictEqual(isRetriable('api', c), false);
    assert.strictEqual(isRetriable('validation', '10001'), false);
    assert.strictEqual(isRetriable('local', '60030'), false);
  });

  it('network codes: timeouts become ETIMEDOUT, junk becomes ENETWORK', () => {
    assert.strictEqual(networkCode('ECONNABORTED'), 'ETIMEDOUT');
    assert.strictEqual(networkCode('ECONNRESET'), 'ECONNRESET');
    assert.strictEqual(networkCode(undefined), 'ENETWORK');
    assert.strictEqual(networkCode('not a code'), 'ENETWORK');
    // Node's HTTP parser: the server answered something that is not HTTP.
    assert.strictEqual(networkCode('HPE_INVALID_CONSTANT'), 'NOT_HTTP');
    assert.strictEqual(networkCode('HPE_CLOSED_CONNECTION'), 'NOT_HTTP');
  });

  it('EzvizError carries exactly the five fields', () => {
    const e = new EzvizError({ code: '1', message: 'm', operation: 'ptz-stop', source: 'api', retriable: false });
    assert.ok(e instanceof Error);
    assert.deepStrictEqual(e.toJSON(), {
      code: '1',
      message: 'm',
      operation: 'ptz-stop',
      source: 'api',
      retriable: false,
    });
  });
});

describe('errors: hints per code and API section', () => {
  it('variants of 20014, 20018, 20032, 60020 follow docs/api/open-api.md section 7.2', () => {
    const want: Record<string, Record<string, string>> = {
      '20014': {
        '4.1': '20014-serial',
        '4.2': '20014-serial',
        '4.3': '20014-network',
        '4.4': '20014-network',
        '4.5': '20014-network',
        '4.6': '20014-network',
        '4.7': '20014-serial',
        '4.8': '20014-serial',
      },
      '20018': { '4.1': '20018-user', '4.2': '20018-user', '4.7': '20018-account', '4.8': '20018-account' },
      '20032': {
        '4.1': '20032-user',
        '4.3': '20032-user',
        '4.4': '20032-user',
        '4.5': '20032-user',
        '4.6': '20032-user',
        '4.7': '20032-channel',
        '4.8': '20032-channel',
      },
      '60020': {
        '4.1': '60020-storage',
        '4.3': '60020-command',
        '4.4': '60020-command',
        '4.5': '60020-command',
        '4.7': '60020-command',
        '4.8': '60020-command',
      },
    };
    for (const [code, bySection] of Object.entries(want)) {
      for (const [section, key] of Object.entries(bySection)) {
        assert.strictEqual(hintKey(code, section as never), key, `${code} in ${section}`);
      }
    }
    assert.strictEqual(hintKey('20007', '4.3'), '20007');
    assert.strictEqual(hintKey('99999', '4.3'), undefined);
  });

  it('status of a failed message: a catalog key per code and operation group, else the generic text', () => {
    const k = (code: string, source = 'api', section = '4.3', refresh = true) =>
      errorStatus({ code, source: source as never }, section as never, refresh);
    assert.deepStrictEqual(k('20007'), { key: statusKey('code.20007') });
    assert.deepStrictEqual(k('20002'), { key: statusKey('code.20002') });
    assert.deepStrictEqual(k('60004'), { key: statusKey('code.60004') });
    assert.deepStrictEqual(k('20014', 'api', '4.3'), { key: statusKey('code.20014-network') });
    assert.deepStrictEqual(k('20014', 'api', '4.1'), { key: statusKey('code.20014-serial') });
    assert.deepStrictEqual(k('60020', 'api', '4.1'), { key: statusKey('code.60020-storage') });
    assert.deepStrictEqual(k('10002', 'api', '4.3', false), { key: statusKey('code.10002-expired') });
    assert.deepStrictEqual(k('10002', 'api', '4.3', true), { key: statusKey('code.10002') });
    assert.deepStrictEqual(k('ECONNREFUSED', 'network'), { key: statusKey('code.ECONNREFUSED') });
    assert.deepStrictEqual(k('60030', 'local', '4.1'), { key: statusKey('code.60030') });
    assert.deepStrictEqual(k('NO_CREDENTIALS', 'local'), { key: statusKey('noCredentials') });
    assert.deepStrictEqual(k('NO_CONFIG', 'local'), { key: statusKey('noConfig') });
    assert.deepStrictEqual(k('HTTP_503', 'http'), { key: 'error', code: 'HTTP_503' });
    assert.deepStrictEqual(k('12345'), { key: 'error', code: '12345' });
    assert.strictEqual(statusKey('ok'), 'node-red-contrib-ezviz-open/ezviz-config:status.ok');
  });

  for (const lang of ['en-US', 'zh-CN']) {
    it(`${lang} catalog holds every hint, validation reason, status and error text`, () => {
      const c = catalog(lang);
      for (const k of ALL_HINT_KEYS) assert.ok(typeof c.hints[k] === 'string' && c.hints[k].length > 3, `hints.${k}`);
      const reasons = [
        'missing',
        'serial',
        'channel',
        'direction',
        'speed',
        'mirror',
        'index',
        'presetName',
        'cardPassword',
        'phone',
        'immediately',
        'duration',
        'unreadable',
        'presetUnknown',
        'presetNoNames',
        'switch',
        'switchState',
        'verificationCode',
        'stateForSwitch',
      ];
      for (const r of reasons) assert.ok(c.validation[r], `validation.${r}`);
      // Status texts (docs/behaviour.md section 9): short, readable, with the code where there is one.
      for (const k of STATUS_KEYS) {
        assert.ok(typeof c.status[k] === 'string' && c.status[k].length <= 24, `status.${k} at most 24 chars`);
      }
      // ezviz-switch: the state set, per switch and state (docs/behaviour.md section 12)
      for (const k of SWITCH_STATUS_KEYS) {
        const v = k.split('.').reduce((o: any, part) => o?.[part], c.status); // eslint-disable-line @typescript-eslint/no-explicit-any
        assert.ok(typeof v === 'string' && v.length > 1 && v.length <= 24, `status.${k} at most 24 chars: ${v}`);
      }
      for (const k of STATUS_CODE_KEYS) {
        const v = c.status.code[k];
        assert.ok(typeof v === 'string' && v.length <= 24, `status.code.${k} at most 24 chars: ${v}`);
        const code = k.replace(/-.*$/, '');
        if (!['INVALID_CONFIG', 'INTERNAL'].includes(code))
          assert.ok(v.includes(`(${code})`), `status.code.${k} names its code: ${v}`);
      }
      assert.deepStrictEqual(
        Object.keys(c.status.code).sort(),
        [...STATUS_CODE_KEYS].sort(),
        'no status text without a use',
      );
      for (const p of [
        'deviceSerial',
        'channelNo',
        'direction',
        'speed',
        'command',
        'index',
        'presetName',
        'cardPassword',
        'phone',
        'isImmediately',
        'duration',
        'switch',
        'state',
        'verificationCode',
      ]) {
        assert.ok(
          typeof c.status.ignored[p] === 'string' &&
            c.status.ignored[p].includes(p) &&
            c.status.ignored[p].length <= 24,
          `status.ignored.${p}`,
        );
      }
      assert.ok(c.status.error.includes('__code__'));
      assert.deepStrictEqual(Object.keys(c.errors).sort(), Object.keys(catalog('en-US').errors).sort());
      assert.deepStrictEqual(Object.keys(c.status).sort(), Object.keys(catalog('en-US').status).sort());
    });
  }

  it('every code of the API error tables has a hint for every section it applies to', () => {
    for (const op of Object.values(OPERATIONS)) {
      for (const code of ['10001', '10002', '10005', '20002', '49999', '20014', '20018', '20032', '60020']) {
        const k = hintKey(code, op.section);
        assert.ok(k && ALL_HINT_KEYS.includes(k), `${code} ${op.section}`);
      }
    }
  });
});

describe('replies', () => {
  it('storage-info adds statusText and ISO dates (also in serviceDetail)', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const p = storageInfoPayload({
      code: '200',
      msg: 'ok',
      data: { status: 1, startTime: start, expireTime: start + 1000, serviceDetail: { status: 2, startTime: 0 } },
    });
    assert.strictEqual(p.statusText, 'activated');
    assert.strictEqual(p.startDate, '2026-01-01T00:00:00.000Z');
    assert.strictEqual(p.expireDate, '2026-01-01T00:00:01.000Z');
    const d = p.serviceDetail as unknown as Record<string, unknown>;
    assert.strictEqual(d.statusText, 'expired');
    assert.strictEqual(d.startDate, null);
    assert.strictEqual(storageInfoPayload({ code: '200', msg: '', data: { status: -2 } }).statusText, 'unsupported');
    assert.strictEqual(isoDate('1700000000000'), new Date(1700000000000).toISOString());
  });

  it('preset-add and plain payloads', () => {
    assert.deepStrictEqual(presetAddPayload({ code: '200', msg: '', data: { index: 3 } }), { index: 3 });
    assert.deepStrictEqual(presetAddPayload({ code: '200', msg: '', data: { index: 3 } }, 'door'), {
      index: 3,
      presetName: 'door',
    });
    assert.deepStrictEqual(plainPayload({ code: '200', msg: 'Operation succeeded!', data: { x: 1 } }), {
      code: '200',
      msg: 'Operation succeeded!',
    });
  });
});

describe('retry back-off', () => {
  it('jittered exponential: between half and all of base*2^attempt, capped', () => {
    assert.strictEqual(retryDelayMs(500, 0, 0), 250);
    assert.strictEqual(retryDelayMs(500, 0, 1), 500);
    assert.strictEqual(retryDelayMs(500, 2, 0.5), 1500);
    assert.strictEqual(retryDelayMs(500, 20, 1), MAX_RETRY_DELAY_MS);
  });
});

describe('KeyedQueue', () => {
  it('one at a time per key in arrival order, keys in parallel, failures do not block', async () => {
    const q = new KeyedQueue();
    const events: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      () =>
        new Promise<string>((resolve, reject) => {
          events.push(`start ${name}`);
          setTimeout(() => {
            events.push(`end ${name}`);
            if (fail) reject(new Error(name));
            else resolve(name);
          }, ms);
        });
    const a1 = q.run('a', task('a1', 30, true));
    const a2 = q.run('a', task('a2', 5));
    const b1 = q.run('b', task('b1', 5));
    await assert.rejects(a1);
    assert.strictEqual(await a2, 'a2');
    assert.strictEqual(await b1, 'b1');
    assert.ok(events.indexOf('start a2') > events.indexOf('end a1'));
    assert.ok(events.indexOf('start b1') < events.indexOf('end a1'));
    await new Promise((r) => setImmediate(r));
    assert.strictEqual(q.size, 0);
  });
});

describe('TokenCache', () => {
  function cache(replies: PostOutcome[], now: { t: number }, extra: Record<string, string> = {}) {
    const calls: Record<string, string>[] = [];
    const c = new TokenCache({
      baseUrl: 'https://open.example',
      appKey: 'k',
      appSecret: 's',
      ...extra,
      now: () => now.t,
      post: async (_url, fields) => {
        calls.push(fields);
        await new Promise((r) => setTimeout(r, 5));
        return replies.shift()!;
      },
      fail: (o) =>
        new Error(
          typeof o === 'string' ? o : 'areaDomain' in o ? `area ${o.areaDomain}` : o.ok ? o.reply.code : o.code,
        ),
    });
    return { c, calls };
  }
  const okReply = (token: string, expireTime: number, areaDomain?: string): PostOutcome => ({
    ok: true,
    status: 200,
    reply: { code: '200', msg: '', data: { accessToken: token, expireTime, areaDomain } },
  });

  it('shares one request, caches until expireTime minus the margin, honours areaDomain', async () => {
    const T = 1.7e12;
    const now = { t: T };
    const { c, calls } = cache(
      [okReply('at.1', T + 3600000, 'https://region.example/'), okReply('at.2', T + 9e8)],
      now,
    );
    const all = await Promise.all([c.get(), c.get(), c.get()]);
    assert.strictEqual(calls.length, 1);
    assert.deepStrictEqual(
      all.map((t) => t.value),
      ['at.1', 'at.1', 'at.1'],
    );
    assert.strictEqual(all[0].base, 'https://region.example');
    now.t = T + 3600000 - TOKEN_REFRESH_MARGIN_MS - 1;
    assert.strictEqual((await c.get()).value, 'at.1');
    now.t += 2;
    assert.strictEqual((await c.get()).value, 'at.2');
    assert.strictEqual(calls.length, 2);
  });

  it('a refusal (10002) forgets only the token that was refused, and not one just issued', async () => {
    const now = { t: 1.7e12 };
    const { c, calls } = cache([okReply('at.1', 99e12), okReply('at.2', 99e12)], now);
    const t1 = await c.get();
    assert.strictEqual(c.refused({ value: 'at.other', base: '' }), 'refetch');
    assert.strictEqual((await c.get()).value, 'at.1');
    assert.strictEqual(c.refused(t1), 'fresh', 'issued less than 60 s ago: no new request');
    assert.strictEqual((await c.get()).value, 'at.1');
    now.t += FRESH_TOKEN_MS;
    assert.strictEqual(c.refused(t1), 'refetch');
    assert.strictEqual((await c.get()).value, 'at.2');
    c.refused(t1);
    assert.strictEqual((await c.get()).value, 'at.2');
    assert.strictEqual(calls.length, 2);
  });

  it('failures reject every waiting caller; the next call after 30 s tries again', async () => {
    const now = { t: 1.7e12 };
    const { c, calls } = cache(
      [{ ok: true, status: 200, reply: { code: '10030', msg: 'mismatch' } }, okReply('at.3', 99e12)],
      now,
    );
    const r = await Promise.allSettled([c.get(), c.get()]);
    assert.deepStrictEqual(
      r.map((x) => x.status),
      ['rejected', 'rejected'],
    );
    assert.strictEqual(c.state, 'failed');
    now.t += MIN_TOKEN_INTERVAL_MS - 1;
    await assert.rejects(c.get(), /10030/);
    assert.strictEqual(calls.length, 1, 'at most one token request per 30 s');
    now.t += 1;
    assert.strictEqual((await c.get()).value, 'at.3');
    assert.strictEqual(c.state, 'ok');
  });

  it('a typed token alone: no requests; invalidate marks it expired', async () => {
    const now = { t: 0 };
    const c = new TokenCache({
      baseUrl: 'https://b',
      accessToken: 'at.typed',
      now: () => now.t,
      post: () => assert.fail('no request'),
      fail: () => new Error('x'),
    });
    const t = await c.get();
    assert.deepStrictEqual(t, { value: 'at.typed', base: 'https://b' });
    assert.strictEqual(c.refused(t), 'typed');
    assert.strictEqual(c.state, 'expired');
    assert.strictEqual(c.canRefresh, false);
  });

  it('normaliseBase accepts http(s) only', () => {
    assert.strictEqual(normaliseBase('https://open.ys7.com/'), 'https://open.ys7.com');
    assert.strictEqual(normaliseBase('http://127.0.0.1:8089'), 'http://127.0.0.1:8089');
    for (const b of ['ftp://x', 'open.ys7.com', '', 'https://user:pw@host', 42])
      assert.strictEqual(normaliseBase(b), undefined);
  });
});

describe('PresetStore', () => {
  function memory(): ContextLike & { data: Record<string, unknown> } {
    const data: Record<string, unknown> = {};
    return {
      data,
      get: (k, _s, cb) =>
        setImmediate(() => cb(null, data[k] === undefined ? undefined : JSON.parse(JSON.stringify(data[k])))),
      set: (k, v, _s, cb) =>
        setImmediate(() => {
          data[k] = JSON.parse(JSON.stringify(v));
          cb(null);
        }),
    };
  }

  it('remembers per camera, replaces stale names of a reused index, forgets on clear', async () => {
    const ctx = memory();
    const s = new PresetStore(ctx);
    await Promise.all([s.remember('C1', 1, 'door', 1), s.remember('C1', 1, 'gate', 2), s.remember('C2', 1, 'door', 5)]);
    assert.deepStrictEqual(await s.lookup('C1', 1, 'gate'), { index: 2, known: ['door', 'gate'] });
    assert.deepStrictEqual(await s.lookup('C2', 1, 'door'), { index: 5, known: ['door'] });
    await s.remember('C1', 1, 'porch', 2);
    assert.deepStrictEqual(await s.lookup('C1', 1, 'gate'), { index: undefined, known: ['door', 'porch'] });
    await s.forget('C1', 1, 1);
    assert.deepStrictEqual(await s.lookup('C1', 1, 'door'), { index: undefined, known: ['porch'] });
    assert.deepStrictEqual(await s.lookup('C9', 1, 'x'), { index: undefined, known: [] });
    assert.ok(!JSON.stringify(await s.lookup('C1', 1, 'constructor')).includes('function'));
    await s.remember('C1', 1, '__proto__', 7);
    await s.remember('C1', 1, 'constructor', 8);
    assert.deepStrictEqual(await s.lookup('C1', 1, '__proto__'), {
      index: 7,
      known: ['__proto__', 'constructor', 'porch'],
    });
    assert.strictEqual((await s.lookup('C1', 1, 'constructor')).index, 8);
    assert.ok(JSON.stringify(ctx.data).includes('"__proto__":7'));
  });
});
