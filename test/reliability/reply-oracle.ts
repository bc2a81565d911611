// The reference model of the reply fuzzer, written from the contract (docs/behaviour.md sections 4, 7 and
// 8, docs/api/open-api.md section 2), independently of the package's code: what a reply is (classify), which
// success payloads are documented (checkPayload), which errors fit a reply (checkError), and
// where the token may go (areaPermitted).

import type { OperationName } from '../../client/operations/operations';
import { bodyBytes, Reply } from './reply-world';
import { UPKEEP_OPS, upkeepDataClass, type UpkeepFuzzOp } from './upkeep-replies';

export type FuzzOp = OperationName | 'token' | 'alarm-list' | StateFuzzOp | UpkeepFuzzOp;
/** The camera-state calls (replies-state.test.ts): a switch set, its status, device/info and status/get. */
export type StateFuzzOp = 'switch-set' | 'switch-status' | 'device-info' | 'device-status';

/** The size limit of a reply body (docs/behaviour.md section 8). Bodies generated stay clear of its edge. */
export const LIMIT = 1 << 20;

// ---- documented shapes ------------------------------------------------------------------------

type FieldType = 'string' | 'serial' | 'int' | 'record';

/** docs/api/open-api.md section 2.1: the cloud storage record (data of storage-info). */
export const STORAGE_FIELDS: Readonly<Record<string, FieldType>> = {
  userName: 'string',
  deviceSerial: 'serial',
  channelNo: 'int',
  totalDays: 'int',
  status: 'int',
  validDays: 'int',
  startTime: 'int',
  expireTime: 'int',
  serviceDetail: 'record',
};
/** serviceDetail: the same fields but validDays and serviceDetail (docs/api/open-api.md section 2.1). */
export const DETAIL_FIELDS: Readonly<Record<string, FieldType>> = {
  userName: 'string',
  deviceSerial: 'serial',
  channelNo: 'int',
  totalDays: 'int',
  startTime: 'int',
  expireTime: 'int',
  status: 'int',
};
/** What the node adds to a storage record (docs/behaviour.md section 4). */
const ADDED = ['statusText', 'startDate', 'expireDate'];

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** A documented int: a safe integer JSON number. */
function intOk(v: unknown): 'ok' | 'bad' | 'either' {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? 'ok' : Number.isInteger(v) ? 'either' : 'bad';
  // Digits in a string: a lenient reading may take them (and must then give a number).
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v)) return 'either';
  if (v === null) return 'either'; // null as "not given"
  return 'bad';
}

function fieldOk(t: FieldType, v: unknown, detailFields: Record<string, FieldType>): 'ok' | 'bad' | 'either' {
  // A text: the contract sets no length, so a reading may refuse a very long one (a user name of
  // a kilobyte is no user name).
  if (t === 'string' || t === 'serial') {
    if (typeof v === 'string') return v.length <= 1024 ? 'ok' : 'either';
    // The serial is "long in the storage operations" (docs/api/open-api.md section 2.3): a number may be read as its digits.
    if (t === 'serial' && typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return 'either';
    return v === null ? 'either' : 'bad';
  }
  if (t === 'int') return intOk(v);
  if (v === null) return 'either';
  return isObj(v) ? recordOk(v, detailFields, {}) : 'bad';
}

function recordOk(
  rec: Record<string, unknown>,
  fields: Record<string, FieldType>,
  inner: Record<string, FieldType>,
): 'ok' | 'bad' | 'either' {
  let worst: 'ok' | 'bad' | 'either' = 'ok';
  for (const [k, t] of Object.entries(fields)) {
    if (!own(rec, k)) continue;
    const r = fieldOk(t, rec[k], inner);
    if (r === 'bad') return 'bad';
    if (r === 'either') worst = 'either';
  }
  return worst;
}

/** A capture's picture URL as the contract accepts it: http(s), a host, no blanks around, not huge. */
function picUrlOk(u: unknown): boolean {
  if (typeof u !== 'string' || u.length > 4096 || u.trim() !== u) return false;
  try {
    const url = new URL(u);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A live address reply's fields as docs/behaviour.md sections 13 and 8 accept them, for an hls request: url an
 * http(s) URL with a host (no blank or control character, at most 4096 characters), id absent or
 * a short id (letters, digits, `_.:-`, at most 128) or a whole number, expireTime absent or a real
 * date (`yyyy-MM-dd HH:mm:ss`, years 2000-2199, or ms since the epoch). */
function liveOk(data: Record<string, unknown>): boolean {
  const u = data.url;
  if (typeof u !== 'string' || u.length > 4096 || /[\s\u0000-\u001f\u007f]/.test(u)) return false;
  try {
    const url = new URL(u);
    if (!(url.protocol === 'http:' || url.protocol === 'https:') || url.hostname === '') return false;
  } catch {
    return false;
  }
  const id = data.id;
  const idOk =
    id === undefined ||
    id === null ||
    (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) ||
    (typeof id === 'string' && /^[A-Za-z0-9_.:-]{1,128}$/.test(id));
  const t = data.expireTime;
  let timeOk =
    t === undefined || t === null || (typeof t === 'number' && Number.isSafeInteger(t) && t >= 1e12 && t < 4.1e12);
  const m = typeof t === 'string' ? /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(t) : null;
  if (m) {
    const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
    const x = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    timeOk =
      y >= 2000 &&
      y <= 2199 &&
      x.getUTCMonth() === mo - 1 &&
      x.getUTCDate() === d &&
      x.getUTCHours() === h &&
      x.getUTCMinutes() === mi &&
      x.getUTCSeconds() === s;
  }
  return idOk && timeOk;
}

/** What a 200 reply's `data` must be for `op`: 'ok' (success), 'bad' (BAD_REPLY), 'either'. */
export function dataClass(op: FuzzOp, envelope: Record<string, unknown>): 'ok' | 'bad' | 'either' {
  const data = envelope.data;
  // The settings and firmware calls (docs/api/media-api.md sections 5 and 6): upkeep-replies.ts.
  if (UPKEEP_OPS.includes(op)) return upkeepDataClass(op as UpkeepFuzzOp, envelope);
  switch (op) {
    case 'storage-info':
      if (!isObj(data)) return 'bad';
      return recordOk(data, STORAGE_FIELDS, DETAIL_FIELDS);
    case 'preset-add': {
      if (!isObj(data) || !own(data, 'index')) return 'bad';
      const i = data.index;
      if (typeof i === 'number') return Number.isSafeInteger(i) && i >= 1 ? 'ok' : 'bad';
      if (typeof i === 'string' && /^\d{1,6}$/.test(i)) return Number(i) >= 1 ? 'either' : 'bad';
      return 'bad';
    }
    case 'capture': {
      // data.picUrl: an absolute http(s) URL, as sent (docs/behaviour.md section 11); anything else BAD_REPLY.
      if (!isObj(data) || !own(data, 'picUrl')) return 'bad';
      return picUrlOk(data.picUrl) ? 'ok' : 'bad';
    }
    case 'live':
      return isObj(data) && own(data, 'url') && liveOk(data) ? 'ok' : 'bad';
    case 'token': {
      if (!isObj(data)) return 'bad';
      const t = data.accessToken;
      return typeof t === 'string' && t.length > 0 && t.length < 4096 && /^[\x21-\x7e]+$/.test(t)
        ? 'ok'
        : typeof t === 'string' && t.length > 0
          ? 'either'
          : 'bad';
    }
    case 'alarm-list':
      // data: an array of alarms (docs/api/more-api.md), whatever its items (each is checked on its
      // own: replies-alarm.test.ts); `page` is advisory and never makes a reply bad. No data at
      // all may be read as an empty list or refused (the contract leaves it open).
      if (data === undefined || data === null) return 'either';
      return Array.isArray(data) ? 'ok' : 'bad';
    default:
      // No data documented: whatever is there is ignored; msg a string (or absent).
      return envelope.msg === undefined || typeof envelope.msg === 'string' ? 'ok' : 'either';
  }
}

// ---- what a reply is --------------------------------------------------------------------------

export type Class =
  | { k: 'ok'; envelope: Record<string, unknown> }
  | { k: 'either'; envelope: Record<string, unknown> } // success with a documented payload, or BAD_REPLY
  | { k: 'bad' } // code 200, shape not the documented one: http BAD_REPLY
  | { k: 'api'; code: string; msg: unknown } // an API error code
  | { k: 'api?' } // a code of an odd form: any api or http error
  | { k: 'http'; status: number; large: boolean; cut?: boolean } // a non-2xx status: http HTTP_<status>
  | { k: 'nonjson' } // 2xx whose body is no envelope: an http error
  | { k: 'large' } // body over 1 MiB: http REPLY_TOO_LARGE
  | { k: 'timeout' } // the reply never completes: network ETIMEDOUT
  | { k: 'broken' }; // the connection fails or the reply is malformed HTTP: network or http error

/** How the client must see the reply the server sent (before any flakiness of the machine). */
export function classify(op: FuzzOp, reply: Reply): Class {
  const bytes = bodyBytes(reply.body);
  const declared = reply.length;
  const big = typeof declared === 'number' && declared > LIMIT;
  // A status that is not 2xx is an error whatever follows it (a client need not read the body).
  const errorStatus = reply.status >= 300 && reply.status <= 599;
  switch (reply.delivery) {
    case 'hang':
    case 'late': // (after the deadline of the fuzzers that generate it)
      return { k: 'timeout' };
    case 'trickle':
    case 'half-hang':
      if (errorStatus) return { k: 'http', status: reply.status, large: big, cut: true };
      return big ? { k: 'large' } : { k: 'timeout' };
    case 'drop':
      return { k: 'broken' };
    case 'half-close':
      if (errorStatus) return { k: 'http', status: reply.status, large: big, cut: true };
      return big ? { k: 'large' } : { k: 'broken' };
    default:
  }
  if (reply.status < 200 || reply.status > 599) return { k: 'broken' };
  // A length that is not the body's: the reply ends early, or bytes follow the declared end.
  if (typeof declared === 'number' && declared !== bytes.length) {
    return reply.status >= 300 && reply.status <= 599
      ? { k: 'http', status: reply.status, large: false, cut: true }
      : { k: 'broken' };
  }
  if (reply.status < 200 || reply.status > 299) return { k: 'http', status: reply.status, large: bytes.length > LIMIT };
  if (reply.body.t !== 'big') return bodyClass(op, bytes);
  // A large body is one of a few dozen the generator makes, its bytes shared (bodyBytes): parsed
  // once per operation, not each time a reply with it is judged (a megabyte of JSON took 20-50 ms).
  let byOp = bigClasses.get(bytes);
  if (!byOp) {
    if (bigClasses.size >= 64) bigClasses.clear(); // (a parsed megabyte is held with its class)
    bigClasses.set(bytes, (byOp = new Map()));
  }
  let c = byOp.get(op);
  if (!c) byOp.set(op, (c = bodyClass(op, bytes)));
  return c;
}

/** The classes of the large bodies judged lately, by their bytes and operation. */
const bigClasses = new Map<Buffer, Map<FuzzOp, Class>>();

/** How the client must see a 2xx body read whole (of a reply whose length was right). */
function bodyClass(op: FuzzOp, body: Buffer): Class {
  if (body.length > LIMIT) return { k: 'large' };
  let v: unknown;
  try {
    v = JSON.parse(body.toString('utf8').replace(/^\ufeff/, '')); // (a BOM may be read past)
  } catch {
    return { k: 'nonjson' };
  }
  if (!isObj(v)) return { k: 'nonjson' };
  const code = v.code;
  if (typeof code !== 'string' && typeof code !== 'number') return { k: 'nonjson' };
  const canonical = typeof code === 'number' ? Number.isSafeInteger(code) && code >= 0 : /^\d{1,9}$/.test(code);
  if (!canonical) return { k: 'api?' };
  const c = String(code);
  if (c !== '200') return { k: 'api', code: c, msg: v.msg };
  const d = dataClass(op, v);
  return d === 'ok' ? { k: 'ok', envelope: v } : d === 'either' ? { k: 'either', envelope: v } : { k: 'bad' };
}

/** Failures an idempotent operation retries (docs/behaviour.md section 5, s8): network, 5xx, 429, 20008, 10029, 49999. */
export function transient(c: Class): boolean | undefined {
  switch (c.k) {
    case 'timeout':
    case 'broken':
      return true;
    case 'http':
      if (c.cut) return undefined;
      return c.status >= 500 || c.status === 429 ? true : c.status >= 300 && c.status < 500 ? false : undefined;
    case 'api':
      return ['20008', '10029', '49999'].includes(c.code);
    case 'bad':
      return false;
    default:
      return undefined; // not judged (success, odd codes, non-JSON 2xx, too large)
  }
}

// ---- outcomes ---------------------------------------------------------------------------------

const SOURCES = new Set(['api', 'validation', 'network', 'http', 'local']);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$|^[+-]\d{6}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** Nothing in a message a flow would choke on: no undefined, NaN, Infinity, functions, "[object Object]". */
export function clean(v: unknown, where: string, problems: string[], depth = 0): void {
  if (problems.length > 5) return;
  if (v === undefined) problems.push(`${where} is undefined`);
  else if (typeof v === 'number') {
    if (!Number.isFinite(v)) problems.push(`${where} is ${v}`);
  } else if (typeof v === 'string') {
    if (v.includes('[object Object]')) problems.push(`${where} holds "[object Object]"`);
  } else if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') {
    problems.push(`${where} is a ${typeof v}`);
  } else if (v && typeof v === 'object') {
    if (depth > 6) {
      problems.push(`${where} nested deeper than any documented shape`);
      return;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== Array.prototype)
      problems.push(`${where} is a ${proto?.constructor?.name ?? 'null-prototype object'}`);
    for (const k of Object.keys(v)) clean((v as Record<string, unknown>)[k], `${where}.${k}`, problems, depth + 1);
  }
}

function checkRecord(
  p: unknown,
  fields: Record<string, FieldType>,
  reply: Record<string, unknown> | undefined,
  where: string,
  problems: string[],
  exact: boolean,
): void {
  if (!isObj(p)) {
    problems.push(`${where} is not an object: ${JSON.stringify(p)?.slice(0, 80)}`);
    return;
  }
  for (const [k, v] of Object.entries(p)) {
    if (ADDED.includes(k)) {
      if (k === 'statusText' ? typeof v !== 'string' : v !== null && !(typeof v === 'string' && ISO.test(v))) {
        problems.push(`${where}.${k} = ${JSON.stringify(v)?.slice(0, 80)}`);
      }
      continue;
    }
    const t = fields[k];
    if (!t) {
      problems.push(`${where}.${k}: not a documented field`);
      continue;
    }
    if ((t === 'string' || t === 'serial') && typeof v !== 'string')
      problems.push(`${where}.${k} is not a string: ${JSON.stringify(v)?.slice(0, 80)}`);
    if (t === 'int' && !(typeof v === 'number' && Number.isInteger(v)))
      problems.push(`${where}.${k} is not an int: ${JSON.stringify(v)?.slice(0, 80)}`);
    if (t === 'record')
      checkRecord(
        v,
        DETAIL_FIELDS,
        isObj(reply?.[k]) ? (reply![k] as Record<string, unknown>) : undefined,
        `${where}.${k}`,
        problems,
        exact,
      );
  }
  // A documented field of the documented type is passed on as it came.
  if (exact && reply) {
    for (const [k, t] of Object.entries(fields)) {
      if (!own(reply, k) || t === 'record') continue;
      const rv = reply[k];
      if (fieldOk(t, rv, {}) !== 'ok') continue;
      if ((p as Record<string, unknown>)[k] !== rv)
        problems.push(
          `${where}.${k}: ${JSON.stringify(rv)?.slice(0, 60)} became ${JSON.stringify((p as Record<string, unknown>)[k])?.slice(0, 60)}`,
        );
    }
  }
}

/** The success message of `op` after a reply of class ok/either (docs/behaviour.md section 4, s8). */
export function checkSuccess(op: OperationName, msg: Record<string, unknown>, c: Class, problems: string[]): void {
  const exact = c.k === 'ok';
  const env = c.k === 'ok' || c.k === 'either' ? c.envelope : undefined;
  const p = msg.payload;
  clean(p, 'payload', problems);
  clean(msg.ezviz, 'msg.ezviz', problems);
  const ez = msg.ezviz as Record<string, unknown> | undefined;
  if (
    !isObj(ez) ||
    ez.operation !== op ||
    ez.code !== '200' ||
    typeof ez.msg !== 'string' ||
    !isObj(ez.request) ||
    typeof ez.durationMs !== 'number' ||
    ez.durationMs < 0
  ) {
    problems.push(`msg.ezviz: ${JSON.stringify(ez)?.slice(0, 200)}`);
  }
  switch (op) {
    case 'storage-info':
      checkRecord(
        p,
        STORAGE_FIELDS,
        isObj(env?.data) ? (env!.data as Record<string, unknown>) : undefined,
        'payload',
        problems,
        exact,
      );
      break;
    case 'capture': {
      // The picture URL (no download in these flows), also in msg.ezviz.picUrl.
      if (typeof p !== 'string' || !picUrlOk(p) || !isObj(ez) || ez.picUrl !== p) {
        problems.push(
          `payload ${JSON.stringify(p)?.slice(0, 120)}: not the picture URL (msg.ezviz.picUrl ${JSON.stringify(ez?.picUrl)?.slice(0, 80)})`,
        );
      } else if (exact && env && isObj(env.data) && p !== env.data.picUrl) {
        problems.push(`payload ${p.slice(0, 80)} is not the reply's picUrl`);
      }
      break;
    }
    case 'live': {
      // The address, and msg.ezviz.live = {url, id, protocol, quality, source, expires} (docs/behaviour.md section 13).
      const live = isObj(ez) ? (ez.live as Record<string, unknown>) : undefined;
      const keys = isObj(live) ? Object.keys(live).sort().join(',') : '';
      if (
        typeof p !== 'string' ||
        !isObj(live) ||
        live.url !== p ||
        keys !== 'expires,id,protocol,quality,source,url' ||
        live.protocol !== 'hls' ||
        live.source !== 'live' ||
        typeof live.expires !== 'string'
      ) {
        problems.push(
          `live: payload ${JSON.stringify(p)?.slice(0, 80)}, msg.ezviz.live ${JSON.stringify(live)?.slice(0, 160)}`,
        );
      } else if (exact && env && isObj(env.data)) {
        const id = env.data.id === undefined || env.data.id === null ? null : String(env.data.id);
        if (p !== env.data.url || live.id !== id)
          problems.push(`live: ${p.slice(0, 80)} / ${String(live.id)} are not the reply's url and id`);
      }
      break;
    }
    case 'preset-add': {
      const keys = isObj(p) ? Object.keys(p).sort().join(',') : '';
      const index = isObj(p) ? p.index : undefined;
      if (keys !== 'index' || !(typeof index === 'number' && Number.isSafeInteger(index) && index >= 1)) {
        problems.push(`payload ${JSON.stringify(p)?.slice(0, 120)}: not {index: a positive integer}`);
      } else if (exact && env && isObj(env.data) && index !== env.data.index) {
        problems.push(`payload.index ${index}, reply ${JSON.stringify(env.data.index)}`);
      }
      break;
    }
    default: {
      const keys = isObj(p) ? Object.keys(p).sort().join(',') : '';
      if (
        keys !== 'code,msg' ||
        (p as Record<string, unknown>).code !== '200' ||
        typeof (p as Record<string, unknown>).msg !== 'string'
      ) {
        problems.push(`payload ${JSON.stringify(p)?.slice(0, 120)}: not {code: "200", msg: a string}`);
      } else if (exact && env && typeof env.msg === 'string' && (p as Record<string, unknown>).msg !== env.msg) {
        problems.push("payload.msg is not the reply's msg");
      }
    }
  }
}

/** The shape of msg.error (docs/behaviour.md section 4). */
export function checkErrorShape(err: unknown, op: FuzzOp, problems: string[]): err is Record<string, unknown> {
  if (!isObj(err)) {
    problems.push(`msg.error is ${JSON.stringify(err)?.slice(0, 100)}`);
    return false;
  }
  clean(err, 'msg.error', problems);
  // (An API code is shown as it came, an empty one too.)
  if (
    typeof err.code !== 'string' ||
    (!err.code && err.source !== 'api') ||
    typeof err.message !== 'string' ||
    !err.message ||
    !SOURCES.has(String(err.source)) ||
    typeof err.retriable !== 'boolean' ||
    // (a start or preset call fails with the error of the stop it sends first)
    (err.operation !== op &&
      err.operation !== 'token' &&
      !(err.operation === 'ptz-stop' && (op === 'ptz-start' || op === 'preset-call')))
  ) {
    problems.push(`msg.error ${JSON.stringify(err).slice(0, 300)}`);
    return false;
  }
  return true;
}

/** Whether an error fits the class of the last reply (undefined: fits; else what is wrong). */
export function errorMismatch(c: Class, err: Record<string, unknown>): string | undefined {
  const { code, source } = err as { code: string; source: string };
  const is = (s: string, cd?: string | RegExp) =>
    source === s && (cd === undefined || (typeof cd === 'string' ? code === cd : cd.test(code)));
  const want = (ok: boolean, what: string) => (ok ? undefined : `expected ${what}, got ${source} ${code}`);
  // A machine too busy to read a prompt reply in time: ETIMEDOUT fits any reply (counted apart).
  if (is('network', 'ETIMEDOUT')) return undefined;
  switch (c.k) {
    case 'ok':
      return `expected success, got ${source} ${code}`;
    case 'either':
    case 'bad':
      return want(is('http', 'BAD_REPLY'), 'http BAD_REPLY');
    case 'api':
      return want(is('api', c.code), `api ${c.code}`);
    case 'api?':
      return want(source === 'api' || source === 'http', 'an api or http error');
    case 'http':
      return want(
        is('http', `HTTP_${c.status}`) ||
          (c.status >= 300 && c.status < 400 && is('http', 'HTTP_3xx')) ||
          (c.large && is('http', 'REPLY_TOO_LARGE')) ||
          (!!c.cut && source === 'network'),
        `http HTTP_${c.status}`,
      );
    case 'nonjson':
      return want(source === 'http', 'an http error');
    case 'large':
      return want(is('http', 'REPLY_TOO_LARGE'), 'http REPLY_TOO_LARGE');
    case 'timeout':
      return want(false, 'network ETIMEDOUT');
    case 'broken':
      return want(source === 'network' || source === 'http', 'a network or http error');
  }
}

// ---- where the token may go (docs/behaviour.md section 8, Region) ---------------------------------------------

export const VENDOR = ['ys7.com', 'ezvizlife.com', 'ezvizru.com', 'ezviz.com'];

/** A host name is under a domain; a trailing dot (the fully qualified form) names the same host. */
const under = (host: string, domains: string[]) => {
  const h = host.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => h === d || h.endsWith(`.${d}`));
};

/**
 * The origin (scheme://host:port) every call goes to after a token reply naming `area`, or
 * 'refused' (the token is sent nowhere), or 'base' (no areaDomain: the configured base URL).
 * `undefined` when the contract leaves it open (then either base or refused is right).
 */
export function areaTarget(base: string, area: unknown): string | 'refused' | 'base' | undefined {
  if (area === undefined || area === null || area === '') return 'base';
  if (typeof area !== 'string') return undefined;
  let a: URL;
  const s = area.trim().replace(/\/+$/, '');
  try {
    a = new URL(s);
  } catch {
    return 'refused';
  }
  if (
    (a.protocol !== 'http:' && a.protocol !== 'https:') ||
    a.username ||
    a.password ||
    /[?#]/.test(s) ||
    !a.hostname
  ) {
    return 'refused';
  }
  if (a.pathname !== '/' && a.pathname !== '') return undefined; // a path on the area: not judged
  const b = new URL(base);
  if (a.protocol === 'https:') {
    if (under(b.hostname, VENDOR) && !under(a.hostname, VENDOR)) return 'refused';
    return a.origin;
  }
  return b.protocol === 'http:' && a.hostname === b.hostname ? a.origin : 'refused';
}
