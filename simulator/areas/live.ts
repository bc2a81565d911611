// Live and playback addresses (docs/api/watch-api.md section 1, docs/behaviour.md section 13):
// /api/lapp/v2/live/address/get (China, custom hosts) and /api/lapp/live/address/get (the
// international path; on the China platform it takes a batch form this simulator does not serve:
// single-camera parameters there answer 10001). An address is kept here until it expires; the
// simulator streams the hls/llhls ones (stream.ts). Per-simulator state lives in a WeakMap, so
// the state file knows nothing of it. Its admin endpoints (/sim/live, /sim/stream): live-admin.ts.

import { randomBytes } from 'crypto';
import type { Area } from '../area';
import { answer, answering, authenticate, chinaDate, lookupDevice, ok, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Route } from '../routes';
import type { Device, SimulatorState } from '../state';
import { listAddresses, setPlaceholder, setStream, showStream } from './live-admin';
import { lensCovered, liveState, servedStreams } from './stream';
import type { LiveAddress } from './stream';
import { intlRequest } from './token';

/** The address lifetime when none is asked for (a field report saw 7 days). */
export const DEFAULT_LIFETIME_S = 7 * 24 * 3600;
/** Addresses kept at most (the oldest are forgotten first). */
const ADDRESS_LIMIT = 2000;
/** A device's verification code when its state names none (the 6 letters on its label). */
export const DEFAULT_VERIFICATION_CODE = 'ABCDEF';

export const PROTOCOLS: Readonly<Record<number, string>> = { 1: 'ezopen', 2: 'hls', 3: 'rtmp', 4: 'flv', 5: 'llhls' };
/** The device's verification code (its `camera.verificationCode`, state/camera.ts: the one
 * encrypt/off checks too). */
export function verificationCodeOf(dev: Device): string {
  const c = dev.camera?.verificationCode;
  return typeof c === 'string' && c !== '' ? c : DEFAULT_VERIFICATION_CODE;
}

/** Video encryption on (`capabilities.encryption`, which encrypt/on and encrypt/off change). */
export function encrypted(dev: Device): boolean {
  return dev.capabilities.encryption;
}

/** "yyyy-MM-dd HH:mm:ss" in China time -> ms; undefined when it is not such a text. */
export function parseChinaDate(s: unknown): number | undefined {
  const m = typeof s === 'string' ? /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(s) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, se) - 8 * 3600 * 1000;
  return chinaDate(ms) === s ? ms : undefined;
}

/** The playback window of a request (10001 when missing, not a date, reversed, or a cloud
 * window over more than one day); a stop at 23:59:59 plays to midnight. */
function playbackWindow(params: Record<string, unknown>, type: number): { begin: number; end: number } {
  const begin = parseChinaDate(params.startTime);
  const end = parseChinaDate(params.stopTime);
  if (begin === undefined || end === undefined || end <= begin) stop('10001');
  if (type === 3 && chinaDate(begin!).slice(0, 10) !== chinaDate(end!).slice(0, 10)) stop('10001');
  // A stop at 23:59:59 plays the day's last second too: a day read to its end reaches midnight.
  return { begin: begin!, end: end! + (String(params.stopTime).endsWith(' 23:59:59') ? 1000 : 0) };
}

const compact = (ms: number): string => chinaDate(ms).replace(/[-: ]/g, '');

/** The URL of an address, in the shapes of the API notes (hosts: this simulator; ezopen: the vendor's). */
export function addressUrl(a: LiveAddress, origin: string): string {
  const name = `${a.deviceSerial}_${a.channelNo}_${a.stream}`;
  const window =
    a.type === 1 ? '' : `&begin=${compact(a.begin!)}&end=${compact(a.end!)}&playback=${a.type === 2 ? 'sd' : 'cloud'}`;
  const query = `expire=${Math.floor(a.expireAt / 1000)}&id=${a.id}&t=${a.t}${window}`;
  switch (a.protocol) {
    case 'ezopen': {
      const tail = a.type === 1 ? (a.stream === 1 ? 'hd.live' : 'live') : a.type === 2 ? 'rec' : 'cloud.rec';
      const w = a.type === 1 ? '' : `?begin=${compact(a.begin!)}&end=${compact(a.end!)}`;
      return `ezopen://open.ys7.com/${a.deviceSerial}/${a.channelNo}.${tail}${w}`;
    }
    case 'rtmp':
      return `rtmp://${new URL(origin).hostname}:1935/v3/openlive/${name}?${query}`;
    case 'flv':
      return `${origin}/v3/openlive/${name}.flv?${query}`;
    default:
      return `${origin}/v3/openlive/${name}.m3u8?${query}`;
  }
}

function remember(live: ReturnType<typeof liveState>, a: LiveAddress, now: number): void {
  for (const [id, x] of live.addresses) if (x.expireAt <= now) live.addresses.delete(id);
  while (live.addresses.size >= ADDRESS_LIMIT) live.addresses.delete(live.addresses.keys().next().value as string);
  live.addresses.set(a.id, a);
}

/**
 * Both address paths. Order: token and parameters (10001, 10002, 10005), the China platform's
 * batch form on the old path (10001), serial (20014), device (20002), account (20018), channel
 * (20001), offline (20007), flags (20006, 20008, 49999), lens covered (60026), encryption without
 * the right code (60019), playback over hls or without a window (10001), then the address.
 */
export function liveAddress(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    if (route.op === 'live-address-intl' && !intlRequest(state, f, ctx.origins)) stop('10001');
    const serial = params.deviceSerial as string;
    const channelNo = (params.channelNo as number | undefined) ?? 1;
    const dev = lookupDevice(state, serial);
    if (dev.account !== app.account) stop('20018');
    const ch = Object.prototype.hasOwnProperty.call(dev.channels, String(channelNo))
      ? dev.channels[String(channelNo)]
      : undefined;
    if (!ch) stop('20001');
    answering(dev, ch!.online);
    if (lensCovered(dev, channelNo)) stop('60026');
    if (encrypted(dev) && params.code !== verificationCodeOf(dev)) stop('60019');
    const protocol = PROTOCOLS[(params.protocol as number | undefined) ?? 1];
    const type = Number(params.type ?? 1);
    if (type !== 1 && protocol === 'hls') stop('10001');
    const window = type === 1 ? undefined : playbackWindow(params, type);
    const lifetime = (params.expireTime as number | undefined) ?? DEFAULT_LIFETIME_S;
    const a: LiveAddress = {
      id: randomBytes(16).toString('hex'),
      t: randomBytes(12).toString('hex'),
      deviceSerial: serial,
      channelNo,
      protocol,
      stream: (params.quality as number | undefined) === 2 && type === 1 ? 2 : 1,
      type,
      ...window,
      expireAt: protocol === 'ezopen' ? Infinity : ctx.now + lifetime * 1000,
    };
    remember(liveState(state), a, ctx.now);
    const expireTime = chinaDate(protocol === 'ezopen' ? ctx.now + DEFAULT_LIFETIME_S * 1000 : a.expireAt);
    return ok({ id: a.id, url: addressUrl(a, ctx.publicOrigin), expireTime });
  });
}

export const liveArea: Area = {
  handlers: { 'live-address': liveAddress, 'live-address-intl': liveAddress },
  admin: {
    '/sim/live': { GET: listAddresses, POST: setPlaceholder },
    '/sim/stream': { GET: showStream, POST: setStream },
  },
  adminIndex: [
    'GET  /sim/live',
    'POST /sim/live {deviceSerial,channelNo?,placeholder:"9048"|"9053"|null}',
    'GET  /sim/stream',
    'POST /sim/stream {cap: seconds|0|null}',
  ],
  served: [servedStreams],
};
