// An incremental FLV reader (docs/api/media-api.md section 7): Buffer chunks in, as they come
// from the wire, the FLV header once and then whole tags out. Bounded: it keeps at most one
// unfinished tag (a tag over `maxTagBytes` is an error, not a wait), and anything that is not FLV
// (a wrong signature, an unknown tag type, a header offset out of reach) is an error result. It
// never throws; after an error it reads nothing more. Pure: imports nothing.

import { makeTag, type FlvTag, type TagType } from './tags';

/** The FLV file header: version and the stream's audio/video flags. */
export interface FlvHeader {
  version: number;
  hasAudio: boolean;
  hasVideo: boolean;
}

export type FlvErrorReason = 'not-flv' | 'bad-tag-type' | 'too-large';

/** What one push yields, in stream order. */
export type FlvItem =
  | { kind: 'header'; header: FlvHeader }
  | { kind: 'tag'; tag: FlvTag }
  | { kind: 'error'; reason: FlvErrorReason; message: string };

export interface FlvReaderOptions {
  /** The largest tag body taken (default 16 MiB). */
  maxTagBytes?: number;
}

export const DEFAULT_MAX_TAG_BYTES = 16 * 1024 * 1024;
const HEADER_BYTES = 9;
const MAX_HEADER_OFFSET = 1024;
const TAG_HEADER_BYTES = 11;
const PREVIOUS_SIZE_BYTES = 4;

export class FlvReader {
  private readonly maxTagBytes: number;
  private chunks: Buffer[] = [];
  private total = 0;
  private stage: 'header' | 'tags' | 'failed' = 'header';
  private skip = 0;

  constructor(options: FlvReaderOptions = {}) {
    this.maxTagBytes = options.maxTagBytes ?? DEFAULT_MAX_TAG_BYTES;
  }

  /** The bytes held, waiting for the rest of a tag (at most one tag and its header). */
  get buffered(): number {
    return this.total;
  }

  /** Whether an error ended the reading. */
  get failed(): boolean {
    return this.stage === 'failed';
  }

  /** Reads a chunk: the header (once), every tag it completes, or one error (then nothing more). */
  push(chunk: Buffer): FlvItem[] {
    if (this.stage === 'failed' || chunk.length === 0) return [];
    this.chunks.push(chunk);
    this.total += chunk.length;
    const out: FlvItem[] = [];
    for (;;) {
      const item = this.stage === 'header' ? this.readHeader() : this.readTag();
      if (!item) break;
      out.push(item);
      if (item.kind === 'error') break;
    }
    return out;
  }

  private fail(reason: FlvErrorReason, message: string): FlvItem {
    this.stage = 'failed';
    this.chunks = [];
    this.total = 0;
    return { kind: 'error', reason, message };
  }

  private readHeader(): FlvItem | undefined {
    if (this.total < HEADER_BYTES) return this.peekSignature();
    const h = this.take(HEADER_BYTES);
    if (h.toString('latin1', 0, 3) !== 'FLV') return this.fail('not-flv', 'the stream does not start with FLV');
    const offset = h.readUInt32BE(5);
    if (offset < HEADER_BYTES || offset > MAX_HEADER_OFFSET) {
      return this.fail('not-flv', `the FLV header's data offset ${offset} is out of range`);
    }
    this.skip = offset - HEADER_BYTES + PREVIOUS_SIZE_BYTES;
    this.stage = 'tags';
    return { kind: 'header', header: { version: h[3], hasAudio: (h[4] & 4) !== 0, hasVideo: (h[4] & 1) !== 0 } };
  }

  /** A signature that is already wrong in its first bytes fails at once, not after 9 bytes. */
  private peekSignature(): FlvItem | undefined {
    const head = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const want = Buffer.from('FLV', 'latin1');
    for (let i = 0; i < Math.min(3, head.length); i++) {
      if (head[i] !== want[i]) return this.fail('not-flv', 'the stream does not start with FLV');
    }
    return undefined;
  }

  private readTag(): FlvItem | undefined {
    if (this.skip > 0) {
      const n = Math.min(this.skip, this.total);
      this.drop(n);
      this.skip -= n;
      if (this.skip > 0) return undefined;
    }
    if (this.total < TAG_HEADER_BYTES) return undefined;
    const h = this.peek(TAG_HEADER_BYTES);
    const type = h[0] & 0x1f;
    if (type !== 8 && type !== 9 && type !== 18) return this.fail('bad-tag-type', `an FLV tag of type ${h[0]}`);
    const size = h.readUIntBE(1, 3);
    if (size > this.maxTagBytes) return this.fail('too-large', `an FLV tag of ${size} bytes`);
    if (this.total < TAG_HEADER_BYTES + size) return undefined;
    this.drop(TAG_HEADER_BYTES);
    const body = this.take(size);
    this.skip = PREVIOUS_SIZE_BYTES;
    const timestamp = (h.readUIntBE(4, 3) | (h[7] << 24)) >>> 0;
    return { kind: 'tag', tag: makeTag(type as TagType, timestamp, body, h.readUIntBE(8, 3)) };
  }

  /** The first `n` bytes, left in place (n <= total). */
  private peek(n: number): Buffer {
    const first = this.chunks[0];
    if (first.length >= n) return first.subarray(0, n);
    this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0].subarray(0, n);
  }

  /** The first `n` bytes, taken out (n <= total); a copy when they span chunks. */
  private take(n: number): Buffer {
    const first = this.chunks[0];
    if (n === 0) return Buffer.alloc(0);
    if (first.length >= n) {
      const out = first.subarray(0, n);
      this.dropFirst(n);
      return out;
    }
    const out = Buffer.allocUnsafe(n);
    let at = 0;
    while (at < n) {
      const c = this.chunks[0];
      const k = Math.min(c.length, n - at);
      c.copy(out, at, 0, k);
      at += k;
      this.dropFirst(k);
    }
    return out;
  }

  private drop(n: number): void {
    let left = n;
    while (left > 0) {
      const k = Math.min(this.chunks[0].length, left);
      this.dropFirst(k);
      left -= k;
    }
  }

  private dropFirst(k: number): void {
    const c = this.chunks[0];
    if (k >= c.length) this.chunks.shift();
    else this.chunks[0] = c.subarray(k);
    this.total -= k;
  }
}
