// The timeline's one day cache (docs/behaviour.md section 21): per day of the panel's camera, what
// was asked for it (the day's recordings, history-days.ts; its alarms, history-events.ts) kept 30 s
// (every viewer and every tap within that time costs no API call), at most 8 days, the day asked
// last kept first. A day is named by its start (ms) and the camera it is of. The two day lists
// share their set-up here too (DayLists).

import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
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

/** What the timeline's day lists (the recordings, history-days.ts; the alarms, history-events.ts)
 * share: the main package's door, the panel's config node, settings and owner, the clock, and a day
 * cache of their own. */
export abstract class DayLists<E extends { at: number }> {
  protected readonly days: DayCache<E>;

  constructor(
    protected readonly api: PanelApi,
    protected readonly cfg: ReturnType<PanelApi['configNode']>,
    protected readonly settings: PanelSettings,
    protected readonly owner: Parameters<PanelApi['call']>[3],
    protected readonly now: () => number,
  ) {
    this.days = new DayCache(settings, now);
  }

  /** Whether the day's list is kept (an ask costs no call). */
  cached(start: number): boolean {
    return !!this.days.get(start);
  }

  /** The panel's camera, as the door takes it. */
  protected camera(): { deviceSerial: string; channelNo: number } {
    return { deviceSerial: this.settings.deviceSerial, channelNo: this.settings.channelNo };
  }
}
