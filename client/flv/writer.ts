// FLV out (docs/api/media-api.md section 7): the file header and a tag written with a new
// timestamp (the stream relay's continuous time, the clip writer's time from 0), its body as
// read. Pure: imports nothing.

import type { FlvTag } from './tags';

/** The 9-byte FLV header and PreviousTagSize0. */
export function writeHeader(hasAudio: boolean, hasVideo: boolean): Buffer {
  const flags = (hasAudio ? 4 : 0) | (hasVideo ? 1 : 0);
  return Buffer.from([0x46, 0x4c, 0x56, 1, flags, 0, 0, 0, 9, 0, 0, 0, 0]);
}

/** One tag (header, body, PreviousTagSize) at `timestamp` ms (32 bits, the extended byte
 * written); the stream id is always 0, as FLV requires. */
export function writeTag(tag: Pick<FlvTag, 'type' | 'body'>, timestamp: number): Buffer {
  const size = tag.body.length;
  const out = Buffer.allocUnsafe(11 + size + 4);
  out[0] = tag.type;
  out.writeUIntBE(size, 1, 3);
  const ts = Math.max(0, Math.floor(timestamp)) % 2 ** 32;
  out.writeUIntBE(ts & 0xffffff, 4, 3);
  out[7] = (ts >>> 24) & 0xff;
  out.writeUIntBE(0, 8, 3);
  tag.body.copy(out, 11);
  out.writeUInt32BE(11 + size, 11 + size);
  return out;
}
