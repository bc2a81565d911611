// HTTP-FLV streams of the simulator (docs/behaviour.md section 18, docs/api/media-api.md section 7;
// simulator/areas/flv.ts, flv-session.ts): live and playback, remuxed from the shipped segments,
// decoded frame by frame by Debian's ffprobe; timestamps from 0 on every session and continuous
// across passes of the 4 s loop; the stream cap (--stream-cap, POST /sim/stream) as a player sees
// it: 200, video/x-flv, no length, the body ends after N seconds, a new GET plays again.
// Streams are paced by the wall clock: each test runs a few seconds. Without ffprobe the decoding
// tests are skipped, unless EZVIZ_REQUIRE_FFMPEG=1 (.ci/run installs ffmpeg and sets it).

import { strict as assert } from 'assert';
import { execFile, spawnSync } from 'child_process';
import * as http from 'http';
import { performance } from 'perf_hooks';
import { FakeClock, startSimulator } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { admin, callApi } from '../../support/simulator-http';
import type { Fields } from '../../support/simulator-http';

const T = 'at.demo-token';
const V2 = '/api/lapp/v2/live/address/get';
const HAS_FFPROBE = spawnSync('ffprobe', ['-version']).status === 0;

/** One GET of a stream to its end: status, headers, the body, and when it ended (ms after the GET). */
function session(
  url: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - t0,
          }),
        );
      })
      .on('error', reject);
  });
}

/** The start of a stream: GETs it and ends the request once `bytes` have come. */
function firstBytes(url: string, bytes: number): Promise<Buffer> {
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

interface Tag {
  type: number;
  ts: number;
  key: boolean;
  avcType: number;
}

/** The tags of an FLV body (checked: header, PreviousTagSize of each tag; `cut`: the body is the
 * start of a stream, its last tag may be incomplete). */
function flvTags(b: Buffer, cut = false): Tag[] {
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
    tags.push({ type: b[at], ts, key: b[at + 11] >> 4 === 1, avcType: b[at] === 9 ? b[at + 12] : -1 });
    at += 11 + size + 4;
  }
  if (!cut) assert.equal(at, b.length, 'the body ends at a tag boundary');
  return tags;
}

interface Probe {
  codec: string;
  width: number;
  height: number;
  frames: number;
  dts: number[];
  keys: number;
  errors: string;
}

/** ffprobe decodes every frame of `url` (to the stream's end). */
function probe(url: string): Promise<Probe> {
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

describe('simulator: HTTP-FLV streams, live and playback (media-api 7, areas/flv.ts)', function () {
  this.timeout(90000);
  let sim: Simulator;
  const address = async (f: Fields): Promise<string> => {
    const r = await callApi(sim.url, V2, {
      accessToken: T,
      deviceSerial: 'C00000001',
      channelNo: 1,
      protocol: 4,
      ...f,
    });
    assert.equal(r.code, '200', JSON.stringify(r));
    return (r.data as { url: string }).url;
  };

  beforeEach(async () => {
    sim = await startSimulator({ port: 0, clock: new FakeClock(Date.parse('2026-03-01T08:00:01Z')), streamCap: 5 });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('a capped live session: 200 video/x-flv, chunked, no length, CORS; ends after the cap; timestamps from 0, continuous', async () => {
    const url = await address({});
    const s = await session(url);
    assert.equal(s.status, 200);
    assert.equal(s.headers['content-type'], 'video/x-flv');
    assert.equal(s.headers['content-length'], undefined);
    assert.equal(s.headers['transfer-encoding'], 'chunked');
    assert.equal(s.headers['access-control-allow-origin'], '*');
    assert.equal(s.headers['cache-control'], 'no-cache');
    assert.ok(s.ms >= 4500 && s.ms < 15000, `ended after ${Math.round(s.ms)} ms (cap 5 s)`);
    const tags = flvTags(s.body);
    assert.equal(tags[0].type, 18, 'onMetaData first');
    assert.deepEqual([tags[1].type, tags[1].avcType, tags[1].key], [9, 0, true], 'then the AVC sequence header');
    const frames = tags.slice(2);
    assert.ok(frames.every((t) => t.type === 9 && t.avcType === 1));
    assert.equal(frames[0].ts, 0, 'from 0');
    assert.ok(frames[0].key, 'starts at a keyframe');
    assert.ok(frames.length >= 40 && frames.length <= 48, `${frames.length} frames in 5 s at 8 fps (0.5 s lead)`);
    frames.slice(1).forEach((t, i) => assert.equal(t.ts - frames[i].ts, 125, `frame ${i + 1} follows at 125 ms`));
    assert.ok(frames[frames.length - 1].ts > 4000, 'past one pass of the 4 s loop, still continuous');
    assert.ok(frames.filter((t) => t.key).length >= 2, 'a keyframe every 2 s');
    assert.deepEqual((await admin(sim.url, 'GET', '/sim/stream')).json, { cap: 5, open: 0 });
    // Its start is enough (not another 5 s): as many bytes as the first session's first three tags.
    let firstThree = s.body.readUInt32BE(5) + 4;
    for (let i = 0; i < 3; i++) firstThree += 11 + s.body.readUIntBE(firstThree + 1, 3) + 4;
    const again = flvTags(await firstBytes(url, firstThree), true);
    assert.equal(again[2].ts, 0, 'a new GET with the same address plays again, from 0');
  });

  it("a playback session ends with its recording: the window's length, then the end-of-sequence tag", async () => {
    await admin(sim.url, 'POST', '/sim/stream', { cap: 0 });
    const url = await address({ type: 2, startTime: '2026-03-01 09:00:00', stopTime: '2026-03-01 09:00:03' });
    const s = await session(url);
    const tags = flvTags(s.body);
    const frames = tags.filter((t) => t.type === 9 && t.avcType === 1);
    assert.equal(frames.length, 24, '3 s at 8 fps');
    assert.equal(frames[0].ts, 0);
    assert.deepEqual(tags[tags.length - 1], { type: 9, ts: 3000, key: true, avcType: 2 });
    assert.ok(s.ms >= 2000 && s.ms < 15000, `played at the pace of the clock (${Math.round(s.ms)} ms)`);
  });

  it('the cap is a setting: POST /sim/stream {cap} (whole seconds 0..86400 or null)', async () => {
    assert.deepEqual((await admin(sim.url, 'POST', '/sim/stream', { cap: 1 })).json, { cap: 1, open: 0 });
    const s = await session(await address({}));
    assert.ok(s.ms >= 800 && s.ms < 4000, `${Math.round(s.ms)} ms (cap 1 s, not the 5 s of the start)`);
    for (const cap of [-1, 1.5, '60', 86401])
      assert.equal((await admin(sim.url, 'POST', '/sim/stream', { cap })).status, 400, String(cap));
    assert.deepEqual((await admin(sim.url, 'POST', '/sim/stream', { cap: null })).json, { cap: 0, open: 0 });
  });

  (HAS_FFPROBE || process.env.EZVIZ_REQUIRE_FFMPEG === '1' ? it : it.skip)(
    'ffprobe decodes live and playback: H.264 320x180, every frame, no error',
    async () => {
      // Both at once: each plays at the pace of the clock, the waits overlap.
      const [live, play] = await Promise.all([
        probe(await address({})),
        probe(await address({ type: 3, startTime: '2026-03-01 09:00:00', stopTime: '2026-03-01 09:00:04' })),
      ]);
      assert.equal(live.errors, '');
      assert.deepEqual([live.codec, live.width, live.height], ['h264', 320, 180]);
      assert.ok(live.frames >= 36, `${live.frames} live frames decoded`);
      assert.equal(live.dts[0], 0);
      live.dts.slice(1).forEach((d, i) => assert.ok(Math.abs(d - live.dts[i] - 0.125) < 1e-6, `dts ${i + 1}: ${d}`));
      assert.ok(live.keys >= 2);
      assert.equal(play.errors, '');
      assert.equal(play.codec, 'h264');
      assert.equal(play.frames, 32, '4 s of playback at 8 fps');
      assert.equal(play.dts[play.dts.length - 1], 3.875);
    },
  );
});
