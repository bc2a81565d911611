// The stream minutes of one ezviz-stream node today (docs/behaviour.md section 25): the relay's
// open time since local midnight, what a redeployed node's predecessor counted today added, and
// what is left of `maxMinutesPerDay`. Pure: the time is given.

import { startOfDay } from '../../client/requests/counters';
import type { DayCount } from '../../client/service/stream-book';

export class DayMinutes {
  private day: number;
  private atDayStart = 0;
  private before: number;

  /** `carried`: what the node counted today before a redeploy (another day's count is dropped). */
  constructor(now: number, carried?: DayCount) {
    this.day = startOfDay(now);
    this.before = carried && carried.day === this.day ? Math.max(0, carried.ms) : 0;
  }

  /** ms of camera open today, given the relay's open ms in all (from 0 at the node's start). */
  todayMs(openMs: number, now: number): number {
    const day = startOfDay(now);
    if (day !== this.day) {
      this.day = day;
      this.atDayStart = openMs;
      this.before = 0;
    }
    return this.before + openMs - this.atDayStart;
  }

  /** Today's count, to hand over. */
  count(openMs: number, now: number): DayCount {
    const ms = this.todayMs(openMs, now);
    return { day: this.day, ms };
  }
}

/** ms left of `maxMinutes` a day after `todayMs` (Infinity: no limit; 0: used up). */
export function minutesLeftMs(maxMinutes: number, todayMs: number): number {
  if (!(maxMinutes > 0)) return Infinity;
  return Math.max(0, maxMinutes * 60000 - todayMs);
}

/** Seconds until the next local midnight (at least 1): a refused viewer's Retry-After. */
export function untilMidnightS(now: number): number {
  const next = new Date(startOfDay(now));
  next.setDate(next.getDate() + 1);
  return Math.max(1, Math.ceil((next.getTime() - now) / 1000));
}
