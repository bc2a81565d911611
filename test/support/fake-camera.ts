// A camera in memory for the stream relay's unit tests (features/stream/): a fake clock whose
// timers run in order, and cloud sessions that play a scene on that clock as FLV: header,
// onMetaData, AVC and AAC sequence headers, then pictures every 40 ms (a keyframe every second)
// and AAC frames every 80 ms, timestamps from 0 at the session's first keyframe. A session opens
// at the keyframe before now and sends the recent past at once (`burst`, as the cloud does) or
// plays it at the wall clock's pace (as the simulator does); it ends after `capMs`, or fails.

import { hooks } from '../../client/clock/clock';
import { writeHeader, writeTag } from '../../client/flv';
import type { Connect, StreamFailure, UpstreamHandlers, ViewerSink } from '../../features/stream';

export class FakeScheduler {
  now = 1_000_000;
  private timers: { at: number; fn: () => void; live: boolean; seq: number }[] = [];
  private seq = 0;
  readonly tickers: (() => void)[] = [];

  install(): void {
    hooks.now = () => this.now;
    hooks.random = () => 0.5;
    hooks.timer = (fn, ms) => {
      const t = { at: this.now + ms, fn, live: true, seq: this.seq++ };
      this.timers.push(t);
      return () => void (t.live = false);
    };
  }

  /** Moves the clock `ms` on in steps of `step`, running timers and the cameras' ticks in order. */
  advance(ms: number, step = 10): void {
    const end = this.now + ms;
    while (this.now < end) {
      this.now = Math.min(end, this.now + step);
      for (;;) {
        const due = this.timers
          .filter((t) => t.live && t.at <= this.now)
          .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
        if (!due) break;
        due.live = false;
        due.fn();
      }
      this.timers = this.timers.filter((t) => t.live);
      for (const tick of [...this.tickers]) tick();
    }
  }

  get liveTimers(): number {
    return this.timers.filter((t) => t.live).length;
  }
}

const META = Buffer.concat([Buffer.from([2, 0, 10]), Buffer.from('onMetaData'), Buffer.from([3, 0, 0, 9])]);
export const AVC_CONFIG = Buffer.from([0x17, 0, 0, 0, 0, 1, 0x42, 0, 0x1e, 0xff]);
export const AAC_CONFIG = Buffer.from([0xaf, 0, 0x14, 0x08]);

export interface CameraSettings {
  capMs: number;
  burst: boolean;
  /** The next sessions fail with this (cleared by the test). */
  failure?: StreamFailure;
  /** ms between the GET and the first byte. */
  firstByteMs: number;
  avcConfig: Buffer;
}

export class FakeCamera {
  readonly settings: CameraSettings = { capMs: 5000, burst: true, firstByteMs: 0, avcConfig: AVC_CONFIG };
  opened = 0;
  open = 0;

  constructor(private readonly clock: FakeScheduler) {}

  readonly connect: Connect = (h) => {
    this.opened += 1;
    this.open += 1;
    const s = new FakeSession(this.clock, h, { ...this.settings }, () => (this.open -= 1));
    return { close: () => s.close() };
  };
}

class FakeSession {
  private readonly openedAt: number;
  private readonly start: number;
  private next: number;
  private done = false;
  private sentHead = false;
  private readonly tick = (): void => this.play();

  constructor(
    private readonly clock: FakeScheduler,
    private readonly h: UpstreamHandlers,
    private readonly s: CameraSettings,
    private readonly gone: () => void,
  ) {
    this.openedAt = clock.now;
    this.start = Math.floor(clock.now / 1000) * 1000;
    this.next = this.start;
    clock.tickers.push(this.tick);
  }

  private play(): void {
    if (this.done) return;
    const now = this.clock.now;
    if (this.s.failure) return this.finish(this.s.failure);
    if (now - this.openedAt < this.s.firstByteMs) return;
    const out: Buffer[] = [];
    if (!this.sentHead) {
      this.sentHead = true;
      out.push(writeHeader(true, true), writeTag({ type: 18, body: META }, 0));
      out.push(writeTag({ type: 9, body: this.s.avcConfig }, 0), writeTag({ type: 8, body: AAC_CONFIG }, 0));
    }
    // Burst: the scene up to now at once; paced: the scene from the keyframe at the clock's pace.
    const upTo = this.s.burst ? now : this.start + (now - this.openedAt);
    while (this.next <= upTo) {
      const ts = this.next - this.start;
      const key = this.next % 1000 === 0;
      out.push(writeTag({ type: 9, body: Buffer.from([key ? 0x17 : 0x27, 1, 0, 0, 0, 0xaa, this.next & 0xff]) }, ts));
      if (this.next % 80 === 0) out.push(writeTag({ type: 8, body: Buffer.from([0xaf, 1, 0x21, 0x10]) }, ts));
      this.next += 40;
    }
    if (out.length) this.h.data(Buffer.concat(out));
    if (now - this.openedAt >= this.s.capMs) this.finish();
  }

  private finish(f?: StreamFailure): void {
    this.close();
    this.h.end(f);
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    this.gone();
    const i = this.clock.tickers.indexOf(this.tick);
    if (i >= 0) this.clock.tickers.splice(i, 1);
  }
}

/** A viewer that keeps what it got; `stall` makes its bytes pile up unsent. */
export class FakeViewer implements ViewerSink {
  readonly chunks: Buffer[] = [];
  readyCalls = 0;
  failed?: StreamFailure;
  ended = false;
  stall = false;
  /** Like a real socket under a steady stream: the bytes of the last write are still buffered
   * when the relay asks (unsent is never 0), yet everything before them went on. */
  lagging = false;
  private pile = 0;
  private last = 0;

  constructor(readonly address = '127.0.0.1') {}
  ready(): void {
    this.readyCalls += 1;
  }
  write(b: Buffer): boolean {
    if (this.stall) this.pile += b.length;
    else this.chunks.push(b);
    this.last = b.length;
    return !this.stall;
  }
  unsent(): number {
    return this.pile + (this.lagging && !this.stall ? this.last : 0);
  }
  fail(f: StreamFailure): void {
    this.failed = f;
  }
  end(): void {
    this.ended = true;
  }
  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
