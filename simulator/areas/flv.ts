// HTTP-FLV from the committed segments (docs/behaviour.md section 18, docs/api/media-api.md section 7):
// the MPEG-TS H.264 loops of segments.ts demuxed once into access units (PES payloads with their
// DTS and PTS) and written as FLV tags: the file header (video only: the segments carry no
// audio), an onMetaData script tag, the AVC sequence header (SPS and PPS of the loop) and one
// video tag per frame, its NAL units length-prefixed. Nothing is encoded: bytes are only moved.
// Timestamps are the caller's (flv-session.ts: from 0 on every session, continuous across passes
// of the loop).

import type { SegmentSet } from './segments';

const PACKET = 188;
const TICKS_PER_MS = 90;
const WRAP = 2 ** 33;

/** One video frame of a loop: its NAL units (without start codes), key or not, and its times (ms
 * from the start of the loop). */
export interface Frame {
  nals: Buffer[];
  key: boolean;
  dtsMs: number;
  /** Composition time offset (pts - dts), ms. */
  ctsMs: number;
}

/** A loop as FLV needs it: its frames in decoding order, its SPS and PPS, its length (ms). */
export interface FlvLoop {
  frames: Frame[];
  sps: Buffer;
  pps: Buffer;
  durationMs: number;
  fps: number;
}

interface Pes {
  dts: number;
  pts: number;
  data: Buffer;
}

/** The PES packets of the video elementary stream (stream id 0xE0-0xEF) of MPEG-TS bytes. */
function videoPes(ts: Buffer): Pes[] {
  const out: Pes[] = [];
  let pid = -1;
  let parts: Buffer[] = [];
  let head: { dts: number; pts: number } | undefined;
  const flush = (): void => {
    if (head && parts.length) out.push({ ...head, data: Buffer.concat(parts) });
    parts = [];
    head = undefined;
  };
  for (let at = 0; at + PACKET <= ts.length; at += PACKET) {
    if (ts[at] !== 0x47) continue;
    const thisPid = ((ts[at + 1] & 0x1f) << 8) | ts[at + 2];
    const unitStart = (ts[at + 1] & 0x40) !== 0;
    const afc = (ts[at + 3] >> 4) & 3;
    let p = at + 4;
    if (afc & 2) p += 1 + ts[at + 4];
    if (!(afc & 1) || p >= at + PACKET) continue;
    const isPes =
      unitStart && ts[p] === 0 && ts[p + 1] === 0 && ts[p + 2] === 1 && ts[p + 3] >= 0xe0 && ts[p + 3] <= 0xef;
    if (isPes && pid === -1) pid = thisPid;
    if (thisPid !== pid) continue;
    if (unitStart) {
      flush();
      const flags = ts[p + 7] >> 6;
      const pts = flags & 2 ? stamp(ts, p + 9) : 0;
      const dts = flags === 3 ? stamp(ts, p + 14) : pts;
      head = { pts, dts };
      p += 9 + ts[p + 8];
    }
    if (head) parts.push(ts.subarray(p, at + PACKET));
  }
  flush();
  return out;
}

function stamp(b: Buffer, at: number): number {
  return (
    ((b[at] >> 1) & 7) * 2 ** 30 + ((b[at + 1] << 22) | ((b[at + 2] >> 1) << 15) | (b[at + 3] << 7) | (b[at + 4] >> 1))
  );
}

/** The NAL units of an Annex B byte stream (start codes 00 00 01 or 00 00 00 01 removed). */
export function nalUnits(data: Buffer): Buffer[] {
  const starts: number[] = [];
  for (let i = 0; i + 2 < data.length; i++) {
    if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 1) {
      starts.push(i + 3);
      i += 2;
    }
  }
  return starts
    .map((s, k) => {
      let end = k + 1 < starts.length ? starts[k + 1] - 3 : data.length;
      while (end > s && data[end - 1] === 0) end--; // the leading zero of a 4-byte start code
      return data.subarray(s, end);
    })
    .filter((n) => n.length > 0);
}

const loops = new WeakMap<SegmentSet, FlvLoop>();

/** The frames of a segment loop (demuxed once per loop, then kept). */
export function flvLoop(set: SegmentSet): FlvLoop {
  const known = loops.get(set);
  if (known) return known;
  const pes = set.files.flatMap((f) => videoPes(f));
  if (pes.length === 0) throw new Error('simulator: a segment loop without video');
  const first = pes[0].dts;
  let sps: Buffer | undefined;
  let pps: Buffer | undefined;
  const frames: Frame[] = pes.map((p) => {
    const all = nalUnits(p.data);
    for (const n of all) {
      if ((n[0] & 0x1f) === 7) sps ??= Buffer.from(n);
      if ((n[0] & 0x1f) === 8) pps ??= Buffer.from(n);
    }
    const dtsMs = Math.round(((p.dts - first + WRAP) % WRAP) / TICKS_PER_MS);
    return {
      nals: all.filter((n) => ![7, 8, 9].includes(n[0] & 0x1f)),
      key: all.some((n) => (n[0] & 0x1f) === 5),
      dtsMs,
      ctsMs: Math.round(((p.pts - p.dts + WRAP) % WRAP) / TICKS_PER_MS),
    };
  });
  if (!sps || !pps) throw new Error('simulator: a segment loop without SPS/PPS');
  const durationMs = set.files.length * set.seconds * 1000;
  const loop = { frames, sps, pps, durationMs, fps: Math.round(frames.length / (durationMs / 1000)) };
  loops.set(set, loop);
  return loop;
}

/** One FLV tag (type 9 video, 18 script) with its PreviousTagSize. */
function tag(type: number, timestampMs: number, body: Buffer): Buffer {
  const out = Buffer.alloc(11 + body.length + 4);
  out[0] = type;
  out.writeUIntBE(body.length, 1, 3);
  const ts = Math.max(0, Math.floor(timestampMs)) % 2 ** 32;
  out.writeUIntBE(ts & 0xffffff, 4, 3);
  out[7] = (ts >>> 24) & 0xff;
  out.writeUIntBE(0, 8, 3);
  body.copy(out, 11);
  out.writeUInt32BE(11 + body.length, 11 + body.length);
  return out;
}

function amfString(s: string): Buffer {
  const b = Buffer.from(s, 'utf8');
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length);
  return Buffer.concat([len, b]);
}

function amfNumber(n: number): Buffer {
  const b = Buffer.alloc(9);
  b[0] = 0;
  b.writeDoubleBE(n, 1);
  return b;
}

/** The start of every session: the FLV header (video only), onMetaData and the AVC sequence
 * header (AVCDecoderConfigurationRecord of the loop's SPS and PPS). */
export function flvStart(loop: FlvLoop): Buffer {
  const header = Buffer.from([0x46, 0x4c, 0x56, 1, 0x01, 0, 0, 0, 9, 0, 0, 0, 0]);
  const meta: [string, Buffer][] = [
    ['duration', amfNumber(0)],
    ['framerate', amfNumber(loop.fps)],
    ['videocodecid', amfNumber(7)],
    ['hasVideo', Buffer.from([1, 1])],
    ['hasAudio', Buffer.from([1, 0])],
  ];
  const count = Buffer.alloc(4);
  count.writeUInt32BE(meta.length);
  const script = Buffer.concat([
    Buffer.from([2]),
    amfString('onMetaData'),
    Buffer.from([8]),
    count,
    ...meta.flatMap(([k, v]) => [amfString(k), v]),
    Buffer.from([0, 0, 9]),
  ]);
  const { sps, pps } = loop;
  const len = (b: Buffer): Buffer => Buffer.from([(b.length >> 8) & 0xff, b.length & 0xff]);
  const config = Buffer.concat([
    Buffer.from([1, sps[1], sps[2], sps[3], 0xff, 0xe1]),
    len(sps),
    sps,
    Buffer.from([1]),
    len(pps),
    pps,
  ]);
  return Buffer.concat([
    header,
    tag(18, 0, script),
    tag(9, 0, Buffer.concat([Buffer.from([0x17, 0, 0, 0, 0]), config])),
  ]);
}

/** A frame as an FLV video tag at `timestampMs` (its decoding time in the session). */
export function flvFrame(frame: Frame, timestampMs: number): Buffer {
  const head = Buffer.from([frame.key ? 0x17 : 0x27, 1, 0, 0, 0]);
  head.writeIntBE(Math.max(-0x800000, Math.min(0x7fffff, frame.ctsMs)), 2, 3);
  const body = frame.nals.flatMap((n) => {
    const l = Buffer.alloc(4);
    l.writeUInt32BE(n.length);
    return [l, n];
  });
  return tag(9, timestampMs, Buffer.concat([head, ...body]));
}

/** The end of a stream: the AVC end-of-sequence tag (AVCPacketType 2). */
export function flvEnd(timestampMs: number): Buffer {
  return tag(9, timestampMs, Buffer.from([0x17, 2, 0, 0, 0]));
}
