// The camera panel's live view from an ezviz-stream node (docs/behaviour.md sections 21 and 25), in the
// real Dashboard 2 with Chromium against the simulator: two pages on one stream node play through
// mpegts.js and cost one camera session (one live address, one FLV GET in the simulator's request
// log); each browser gets its own ticket, good once (a used one is refused to anyone); no socket
// frame, HTTP reply or page holds the stream's key, a cloud address, a token or a verification code.
// The panel stands on a Dashboard 2 page of its own (/stream) in live.test.ts's Node-RED (one start
// for both files).

import assert from 'assert';
import type { Page } from 'playwright-core';
import {
  type DashboardEnv,
  dashboardPage,
  type FlowNode,
  panelNode,
  type PanelPage,
  streamSource,
} from '../support/dashboard-env';
import { keepFrames, videoPlays } from '../support/dashboard-page';

const ADDRESS = /\/api\/lapp(\/v2)?\/live\/address\/get$/;
const CLOUD_FLV = /\/v3\/openlive\/.*\.flv$/;
const TICKET = /\/ezviz-dashboard\/stream\/([A-Za-z0-9_-]+)$/;
const KEY = 'panel-stream-key-Zq81xW';
const ACTIVE = 'video.ezc-video[data-active="true"]';

/** What a page reads: its socket frames, the stream route's URLs, the page itself at the end. */
function listen(seen: { frames: string[]; tickets: string[] }, page: Page): void {
  keepFrames({ page }, seen.frames, false);
  page.on('request', (r) => {
    const m = TICKET.exec(new URL(r.url()).pathname);
    if (m) seen.tickets.push(m[1]);
  });
}

/** The Dashboard 2 page /stream with the panel `cam-stream` playing the stream node `stream1`
 * (streamSource, key KEY) of the config node `cfg` of the flow it joins. */
export function streamSourceNodes(): FlowNode[] {
  return [
    ...dashboardPage('stream', 2),
    panelNode('cam-stream', {
      group: 'dash-group-stream',
      show_live: true,
      show_timeline: false,
      streamNode: 'stream1',
      y: 400,
    }),
    streamSource(KEY, 500),
  ];
}

/** The tests of the panel on /stream (streamSourceNodes), in `env`'s Node-RED. */
export function describeStreamSource(env: () => DashboardEnv): void {
  describe('from an ezviz-stream node (mpegts.js, its own Dashboard 2 page)', function () {
    const pages: PanelPage[] = [];
    after(async () => {
      for (const p of pages.splice(0)) await p.close();
    });

    it('two pages on one stream node play it and cost one camera session; tickets are their own, used once', async () => {
      const { sim } = env();
      sim.clearLog();
      // What each page reads from its first load on.
      const seenA = { frames: [] as string[], tickets: [] as string[] };
      const seenB = { frames: [] as string[], tickets: [] as string[] };
      const a = await env().open({ path: 'stream', beforeLoad: (page) => listen(seenA, page) });
      const b = await env().open({ path: 'stream', phone: true, beforeLoad: (page) => listen(seenB, page) });
      pages.push(a, b);
      await Promise.all([videoPlays(a, ACTIVE), videoPlays(b, ACTIVE)]);
      const log = sim.requestLog();
      assert.strictEqual(log.filter((e) => ADDRESS.test(e.path)).length, 1, 'one live address');
      assert.strictEqual(log.filter((e) => CLOUD_FLV.test(e.path)).length, 1, 'one cloud FLV session');
      assert.ok(seenA.tickets.length >= 1 && seenB.tickets.length >= 1, 'each page played through a ticket');
      for (const t of seenA.tickets) assert.ok(!seenB.tickets.includes(t), 'no ticket shared between browsers');
      // A ticket a browser used is good for nobody else: the route refuses it (and opens nothing).
      const again = await fetch(`${env().url}ezviz-dashboard/stream/${seenA.tickets[0]}`);
      assert.strictEqual(again.status, 404);
      await again.body?.cancel();
      assert.strictEqual((await fetch(`${env().url}ezviz-dashboard/stream/made-up-ticket`)).status, 404);
      // Nothing secret reached either browser: no key, cloud address, token or code in a frame or the page.
      const tokens = Object.keys((sim.state as unknown as { tokens: Record<string, unknown> }).tokens);
      const cloud = new URL(sim.url).host;
      const all = [...seenA.frames, ...seenB.frames, await a.page.content(), await b.page.content()].join('\n');
      assert.ok(/"live":\{"url":"\/ezviz-dashboard\/stream\//.test(all), "the panel's answers were read");
      for (const secret of [KEY, cloud, 'openlive', 'demo-app-secret', ...tokens])
        assert.ok(!all.includes(secret), `the browser saw ${secret.slice(0, 8)}...`);
      assert.ok(!/accessToken|appSecret|verificationCode|"key"/.test(all), 'no credential field names either');
      for (const p of [a, b]) assert.deepStrictEqual(p.pageErrors, []);
    });

    it('a page that leaves ends its own viewer only; the camera session stays for the other', async () => {
      const [a, b] = pages;
      await a.close();
      pages.shift();
      await videoPlays(b, ACTIVE);
      const before = await b.page.evaluate(
        () => (document.querySelector('video.ezc-video') as HTMLVideoElement).currentTime,
      );
      await new Promise((r) => setTimeout(r, 2000));
      const after = await b.page.evaluate(
        () => (document.querySelector('video.ezc-video') as HTMLVideoElement).currentTime,
      );
      assert.ok(after > before + 1, `still playing (${before} -> ${after})`);
      assert.strictEqual(
        env()
          .sim.requestLog()
          .filter((e) => CLOUD_FLV.test(e.path)).length,
        1,
        'still one session',
      );
    });
  });
}
