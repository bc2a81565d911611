// One cloud session as the relay holds it (docs/behaviour.md section 25): its upstream, its FLV
// reader, what it said first (header, onMetaData, sequence headers), where its time sits in the
// wall clock (its anchor) and, while it is the next session warming up, its tags held for the
// switch (bounded: the oldest group of pictures goes first).

import { hooks } from '../../client/clock/clock';
import { FlvReader, isKeyframe, isMetaData, isSequenceHeader, TAG_AUDIO, TAG_VIDEO } from '../../client/flv';
import type { FlvHeader, FlvTag } from '../../client/flv';
import type { Translate } from '../../client/errors/translate';
import { Anchor } from './timeline';
import type { Connect, StreamFailure, UpstreamHandle } from './types';

/** A tag and when it came. */
export interface Arrived {
  tag: FlvTag;
  at: number;
}

export interface SessionHandlers {
  firstByte(s: CameraSession): void;
  tag(s: CameraSession, a: Arrived): void;
  end(s: CameraSession, failure?: StreamFailure): void;
}

export class CameraSession {
  readonly openedAt = hooks.now();
  readonly anchor = new Anchor();
  header?: FlvHeader;
  meta?: FlvTag;
  videoConfig?: FlvTag;
  audioConfig?: FlvTag;
  /** The first media timestamp. */
  firstTs?: number;
  /** Held while it is the next session: from its oldest kept keyframe on. */
  held: Arrived[] = [];
  private heldBytes = 0;
  bytes = 0;
  tags = 0;
  ended = false;
  private readonly upstream: UpstreamHandle;
  private readonly reader = new FlvReader();

  constructor(
    readonly number: number,
    connect: Connect,
    private readonly on: SessionHandlers,
    private readonly maxHeldBytes: number,
    private readonly t: Translate,
  ) {
    this.upstream = connect({ data: (c) => this.data(c), end: (f) => this.finish(f) });
  }

  private data(chunk: Buffer): void {
    if (this.ended) return;
    if (this.bytes === 0) this.on.firstByte(this);
    this.bytes += chunk.length;
    const at = hooks.now();
    for (const item of this.reader.push(chunk)) {
      if (this.ended) return;
      if (item.kind === 'header') this.header = item.header;
      else if (item.kind === 'error') return this.finish(this.badStream(item.message));
      else this.read({ tag: item.tag, at });
    }
  }

  private read(a: Arrived): void {
    const t = a.tag;
    if (isMetaData(t)) this.meta = t;
    else if (t.type === TAG_VIDEO && isSequenceHeader(t)) this.videoConfig = t;
    else if (t.type === TAG_AUDIO && isSequenceHeader(t)) this.audioConfig = t;
    else if (t.type === TAG_VIDEO || t.type === TAG_AUDIO) {
      this.firstTs ??= t.timestamp;
      this.anchor.see(t.timestamp, a.at);
    }
    this.tags += 1;
    this.on.tag(this, a);
  }

  /** Holds a media tag for the switch (no group of pictures before the first keyframe). */
  hold(a: Arrived): void {
    if (isKeyframe(a.tag)) {
      this.held.push(a);
    } else if (this.held.length > 0) this.held.push(a);
    else return;
    this.heldBytes += a.tag.body.length;
    while (this.heldBytes > this.maxHeldBytes && this.dropOldestGroup());
  }

  /** The held keyframes: their indexes in `held`. */
  heldKeys(): number[] {
    const out: number[] = [];
    this.held.forEach((a, i) => isKeyframe(a.tag) && out.push(i));
    return out;
  }

  private dropOldestGroup(): boolean {
    const next = this.held.findIndex((a, i) => i > 0 && isKeyframe(a.tag));
    const cut = next === -1 ? this.held.length : next;
    for (const a of this.held.splice(0, cut)) this.heldBytes -= a.tag.body.length;
    return this.held.length > 0;
  }

  /** Takes the held tags from `index` on (the switch); nothing is held after. */
  takeHeld(index: number): Arrived[] {
    const out = this.held.slice(index);
    this.held = [];
    this.heldBytes = 0;
    return out;
  }

  private badStream(detail: string): StreamFailure {
    const message = this.t('errors.streamBad', { detail });
    return { code: 'BAD_STREAM', message, operation: 'live', source: 'http', retriable: true };
  }

  private finish(failure?: StreamFailure): void {
    if (this.ended) return;
    this.ended = true;
    this.upstream.close();
    this.on.end(this, failure);
  }

  /** Stops the session: no handler is called after. */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.held = [];
    this.upstream.close();
  }
}
