// What the FLV tests share (test/simulator/areas/flv*.test.ts, and the stream node's player
// tests): one GET to its end, the first bytes of a stream, the tags of an FLV body, ffprobe.

import { strict as assert } from 'assert';
import { execFile, spawnSync } from 'child_process';
import * as http from 'http';

export { session } from './support';

export const HAS_FFPROBE = spawnSync('ffprobe', ['-version']).status === 0;

/** The start of a stream: GETs it and ends the request once `bytes` have come. */
export function firstBytes(url: string, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let got = 0;
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        got += c.length;
        if (got >= bytes) {
          req.destroy();
          resolve(Buffer.concat(chunks));
        }
      });
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });
    req.on('error', reject);
  });
}

export interface Tag {
  type: number;
  ts: number;
  /** Video: a keyframe (frame type 1). */
  key: boolean;
  /** Video: the codec id (7 H.264, 12 H.265); audio: the sound format (10 AAC); -1 for script tags. */
  codec: number;
  /** Video and AAC: the packet type (0 sequence header, 1 data, 2 end of sequence); -1 otherwise. */
  packet: number;
  /** Where its body starts and its size (bytes of the FLV). */
  at: number;
  size: number;
}

/** The tags of an FLV body (checked: header, PreviousTagSize of each tag; `cut`: the body is the
 * start of a stream, its last tag may be incomplete). */
export function flvTags(b: Buffer, cut = false): Tag[] {
  assert.equal(b.subarray(0, 3).toString(), 'FLV');
  assert.equal(b[3], 1, 'version 1');
  assert.equal(b[4] & 1, 1, 'video flag');
  let at = b.readUInt32BE(5) + 4;
  const tags: Tag[] = [];
  while (at + 11 <= b.length) {
    const size = b.readUIntBE(at + 1, 3);
    if (at + 11 + size + 4 > b.length) break;
    const ts = b.readUIntBE(at + 4, 3) + b[at + 7] * 2 ** 24;
    assert.equal(b.readUInt32BE(at + 11 + size), 11 + size, 'PreviousTagSize');
    const av = b[at] === 8 || b[at] === 9;
    const codec = b[at] === 9 ? b[at + 11] & 0x0f : b[at] === 8 ? b[at + 11] >> 4 : -1;
    tags.push({
      type: b[at],
      ts,
      key: b[at] === 9 && b[at + 11] >> 4 === 1,
      codec,
      packet: av && size > 1 && (b[at] === 9 || codec === 10) ? b[at + 12] : -1,
      at: at + 11,
      size,
    });
    at += 11 + size + 4;
  }
  if (!cut) assert.equal(at, b.length, 'the body ends at a tag boundary');
  return tags;
}

export interface Probe {
  codec: string;
  width: number;
  height: number;
  frames: number;
  dts: number[];
  keys: number;
  errors: string;
}

/** ffprobe decodes every frame of `url` (to the stream's end). */
export function probe(url: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffprobe',
      [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v',
        '-show_entries',
        'stream=codec_name,width,height,nb_read_frames:packet=dts_time,flags',
        '-of',
        'json',
        url,
      ],
      { timeout: 60000 },
      (err, stdout, stderr) => {
        if (err) return reject(err);
        const j = JSON.parse(stdout);
        const s = j.streams[0];
        resolve({
          codec: s.codec_name,
          width: s.width,
          height: s.height,
          frames: Number(s.nb_read_frames),
          dts: j.packets.map((p: { dts_time: string }) => Number(p.dts_time)),
          keys: j.packets.filter((p: { flags: string }) => p.flags.startsWith('K')).length,
          errors: stderr.trim(),
        });
      },
    );
  });
}
