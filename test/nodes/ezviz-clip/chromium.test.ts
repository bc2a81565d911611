// Chromium plays what ezviz-clip saves (docs/behaviour.md section 26): a 10 s window of C00000006's
// SD recording (H.264 320x180 and AAC, as the simulator streams it) saved as MP4 in Node-RED, then
// served from a local HTTP server of the test's own (with byte ranges, as any file server) to a
// plain `<video>` element in Debian's Chromium (playwright-core, no player library): it loads with
// no error, its duration covers the window, `play()` makes the time advance with pictures and
// sound decoded, and from near the end it plays on to `ended` (the whole file is there).

import { strict as assert } from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import type { Simulator } from '../../../simulator';
import { sharedBrowser, skipWithoutChromium, waitUntil } from '../../support/browser-env';
import { loadOp, run } from '../../support/red';
import { fakeClockSimulator } from '../../support/fake-time';

const NOW = Date.parse('2026-03-01T08:00:00Z');
const CAM = { deviceSerial: 'C00000006', channelNo: 1 };
const WINDOW_S = 10;

/** Serves `file` at /clip.mp4 (video/mp4, byte ranges) and a page with one `<video>` at /. */
function serveClip(file: Buffer): Promise<http.Server> {
  const page = `<!doctype html><html><body><video id="v" muted playsinline preload="auto" src="/clip.mp4"></video>
<script>window.events = []; const v = document.getElementById('v');
for (const e of ['loadedmetadata', 'canplay', 'playing', 'ended', 'error']) v.addEventListener(e, () => window.events.push(e));
</script></body></html>`;
  const server = http.createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return void res.end(page);
    }
    if (req.url !== '/clip.mp4') return void res.writeHead(404).end();
    const m = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (!m) {
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': file.length, 'Accept-Ranges': 'bytes' });
      return void res.end(file);
    }
    const from = Number(m[1]);
    const to = Math.min(file.length - 1, m[2] ? Number(m[2]) : file.length - 1);
    if (from > to) return void res.writeHead(416, { 'Content-Range': `bytes */${file.length}` }).end();
    res.writeHead(206, {
      'Content-Type': 'video/mp4',
      'Content-Length': to - from + 1,
      'Content-Range': `bytes ${from}-${to}/${file.length}`,
      'Accept-Ranges': 'bytes',
    });
    res.end(file.subarray(from, to + 1));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Seen {
  time: number;
  duration: number;
  error: number | null;
  width: number;
  height: number;
  frames: number;
  audioBytes: number;
  ended: boolean;
  events: string[];
}

const look = (): Seen => {
  const v = document.getElementById('v') as HTMLVideoElement & { webkitAudioDecodedByteCount?: number };
  return {
    time: v.currentTime,
    duration: v.duration,
    error: v.error ? v.error.code : null,
    width: v.videoWidth,
    height: v.videoHeight,
    frames: v.getVideoPlaybackQuality().totalVideoFrames,
    audioBytes: v.webkitAudioDecodedByteCount ?? -1,
    ended: v.ended,
    events: (window as unknown as { events: string[] }).events,
  };
};

describe('ezviz-clip: Chromium plays the MP4 in a <video> element', function () {
  this.timeout(90000);
  let sim: Simulator;

  before(function () {
    skipWithoutChromium(this);
  });
  fakeClockSimulator((s) => (sim = s), NOW, { runtimeNow: true });

  it('H.264 and AAC: loads without error, the duration covers the window, plays with sound, to the end', async () => {
    await loadOp('clip', sim.url);
    const start = NOW - 5400000;
    const { port, msg } = await run({ payload: { ...CAM, start, end: start + WINDOW_S * 1000 } }, 'op', 30000);
    assert.equal(port, 'ok', JSON.stringify(msg.payload));
    assert.deepEqual(msg.ezviz.clip.audio, { codec: 'aac', sampleRate: 16000, channels: 1 });
    const server = await serveClip(msg.payload as Buffer);
    const shared = sharedBrowser();
    const context = await shared.context({});
    try {
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await waitUntil(page, () => (document.getElementById('v') as HTMLVideoElement).readyState >= 3, undefined, {
        timeout: 20000,
      });
      const loaded = await page.evaluate(look);
      assert.equal(loaded.error, null, JSON.stringify(loaded));
      assert.ok(
        loaded.duration >= WINDOW_S && loaded.duration <= WINDOW_S + 2.2,
        `duration ${loaded.duration} s: the window and at most one keyframe interval (2 s) more`,
      );
      assert.ok(
        Math.abs(loaded.duration - msg.ezviz.clip.seconds) < 0.15,
        `${loaded.duration} vs ${msg.ezviz.clip.seconds}`,
      );
      assert.deepEqual([loaded.width, loaded.height], [320, 180]);

      await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).play());
      await waitUntil(page, () => (document.getElementById('v') as HTMLVideoElement).currentTime >= 1.5, undefined, {
        timeout: 20000,
      });
      const playing = await page.evaluate(look);
      assert.equal(playing.error, null, JSON.stringify(playing));
      assert.ok(playing.frames >= 8, `${playing.frames} frames decoded`);
      assert.ok(playing.audioBytes > 0, `sound decoded (${playing.audioBytes} bytes)`);

      // From a second before the end it plays on to the end of the file.
      await page.evaluate(() => {
        const v = document.getElementById('v') as HTMLVideoElement;
        v.currentTime = v.duration - 1;
      });
      await waitUntil(page, () => (document.getElementById('v') as HTMLVideoElement).ended, undefined, {
        timeout: 20000,
      });
      const ended = await page.evaluate(look);
      assert.equal(ended.error, null, JSON.stringify(ended));
      assert.ok(ended.time >= loaded.duration - 0.2, `ended at ${ended.time} of ${loaded.duration}`);
      assert.deepEqual(
        ['loadedmetadata', 'canplay', 'playing', 'ended'].filter((e) => !ended.events.includes(e)),
        [],
        ended.events.join(),
      );
      assert.ok(!ended.events.includes('error'));
    } finally {
      await context.close();
      await shared.close();
      server.closeAllConnections();
      server.close();
    }
  });
});
