// A setting's value both ways (docs/behaviour.md section 20): as people give and read it, and as the API
// takes and answers it (docs/api/media-api.md section 5). sensitivity: 0-6 (0 least sensitive) or
// low/medium/high; schedule: {enabled, start "HH:mm", stop "HH:mm", days ["mon", ...]}; infrared:
// on/off. Pure: the runtime, the editor (checks) and the tests share it.

import { integer, valueOfName } from './numbers';
import type { SettingName } from './settings';

/** The arming plan as people read and write it. `stop` "24:00" is midnight at the end of the day. */
export interface Schedule {
  enabled: boolean;
  start: string;
  stop: string;
  days: DayName[];
}

export type SettingValue = number | 'on' | 'off' | Schedule;

/** Weekdays in the API's order: 0 = Monday ... 6 = Sunday (media-api section 5.2). */
export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayName = (typeof DAYS)[number];

/** Sensitivity words and the value each writes; a read value's word is that of its band. */
export const SENSITIVITY_WORDS: Readonly<Record<'low' | 'medium' | 'high', number>> = Object.freeze({
  low: 1,
  medium: 3,
  high: 5,
});
export const MAX_SENSITIVITY = 6;

/** The word of a sensitivity value: 0-1 low, 2-4 medium, 5-6 high. */
export function sensitivityLevel(n: number): 'low' | 'medium' | 'high' {
  return n <= 1 ? 'low' : n <= 4 ? 'medium' : 'high';
}

/** What a write sends (besides serial and channel), and the value in people's form. */
export interface Planned {
  fields: Record<string, string | number>;
  value: SettingValue;
}

/** Why a value is refused: a `validation.settingRule.<reason>` text of the shared catalog. */
export interface Refused {
  reason: 'sensitivity' | 'infrared' | 'schedule' | 'time' | 'order' | 'days';
}

const onOff = (raw: unknown): 'on' | 'off' | undefined => {
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
  if (s === true || s === 1 || s === 'on' || s === 'true' || s === '1') return 'on';
  if (s === false || s === 0 || s === 'off' || s === 'false' || s === '0') return 'off';
  return undefined;
};

/** "H:mm"/"HH:mm" (and "24:00") -> "HH:mm", or undefined. */
export function timeOf(raw: unknown): string | undefined {
  const m = typeof raw === 'string' ? /^\s*(\d{1,2}):(\d{2})\s*$/.exec(raw) : null;
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h === 24 && min === 0) return '24:00';
  return h <= 23 && min <= 59 ? `${String(h).padStart(2, '0')}:${m[2]}` : undefined;
}

/** Days as a list or a comma text of names ("mon", "Monday", any case), in the API's order. */
export function daysOf(raw: unknown): DayName[] | undefined {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : undefined;
  if (!list || list.length === 0 || list.length > 7) return undefined;
  const out = new Set<DayName>();
  for (const d of list) {
    const key = typeof d === 'string' ? d.trim().toLowerCase().slice(0, 3) : '';
    const full = typeof d === 'string' ? d.trim().toLowerCase() : '';
    const day = DAYS.find((x) => x === key);
    if (!day || !/^[a-z]{3,9}$/.test(full)) return undefined;
    out.add(day);
  }
  return DAYS.filter((d) => out.has(d));
}

function parseSchedule(raw: string | number): Planned | Refused {
  let o: unknown;
  try {
    o = typeof raw === 'string' && raw.startsWith('{') ? JSON.parse(raw) : undefined;
  } catch {
    o = undefined;
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) return { reason: 'schedule' };
  const s = o as Record<string, unknown>;
  const enabled = s.enabled === undefined ? 'on' : onOff(s.enabled);
  const start = timeOf(s.start);
  const stop = timeOf(s.stop);
  if (!enabled) return { reason: 'schedule' };
  if (!start || !stop || start === '24:00') return { reason: 'time' };
  const end = stop === '00:00' ? '24:00' : stop;
  if (end <= start) return { reason: 'order' };
  const days = s.days === undefined ? [...DAYS] : daysOf(s.days);
  if (!days) return { reason: 'days' };
  return {
    value: { enabled: enabled === 'on', start, stop: end, days },
    fields: {
      startTime: start,
      stopTime: end === '24:00' ? 'n00:00' : end,
      period: days.map((d) => DAYS.indexOf(d)).join(','),
      enable: enabled === 'on' ? '1' : '0',
    },
  };
}

/** A write of `name` to `raw` (as rawSettingValue kept it): the fields to send, or why not. */
export function planWrite(name: SettingName, raw: string | number): Planned | Refused {
  if (name === 'schedule') return parseSchedule(raw);
  if (name === 'infrared') {
    const state = onOff(raw);
    return state ? { value: state, fields: { enable: state === 'on' ? 1 : 0 } } : { reason: 'infrared' };
  }
  const n = valueOfName(SENSITIVITY_WORDS, raw) ?? integer(raw);
  if (n === undefined || n < 0 || n > MAX_SENSITIVITY) return { reason: 'sensitivity' };
  return { value: n, fields: { value: n, type: 0 } };
}

/** Whether two values in people's form are the same setting. */
export function sameSetting(a: SettingValue, b: SettingValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
