// What a joining viewer gets first (docs/behaviour.md section 25): the FLV header, onMetaData,
// the sequence headers now in use and the last group of pictures from its keyframe, all at the
// stream's own time; at most `maxGopBytes` kept (past it, none until the next keyframe).

import { writeHeader, writeTag } from '../../client/flv';
import type { FlvHeader, FlvTag } from '../../client/flv';

export class KeptStart {
  header: FlvHeader = { version: 1, hasAudio: true, hasVideo: true };
  meta?: FlvTag;
  videoConfig?: FlvTag;
  audioConfig?: FlvTag;
  private group: Buffer[] = [];
  private groupBytes = 0;
  private keyTs = 0;

  constructor(private readonly maxGopBytes: number) {}

  /** Whether a group of pictures is kept (a viewer can start now). */
  get ready(): boolean {
    return this.group.length > 0;
  }

  /** A keyframe out at stream time `ts`: a new group begins. */
  keyframe(bytes: Buffer, ts: number): void {
    this.group = [bytes];
    this.groupBytes = bytes.length;
    this.keyTs = ts;
  }

  /** A tag out after the keyframe (a sequence header too: the group stays playable). */
  add(bytes: Buffer): void {
    if (this.group.length === 0) return;
    this.groupBytes += bytes.length;
    if (this.groupBytes > this.maxGopBytes) this.forget();
    else this.group.push(bytes);
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.groupBytes;
  }

  forget(): void {
    this.group = [];
    this.groupBytes = 0;
  }

  /** A joining viewer's first bytes, in order. */
  intro(): Buffer[] {
    const out = [writeHeader(this.header.hasAudio, this.header.hasVideo)];
    if (this.meta) out.push(writeTag(this.meta, this.keyTs));
    if (this.videoConfig) out.push(writeTag(this.videoConfig, this.keyTs));
    if (this.audioConfig) out.push(writeTag(this.audioConfig, this.keyTs));
    return out.concat(this.group);
  }

  /** The stream time of the kept keyframe. */
  get keyTime(): number {
    return this.keyTs;
  }
}

/** Whether two sequence headers say the same (the same bytes: no need to send it again). */
export function sameConfig(a: FlvTag | undefined, b: FlvTag | undefined): boolean {
  return a !== undefined && b !== undefined && a.body.equals(b.body);
}
