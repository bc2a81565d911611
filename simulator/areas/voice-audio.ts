// What audio a voice file holds, as the simulator judges it (docs/api/media-api.md section 3:
// wav, mp3 or aac, at most 5 MB and 60 s), written apart from the package's own reading: a wav's
// header, an mp3's first frame's bit rate, an ADTS stream's frames.

export const MAX_VOICE_BYTES = 5 * 1024 * 1024;
export const MAX_VOICE_MS = 60000;

function wavMs(b: Buffer): number {
  let rate = 0;
  for (let i = 12; i + 8 <= b.length;) {
    const id = b.toString('latin1', i, i + 4);
    const size = b.readUInt32LE(i + 4);
    if (id === 'fmt ' && i + 24 <= b.length) rate = b.readUInt32LE(i + 16);
    if (id === 'data') return rate > 0 ? (Math.min(size, b.length - i - 8) * 1000) / rate : 0;
    i += 8 + size + (size & 1);
  }
  return 0;
}

const KBPS1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

function mp3Ms(b: Buffer): number {
  let i = 0;
  if (b.toString('latin1', 0, 3) === 'ID3' && b.length >= 10) {
    i = 10 + (((b[6] & 0x7f) << 21) | ((b[7] & 0x7f) << 14) | ((b[8] & 0x7f) << 7) | (b[9] & 0x7f));
  }
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1] & 0xe0) !== 0xe0 || ((b[i + 1] >> 1) & 3) !== 1) return 0;
  const mpeg1 = ((b[i + 1] >> 3) & 3) === 3;
  const kbps = (mpeg1 ? KBPS1 : KBPS2)[b[i + 2] >> 4] ?? 0;
  return kbps ? ((b.length - i) * 8) / kbps : 0;
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

function aacMs(b: Buffer): number {
  let ms = 0;
  for (let i = 0; i + 7 <= b.length;) {
    if (b[i] !== 0xff || (b[i + 1] & 0xf6) !== 0xf0) return 0;
    const rate = AAC_RATES[(b[i + 2] >> 2) & 0xf];
    const len = ((b[i + 3] & 3) << 11) | (b[i + 4] << 3) | (b[i + 5] >> 5);
    if (!rate || len < 7) return 0;
    ms += (((b[i + 6] & 3) + 1) * 1024 * 1000) / rate;
    i += len;
  }
  return ms;
}

/** The format and length of a voice file, or undefined when the service would refuse it. */
export function audioOf(b: Buffer): { format: string; durationMs: number } | undefined {
  let format: string;
  let ms: number;
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE') {
    format = 'wav';
    ms = wavMs(b);
  } else if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xf6) === 0xf0) {
    format = 'aac';
    ms = aacMs(b);
  } else {
    format = 'mp3';
    ms = mp3Ms(b);
  }
  return ms > 0 && ms <= MAX_VOICE_MS ? { format, durationMs: Math.round(ms) } : undefined;
}
