// One camera, every viewer (docs/behaviour.md section 25): the relay opens the camera for its
// first viewer (or a hold), shares the one stream with all of them, closes it `idleCloseMs`
// after the last one left, and carries failures: a viewer without a byte yet gets the failure
// (503), a running stream retries with back-off for up to `retryForMs`, then ends its viewers.
// Each failure is reported once, however many viewers. Timers through the injectable clock.

import { hooks } from '../../client/clock/clock';
import { Chain } from './chain';
import { Output } from './output';
import type { CameraSession } from './session';
import { DEFAULT_LIMITS, type Connect, type RelayLimits, type RelayOptions, type RelayStats } from './types';
import type { StreamFailure, UpstreamHandlers, ViewerSink } from './types';
import { Viewer } from './viewers';

export class StreamRelay {
  readonly limits: RelayLimits;
  private readonly viewers = new Set<Viewer>();
  private out: Output;
  private readonly chain: Chain;
  private held = false;
  private closed = false;
  private failingSince?: number;
  private failing?: StreamFailure;
  private reported?: string; // the code output 2 had for this outage: a retry failing alike is not sent
  private attempt = 0;
  private cancelIdle?: () => void;
  private cancelRetry?: () => void;
  private openSince?: number;
  private openMs = 0;
  private bytesIn = 0;

  constructor(private readonly options: RelayOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.out = new Output(this.limits, this.viewers, (v) => this.drop(v, 'slow'));
    this.chain = new Chain(
      this.countingConnect(),
      this.limits,
      {
        output: () => this.out,
        firstByte: () => this.viewers.forEach((v) => v.sink.ready()),
        shown: (s, gapMs) => this.shown(s, gapMs),
        failed: (f) => this.failed(f),
      },
      options.t ?? ((key) => key),
    );
  }

  private countingConnect(): Connect {
    const data = (h: UpstreamHandlers, c: Buffer): void => {
      this.bytesIn += c.length;
      h.data(c);
    };
    return (h) => this.options.connect({ data: (c) => data(h, c), end: (f) => h.end(f) });
  }

  /** A viewer joins: the camera opens if it is not open, the viewer starts at the kept group. */
  addViewer(sink: ViewerSink): Viewer {
    const v = new Viewer(sink);
    if (this.closed) {
      sink.end();
      return v;
    }
    this.viewers.add(v);
    this.keepOpen();
    this.report('viewer', { client: { address: sink.address } });
    if (this.chain.shown && this.chain.shown.bytes > 0) sink.ready();
    this.out.start(v);
    return v;
  }

  /** A viewer left (its connection closed). */
  removeViewer(v: Viewer, reason = 'gone'): void {
    if (!this.viewers.delete(v)) return;
    v.closed = true;
    this.report('left', { client: { address: v.sink.address }, reason });
    this.maybeIdle();
  }

  private drop(v: Viewer, reason: string): void {
    if (!this.viewers.has(v)) return;
    this.removeViewer(v, reason);
    v.sink.end();
  }

  /** `"open"`: the camera stays open without viewers; `"close"`: until the last viewer left. */
  hold(on: boolean): void {
    if (this.closed) return;
    this.held = on;
    if (on) this.keepOpen();
    else if (this.viewers.size === 0) this.stop('idle');
  }

  private keepOpen(): void {
    this.cancelIdle?.();
    this.cancelIdle = undefined;
    this.want();
  }

  private want(): void {
    if (this.chain.running || this.cancelRetry) return;
    this.openSince ??= hooks.now();
    this.chain.openNext();
    this.options.reports.changed();
  }

  private maybeIdle(): void {
    this.options.reports.changed();
    if (this.viewers.size > 0 || this.held || this.cancelIdle) return;
    if (!this.chain.running && !this.cancelRetry) return;
    this.cancelIdle = hooks.timer(() => {
      this.cancelIdle = undefined;
      this.stop('idle');
    }, this.limits.idleCloseMs);
  }

  private shown(s: CameraSession, gapMs: number | undefined): void {
    this.failingSince = undefined;
    this.failing = this.reported = undefined;
    this.attempt = 0;
    if (gapMs === undefined) this.report('open', { session: s.number });
    else this.report('chain', { session: s.number, gapMs: Math.round(gapMs) });
    this.options.reports.changed();
  }

  private failed(f: StreamFailure): void {
    if (this.reported !== f.code) this.options.reports.failure(f);
    this.reported = f.code;
    this.failing = f;
    for (const v of [...this.viewers]) {
      if (v.gotBytes) continue;
      this.viewers.delete(v);
      v.closed = true;
      v.sink.fail(f);
      this.report('left', { client: { address: v.sink.address }, reason: 'failed' });
    }
    const now = hooks.now();
    this.failingSince ??= now;
    const wanted = this.viewers.size > 0 || this.held;
    if (!wanted || now - this.failingSince >= this.limits.retryForMs) return this.stop('failed');
    const delay = Math.min(8000, 1000 * 2 ** this.attempt) * (0.75 + 0.5 * hooks.random());
    this.attempt += 1;
    this.cancelRetry?.();
    this.cancelRetry = hooks.timer(() => {
      this.cancelRetry = undefined;
      this.chain.openNext();
    }, delay);
    this.options.reports.changed();
  }

  /** Closes the camera; the viewers' responses end. */
  private stop(why: string): void {
    const was = this.chain.running || this.cancelRetry !== undefined;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    this.cancelIdle?.();
    this.cancelIdle = undefined;
    this.chain.stop();
    for (const v of [...this.viewers]) this.drop(v, 'ended');
    this.out = this.out.reset();
    if (this.openSince !== undefined) this.openMs += hooks.now() - this.openSince;
    this.openSince = undefined;
    this.attempt = 0;
    this.failingSince = this.reported = undefined;
    if (why !== 'failed') this.failing = undefined;
    if (was) this.report('close', { why });
    this.options.reports.changed();
  }

  /** Ends the stream now (`why`: the close event's; `minutes`: maxMinutesPerDay used up): the hold
   * let go, the camera closed, every response ended. Viewers may come again. */
  end(why: string): void {
    if (this.closed) return;
    this.held = false;
    this.stop(why);
  }

  /** The node closes: nothing open, no timer, every response ended. */
  close(): void {
    this.end('closed');
    this.closed = true;
  }

  stats(): RelayStats {
    const open = this.openSince === undefined ? 0 : hooks.now() - this.openSince;
    return {
      viewers: this.viewers.size,
      running: this.chain.shown !== undefined,
      sessions: this.chain.sessions,
      bytesIn: this.bytesIn,
      openMs: this.openMs + open,
      ...(this.failing ? { failing: this.failing } : {}),
    };
  }

  private report(event: 'open' | 'chain' | 'close' | 'viewer' | 'left', extra: object): void {
    this.options.reports.event({ event, viewers: this.viewers.size, session: this.chain.sessions, ...extra });
  }
}
