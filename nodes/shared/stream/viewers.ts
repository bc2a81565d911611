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
  /** The stream time at which its unsent data began to pile up. */
  private lagSince: number | undefined;

  constructor(readonly sink: ViewerSink) {}

  /** Sends `bytes` (stream time `ts`); false when the viewer is past its bound (then closed by
   * the caller). */
  send(bytes: Buffer, ts: number, limits: RelayLimits): boolean {
    if (this.closed) return true;
    this.gotBytes = true;
    this.sink.write(bytes);
    return this.withinBounds(ts, limits);
  }

  /** Whether the unsent data is within 8 MiB and 10 s of stream (docs/behaviour.md section 25). */
  withinBounds(ts: number, limits: RelayLimits): boolean {
    const unsent = this.sink.unsent();
    if (unsent === 0) {
      this.lagSince = undefined;
      return true;
    }
    if (unsent > limits.maxUnsentBytes) return false;
    this.lagSince ??= ts;
    return ts - this.lagSince <= limits.maxUnsentMs;
  }
}

/** Whether a viewer is over its bounds: pure, for the tests and the benchmark. */
export function overBounds(unsent: number, lagMs: number, limits: Pick<RelayLimits, 'maxUnsentBytes' | 'maxUnsentMs'>) {
  return unsent > limits.maxUnsentBytes || (unsent > 0 && lagMs > limits.maxUnsentMs);
}
