// The timeline's day lists at run time (docs/behaviour.md section 21): a day's recordings of the
// panel's camera (cloud and SD card) through the main package's recordings operation, kept in the
// timeline's day cache (day-cache.ts: 30 s, at most 8 days). An alarm of the camera makes its day's
// kept list stale until a recording covers the alarm's moment (its clip comes some time after it):
// the day is listed again at most every 5 s while asked, for 10 minutes (`heard`). What a browser gets
// of a recording: its window (ms) and source, nothing else.

import type { PanelOutcome } from 'node-red-contrib-ezviz-open/dashboard';
import { errorOf } from './replies';
import { DayLists } from './day-cache';

const DAY_MS = 86400000;
/** A day's list awaiting an alarm's clip is listed again at most this often (ms) while asked... */
export const CLIP_RELIST_MS = 5000;
/** ...for this long after the alarm was heard (ms; ezviz-clip waits as long by default). */
export const CLIP_AWAIT_MS = 10 * 60000;
const AWAITED_MAX = 16;

interface DayEntry {
  at: number;
  outcome: Promise<Exclude<PanelOutcome, { kind: 'closed' }> | null>;
  /** The listed windows, once the list came. */
  items?: RecordingView[];
}
/** A recording as a browser sees it. */
export interface RecordingView {
  start: number;
  end: number;
  source: string;
}
export type DayAnswer =
  | { ok: true; start: number; items: RecordingView[] }
  | { ok: false; start: number; error: { code: string; message: string } }
  | null;

export class RecordingDays extends DayLists<DayEntry> {
  /** Moments of alarms heard whose clip no kept list has yet, and when each was heard. */
  private awaited: Array<{ time: number; heard: number }> = [];

  /** Whether the day's list is kept (an ask costs no call). */
  override cached(start: number): boolean {
    return !!this.kept(start);
  }

  /** An alarm of the camera at `time` (ms): its day's list is stale until it lists the alarm's clip. */
  heard(time: number): void {
    this.awaited = [{ time, heard: this.now() }, ...this.awaited.filter((a) => a.time !== time)].slice(0, AWAITED_MAX);
  }

  /** The day's entry unless it is stale: it lacks an awaited clip and was listed 5 s ago or more. */
  private kept(start: number): DayEntry | undefined {
    const entry = this.days.get(start);
    const now = this.now();
    this.awaited = this.awaited.filter((a) => now - a.heard < CLIP_AWAIT_MS);
    if (!entry?.items || now - entry.at < CLIP_RELIST_MS) return entry;
    const items = entry.items;
    const inDay = (t: number) => t >= start && t < start + DAY_MS;
    const covered = (t: number) => items.some((r) => r.start <= t && t < r.end);
    this.awaited = this.awaited.filter((a) => !(inDay(a.time) && covered(a.time)));
    return this.awaited.some((a) => inDay(a.time)) ? undefined : entry;
  }

  /** A day's recordings (cloud and SD card), from the cache when listed in the last 30 s; null when
   * the panel closed meanwhile. A failed list is not kept. */
  async day(start: number): Promise<DayAnswer> {
    let entry = this.kept(start);
    if (!entry) {
      const now = this.now();
      const camera = this.camera();
      const outcome = this.api
        .call(
          this.cfg,
          'recordings',
          { ...camera, source: 'auto', start, end: Math.min(start + DAY_MS, now) },
          this.owner,
        )
        .then((o) => (o.kind === 'closed' ? null : o));
      entry = { at: now, outcome };
      this.days.set(start, entry);
    }
    const o = await entry.outcome;
    if (!o) return null;
    if (o.kind === 'error') this.days.delete(start);
    if (o.kind === 'ok') entry.items ??= itemsOf(o.payload);
    return o.kind === 'ok' ? { ok: true, start, items: entry.items! } : { ok: false, start, error: errorOf(o.error) };
  }

  clear(): void {
    this.days.clear();
    this.awaited = [];
  }
}

/** What a browser gets of a recording: its window (ms) and source, nothing else. */
function itemsOf(payload: unknown): RecordingView[] {
  const list = Array.isArray(payload) ? payload : [];
  const out: RecordingView[] = [];
  for (const r of list as Array<{ start?: unknown; end?: unknown; source?: unknown }>) {
    const start = Date.parse(String(r.start));
    const end = Date.parse(String(r.end));
    if (Number.isFinite(start) && Number.isFinite(end) && end > start)
      out.push({ start, end, source: String(r.source) });
    if (out.length >= 2000) break;
  }
  return out;
}
