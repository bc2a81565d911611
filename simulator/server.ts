// The simulator's HTTP layer: node:http (or node:https) and a tiny router. API paths come from
// the simulator's own route table (routes.ts, written from the spec); pictures are served under
// /sim-pictures/; the admin endpoint lives under /sim/, which no API path uses.

import * as http from 'http';
import * as https from 'https';
import type { AddressInfo, Socket } from 'net';
import { cameraList, deviceCapacity, deviceList } from './account';
import type { Clock } from './clock';
import { FakeClock, SystemClock } from './clock';
import { normOrigin } from './common';
import type { ApiResult, CallContext } from './common';
import { alarmItem, alarmList, deviceCapture, PICTURE_PREFIX, pictureExists, raiseAlarm } from './media';
import { messageFor } from './messages';
import { runOperation, tokenGet, viewState } from './model';
import { pictureBytes } from './picture';
import { API_PATHS, SECRET_PARAMS, codeAllowed, fieldOf, mergeFields, routeFor } from './routes';
import type { Route } from './routes';
import { SimulatorState, readStateFile } from './state';
import type { StateInput } from './state';

/** Largest accepted request body; a bigger one gets HTTP 413 (and the server keeps running). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Largest admin body (a whole state may be PUT). */
const MAX_ADMIN_BODY_BYTES = 4 * 1024 * 1024;
/** Past this many bytes of an oversized body the connection is dropped instead of drained. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;
/** The request log keeps the newest entries only (option `logLimit`). */
const LOG_LIMIT = 10000;

export type FaultKind = 'latency' | '20008' | '49999' | 'http500' | 'nonjson' | 'drop' | 'code';

export interface FaultSpec {
  kind: FaultKind;
  /** How many matching requests it affects (default 1). */
  count?: number;
  /** Only requests to this API path (default: every API path). */
  path?: string;
  /** Delay for `latency` (ms). */
  ms?: number;
  /** Reply code for kind `code` (e.g. "10029"). */
  code?: string;
}

export interface Fault {
  id: number;
  kind: FaultKind;
  remaining: number;
  path?: string;
  ms?: number;
  code?: string;
}

export interface LogEntry {
  /** clock.now() when the request arrived (ms). */
  time: number;
  method: string;
  path: string;
  /** Form fields, accessToken/appSecret/cardPassword masked as '***'. */
  fields: Record<string, string>;
  /** API reply code, null when the reply was not an API envelope (404, 405, 413, 500, ...). */
  code: string | null;
  /** HTTP status sent; 0 when the connection was dropped. */
  httpStatus: number;
  /** The injected fault that shaped this reply, if any. */
  fault?: FaultKind;
}

export type LogFilter = ((e: LogEntry) => boolean) | { path?: string; method?: string; code?: string | null };

export interface SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** A live state (shared with another simulator), a state JSON object, or a JSON file path. */
  state?: SimulatorState | StateInput | string;
  clock?: Clock;
  /** Added to every API reply (ms, wall-clock). */
  latencyMs?: number;
  /** Entries the request log keeps (newest; default 10000). */
  logLimit?: number;
  /** Serve HTTPS with this key and certificate (PEM). */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

/** An alarm to raise (simulator/README.md, "Alarms"). */
export interface AlarmInput {
  deviceSerial: string;
  channelNo?: number;
  alarmType?: number;
  alarmName?: string;
  /** ms since the epoch (default: the clock's now). */
  alarmTime?: number;
  minutesAgo?: number;
  isChecked?: 0 | 1;
  isEncrypt?: 0 | 1;
  /** false: no picture (alarmPicUrl ''). */
  picture?: boolean;
  alarmId?: string;
}

export interface Simulator {
  url: string;
  port: number;
  state: SimulatorState;
  clock: Clock;
  requestLog(filter?: LogFilter): LogEntry[];
  clearLog(): void;
  injectFault(f: FaultSpec): Fault;
  clearFaults(): void;
  /** Raises an alarm now (input as POST /sim/alarm); returns it as alarm/list lists it. */
  raiseAlarm(input: AlarmInput): Record<string, unknown>;
  faults(): Fault[];
  readonly connectionsOpened: number;
  close(): Promise<void>;
}

const FAULT_KINDS: readonly FaultKind[] = ['latency', '20008', '49999', 'http500', 'nonjson', 'drop', 'code'];
/** Fault kinds that make sense for a picture download (fault path PICTURE_PREFIX). */
const PICTURE_FAULT_KINDS: readonly FaultKind[] = ['latency', 'http500', 'nonjson', 'drop'];

export { API_PATHS } from './routes';

/** The fields of a request for the log: first value of each, secrets (routes.ts) as '***'. */
export function maskFields(fields: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of fields) {
    if (Object.prototype.hasOwnProperty.call(out, k)) continue;
    out[k] = SECRET_PARAMS.has(k) ? '***' : v;
  }
  return out;
}

function validateFault(f: unknown): FaultSpec {
  if (typeof f !== 'object' || f === null) throw new Error('fault must be an object');
  const o = f as Record<string, unknown>;
  const kind = String(o.kind) as FaultKind;
  if (!FAULT_KINDS.includes(kind)) throw new Error(`fault kind must be one of ${FAULT_KINDS.join(', ')}`);
  const count = o.count === undefined ? 1 : Number(o.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('fault count must be an integer >= 1');
  if (o.path !== undefined && (typeof o.path !== 'string' || (!routeFor(o.path) && o.path !== PICTURE_PREFIX))) {
    throw new Error(`fault path must be one of ${[...API_PATHS, PICTURE_PREFIX].join(', ')}`);
  }
  if (o.path === PICTURE_PREFIX && !PICTURE_FAULT_KINDS.includes(kind)) {
    throw new Error(`fault kinds for ${PICTURE_PREFIX}: ${PICTURE_FAULT_KINDS.join(', ')}`);
  }
  const ms = o.ms === undefined ? undefined : Number(o.ms);
  if (kind === 'latency' && (ms === undefined || !Number.isFinite(ms) || ms < 0)) {
    throw new Error('latency fault needs ms >= 0');
  }
  const code = o.code === undefined ? undefined : String(o.code);
  if (kind === 'code' && (code === undefined || !/^\d+$/.test(code))) throw new Error('code fault needs a numeric code');
  return { kind, count, path: o.path as string | undefined, ms, code };
}

function resolveState(s: SimulatorOptions['state'], clock: Clock): SimulatorState {
  if (s instanceof SimulatorState) return s;
  if (typeof s === 'string') return new SimulatorState(readStateFile(s), clock);
  if (s === undefined) return new SimulatorState(undefined, clock);
  return new SimulatorState(s, clock);
}

type Handler = (state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext) => ApiResult;

/** The handler of each operation of the route table. */
const HANDLERS: Readonly<Record<Route['op'], Handler>> = {
  'token': tokenGet,
  'storage-open': runOperation,
  'storage-info': runOperation,
  'ptz-start': runOperation,
  'ptz-stop': runOperation,
  'ptz-mirror': runOperation,
  'preset-add': runOperation,
  'preset-move': runOperation,
  'preset-clear': runOperation,
  'device-list': deviceList,
  'camera-list': cameraList,
  'device-capacity': deviceCapacity,
  'device-capture': deviceCapture,
  'alarm-list': alarmList,
  'alarm-device-list': alarmList,
};

/**
 * The state as GET /sim/state shows it: app secrets as "***", tokens and card passwords (keys
 * of their maps) as "***1", "***2", ... (design.md s8: the admin endpoint never returns secrets).
 * It still loads as a state file, with those secrets replaced.
 */
export function maskedState(state: SimulatorState): Record<string, unknown> {
  const d = JSON.parse(JSON.stringify(state.toJSON())) as Record<string, Record<string, Record<string, unknown>>>;
  for (const k of Object.values(d.appKeys)) k.appSecret = '***';
  const renumber = (m: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.values(m).map((v, i) => [`***${i + 1}`, v]));
  d.tokens = renumber(d.tokens) as Record<string, Record<string, unknown>>;
  d.cards = renumber(d.cards) as Record<string, Record<string, unknown>>;
  return d;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json;charset=UTF-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const clock: Clock = opts.clock ?? (opts.state instanceof SimulatorState ? opts.state.clock : new SystemClock());
  const state = resolveState(opts.state, clock);
  const host = opts.host ?? '127.0.0.1';
  const latencyMs = Math.max(0, Number(opts.latencyMs ?? 0) || 0);
  const scheme = opts.tls ? 'https' : 'http';
  const logLimit = Math.max(1, Math.floor(Number(opts.logLimit ?? LOG_LIMIT)) || LOG_LIMIT);

  let log: LogEntry[] = [];
  let faults: Fault[] = [];
  let nextFaultId = 1;
  let connectionsOpened = 0;
  let closing = false;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let url = '';

  const record = (e: LogEntry): void => {
    log.push(e);
    // Trim in chunks (cheap under load); readers see the newest `logLimit` entries.
    if (log.length > logLimit + Math.ceil(logLimit / 10)) log = log.slice(log.length - logLimit);
  };
  const currentLog = (): LogEntry[] => (log.length > logLimit ? log.slice(log.length - logLimit) : log);

  const injectFault = (spec: FaultSpec): Fault => {
    const v = validateFault(spec);
    const fault: Fault = { id: nextFaultId++, kind: v.kind, remaining: v.count ?? 1 };
    if (v.path !== undefined) fault.path = v.path;
    if (v.ms !== undefined) fault.ms = v.ms;
    if (v.code !== undefined) fault.code = v.code;
    faults.push(fault);
    return { ...fault };
  };

  /** Takes the faults that apply to one request: every matching latency fault adds its delay;
   * the first matching other fault decides the reply. Each one taken counts down. */
  const takeFaults = (path: string): { delay: number; outcome?: Fault } => {
    let delay = 0;
    let outcome: Fault | undefined;
    for (const f of faults) {
      // A fault without a path hits API requests only, never picture downloads.
      if (f.remaining <= 0 || (f.path === undefined ? path === PICTURE_PREFIX : f.path !== path)) continue;
      if (f.kind === 'latency') {
        delay += f.ms ?? 0;
        f.remaining -= 1;
      } else if (!outcome) {
        outcome = { ...f };
        f.remaining -= 1;
      }
    }
    faults = faults.filter((f) => f.remaining > 0);
    return { delay, outcome };
  };

  const wait = (ms: number): Promise<void> => new Promise((resolve) => {
    if (ms <= 0) { resolve(); return; }
    const t = setTimeout(() => { timers.delete(t); resolve(); }, ms);
    timers.add(t);
  });

  const readBody = (req: http.IncomingMessage, limit = MAX_BODY_BYTES): Promise<{ body: string; tooLarge: boolean }> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > limit) {
          tooLarge = true;
          chunks.length = 0;
          if (size > DRAIN_LIMIT_BYTES) req.socket.destroy();
          return;
        }
        chunks.push(c);
      });
      let ended = false;
      req.on('end', () => {
        ended = true;
        resolve({ body: tooLarge ? '' : Buffer.concat(chunks).toString('utf8'), tooLarge });
      });
      req.on('error', reject);
      req.on('close', () => { if (!ended) reject(new Error('aborted')); });
    });

  // --- admin endpoint (/sim/...) --------------------------------------------------------------

  const adminIndex = {
    endpoints: [
      'GET  /sim/view', 'GET  /sim/state', 'PUT  /sim/state {state JSON}', 'POST /sim/reset',
      'GET  /sim/faults', 'POST /sim/faults {kind,count?,path?,ms?,code?}', 'DELETE /sim/faults',
      'POST /sim/faults/clear', 'GET  /sim/log?path=&code=', 'DELETE /sim/log', 'POST /sim/log/clear',
      'GET  /sim/clock', 'POST /sim/clock/advance {ms}', 'POST /sim/clock/set {ms}',
      'GET  /sim/alarms', 'POST /sim/alarm {deviceSerial,channelNo?,alarmType?,alarmName?,alarmTime?,minutesAgo?,isChecked?,picture?}',
      'GET  /sim-pictures/<id>.jpg',
    ],
  };

  /**
   * Why an admin request is refused, if it is (design.md s8): the admin endpoint takes
   * `application/json` requests from its own origin only, so no web page can drive it.
   * - Host must be an IP address, `localhost` or the host the simulator listens on (a page on
   *   another name that resolves here, DNS rebinding, is refused);
   * - an `Origin` header (browsers send one with cross-site and with non-GET requests) must be
   *   this server's own origin; `Sec-Fetch-Site` must be `same-origin` or `none`;
   * - a request other than GET/HEAD, or one with a body, must say `Content-Type: application/json`
   *   (forms and text/plain are what a page can send cross-site without a preflight).
   */
  const adminRefusal = (req: http.IncomingMessage): { status: number; error: string } | undefined => {
    const hostHeader = String(req.headers.host ?? '');
    const hostName = hostHeader.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1').toLowerCase();
    const ipLike = /^[\d.]+$/.test(hostName) || hostName.includes(':');
    if (!(ipLike || hostName === 'localhost' || hostName === host.toLowerCase())) {
      return { status: 403, error: 'admin requests must name the simulator by IP address, localhost or its --host' };
    }
    const origin = req.headers.origin;
    if (origin !== undefined && normOrigin(origin) !== normOrigin(`${scheme}://${hostHeader}`)) {
      return { status: 403, error: 'cross-origin admin requests are refused' };
    }
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return { status: 403, error: 'cross-site admin requests are refused' };
    }
    const method = req.method ?? 'GET';
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const ctype = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if ((hasBody || (method !== 'GET' && method !== 'HEAD')) && ctype !== 'application/json') {
      return { status: 415, error: 'admin requests take Content-Type: application/json' };
    }
    return undefined;
  };

  const admin = async (req: http.IncomingMessage, res: http.ServerResponse, path: string, query: URLSearchParams): Promise<void> => {
    const method = req.method ?? 'GET';
    const refusal = adminRefusal(req);
    if (refusal) {
      req.resume();
      sendJson(res, refusal.status, { error: refusal.error }, { Connection: 'close' });
      return;
    }
    const { body, tooLarge } = await readBody(req, MAX_ADMIN_BODY_BYTES);
    if (tooLarge) { sendJson(res, 413, { error: `body larger than ${MAX_ADMIN_BODY_BYTES} bytes` }); return; }
    let json: unknown;
    if (body.trim() !== '') {
      try {
        json = JSON.parse(body);
      } catch {
        sendJson(res, 400, { error: 'admin bodies are JSON' });
        return;
      }
    }
    const ms = (): number => {
      const v = Number((json as Record<string, unknown> | undefined)?.ms);
      if (!Number.isFinite(v)) throw new Error('body needs {"ms": number}');
      return v;
    };
    const routes: Record<string, Record<string, () => unknown>> = {
      '/sim': { GET: () => adminIndex },
      '/sim/view': { GET: () => viewState(state, clock.now()) },
      '/sim/state': {
        GET: () => maskedState(state),
        PUT: () => { state.load((json ?? {}) as StateInput); return { ok: true }; },
        POST: () => { state.load((json ?? {}) as StateInput); return { ok: true }; },
      },
      '/sim/reset': {
        POST: () => { state.reset(); faults = []; log = []; return { ok: true }; },
      },
      '/sim/faults': {
        GET: () => faults.map((f) => ({ ...f })),
        POST: () => {
          const list = Array.isArray(json) ? json : [json];
          list.forEach((f) => validateFault(f));
          return { ok: true, faults: list.map((f) => injectFault(f as FaultSpec)) };
        },
        DELETE: () => { faults = []; return { ok: true }; },
      },
      '/sim/faults/clear': { POST: () => { faults = []; return { ok: true }; } },
      '/sim/log': {
        GET: () => {
          const p = query.get('path');
          const c = query.get('code');
          return currentLog().filter((e) => (p === null || e.path === p) && (c === null || e.code === c));
        },
        DELETE: () => { log = []; return { ok: true }; },
      },
      '/sim/log/clear': { POST: () => { log = []; return { ok: true }; } },
      '/sim/clock': { GET: () => ({ now: clock.now(), fake: clock instanceof FakeClock }) },
      '/sim/alarms': {
        GET: () => state.alarms.map((a) => alarmItem(state, a, publicOrigin(req))),
      },
      '/sim/alarm': {
        POST: () => {
          const list = Array.isArray(json) ? json : [json];
          const raised = list.map((a) => raiseAlarm(state, a, clock.now()));
          return { ok: true, alarms: raised.map((a) => alarmItem(state, a, publicOrigin(req))) };
        },
      },
      '/sim/clock/advance': {
        POST: () => {
          if (!(clock instanceof FakeClock)) throw Object.assign(new Error('the clock is not a FakeClock'), { status: 409 });
          return { now: clock.advance(ms()) };
        },
      },
      '/sim/clock/set': {
        POST: () => {
          if (!(clock instanceof FakeClock)) throw Object.assign(new Error('the clock is not a FakeClock'), { status: 409 });
          return { now: clock.set(ms()) };
        },
      },
    };
    const route = routes[path.replace(/\/+$/, '') || '/sim'];
    if (!route) { sendJson(res, 404, { error: `no admin route ${path}`, ...adminIndex }); return; }
    const fn = route[method];
    if (!fn) {
      sendJson(res, 405, { error: `${method} not allowed on ${path}` }, { Allow: Object.keys(route).join(', ') });
      return;
    }
    try {
      sendJson(res, 200, fn());
    } catch (e) {
      const status = (e as { status?: number }).status ?? 400;
      sendJson(res, status, { error: (e as Error).message });
    }
  };

  // --- API ------------------------------------------------------------------------------------

  const api = async (req: http.IncomingMessage, res: http.ServerResponse, path: string, route: Route,
    query: URLSearchParams): Promise<void> => {
    const time = clock.now();
    const method = req.method ?? 'GET';
    const entry: LogEntry = { time, method, path, fields: {}, code: null, httpStatus: 0 };
    const finish = (status: number, code: string | null): void => {
      entry.httpStatus = status;
      entry.code = code;
      record(entry);
    };
    if (method !== 'POST') {
      sendJson(res, 405, { code: '405', msg: `Method ${method} not allowed; the API takes POST only.` }, { Allow: 'POST' });
      req.resume();
      finish(405, null);
      return;
    }
    let body: string;
    let tooLarge: boolean;
    try {
      ({ body, tooLarge } = await readBody(req));
    } catch {
      // The client went away, or sent more than DRAIN_LIMIT_BYTES and was cut off.
      finish(0, null);
      return;
    }
    if (tooLarge) {
      sendJson(res, 413, { code: '413', msg: `Request body larger than ${MAX_BODY_BYTES} bytes.` });
      finish(413, null);
      return;
    }
    const ctype = String(req.headers['content-type'] ?? '').toLowerCase();
    const isForm = ctype.split(';')[0].trim() === 'application/x-www-form-urlencoded';
    // Not a form: the service finds no body parameters (those of the query string remain).
    const fields = mergeFields(query, isForm ? new URLSearchParams(body) : new URLSearchParams());
    entry.fields = maskFields(fields);

    const { delay, outcome } = takeFaults(path);
    await wait(latencyMs + delay);
    if (closing || res.destroyed) { finish(0, null); return; }

    const origins = [url, `${scheme}://${String(req.headers.host ?? '')}`];
    const envelope = (r: ApiResult): Record<string, unknown> => {
      const out: Record<string, unknown> = { code: r.code, msg: messageFor(r.code, route.section) };
      if (r.data !== undefined) out.data = r.data;
      else if (r.code !== '200' && !intlRequest(fields, origins)) out.data = null;
      if (r.page !== undefined) out.page = r.page;
      return out;
    };

    if (outcome) {
      entry.fault = outcome.kind;
      if (sendFault(req, res, outcome, finish)) return;
      const code = outcome.kind === 'code' ? outcome.code! : outcome.kind;
      sendJson(res, 200, envelope({ code }));
      finish(200, code);
      return;
    }

    const ctx: CallContext = { now: clock.now(), origins, publicOrigin: publicOrigin(req) };
    const result = HANDLERS[route.op](state, route, fields, ctx);
    if (!codeAllowed(route, result.code)) {
      throw new Error(`${route.path} answered ${result.code}, a code its route (routes.ts) does not list`);
    }
    sendJson(res, 200, envelope(result));
    finish(200, result.code);
  };

  /** Sends the reply of an http500, nonjson or drop fault; false for the other kinds. */
  const sendFault = (req: http.IncomingMessage, res: http.ServerResponse, outcome: Fault,
    finish: (status: number, code: string | null) => void): boolean => {
    switch (outcome.kind) {
      case 'drop':
        req.socket.destroy();
        finish(0, null);
        return true;
      case 'http500': {
        const text = 'Internal Server Error';
        res.writeHead(500, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(text) });
        res.end(text);
        finish(500, null);
        return true;
      }
      case 'nonjson': {
        const text = '<html><head><title>502 Bad Gateway</title></head><body>Bad Gateway</body></html>';
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(text) });
        res.end(text);
        finish(200, null);
        return true;
      }
      default:
        return false;
    }
  };

  /**
   * Whether an error reply goes out as the international regions answer (no `data`) rather than
   * as the China region does (`data: null`, design.md s6): by the app key of the request (its
   * token's, or token/get's appKey) when known, else by whether this server is the areaDomain of
   * some app key.
   */
  const intlRequest = (fields: URLSearchParams, origins: string[]): boolean => {
    const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
    const token = fieldOf(fields, 'accessToken');
    let key = token !== undefined && has(state.tokens, token) ? state.tokens[token].appKey : fieldOf(fields, 'appKey');
    if (key !== undefined && !has(state.appKeys, key)) key = undefined;
    if (key !== undefined) return !!state.appKeys[key].areaDomain;
    const here = origins.map(normOrigin);
    return Object.values(state.appKeys).some((k) => k.areaDomain !== undefined && here.includes(normOrigin(k.areaDomain)));
  };

  // --- pictures (/sim-pictures/<id>.jpg) ----------------------------------------------------------

  const picture = async (req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> => {
    const method = req.method ?? 'GET';
    const entry: LogEntry = { time: clock.now(), method, path, fields: {}, code: null, httpStatus: 0 };
    const finish = (status: number): void => { entry.httpStatus = status; record(entry); };
    req.resume();
    if (method !== 'GET' && method !== 'HEAD') {
      sendJson(res, 405, { code: '405', msg: `Method ${method} not allowed; pictures take GET.` }, { Allow: 'GET, HEAD' });
      finish(405);
      return;
    }
    const { delay, outcome } = takeFaults(PICTURE_PREFIX);
    await wait(delay);
    if (closing || res.destroyed) { finish(0); return; }
    if (outcome) {
      entry.fault = outcome.kind;
      sendFault(req, res, outcome, (st) => finish(st));
      return;
    }
    const m = /^\/sim-pictures\/([A-Za-z0-9-]{1,100})\.jpg$/.exec(path);
    if (!m || !pictureExists(state, m[1], clock.now())) {
      sendJson(res, 404, { code: '404', msg: `Not found: ${path}` });
      finish(404);
      return;
    }
    const jpeg = pictureBytes();
    res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': jpeg.length, 'Cache-Control': 'private, max-age=60' });
    res.end(method === 'HEAD' ? undefined : jpeg);
    finish(200);
  };

  /** The origin clients reached this server by (its Host header when that is a plain host[:port]),
   * for the URLs it hands out. */
  const publicOrigin = (req: http.IncomingMessage): string => {
    const host = String(req.headers.host ?? '');
    return /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$/.test(host) ? `${scheme}://${host}` : url;
  };

  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    let parsed: URL;
    try {
      parsed = new URL(req.url ?? '/', 'http://sim.invalid');
    } catch {
      sendJson(res, 400, { code: '400', msg: 'Bad request URL.' });
      return;
    }
    const path = parsed.pathname;
    const done = (p: Promise<void>): void => {
      p.catch((e: unknown) => {
        if (res.headersSent || res.destroyed) { res.destroy(); return; }
        const msg = (e as Error)?.message === 'aborted' ? 'aborted' : `Simulator error: ${(e as Error)?.message}`;
        try { sendJson(res, 500, { code: '500', msg }); } catch { res.destroy(); }
      });
    };
    if (path === '/sim' || path.startsWith('/sim/')) { done(admin(req, res, path, parsed.searchParams)); return; }
    if (path.startsWith(PICTURE_PREFIX)) { done(picture(req, res, path)); return; }
    const route = routeFor(path);
    if (!route) {
      req.resume();
      sendJson(res, 404, { code: '404', msg: `Not found: ${path}` });
      record({ time: clock.now(), method: req.method ?? '', path, fields: {}, code: null, httpStatus: 404 });
      return;
    }
    done(api(req, res, path, route, parsed.searchParams));
  };

  const server: http.Server = opts.tls
    ? https.createServer({ key: opts.tls.key, cert: opts.tls.cert }, handler)
    : http.createServer(handler);
  server.on('connection', (socket: Socket) => {
    connectionsOpened += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_err: Error, socket: Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  url = `${scheme}://${urlHost}:${port}`;

  let closed: Promise<void> | undefined;
  const sim: Simulator = {
    url,
    port,
    state,
    clock,
    requestLog(filter?: LogFilter): LogEntry[] {
      const copy = currentLog().map((e) => ({ ...e, fields: { ...e.fields } }));
      if (!filter) return copy;
      if (typeof filter === 'function') return copy.filter(filter);
      return copy.filter((e) => (filter.path === undefined || e.path === filter.path) &&
        (filter.method === undefined || e.method === filter.method) &&
        (filter.code === undefined || e.code === filter.code));
    },
    clearLog(): void { log = []; },
    injectFault,
    clearFaults(): void { faults = []; },
    raiseAlarm(input: AlarmInput): Record<string, unknown> {
      return alarmItem(state, raiseAlarm(state, input, clock.now()), url);
    },
    faults(): Fault[] { return faults.map((f) => ({ ...f })); },
    get connectionsOpened(): number { return connectionsOpened; },
    close(): Promise<void> {
      if (!closed) {
        closing = true;
        closed = new Promise<void>((resolve) => {
          for (const t of timers) clearTimeout(t);
          timers.clear();
          server.close(() => resolve());
          for (const s of sockets) s.destroy();
        });
      }
      return closed;
    },
  };
  return sim;
}
