// The simulator's live stream in a real browser (docs/behaviour.md section 13): a page of this test's
// own plays, with hls.js (its light build, a dev dependency), the address a config node's service
// hands out (EzvizService.liveAddress, the door the dashboard panel uses), in Debian's Chromium
// driven by playwright-core: the video's time advances through more than one pass of the
// simulator's segment loop, frames decode (the picture's colours are there), and a camera switched
// to the vendor's placeholder segments is recognised by the segment name (ErrCode/9048_0.ts).
// The playing page is saved as test-artifacts/live-view.png (docs/live-view.png, used by the
// README, with EZVIZ_SCREENSHOTS=1).

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { EzvizService } from '../../client/service/service';
import { startSimulator, type Simulator } from '../../simulator';
import { admin } from '../support/simulator-http';
import { ARTIFACTS, ROOT, screenshotOnFailure, sharedBrowser, skipWithoutChromium } from '../support/browser-env';

const HLS_LIGHT = path.join(ROOT, 'node_modules', 'hls.js', 'dist', 'hls.light.min.js');

/** The test's page: a video, hls.js, the fragments it loads, and what it says about them. */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>EZVIZ live view (simulator)</title>
<style>body{font:15px system-ui,sans-serif;margin:24px;background:#f4f6f8;color:#1d3557}
video{width:640px;height:360px;background:#000;border-radius:6px;display:block}
#why{margin-top:10px;min-height:1.4em}</style></head><body>
<h3>EZVIZ live view: <span id="cam"></span></h3><video id="v" muted autoplay playsinline></video><div id="why"></div>
<script src="/hls.light.min.js"></script><script>
const q = new URLSearchParams(location.search);
const video = document.getElementById('v');
document.getElementById('cam').textContent = q.get('camera');
window.frags = []; window.errors = [];
const hls = new Hls({ liveSyncDurationCount: 2 });
hls.on(Hls.Events.FRAG_LOADING, (e, d) => {
  window.frags.push(d.frag.url);
  // The vendor's placeholders (cloud live not active on a China account) by their segment name.
  const m = /ErrCode\\/(\\d+)_\\d+\\.ts/.exec(d.frag.url);
  document.getElementById('why').textContent = m ? 'No picture: cloud live is not active (' + m[1] + ')' : 'live';
});
hls.on(Hls.Events.ERROR, (e, d) => window.errors.push(d.details + (d.fatal ? ' (fatal)' : '')));
hls.loadSource(q.get('src'));
hls.attachMedia(video);
window.probe = () => {
  const c = document.createElement('canvas'); c.width = 32; c.height = 18;
  const x = c.getContext('2d'); x.drawImage(video, 0, 0, 32, 18);
  const px = x.getImageData(2, 16, 1, 1).data;
  const q = video.getVideoPlaybackQuality();
  return { time: video.currentTime, frames: q.totalVideoFrames, dropped: q.droppedVideoFrames, ready: video.readyState,
    corner: [px[0], px[1], px[2]], why: document.getElementById('why').textContent, frags: window.frags, errors: window.errors };
};
</script></body></html>`;

function servePage(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page.invalid');
    if (url.pathname === '/hls.light.min.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(fs.readFileSync(HLS_LIGHT));
    } else if (url.pathname === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

type Probe = {
  time: number;
  frames: number;
  dropped: number;
  ready: number;
  corner: number[];
  why: string;
  frags: string[];
  errors: string[];
};

describe("browser: the simulator's live stream in Chromium with hls.js (light build)", function () {
  this.timeout(90000);
  let sim: Simulator;
  let service: EzvizService;
  let pageServer: http.Server;
  // The test process's Chromium (in `npm test`, the one its mocha worker keeps for every browser
  // file: no start of its own), a context for each page; muted video plays without a gesture there.
  const browser = sharedBrowser();
  let page: Page | undefined;

  before(async function () {
    skipWithoutChromium(this);
    sim = await startSimulator({ port: 0 });
    service = new EzvizService({
      baseUrl: sim.url,
      timeout: 5000,
      maxRetries: 1,
      retryDelay: 100,
      appKey: 'demo-app-key',
      appSecret: 'demo-app-secret',
      t: (key: string) => key,
      warn: () => undefined,
    });
    pageServer = await servePage();
  });
  afterEach(async function () {
    await screenshotOnFailure(this, page, 'live');
    await page?.context().close();
    page = undefined;
  });
  after(async () => {
    await browser.close();
    await service?.close();
    await new Promise((r) => (pageServer ? pageServer.close(r) : r(undefined)));
    await sim?.close();
  });

  async function open(camera: string): Promise<Page> {
    const asked = await service.liveAddress({ deviceSerial: camera, protocol: 'hls', expire: 600 });
    assert.ok(asked.ok, JSON.stringify(asked));
    const port = (pageServer.address() as AddressInfo).port;
    const context = await browser.context({ viewport: { width: 700, height: 480 } });
    const p = await context.newPage();
    await p.goto(`http://127.0.0.1:${port}/?camera=${camera}&src=${encodeURIComponent(asked.address.url)}`);
    return p;
  }

  async function until(p: Page, what: string, ok: (s: Probe) => boolean, ms = 30000): Promise<Probe> {
    const end = Date.now() + ms;
    let s: Probe;
    do {
      s = (await p.evaluate('window.probe()')) as Probe;
      if (ok(s)) return s;
      await p.waitForTimeout(250);
    } while (Date.now() < end);
    throw new Error(`${what}: ${JSON.stringify(s)}`);
  }

  it('plays C00000001: the time advances past a pass of the segment loop and frames decode', async () => {
    page = await open('C00000001');
    const first = await until(page, 'playing', (s) => s.ready >= 2 && s.time > 0.5);
    // More than one pass of the 4 s loop: the timestamps the simulator moves on keep it running.
    const later = await until(page, 'time advancing', (s) => s.time > first.time + 5, 40000);
    assert.ok(later.frames > first.frames + 20, `frames decoded: ${first.frames} -> ${later.frames}`);
    // The picture's background (0x1d3557) in a corner: decoded pixels, not a black box.
    const [r, g, b] = later.corner;
    assert.ok(Math.abs(r - 0x1d) < 24 && Math.abs(g - 0x35) < 24 && Math.abs(b - 0x57) < 24, `corner ${later.corner}`);
    assert.equal(later.why, 'live');
    assert.ok(
      later.frags.every((u) => /\/v3\/openlive\/C00000001_1_1\/\d+\.ts\?/.test(u)),
      later.frags.join(' '),
    );
    assert.deepEqual(
      later.errors.filter((e) => e.includes('fatal')),
      [],
    );
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'live-view.png') });
    if (process.env.EZVIZ_SCREENSHOTS === '1')
      await page.screenshot({ path: path.join(ROOT, 'docs', 'live-view.png') });
  });

  it("recognises the vendor's placeholder segments by name (ErrCode/9048_0.ts)", async () => {
    const set = await admin(sim.url, 'POST', '/sim/live', { deviceSerial: 'C00000003', placeholder: '9048' });
    assert.equal(set.status, 200);
    page = await open('C00000003');
    const s = await until(page, 'placeholder seen', (x) => x.frags.length > 0 && x.why !== '');
    assert.match(s.frags[0], /\/v3\/openlive\/ErrCode\/9048_0\.ts\?n=\d+$/);
    assert.equal(s.why, 'No picture: cloud live is not active (9048)');
  });
});
