// The committed live-view segments (simulator/segments/, made once by scripts/make-segments.sh)
// played as endless streams: segment number k of a camera is file (k mod loop) of its loop with
// every timestamp (PTS, DTS, PCR) moved on by whole passes of the loop, so a player sees one
// continuous MPEG-TS timeline. Nothing is encoded at run time: only 33-bit timestamps are
// rewritten in a copy of the bytes.

import fs from 'fs';
import path from 'path';

/** MPEG-TS clock: 90 kHz; timestamps wrap at 2^33. */
const TICKS = 90000;
const WRAP = 2 ** 33;
const PACKET = 188;

interface SegmentIndex {
  segmentSeconds: number;
  loop: number;
  serials: string[];
  files: string[];
  /** The name of the H.265 loop (its files NAME-k.mpegts). */
  hevc?: string;
  /** The AAC loop (ADTS) of the cameras with a microphone (flv-audio.ts). */
  audio?: string;
}

export interface SegmentSet {
  /** Seconds per segment. */
  seconds: number;
  /** The files of one pass, in order. */
  files: Buffer[];
  /** Their video: H.264 or H.265. */
  codec: 'avc' | 'hevc';
}

let cache: { dir: string; index: SegmentIndex; files: Map<string, Buffer>; sets: Map<string, SegmentSet> } | undefined;

function segmentsDir(): string {
  const candidates = [
    path.join(__dirname, '..', 'segments'), // running from the sources
    path.join(__dirname, '..', '..', '..', 'simulator', 'segments'), // from dist/simulator/areas
  ];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'index.json')));
  if (!found) throw new Error(`simulator: segments not found (looked in ${candidates.join(', ')})`);
  return found;
}

function load(): NonNullable<typeof cache> {
  if (!cache) {
    const dir = segmentsDir();
    const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as SegmentIndex;
    cache = { dir, index, files: new Map(), sets: new Map() };
  }
  return cache;
}

function file(name: string): Buffer {
  const c = load();
  let b = c.files.get(name);
  if (!b) {
    b = fs.readFileSync(path.join(c.dir, name));
    c.files.set(name, b);
  }
  return b;
}

/** The loop of a camera: its own (the serial on the picture) or the generic one; a placeholder
 * (`9048_0`, `9053_0`) is a loop of one; `hevc` the H.265 loop. Kept: one set per name. */
export function segmentSet(name: string): SegmentSet {
  const { index, sets } = load();
  const hevc = name === 'hevc' && index.hevc !== undefined;
  const base =
    index.serials.includes(name) || /^\d{4}_0$/.test(name) ? name : hevc ? (index.hevc as string) : 'generic';
  const known = sets.get(base);
  if (known) return known;
  const files = index.files.filter((f) => f.startsWith(`${base}-`)).sort((a, b) => partNo(a) - partNo(b));
  if (files.length === 0) throw new Error(`simulator: no segments for ${base}`);
  const set: SegmentSet = { seconds: index.segmentSeconds, files: files.map(file), codec: hevc ? 'hevc' : 'avc' };
  sets.set(base, set);
  return set;
}

/** The AAC loop's bytes (ADTS), or undefined when the segments have none. */
export function audioBytes(): Buffer | undefined {
  const { index } = load();
  return index.audio ? file(index.audio) : undefined;
}

function partNo(name: string): number {
  return Number(/-(\d+)\.mpegts$/.exec(name)?.[1] ?? 0);
}

/** Segment number `k` (k >= 0) of `set`: a copy of its file with the timestamps moved on. */
export function segmentBytes(set: SegmentSet, k: number): Buffer {
  const n = set.files.length;
  const pass = Math.floor(k / n);
  const shift = (pass * n * set.seconds * TICKS) % WRAP;
  const out = Buffer.from(set.files[k % n]);
  if (shift !== 0) shiftTimestamps(out, shift);
  return out;
}

/** Adds `shift` ticks (mod 2^33) to every PCR, PTS and DTS of the MPEG-TS packets in `b`. */
export function shiftTimestamps(b: Buffer, shift: number): void {
  for (let at = 0; at + PACKET <= b.length; at += PACKET) {
    if (b[at] !== 0x47) continue;
    const unitStart = (b[at + 1] & 0x40) !== 0;
    const afc = (b[at + 3] >> 4) & 3;
    let payload = at + 4;
    if (afc & 2) {
      const len = b[at + 4];
      if (len > 0 && b[at + 5] & 0x10) shiftPcr(b, at + 6, shift);
      payload += 1 + len;
    }
    if (!(afc & 1) || !unitStart || payload + 14 > at + PACKET) continue;
    // A PES header: 00 00 01, stream id, length, flags, PTS/DTS flags, header length.
    if (b[payload] !== 0 || b[payload + 1] !== 0 || b[payload + 2] !== 1 || b[payload + 3] < 0xbc) continue;
    const flags = b[payload + 7] >> 6;
    if (flags & 2) writeStamp(b, payload + 9, (readStamp(b, payload + 9) + shift) % WRAP);
    if (flags === 3 && payload + 19 <= at + PACKET)
      writeStamp(b, payload + 14, (readStamp(b, payload + 14) + shift) % WRAP);
  }
}

/** A 33-bit PES timestamp (5 bytes with marker bits). */
function readStamp(b: Buffer, at: number): number {
  return (
    ((b[at] >> 1) & 7) * 2 ** 30 + ((b[at + 1] << 22) | ((b[at + 2] >> 1) << 15) | (b[at + 3] << 7) | (b[at + 4] >> 1))
  );
}

function writeStamp(b: Buffer, at: number, v: number): void {
  const hi = Math.floor(v / 2 ** 30);
  const lo = v % 2 ** 30;
  b[at] = (b[at] & 0xf0) | (hi << 1) | 1;
  b[at + 1] = (lo >> 22) & 0xff;
  b[at + 2] = (((lo >> 15) & 0x7f) << 1) | 1;
  b[at + 3] = (lo >> 7) & 0xff;
  b[at + 4] = ((lo & 0x7f) << 1) | 1;
}

/** The 33-bit base of a PCR (6 bytes: base, 6 reserved bits, 9-bit extension). */
function shiftPcr(b: Buffer, at: number, shift: number): void {
  const base = b[at] * 2 ** 25 + ((b[at + 1] << 17) | (b[at + 2] << 9) | (b[at + 3] << 1) | (b[at + 4] >> 7));
  const v = (base + shift) % WRAP;
  b[at] = Math.floor(v / 2 ** 25) & 0xff;
  const lo = v % 2 ** 25;
  b[at + 1] = (lo >> 17) & 0xff;
  b[at + 2] = (lo >> 9) & 0xff;
  b[at + 3] = (lo >> 1) & 0xff;
  b[at + 4] = (b[at + 4] & 0x7f) | ((lo & 1) << 7);
}
