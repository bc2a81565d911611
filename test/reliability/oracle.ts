// The reference model of the fuzz tests: what docs/behaviour.md section 4 says an operation node must do
// with one raw parameter value, written independently of client/params/parse.ts (the limits are
// the documented ones). `expectParam` answers the value that must be sent (as the simulator logs
// it: a string), "absent" for an optional parameter left empty, or "invalid".

import type { ParamKind } from '../../client/operations/operations';

export type Expect = { sent: string } | 'absent' | 'missing' | 'invalid';

const DIRECTION_NAMES = [
  'up',
  'down',
  'left',
  'right',
  'up-left',
  'down-left',
  'up-right',
  'down-right',
  'zoom-in',
  'zoom-out',
  'focus-near',
  'focus-far',
];
const NAMES: Record<string, Record<string, number>> = {
  direction: { ...Object.fromEntries(DIRECTION_NAMES.map((n, i) => [n, i])), auto: 16 },
  speed: { slow: 0, medium: 1, fast: 2 },
  mirror: { 'up-down': 0, 'left-right': 1, center: 2 },
  immediately: { no: 0, yes: 1 },
  // live addresses (docs/api/watch-api.md section 1)
  protocol: { ezopen: 1, hls: 2, rtmp: 3, flv: 4, llhls: 5 },
  quality: { hd: 1, smooth: 2 },
  source: { live: 1, 'sd-card': 2, cloud: 3 },
};

const two = (n: number): string => (n < 10 ? '0' : '') + n;

/** A playback time as the API takes it (`yyyy-MM-dd HH:mm:ss`, years 2000-2099): a text in that
 * form as it is (a real date), a Date, ms (a number, or 12-15 digits) or an ISO text in local time. */
function playback(raw: unknown): string | undefined {
  if (typeof raw === 'string') {
    const m = /^\s*((\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d))\s*$/.exec(raw);
    if (m) {
      const [y, mo, d, h, mi, s] = m.slice(2).map(Number);
      const t = new Date(y, mo - 1, d, h, mi, s);
      const real =
        t.getFullYear() === y &&
        t.getMonth() === mo - 1 &&
        t.getDate() === d &&
        t.getHours() === h &&
        t.getMinutes() === mi &&
        t.getSeconds() === s;
      return real && y >= 2000 && y <= 2099 ? m[1] : undefined;
    }
  }
  let ms: number | undefined;
  if (raw instanceof Date) ms = raw.getTime();
  else if (typeof raw === 'number') ms = raw;
  else if (typeof raw === 'string' && /^\s*\d{12,15}\s*$/.test(raw)) ms = Number(raw);
  else if (typeof raw === 'string' && /^\s*\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)?\s*$/.test(raw))
    ms = Date.parse(raw);
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  const t = new Date(ms);
  if (!(t.getFullYear() >= 2000 && t.getFullYear() <= 2099)) return undefined;
  return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())} ${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}`;
}

/** The rules between the fields (API names) of a live request, applied in place: defaults live,
 * hls (flv for playback) and 3600 s (no lifetime for ezopen); live drops a window, playback drops
 * the quality and needs a window (end after start), not over hls, cloud within one day. The
 * parameter that breaks a rule, if any. */
export function liveRules(f: Record<string, string>): string | undefined {
  f.type ??= '1';
  f.protocol ??= f.type === '1' ? '2' : '4';
  if (f.protocol === '1') delete f.expireTime;
  else f.expireTime ??= '3600';
  if (f.type === '1') {
    delete f.startTime;
    delete f.stopTime;
    return undefined;
  }
  delete f.quality;
  if (f.protocol === '2') return 'protocol';
  if (f.startTime === undefined) return 'start';
  if (f.stopTime === undefined || f.stopTime <= f.startTime) return 'end';
  if (f.type === '3' && f.startTime.slice(0, 10) !== f.stopTime.slice(0, 10)) return 'end';
  return undefined;
}

/** Integers: a JS integer number, or a string of ASCII digits with an optional sign and blanks. */
function asInteger(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const m =
    /^[ \t\n\r\v\f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*([+-]?[0-9]+)[ \t\n\r\v\f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*$/.exec(
      raw,
    );
  return m ? Number(m[1]) : undefined;
}

function inRange(n: number | undefined, ok: (n: number) => boolean): string | undefined {
  return n !== undefined && ok(n) ? String(n) : undefined;
}

function named(raw: unknown, kind: string, ok: (n: number) => boolean): string | undefined {
  const n = asInteger(raw);
  if (n !== undefined) return inRange(n, ok);
  if (typeof raw !== 'string') return undefined;
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, '-');
  const table = NAMES[kind];
  return Object.prototype.hasOwnProperty.call(table, key) ? String(table[key]) : undefined;
}

export function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim().length === 0);
}

/** What must be sent for `raw` of a parameter of `kind`. */
export function expectParam(kind: ParamKind, required: boolean, raw: unknown): Expect {
  if (isBlank(raw)) return required ? 'missing' : 'absent';
  let v: string | undefined;
  switch (kind) {
    case 'serial':
      if (typeof raw === 'number') v = Number.isSafeInteger(raw) && raw >= 0 ? String(Math.abs(raw)) : undefined;
      else if (typeof raw === 'string')
        v = /^[A-Za-z0-9]{1,64}$/.test(raw.trim()) ? raw.trim().toUpperCase() : undefined;
      break;
    case 'channel':
      v = inRange(asInteger(raw), (n) => n >= 1 && n <= 256);
      break;
    case 'index':
      v = inRange(asInteger(raw), (n) => n >= 1 && n <= 256);
      break;
    case 'direction':
      v = named(raw, 'direction', (n) => (n >= 0 && n <= 11) || n === 16);
      break;
    case 'speed':
      v = named(raw, 'speed', (n) => n >= 0 && n <= 2);
      break;
    case 'mirror':
      v = named(raw, 'mirror', (n) => n >= 0 && n <= 2);
      break;
    case 'immediately':
      if (typeof raw === 'boolean') v = raw ? '1' : '0';
      else if (typeof raw === 'string' && /^(true|false)$/i.test(raw.trim()))
        v = raw.trim().toLowerCase() === 'true' ? '1' : '0';
      else v = named(raw, 'immediately', (n) => n === 0 || n === 1);
      break;
    case 'duration':
      v = inRange(asInteger(raw), (n) => n >= 0 && n <= 600000);
      break;
    case 'presetName': {
      const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
      v = s.length >= 1 && s.length <= 64 ? s : undefined;
      break;
    }
    case 'cardPassword': {
      const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
      v = s.length >= 1 && s.length <= 128 && !/\s/.test(s) ? s : undefined;
      break;
    }
    case 'phone': {
      const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      v = /^\+?[0-9]{5,20}$/.test(s) ? s : undefined;
      break;
    }
    case 'protocol':
      v = named(raw, 'protocol', (n) => n >= 1 && n <= 5);
      break;
    case 'quality':
      v = named(raw, 'quality', (n) => n === 1 || n === 2);
      break;
    case 'source':
      v = named(raw, 'source', (n) => n >= 1 && n <= 3);
      break;
    case 'lifetime':
      v = inRange(asInteger(raw), (n) => n >= 30 && n <= 62208000);
      break;
    case 'playbackTime':
      v = playback(raw);
      break;
    case 'verificationCode': {
      const s = typeof raw === 'string' ? raw.trim() : '';
      v = /^[A-Za-z0-9]{4,32}$/.test(s) ? s : undefined;
      break;
    }
  }
  return v === undefined ? 'invalid' : { sent: v };
}
