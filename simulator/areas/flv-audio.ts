// The audio of the simulator's FLV streams (docs/api/media-api.md section 7): the committed AAC
// loop (simulator/segments/audio.aac, AAC-LC 16 kHz mono in ADTS, made by
// scripts/make-segments.sh) cut once into raw AAC frames and its AudioSpecificConfig, the two
// things an FLV audio tag carries. A session plays it endlessly beside the video (flv-session.ts):
// frame j at j x 1024 samples, whatever the video loop's length.

import { audioBytes } from './segments';

export interface AudioLoop {
  /** AudioSpecificConfig (2 bytes: object type, sampling frequency index, channels). */
  config: Buffer;
  /** Raw AAC frames (ADTS headers removed), in order. */
  frames: Buffer[];
  /** Length of one frame (1024 samples), ms. */
  frameMs: number;
  sampleRate: number;
  channels: number;
}

const RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** The frames and configuration of ADTS bytes (throws on anything else). */
export function parseAdts(b: Buffer): AudioLoop {
  const frames: Buffer[] = [];
  let objectType = 0;
  let rateIndex = 0;
  let channels = 0;
  for (let at = 0; at + 7 <= b.length;) {
    if (b[at] !== 0xff || (b[at + 1] & 0xf0) !== 0xf0) throw new Error('simulator: audio.aac is not ADTS');
    const headerLength = b[at + 1] & 1 ? 7 : 9;
    objectType = (b[at + 2] >> 6) + 1;
    rateIndex = (b[at + 2] >> 2) & 0xf;
    channels = ((b[at + 2] & 1) << 2) | (b[at + 3] >> 6);
    const length = ((b[at + 3] & 3) << 11) | (b[at + 4] << 3) | (b[at + 5] >> 5);
    if (length <= headerLength || at + length > b.length) throw new Error('simulator: audio.aac is cut');
    frames.push(b.subarray(at + headerLength, at + length));
    at += length;
  }
  if (frames.length === 0 || RATES[rateIndex] === undefined) throw new Error('simulator: audio.aac has no frames');
  const config = Buffer.from([(objectType << 3) | (rateIndex >> 1), ((rateIndex & 1) << 7) | (channels << 3)]);
  const sampleRate = RATES[rateIndex];
  return { config, frames, frameMs: (1024 * 1000) / sampleRate, sampleRate, channels };
}

let loop: AudioLoop | null | undefined;

/** The AAC loop (read once), or null when the segments carry none. */
export function audioLoop(): AudioLoop | null {
  if (loop === undefined) {
    const b = audioBytes();
    loop = b ? parseAdts(b) : null;
  }
  return loop;
}
