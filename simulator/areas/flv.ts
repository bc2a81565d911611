// HTTP-FLV from the committed segments (docs/behaviour.md section 18, docs/api/media-api.md section 7):
// the MPEG-TS loops of segments.ts (H.264, or H.265 for the cameras whose state says so) demuxed
// once into access units (PES payloads with their DTS and PTS) and their parameter sets; flv-tags.ts
// writes them as FLV tags. Nothing is encoded: bytes are only moved.

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

/** A loop as FLV needs it: its codec, frames in decoding order, parameter sets (H.264: SPS, PPS;
 * H.265: VPS, SPS, PPS), its length (ms). */
export interface FlvLoop {
  codec: 'avc' | 'hevc';
  frames: Frame[];
  params: Buffer[];
  durationMs: number;
  fps: number;
}

/** NAL unit types by codec: its type, the parameter sets (in record order), the access unit
 * delimiter, and whether a type starts a picture a decoder can begin at. */
const NAL = {
  avc: { type: (n: Buffer) => n[0] & 0x1f, params: [7, 8], aud: 9, key: (t: number) => t === 5 },
  hevc: {
    type: (n: Buffer) => (n[0] >> 1) & 0x3f,
    params: [32, 33, 34],
    aud: 35,
    key: (t: number) => t >= 16 && t <= 21,
  },
};

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
  const nal = NAL[set.codec];
  const first = pes[0].dts;
  const params: (Buffer | undefined)[] = nal.params.map(() => undefined);
  const frames: Frame[] = pes.map((p) => {
    const all = nalUnits(p.data);
    for (const n of all) {
      const i = nal.params.indexOf(nal.type(n));
      if (i >= 0) params[i] ??= Buffer.from(n);
    }
    const dtsMs = Math.round(((p.dts - first + WRAP) % WRAP) / TICKS_PER_MS);
    return {
      nals: all.filter((n) => !nal.params.includes(nal.type(n)) && nal.type(n) !== nal.aud),
      key: all.some((n) => nal.key(nal.type(n))),
      dtsMs,
      ctsMs: Math.round(((p.pts - p.dts + WRAP) % WRAP) / TICKS_PER_MS),
    };
  });
  if (params.some((b) => !b)) throw new Error('simulator: a segment loop without its parameter sets');
  const durationMs = set.files.length * set.seconds * 1000;
  const fps = Math.round(frames.length / (durationMs / 1000));
  const loop: FlvLoop = { codec: set.codec, frames, params: params as Buffer[], durationMs, fps };
  loops.set(set, loop);
  return loop;
}
