// The relay's time (docs/behaviour.md section 25): every cloud session counts its timestamps from
// 0; the viewers see one time that never goes back per track and keeps to the wall clock. A
// session's anchor is the least (arrival - timestamp) of its tags: the live edge, found however
// big the burst of the recent past it opens with. The first session maps its first tag to 0;
// every later session is placed so that its anchor lands where the first one's did, so stream
// time stays within the wall clock's reach however many chains. Pure.

/** An anchor that moves by less than this is at rest... */
const STEP_MS = 50;
/** ... when it has rested this long. */
const STABLE_MS = 300;

/** The tracks whose time must never go back. */
export type Track = 'video' | 'audio' | 'script';

/** Where one session's timestamps sit in the wall clock: its least (arrival - timestamp). */
export class Anchor {
  private least = Infinity;
  /** The anchor as it stood when it last moved by more than STEP_MS, and when that was. */
  private ref = Infinity;
  private movedAt = 0;

  /** A tag of timestamp `ts` arrived at `arrivalMs`. */
  see(ts: number, arrivalMs: number): void {
    const d = arrivalMs - ts;
    if (d < this.least) this.least = d;
    if (this.ref - this.least > STEP_MS) {
      this.ref = this.least;
      this.movedAt = arrivalMs;
    }
  }

  get known(): boolean {
    return this.least !== Infinity;
  }

  /** Whether the burst of the recent past is over: the anchor has not moved for STABLE_MS. */
  stable(nowMs: number): boolean {
    return this.known && nowMs - this.movedAt >= STABLE_MS;
  }

  get value(): number {
    return this.least;
  }
}

/** The output clock of a relay: the offset of the current session and the last time out per track. */
export class Timeline {
  /** stream time = session timestamp + offset. */
  private offset = 0;
  /** (wall - stream time) of the first session's live edge: what every later session keeps. */
  private lead: number | undefined;
  private readonly last: Record<Track, number> = { video: -1, audio: -1, script: -1 };

  /** The offset a session anchored at `anchor` gets: the first session's first tag at 0
   * (`firstTs`), each later one placed as the first one stood to the wall clock. */
  offsetFor(anchor: Anchor, firstTs: number): number {
    if (this.lead === undefined) return -firstTs;
    return anchor.value - this.lead;
  }

  /** The session now shown is anchored at `anchor` with `offset`. */
  use(anchor: Anchor, offset: number): void {
    this.offset = offset;
    if (this.lead === undefined && anchor.known) this.lead = anchor.value - offset;
  }

  /** The first session's anchor moved down (its burst ended): what later sessions keep follows. */
  settle(anchor: Anchor): void {
    if (anchor.known) this.lead = anchor.value - this.offset;
  }

  /** The stream time of a session timestamp, after the last one out on its track (a track's
   * frames never share a decoding time). */
  map(track: Track, ts: number): number {
    const out = Math.max(0, ts + this.offset, this.last[track] + 1);
    this.last[track] = out;
    return out;
  }

  /** Where a session timestamp would land, nothing recorded. */
  peek(ts: number, offset = this.offset): number {
    return ts + offset;
  }

  /** The last stream time out on a track (-1: nothing yet). */
  lastOut(track: Track): number {
    return this.last[track];
  }

  get currentOffset(): number {
    return this.offset;
  }
}

/** The switch point: the index of the first keyframe of the next session (its session
 * timestamps `keys`, with `offset`) newer than what viewers saw (`lastVideo`; within `tolerance`
 * of it counts as the same instant, not seen yet: two sessions' times differ by their jitter),
 * or -1. */
export function switchPoint(keys: readonly number[], offset: number, lastVideo: number, tolerance = 0): number {
  for (let i = 0; i < keys.length; i++) if (keys[i] + offset > lastVideo - tolerance) return i;
  return -1;
}
