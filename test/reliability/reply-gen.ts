// Generated replies (fast-check) for the reply fuzzer: any JSON value as body and as `data`,
// documented fields with wrong types, objects where numbers belong ({"toString":1}), deep
// nesting, huge strings and arrays, HTTP statuses 1xx-5xx with and without bodies, Retry-After,
// redirects to a foreign host, bodies that trickle, stop half way or exceed the size limit, gzip
// bombs, (for token/get) areaDomain and expireTime values of every kind, and (for the alarm list)
// alarms with wrong types, missing or duplicate ids and page objects of every kind.

import fc from 'fast-check';
import type { Body, Delivery, Reply } from './reply-world';
import type { FuzzOp } from './reply-oracle';
import { UPKEEP_CODES, UPKEEP_OPS, upkeepData } from './upkeep-replies';

/** Where the fuzzer's hosts are (ports of reply-world's listeners). */
export interface Ports {
  plain: number;
  foreign: number;
  tls: number;
}

/** A value written into JSON text as is (numbers JSON.stringify cannot write: -0, 1e400, 1.0). */
class Raw {
  constructor(readonly text: string) {}
}

function stringify(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(stringify).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${stringify(x)}`)
      .join(',')}}`;
  }
  const s = JSON.stringify(v);
  return s === undefined ? 'null' : s;
}

const json = fc.jsonValue({ maxDepth: 3 });

/** Values where a number or a string is documented: the wrong ones. */
const wrong: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      { toString: 1 },
      { valueOf: 1 },
      { toString: 'x', valueOf: 'y' },
      { toJSON: 1 },
      { __proto__: 1 },
      { constructor: { prototype: 1 } },
      [],
      [1],
      [[1]],
      {},
      null,
      true,
      false,
      '',
      ' ',
      'NaN',
      'Infinity',
      '-1',
      '1.5',
      '0x10',
      '1e3',
      '12abc',
      '\u0000',
      'null',
      'undefined',
      '[object Object]'.slice(1),
      new Raw('-0'),
      new Raw('1e400'),
      new Raw('-1e400'),
      new Raw('1.0'),
      new Raw('1E2'),
      new Raw('123456789012345678901234567890'),
      0.5,
      -1,
      -2,
      3,
      1e21,
      -1e21,
      2 ** 53,
      2 ** 53 + 2,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
    ),
  },
  { weight: 2, arbitrary: json },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

const ms = () => fc.integer({ min: 1_300_000_000_000, max: 2_200_000_000_000 }).map((n) => Math.floor(n / 1000) * 1000);

/** The documented storage record (docs/api/open-api.md section 2.1), every field optional. */
function storageRecord(detail: boolean): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {
    userName: fc.string({ maxLength: 20 }),
    deviceSerial: fc.stringMatching(/^[A-Z0-9]{1,12}$/),
    channelNo: fc.integer({ min: 1, max: 256 }),
    totalDays: fc.integer({ min: 0, max: 3650 }),
    status: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: -2, max: 2 }) }, fc.integer({ min: -1000, max: 1000 })),
    startTime: ms(),
    expireTime: ms(),
  };
  if (!detail) {
    fields.validDays = fc.integer({ min: 0, max: 3650 });
    fields.serviceDetail = storageRecord(true);
  }
  return fc.record(fields, { requiredKeys: [] });
}

/** A documented record with some fields replaced by wrong values and undocumented extras. */
function mutated(valid: fc.Arbitrary<Record<string, unknown>>, names: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      valid,
      fc.array(fc.tuple(fc.constantFrom(...names), wrong), { minLength: 1, maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), json, { maxKeys: 2 }),
    )
    .map(([rec, changes, extra]) => {
      const out: Record<string, unknown> = { ...extra, ...rec };
      for (const [k, v] of changes)
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
}

/** `data` of a reply for `op`. */
function dataArb(op: FuzzOp, ports: Ports): fc.Arbitrary<unknown> {
  const anyData = fc.oneof(json, fc.constantFrom<unknown>(null, [], {}, { toString: 1 }, 'data', 0));
  switch (op) {
    case 'storage-info': {
      const rec = storageRecord(false);
      const names = [
        'userName',
        'deviceSerial',
        'channelNo',
        'totalDays',
        'status',
        'validDays',
        'startTime',
        'expireTime',
        'serviceDetail',
      ];
      const detailWrong = fc
        .tuple(
          rec,
          mutated(
            storageRecord(true),
            names.slice(0, 8).filter((n) => n !== 'validDays'),
          ),
        )
        .map(([r, d]) => ({ ...r, serviceDetail: d }));
      return fc.oneof(
        { weight: 5, arbitrary: rec },
        { weight: 4, arbitrary: mutated(rec, names) },
        { weight: 1, arbitrary: detailWrong },
        { weight: 2, arbitrary: anyData },
      );
    }
    case 'preset-add': {
      const good = fc.record({ index: fc.integer({ min: 1, max: 256 }) });
      return fc.oneof(
        { weight: 5, arbitrary: good },
        { weight: 4, arbitrary: mutated(good, ['index']) },
        {
          weight: 2,
          arbitrary: fc.constantFrom<unknown>(
            { index: 0 },
            { index: -3 },
            { index: '3' },
            { index: 2.5 },
            { Index: 1 },
            { index: null },
          ),
        },
        { weight: 2, arbitrary: anyData },
      );
    }
    case 'capture': {
      const good = fc.record({
        picUrl: fc.constantFrom(
          'https://pic.ys7.example/cap/a.jpg?Expires=1&sig=x',
          'http://127.0.0.1:9/sim-pictures/p.jpg',
          'https://i.example/\u56fe.jpg',
        ),
      });
      return fc.oneof(
        { weight: 5, arbitrary: good },
        { weight: 3, arbitrary: mutated(good, ['picUrl']) },
        {
          weight: 2,
          arbitrary: fc.constantFrom<unknown>(
            { picUrl: 'ftp://h/a.jpg' },
            { picUrl: '' },
            { picUrl: 7 },
            { picUrl: ' https://h/a.jpg' },
            { picUrl: 'javascript:alert(1)' },
            { picUrl: '/a.jpg' },
            { PicUrl: 'https://h/a' },
            { picUrl: ['https://h/a'] },
            { picUrl: 'https://' },
          ),
        },
        { weight: 2, arbitrary: anyData },
      );
    }
    case 'live': {
      // The flows ask for hls (the default): an http(s) address. docs/behaviour.md section 13, s8: a url that is
      // not one, an expireTime that is not a date, an odd or huge id: BAD_REPLY.
      const url = fc.constantFrom(
        'https://open.ys7.example/v3/openlive/C1_1_1.m3u8?expire=1&id=a&t=b',
        'http://127.0.0.1:9/v3/openlive/X_1_2.m3u8',
        'https://h.example/\u76f4\u64ad.m3u8',
      );
      const good = fc.record(
        {
          url,
          id: fc.constantFrom('3f2a9c', 'f'.repeat(32), 'a.b:c-d_e', 0, 123456789),
          expireTime: fc.constantFrom('2026-03-01 10:00:00', '2099-12-31 23:59:59', 1772330400000, null),
        },
        { requiredKeys: ['url'] },
      );
      return fc.oneof(
        { weight: 5, arbitrary: good },
        { weight: 3, arbitrary: mutated(good, ['url', 'id', 'expireTime']) },
        {
          weight: 3,
          arbitrary: fc
            .tuple(
              good,
              fc.constantFrom<Record<string, unknown>>(
                { url: 'rtmp://rtmp01open.ys7.com:1935/v3/openlive/C1_1_1' },
                { url: 'ezopen://open.ys7.com/C1/1.live' },
                { url: 'ftp://h/a.m3u8' },
                { url: 'javascript:alert(1)' },
                { url: '/v3/openlive/a.m3u8' },
                { url: ' https://h/a.m3u8' },
                { url: 'https://h/a b.m3u8' },
                { url: 'https://' },
                { url: 7 },
                { url: ['https://h/a.m3u8'] },
                { expireTime: 'tomorrow' },
                { expireTime: '2026-13-01 00:00:00' },
                { expireTime: '2026-02-30 10:00:00' },
                { expireTime: 1772330400 },
                { expireTime: -1 },
                { expireTime: {} },
                { expireTime: '1772330400000' },
                { id: 'x'.repeat(100000) },
                { id: 'a b' },
                { id: {} },
                { id: -1 },
                { id: 1.5 },
                { id: 2 ** 60 },
              ),
            )
            .map(([g, bad]) => ({ ...g, ...bad })),
        },
        { weight: 1, arbitrary: anyData },
      );
    }
    case 'device-info':
    case 'device-status':
    case 'switch-status':
      return stateData(op, anyData);
    case 'token':
      return tokenData(ports);
    case 'alarm-list':
      return alarmData(anyData);
    case 'sensitivity-get':
    case 'schedule-get':
    case 'infrared-get':
    case 'setting-set':
    case 'firmware-version':
    case 'firmware-status':
    case 'firmware-upgrade':
      return upkeepData(op, { wrong, anyData, mutated });
    default:
      return fc.oneof({ weight: 3, arbitrary: anyData }, { weight: 1, arbitrary: storageRecord(false) });
  }
}

// ---- camera state replies (docs/api/watch-api.md sections 3-4) --------------------------------

const STATE_FIELDS: Record<'device-info' | 'device-status' | 'switch-status', Record<string, fc.Arbitrary<unknown>>> = {
  'device-info': {
    deviceSerial: fc.stringMatching(/^[A-Z0-9]{9}$/),
    deviceName: fc.string({ maxLength: 30 }),
    model: fc.string({ maxLength: 20 }),
    status: fc.constantFrom(0, 1, '1', -1),
    defence: fc.constantFrom(0, 1, 8, 16, -1, 2),
    isEncrypt: fc.constantFrom(0, 1, -1),
    alarmSoundMode: fc.constantFrom(0, 1, 2, 3, -1),
    offlineNotify: fc.constantFrom(0, 1),
    updateTime: ms(),
    signal: fc.constantFrom('100%', '7%', '', '101%', 55, -1),
  },
  'device-status': {
    privacyStatus: fc.constantFrom(-2, -1, 0, 1, 2),
    alarmSoundMode: fc.constantFrom(0, 1, 2, 3, -1),
    battryStatus: fc.constantFrom(-1, 0, 1, 50, 100, 101),
    diskNum: fc.constantFrom(0, 1, 2),
    diskState: fc.constantFrom('0', '1---', '2', '3', '-', '', '9'),
    cloudStatus: fc.constantFrom(-2, -1, 0, 1, 2, 3),
    signal: fc.constantFrom(-1, 0, 64, 100, 101),
    wakeUpStatus: fc.constantFrom(-1, 0, 1, 2),
  },
  'switch-status': {
    deviceSerial: fc.stringMatching(/^[A-Z0-9]{9}$/),
    channelNo: fc.integer({ min: 1, max: 8 }),
    enable: fc.constantFrom(0, 1, -1, 2),
  },
};

/** `data` of a device/info, device/status/get or switch status reply: documented fields (every
 * value kind the API notes name, -1/-2 included), some replaced by wrong values, or anything. */
function stateData(
  op: 'device-info' | 'device-status' | 'switch-status',
  anyData: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const rec = fc.record(STATE_FIELDS[op], { requiredKeys: [] });
  return fc.oneof(
    { weight: 5, arbitrary: rec },
    { weight: 4, arbitrary: mutated(rec, Object.keys(STATE_FIELDS[op])) },
    { weight: 2, arbitrary: anyData },
  );
}

// ---- token replies --------------------------------------------------------------------------

let tokenSeq = 0;
/** A token value never seen before (registered as a secret by the test). */
export const freshToken = (): string => `at.fz${(++tokenSeq).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
export const TOKEN_PLACEHOLDER = 'at.__FRESH__';

/** areaDomain values of every kind (hosts resolve to 127.0.0.1; ports are the world's). */
export function areaArb(ports: Ports): fc.Arbitrary<unknown> {
  const { plain: P, foreign: Q, tls: S } = ports;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<unknown>(undefined, null, '') },
    {
      weight: 6,
      arbitrary: fc.constantFrom<unknown>(
        `http://127.0.0.1:${Q}`,
        `http://127.0.0.1:${P}`,
        `http://127.0.0.1:${Q}/`,
        ` http://127.0.0.1:${Q} `,
        `http://localhost:${Q}`,
        `http://evil.example:${Q}`,
        `http://2130706433:${Q}`,
        `http://0x7f.0.0.1:${Q}`,
        `http://iusopen.ezvizlife.com:${Q}`,
        `http://open.ys7.com:${Q}`,
        `https://iusopen.ezvizlife.com:${S}`,
        `https://open.ys7.com:${S}`,
        `https://isgpopen.ezviz.com:${S}`,
        `https://x.ezvizru.com:${S}`,
        `https://EZVIZLIFE.COM:${S}`,
        `https://evil.example:${S}`,
        `https://127.0.0.1:${S}`,
        `https://evilys7.com:${S}`,
        `https://ys7.com.evil.example:${S}`,
        `https://open.ys7.com@evil.example:${S}`,
        `https://user:pw@open.ys7.com:${S}`,
        `https://open.ys7.com:${S}/api?x=1`,
        `https://open.ys7.com:${S}#f`,
        `https://open.ys7.com:${S}/path`,
        `ftp://127.0.0.1:${Q}`,
        `javascript:alert(1)`,
        `file:///etc/passwd`,
        `iusopen.ezvizlife.com`,
        `//evil.example:${Q}`,
        `http:/evil.example:${Q}`,
        `https://`,
        `http://:${Q}`,
        `https://evil.example\\.ys7.com:${S}`,
        `https://ys7\u3002com:${S}`,
        `HTTP://127.0.0.1:${Q}`,
        `http://127.0.0.1:${Q}\n.ys7.com`,
        `https://open.ys7.com.:${S}`,
      ),
    },
    { weight: 2, arbitrary: wrong },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  );
}

function tokenData(ports: Ports): fc.Arbitrary<unknown> {
  const expire = fc.oneof(
    { weight: 3, arbitrary: fc.constant('FUTURE_MS') },
    fc.constantFrom<unknown>(
      undefined,
      'PAST_MS',
      'SECONDS',
      0,
      -1,
      1e21,
      '1470810222045',
      'tomorrow',
      null,
      { toString: 1 },
      [],
      1.5,
      new Raw('1e400'),
    ),
    wrong,
  );
  const access = fc.oneof(
    { weight: 8, arbitrary: fc.constant(TOKEN_PLACEHOLDER) },
    fc.constantFrom<unknown>(undefined, '', null, 42, { toString: 1 }, ['at.x'], true),
    wrong,
  );
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record(
        { accessToken: access, expireTime: expire, areaDomain: areaArb(ports) },
        { requiredKeys: [] },
      ),
    },
    { weight: 1, arbitrary: json },
  );
}

// ---- the reply ------------------------------------------------------------------------------

const CODES = fc.oneof(
  { weight: 24, arbitrary: fc.constant<unknown>('200') },
  { weight: 3, arbitrary: fc.constant<unknown>(200) },
  {
    weight: 6,
    arbitrary: fc.constantFrom<unknown>(
      '10002',
      '20008',
      '49999',
      '10029',
      '60030',
      '20007',
      '10001',
      '60020',
      '20014',
      '10005',
      '60009',
      20008,
      10029,
      '0',
      '201',
      '2000',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      '',
      ' 200',
      '200 ',
      '200.0',
      200.5,
      -200,
      'OK',
      'success',
      '__code__',
      '1e2',
      2 ** 53 + 2,
      null,
      true,
      { toString: 1 },
      ['200'],
      {},
    ),
  },
);

const MSGS = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom<unknown>('Operation succeeded!', '操作成功!', 'ok', '') },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      '__code__',
      '__msg__ {{code}} $t(status.ok)',
      'a\nb\r\u0000c',
      '<b>x</b>',
      undefined,
      null,
      42,
      { toString: 1 },
      ['x'],
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
);

export interface BodyPlan {
  body: Body;
  /** For token replies: the value placeholder to substitute (a fresh token per reply). */
  token?: boolean;
}

/** The settings and firmware calls answer codes of their own too (docs/api/media-api.md sections 5, 6). */
const UPKEEP = fc.oneof(
  { weight: 3, arbitrary: CODES },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(...UPKEEP_CODES) },
);

/** Envelope text with Raw values and a fresh token put in. */
function envelope(op: FuzzOp, ports: Ports): fc.Arbitrary<Body> {
  const env = fc
    .tuple(
      UPKEEP_OPS.includes(op) ? UPKEEP : CODES,
      MSGS,
      fc.oneof({ weight: 8, arbitrary: dataArb(op, ports) }, { weight: 1, arbitrary: fc.constant(undefined) }),
      fc.dictionary(fc.constantFrom('extra', 'Code', 'result', '__proto__', 'constructor'), json, { maxKeys: 2 }),
      fc.boolean(),
    )
    .map(([code, msg, data, extra, codeFirst]) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(extra))
        Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      const put = (k: string, v: unknown) => {
        if (v !== undefined)
          Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      };
      if (codeFirst) put('code', code);
      put('msg', msg);
      put('data', data);
      if (!codeFirst) put('code', code);
      return { t: 'text', s: stringify(o) } as Body;
    });
  return op === 'alarm-list' ? withPage(env) : env;
}

const OK_HEAD = '{"code":"200","msg":"ok","data":';

/** Bodies of the big kinds: deep nesting, huge strings and arrays, over the limit (some gzip). */
function bigBody(op: FuzzOp): fc.Arbitrary<{ body: Body; gzip?: boolean }> {
  const field = op === 'storage-info' ? 'status' : op === 'preset-add' ? 'index' : op === 'token' ? 'accessToken' : 'x';
  const depth = fc.constantFrom(1000, 20000, 100000);
  return fc.oneof(
    ...(op === 'alarm-list' ? ALARM_BIG : []),
    depth.map((n) => ({ body: { t: 'big', parts: [OK_HEAD, ['[', n], [']', n], '}'] } as Body })),
    depth.map((n) => ({ body: { t: 'big', parts: [`${OK_HEAD}{"${field}":`, ['[', n], [']', n], '}}'] } as Body })),
    depth.map((n) => ({
      body: { t: 'big', parts: [`${OK_HEAD}{"${field}":1,"deep":`, ['{"a":', n], '1', ['}', n], '}}'] } as Body,
    })),
    depth.map((n) => ({
      body: {
        t: 'big',
        parts: [
          ['[', n],
          [']', n],
        ],
      } as Body,
    })),
    // Huge strings and arrays below the limit.
    fc.constantFrom(100000, 900000).map((n) => ({
      body: { t: 'big', parts: ['{"code":"200","msg":"', ['m', n], '","data":{"index":3,"userName":"u"}}'] } as Body,
    })),
    fc.constantFrom(300000, 900000).map((n) => ({
      body: {
        t: 'big',
        parts: [`${OK_HEAD}{"index":2,"${op === 'storage-info' ? 'userName' : 'pad'}":"`, ['x', n], '"}}'],
      } as Body,
    })),
    fc.constantFrom(1000, 200000).map((n) => ({ body: { t: 'big', parts: [OK_HEAD, '[', ['0,', n], '0]}'] } as Body })),
    fc
      .constantFrom(1000, 200000)
      .map((n) => ({ body: { t: 'big', parts: [`${OK_HEAD}{"${field}":[`, ['1,', n], '1]}}'] } as Body })),
    // Over the limit: plain, and gzip bombs small on the wire.
    fc
      .constantFrom(1_100_000, 1_500_000)
      .map((n) => ({ body: { t: 'big', parts: [`${OK_HEAD}{"index":1,"pad":"`, [' ', n], '"}}'] } as Body })),
    fc.constantFrom(1_100_000, 4_000_000).map((n) => ({
      gzip: true,
      body: { t: 'big', parts: [`${OK_HEAD}{"index":1,"pad":"`, [' ', n], '"}}'] } as Body,
    })),
    fc.constantFrom(1_200_000).map((n) => ({ body: { t: 'big', parts: ['<html>', ['x', n], '</html>'] } as Body })),
  );
}

const NON_JSON = fc.constantFrom<string>(
  '<html><body>502 Bad Gateway</body></html>',
  'OK',
  '{"code":"200"',
  '{"code":"200",}',
  '{"code":"200","msg":"ok"} trailing',
  'null',
  'undefined',
  '{code:200}',
  '\u0000\u0001',
  "{'code':'200'}",
  '[{"code":"200"}]',
  '"200"',
  '200',
  'NaN',
);

function bodyArb(op: FuzzOp, ports: Ports): fc.Arbitrary<{ body: Body; gzip?: boolean }> {
  return fc.oneof(
    { weight: 30, arbitrary: envelope(op, ports).map((body) => ({ body })) },
    {
      weight: 3,
      arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => ({ body: { t: 'text', s: JSON.stringify(v) } as Body })),
    },
    { weight: 2, arbitrary: NON_JSON.map((s) => ({ body: { t: 'text', s } as Body })) },
    { weight: 2, arbitrary: fc.constant({ body: { t: 'none' } as Body }) },
    { weight: 1, arbitrary: bigBody(op) },
    { weight: 1, arbitrary: envelope(op, ports).map((body) => ({ body, gzip: true })) },
  );
}

const RETRY_AFTER = fc.constantFrom(
  '0',
  '1',
  '2',
  '30',
  '31',
  '3600',
  '1e9',
  '99999999999999999999',
  '-1',
  '1.5',
  'soon',
  '',
  'Wed, 21 Oct 2099 07:28:00 GMT',
  'Thu, 01 Jan 1970 00:00:00 GMT',
  '\t5',
);

function locationArb(ports: Ports): fc.Arbitrary<string> {
  const Q = ports.foreign;
  return fc.constantFrom(
    `http://127.0.0.1:${Q}/api/lapp/steal`,
    `http://evil.example:${Q}/api/lapp/token/get`,
    `//127.0.0.1:${Q}/x`,
    '/api/lapp/token/get',
    `https://evil.example:${ports.tls}/x`,
    `http://localhost:${Q}/`,
    '',
    'x:y',
  );
}

const STATUS = fc.oneof(
  { weight: 40, arbitrary: fc.constant(200) },
  { weight: 2, arbitrary: fc.constantFrom(201, 202, 203, 206, 226, 299) },
  { weight: 4, arbitrary: fc.constantFrom(300, 301, 302, 303, 307, 308) },
  { weight: 4, arbitrary: fc.constantFrom(400, 401, 403, 404, 405, 408, 409, 410, 413, 418, 429, 429, 429, 451, 499) },
  { weight: 4, arbitrary: fc.constantFrom(500, 501, 502, 503, 503, 504, 507, 599) },
  { weight: 1, arbitrary: fc.constantFrom(100, 102, 103, 150, 199) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 599 }).filter((s) => s !== 204 && s !== 205 && s !== 304) },
);

const DELIVERY = fc.oneof(
  { weight: 60, arbitrary: fc.constant<Delivery>('whole') },
  { weight: 1, arbitrary: fc.constant<Delivery>('trickle') },
  { weight: 1, arbitrary: fc.constant<Delivery>('half-close') },
  { weight: 1, arbitrary: fc.constant<Delivery>('half-hang') },
  { weight: 1, arbitrary: fc.constant<Delivery>('hang') },
  { weight: 1, arbitrary: fc.constant<Delivery>('drop') },
  { weight: 1, arbitrary: fc.constant<Delivery>('continue') },
);

/** The upkeep fuzzers also get replies that come after the client's deadline (the server acted). */
const UPKEEP_DELIVERY = fc.oneof(
  { weight: 12, arbitrary: DELIVERY },
  { weight: 1, arbitrary: fc.constant<Delivery>('late') },
);

const CONTENT_TYPE = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | undefined>('application/json;charset=UTF-8') },
  fc.constantFrom<string | undefined>(
    undefined,
    'text/html',
    'application/json',
    'text/plain; charset=gbk',
    'application/octet-stream',
  ),
);

/** Whether a reply makes the client wait for its deadline. */
export function slow(r: Reply): boolean {
  return r.delivery === 'hang' || r.delivery === 'trickle' || r.delivery === 'half-hang' || r.delivery === 'late';
}

/** One generated reply of `op`'s path. */
export function replyArb(op: FuzzOp, ports: Ports): fc.Arbitrary<Reply> {
  return fc
    .tuple(
      STATUS,
      bodyArb(op, ports),
      UPKEEP_OPS.includes(op) ? UPKEEP_DELIVERY : DELIVERY,
      CONTENT_TYPE,
      fc.option(RETRY_AFTER, { freq: 3 }),
      locationArb(ports),
      fc.oneof(
        { weight: 20, arbitrary: fc.constant<boolean | number | undefined>(true) },
        fc.constantFrom<boolean | number | undefined>(false, 5, 2 ** 31),
      ),
    )
    .map(([status, { body, gzip }, delivery, type, retryAfter, location, length]) => {
      const headers: Array<[string, string]> = [];
      if (type) headers.push(['Content-Type', type]);
      if (retryAfter !== null && (status === 429 || status === 503 || retryAfter.length % 2 === 0))
        headers.push(['Retry-After', retryAfter]);
      if (status >= 300 && status < 400) headers.push(['Location', location]);
      let len = length;
      if (typeof len === 'number' && len === 5 && body.t === 'none') len = true;
      // A raw informational status as the final one carries no body the client could read.
      if (status < 200) return { status, headers, body, delivery: 'whole', length: len } as Reply;
      // A trickle has no length (its body never ends); a reply cut half way declares its full one.
      if (delivery === 'trickle') len = false;
      if (delivery === 'half-close' || delivery === 'half-hang')
        len = typeof len === 'number' && len > 1 << 20 ? len : true;
      return { status, headers, body, delivery, gzip, length: len };
    });
}

/** The well-behaved reply of `op` (for requests the case does not fuzz). */
export function goodReply(op: FuzzOp, token?: string): Reply {
  const data =
    op === 'storage-info'
      ? { status: 1, totalDays: 7, startTime: 1700000000000, expireTime: 1800000000000 }
      : op === 'preset-add'
        ? { index: 3 }
        : op === 'capture'
          ? { picUrl: 'https://pic.ys7.example/cap/good.jpg' }
          : op === 'live'
            ? {
                url: 'https://open.ys7.example/v3/openlive/GOOD_1_1.m3u8?expire=1',
                id: 'good',
                expireTime: '2026-03-01 10:00:00',
              }
            : op === 'token'
              ? { accessToken: token, expireTime: Date.now() + 7 * 864e5 }
              : undefined;
  return {
    status: 200,
    headers: [['Content-Type', 'application/json']],
    delivery: 'whole',
    body: { t: 'text', s: JSON.stringify({ code: '200', msg: 'Operation succeeded!', data }) },
  };
}

/** A token reply's body with its placeholders filled (a fresh token, expireTime kinds). */
export function fillToken(reply: Reply, now: number): { reply: Reply; token?: string } {
  if (
    reply.body.t !== 'text' ||
    (!reply.body.s.includes('"at.__FRESH__"') && !reply.body.s.includes('_MS"') && !reply.body.s.includes('"SECONDS"'))
  )
    return { reply };
  let token: string | undefined;
  const s = reply.body.s
    .replace(/"at\.__FRESH__"/g, () => JSON.stringify((token ??= freshToken())))
    .replace(/"FUTURE_MS"/g, String(now + 7 * 864e5))
    .replace(/"PAST_MS"/g, String(now - 3600e3))
    .replace(/"SECONDS"/g, String(Math.floor(now / 1000) + 7 * 86400));
  return { reply: { ...reply, body: { t: 'text', s } }, token };
}

// ---- alarm list replies (docs/api/more-api.md: data an array of alarms, newest first, and a page) --

/** alarmTime placeholders, filled as the reply is served (fillAlarm): between the deploy and the
 * request's endTime (RECENT), around the deploy (EDGE), before it (OLD), after the endTime
 * (FUTURE), RECENT as a digit string. */
const alarmTime = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 120000 }).map((n) => `@T:RECENT:${n}`) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2000 }).map((n) => `@T:EDGE:${n}`) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 6 * 864e5 }).map((n) => `@T:OLD:${n}`) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 864e5 }).map((n) => `@T:FUTURE:${n}`) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 60000 }).map((n) => `@T:DIGITS:${n}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      0,
      -1,
      -1e12,
      1e21,
      8.64e15,
      8.64e15 + 2,
      2 ** 53 + 2,
      1.5e12 + 0.5,
      Number.MAX_SAFE_INTEGER,
      new Raw('1e400'),
      new Raw('-0'),
      '2026-01-01T00:00:00Z',
      'NaN',
      '',
    ),
  },
);

const ALARM_FIELDS = [
  'alarmId',
  'alarmName',
  'alarmType',
  'alarmTime',
  'channelNo',
  'isEncrypt',
  'isChecked',
  'deviceSerial',
  'alarmPicUrl',
];

/** A documented alarm (ids from a small pool: the same alarm comes again within and across pages). */
const alarmItem: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    alarmId: fc.oneof(
      { weight: 12, arbitrary: fc.nat(30).map((n) => `al-${n}`) },
      fc.constantFrom<unknown>(7, 123456789, 2 ** 53 + 2, 1.5, '', ' ', 'x'.repeat(300), 'id\u0000x'),
    ),
    alarmName: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('Motion detected', 'PIR', '\u79fb\u52a8\u4fa6\u6d4b', '') },
      fc.string({ maxLength: 12 }),
      fc.constant('n'.repeat(2000)),
    ),
    alarmType: fc.constantFrom<unknown>(10000, 10002, 10016, 10002, -1, 0),
    alarmTime,
    channelNo: fc.oneof(
      { weight: 5, arbitrary: fc.integer({ min: 1, max: 16 }) },
      fc.constantFrom<unknown>(0, -1, '2'),
    ),
    isEncrypt: fc.constantFrom<unknown>(0, 1, true, false),
    isChecked: fc.constantFrom<unknown>(0, 1),
    deviceSerial: fc.constantFrom<unknown>('C00000001', 'C00000002', 'D12345678', 'c00000001', ' C00000002 ', 'C 1'),
    alarmPicUrl: fc.constantFrom<unknown>(
      'https://pic.ys7.example/a.jpg?Expires=1&sig=x',
      '',
      'http://127.0.0.1:9/p.jpg',
      'javascript:alert(1)',
      '/rel.jpg',
    ),
  },
  { requiredKeys: ['alarmId', 'alarmTime', 'deviceSerial', 'alarmType', 'channelNo'] },
);

/** Alarms with wrong types, a required field missing, or any JSON value. */
const anyAlarm = fc.oneof(
  { weight: 10, arbitrary: alarmItem },
  { weight: 4, arbitrary: mutated(alarmItem, ALARM_FIELDS) },
  {
    weight: 1,
    arbitrary: fc.tuple(alarmItem, fc.constantFrom('alarmId', 'alarmTime', 'deviceSerial')).map(([a, k]) => {
      const o = { ...a };
      delete o[k];
      return o;
    }),
  },
  { weight: 1, arbitrary: json },
);

/** `data` of an alarm list reply: short lists, full pages (50: paging goes on), longer ones,
 * duplicates within the page, anything. */
function alarmData(anyData: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(anyAlarm, { maxLength: 6 }) },
    { weight: 2, arbitrary: fc.array(anyAlarm, { minLength: 50, maxLength: 50 }) },
    { weight: 1, arbitrary: fc.array(anyAlarm, { minLength: 51, maxLength: 70 }) },
    { weight: 1, arbitrary: fc.array(alarmItem, { minLength: 1, maxLength: 4 }).map((a) => [...a, ...a]) },
    { weight: 2, arbitrary: anyData },
  );
}

/** The page object of every kind: missing, consistent or not with the items, huge (endless
 * paging claims), negative, wrong types. */
const alarmPageArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        total: fc.oneof(
          fc.nat(200),
          fc.constantFrom<unknown>(0, 50, 51, 100, 1e9, 2 ** 53 + 2, -1, -50, 1e21, '1000', new Raw('1e400')),
        ),
        page: fc.oneof(fc.nat(5), fc.constantFrom<unknown>(-1, 1e9, '0')),
        size: fc.constantFrom<unknown>(50, 10, 0, -1, 1e9),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 3, arbitrary: fc.record({ total: wrong, page: wrong, size: wrong }, { requiredKeys: [] }) },
  { weight: 2, arbitrary: wrong },
);

/** An envelope with a page object put in (the envelope's text is an object's). */
function withPage(env: fc.Arbitrary<Body>): fc.Arbitrary<Body> {
  return fc.tuple(env, alarmPageArb).map(([b, page]) => {
    if (page === undefined || b.t !== 'text') return b;
    const s = b.s === '{}' ? `{"page":${stringify(page)}}` : `${b.s.slice(0, -1)},"page":${stringify(page)}}`;
    return { t: 'text', s } as Body;
  });
}

/** Big alarm lists: thousands of the same alarm on one page (below the limit), and over it. */
const BIG_ALARM =
  '{"alarmId":"big-1","alarmName":"m","alarmType":10002,"alarmTime":4102444800000,"channelNo":1,' +
  '"isEncrypt":0,"isChecked":0,"deviceSerial":"C00000001","alarmPicUrl":""}';
const ALARM_BIG = [
  fc.constantFrom(2000, 5000, 9000).map((n) => ({
    body: {
      t: 'big',
      parts: [OK_HEAD, '[', [`${BIG_ALARM},`, n], BIG_ALARM, '],"page":{"total":1000000000,"page":0,"size":50}}'],
    } as Body,
  })),
];

/** An alarm reply's body with its alarmTime placeholders filled (`end`: the request's endTime,
 * `deploy`: when the flow was deployed). */
export function fillAlarm(reply: Reply, end: number, deploy: number): Reply {
  if (reply.body.t !== 'text' || !reply.body.s.includes('"@T:')) return reply;
  const s = reply.body.s.replace(/"@T:(RECENT|EDGE|OLD|FUTURE|DIGITS):(\d+)"/g, (_m, kind: string, n: string) => {
    const k = Number(n);
    const recent = end - (end > deploy ? k % (end - deploy + 1) : 0);
    if (kind === 'RECENT') return String(recent);
    if (kind === 'EDGE') return String(deploy - 1000 + k);
    if (kind === 'OLD') return String(deploy - k);
    if (kind === 'FUTURE') return String(end + 3600e3 + k);
    return JSON.stringify(String(recent));
  });
  return { ...reply, body: { t: 'text', s } };
}
