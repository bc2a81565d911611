// The timeline's day lists at run time (docs/behaviour.md section 21): a day's recordings of the
// panel's camera (cloud and SD card) through the main package's recordings operation, kept in the
// timeline's day cache (day-cache.ts: 30 s, at most 8 days). What a browser gets of a recording: its
// window (ms) and source, nothing else.

import type { PanelOutcome } from 'node-red-contrib-ezviz-open/dashboard';
import { errorOf } from './replies';
import { DayLists } from './day-cache';

const DAY_MS = 86400000;

interface DayEntry {
  at: number;
  outcome: Promise<Exclude<PanelOutcome, { kind: 'closed' }> | null>;
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
  /** A day's recordings (cloud and SD card), from the cache when listed in the last 30 s; null when
   * the panel closed meanwhile. A failed list is not kept. */
  async day(start: number): Promise<DayAnswer> {
    let entry = this.days.get(start);
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
    return o.kind === 'ok'
      ? { ok: true, start, items: itemsOf(o.payload) }
      : { ok: false, start, error: errorOf(o.error) };
  }

  clear(): void {
    this.days.clear();
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
