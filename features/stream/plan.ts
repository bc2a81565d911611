// When a chain opens the next cloud session and when it switches (docs/behaviour.md section 25):
// what the relay has seen of the service (its cap, the keyframe interval, how long a session takes
// to answer) and whether chains splice (splice.ts: the cloud's sessions carry the same pictures,
// so a chain needs no keyframe). Switching at a keyframe, the next session opens one and a half
// keyframe intervals and half a second ahead of the cap and switches at its first keyframe the
// shown one reaches; splicing, it opens only as far ahead as a session takes to answer (twice,
// and half a second; at least 1 s) and switches when the shown one ends: one chain per cap but
// that overlap. Pure: times are given.

/** A session shorter than this that ended by itself says nothing about the cap. */
const MIN_CAP_MS = 2000;
/** Splicing, the shown session still running this long past the cap seen: switch all the same. */
const OVERDUE_MS = 1000;

/** When the next session should open, ms after the current one opened, switching at keyframes:
 * ahead of the cap seen (`capMs`; undefined when none was seen yet: never, the end will tell) by
 * one and a half keyframe intervals (`gopMs`) and half a second, at least 2 s, at most half the cap. */
export function chainAfterMs(capMs: number | undefined, gopMs = 2000): number | undefined {
  if (capMs === undefined) return undefined;
  const ahead = Math.min(capMs / 2, Math.max(2000, 1.5 * gopMs + 500));
  return Math.max(0, capMs - ahead);
}

/** The same when chains splice: ahead of the cap by twice the time a session took to answer its
 * first byte (`answerMs`) and half a second, at least 1 s, at most half the cap. */
export function spliceAfterMs(capMs: number | undefined, answerMs = 500): number | undefined {
  if (capMs === undefined) return undefined;
  const ahead = Math.min(capMs / 2, Math.max(1000, 2 * answerMs + 500));
  return Math.max(0, capMs - ahead);
}

export class ChainPlan {
  /** The cap seen: how long the last session that ended by itself lasted. */
  capMs?: number;
  /** The keyframe interval seen (session time). */
  gopMs?: number;
  /** Whether the last chain after an end went on right after the last picture out (splice.ts). */
  splicing = false;
  private lastKey?: number;
  private answerMs?: number;

  /** A keyframe of the shown session at session time `ts`. */
  keyframeAt(ts: number): void {
    if (this.lastKey !== undefined && ts > this.lastKey) this.gopMs = ts - this.lastKey;
    this.lastKey = ts;
  }

  /** Another session is shown: its keyframes count from its own time. */
  shown(): void {
    this.lastKey = undefined;
  }

  /** A session answered its first byte `ms` after it opened (the longest lately counts). */
  answered(ms: number): void {
    this.answerMs = Math.max(ms, (this.answerMs ?? 0) / 2);
  }

  /** The shown session ended by itself (no failure) `ageMs` after it opened. */
  ended(ageMs: number): void {
    if (ageMs >= MIN_CAP_MS) this.capMs = ageMs;
  }

  /** When the next session opens, ms after the shown one opened; undefined: at its end. */
  openAfter(): number | undefined {
    return this.splicing ? spliceAfterMs(this.capMs, this.answerMs) : chainAfterMs(this.capMs, this.gopMs);
  }

  /** Whether the switch waits for the end of the shown session (opened at `openedAt`): splicing,
   * until it ends, or is overdue past the cap seen. */
  waits(openedAt: number, now: number): boolean {
    return this.splicing && this.capMs !== undefined && now < openedAt + this.capMs + OVERDUE_MS;
  }
}
