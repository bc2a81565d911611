// ezviz-clip (docs/behaviour.md section 26): its row (the camera, the source, the window as
// msg.payload.start/end or an alarm's time, the bounds and the file's format), the bounds of its
// settings, and the window of one message. Pure: the editor bundles it.

import { integerIn } from './numbers';
import { recordSource, RECORDINGS_NODE, WINDOW_PARAMS } from './recordings';
import { optChannel, p, serial } from './operations';
import type { OperationSpec } from './call-spec';

/** Formats a clip is saved in. */
export const CLIP_FORMATS: Readonly<Record<string, number>> = Object.freeze({ mp4: 1, flv: 2 });

/** The bounds (and defaults) of the clip settings, by kind: seconds, or bytes for clipBytes. */
export const CLIP_LIMITS = Object.freeze({
  clipAround: { min: 0, max: 300 },
  clipSeconds: { min: 1, max: 600 },
  clipBytes: { min: 64 * 1024, max: 1024 * 1024 * 1024 },
  clipTimeout: { min: 1, max: 3600 },
  clipWait: { min: 0, max: 3600 },
});

export const CLIP_DEFAULTS = Object.freeze({
  before: 5,
  after: 10,
  maxSeconds: 120,
  maxBytes: 100 * 1024 * 1024,
  /** seconds past maxSeconds when `timeout` is not given */
  timeoutPast: 30,
  waitFor: 600,
  format: 'mp4',
});

/** ezviz-clip: a row of the recordings' list call (RECORDINGS_NODE: the clip finds what it saves
 * there), with its own parameters. */
export const CLIP_NODE: Readonly<OperationSpec> = Object.freeze({
  ...RECORDINGS_NODE,
  operation: 'clip',
  type: 'ezviz-clip',
  params: [
    serial,
    optChannel,
    p('source', 'clipSource', false, { sent: false }),
    ...WINDOW_PARAMS,
    p('alarmTime', 'recordTime', false, { sent: false }),
    p('before', 'clipAround', false, { sent: false }),
    p('after', 'clipAround', false, { sent: false }),
    p('format', 'clipFormat', false, { sent: false }),
    p('maxSeconds', 'clipSeconds', false, { sent: false }),
    p('maxBytes', 'clipBytes', false, { sent: false }),
    p('timeout', 'clipTimeout', false, { sent: false }),
    p('waitFor', 'clipWait', false, { sent: false }),
    p('verificationCode', 'verificationCode', false, { secret: true, sent: false }),
  ],
});

/** What `source` of an ezviz-alarm message says (where the alarm came from): read as `auto`, so an
 * alarm feeds the clip as it is. */
const ALARM_SOURCE_WORDS = ['poll', 'consumer', 'webhook'];

/** A clip setting of kind `kind`, or undefined for other kinds or a bad value. */
export function parseClipParam(kind: string, raw: unknown): string | number | undefined {
  if (kind === 'clipSource') {
    const alarm = typeof raw === 'string' && ALARM_SOURCE_WORDS.includes(raw.trim().toLowerCase());
    return alarm ? 'auto' : recordSource(raw);
  }
  if (kind === 'clipFormat') {
    const s = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    return Object.prototype.hasOwnProperty.call(CLIP_FORMATS, s) ? s : undefined;
  }
  const lim = (CLIP_LIMITS as Record<string, { min: number; max: number }>)[kind];
  return lim ? integerIn(raw, lim.min, lim.max) : undefined;
}

/** What one message asks for, its values validated (ParsedInput.values of CLIP_NODE). */
export interface ClipAsk {
  deviceSerial: string;
  channelNo: number;
  source: 'auto' | 'cloud' | 'sd-card';
  format: 'mp4' | 'flv';
  start?: number;
  end?: number;
  alarmTime?: number;
  before: number;
  after: number;
  maxSeconds: number;
  maxBytes: number;
  /** ms */
  timeoutMs: number;
  /** ms */
  waitForMs: number;
  verificationCode?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** The validated values of a message as a ClipAsk (defaults filled in). */
export function clipAsk(v: Readonly<Record<string, string | number>>): ClipAsk {
  const maxSeconds = num(v.maxSeconds) ?? CLIP_DEFAULTS.maxSeconds;
  const source = v.source === 'cloud' || v.source === 'sd-card' ? v.source : 'auto';
  return {
    deviceSerial: String(v.deviceSerial),
    channelNo: num(v.channelNo) ?? 1,
    source,
    format: v.format === 'flv' ? 'flv' : 'mp4',
    start: num(v.start),
    end: num(v.end),
    alarmTime: num(v.alarmTime),
    before: num(v.before) ?? CLIP_DEFAULTS.before,
    after: num(v.after) ?? CLIP_DEFAULTS.after,
    maxSeconds,
    maxBytes: num(v.maxBytes) ?? CLIP_DEFAULTS.maxBytes,
    timeoutMs: (num(v.timeout) ?? maxSeconds + CLIP_DEFAULTS.timeoutPast) * 1000,
    waitForMs: (num(v.waitFor) ?? CLIP_DEFAULTS.waitFor) * 1000,
    ...(typeof v.verificationCode === 'string' ? { verificationCode: v.verificationCode } : {}),
  };
}

/** The window of a clip (ms, whole seconds: the playback API takes seconds), whether it is an
 * alarm's, or the parameter that is wrong and why. */
export function clipWindow(
  a: ClipAsk,
):
  | { start: number; end: number; alarm: boolean }
  | { param: 'start' | 'end'; reason: 'clipWindow' | 'recordWindow' | 'clipSpan' } {
  let start: number;
  let end: number;
  const alarm = a.start === undefined && a.end === undefined && a.alarmTime !== undefined;
  if (alarm) {
    start = a.alarmTime! - a.before * 1000;
    end = a.alarmTime! + a.after * 1000;
  } else if (a.start !== undefined && a.end !== undefined) {
    start = a.start;
    end = a.end;
  } else return { param: a.start === undefined ? 'start' : 'end', reason: 'clipWindow' };
  start = Math.floor(start / 1000) * 1000;
  end = Math.ceil(end / 1000) * 1000;
  if (end <= start) return { param: 'end', reason: 'recordWindow' };
  if (end - start > a.maxSeconds * 1000) return { param: 'end', reason: 'clipSpan' };
  return { start, end, alarm };
}

/** A file name for the clip: `SERIAL-CH-yyyyMMdd-HHmmss.mp4` (this runtime's local time). */
export function clipFilename(a: ClipAsk, start: number): string {
  const d = new Date(start);
  const two = (n: number): string => String(n).padStart(2, '0');
  const day = `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}`;
  const time = `${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
  return `${a.deviceSerial}-${a.channelNo}-${day}-${time}.${a.format}`;
}
