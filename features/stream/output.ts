// The relay's one way out (docs/behaviour.md section 25): a tag of the session shown is put on
// the stream's time (timeline.ts), written once and sent to every started viewer; a keyframe
// begins the kept group of pictures and starts the viewers waiting for one; a sequence header
// goes out again only when it changed. Codecs pass untouched: only the timestamp is rewritten.

import { isKeyframe, isMetaData, isSequenceHeader, TAG_AUDIO, TAG_VIDEO, writeTag } from '../../client/flv';
import type { FlvTag } from '../../client/flv';
import { KeptStart, sameConfig } from './kept';
import { Timeline, type Track } from './timeline';
import type { RelayLimits } from './types';
import type { Viewer } from './viewers';

export class Output {
  readonly timeline = new Timeline();
  readonly kept: KeptStart;
  /** Tags and bytes sent out (once, whatever the number of viewers). */
  tagsOut = 0;

  constructor(
    private readonly limits: RelayLimits,
    private readonly viewers: ReadonlySet<Viewer>,
    private readonly slow: (v: Viewer) => void,
  ) {
    this.kept = new KeptStart(limits.maxGopBytes);
  }

  /** A tag of the session shown. */
  tag(tag: FlvTag): void {
    if (isMetaData(tag)) {
      this.kept.meta = tag;
      return;
    }
    if (isSequenceHeader(tag)) return this.config(tag);
    if (tag.type !== TAG_VIDEO && tag.type !== TAG_AUDIO) return;
    const track: Track = tag.type === TAG_VIDEO ? 'video' : 'audio';
    const ts = this.timeline.map(track, tag.timestamp);
    const bytes = writeTag(tag, ts);
    if (isKeyframe(tag)) {
      this.kept.keyframe(bytes, ts);
      this.fan(bytes, ts);
      this.startWaiting();
      return;
    }
    this.kept.add(bytes);
    this.fan(bytes, ts);
  }

  /** A sequence header: kept for joining viewers, sent to the started ones when it changed. */
  private config(tag: FlvTag): void {
    const video = tag.type === TAG_VIDEO;
    const known = video ? this.kept.videoConfig : this.kept.audioConfig;
    if (sameConfig(known, tag)) return;
    if (video) this.kept.videoConfig = tag;
    else this.kept.audioConfig = tag;
    if (known === undefined && !this.kept.ready) return;
    const ts = Math.max(0, this.timeline.lastOut(video ? 'video' : 'audio'));
    const bytes = writeTag(tag, ts);
    this.kept.add(bytes);
    this.fan(bytes, ts);
  }

  /** Sends to every started viewer; a viewer past its bounds is closed. */
  private fan(bytes: Buffer, ts: number): void {
    this.tagsOut += 1;
    for (const v of this.viewers) {
      if (v.started && !v.send(bytes, ts, this.limits)) this.slow(v);
    }
  }

  /** Starts a viewer when a group of pictures is kept (else at the next keyframe). */
  start(v: Viewer): void {
    if (v.started || !this.kept.ready) return;
    v.started = true;
    for (const b of this.kept.intro()) v.send(b, this.kept.keyTime, this.limits);
    if (!v.withinBounds(this.kept.keyTime, this.limits)) this.slow(v);
  }

  private startWaiting(): void {
    for (const v of this.viewers) if (!v.started) this.start(v);
  }

  /** A new stream (after an idle close): a new time, nothing kept. */
  reset(): Output {
    return new Output(this.limits, this.viewers, this.slow);
  }
}
