// Endless across the service's cap (docs/behaviour.md section 25): the session shown and the
// next one, opened before the shown one ends (plan.ts: from the cap seen, or at once when one ends
// early). The switch is at the next session's first keyframe newer than what the viewers saw,
// once its time is known (its burst of the recent past is over) and the shown session has caught
// up with it, or at once when the shown one ended; when the shown one ended and the next holds
// the last pictures out, right after them (splice.ts), and once chains splice, at that end only.
// Then the old one is closed. Make before break.

import { hooks } from '../../client/clock/clock';
import { isKeyframe, isSequenceHeader, TAG_AUDIO, TAG_VIDEO } from '../../client/flv';
import type { Translate } from '../../client/errors/translate';
import type { Output } from './output';
import { CameraSession, type Arrived } from './session';
import { LastPictures } from './splice';
import { ChainPlan } from './plan';
import { switchPoint } from './timeline';
import type { Connect, RelayLimits, StreamFailure } from './types';

export interface ChainHost {
  /** The way out now (a new one for each stream). */
  output(): Output;
  /** The camera answered a first byte. */
  firstByte(): void;
  /** A session is shown: the first of a stream (gapMs undefined) or a chain. */
  shown(s: CameraSession, gapMs: number | undefined): void;
  /** A session failed, or ended with nothing to show and nothing after it. */
  failed(f: StreamFailure): void;
}

/** At a chain after the shown session ended: a newer keyframe due within this long is waited for
 * (a gap under a second), else the next session replays from its newest keyframe (replay()). */
const WAIT_MS = 800;

export class Chain {
  shown?: CameraSession;
  next?: CameraSession;
  /** What it has seen of the service: when to open the next session, when to switch (plan.ts). */
  readonly plan = new ChainPlan();
  sessions = 0;
  private cancelTimer?: () => void;
  /** The last step between two pictures out (ms of stream time). */
  private step = 40;
  /** The number of the first session of this stream (its anchor sets the stream's place). */
  private firstShown = -1;
  /** The last pictures out: found again in the next session, it goes on right after them. */
  private readonly seen = new LastPictures();

  constructor(
    private readonly connect: Connect,
    private readonly limits: RelayLimits,
    private readonly host: ChainHost,
    private readonly t: Translate,
  ) {}

  /** Opens the next session unless one is opening. */
  openNext(): void {
    if (this.next) return;
    this.cancelTimer?.();
    this.sessions += 1;
    this.next = new CameraSession(this.sessions, this.connect, this.handlers, this.limits.maxPendingBytes, this.t);
  }

  private readonly handlers = {
    firstByte: (s: CameraSession) => {
      this.plan.answered(hooks.now() - s.openedAt);
      this.host.firstByte();
    },
    tag: (s: CameraSession, a: Arrived) => this.tag(s, a),
    end: (s: CameraSession, f?: StreamFailure) => this.end(s, f),
  };

  private tag(s: CameraSession, a: Arrived): void {
    const out = this.host.output();
    if (s === this.shown) {
      // The next session's keyframe of this picture's instant goes out instead of it (not twice).
      if (this.next && a.tag.type === TAG_VIDEO && !isSequenceHeader(a.tag)) this.trySwitch();
      if (s !== this.shown) return;
      if (s.number === this.firstShown) out.timeline.settle(s.anchor);
      const before = out.timeline.lastOut('video');
      out.tag(a.tag);
      this.seen.saw(a.tag);
      if (a.tag.type === TAG_VIDEO && before >= 0) this.step = Math.max(1, out.timeline.lastOut('video') - before);
      if (isKeyframe(a.tag)) this.plan.keyframeAt(a.tag.timestamp);
      if (a.tag.type === TAG_VIDEO) this.trySwitch();
      return;
    }
    if (s !== this.next) return;
    if (a.tag.type === TAG_VIDEO || a.tag.type === TAG_AUDIO) s.hold(a);
    if (isKeyframe(a.tag) || a.tag.type === TAG_VIDEO) this.trySwitch();
  }

  private trySwitch(): void {
    const n = this.next;
    const out = this.host.output();
    if (!n || n.firstTs === undefined) return;
    const keys = n.heldKeys();
    if (keys.length === 0) return;
    const lastVideo = out.timeline.lastOut('video');
    if (lastVideo < 0 || !this.shown) return this.show(n, keys[0], -n.firstTs, undefined);
    // The shown session ended (or splicing, is overdue): `n` goes on right after the last
    // pictures out if it holds them; splicing, the switch waits for that end.
    const waits = !this.shown.ended && this.plan.waits(this.shown.openedAt, hooks.now());
    const sp = waits ? undefined : this.seen.spliceIn(n.held, lastVideo, this.step);
    if (sp) {
      this.plan.splicing = true;
      return this.show(n, sp.index, sp.offset, sp.gapMs);
    }
    if (waits) return;
    if (!n.anchor.stable(hooks.now())) return;
    const offset = out.timeline.offsetFor(n.anchor, n.firstTs);
    const keyTs = keys.map((i) => n.held[i].tag.timestamp);
    const k = switchPoint(keyTs, offset, lastVideo, this.step / 2);
    if (k < 0) return this.replay(n, keys, keyTs, offset, lastVideo);
    const at = keyTs[k] + offset;
    if (!this.shown.ended && at - lastVideo > Math.max(50, this.step * 1.5)) return;
    // The keyframe lands after the last picture shown, by at least 1 ms (Timeline.map).
    if (this.shown.ended) this.plan.splicing = false;
    this.show(n, keys[k], offset, Math.max(1, at - lastVideo));
  }

  /** The shown session ended and `n` holds no keyframe newer than what viewers saw (it opened
   * with a burst of the recent past; no next session was open ahead: the cap was not seen yet):
   * `n` shows from its newest held keyframe, the pictures already seen squeezed 1 ms apart behind
   * the last one out (Timeline.map), then on its own time: no gap, at most one keyframe interval
   * of the scene again, the time still on the wall clock. Unless a newer keyframe is due within
   * WAIT_MS of the last picture out: then that gap, under a second, rather than the longer replay. */
  private replay(n: CameraSession, keys: number[], keyTs: number[], offset: number, lastVideo: number): void {
    if (!this.shown?.ended) return;
    const last = keyTs.length - 1;
    const gop = this.plan.gopMs;
    if (gop !== undefined && keyTs[last] + offset + gop - lastVideo <= WAIT_MS) return;
    this.plan.splicing = false;
    this.show(n, keys[last], offset, 1);
  }

  /** Shows `n` from its held tag `index` on, at `offset`; the old session closes. Its held sound
   * before that keyframe goes out too where it is newer than the last sound out (sound frames
   * stand alone). */
  private show(n: CameraSession, index: number, offset: number, gapMs: number | undefined): void {
    const out = this.host.output();
    const old = this.shown;
    this.shown = n;
    this.next = undefined;
    this.plan.shown();
    if (gapMs === undefined) this.firstShown = n.number;
    out.timeline.use(n.anchor, offset);
    old?.close();
    if (n.header && gapMs === undefined) out.kept.header = n.header;
    for (const t of [n.meta, n.videoConfig, n.audioConfig]) if (t) out.tag(t);
    const lastAudio = out.timeline.lastOut('audio');
    n.takeHeld(0).forEach((a, i) => {
      if (a.tag.type === TAG_AUDIO ? out.timeline.peek(a.tag.timestamp) > lastAudio : i >= index) out.tag(a.tag);
      this.seen.saw(a.tag, i >= index);
    });
    this.host.shown(n, gapMs);
    this.planNext(n);
  }

  /** Opens the next session ahead of the cap seen. */
  private planNext(n: CameraSession): void {
    this.cancelTimer?.();
    const after = this.plan.openAfter();
    if (after === undefined) return;
    const wait = Math.max(0, n.openedAt + after - hooks.now());
    this.cancelTimer = hooks.timer(() => this.openNext(), wait);
  }

  private end(s: CameraSession, failure?: StreamFailure): void {
    if (s === this.next) {
      this.next = undefined;
      const message = this.t('errors.streamEmpty');
      this.host.failed(
        failure ?? { code: 'EMPTY_STREAM', message, operation: 'live', source: 'http', retriable: true },
      );
      return;
    }
    if (s !== this.shown) return;
    if (!failure) this.plan.ended(hooks.now() - s.openedAt);
    if (this.next) return this.trySwitch();
    if (failure) return this.host.failed(failure);
    this.openNext();
  }

  /** Closes both sessions and the timer; the next stream starts afresh. */
  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.shown?.close();
    this.next?.close();
    this.shown = undefined;
    this.next = undefined;
    this.firstShown = -1;
    this.seen.clear();
  }

  /** Whether a camera session is open. */
  get running(): boolean {
    return this.shown !== undefined || this.next !== undefined;
  }
}
