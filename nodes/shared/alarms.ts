// The pure parts of ezviz-alarm (design.md section 11): the query window, the request fields of
// one page, when paging ends, the reply items -> checked payloads, and the bounded set of alarm
// ids already sent. No Node.js imports, no clock: the node passes the time in.

import type { Fields } from './call-types';

/** The API lists only the last 7 days (ezviz-more-api.md, alarm list). */
export const ALARM_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** Kept off the window's edge: a startTime a moment too old would be refused. */
export const WINDOW_MARGIN_MS = 60 * 1000;
/** Each poll looks this far back before the end of the last good poll: alarms the service lists
 * late are still found (the seen ids keep them from being sent twice). */
export const OVERLAP_MS = 10 * 60 * 1000;
export const PAGE_SIZE = 50;
/** At most this many pages per poll (newest first: what is left is older still). */
export const MAX_PAGES = 40;
export const DEFAULT_INTERVAL_S = 60;
export const MIN_INTERVAL_S = 10;
export const MAX_INTERVAL_S = 24 * 3600;
/** Alarm ids remembered (and kept in the node context): enough for the overlap of many polls. */
export const SEEN_MAX = 5000;
/** Before the next poll after these codes, at least (seconds): frequency limit, call count limit. */
export const RATE_LIMIT_WAIT_S: Readonly<Record<string, number>> = Object.freeze({ '10029': 300, '10007': 3600 });

/** The msg.payload of one alarm. */
export interface AlarmPayload {
  alarmId: string;
  alarmName: string;
  alarmType: number | null;
  alarmTime: number;
  alarmDate: string;
  deviceSerial: string;
  channelNo: number | null;
  alarmPicUrl: string;
  isEncrypt: number | boolean | null;
  isChecked: number | boolean | null;
}

export interface AlarmSettings {
  interval: number;
  deviceSerial?: string;
  alarmType?: number;
}

export type SettingsResult = { ok: true; settings: AlarmSettings; clamped: boolean } | { ok: false; param: string; value: string };

/** The node's properties -> settings; an interval below the minimum is raised to it (`clamped`). */
export function alarmSettings(def: { interval?: unknown; deviceSerial?: unknown; alarmType?: unknown }): SettingsResult {
  const show = (v: unknown) => {
    const s = typeof v === 'string' ? JSON.stringify(v) : String(v);
    return s.length > 40 ? s.slice(0, 37) + '...' : s;
  };
  let interval = DEFAULT_INTERVAL_S;
  let clamped = false;
  const iv = def.interval;
  if (!(iv === undefined || iv === null || (typeof iv === 'string' && iv.trim() === ''))) {
    const n = typeof iv === 'number' ? iv : typeof iv === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(iv) ? Number(iv) : NaN;
    if (!Number.isFinite(n) || n <= 0 || n > MAX_INTERVAL_S) return { ok: false, param: 'interval', value: show(iv) };
    interval = Math.max(MIN_INTERVAL_S, n);
    clamped = n < MIN_INTERVAL_S;
  }
  const settings: AlarmSettings = { interval };
  const ds = def.deviceSerial;
  if (!(ds === undefined || ds === null || (typeof ds === 'string' && ds.trim() === ''))) {
    const s = typeof ds === 'string' ? ds.trim() : '';
    if (!/^[A-Za-z0-9]{1,64}$/.test(s)) return { ok: false, param: 'deviceSerial', value: show(ds) };
    settings.deviceSerial = s.toUpperCase();
  }
  const at = def.alarmType;
  if (!(at === undefined || at === null || (typeof at === 'string' && at.trim() === ''))) {
    const n = typeof at === 'number' ? at : typeof at === 'string' && /^\s*-?\d+\s*$/.test(at) ? Number(at) : NaN;
    if (!Number.isSafeInteger(n) || n < -1) return { ok: false, param: 'alarmType', value: show(at) };
    if (n !== -1) settings.alarmType = n;
  }
  return { ok: true, settings, clamped };
}

/** startTime/endTime of a poll at `now`: never before `floor` (the deploy), never outside the
 * 7-day window, overlapping the last good poll that ended at `lastEnd`. */
export function queryWindow(now: number, floor: number, lastEnd?: number): { startTime: number; endTime: number } {
  let start = Math.max(floor, now - ALARM_WINDOW_MS + WINDOW_MARGIN_MS);
  if (lastEnd !== undefined) start = Math.max(start, lastEnd - OVERLAP_MS);
  return { startTime: Math.min(start, now), endTime: now };
}

/** The request fields of page `pageStart` (status 2: read and unread). */
export function pageFields(window: { startTime: number; endTime: number }, pageStart: number, settings: AlarmSettings):
  Fields {
  const fields: Fields = { startTime: window.startTime, endTime: window.endTime, status: 2, pageStart, pageSize: PAGE_SIZE };
  if (settings.alarmType !== undefined) fields.alarmType = settings.alarmType;
  return fields;
}

export interface Page {
  /** The reply's items (raw). */
  items: unknown[];
  /** page.total when the reply gives a usable one. */
  total?: number;
}

/** The page of a reply's data, or undefined when `data` is not an array (BAD_REPLY). */
export function readPage(data: unknown, page: unknown): Page | undefined {
  if (!Array.isArray(data)) return undefined;
  const total = page && typeof page === 'object' ? (page as { total?: unknown }).total : undefined;
  const n = typeof total === 'number' ? total : typeof total === 'string' && /^\d+$/.test(total) ? Number(total) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? { items: data, total: n } : { items: data };
}

/** Whether another page must be asked for after page `pageStart` (0-based) that held `page`. */
export function morePages(pageStart: number, page: Page, oldestTime: number | undefined, floor: number): boolean {
  if (pageStart + 1 >= MAX_PAGES) return false;
  if (page.items.length < PAGE_SIZE) return false;
  if (page.total !== undefined && (pageStart + 1) * PAGE_SIZE >= page.total) return false;
  // Newest first: once a page reaches back before the floor, the next pages are older still.
  return !(oldestTime !== undefined && oldestTime < floor);
}

function time(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n < 8.64e15 ? n : undefined;
}

function int(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d{1,15}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : null;
}

function flag(v: unknown): number | boolean | null {
  if (typeof v === 'boolean') return v;
  const n = int(v);
  return n === null ? null : n;
}

function text(v: unknown, max: number): string {
  return typeof v === 'string' ? v.slice(0, max) : '';
}

/** One reply item -> the payload of design.md section 11, or undefined when it lacks what an
 * alarm needs (an id, a time, a device). Only the documented fields, each type-checked. */
export function mapAlarm(item: unknown): AlarmPayload | undefined {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const o = item as Record<string, unknown>;
  const id = typeof o.alarmId === 'string' ? o.alarmId : typeof o.alarmId === 'number' && Number.isSafeInteger(o.alarmId)
    ? String(o.alarmId) : '';
  const at = time(o.alarmTime);
  const serial = typeof o.deviceSerial === 'string' ? o.deviceSerial.trim() : '';
  if (!id || id.length > 256 || at === undefined || !/^[A-Za-z0-9]{1,64}$/.test(serial)) return undefined;
  const channel = int(o.channelNo);
  const pic = text(o.alarmPicUrl, 4096);
  return {
    alarmId: id,
    alarmName: text(o.alarmName, 256),
    alarmType: int(o.alarmType),
    alarmTime: at,
    alarmDate: new Date(at).toISOString(),
    deviceSerial: serial.toUpperCase(),
    channelNo: channel !== null && channel >= 0 ? channel : null,
    alarmPicUrl: /^https?:\/\//i.test(pic) ? pic : '',
    isEncrypt: flag(o.isEncrypt),
    isChecked: flag(o.isChecked),
  };
}

/** Alarm ids already sent, oldest first, at most SEEN_MAX; what the node context keeps. */
export class SeenAlarms {
  private readonly ids = new Map<string, number>();

  constructor(saved?: unknown) {
    const list = saved && typeof saved === 'object' ? (saved as { ids?: unknown }).ids : undefined;
    if (!Array.isArray(list)) return;
    for (const e of list.slice(-SEEN_MAX)) {
      if (Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number') this.ids.set(e[0], e[1]);
    }
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string, alarmTime: number): void {
    this.ids.delete(id);
    this.ids.set(id, alarmTime);
    while (this.ids.size > SEEN_MAX) this.ids.delete(this.ids.keys().next().value as string);
  }

  /** Forgets ids of alarms older than `before` (no poll can list them again). */
  prune(before: number): void {
    for (const [id, at] of this.ids) if (at < before) this.ids.delete(id);
  }

  get size(): number {
    return this.ids.size;
  }

  /** A JSON value for the context store. */
  toJSON(): { ids: Array<[string, number]> } {
    return { ids: [...this.ids] };
  }
}

/** The alarms of one poll still to send: valid, not older than `floor`, matching the filters,
 * not seen, each once; oldest first. `invalid` counts items that were not alarms. */
export function newAlarms(items: readonly unknown[], seen: SeenAlarms, floor: number, settings: AlarmSettings):
  { alarms: AlarmPayload[]; invalid: number } {
  const out = new Map<string, AlarmPayload>();
  let invalid = 0;
  for (const item of items) {
    const a = mapAlarm(item);
    if (!a) {
      invalid++;
      continue;
    }
    if (a.alarmTime < floor || seen.has(a.alarmId) || out.has(a.alarmId)) continue;
    if (settings.deviceSerial !== undefined && a.deviceSerial !== settings.deviceSerial) continue;
    if (settings.alarmType !== undefined && a.alarmType !== settings.alarmType) continue;
    out.set(a.alarmId, a);
  }
  // The API lists newest first; sort by time (a stable sort keeps the listed order reversed for ties).
  const alarms = [...out.values()].reverse().sort((x, y) => x.alarmTime - y.alarmTime);
  return { alarms, invalid };
}
