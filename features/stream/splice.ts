// A chain after the shown session ended (docs/behaviour.md section 25): the cloud relays one camera
// stream to every session, so the next session's burst of the recent past holds the very pictures
// the viewers saw last, byte for byte. Found there (the last two pictures, one after the other, or
// the last one as the keyframe the burst begins with), the next session goes on right after them: no keyframe to wait for, nothing shown twice, nothing
// skipped, its time placed by that picture. Not found (another stream, another encoder): the
// keyframe switch as before. Pure.

import { isKeyframe, isSequenceHeader, TAG_VIDEO, type FlvTag } from '../../client/flv';

/** Whether a tag carries a picture (a video tag, not a sequence header). */
export function isPicture(tag: FlvTag): boolean {
  return tag.type === TAG_VIDEO && !isSequenceHeader(tag) && tag.video?.endOfSequence !== true;
}

/** The last two pictures out (their bodies, not copied). */
export class LastPictures {
  private prev?: Buffer;
  private last?: Buffer;

  /** A tag went out (`out` false: it did not). */
  saw(tag: FlvTag, out = true): void {
    if (!out || !isPicture(tag)) return;
    this.prev = this.last;
    this.last = tag.body;
  }

  /** The index in `held` of the newest picture that is the last one out, right after a picture
   * that is the one before it (no other picture between them) or, first held, a keyframe (the
   * next session's burst begins at the keyframe last shown), or -1. */
  find(held: readonly { tag: FlvTag }[]): number {
    const { prev, last } = this;
    if (!prev || !last) return -1;
    let before = -1;
    let found = -1;
    held.forEach((a, i) => {
      if (!isPicture(a.tag)) return;
      const after = before >= 0 ? held[before].tag.body.equals(prev) : isKeyframe(a.tag);
      if (after && a.tag.body.equals(last)) found = i;
      before = i;
    });
    return found;
  }

  /** Where `held` goes on when it holds the last pictures out (the last at stream time
   * `lastVideo`): the index of the tag after them, the offset that places them where they were
   * shown, the stream time to the next picture held (`step` when none yet); undefined when not. */
  spliceIn(
    held: readonly { tag: FlvTag }[],
    lastVideo: number,
    step: number,
  ): { index: number; offset: number; gapMs: number } | undefined {
    const i = this.find(held);
    if (i < 0) return undefined;
    const offset = lastVideo - held[i].tag.timestamp;
    const after = held.slice(i + 1).find((a) => isPicture(a.tag));
    return { index: i + 1, offset, gapMs: after ? Math.max(1, after.tag.timestamp + offset - lastVideo) : step };
  }

  /** A new stream: nothing seen. */
  clear(): void {
    this.prev = this.last = undefined;
  }
}
