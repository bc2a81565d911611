// The FLV tags of the simulator's streams (docs/api/media-api.md section 7): the file header
// (video, and audio when the camera has a microphone), an onMetaData script tag, the sequence
// headers (AVCDecoderConfigurationRecord for H.264, codec id 7; HEVCDecoderConfigurationRecord for
// H.265, codec id 12 as the vendor sends it; AudioSpecificConfig for AAC), one video tag per
// frame (NAL units length-prefixed) and one audio tag per AAC frame. Timestamps are the caller's
// (flv-session.ts: from 0 on every session).

import type { AudioLoop } from './flv-audio';
import type { FlvLoop, Frame } from './flv';

/** FLV video codec ids: 7 H.264, 12 H.265 (the vendor's extension, which mpegts.js reads). */
const CODEC_ID = { avc: 7, hevc: 12 } as const;
/** AAC, "44 kHz" (FLV writes that for every AAC rate), 16-bit, "stereo": 0xAF, as every muxer does. */
const AAC_HEAD = 0xaf;

/** One FLV tag (type 8 audio, 9 video, 18 script) with its PreviousTagSize. */
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

const amfBool = (v: boolean): Buffer => Buffer.from([1, v ? 1 : 0]);
const u16 = (n: number): Buffer => Buffer.from([(n >> 8) & 0xff, n & 0xff]);

function metadata(loop: FlvLoop, audio: AudioLoop | null): Buffer {
  const meta: [string, Buffer][] = [
    ['duration', amfNumber(0)],
    ['framerate', amfNumber(loop.fps)],
    ['videocodecid', amfNumber(CODEC_ID[loop.codec])],
    ['hasVideo', amfBool(true)],
    ['hasAudio', amfBool(audio !== null)],
  ];
  if (audio) {
    meta.push(['audiocodecid', amfNumber(10)], ['audiosamplerate', amfNumber(audio.sampleRate)]);
    meta.push(['stereo', amfBool(audio.channels > 1)]);
  }
  const count = Buffer.alloc(4);
  count.writeUInt32BE(meta.length);
  return Buffer.concat([
    Buffer.from([2]),
    amfString('onMetaData'),
    Buffer.from([8]),
    count,
    ...meta.flatMap(([k, v]) => [amfString(k), v]),
    Buffer.from([0, 0, 9]),
  ]);
}

/** AVCDecoderConfigurationRecord of an SPS and a PPS (4-byte NAL lengths). */
function avcConfig([sps, pps]: Buffer[]): Buffer {
  return Buffer.concat([
    Buffer.from([1, sps[1], sps[2], sps[3], 0xff, 0xe1]),
    u16(sps.length),
    sps,
    Buffer.from([1]),
    u16(pps.length),
    pps,
  ]);
}

/** A NAL unit's payload without its emulation prevention bytes (00 00 03 -> 00 00). */
function rbsp(nal: Buffer): Buffer {
  const out: number[] = [];
  let zeros = 0;
  for (const b of nal) {
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

/** HEVCDecoderConfigurationRecord of a VPS, SPS and PPS (ISO/IEC 14496-15 8.3.3): the general
 * profile, tier and level copied from the SPS (its bytes 3-14 after the NAL header and the
 * sub-layer byte); 4:2:0, 8 bits (what scripts/make-segments.sh encodes); 4-byte NAL lengths. */
function hevcConfig([vps, sps, pps]: Buffer[]): Buffer {
  const s = rbsp(sps);
  const subLayers = ((s[2] >> 1) & 7) + 1;
  const nested = s[2] & 1;
  const head = Buffer.concat([
    Buffer.from([1]),
    s.subarray(3, 15), // profile space, tier, profile; compatibility flags; constraint flags; level
    Buffer.from([0xf0, 0x00, 0xfc, 0xfc | 1, 0xf8, 0xf8, 0, 0, (subLayers << 3) | (nested << 2) | 3, 3]),
  ]);
  const arrays = [vps, sps, pps].map((n) =>
    Buffer.concat([Buffer.from([0x80 | ((n[0] >> 1) & 0x3f)]), u16(1), u16(n.length), n]),
  );
  return Buffer.concat([head, ...arrays]);
}

/** The start of every session: the FLV header, onMetaData, the video sequence header and, with
 * audio, the AAC sequence header. */
export function flvStart(loop: FlvLoop, audio: AudioLoop | null): Buffer {
  const header = Buffer.from([0x46, 0x4c, 0x56, 1, audio ? 0x05 : 0x01, 0, 0, 0, 9, 0, 0, 0, 0]);
  const config = loop.codec === 'hevc' ? hevcConfig(loop.params) : avcConfig(loop.params);
  const parts = [
    header,
    tag(18, 0, metadata(loop, audio)),
    tag(9, 0, Buffer.concat([Buffer.from([0x10 | CODEC_ID[loop.codec], 0, 0, 0, 0]), config])),
  ];
  if (audio) parts.push(tag(8, 0, Buffer.concat([Buffer.from([AAC_HEAD, 0]), audio.config])));
  return Buffer.concat(parts);
}

/** A frame as an FLV video tag at `timestampMs` (its decoding time in the session). */
export function flvFrame(loop: FlvLoop, frame: Frame, timestampMs: number): Buffer {
  const head = Buffer.from([(frame.key ? 0x10 : 0x20) | CODEC_ID[loop.codec], 1, 0, 0, 0]);
  head.writeIntBE(Math.max(-0x800000, Math.min(0x7fffff, frame.ctsMs)), 2, 3);
  const body = frame.nals.flatMap((n) => {
    const l = Buffer.alloc(4);
    l.writeUInt32BE(n.length);
    return [l, n];
  });
  return tag(9, timestampMs, Buffer.concat([head, ...body]));
}

/** A raw AAC frame as an FLV audio tag at `timestampMs`. */
export function flvAudio(frame: Buffer, timestampMs: number): Buffer {
  return tag(8, timestampMs, Buffer.concat([Buffer.from([AAC_HEAD, 1]), frame]));
}

/** The end of a stream: the end-of-sequence tag (packet type 2). */
export function flvEnd(loop: FlvLoop, timestampMs: number): Buffer {
  return tag(9, timestampMs, Buffer.from([0x10 | CODEC_ID[loop.codec], 2, 0, 0, 0]));
}
