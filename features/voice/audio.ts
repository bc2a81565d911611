// What audio a voice payload holds (docs/behaviour.md section 19, docs/api/media-api.md section 3): the
// format told by its bytes (wav, mp3 or aac in ADTS frames), its length, and whether the API takes
// it (at most 5 MB and 60 s). Nothing is sent for audio that fails here. Pure: bytes in, facts out.

import { MAX_VOICE_BYTES, MAX_VOICE_MS } from '../../client/operations/voice';

export type AudioFormat = 'wav' | 'mp3' | 'aac';

export interface AudioFacts {
  format: AudioFormat;
  durationMs: number;
  bytes: number;
}

/** Why audio is refused: a `validation.voice.<reason>` text. */
export type AudioRefusal = 'empty' | 'tooLarge' | 'unknownFormat' | 'noAudio' | 'tooLong';

const u16 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u32 = (b: Uint8Array, i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + b[i + 3] * 0x1000000;
const tag = (b: Uint8Array, i: number) => String.fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3]);

/** A RIFF/WAVE file: its fmt chunk's byte rate and its data chunk's size -> the length. */
function wav(b: Uint8Array): number | undefined {
  let byteRate = 0;
  for (let i = 12; i + 8 <= b.length;) {
    const id = tag(b, i);
    const size = u32(b, i + 4);
    if (id === 'fmt ' && size >= 16 && i + 24 <= b.length) {
      const channels = u16(b, i + 10);
      byteRate = u32(b, i + 16);
      if (channels < 1 || channels > 8 || byteRate === 0) return undefined;
    } else if (id === 'data') {
      const data = Math.min(size, b.length - i - 8);
      return byteRate > 0 && data > 0 ? (data * 1000) / byteRate : undefined;
    }
    i += 8 + size + (size & 1);
  }
  return undefined;
}

const MP3_KBPS: Record<number, number[]> = {
  1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** One MPEG audio layer III frame header at `i`: its length in bytes and in ms, or undefined. */
function mp3Frame(b: Uint8Array, i: number): { len: number; ms: number } | undefined {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1] & 0xe0) !== 0xe0) return undefined;
  const version = (b[i + 1] >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  if (version === 1 || ((b[i + 1] >> 1) & 3) !== 1) return undefined; // layer III only
  const kbps = MP3_KBPS[version === 3 ? 1 : 2][b[i + 2] >> 4];
  const rate = MP3_RATES[version]?.[(b[i + 2] >> 2) & 3];
  if (!kbps || !rate) return undefined;
  const samples = version === 3 ? 1152 : 576;
  const len = Math.floor(((samples / 8) * kbps * 1000) / rate) + ((b[i + 2] >> 1) & 1);
  return { len, ms: (samples * 1000) / rate };
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** One ADTS (AAC) frame header at `i`: its length in bytes and in ms, or undefined. */
function adtsFrame(b: Uint8Array, i: number): { len: number; ms: number } | undefined {
  if (i + 7 > b.length || b[i] !== 0xff || (b[i + 1] & 0xf6) !== 0xf0) return undefined;
  const rate = AAC_RATES[(b[i + 2] >> 2) & 0xf];
  const len = ((b[i + 3] & 3) << 11) | (b[i + 4] << 3) | (b[i + 5] >> 5);
  if (!rate || len < 7) return undefined;
  return { len, ms: (((b[i + 6] & 3) + 1) * 1024 * 1000) / rate };
}

/** Frames from `start` to the end: their total length, or undefined unless they run to the end
 * (a trailing partial frame aside) and there are at least two (or one that is the whole rest). */
function frames(b: Uint8Array, start: number, read: typeof mp3Frame): number | undefined {
  let ms = 0;
  let n = 0;
  let i = start;
  for (;;) {
    const f = read(b, i);
    if (!f) break;
    ms += f.ms;
    n++;
    i += f.len;
    if (i >= b.length) return ms;
  }
  return n >= 2 && b.length - i < 4096 ? ms : undefined;
}

/** Bytes of an ID3v2 tag at the start of an mp3 (0 when none). */
function id3(b: Uint8Array): number {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0;
  const size = ((b[6] & 0x7f) << 21) | ((b[7] & 0x7f) << 14) | ((b[8] & 0x7f) << 7) | (b[9] & 0x7f);
  return 10 + size + (b[5] & 0x10 ? 10 : 0);
}

/** The format and length of `b`, or why the API would not take it. */
export function readAudio(b: Uint8Array): AudioFacts | AudioRefusal {
  if (b.length === 0) return 'empty';
  if (b.length > MAX_VOICE_BYTES) return 'tooLarge';
  let format: AudioFormat | undefined;
  let ms: number | undefined;
  if (b.length >= 12 && tag(b, 0) === 'RIFF' && tag(b, 8) === 'WAVE') {
    format = 'wav';
    ms = wav(b);
  } else if (adtsFrame(b, 0)) {
    format = 'aac';
    ms = frames(b, 0, adtsFrame);
  } else {
    const skip = id3(b);
    if (skip > 0 || mp3Frame(b, 0)) {
      format = 'mp3';
      ms = skip >= b.length ? undefined : frames(b, skip, mp3Frame);
    }
  }
  if (!format) return 'unknownFormat';
  if (ms === undefined || !(ms > 0)) return 'noAudio';
  if (ms > MAX_VOICE_MS) return 'tooLong';
  return { format, durationMs: Math.round(ms), bytes: b.length };
}

/** What a refused payload is, for the message that names it (`12.3 KB`). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1048576).toFixed(2)} MiB`;
}
