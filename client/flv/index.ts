// The FLV room's face (docs/api/media-api.md section 7): the incremental reader, the tag
// readers and the writer. Pure: imports nothing outside this folder.

export { DEFAULT_MAX_TAG_BYTES, FlvReader } from './reader';
export type { FlvErrorReason, FlvHeader, FlvItem, FlvReaderOptions } from './reader';
export {
  audioInfo,
  codecOf,
  isKeyframe,
  isMetaData,
  isSequenceHeader,
  makeTag,
  TAG_AUDIO,
  TAG_SCRIPT,
  TAG_VIDEO,
  videoInfo,
} from './tags';
export type { AudioInfo, FlvTag, TagType, VideoInfo } from './tags';
export { writeHeader, writeTag } from './writer';
