// Recordings (docs/behaviour.md section 18, docs/api/media-api.md section 2.1): the ezviz-recordings row,
// the list call it makes, the names of its sources, its times and window, and how a long window
// is split into the calls the API takes. Pure: the editor bundles it.

import { p, serial, optChannel } from './operations';
import type { CallSpec, OperationSpec } from './operations';

/** The list call: `/api/lapp/video/by/time` (startTime, endTime in epoch ms; recType). */
export const VIDEO_BY_TIME: Readonly<CallSpec> = Object.freeze({
  operation: 'video-by-time',
  path: '/api/lapp/video/by/time',
  section: 'recordings',
  idempotent: true,
  cameraQueue: false,
  params: [], // built by recordings/recordings.ts: deviceSerial, channelNo, startTime, endTime, recType
});

/** A window of recordings, msg.payload.start/end (ezviz-recordings, ezviz-clip): the parameters. */
export const WINDOW_PARAMS = [
  p('start', 'recordTime', false, { sent: false }),
  p('end', 'recordTime', false, { sent: false }),
];

/** ezviz-recordings: one message may make several list calls (a window split, both sources). */
export const RECORDINGS_NODE: Readonly<OperationSpec> = Object.freeze({
  operation: 'recordings',
  type: 'ezviz-recordings',
  path: VIDEO_BY_TIME.path,
  section: 'recordings',
  idempotent: true,
  cameraQueue: false,
  params: [serial, optChannel, p('source', 'recordSource', false, { sent: false }), ...WINDOW_PARAMS],
});

/** Sources a flow names: `auto` (the card and the cloud, both asked), `cloud` (recType 1),
 * `sd-card` (recType 2). */
export const RECORD_SOURCES: Readonly<Record<string, number>> = Object.freeze({ auto: 0, cloud: 1, 'sd-card': 2 });
/** An item's source by the recType it was listed with. */
export const SOURCE_OF_REC_TYPE: Readonly<Record<number, 'cloud' | 'sd-card'>> = Object.freeze({
  1: 'cloud',
  2: 'sd-card',
});

const DAY = 24 * 3600 * 1000;
/** The longest window one message may ask for: 31 days (a month of cloud storage). */
export const MAX_WINDOW_DAYS = 31;

/** A source name (or 0..2), or undefined. */
export function recordSource(raw: unknown): string | undefined {
  if (typeof raw === 'string' && Object.prototype.hasOwnProperty.call(RECORD_SOURCES, raw.trim().toLowerCase())) {
    return raw.trim().toLowerCase();
  }
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*[0-2]\s*$/.test(raw) ? Number(raw) : NaN;
  return Object.keys(RECORD_SOURCES).find((k) => RECORD_SOURCES[k] === n);
}

/** A time of years 2000-2099 as epoch ms: a Date, ms (a number or a text of 12-15 digits), an
 * ISO text, or `yyyy-MM-dd HH:mm:ss` (this runtime's local time, as ezviz-live writes it). */
export function recordTime(raw: unknown): number | undefined {
  let ms: number | undefined;
  if (raw instanceof Date) ms = raw.getTime();
  else if (typeof raw === 'number') ms = raw;
  else if (typeof raw === 'string') {
    const s = raw.trim();
    const local = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(s);
    if (/^\d{12,15}$/.test(s)) ms = Number(s);
    else if (/^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)?$/.test(s)) ms = Date.parse(s);
    else if (local) {
      const m = local.slice(1).map(Number);
      const d = new Date(m[0], m[1] - 1, m[2], m[3], m[4], m[5]);
      ms =
        d.getMonth() === m[1] - 1 && d.getDate() === m[2] && d.getHours() === m[3] && m[4] < 60 && m[5] < 60
          ? d.getTime()
          : NaN;
    }
  }
  if (ms === undefined || !Number.isFinite(ms) || !Number.isInteger(ms)) return undefined;
  const year = new Date(ms).getFullYear();
  return year >= 2000 && year <= 2099 ? ms : undefined;
}

/** A parameter of kind `recordSource` or `recordTime`; undefined for others or a bad value. */
export function parseRecordParam(kind: string, raw: unknown): string | number | undefined {
  return kind === 'recordSource' ? recordSource(raw) : kind === 'recordTime' ? recordTime(raw) : undefined;
}

/** Midnight (this runtime's local time) of the day `ms` falls in. */
export function localMidnight(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** The window of a message: start (default: local midnight of today) and end (default: now), or
 * which bound is wrong (end not after start, or longer than MAX_WINDOW_DAYS). */
export function recordWindow(
  start: number | undefined,
  end: number | undefined,
  now: number,
): { start: number; end: number } | { param: 'start' | 'end'; reason: 'recordWindow' | 'recordSpan' } {
  const s = start ?? localMidnight(end ?? now);
  const e = end ?? now;
  if (e <= s) return { param: end === undefined ? 'start' : 'end', reason: 'recordWindow' };
  if (e - s > MAX_WINDOW_DAYS * DAY) return { param: 'end', reason: 'recordSpan' };
  return { start: s, end: e };
}

/** A window cut at local midnights into pieces of at most one day (the API takes a day per call). */
export function splitWindow(start: number, end: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let from = start;
  while (from < end) {
    const d = new Date(localMidnight(from));
    const next = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
    const to = Math.min(end, next);
    out.push({ start: from, end: to });
    from = to;
  }
  return out;
}
