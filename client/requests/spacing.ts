// Minimum spacing of calls per camera (docs/behaviour.md section 11: at most one capture per camera per
// 4 s, the vendor's advice). The camera queue asks `wait` before it sends such a call and `mark`s
// when it goes out; a faster message waits its turn. Pure: the caller passes the time.

import type { Fields } from './call-types';
import type { CallSpec } from '../operations/operations';

/** The queue (and spacing) key of a call: "SERIAL/channel", or the serial alone for calls
 * queued per device (switch writes, 2 s apart per device whatever the channel). */
export function cameraKey(spec: { queueBy?: CallSpec['queueBy'] }, fields: Fields): string {
  return spec.queueBy === 'device' ? `${fields.deviceSerial}` : `${fields.deviceSerial}/${fields.channelNo}`;
}

export class CallSpacing {
  /** "SERIAL/channel" -> when the last spaced call went out (ms since the epoch). */
  private readonly last = new Map<string, number>();

  /** ms still to wait before the next call to `key` may go out (0: at once). */
  wait(key: string, gapMs: number, now: number): number {
    const at = this.last.get(key);
    if (at === undefined) return 0;
    const left = at + gapMs - now;
    if (left <= 0) {
      // Long enough ago: forget it, the map stays small.
      this.last.delete(key);
      return 0;
    }
    // A clock that went back holds a camera no longer than one gap.
    return Math.min(left, gapMs);
  }

  /** A call to `key` goes out now. */
  mark(key: string, now: number): void {
    this.last.set(key, now);
  }

  /** Cameras with a recent call (tests). */
  get size(): number {
    return this.last.size;
  }
}
