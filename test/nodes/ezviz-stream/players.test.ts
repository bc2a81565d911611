// Real players read ezviz-stream (docs/behaviour.md section 24): two stream nodes in Node-RED
// against the simulator with a 6 s session cap, C00000001 (H.264 and AAC) and C00000012 (H.265 as
// codec id 12, and AAC). For CAPTURE_S seconds, at once: ffmpeg reads C00000001's URL and writes
// it as FLV (`-i URL -c copy -f flv`, what Frigate, go2rtc's ffmpeg source and Home Assistant's
// stream worker do), a plain HTTP client saves C00000012's bytes (ffmpeg 5.1 has no codec id 12),
// and GStreamer reads C00000001's URL (`souphttpsrc ! flvdemux`). Then ffprobe -show_packets on
// what was written: decoding timestamps non-decreasing per track, no gap over CHAIN_GAP_S, the pictures
// within 5 % of duration x 8 frames/s, audio present, across at least five session chains.
// Without ffmpeg or GStreamer these tests are pending, unless EZVIZ_REQUIRE_FFMPEG=1 or
// EZVIZ_REQUIRE_GSTREAMER=1 (test/support/media-tools.ts).

import assert from 'assert';
import { execFile, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import type { Simulator } from '../../../simulator';
import { chromiumMissing, projectRoot, sharedBrowser } from '../../support/browser-env';
import { HAS_FFMPEG, HAS_GSTREAMER, withFfmpeg, withGstreamer } from '../../support/media-tools';
import {
  closeServer,
  collect,
  httpNodeApp,
  load,
  type Msg,
  serveHttp,
  startSim,
  stopSim,
  unload,
} from '../../support/red';
import { streamBase, streamNode } from '../../support/stream-node';

const KEY = 'players-Key_0123456789abcdef';
/** The session cap: three times the simulator's 2 s keyframe interval, so that a chain can open
 * the next session a keyframe interval or more ahead of the cap (the real cap is about 60 s). */
const CAP_S = 6;
/** Long enough for five chains of each stream. */
const CAPTURE_S = 34;
/** The longest step allowed between two packets of a track (docs/behaviour.md section 25): 1 s.
 * The first chain comes before the cap was seen, when the old session has ended: the new one shows
 * from its burst's keyframe, what viewers saw squeezed behind the last picture out, not after a
 * wait for its next keyframe (that gap measured 1.0-1.75 s); its sound before the switching
 * keyframe goes out where it is newer than the last sound out. */
const CHAIN_GAP_S = 1;
/** mpegts.js in Chromium plays across two caps. */
const BROWSER_S = 14;
const FPS = 8;
const CAMERAS = { avc: 'C00000001', hevc: 'C00000012' };

interface Packet {
  codec_type: string;
  dts_time: string;
}

function ffprobePackets(file: string): Promise<Packet[]> {
  return new Promise((resolve, reject) => {
    const args = ['-v', 'error', '-show_entries', 'packet=codec_type,dts_time', '-of', 'json', file];
    execFile('ffprobe', args, { timeout: 60000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      resolve((JSON.parse(stdout) as { packets: Packet[] }).packets);
    });
  });
}

/** The decoding times (s) of one track. */
const times = (packets: Packet[], kind: string): number[] =>
  packets.filter((p) => p.codec_type === kind).map((p) => Number(p.dts_time));

/** Non-decreasing, no step over `maxGap` s (1 s by default); the pictures within 5 % of duration x FPS. */
function checkTrack(dts: number[], what: string, fps?: number, maxGap = 1): void {
  assert.ok(dts.length > 0, `${what}: packets`);
  dts.slice(1).forEach((d, i) => {
    assert.ok(d >= dts[i], `${what}: dts ${i + 1} (${d}) after ${dts[i]}`);
    assert.ok(d - dts[i] <= maxGap, `${what}: ${Math.round((d - dts[i]) * 1000)} ms between packets ${i} and ${i + 1}`);
  });
  if (fps === undefined) return;
  const expected = (dts[dts.length - 1] - dts[0] + 1 / fps) * fps;
  assert.ok(
    Math.abs(dts.length - expected) <= 0.05 * expected,
    `${what}: ${dts.length} pictures for ${expected.toFixed(1)} (duration x ${fps}/s)`,
  );
}

/** Runs `cmd` for `seconds`, then SIGINT (gst-launch -e: end of stream, exit 0). */
function runFor(cmd: string, args: string[], seconds: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const stop = setTimeout(() => child.kill('SIGINT'), seconds * 1000);
    const hard = setTimeout(() => child.kill('SIGKILL'), (seconds + 15) * 1000);
    child.on('close', (code) => {
      clearTimeout(stop);
      clearTimeout(hard);
      resolve({ code, out });
    });
  });
}

/** Saves what the URL sends for `seconds`. */
function save(url: string, file: string, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(file);
    let bytes = 0;
    const req = http.get(url, (res) => {
      assert.strictEqual(res.statusCode, 200);
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.pipe(out);
    });
    req.on('error', reject);
    setTimeout(() => {
      req.destroy();
      out.end(() => resolve(bytes));
    }, seconds * 1000);
  });
}

/** A page that plays `?src=` with mpegts.js (live FLV) and keeps its errors. */
const PAGE = `<!doctype html><video id="v" muted autoplay></video><script src="/mpegts.js"></script><script>
  window.errors = [];
  const src = new URLSearchParams(location.search).get('src');
  const p = mpegts.createPlayer({ type: 'flv', isLive: true, url: src }, { enableStashBuffer: false });
  p.on(mpegts.Events.ERROR, (t, d) => window.errors.push(t + ' ' + d));
  p.attachMediaElement(document.getElementById('v'));
  p.load();
  p.play().catch(() => {});
  window.player = p;
</script>`;

/** Plays the page for BROWSER_S seconds in Chromium: the media time played, errors, bytes decoded. */
async function playInChromium(
  page: string,
): Promise<{ played: number; errors: string[]; audio: number; video: number }> {
  const shared = sharedBrowser();
  const context = await shared.context({});
  try {
    const p = await context.newPage();
    await p.goto(page);
    await new Promise((r) => setTimeout(r, BROWSER_S * 1000));
    return await p.evaluate(() => {
      const v = document.getElementById('v') as HTMLVideoElement & {
        webkitAudioDecodedByteCount?: number;
        webkitVideoDecodedByteCount?: number;
      };
      return {
        played: v.currentTime,
        errors: (window as unknown as { errors: string[] }).errors,
        audio: v.webkitAudioDecodedByteCount ?? -1,
        video: v.webkitVideoDecodedByteCount ?? -1,
      };
    });
  } finally {
    await context.close();
    await shared.close();
  }
}

describe('ezviz-stream: real players read it across session caps (ffmpeg, ffprobe, GStreamer)', function () {
  this.timeout(150000);
  let sim: Simulator;
  let server: http.Server;
  let dir = '';
  let got: Record<string, Msg[]>;
  const files = { avc: '', hevc: '' };
  let gst: { code: number | null; out: string } | undefined;
  let ffmpeg: { code: number | null; out: string } | undefined;
  let browser: { played: number; errors: string[]; audio: number; video: number } | undefined;

  before(async function () {
    if (!HAS_FFMPEG && !HAS_GSTREAMER && process.env.EZVIZ_REQUIRE_FFMPEG !== '1') return;
    sim = await startSim({ streamCap: CAP_S });
    const node = (id: string, deviceSerial: string) =>
      streamNode({ id, deviceSerial, channelNo: 1, quality: 'hd', maxViewers: 8, idleClose: 1, maxMinutesPerDay: 0 });
    await load([...streamBase(sim.url), node('avc', CAMERAS.avc), node('hevc', CAMERAS.hevc)], {
      cfg: { accessToken: 'at.demo-token' },
      avc: { key: KEY },
      hevc: { key: KEY },
    });
    got = collect(['ok', 'err']);
    const app = httpNodeApp() as http.RequestListener;
    let base: string;
    ({ server, base } = await serveHttp((req, res) => {
      if (req.url === '/mpegts.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        return res.end(fs.readFileSync(path.join(projectRoot(), 'node_modules', 'mpegts.js', 'dist', 'mpegts.js')));
      }
      if (req.url?.startsWith('/play?')) {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end(PAGE);
      }
      app(req, res);
    }));
    const url = (serial: string) => `${base}/ezviz/stream/${serial}-1.flv?key=${KEY}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-players-'));
    files.avc = path.join(dir, 'avc.flv');
    files.hevc = path.join(dir, 'hevc.flv');
    const ffmpegArgs = ['-hide_banner', '-loglevel', 'error', '-y', '-i', url(CAMERAS.avc)];
    const gstArgs = ['-e', 'souphttpsrc', `location=${url(CAMERAS.avc)}`, '!', 'flvdemux', 'name=d'];
    gstArgs.push('d.video', '!', 'queue', '!', 'fakesink', 'd.audio', '!', 'queue', '!', 'fakesink');
    [ffmpeg, , gst] = await Promise.all([
      HAS_FFMPEG
        ? runFor(
            'ffmpeg',
            [...ffmpegArgs, '-t', String(CAPTURE_S), '-c', 'copy', '-f', 'flv', files.avc],
            CAPTURE_S + 10,
          )
        : undefined,
      save(url(CAMERAS.hevc), files.hevc, CAPTURE_S),
      HAS_GSTREAMER ? runFor('gst-launch-1.0', gstArgs, CAPTURE_S) : undefined,
    ]);
    if (!chromiumMissing()) browser = await playInChromium(`${base}/play?src=${encodeURIComponent(url(CAMERAS.avc))}`);
  });

  after(async () => {
    await unload();
    await closeServer(server);
    await stopSim(sim);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  withFfmpeg(
    'ffmpeg -i URL -c copy -f flv (H.264, AAC): ffprobe finds every track in order, no gap, 8 pictures a second',
    async () => {
      assert.strictEqual(ffmpeg?.code, 0, ffmpeg?.out);
      const packets = await ffprobePackets(files.avc);
      checkTrack(times(packets, 'video'), 'video', FPS, CHAIN_GAP_S);
      checkTrack(times(packets, 'audio'), 'audio', undefined, CHAIN_GAP_S);
      const all = got.ok.filter((m) => (m.payload as { event?: string })?.event === 'chain');
      assert.ok(
        all.length >= 10,
        `${all.length} chains of the two streams (${CAP_S} s cap, ${CAPTURE_S} s): five each`,
      );
    },
  );

  withFfmpeg(
    'the H.265 camera (codec id 12) as a client saved it: ffprobe lists its pictures in order, no gap, with audio',
    async () => {
      const packets = await ffprobePackets(files.hevc);
      // ffmpeg 5.1 has no decoder for codec id 12: its sequence header is listed as a packet too.
      checkTrack(times(packets, 'video').slice(1), 'video (H.265)', undefined, CHAIN_GAP_S);
      checkTrack(times(packets, 'audio'), 'audio', undefined, CHAIN_GAP_S);
    },
  );

  withGstreamer('GStreamer souphttpsrc ! flvdemux reads the H.264 and AAC stream to its end without an error', () => {
    assert.ok(gst, 'gst-launch-1.0 ran');
    assert.strictEqual(gst.code, 0, gst.out);
    assert.ok(!/ERROR/.test(gst.out), gst.out);
  });

  it('mpegts.js plays it in Chromium (H.264 and AAC): the picture advances across the caps, no error', function () {
    if (!browser) return this.skip();
    assert.deepStrictEqual(browser.errors, [], JSON.stringify(browser));
    assert.ok(browser.played >= BROWSER_S - 4, `played ${browser.played.toFixed(1)} s of ${BROWSER_S}`);
    assert.ok(browser.video > 0 && browser.audio > 0, JSON.stringify(browser));
  });
});
