// What a config node's API calls cost (docs/behaviour.md section 23): every request that went on
// the wire, counted by path and outcome (the reply's code, or the transport's: ECONNRESET,
// HTTP_500, ...), in minute buckets kept for 25 hours, so the last hour and today (since local
// midnight, host time) are sums; and the last limit errors with their time. Two Map lookups per
// call, no string built, at most MAX_CODES codes per path and minute, 25 hours of minutes: nothing
// measurable beside a request.

import { hooks } from '../clock/clock';
import { codesWith } from '../errors/api-codes';
import type { PostOutcome } from '../wire/wire';
import type { CallCounts, CountersCarry, LimitError, UsageSnapshot } from './usage-types';

export type { CallCounts, CountersCarry, LimitError, UsageSnapshot };

/** Codes that mean an account limit was reached (with what to do, in the sidebar's catalog): the
 * `limit` rows of the one table of codes. */
export const LIMIT_CODES: ReadonlySet<string> = new Set(codesWith('limit'));

const MINUTE = 60000;
const KEEP_MINUTES = 25 * 60;
/** Limit errors kept (newest first). */
export const MAX_LIMIT_ERRORS = 20;

/** Local midnight (host time) of the day of `ms`. */
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** The key of a path and code in what a redeploy carries (usage-types.ts CountersCarry). */
const SEP = '\u0000';
/** Distinct outcome codes kept per path and minute; any further code of that minute counts as
 * OTHER_CODE (a server answering a new code each time cannot grow a bucket without end). */
export const MAX_CODES = 32;
export const OTHER_CODE = 'OTHER';

/** path -> code -> count, one minute's calls. */
type Bucket = Map<string, Map<string, number>>;

export class CallCounters {
  /** minute index -> its bucket. */
  private readonly minutes = new Map<number, Bucket>();
  private current = -1;
  private bucket: Bucket | undefined;
  private limits: LimitError[] = [];

  /** Counts one call of `path` that ended with `code`, at `now` (ms): two Map lookups and a set,
   * nothing allocated but a path's or code's first entry of the minute. */
  record(path: string, code: string, now: number): void {
    const minute = Math.floor(now / MINUTE);
    if (minute !== this.current || !this.bucket) this.turn(minute);
    this.add(this.bucket!, path, code, 1);
    if (LIMIT_CODES.has(code)) {
      this.limits.unshift({ code, path, at: now });
      if (this.limits.length > MAX_LIMIT_ERRORS) this.limits.length = MAX_LIMIT_ERRORS;
    }
  }

  private add(bucket: Bucket, path: string, code: string, n: number): void {
    let codes = bucket.get(path);
    if (!codes) bucket.set(path, (codes = new Map()));
    const had = codes.get(code);
    if (had !== undefined) codes.set(code, had + n);
    else if (codes.size < MAX_CODES) codes.set(code, n);
    else codes.set(OTHER_CODE, (codes.get(OTHER_CODE) ?? 0) + n);
  }

  private turn(minute: number): void {
    this.current = minute;
    this.bucket = this.minutes.get(minute);
    if (!this.bucket) {
      this.bucket = new Map();
      this.minutes.set(minute, this.bucket);
    }
    for (const m of this.minutes.keys()) if (m <= minute - KEEP_MINUTES) this.minutes.delete(m);
  }

  /** Counts a request (its path, or its URL) that went on the wire (a refused connection did not:
   * nothing was sent) and hands its outcome on. */
  count(pathOrUrl: string, outcome: PostOutcome): PostOutcome {
    if (outcome.ok || outcome.source !== 'network' || outcome.sent) {
      this.record(pathOf(pathOrUrl), outcome.ok ? outcome.reply.code : outcome.code, hooks.now());
    }
    return outcome;
  }

  /** The last hour (the 60 minutes up to `now`) and today, by path and outcome. */
  snapshot(now: number): UsageSnapshot {
    const minute = Math.floor(now / MINUTE);
    const midnight = Math.floor(startOfDay(now) / MINUTE);
    const lastHour: CallCounts = {};
    const today: CallCounts = {};
    const totals = { lastHour: 0, today: 0 };
    for (const [m, counts] of this.minutes) {
      const inHour = m > minute - 60 && m <= minute;
      const inDay = m >= midnight && m <= minute;
      if (!inHour && !inDay) continue;
      for (const [path, codes] of counts) {
        for (const [code, n] of codes) {
          if (inHour) add(lastHour, path, code, n);
          if (inDay) add(today, path, code, n);
          if (inHour) totals.lastHour += n;
          if (inDay) totals.today += n;
        }
      }
    }
    return { lastHour, today, totals, limits: this.limits.map((l) => ({ ...l })) };
  }

  carry(): CountersCarry {
    return {
      minutes: [...this.minutes].map(([m, bucket]) => [
        m,
        [...bucket].flatMap(([path, codes]) => [...codes].map(([code, n]): [string, number] => [path + SEP + code, n])),
      ]),
      limits: this.limits.map((l) => ({ ...l })),
    };
  }

  /** Takes over what a predecessor counted (a value of any shape from a context store is checked). */
  adopt(carried: unknown, now: number): void {
    if (!carried || typeof carried !== 'object') return;
    const c = carried as Partial<CountersCarry>;
    const oldest = Math.floor(now / MINUTE) - KEEP_MINUTES;
    if (Array.isArray(c.minutes)) {
      for (const entry of c.minutes) {
        if (!Array.isArray(entry) || !Number.isInteger(entry[0]) || entry[0] <= oldest || !Array.isArray(entry[1]))
          continue;
        const bucket: Bucket = this.minutes.get(entry[0]) ?? new Map();
        for (const kv of entry[1]) {
          if (!Array.isArray(kv) || typeof kv[0] !== 'string' || !Number.isSafeInteger(kv[1]) || kv[1] <= 0) continue;
          const at = kv[0].indexOf(SEP);
          if (at >= 0) this.add(bucket, kv[0].slice(0, at), kv[0].slice(at + 1), kv[1]);
        }
        if (bucket.size) this.minutes.set(entry[0], bucket);
      }
      this.current = -1;
    }
    if (Array.isArray(c.limits)) {
      const ok = c.limits.filter(
        (l): l is LimitError =>
          !!l && typeof l.code === 'string' && typeof l.path === 'string' && Number.isFinite(l.at),
      );
      this.limits = [...this.limits, ...ok.map((l) => ({ code: l.code, path: l.path, at: l.at }))]
        .sort((a, b) => b.at - a.at)
        .slice(0, MAX_LIMIT_ERRORS);
    }
  }
}

/** The path of a URL (a path stays as it is; anything unreadable counts as "?"). */
function pathOf(s: string): string {
  if (s.startsWith('/')) return s;
  try {
    return new URL(s).pathname;
  } catch {
    return '?';
  }
}

function add(into: CallCounts, path: string, code: string, n: number): void {
  const byCode = into[path] ?? (into[path] = {});
  byCode[code] = (byCode[code] ?? 0) + n;
}
