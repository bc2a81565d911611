// The pure parts of ezviz-alarm (docs/behaviour.md section 11): the node's settings, the query window,
// the request fields of one page and when paging ends (the items of a page: alarm-items.ts). No
// Node.js imports, no clock: the node passes the time in.

import type { Fields } from '../../client/requests/call-types';
import { kindList, type AlarmKind } from './alarm-kinds';

/** The API lists only the last 7 days (docs/api/more-api.md, alarm list). */
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
/** Before the next poll or fetch after 10007 (the call count used up), at least (seconds). */
export const COUNT_LIMIT_WAIT_S = 3600;
/** Longest wait after 10029 (too frequent) in a row. */
export const LIMIT_BACKOFF_MAX_MS = 5 * 60 * 1000;

/** ms until the next poll or fetch after the `n`th 10029 in a row (docs/behaviour.md section 15):
 * 2, 4, 8... times the interval, at most 5 minutes (never less than the interval); the first good
 * answer starts again at the interval. */
export function limitedWait(intervalMs: number, n: number): number {
  return Math.max(intervalMs, Math.min(LIMIT_BACKOFF_MAX_MS, intervalMs * 2 ** Math.min(n, 30)));
}

export interface AlarmSettings {
  interval: number;
  deviceSerial?: string;
  alarmType?: number;
  /** Only alarms of these kinds (docs/behaviour.md section 27); undefined: every kind. */
  kinds?: AlarmKind[];
}

export type SettingsResult =
  { ok: true; settings: AlarmSettings; clamped: boolean } | { ok: false; param: string; value: string };

/** The node's properties -> settings; an interval below the minimum is raised to it (`clamped`).
 * `limits`: the interval's default and minimum of the node's source (poll by default). */
export function alarmSettings(
  def: { interval?: unknown; deviceSerial?: unknown; alarmType?: unknown; kinds?: unknown },
  limits: { def: number; min: number } = { def: DEFAULT_INTERVAL_S, min: MIN_INTERVAL_S },
): SettingsResult {
  const show = (v: unknown) => {
    const s = typeof v === 'string' ? JSON.stringify(v) : String(v);
    return s.length > 40 ? s.slice(0, 37) + '...' : s;
  };
  let interval = limits.def;
  let clamped = false;
  const iv = def.interval;
  if (!(iv === undefined || iv === null || (typeof iv === 'string' && iv.trim() === ''))) {
    const n = typeof iv === 'number' ? iv : typeof iv === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(iv) ? Number(iv) : NaN;
    if (!Number.isFinite(n) || n <= 0 || n > MAX_INTERVAL_S) return { ok: false, param: 'interval', value: show(iv) };
    interval = Math.max(limits.min, n);
    clamped = n < limits.min;
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
  const kinds = kindList(def.kinds);
  if ('bad' in kinds) return { ok: false, param: 'kinds', value: show(kinds.bad) };
  if (kinds.kinds.length) settings.kinds = kinds.kinds;
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
export function pageFields(
  window: { startTime: number; endTime: number },
  pageStart: number,
  settings: AlarmSettings,
): Fields {
  const fields: Fields = {
    startTime: window.startTime,
    endTime: window.endTime,
    status: 2,
    pageStart,
    pageSize: PAGE_SIZE,
  };
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
