// What a clip's video and audio are (docs/behaviour.md section 26): the picture size of an H.264 or
// H.265 decoder configuration record (its first SPS read: size and cropping), the codec strings
// an MP4 sample entry names (`avc1.42c01e`, `hvc1.1.6.L93.b0`) and the AAC AudioSpecificConfig's
// sample rate and channels. Pure: nothing is decoded, only parameter sets read.

/** A bit reader over an RBSP (emulation prevention bytes removed). */
class Bits {
  private at = 0;
  constructor(private readonly b: Uint8Array) {}
  u(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.b[this.at >> 3];
      if (byte === undefined) throw new RangeError('SPS ends early');
      v = v * 2 + ((byte >> (7 - (this.at & 7))) & 1);
      this.at++;
    }
    return v;
  }
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) if (++zeros > 31) throw new RangeError('bad exp-Golomb code');
    return 2 ** zeros - 1 + this.u(zeros);
  }
  se(): number {
    const k = this.ue();
    return k & 1 ? (k + 1) / 2 : -(k / 2);
  }
}

/** The RBSP of a NAL unit after its `header` bytes (00 00 03 -> 00 00). */
function rbsp(nal: Uint8Array, header: number): Uint8Array {
  const out: number[] = [];
  for (let i = header; i < nal.length; i++) {
    if (i >= header + 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    out.push(nal[i]);
  }
  return Uint8Array.from(out);
}

export interface PictureSize {
  width: number;
  height: number;
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function skipScalingLists(r: Bits, count: number): void {
  for (let i = 0; i < count; i++) {
    if (!r.u(1)) continue;
    let last = 8;
    let next = 8;
    for (let j = 0; j < (i < 6 ? 16 : 64); j++) {
      if (next !== 0) next = (last + r.se() + 256) % 256;
      last = next === 0 ? last : next;
    }
  }
}

/** The picture size an H.264 SPS (a NAL unit, its header byte first) says. */
export function avcSpsSize(nal: Uint8Array): PictureSize {
  const r = new Bits(rbsp(nal, 1));
  const profile = r.u(8);
  r.u(16); // constraint flags, level
  r.ue(); // seq_parameter_set_id
  let chroma = 1;
  if (HIGH_PROFILES.has(profile)) {
    chroma = r.ue();
    if (chroma === 3) r.u(1);
    r.ue();
    r.ue();
    r.u(1);
    if (r.u(1)) skipScalingLists(r, chroma === 3 ? 12 : 8);
  }
  r.ue(); // log2_max_frame_num_minus4
  const pocType = r.ue();
  if (pocType === 0) r.ue();
  else if (pocType === 1) {
    r.u(1);
    r.se();
    r.se();
    for (let n = r.ue(), i = 0; i < n; i++) r.se();
  }
  r.ue(); // max_num_ref_frames
  r.u(1);
  const wMbs = r.ue() + 1;
  const hMaps = r.ue() + 1;
  const frameMbsOnly = r.u(1);
  if (!frameMbsOnly) r.u(1);
  r.u(1); // direct_8x8_inference
  const crop = r.u(1) ? [r.ue(), r.ue(), r.ue(), r.ue()] : [0, 0, 0, 0];
  const cropX = chroma === 1 || chroma === 2 ? 2 : 1;
  const cropY = (chroma === 1 ? 2 : 1) * (2 - frameMbsOnly);
  return {
    width: wMbs * 16 - cropX * (crop[0] + crop[1]),
    height: (2 - frameMbsOnly) * hMaps * 16 - cropY * (crop[2] + crop[3]),
  };
}

/** The picture size an H.265 SPS (a NAL unit, its two header bytes first) says. */
export function hevcSpsSize(nal: Uint8Array): PictureSize {
  const r = new Bits(rbsp(nal, 2));
  r.u(4); // sps_video_parameter_set_id
  const subLayers = r.u(3);
  r.u(1);
  r.u(96); // general profile, tier, level (read as bits: 2+1+5+32+48+8)
  const present: [number, number][] = [];
  for (let i = 0; i < subLayers; i++) present.push([r.u(1), r.u(1)]);
  if (subLayers > 0) for (let i = subLayers; i < 8; i++) r.u(2);
  for (const [profile, level] of present) r.u(profile * 88 + level * 8);
  r.ue(); // sps_seq_parameter_set_id
  const chroma = r.ue();
  if (chroma === 3) r.u(1);
  const width = r.ue();
  const height = r.ue();
  const win = r.u(1) ? [r.ue(), r.ue(), r.ue(), r.ue()] : [0, 0, 0, 0];
  const subW = chroma === 1 || chroma === 2 ? 2 : 1;
  const subH = chroma === 1 ? 2 : 1;
  return { width: width - subW * (win[0] + win[1]), height: height - subH * (win[2] + win[3]) };
}

const hex = (n: number, width = 2): string => n.toString(16).padStart(width, '0');

/** An AVCDecoderConfigurationRecord's codec string and first SPS; undefined when it is not one. */
export function avcConfig(rec: Uint8Array): { codec: string; sps: Uint8Array } | undefined {
  if (rec.length < 8 || rec[0] !== 1 || (rec[5] & 0x1f) < 1) return undefined;
  const len = (rec[6] << 8) | rec[7];
  if (len < 4 || 8 + len > rec.length) return undefined;
  return { codec: `avc1.${hex(rec[1])}${hex(rec[2])}${hex(rec[3])}`, sps: rec.subarray(8, 8 + len) };
}

/** An HEVCDecoderConfigurationRecord's codec string (ISO/IEC 14496-15 annex E) and first SPS. */
export function hevcConfig(rec: Uint8Array): { codec: string; sps: Uint8Array } | undefined {
  if (rec.length < 23 || rec[0] !== 1) return undefined;
  const space = ['', 'A', 'B', 'C'][rec[1] >> 6];
  const tier = rec[1] & 0x20 ? 'H' : 'L';
  let compat = 0;
  const flags = ((rec[2] << 24) | (rec[3] << 16) | (rec[4] << 8) | rec[5]) >>> 0;
  for (let i = 0; i < 32; i++) if (flags & (1 << i)) compat |= 1 << (31 - i);
  const constraint = Array.from(rec.subarray(6, 12));
  while (constraint.length && constraint[constraint.length - 1] === 0) constraint.pop();
  const codec = [
    `hvc1.${space}${rec[1] & 0x1f}`,
    (compat >>> 0).toString(16),
    `${tier}${rec[12]}`,
    ...constraint.map((c) => c.toString(16)),
  ].join('.');
  let at = 23;
  for (let a = 0, arrays = rec[22]; a < arrays && at + 3 <= rec.length; a++) {
    const type = rec[at] & 0x3f;
    const count = (rec[at + 1] << 8) | rec[at + 2];
    at += 3;
    for (let n = 0; n < count && at + 2 <= rec.length; n++) {
      const len = (rec[at] << 8) | rec[at + 1];
      if (type === 33 && at + 2 + len <= rec.length) return { codec, sps: rec.subarray(at + 2, at + 2 + len) };
      at += 2 + len;
    }
  }
  return undefined;
}

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** An AAC AudioSpecificConfig's codec string, sample rate and channels; undefined when unusable. */
export function aacConfig(asc: Uint8Array): { codec: string; sampleRate: number; channels: number } | undefined {
  if (asc.length < 2) return undefined;
  const objectType = asc[0] >> 3;
  const rateIndex = ((asc[0] & 7) << 1) | (asc[1] >> 7);
  const channels = (asc[1] >> 3) & 0x0f;
  const sampleRate = AAC_RATES[rateIndex];
  if (!objectType || objectType === 31 || !sampleRate || !channels) return undefined;
  return { codec: `mp4a.40.${objectType}`, sampleRate, channels };
}
