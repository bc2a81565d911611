// What the simulator's FLV streams carry besides H.264 (docs/api/media-api.md section 7;
// simulator/areas/flv-tags.ts, flv-audio.ts, flv-session.ts): AAC audio on cameras with a
// microphone (none on the alarm hub, none with the camera's sound switched off), the H.265 camera
// (codec id 12 and its HEVCDecoderConfigurationRecord: the stream rebuilt as Annex B decodes in
// ffprobe, which does not read codec 12 in FLV), and the sleeping battery camera that answers its
// first byte only after 3 s of the simulator's clock. Sessions are capped at 2 s (wall clock).
// Without ffprobe the decoding tests are skipped, unless EZVIZ_REQUIRE_FFMPEG=1.

import { strict as assert } from 'assert';
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { FakeClock, startSimulator } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { callApi } from '../../support/simulator-http';
import { flvTags, HAS_FFPROBE, session } from './flv-support';

const T = 'at.demo-token';
const V2 = '/api/lapp/v2/live/address/get';
const withFfprobe = HAS_FFPROBE || process.env.EZVIZ_REQUIRE_FFMPEG === '1' ? it : it.skip;

function ffprobe(args: string[]): Promise<{ out: Record<string, unknown[]>; errors: string }> {
  return new Promise((resolve, reject) => {
    execFile('ffprobe', ['-v', 'error', '-of', 'json', ...args], { timeout: 60000 }, (err, stdout, stderr) => {
      if (err) return reject(err);
      resolve({ out: JSON.parse(stdout) as Record<string, unknown[]>, errors: stderr.trim() });
    });
  });
}

/** The H.265 video of an FLV body as an Annex B byte stream: the parameter sets of its
 * HEVCDecoderConfigurationRecord, then every frame's NAL units, each after a start code. */
function annexB(b: Buffer): Buffer {
  const tags = flvTags(b).filter((t) => t.type === 9);
  const out: Buffer[] = [];
  const start = Buffer.from([0, 0, 0, 1]);
  const record = b.subarray(tags[0].at + 5, tags[0].at + tags[0].size);
  assert.equal(record[0], 1, 'configurationVersion 1');
  assert.equal(record[21] & 3, 3, '4-byte NAL lengths');
  let at = 23;
  for (let i = 0; i < record[22]; i++) {
    const count = record.readUInt16BE(at + 1);
    at += 3;
    for (let k = 0; k < count; k++) {
      const len = record.readUInt16BE(at);
      out.push(start, record.subarray(at + 2, at + 2 + len));
      at += 2 + len;
    }
  }
  for (const t of tags.slice(1).filter((x) => x.packet === 1)) {
    for (let p = t.at + 5; p < t.at + t.size;) {
      const len = b.readUInt32BE(p);
      out.push(start, b.subarray(p + 4, p + 4 + len));
      p += 4 + len;
    }
  }
  return Buffer.concat(out);
}

describe('simulator: FLV audio, H.265 and a waking camera (media-api 7, areas/flv-tags.ts)', function () {
  this.timeout(60000);
  let sim: Simulator;
  let clock: FakeClock;
  const address = async (deviceSerial: string): Promise<string> => {
    const r = await callApi(sim.url, V2, { accessToken: T, deviceSerial, channelNo: 1, protocol: 4 });
    assert.equal(r.code, '200', JSON.stringify(r));
    return (r.data as { url: string }).url;
  };

  beforeEach(async () => {
    clock = new FakeClock(Date.parse('2026-03-01T08:00:01Z'));
    sim = await startSimulator({ port: 0, clock, streamCap: 2 });
  });
  afterEach(async () => {
    await sim.close();
  });

  withFfprobe(
    'a camera with a microphone: ffprobe reads H.264 and AAC-LC 16 kHz mono, in step, every 64 ms',
    async () => {
      const { out, errors } = await ffprobe([
        '-show_entries',
        'stream=codec_type,codec_name,sample_rate,channels:packet=codec_type,dts_time',
        await address('C00000001'),
      ]);
      assert.equal(errors, '');
      const streams = out.streams as {
        codec_type: string;
        codec_name: string;
        sample_rate?: string;
        channels?: number;
      }[];
      const audio = streams.find((s) => s.codec_type === 'audio')!;
      assert.deepEqual(streams.find((s) => s.codec_type === 'video')?.codec_name, 'h264');
      assert.deepEqual([audio.codec_name, audio.sample_rate, audio.channels], ['aac', '16000', 1]);
      const packets = out.packets as { codec_type: string; dts_time: string }[];
      const dts = (kind: string): number[] =>
        packets.filter((p) => p.codec_type === kind).map((p) => Number(p.dts_time));
      const [a, v] = [dts('audio'), dts('video')];
      assert.equal(a[0], 0, 'audio from 0');
      a.slice(1).forEach((d, i) => assert.ok(Math.abs(d - a[i] - 0.064) < 0.0011, `audio dts ${i + 1}: ${d}`));
      assert.ok(
        Math.abs(a[a.length - 1] - v[v.length - 1]) < 0.2,
        `audio ends with the video (${a[a.length - 1]}, ${v[v.length - 1]})`,
      );
    },
  );

  it('no audio where the camera has no microphone (the alarm hub) or its sound is off (video/sound/set 0)', async () => {
    const hub = flvTags((await session(await address('C00000015'))).body);
    assert.equal(hub.filter((t) => t.type === 8).length, 0);
    const off = await callApi(sim.url, '/api/lapp/camera/video/sound/set', {
      accessToken: T,
      deviceSerial: 'C00000001',
      enable: 0,
    });
    assert.equal(off.code, '200');
    const s = await session(await address('C00000001'));
    assert.equal(s.body[4], 0x01, 'the header flags video only');
    assert.equal(flvTags(s.body).filter((t) => t.type === 8).length, 0);
  });

  it('the H.265 camera (C00000012): codec id 12, the HEVC record first, a keyframe at 0, with AAC', async () => {
    const s = await session(await address('C00000012'));
    assert.equal(s.body[4], 0x05, 'audio and video');
    const tags = flvTags(s.body);
    const video = tags.filter((t) => t.type === 9);
    assert.ok(
      video.every((t) => t.codec === 12),
      'codec id 12 throughout',
    );
    assert.deepEqual([video[0].packet, video[0].key, video[0].ts], [0, true, 0], 'HEVCDecoderConfigurationRecord');
    assert.deepEqual([video[1].packet, video[1].key, video[1].ts], [1, true, 0], 'a keyframe at 0');
    assert.ok(
      tags.some((t) => t.type === 8 && t.packet === 1),
      'AAC beside it',
    );
  });

  withFfprobe("the H.265 camera's record and frames decode (rebuilt as Annex B): 320x180, every frame", async () => {
    const s = await session(await address('C00000012'));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-hevc-')), 'stream.hevc');
    fs.writeFileSync(file, annexB(s.body));
    try {
      const { out, errors } = await ffprobe([
        '-count_frames',
        '-show_entries',
        'stream=codec_name,width,height,nb_read_frames',
        '-f',
        'hevc',
        file,
      ]);
      assert.equal(errors, '');
      const v = out.streams[0] as { codec_name: string; width: number; height: number; nb_read_frames: string };
      const frames = flvTags(s.body).filter((t) => t.type === 9 && t.packet === 1).length;
      assert.deepEqual([v.codec_name, v.width, v.height, Number(v.nb_read_frames)], ['hevc', 320, 180, frames]);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('the sleeping battery camera (C00000014) answers after 3 s of the clock; a second viewer meanwhile awake at once', async () => {
    const url = await address('C00000014');
    let answered = false;
    const first = new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(url, { agent: false }, (res) => {
          answered = true;
          resolve(res);
        })
        .on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(answered, false, 'nothing while the clock stands');
    clock.advance(2900);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(answered, false, 'nothing at 2.9 s');
    clock.advance(100);
    const res = await first;
    assert.equal(res.statusCode, 200);
    const head = await new Promise<Buffer>((resolve) => res.once('data', resolve));
    assert.equal(head.subarray(0, 3).toString(), 'FLV');
    // Awake while it streams: another GET answers without the clock moving.
    const second = await session(url);
    assert.equal(second.status, 200);
    assert.ok(flvTags(second.body).some((t) => t.type === 9 && t.packet === 1 && t.key));
    res.destroy();
  });
});
