// Real players as the judges of a clip (docs/behaviour.md section 26): Debian's ffprobe reads an MP4
// or FLV file (its streams, duration and keyframes), ffmpeg decodes it to the end (every error line
// kept), and the top-level boxes of an MP4 say whether the moov comes before the mdat. Without
// ffmpeg the tests that need it are pending, unless EZVIZ_REQUIRE_FFMPEG=1 (media-tools.ts).

import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export { HAS_FFMPEG, withFfmpeg } from './media-tools';

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  sample_rate?: string;
  channels?: number;
}

export interface Probed {
  duration: number;
  streams: ProbedStream[];
  /** Keyframe times of the video (s). */
  keys: number[];
  /** ffmpeg's error lines when decoding the whole file ('' when none). */
  errors: string;
}

function run(cmd: string, args: string[]): Promise<{ out: string; err: string }> {
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024 }, (e, out, err) =>
      e && !out && !err ? reject(e) : resolve({ out, err }),
    ),
  );
}

/** Writes `bytes` to a temporary file named `name` and probes and decodes it. */
export async function probeBytes(bytes: Buffer, name = 'clip.mp4'): Promise<Probed> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-clip-'));
  const file = path.join(dir, name);
  try {
    fs.writeFileSync(file, bytes);
    const info = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=index,codec_type,codec_name,width,height,sample_rate,channels:packet=pts_time,flags,stream_index',
      '-of',
      'json',
      file,
    ]);
    const j = JSON.parse(info.out) as {
      format: { duration: string };
      streams: ProbedStream[];
      packets: { pts_time?: string; flags?: string; stream_index?: number }[];
    };
    const video = (j.streams as (ProbedStream & { index: number })[]).find((x) => x.codec_type === 'video')?.index;
    const decoded = await run('ffmpeg', ['-hide_banner', '-v', 'error', '-i', file, '-f', 'null', '-']);
    return {
      duration: Number(j.format.duration),
      streams: j.streams,
      keys: j.packets
        .filter((p) => p.stream_index === video && p.flags?.startsWith('K') && p.pts_time !== undefined)
        .map((p) => Number(p.pts_time)),
      errors: (info.err + decoded.err).trim(),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The types of an MP4's top-level boxes, in order (`ftyp`, `moov`, `mdat`). */
export function topBoxes(mp4: Buffer): string[] {
  const out: string[] = [];
  for (let at = 0; at + 8 <= mp4.length && out.length < 64;) {
    let size = mp4.readUInt32BE(at);
    if (size === 1 && at + 16 <= mp4.length) size = Number(mp4.readBigUInt64BE(at + 8));
    out.push(mp4.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return out;
}
