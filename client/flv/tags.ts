// FLV tags as the stream relay and the clip writer read them (docs/api/media-api.md section 7): only the tag header and the first bytes of a body are read
// (type, size, timestamp, keyframe, codec, sequence header); the coded media pass untouched.
// Pure: imports nothing.

export const TAG_AUDIO = 8;
export const TAG_VIDEO = 9;
export const TAG_SCRIPT = 18;
export type TagType = typeof TAG_AUDIO | typeof TAG_VIDEO | typeof TAG_SCRIPT;

/** What a video tag's first bytes say (legacy FLV: codec id 7 H.264, 12 H.265; Enhanced-FLV:
 * the ExHeader bit and a FourCC such as `hvc1` or `avc1`). */
export interface VideoInfo {
  /** 1 keyframe, 2 inter frame, 3 disposable, 4 generated keyframe, 5 info/command. */
  frameType: number;
  keyframe: boolean;
  /** Legacy codec id (7 AVC, 12 HEVC); 0 for an Enhanced-FLV tag (see fourCC). */
  codecId: number;
  isExHeader: boolean;
  /** Enhanced-FLV only: `hvc1`, `avc1`, `av01`, ... */
  fourCC?: string;
  /** AVCPacketType (0 sequence header, 1 NALU, 2 end of sequence), or the ExVideoPacketType. */
  packetType: number;
  sequenceHeader: boolean;
  endOfSequence: boolean;
  /** Composition time offset (ms) where the tag carries one. */
  compositionTime: number;
}

/** What an audio tag's first bytes say (sound format 10 AAC, 7/8 G.711 A-law/mu-law). */
export interface AudioInfo {
  soundFormat: number;
  /** 0 5.5 kHz, 1 11 kHz, 2 22 kHz, 3 44 kHz (AAC always says 3). */
  soundRate: number;
  soundSize: number;
  soundType: number;
  /** AAC only: 0 AudioSpecificConfig (the sequence header), 1 raw frame. */
  aacPacketType?: number;
  sequenceHeader: boolean;
}

/** One FLV tag: its header fields and its body (the same bytes as the stream held). */
export interface FlvTag {
  type: TagType;
  dataSize: number;
  /** ms, 32 bits (the extended byte included). */
  timestamp: number;
  streamId: number;
  body: Buffer;
  video?: VideoInfo;
  audio?: AudioInfo;
}

const EX_SEQUENCE_START = 0;
const EX_CODED_FRAMES = 1;
const EX_SEQUENCE_END = 2;

function signed24(b: Buffer, at: number): number {
  if (b.length < at + 3) return 0;
  return b.readIntBE(at, 3);
}

/** A video body's first bytes read; an empty body reads as an inter frame of codec 0. */
export function videoInfo(body: Buffer): VideoInfo {
  const b0 = body.length > 0 ? body[0] : 0x20;
  const isExHeader = (b0 & 0x80) !== 0;
  if (isExHeader) {
    const frameType = (b0 >> 4) & 7;
    const packetType = b0 & 0x0f;
    const fourCC = body.length >= 5 ? body.toString('latin1', 1, 5) : '';
    const cts = packetType === EX_CODED_FRAMES && fourCC !== 'av01' ? signed24(body, 5) : 0;
    return {
      frameType,
      keyframe: frameType === 1 || frameType === 4,
      codecId: 0,
      isExHeader,
      fourCC,
      packetType,
      sequenceHeader: packetType === EX_SEQUENCE_START,
      endOfSequence: packetType === EX_SEQUENCE_END,
      compositionTime: cts,
    };
  }
  const frameType = (b0 >> 4) & 0x0f;
  const codecId = b0 & 0x0f;
  const hasPacketType = codecId === 7 || codecId === 12 || codecId === 13;
  const packetType = hasPacketType && body.length > 1 ? body[1] : 1;
  return {
    frameType,
    keyframe: frameType === 1 || frameType === 4,
    codecId,
    isExHeader,
    packetType,
    sequenceHeader: hasPacketType && packetType === 0,
    endOfSequence: hasPacketType && packetType === 2,
    compositionTime: hasPacketType && packetType === 1 ? signed24(body, 2) : 0,
  };
}

/** An audio body's first bytes read. */
export function audioInfo(body: Buffer): AudioInfo {
  const b0 = body.length > 0 ? body[0] : 0;
  const soundFormat = b0 >> 4;
  const aac = soundFormat === 10;
  const aacPacketType = aac && body.length > 1 ? body[1] : undefined;
  return {
    soundFormat,
    soundRate: (b0 >> 2) & 3,
    soundSize: (b0 >> 1) & 1,
    soundType: b0 & 1,
    ...(aac ? { aacPacketType } : {}),
    sequenceHeader: aac && aacPacketType === 0,
  };
}

/** A tag from its header fields and body, its media read. */
export function makeTag(type: TagType, timestamp: number, body: Buffer, streamId = 0): FlvTag {
  const tag: FlvTag = { type, dataSize: body.length, timestamp, streamId, body };
  if (type === TAG_VIDEO) tag.video = videoInfo(body);
  else if (type === TAG_AUDIO) tag.audio = audioInfo(body);
  return tag;
}

/** The tag's codec as one word (`avc`, `hevc`, `hvc1`, `aac`, `g711a`, ...): what a sequence
 * header belongs to. */
export function codecOf(tag: FlvTag): string {
  if (tag.video) return tag.video.isExHeader ? (tag.video.fourCC ?? '') : `v${tag.video.codecId}`;
  if (tag.audio) return `a${tag.audio.soundFormat}`;
  return 'script';
}

/** Whether the tag is a codec's sequence header (AVC/HEVC decoder configuration, AAC config). */
export function isSequenceHeader(tag: FlvTag): boolean {
  return tag.video?.sequenceHeader === true || tag.audio?.sequenceHeader === true;
}

/** Whether the tag is a video keyframe that carries a picture (not a sequence header or command). */
export function isKeyframe(tag: FlvTag): boolean {
  const v = tag.video;
  return v !== undefined && v.keyframe && !v.sequenceHeader && !v.endOfSequence;
}

/** Whether the tag is an onMetaData script tag (AMF0 string "onMetaData" first). */
export function isMetaData(tag: FlvTag): boolean {
  return tag.type === TAG_SCRIPT && tag.body.length >= 13 && tag.body.toString('latin1', 3, 13) === 'onMetaData';
}
