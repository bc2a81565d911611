// A clip's tags as a file (docs/behaviour.md section 26): MP4 through mediabunny (the moov before the
// mdat, "fast start": a browser's <video> and a phone play it while it loads; nothing encoded,
// the coded frames only moved), or FLV as the stream had it (its timestamps from 0). Also what the
// clip is: codec, picture size, frame rate, audio. The MP4 is written with the moov's space kept
// at the start (each track's frame count is known: the tags have them), each chunk of frames
// written into the file as it closes and dropped (mp4-file.ts): the frames are held once, by the
// tags or by the file, not by the tags, the writer and the file at once.

import { EncodedAudioPacketSource, EncodedPacket, EncodedVideoPacketSource } from 'mediabunny';
import { Mp4OutputFormat, Output } from 'mediabunny';
import { writeHeader, writeTag, TAG_AUDIO, TAG_VIDEO } from '../../client/flv';
import type { ClipTags, Sample } from './clip-tags';
import { Mp4File, withoutFree } from './mp4-file';
import { aacConfig, avcConfig, avcSpsSize, hevcConfig, hevcSpsSize } from './codec-info';

/** msg.ezviz.clip's description of the media. */
export interface ClipMedia {
  video: { codec: 'h264' | 'h265'; width: number; height: number; fps: number };
  audio: { codec: 'aac'; sampleRate: number; channels: number } | null;
}

interface Decoders {
  media: ClipMedia;
  video: { codec: string; codedWidth: number; codedHeight: number; description: Uint8Array };
  audio?: { codec: string; sampleRate: number; numberOfChannels: number; description: Uint8Array };
}

/** The decoder configurations of a clip; undefined when its video has none usable. */
function decoders(c: ClipTags): Decoders | undefined {
  if (!c.video) return undefined;
  const h264 = c.video.codec === 'h264';
  const conf = h264 ? avcConfig(c.video.config) : hevcConfig(c.video.config);
  if (!conf) return undefined;
  let size;
  try {
    size = h264 ? avcSpsSize(conf.sps) : hevcSpsSize(conf.sps);
  } catch {
    return undefined;
  }
  if (!(size.width > 0 && size.height > 0 && size.width <= 16384 && size.height <= 16384)) return undefined;
  const fps = Math.round(100000 / c.frameMs()) / 100;
  const aac = c.audio && c.audioSamples.length ? aacConfig(c.audio.config) : undefined;
  return {
    media: {
      video: { codec: c.video.codec, width: size.width, height: size.height, fps },
      audio: aac ? { codec: 'aac', sampleRate: aac.sampleRate, channels: aac.channels } : null,
    },
    video: { codec: conf.codec, codedWidth: size.width, codedHeight: size.height, description: c.video.config },
    ...(aac
      ? {
          audio: {
            codec: aac.codec,
            sampleRate: aac.sampleRate,
            numberOfChannels: aac.channels,
            description: c.audio!.config,
          },
        }
      : {}),
  };
}

/** What the clip holds, or undefined when it cannot be written (no frame, no usable configuration). */
export function clipMedia(c: ClipTags): ClipMedia | undefined {
  return c.videoSamples.length ? decoders(c)?.media : undefined;
}

const packet = (s: Sample, pts: number, duration: number): EncodedPacket =>
  new EncodedPacket(s.body.subarray(s.dataAt), s.key ? 'key' : 'delta', pts / 1000, duration / 1000);

/** A frame's bytes, no longer held by its tags (its timeline stays). */
const NONE = Buffer.alloc(0);

/** The clip as MP4 bytes (moov first); undefined when it cannot be written. Each frame's bytes
 * are handed to the writer and dropped from the tags (their timeline stays: ts, key): the tags
 * cannot be written again. */
export async function clipMp4(c: ClipTags): Promise<Buffer | undefined> {
  const d = c.videoSamples.length ? decoders(c) : undefined;
  if (!d) return undefined;
  const vs = c.videoSamples;
  const as = d.audio ? c.audioSamples : [];
  const file = new Mp4File([...vs, ...as].reduce((n, s) => n + s.body.length - s.dataAt, 0));
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'reserve' }), target: file.target() });
  const video = new EncodedVideoPacketSource(c.video!.codec === 'h264' ? 'avc' : 'hevc');
  output.addVideoTrack(video, { frameRate: d.media.video.fps, maximumPacketCount: vs.length });
  const audio = d.audio ? new EncodedAudioPacketSource('aac') : undefined;
  if (audio) output.addAudioTrack(audio, { maximumPacketCount: as.length });
  await output.start();
  const frame = c.frameMs();
  const aacMs = d.audio ? (1024 * 1000) / d.audio.sampleRate : 0;
  let v = 0;
  let a = 0;
  while (v < vs.length || a < as.length) {
    if (v < vs.length && (a >= as.length || vs[v].ts <= as[a].ts)) {
      const s = vs[v];
      const next = vs[v + 1];
      await video.add(
        packet(s, s.ts + s.cts, next ? next.ts - s.ts : frame),
        v === 0 ? { decoderConfig: d.video } : undefined,
      );
      s.body = NONE;
      v++;
    } else {
      await audio!.add(packet(as[a], as[a].ts, aacMs), a === 0 ? { decoderConfig: d.audio } : undefined);
      as[a].body = NONE;
      a++;
    }
  }
  await output.finalize();
  return withoutFree(file.bytes());
}

/** The clip as FLV bytes: the header, the configurations, the frames on the clip's timeline. */
export function clipFlv(c: ClipTags): Buffer | undefined {
  if (!c.video || !c.videoSamples.length) return undefined;
  const withAudio = !!c.audio && c.audioSamples.length > 0;
  const parts = [writeHeader(withAudio, true), writeTag({ type: TAG_VIDEO, body: c.video.tag }, 0)];
  if (withAudio) parts.push(writeTag({ type: TAG_AUDIO, body: c.audio!.tag }, 0));
  const vs = c.videoSamples;
  const as = withAudio ? c.audioSamples : [];
  for (let v = 0, a = 0; v < vs.length || a < as.length;) {
    if (v < vs.length && (a >= as.length || vs[v].ts <= as[a].ts))
      parts.push(writeTag({ type: TAG_VIDEO, body: vs[v].body }, vs[v++].ts));
    else parts.push(writeTag({ type: TAG_AUDIO, body: as[a].body }, as[a++].ts));
  }
  return Buffer.concat(parts);
}
