// ezviz-clip in Node-RED against the simulator (docs/behaviour.md section 26): a window of C00000006's
// continuous SD recording saved as MP4 (ffprobe reads it: moov first, H.264 320x180, the window's
// length and at most one keyframe interval more; ffmpeg decodes it without an error line), an item
// of ezviz-recordings and FLV output, a stream cut by the simulator's cap read on from its last
// keyframe, and the refusals: a backwards or too long window (10001, nothing sent), a window
// nothing recorded (NO_RECORDING, no stream read), a stream that never completes (CLIP_INCOMPLETE).

import { strict as assert } from 'assert';
import type { FakeClock, Simulator } from '../../../simulator';
import { delay, helper, hooks, loadOp, run, unload } from '../../support/red';
import { fakeClockSimulator } from '../../support/fake-time';
import { probeBytes, topBoxes, withFfmpeg } from '../../support/media-probe';

const NOW = Date.parse('2026-03-01T08:00:00Z');
const CAM = { deviceSerial: 'C00000006', channelNo: 1 };
const LIST = '/api/lapp/video/by/time';
const ADDRESS = '/api/lapp/v2/live/address/get';

/** The clip of a 12 s window reads without an error, lasts 12-14 s and has a keyframe every 2 s: no
 * gap (nor what `also` says). */
async function twelveSecondsWhole(clip: Buffer, also?: string): Promise<void> {
  const p = await probeBytes(clip);
  assert.equal(p.errors, '');
  assert.ok(p.duration >= 12 && p.duration <= 14, `duration ${p.duration}`);
  const keys = [0, 2, 4, 6, 8, 10, 12].filter((k) => k < p.duration);
  assert.deepEqual(p.keys, keys, `keyframes every 2 s: no gap${also ? `, ${also}` : ''}`);
}

describe('ezviz-clip: a recording window saved as MP4', function () {
  this.timeout(30000);
  let sim: Simulator;
  let clock: FakeClock;

  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]), NOW, { runtimeNow: true });

  withFfmpeg(
    'saves 10 s of the SD card as MP4: moov first, H.264 320x180, the window long, no decoding error',
    async () => {
      await loadOp('clip', sim.url);
      const start = NOW - 3600000;
      const { port, msg } = await run({ payload: { ...CAM, start, end: start + 10000 } }, 'op', 20000);
      assert.equal(port, 'ok', JSON.stringify(msg.payload));
      assert.ok(Buffer.isBuffer(msg.payload));
      assert.match(msg.filename, /^C00000006-1-\d{8}-\d{6}\.mp4$/);
      const clip = msg.ezviz.clip;
      assert.deepEqual(
        [clip.deviceSerial, clip.channelNo, clip.source, clip.start, clip.end],
        ['C00000006', 1, 'sd-card', new Date(start).toISOString(), new Date(start + 10000).toISOString()],
      );
      assert.deepEqual(clip.video, { codec: 'h264', width: 320, height: 180, fps: 8 });
      assert.deepEqual(
        clip.audio,
        { codec: 'aac', sampleRate: 16000, channels: 1 },
        'the shop camera has a microphone',
      );
      assert.equal(clip.bytes, msg.payload.length);
      const boxes = topBoxes(msg.payload);
      assert.ok(boxes.indexOf('moov') >= 0 && boxes.indexOf('moov') < boxes.indexOf('mdat'), boxes.join());
      const p = await probeBytes(msg.payload);
      assert.equal(p.errors, '');
      assert.deepEqual([p.streams[0].codec_name, p.streams[0].width, p.streams[0].height], ['h264', 320, 180]);
      assert.ok(p.duration >= 10 && p.duration <= 12, `duration ${p.duration} (keyframes every 2 s)`);
      assert.ok(Math.abs(p.duration - clip.seconds) < 0.01);
      assert.equal(sim.requestLog({ path: ADDRESS }).length, 1);
    },
  );

  withFfmpeg(
    'a stream cut by the cap (1 s of wall clock: 4 s of recording) is read on from its last keyframe: whole, one timeline',
    async () => {
      await fetch(`${sim.url}/sim/stream`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ cap: 1 }),
      });
      await loadOp('clip', sim.url);
      const start = NOW - 7200000;
      const { port, msg } = await run({ payload: { ...CAM, start, end: start + 12000 } }, 'op', 25000);
      assert.equal(port, 'ok', JSON.stringify(msg.payload));
      const asked = sim.requestLog({ path: ADDRESS });
      assert.ok(asked.length >= 3, `${asked.length} addresses: a new one from where each session stopped`);
      const starts = asked.map((r) => String(r.fields.startTime));
      assert.deepEqual([...starts].sort(), starts, 'each from later on');
      await twelveSecondsWhole(msg.payload, 'nothing twice');
    },
  );

  withFfmpeg('a cloud window across local midnight is read day by day: one timeline, no gap at midnight', async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Asia/Shanghai'; // the host's day is the camera's (the simulator's China time)
    try {
      sim.state.devices.C00000006.channels['1'].storage.continuous = true;
      await loadOp('clip', sim.url, { props: { source: 'cloud', sourceType: 'clipSource' } });
      const midnight = NOW - 16 * 3600000; // 00:00 China time of the day
      const { port, msg } = await run(
        { payload: { ...CAM, start: midnight - 6000, end: midnight + 6000 } },
        'op',
        25000,
      );
      assert.equal(port, 'ok', JSON.stringify(msg.payload));
      assert.equal(msg.ezviz.clip.source, 'cloud');
      const asked = sim.requestLog({ path: ADDRESS }).map((r) => `${r.fields.startTime} ${r.fields.stopTime}`);
      assert.deepEqual(asked, ['2026-02-28 23:59:54 2026-02-28 23:59:59', '2026-03-01 00:00:00 2026-03-01 00:00:06']);
      await twelveSecondsWhole(msg.payload);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  withFfmpeg('an item of ezviz-recordings as it comes, saved as FLV', async () => {
    await loadOp('clip', sim.url, { props: { format: 'flv', formatType: 'clipFormat' } });
    const start = NOW - 3 * 3600000;
    const item = {
      ...CAM,
      source: 'sd-card',
      start: new Date(start).toISOString(),
      end: new Date(start + 6000).toISOString(),
      seconds: 6,
    };
    const { port, msg } = await run({ payload: item }, 'op', 20000);
    assert.equal(port, 'ok', JSON.stringify(msg.payload));
    assert.match(msg.filename, /\.flv$/);
    assert.equal(msg.payload.subarray(0, 3).toString(), 'FLV');
    const p = await probeBytes(msg.payload, 'clip.flv');
    assert.equal(p.errors, '');
    assert.ok(p.duration >= 5.8 && p.duration <= 8.2, `duration ${p.duration}`);
  });

  it("an alarm's clip waits for its recording: the list asked every 15 s (the runtime's clock), then saved", async () => {
    const timers: number[] = [];
    hooks.timer = (fn, ms) => {
      timers.push(ms);
      const h = setTimeout(
        () => {
          if (ms === 15000) clock.advance(ms);
          fn();
        },
        ms === 15000 ? 1 : Math.min(ms, 60000),
      );
      return () => clearTimeout(h);
    };
    await loadOp('clip', sim.url);
    const alarm = { alarmId: 'a1', alarmTime: NOW - 2000, deviceSerial: 'C00000006', channelNo: 1, source: 'poll' };
    const { port, msg } = await run({ payload: alarm }, 'op', 20000);
    assert.equal(port, 'ok', JSON.stringify(msg.payload));
    assert.equal(msg.ezviz.clip.start, new Date(NOW - 7000).toISOString());
    assert.equal(msg.ezviz.clip.end, new Date(NOW + 8000).toISOString());
    assert.ok(msg.ezviz.clip.seconds >= 15);
    assert.equal(timers.filter((t) => t === 15000).length, 1, 'one wait: recorded at the second ask');
    assert.equal(sim.requestLog({ path: LIST }).length, 4, 'two asks, each of the cloud and the SD card');
  });

  it('an alarm whose window is never recorded: NO_RECORDING after waitFor, with the nearest recordings', async () => {
    hooks.timer = (fn, ms) => {
      const h = setTimeout(() => {
        clock.advance(ms);
        fn();
      }, 1);
      return () => clearTimeout(h);
    };
    await loadOp('clip', sim.url, {
      props: { waitFor: '40', waitForType: 'num', source: 'sd-card', sourceType: 'clipSource' },
    });
    // C00000001 records motion clips only: an alarm in a gap between two of them.
    const gap = await gapOf('C00000001');
    const { port, msg } = await run(
      { payload: { alarmId: 'a2', alarmTime: gap + 6000, deviceSerial: 'C00000001', channelNo: 1 } },
      'op',
      20000,
    );
    assert.equal(port, 'err');
    assert.equal(msg.payload.code, 'NO_RECORDING', msg.payload.message);
    assert.ok(msg.ezviz.nearest.length >= 1);
    assert.equal(sim.requestLog({ path: LIST }).length >= 4, true, 'asked every 15 s for 40 s, then the nearest');
    assert.equal(sim.requestLog({ path: ADDRESS }).length, 0);
  });

  it('closing the node ends the waiting: no output, no timer left', async () => {
    const pending = new Set<number>();
    let n = 0;
    hooks.timer = () => {
      const id = ++n;
      pending.add(id);
      return () => pending.delete(id);
    };
    await loadOp('clip', sim.url, { props: { source: 'sd-card', sourceType: 'clipSource' } });
    const gap = await gapOf('C00000001');
    let out = 0;
    helper.getNode('ok').on('input', () => out++);
    helper.getNode('err').on('input', () => out++);
    helper.getNode('op').receive({ payload: { alarmId: 'a3', alarmTime: gap + 6000, deviceSerial: 'C00000001' } });
    for (let i = 0; i < 200 && pending.size === 0; i++) await delay(10);
    assert.equal(pending.size, 1, 'waiting for the recording');
    await unload();
    assert.equal(pending.size, 0, 'no timer after close');
    await delay(50);
    assert.equal(out, 0);
  });

  /** The start of a gap of at least 30 s between two of `serial`'s SD recordings in the last 6 hours. */
  async function gapOf(serial: string): Promise<number> {
    const r = await fetch(`${sim.url}/api/lapp/video/by/time`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        accessToken: 'at.demo-token',
        deviceSerial: serial,
        recType: '2',
        startTime: String(NOW - 6 * 3600000),
        endTime: String(NOW),
      }),
    });
    const items = ((await r.json()) as { data: { startTime: number; endTime: number }[] }).data;
    for (let i = 0; i + 1 < items.length; i++)
      if (items[i + 1].startTime - items[i].endTime > 60000) return items[i].endTime + 10000;
    throw new Error('no gap');
  }

  it('refuses a backwards or too long window before anything is sent (10001)', async () => {
    await loadOp('clip', sim.url);
    const start = NOW - 3600000;
    for (const payload of [
      { ...CAM, start, end: start - 1000 },
      { ...CAM, start, end: start + 121000 },
      { ...CAM, start },
    ]) {
      const { port, msg } = await run({ payload });
      assert.equal(port, 'err');
      assert.equal(msg.payload.code, '10001', msg.payload.message);
      assert.equal(msg.payload.source, 'validation');
    }
    assert.equal(
      sim.requestLog().filter((r) => r.path.startsWith('/api/lapp/') && !r.path.includes('token')).length,
      0,
    );
  });

  it('a window nothing recorded is NO_RECORDING, with the nearest recordings, and no stream is read', async () => {
    await loadOp('clip', sim.url);
    // C00000001 records motion clips only; find a gap between two of them.
    const { msg: listed } = await (async () => {
      await unload();
      await loadOp('recordings', sim.url);
      return run({ payload: { deviceSerial: 'C00000001', source: 'sd-card', start: NOW - 6 * 3600000, end: NOW } });
    })();
    const items = listed.payload as { start: string; end: string }[];
    assert.ok(items.length >= 2);
    const gapStart = Date.parse(items[0].end) + 1000;
    await unload();
    await loadOp('clip', sim.url, { props: { source: 'sd-card', sourceType: 'clipSource' } });
    sim.clearLog();
    const { port, msg } = await run({ payload: { deviceSerial: 'C00000001', start: gapStart, end: gapStart + 5000 } });
    assert.equal(port, 'err');
    assert.equal(msg.payload.code, 'NO_RECORDING', msg.payload.message);
    assert.ok(msg.ezviz.nearest.length >= 1);
    assert.equal(sim.requestLog({ path: ADDRESS }).length, 0, 'no playback address asked for');
    assert.ok(sim.requestLog({ path: LIST }).length >= 1);
  });
});
