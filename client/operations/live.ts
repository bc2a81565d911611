// Live and playback addresses (docs/behaviour.md section 13, docs/api/watch-api.md section 1): the
// names a flow may use for protocol, quality and source, the lifetime bounds, the playback times
// the API takes (`yyyy-MM-dd HH:mm:ss`), which path a region answers on, and the rules that tie
// the parameters together. Pure: the editor bundles it.

import { integerIn, numberOrName } from './numbers';

/** What a flow (msg.ezviz.live) and the dashboard panel get: the address and what it is. */
export interface LiveAddress {
  url: string;
  /** The address's id (for /api/lapp/live/address/disable), when the reply has one. */
  id: string | null;
  protocol: string;
  /** `hd`, `smooth`, or null when not asked for (playback, or left to the camera). */
  quality: string | null;
  /** `live`, `sd-card` or `cloud`. */
  source: string;
  /** When the address expires (ISO; counted from when its request was sent); null for ezopen. */
  expires: string | null;
}

/** protocol: 1 ezopen, 2 hls, 3 rtmp, 4 flv, 5 llhls. */
export const LIVE_PROTOCOLS: Readonly<Record<string, number>> = Object.freeze({
  ezopen: 1,
  hls: 2,
  rtmp: 3,
  flv: 4,
  llhls: 5,
});
/** quality: 1 HD (main stream), 2 smooth (sub stream). */
export const LIVE_QUALITIES: Readonly<Record<string, number>> = Object.freeze({ hd: 1, smooth: 2 });
/** type: 1 live, 2 playback from the SD card, 3 playback from cloud storage. */
export const LIVE_SOURCES: Readonly<Record<string, number>> = Object.freeze({ live: 1, 'sd-card': 2, cloud: 3 });

export const DEFAULT_PROTOCOL = LIVE_PROTOCOLS.hls;
export const DEFAULT_SOURCE = LIVE_SOURCES.live;
/** Address lifetime (s): 30 s to 720 days, 1 hour when not given. */
export const MIN_LIFETIME_S = 30;
export const MAX_LIFETIME_S = 62208000;
export const DEFAULT_LIFETIME_S = 3600;

/** The name of a code of one of the tables above (`hls` for 2). */
export function nameOf(table: Readonly<Record<string, number>>, code: unknown): string | undefined {
  return Object.keys(table).find((k) => table[k] === Number(code));
}

/** The international platform (hosts of the vendor outside ys7.com) answers on the old path;
 * the China platform and custom URLs (a simulator, a gateway) on v2. */
export function isInternationalHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  const under = (d: string): boolean => h === d || h.endsWith('.' + d);
  return ['ezvizlife.com', 'ezvizru.com', 'ezviz.com'].some(under) && !under('ys7.com');
}

/** The path of a call with a region-dependent path (`intlPath`) for the base URL `base`. */
export function pathFor(spec: { path: string; intlPath?: string }, base: string): string {
  if (!spec.intlPath) return spec.path;
  let host = '';
  try {
    host = new URL(base).hostname;
  } catch {
    /* a base URL is checked before any call */
  }
  return isInternationalHost(host) ? spec.intlPath : spec.path;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const API_TIME = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/;

/** A playback time as the API takes it: `yyyy-MM-dd HH:mm:ss` (the camera's local time; a
 * Date, ms or an ISO text is written in this runtime's local time, a text already in the API's
 * form is sent as it is). undefined when it is not a time of years 2000-2099. */
export function playbackTime(raw: unknown): string | undefined {
  if (typeof raw === 'string' && API_TIME.test(raw.trim())) {
    const m = API_TIME.exec(raw.trim())!.slice(1).map(Number);
    const d = new Date(m[0], m[1] - 1, m[2], m[3], m[4], m[5]);
    const same = d.getMonth() === m[1] - 1 && d.getDate() === m[2] && d.getHours() === m[3] && m[4] < 60 && m[5] < 60;
    return same && m[0] >= 2000 && m[0] <= 2099 ? raw.trim() : undefined;
  }
  let ms: number | undefined;
  if (raw instanceof Date) ms = raw.getTime();
  else if (typeof raw === 'number') ms = raw;
  else if (typeof raw === 'string' && /^\s*\d{12,15}\s*$/.test(raw)) ms = Number(raw);
  else if (typeof raw === 'string' && /^\s*\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)?\s*$/.test(raw))
    ms = Date.parse(raw);
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  const d = new Date(ms);
  if (!(d.getFullYear() >= 2000 && d.getFullYear() <= 2099)) return undefined; // (NaN: a number past a Date's range)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A broken rule between the parameters of a live request: the parameter to name and why. */
export interface LiveRuleBroken {
  param: 'protocol' | 'start' | 'end' | 'quality';
  reason: 'playbackHls' | 'playbackWindow' | 'cloudDay';
}

/**
 * Completes and checks the fields of a live request (API names) in place: type defaults to live,
 * protocol to hls (flv for playback, which hls does not offer: a recording of ezviz-recordings
 * plays without naming a protocol); a lifetime (default 1 hour) for every protocol but ezopen; playback
 * (type 2, 3) needs a window, end after start, not over hls, cloud within one day; live needs no
 * window and playback no quality (both dropped).
 */
export function completeLiveFields(f: Record<string, string | number>): LiveRuleBroken | undefined {
  if (f.type === undefined) f.type = DEFAULT_SOURCE;
  if (f.protocol === undefined) f.protocol = f.type === LIVE_SOURCES.live ? DEFAULT_PROTOCOL : LIVE_PROTOCOLS.flv;
  if (f.protocol === LIVE_PROTOCOLS.ezopen) delete f.expireTime;
  else if (f.expireTime === undefined) f.expireTime = DEFAULT_LIFETIME_S;
  if (f.type === LIVE_SOURCES.live) {
    delete f.startTime;
    delete f.stopTime;
    return undefined;
  }
  delete f.quality;
  if (f.protocol === LIVE_PROTOCOLS.hls) return { param: 'protocol', reason: 'playbackHls' };
  if (f.startTime === undefined) return { param: 'start', reason: 'playbackWindow' };
  if (f.stopTime === undefined || String(f.stopTime) <= String(f.startTime))
    return { param: 'end', reason: 'playbackWindow' };
  if (f.type === LIVE_SOURCES.cloud && String(f.startTime).slice(0, 10) !== String(f.stopTime).slice(0, 10)) {
    return { param: 'end', reason: 'cloudDay' };
  }
  return undefined;
}

/** A parameter of a live address of kind `kind` (operations/operations.ts ParamKind), or undefined when
 * the value is not one. */
export function parseLiveParam(kind: string, raw: unknown): string | number | undefined {
  switch (kind) {
    case 'protocol':
      return numberOrName(raw, LIVE_PROTOCOLS, (n) => n >= 1 && n <= 5);
    case 'quality':
      return numberOrName(raw, LIVE_QUALITIES, (n) => n === 1 || n === 2);
    case 'source':
      return numberOrName(raw, LIVE_SOURCES, (n) => n >= 1 && n <= 3);
    case 'lifetime':
      return integerIn(raw, MIN_LIFETIME_S, MAX_LIFETIME_S);
    case 'playbackTime':
      return playbackTime(raw);
    default:
      return undefined;
  }
}
