// HTTP-FLV streams of the simulator (docs/behaviour.md section 18, docs/api/media-api.md section 7;
// simulator/areas/flv.ts, flv-session.ts): live and playback, remuxed from the shipped segments,
// decoded frame by frame by Debian's ffprobe; timestamps from 0 on every session and continuous
// across passes of the 4 s loop; the stream cap (--stream-cap, POST /sim/stream) as a player sees
// it: 200, video/x-flv, no length, the body ends after N seconds, a new GET plays again.
// Streams are paced by the wall clock: each test runs a few seconds. Without ffprobe the decoding
// tests are skipped, unless EZVIZ_REQUIRE_FFMPEG=1 (.ci/run installs ffmpeg and sets it).

import { strict as assert } from 'assert';
import { FakeClock, startSimulator } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { admin, callApi } from '../../support/simulator-http';
import type { Fields } from '../../support/simulator-http';
import { firstBytes, flvTags, HAS_FFPROBE, probe, session } from './flv-support';

const T = 'at.demo-token';
const V2 = '/api/lapp/v2/live/address/get';

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
    assert.deepEqual(
      [tags[1].type, tags[1].codec, tags[1].packet, tags[1].key],
      [9, 7, 0, true],
      'then the AVC sequence header',
    );
    assert.deepEqual([tags[2].type, tags[2].codec, tags[2].packet, tags[2].ts], [8, 10, 0, 0], 'and the AAC one');
    const frames = tags.filter((t) => t.type === 9).slice(1);
    assert.ok(frames.every((t) => t.packet === 1));
    const sound = tags.slice(3).filter((t) => t.type === 8);
    assert.ok(sound.length >= 70 && sound.every((t) => t.packet === 1), `${sound.length} AAC frames (64 ms each)`);
    const order = tags.slice(3).map((t) => t.ts);
    order.slice(1).forEach((ts, i) => assert.ok(ts >= order[i], `tag ${i + 4} in timestamp order`));
    assert.equal(frames[0].ts, 0, 'from 0');
    assert.ok(frames[0].key, 'starts at a keyframe');
    // The clock stands 1 s into the 4 s loop: a burst of that second (from its keyframe), then 5 s.
    assert.ok(
      frames.length >= 48 && frames.length <= 56,
      `${frames.length} frames: 1 s burst + 5 s at 8 fps (0.5 s lead)`,
    );
    frames.slice(1).forEach((t, i) => assert.equal(t.ts - frames[i].ts, 125, `frame ${i + 1} follows at 125 ms`));
    assert.ok(frames[frames.length - 1].ts > 4000, 'past one pass of the 4 s loop, still continuous');
    assert.ok(frames.filter((t) => t.key).length >= 2, 'a keyframe every 2 s');
    assert.deepEqual((await admin(sim.url, 'GET', '/sim/stream')).json, { cap: 5, open: 0 });
    // Its start is enough (not another 5 s): as many bytes as the first session's first three tags.
    const again = flvTags(await firstBytes(url, tags[3].at + tags[3].size + 4), true);
    assert.equal(again[3].ts, 0, 'a new GET with the same address plays again, from 0');
  });

  it("a playback session ends with its recording: from the keyframe at or before the start to the window's end, at 4x the clock", async () => {
    await admin(sim.url, 'POST', '/sim/stream', { cap: 0 });
    // 09:00:00 (China time) is a keyframe of the loop laid on the recording's time (every 2 s).
    const url = await address({ type: 2, startTime: '2026-03-01 09:00:00', stopTime: '2026-03-01 09:00:06' });
    const s = await session(url);
    const tags = flvTags(s.body);
    const frames = tags.filter((t) => t.type === 9 && t.packet === 1);
    assert.equal(frames.length, 48, '6 s at 8 fps');
    assert.deepEqual([frames[0].ts, frames[0].key], [0, true]);
    const end = tags[tags.length - 1];
    assert.deepEqual([end.type, end.ts, end.key, end.packet], [9, 6000, true, 2]);
    assert.ok(s.ms >= 500 && s.ms < 4000, `played at 4x the pace of the clock (${Math.round(s.ms)} ms for 6 s)`);
    // 09:00:01 starts at the keyframe of 09:00:00: one second early, to the same end.
    const early = flvTags(
      (await session(await address({ type: 2, startTime: '2026-03-01 09:00:01', stopTime: '2026-03-01 09:00:04' })))
        .body,
    );
    const f2 = early.filter((t) => t.type === 9 && t.packet === 1);
    assert.equal(f2.length, 32, 'from 09:00:00 to 09:00:04');
    assert.deepEqual([f2[0].ts, f2[0].key], [0, true]);
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
