// Encrypted pictures (docs/api/media-api.md section 1): a picture whose bytes hold the marker
// `hikencodepicture` (possibly after a preamble) is, per segment, the marker, a 32-character check
// value (hex MD5 of the hex MD5 of the code) and AES-128-CBC ciphertext up to the next marker or
// the end. Pure: node:crypto only. The bytes decide; `isEncrypt` flags are hints the caller keeps.
// At most MAX_SEGMENTS segments; the work goes in slices of at most SLICE_MS, the event loop free
// between them (a picture of 81,920 tiny segments held it half a second).

import { createDecipheriv, createHash } from 'node:crypto';

/** The marker that starts every encrypted segment. */
export const MAGIC = Buffer.from('hikencodepicture', 'latin1');
const CHECK_LENGTH = 32;
const HEADER = MAGIC.length + CHECK_LENGTH;
/** ASCII `01234567` then eight zero bytes, the same for every segment. */
const IV = Buffer.concat([Buffer.from('01234567', 'latin1'), Buffer.alloc(8)]);

/** Encrypted segments one picture may hold (a multi-lens camera has a few); more: `tooMany`. */
export const MAX_SEGMENTS = 64;
/** The longest the decryption holds the event loop at a time. */
export const SLICE_MS = 20;
/** Ciphertext decrypted in one go (a fraction of a millisecond). */
const CHUNK = 64 * 1024;

/** How the work is sliced: a clock in ms, and a pause that lets the event loop run (tests inject both). */
export interface Slicing {
  now(): number;
  pause(): Promise<void>;
}

const EVENT_LOOP: Slicing = {
  now: () => performance.now(),
  pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
};

export type PictureType = 'image/jpeg' | 'image/png';

export type Unlocked =
  | {
      ok: true;
      data: Buffer;
      type: PictureType;
      /** The bytes held the marker (false: a plain picture, passed unchanged). */
      encrypted: boolean;
      /** Encrypted segments decrypted and joined (1 for a plain picture): several JPEGs back to back. */
      count: number;
      /** A segment's padding did not agree (kept as it came). */
      suspect: boolean;
    }
  | { ok: false; reason: 'locked' | 'wrongCode' | 'truncated' | 'notImage' | 'tooMany' };

/** Whether `data` holds the marker anywhere. */
export function isEncrypted(data: Buffer): boolean {
  return data.indexOf(MAGIC) >= 0;
}

const md5hex = (b: Buffer | string): string => createHash('md5').update(b).digest('hex');

/** The check value of `code` (its bytes as typed): lower-case hex MD5 of the hex MD5. */
export function checkValue(code: string): string {
  return md5hex(md5hex(Buffer.from(code, 'utf8')));
}

/** The key: the code's bytes right-padded with zeros to 16, cut at 16. Not a hash. */
export function keyOf(code: string): Buffer {
  const key = Buffer.alloc(16);
  Buffer.from(code, 'utf8').copy(key, 0, 0, 16);
  return key;
}

/** The type the first bytes say, if an image. */
export function sniffType(data: Buffer): PictureType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 4 && data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47)
    return 'image/png';
  return undefined;
}

/** The segments after the first marker (each from its marker to the next, or the end); undefined
 * past MAX_SEGMENTS (the scan stops there). */
function segments(data: Buffer, first: number): Buffer[] | undefined {
  const out: Buffer[] = [];
  let at = first;
  while (at >= 0) {
    if (out.length === MAX_SEGMENTS) return undefined;
    const next = data.indexOf(MAGIC, at + MAGIC.length);
    out.push(data.subarray(at, next < 0 ? data.length : next));
    at = next;
  }
  return out;
}

/** A checkpoint between pieces of work: pauses once the slice has run half its budget. */
function slicer(s: Slicing): () => Promise<void> | undefined {
  let start = s.now();
  return () => {
    if (s.now() - start < SLICE_MS / 2) return undefined;
    return s.pause().then(() => {
      start = s.now();
    });
  };
}

/** One segment decrypted with `key` (its trailing remainder of 16 dropped; PKCS#7 stripped when it agrees). */
async function decryptSegment(
  segment: Buffer,
  key: Buffer,
  checkpoint: () => Promise<void> | undefined,
): Promise<{ plain: Buffer; suspect: boolean }> {
  const body = segment.subarray(HEADER);
  const cipher = body.subarray(0, body.length - (body.length % 16));
  const d = createDecipheriv('aes-128-cbc', key, IV);
  d.setAutoPadding(false);
  const pieces: Buffer[] = [];
  for (let at = 0; at < cipher.length; at += CHUNK) {
    pieces.push(d.update(cipher.subarray(at, at + CHUNK)));
    await checkpoint();
  }
  pieces.push(d.final());
  const plain = Buffer.concat(pieces);
  const pad = plain[plain.length - 1];
  if (pad >= 1 && pad <= 16 && pad <= plain.length) {
    let agree = true;
    for (let i = plain.length - pad; i < plain.length; i++) if (plain[i] !== pad) agree = false;
    if (agree) return { plain: plain.subarray(0, plain.length - pad), suspect: false };
  }
  return { plain, suspect: true };
}

/**
 * A picture as the flow should get it: a plain image unchanged; an encrypted one decrypted with
 * the first of `codes` whose check value matches (several codes: pictures taken before a code
 * change need the old one), every segment checked and decrypted, the plaintexts joined. Fails
 * with `locked` (encrypted, no code), `wrongCode` (no code's check matches), `truncated` (a
 * segment without a whole block), `tooMany` (more than MAX_SEGMENTS segments) or `notImage` (the
 * result is no JPEG or PNG). Decrypts in slices of at most SLICE_MS. Never rejects.
 */
export async function unlockPicture(
  data: Buffer,
  codes: readonly string[],
  slicing: Slicing = EVENT_LOOP,
): Promise<Unlocked> {
  const first = data.indexOf(MAGIC);
  if (first < 0) {
    const type = sniffType(data);
    return type
      ? { ok: true, data, type, encrypted: false, count: 1, suspect: false }
      : { ok: false, reason: 'notImage' };
  }
  if (codes.length === 0) return { ok: false, reason: 'locked' };
  const parts = segments(data, first);
  if (!parts) return { ok: false, reason: 'tooMany' };
  if (parts.some((p) => p.length < HEADER + 16)) return { ok: false, reason: 'truncated' };
  const checks = new Map(codes.map((c) => [checkValue(c), c]));
  const keys: Buffer[] = [];
  for (const part of parts) {
    const code = checks.get(part.subarray(MAGIC.length, HEADER).toString('latin1').toLowerCase());
    if (code === undefined) return { ok: false, reason: 'wrongCode' };
    keys.push(keyOf(code));
  }
  const checkpoint = slicer(slicing);
  const plains: Buffer[] = [];
  let suspect = false;
  for (const [i, part] of parts.entries()) {
    const one = await decryptSegment(part, keys[i], checkpoint);
    plains.push(one.plain);
    suspect ||= one.suspect;
  }
  const joined = plains.length === 1 ? plains[0] : Buffer.concat(plains);
  const type = sniffType(joined);
  if (!type) return { ok: false, reason: 'notImage' };
  return { ok: true, data: joined, type, encrypted: true, count: parts.length, suspect };
}
