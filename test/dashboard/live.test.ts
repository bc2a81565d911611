// The camera panel's live view in the real Dashboard 2 with Chromium (docs/behaviour.md sections 13 and
// 14): the simulator's HLS stream plays through hls.js's light build; a hidden page stops the
// segment requests (and a visible one starts them again); two pages on one camera cost one
// address request (the config node's shared cache); an address the camera refuses shows its
// reason instead of a black box, asked for again once per 10 s of the page's clock (Playwright's
// fake clock, run forward by the test). Its Node-RED also serves stream-source.ts's panel (from an
// ezviz-stream node, on a Dashboard 2 page of its own) and look.ts's panels (pages of their own,
// after the live view's tests): one start for the three files.

import assert from 'assert';
import { cameraInject, panelFlow, PanelPage, type SocketLike } from '../support/dashboard-env';
import { setHidden, videoPlays } from '../support/dashboard-page';
import { dashboardSuite } from '../support/dashboard-suite';
import { describeLook, lookNodes } from './look';
import { describeStreamSource, streamSourceNodes } from './stream-source';

const ADDRESS = /\/api\/lapp(\/v2)?\/live\/address\/get$/;
/** The panel asks for a refused address again after this long (dashboard/ui/live.js RENEW_MS). */
const RENEW_MS = 10000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(fn: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Counts the page's segment (.ts) requests. */
function countSegments(p: PanelPage): { n: number } {
  const c = { n: 0 };
  p.page.on('request', (r) => {
    if (/\.ts(\?|$)/.test(r.url())) c.n += 1;
  });
  return c;
}

describe("dashboard: the panel's live view (Chromium: hls.js; mpegts.js from an ezviz-stream node)", function () {
  this.timeout(120000);
  const suite = dashboardSuite((url) =>
    panelFlow(url, { show_live: true, wires: [[]] }, [
      cameraInject('offline', 'C00000002', 200, 'offline camera'),
      ...streamSourceNodes(),
      ...lookNodes(url),
    ]),
  );
  let env: ReturnType<typeof suite>;
  const pages: PanelPage[] = [];

  before(() => {
    env = suite();
  });
  after(async () => {
    for (const p of pages.splice(0)) await p.close();
  });

  it('two pages on one camera play the stream and cost one address request', async () => {
    env.sim.clearLog();
    pages.push(await env.open(), await env.open({ phone: true }));
    await Promise.all(pages.map((p) => videoPlays(p)));
    const asks = env.sim.requestLog().filter((e) => ADDRESS.test(e.path));
    assert.strictEqual(asks.length, 1, `${asks.length} address requests`);
    for (const p of pages) {
      assert.deepStrictEqual(p.pageErrors, []);
      assert.strictEqual(await p.page.getByRole('note').count(), 0, 'no placeholder over a playing stream');
    }
    // The phone's page has shown what this test judges: it stops playing (the desktop's plays on for the hidden-page test).
    await pages.pop()!.close();
  });

  it('the browser never sees a token or an app secret (socket frames, HTTP replies, the page)', async () => {
    const seen: string[] = [];
    // What the page reads from its first load on.
    const p = await env.open({
      beforeLoad: (page) => {
        page.on('websocket', (ws) => ws.on('framereceived', (f) => seen.push(String(f.payload))));
        page.on('response', (r) => {
          if (/socket\.io|\.m3u8/.test(r.url()))
            r.text().then(
              (t) => seen.push(r.url(), t),
              () => undefined,
            );
        });
      },
    });
    await videoPlays(p);
    await p.page.getByRole('button', { name: 'snapshot', exact: true }).click();
    await p.page.getByRole('img', { name: 'snapshot of C00000001/1' }).waitFor();
    await p.page.getByRole('switch', { name: 'privacy', exact: true }).click();
    await p.page.getByRole('status').filter({ hasText: 'privacy: on' }).waitFor();
    seen.push(await p.page.content());
    await p.page.getByRole('switch', { name: 'privacy', exact: true }).click();
    await p.page.getByRole('status').filter({ hasText: 'privacy: off' }).waitFor();
    const tokens = Object.keys((env.sim.state as unknown as { tokens: Record<string, unknown> }).tokens);
    assert.ok(tokens.length > 0 && seen.length > 3, `${tokens.length} tokens, ${seen.length} texts`);
    const all = seen.join('\n');
    // What was read is the panel's traffic: its answers (the live address among them) and the stream's playlist.
    assert.ok(
      all.includes('ezviz-camera:cam') && /"live":\{"url"/.test(all) && all.includes('#EXTM3U'),
      "the panel's traffic was read",
    );
    for (const secret of [...tokens, 'demo-app-secret'])
      assert.ok(!all.includes(secret), `the browser saw ${secret.slice(0, 6)}...`);
    assert.ok(!/accessToken|appSecret/.test(all), 'no credential field names either');
    await p.close();
  });

  it('a hidden page stops its segment requests; visible again, it plays again', async () => {
    const p = pages[0];
    const seen = countSegments(p);
    await until(() => seen.n > 0, 10000, 'a segment request');
    assert.ok(seen.n > 0, 'segments are requested while it plays');
    await setHidden(p, true);
    await sleep(500);
    const atHide = seen.n;
    await sleep(5000);
    assert.strictEqual(seen.n, atHide, `${seen.n - atHide} segment requests while hidden`);
    await p.page.getByRole('note').filter({ hasText: 'paused' }).waitFor();
    await setHidden(p, false);
    await videoPlays(p);
    assert.ok(seen.n > atHide, 'segments again once visible');
  });

  it('a camera without a live address (offline, 20007) shows the reason and is asked again once per 10 s', async () => {
    for (const p of pages.splice(0)) await p.close();
    // The page's clock stands still from before the switch (its 10 s pass as the test runs it).
    const p = await env.open({ fakeClock: true });
    pages.push(p);
    await p.page.clock.pauseAt(await p.page.evaluate(() => Date.now() + 1000));
    env.sim.clearLog();
    const asks = () =>
      env.sim.requestLog().filter((e) => ADDRESS.test(e.path) && e.fields.deviceSerial === 'C00000002');
    // The page counts the runtime's refusals of its live address (the reason shows as soon as the
    // state read says offline, which may come before the address's own answer: the 10 s run from that).
    await p.page.evaluate(() => {
      const w = window as unknown as { liveRefusals: number };
      const app = (
        document.querySelector('#app') as unknown as {
          __vue_app__: { _context: { provides: { $socket: SocketLike } } };
        }
      ).__vue_app__;
      w.liveRefusals = 0;
      app._context.provides.$socket.on('ezviz-camera:cam', (reply) => {
        const r = reply as { action?: string; ok?: boolean };
        if (r && r.action === 'live' && r.ok === false) w.liveRefusals += 1;
      });
    });
    // The flow switches the panel to the offline camera (msg.ui_update through the inject).
    const r = await fetch(`${env.url}inject/offline`, { method: 'POST' });
    assert.strictEqual(r.status, 200);
    await p.page.getByRole('note').filter({ hasText: '20007' }).waitFor({ timeout: 15000 });
    const end = Date.now() + 15000;
    while (!(await p.page.evaluate(() => (window as unknown as { liveRefusals: number }).liveRefusals >= 1))) {
      if (Date.now() > end) throw new Error("timed out waiting for the live address's refusal");
      await sleep(50);
    }
    assert.strictEqual(asks().length, 1, `${asks().length} address requests before the page's clock ran`);
    await p.page.clock.runFor(RENEW_MS - 100);
    await sleep(500);
    assert.strictEqual(asks().length, 1, 'at most one a 10 s: none again within 9.9 s of the page');
    await p.page.clock.runFor(2100);
    await until(() => asks().length >= 2, 5000, 'the address asked for again');
    await sleep(500);
    const n = asks().length;
    assert.ok(n >= 2 && n <= 3, `${n} address requests in 12 s of the page`);
    // One reason, over the picture: the live view's own placeholder steps back.
    assert.strictEqual(await p.page.getByRole('note').count(), 1, 'one reason shown, not two');
    assert.deepStrictEqual(p.pageErrors, []);
    // Closed before the stream node's tests, whose request counts it would not touch either.
    for (const q of pages.splice(0)) await q.close();
  });

  describeStreamSource(() => env);
  describeLook(() => env);
});
