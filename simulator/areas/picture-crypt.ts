// The simulator's own encryptor of pictures (docs/api/media-api.md section 1, written from the
// spec, not from the package's decryptor: the simulator imports nothing from nodes/). Per
// segment: the marker `hikencodepicture`, the check value (lower-case hex MD5 of the hex MD5 of
// the code, as ASCII), then AES-128-CBC of the plaintext with PKCS#7 padding; the key is the
// code's bytes right-padded with zeros to 16 bytes, the IV ASCII `01234567` and eight zero bytes.
// The tests make their vectors with it too.

import { createCipheriv, createHash } from 'crypto';

const MARKER = Buffer.from('hikencodepicture', 'latin1');

function md5hex(data: Buffer | string): string {
  return createHash('md5').update(data).digest('hex');
}

/** One encrypted segment of `plain` with `code`. */
export function encryptSegment(plain: Buffer, code: string): Buffer {
  const key = Buffer.alloc(16);
  Buffer.from(code, 'utf8').copy(key, 0, 0, 16);
  const iv = Buffer.concat([Buffer.from('01234567', 'latin1'), Buffer.alloc(8)]);
  const c = createCipheriv('aes-128-cbc', key, iv);
  const check = Buffer.from(md5hex(md5hex(Buffer.from(code, 'utf8'))), 'latin1');
  return Buffer.concat([MARKER, check, c.update(plain), c.final()]);
}

export interface EncryptOptions {
  /** Bytes before the first marker (seen in the field; a reader discards them). */
  preamble?: Buffer;
}

/** An encrypted picture file: each of `plains` one segment, back to back, after the preamble. */
export function encryptPicture(plains: Buffer | readonly Buffer[], code: string, opts: EncryptOptions = {}): Buffer {
  const list = Buffer.isBuffer(plains) ? [plains] : plains;
  return Buffer.concat([opts.preamble ?? Buffer.alloc(0), ...list.map((p) => encryptSegment(p, code))]);
}

/** A JPEG grown to at least `bytes` by comment segments (COM, FF FE) after its start: still a
 * valid JPEG that any viewer opens (the benchmark's 1 MiB picture). */
export function paddedJpeg(jpeg: Buffer, bytes: number): Buffer {
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let size = jpeg.length;
  while (size < bytes) {
    const n = Math.min(65533, Math.max(1, bytes - size - 4));
    const seg = Buffer.alloc(4 + n, 0x20);
    seg[0] = 0xff;
    seg[1] = 0xfe;
    seg.writeUInt16BE(n + 2, 2);
    parts.push(seg);
    size += seg.length;
  }
  parts.push(jpeg.subarray(2));
  return Buffer.concat(parts);
}
