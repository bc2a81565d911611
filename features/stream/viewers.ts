// The viewers of one relay (docs/behaviour.md section 25): each gets the FLV header once, then
// (from the kept group of pictures) onMetaData, the sequence headers and the pictures from a
// keyframe, then the live tags. A slow viewer is closed past its bound of unsent bytes or stream
// time, never holding the others: a write never waits.

import type { RelayLimits, ViewerSink } from './types';

export class Viewer {
  /** The header and a keyframe went out: live tags follow. */
  started = false;
  /** A byte went out (a failure then ends the response instead of a 503). */
  gotBytes = false;
  closed = false;
  /** Bytes handed to the sink so far, and where each write ended with its stream time: the
   * entries of data not yet sent on (the oldest first, from `head`). */
  private written = 0;
  private writes: { end: number; ts: number }[] = [];
  private head = 0;

  constructor(readonly sink: ViewerSink) {}

  /** Sends `bytes` (stream time `ts`); false when the viewer is past its bound (then closed by
   * the caller). */
  send(bytes: Buffer, ts: number, limits: RelayLimits): boolean {
    if (this.closed) return true;
    this.gotBytes = true;
    this.sink.write(bytes);
    this.written += bytes.length;
    this.writes.push({ end: this.written, ts });
    return this.withinBounds(ts, limits);
  }

  /** Whether the unsent data is within 8 MiB and 10 s of stream (docs/behaviour.md section 25):
   * the stream time of the oldest byte not yet sent on, against `ts`. A socket rarely has nothing
   * buffered right after a write, so "unsent" alone would close every viewer after 10 s. */
  withinBounds(ts: number, limits: RelayLimits): boolean {
    const unsent = this.sink.unsent();
    if (unsent > limits.maxUnsentBytes) return false;
    const sentOn = this.written - unsent;
    while (this.head < this.writes.length && this.writes[this.head].end <= sentOn) this.head += 1;
    if (this.head >= 256 && this.head * 2 >= this.writes.length) {
      this.writes = this.writes.slice(this.head);
      this.head = 0;
    }
    const oldest = this.writes[this.head];
    return unsent === 0 || !oldest || ts - oldest.ts <= limits.maxUnsentMs;
  }
}

/** Whether a viewer is over its bounds: pure, for the tests and the benchmark. */
export function overBounds(unsent: number, lagMs: number, limits: Pick<RelayLimits, 'maxUnsentBytes' | 'maxUnsentMs'>) {
  return unsent > limits.maxUnsentBytes || (unsent > 0 && lagMs > limits.maxUnsentMs);
}
