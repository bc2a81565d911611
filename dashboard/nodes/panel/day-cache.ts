// The timeline's one day cache (docs/behaviour.md section 21): per day of the panel's camera, what
// was asked for it (the day's recordings, history-days.ts; its alarms, history-events.ts) kept 30 s
// (every viewer and every tap within that time costs no API call), at most 8 days, the day asked
// last kept first. A day is named by its start (ms) and the camera it is of.

import type { PanelSettings } from './settings';

/** A day's entry is kept this long (ms). */
export const DAY_CACHE_MS = 30000;
const MAX_DAYS_KEPT = 8;

export class DayCache<E extends { at: number }> {
  private readonly days = new Map<string, E>();

  constructor(
    private readonly settings: PanelSettings,
    private readonly now: () => number,
  ) {}

  private prefix(): string {
    return `${this.settings.deviceSerial}/${this.settings.channelNo}/`;
  }

  /** The day's entry while kept (an ask costs no call). */
  get(start: number): E | undefined {
    const e = this.days.get(this.prefix() + start);
    return e && this.now() - e.at < DAY_CACHE_MS ? e : undefined;
  }

  /** Keeps the day's entry (the last asked), forgetting the days kept too long and the oldest past 8. */
  set(start: number, entry: E): void {
    const key = this.prefix() + start;
    this.days.delete(key);
    this.days.set(key, entry);
    const now = this.now();
    for (const [k, e] of this.days) if (now - e.at >= DAY_CACHE_MS) this.days.delete(k);
    while (this.days.size > MAX_DAYS_KEPT) this.days.delete(this.days.keys().next().value as string);
  }

  /** Forgets the day (a failed ask is not kept). */
  delete(start: number): void {
    this.days.delete(this.prefix() + start);
  }

  /** The kept days of the panel's camera: their starts (ms) and entries. */
  *entries(): IterableIterator<[number, E]> {
    const prefix = this.prefix();
    for (const [key, e] of this.days) if (key.startsWith(prefix)) yield [Number(key.slice(prefix.length)), e];
  }

  /** Every entry still held, of any camera the panel showed. */
  values(): IterableIterator<E> {
    return this.days.values();
  }

  clear(): void {
    this.days.clear();
  }
}
