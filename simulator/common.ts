// What every API handler shares: the reply type, early exits with a code, the request context,
// token checks and device/channel lookup.

import type { AppKey, Channel, Device, SimulatorState } from './state';
import { ParamError, parseParams } from './routes';
import type { Params, Route } from './routes';

export interface ApiResult {
  code: string;
  data?: unknown;
  /** Paged calls (more-api): the sibling of data, {total, page, size}. */
  page?: { total: number; page: number; size: number };
  /** The detector list's shape (a hub's `listShape`, envelopes.ts). */
  shape?: 'result' | 'data';
  /** What a camera played (voice send, sendonce): recorded in the request log. */
  played?: Played;
}

/** A file a camera played, as the request log and GET /sim/voice show it. */
export interface Played {
  deviceSerial: string;
  channelNo: number;
  voiceName: string;
  format: string;
  durationMs: number;
  bytes: number;
  via: 'send' | 'sendonce';
}

/** A file part of a multipart request. */
export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface CallContext {
  /** clock.now() of the request. */
  now: number;
  /** Origins this request reached (the server's url and the Host header's origin): a token of
   * an app key with areaDomain is valid only when one of them equals the areaDomain. */
  origins: string[];
  /** Origin for URLs the simulator hands out (pictures): the Host the client used, else the
   * server's own URL. */
  publicOrigin: string;
  /** The file parts of a multipart request, by field name. */
  files?: Record<string, FilePart>;
}

/** Serial legality rule: 9 characters, upper-case letters and digits (else 20014). */
export const SERIAL_RE = /^[A-Z0-9]{9}$/;

export const ok = (data?: unknown): ApiResult => (data === undefined ? { code: '200' } : { code: '200', data });
export const fail = (code: string): ApiResult => ({ code });

/** An early reply, thrown from deep inside a handler and turned into the result by `answer`. */
export class Reply extends Error {
  constructor(readonly result: ApiResult) {
    super(result.code);
  }
}

export const stop = (code: string): never => {
  throw new Reply(fail(code));
};

/** Runs a handler; a thrown Reply (or a bad parameter: 10001) becomes its result. */
export function answer(fn: () => ApiResult): ApiResult {
  try {
    return fn();
  } catch (e) {
    if (e instanceof Reply) return e.result;
    if (e instanceof ParamError) return fail('10001');
    throw e;
  }
}

const has = <T>(o: Record<string, T>, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

export const normOrigin = (u: string): string => u.trim().replace(/\/+$/, '').toLowerCase();

/** The app key of a request's accessToken (10001 missing, 10002 unknown/expired/wrong region,
 * 10005 frozen), then the route's other parameters (10001). */
export function authenticate(
  state: SimulatorState,
  route: Route,
  f: URLSearchParams,
  ctx: CallContext,
): { app: AppKey; params: Params } {
  const { accessToken } = parseParams({ ...route, params: route.params.filter((p) => p.name === 'accessToken') }, f);
  const token = has(state.tokens, String(accessToken)) ? state.tokens[String(accessToken)] : undefined;
  if (!token) stop('10002');
  const app = has(state.appKeys, token!.appKey) ? state.appKeys[token!.appKey] : undefined;
  if (!app) stop('10002');
  if (app!.frozen) stop('10005');
  if (ctx.now >= token!.expireTime) stop('10002');
  if (app!.areaDomain && !ctx.origins.map(normOrigin).includes(normOrigin(app!.areaDomain))) stop('10002');
  return { app: app!, params: parseParams(route, f, ['accessToken']) };
}

/** A device by serial: 20014 for an illegal serial, 20002 for an unknown one. */
export function lookupDevice(state: SimulatorState, serial: string): Device {
  if (!SERIAL_RE.test(serial)) stop('20014');
  const dev = has(state.devices, serial) ? state.devices[serial] : undefined;
  return dev ?? stop('20002');
}

/** A device of the caller's account (20018 for another account's). */
export function ownDevice(state: SimulatorState, app: Pick<AppKey, 'account'>, serial: string): Device {
  const dev = lookupDevice(state, serial);
  if (dev.account !== app.account) stop('20018');
  return dev;
}

/** A channel of a device (20032 when it has none of that number). */
export function lookupChannel(dev: Device, channelNo: number): Channel {
  const ch = has(dev.channels, String(channelNo)) ? dev.channels[String(channelNo)] : undefined;
  return ch ?? stop('20032');
}

/** The device answers: offline (the device, or the channel when `channelOnline` is false: 20007),
 * then its flags networkError (20006), timeout (20008) and dataException (49999). */
export function answering(dev: Device, channelOnline = true): void {
  if (!dev.online || !channelOnline) stop('20007');
  if (dev.flags.networkError) stop('20006');
  if (dev.flags.timeout) stop('20008');
  if (dev.flags.dataException) stop('49999');
}

/** The camera a PTZ, preset or capture call addresses, checked in the order those calls share:
 * token and parameters (10001, 10002, 10005), serial (20014), device (20002), account (20018),
 * channel (20032), offline device or channel (20007), then the flags networkError (20006),
 * timeout (20008) and dataException (49999). */
export function reachableCamera(
  state: SimulatorState,
  route: Route,
  f: URLSearchParams,
  ctx: CallContext,
): { app: AppKey; params: Params; serial: string; channelNo: number; dev: Device; ch: Channel } {
  const { app, params } = authenticate(state, route, f, ctx);
  const serial = params.deviceSerial as string;
  const channelNo = params.channelNo as number;
  const dev = ownDevice(state, app, serial);
  const ch = lookupChannel(dev, channelNo);
  answering(dev, ch.online);
  return { app, params, serial, channelNo, dev, ch };
}

/** The account's devices, in state order. */
export function accountDevices(state: SimulatorState, account: string): [string, Device][] {
  return Object.entries(state.devices).filter(([, d]) => d.account === account);
}

/** One page of `items` (more-api: pageStart from 0, pageSize default 10) and its `page` object. */
export function pageOf<T>(
  items: T[],
  params: Params,
): { data: T[]; page: { total: number; page: number; size: number } } {
  const page = (params.pageStart as number | undefined) ?? 0;
  const size = (params.pageSize as number | undefined) ?? 10;
  return { data: items.slice(page * size, page * size + size), page: { total: items.length, page, size } };
}

/** "yyyy-MM-dd HH:mm:ss" in China time (UTC+8), as the vendor's replies write dates. */
export function chinaDate(ms: number): string {
  const d = new Date(ms + 8 * 3600 * 1000);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** Midnight (China time, UTC+8) of the day `ms` falls in. */
export function chinaMidnight(ms: number): number {
  const shift = 8 * 3600 * 1000;
  const day = 24 * 3600 * 1000;
  return Math.floor((ms + shift) / day) * day - shift;
}
