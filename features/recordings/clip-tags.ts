// The FLV tags of a clip as they arrive, session after session (docs/behaviour.md section 26): the
// decoder configurations (H.264 or H.265, legacy codec ids 7/12 or Enhanced-FLV `avc1`/`hvc1`;
// AAC), then the coded frames on one timeline from 0 at the first keyframe of the first session,
// kept up to the window's end. A session cut short is continued by the next one from the last
// keyframe kept: what came after it is dropped and the next session's first keyframe takes its
// place (a playback address asked from that second starts at the keyframe at or before it).
// Bounded: at most `maxBytes` of media. Each kept body is copied out of the stream's read (a tag
// is a view of a network chunk: one small tag would keep the whole chunk alive). Pure: no I/O.

import { isKeyframe, TAG_AUDIO, TAG_VIDEO, type FlvTag } from '../../client/flv';

export type VideoCodec = 'h264' | 'h265';

/** One coded frame: its tag body (the FLV output writes it again) and where the frame's bytes
 * start in it; `ts` is the decoding time on the clip's timeline (ms), `cts` the composition offset. */
export interface Sample {
  ts: number;
  cts: number;
  key: boolean;
  body: Buffer;
  dataAt: number;
}

/** What a pushed tag meant: go on, the window's end reached, too many bytes, an unusable codec. */
export type PushOutcome = 'more' | 'end' | 'full' | 'codec';

interface VideoHead {
  codec: VideoCodec | undefined;
  /** Offset of the configuration record (sequence header) or the frame's bytes in the body. */
  dataAt: number;
}

/** The codec and layout of a video body (legacy 7 / 12, Enhanced-FLV avc1 / hvc1). */
function videoHead(tag: FlvTag): VideoHead {
  const v = tag.video!;
  if (v.isExHeader) {
    const codec = v.fourCC === 'avc1' ? 'h264' : v.fourCC === 'hvc1' ? 'h265' : undefined;
    // ExVideoPacketType 1 (CodedFrames) carries a composition time; 3 (CodedFramesX) does not.
    return { codec, dataAt: v.packetType === 1 ? 8 : 5 };
  }
  return { codec: v.codecId === 7 ? 'h264' : v.codecId === 12 ? 'h265' : undefined, dataAt: 5 };
}

/** A tag body in memory of its own (small ones share Node's pool: no per-tag allocation). */
const own = (b: Buffer): Buffer => (b.byteOffset === 0 && b.length === b.buffer.byteLength ? b : Buffer.from(b));

export class ClipTags {
  video: { codec: VideoCodec; config: Buffer; tag: Buffer } | undefined;
  audio: { config: Buffer; tag: Buffer } | undefined;
  readonly videoSamples: Sample[] = [];
  readonly audioSamples: Sample[] = [];
  /** Media bytes kept. */
  bytes = 0;
  /** Session time -> clip time (undefined until the session's first keyframe). */
  private offset: number | undefined;
  /** Where the current session's first keyframe goes on the clip's timeline. */
  private resumeAt = 0;

  constructor(
    readonly windowMs: number,
    readonly maxBytes: number,
  ) {}

  /** Whether the current session sent its end-of-sequence tag (the end of its address's window). */
  sessionEnded = false;

  /** A new session begins (its timestamps are its own). */
  beginSession(): void {
    this.offset = undefined;
    this.sessionEnded = false;
  }

  /** The next session follows on from the last frame kept (a cloud window read on past midnight
   * with a new address from 00:00:00: nothing is dropped, its first keyframe comes a frame later). */
  continueAfterLast(): void {
    this.resumeAt = this.lastTs + this.frameMs();
    this.offset = undefined;
  }

  /** The clip time of the last frame kept (-1: none). */
  get lastTs(): number {
    const last = this.videoSamples[this.videoSamples.length - 1];
    return last ? last.ts : -1;
  }

  /** Reads one tag of the current session. */
  push(tag: FlvTag): PushOutcome {
    if (tag.type === TAG_VIDEO && tag.video) return this.pushVideo(tag);
    if (tag.type === TAG_AUDIO && tag.audio?.soundFormat === 10) this.pushAudio(tag);
    return 'more';
  }

  private pushVideo(tag: FlvTag): PushOutcome {
    const v = tag.video!;
    const head = videoHead(tag);
    if (v.sequenceHeader) {
      if (!head.codec) return 'codec';
      const config = tag.body.subarray(head.dataAt);
      if (!this.video) {
        const body = own(tag.body);
        this.video = { codec: head.codec, config: body.subarray(head.dataAt), tag: body };
      } else if (this.video.codec !== head.codec || !this.video.config.equals(config)) return 'codec';
      return 'more';
    }
    if (v.endOfSequence) this.sessionEnded = true;
    if (v.endOfSequence)
      return this.offset !== undefined && tag.timestamp + this.offset >= this.windowMs ? 'end' : 'more';
    if (!this.video || head.codec !== this.video.codec || v.packetType === 5 || v.frameType === 5) return 'more';
    if (this.offset === undefined) {
      if (!isKeyframe(tag)) return 'more';
      this.offset = this.resumeAt - tag.timestamp;
    }
    const ts = tag.timestamp + this.offset;
    if (ts >= this.windowMs) return 'end';
    if (ts <= this.lastTs || tag.body.length <= head.dataAt) return 'more'; // out of order, or empty
    const body = own(tag.body);
    this.videoSamples.push({ ts, cts: v.compositionTime, key: isKeyframe(tag), body, dataAt: head.dataAt });
    return this.count(tag.body.length);
  }

  private pushAudio(tag: FlvTag): void {
    if (tag.audio!.sequenceHeader) {
      if (this.audio) return;
      const body = own(tag.body);
      this.audio = { config: body.subarray(2), tag: body };
      return;
    }
    if (this.offset === undefined || !this.audio || tag.body.length <= 2) return;
    const ts = tag.timestamp + this.offset;
    const last = this.audioSamples[this.audioSamples.length - 1];
    if (ts < 0 || ts >= this.windowMs || (last && ts <= last.ts)) return;
    this.audioSamples.push({ ts, cts: 0, key: true, body: own(tag.body), dataAt: 2 });
    this.count(tag.body.length);
  }

  private count(n: number): PushOutcome {
    this.bytes += n;
    return this.bytes > this.maxBytes ? 'full' : 'more';
  }

  /** Where a cut-short clip is read on from (ms on its timeline: the last keyframe kept, whose
   * frames and the audio from there are dropped to be read again), or undefined when no
   * keyframe was kept. */
  resumePoint(): number | undefined {
    let k = this.videoSamples.length - 1;
    while (k >= 0 && !this.videoSamples[k].key) k--;
    if (k < 0) return undefined;
    const at = this.videoSamples[k].ts;
    for (const s of this.videoSamples.splice(k)) this.bytes -= s.body.length;
    while (this.audioSamples.length && this.audioSamples[this.audioSamples.length - 1].ts >= at) {
      this.bytes -= this.audioSamples.pop()!.body.length;
    }
    this.resumeAt = at;
    this.offset = undefined;
    return at;
  }

  /** The usual frame duration (ms): the median gap between frames (1000/25 with fewer than 2). */
  frameMs(): number {
    const s = this.videoSamples;
    if (s.length < 2) return 40;
    const gaps = s.slice(1, 200).map((x, i) => x.ts - s[i].ts);
    gaps.sort((a, b) => a - b);
    return Math.max(1, gaps[gaps.length >> 1]);
  }

  /** The clip's length (ms): to the end of its last frame. */
  durationMs(): number {
    return this.videoSamples.length ? this.lastTs + this.frameMs() : 0;
  }
}
