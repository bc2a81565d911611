// The camera wall's live tiles from an ezviz-stream node (docs/behaviour.md sections 28 and 24), in the
// real Dashboard 2 with Chromium against the simulator: a wall whose stream node streams one of its
// cameras; two browsers play that camera's tile (through the stream route, mpegts.js) and one of them
// opens its panel in place, and the camera has one live session (one live address, one cloud FLV GET
// in the simulator's request log); no socket frame or page holds the stream's key, a cloud address, a
// token or a verification code; a camera no stream node streams plays its own live address; the
// wall's dialog offers the flows' stream nodes, the chosen one ticked. This wall (`swall`, its own config
// node `cfg-stream`, so that the 16-camera wall's alarms and captures stay apart) is on a Dashboard 2
// page and a flow tab of its own in wall.test.ts's Node-RED, and its two browsers are that file's two
// pages (a desktop's and a phone's) loaded again on its page: one Node-RED and two page contexts for
// both walls.

import assert from 'assert';
import type { Page } from 'playwright-core';
import { loadEditor } from '../support/browser-env';
import { openNodeDialog } from '../support/browser-editor';
import {
  dashboardAccount,
  dashboardPage,
  DashboardEnv,
  type FlowNode,
  PanelPage,
  streamSource,
} from '../support/dashboard-env';
import { videoPlays } from '../support/dashboard-page';
import { allPictures, openWall, tileVideo, wallFlow } from '../support/wall-flow';

const ADDRESS = /\/api\/lapp(\/v2)?\/live\/address\/get$/;
const CLOUD_FLV = /\/v3\/openlive\/.*\.flv$/;
const KEY = 'wall-stream-key-Tq03vB';
const STREAMED = 'C00000001/1';
const OWN = 'C00000006/1';
/** The Dashboard 2 page of this wall (/dashboard/stream-wall). */
const AT = 'stream-wall';

/** The stream wall's nodes: its Dashboard 2 page and group, a flow tab `tab-stream`, a config node
 * `cfg-stream`, the wall `swall` of STREAMED and OWN whose live source for STREAMED is the
 * ezviz-stream node `stream1` (HLS for the others). */
export function wallStreamNodes(url: string): FlowNode[] {
  const [page, group] = dashboardPage(AT, 2);
  const wall = wallFlow(url).find((n) => n.id === 'wall')!;
  return [
    page,
    { ...group, name: 'Cameras', width: '12' },
    { id: 'tab-stream', type: 'tab', label: 'stream wall' },
    { ...dashboardAccount(url), id: 'cfg-stream', name: 'simulator (stream wall)' },
    {
      ...wall,
      id: 'swall',
      z: 'tab-stream',
      group: `dash-group-${AT}`,
      config: 'cfg-stream',
      cameras: `${STREAMED}, ${OWN}`,
      streamNodes: 'stream1',
      liveProtocol: 'hls',
    },
    { ...streamSource(KEY, 300), z: 'tab-stream', config: 'cfg-stream' },
  ];
}

/** The stream wall's tests. `pages`: a desktop's and a phone's pages of the file, their socket frames
 * kept in `frames` (openWall), loaded again on this wall's page (opened here when the file's tests
 * before did not, e.g. with --grep); `editor` gets the desktop page once it holds the editor. */
export function describeWallStream(
  env: () => DashboardEnv,
  pages: PanelPage[],
  frames: string[],
  editor: { page?: Page },
): void {
  describe('dashboard: the camera wall with an ezviz-stream node as a live source (Chromium)', function () {
    this.timeout(150000);
    /** Where this wall's frames start in `frames` (the pages left the 16-camera wall first). */
    let mark = 0;
    const contents: string[] = [];
    const seen = (): string[] => [...frames.slice(mark), ...contents];
    const open = async (i: number): Promise<PanelPage> => {
      let p = pages[i];
      if (p) {
        p.pageErrors.length = 0;
        await p.page.goto(`${env().url}dashboard/${AT}`);
        await p.page.getByRole('region', { name: 'camera wall' }).waitFor({ timeout: 30000 });
      } else {
        p = await openWall(env(), frames, i === 1, AT);
        pages[i] = p;
      }
      await allPictures(p, 2);
      return p;
    };

    before(async () => {
      // The 16-camera wall's pages leave it (their sockets close) before this wall's frames count.
      for (const p of pages) await p.page.goto('about:blank');
      mark = frames.length;
    });

    it("two browsers play the streamed camera's tile, one its panel in place: one camera session", async () => {
      env().sim.clearLog();
      const a = await open(0);
      const b = await open(1);
      for (const p of [a, b]) await p.page.locator(`.ezw-tile[data-camera="${STREAMED}"] .ezw-stage`).click();
      await Promise.all([videoPlays(a, tileVideo(STREAMED), 0.3), videoPlays(b, tileVideo(STREAMED), 0.3)]);
      // The panel opened in place on the streamed camera plays the same stream node.
      await a.page.locator(`.ezw-tile[data-camera="${STREAMED}"] .ezw-stage`).click();
      const panel = a.page.getByRole('region', { name: 'camera panel' });
      await panel.waitFor();
      await videoPlays(a, 'video.ezc-video[data-active="true"]', 0.3);
      await videoPlays(b, tileVideo(STREAMED), 0.3);
      const log = env().sim.requestLog();
      const camera = (e: { fields: Record<string, unknown> }) => String(e.fields.deviceSerial) === 'C00000001';
      assert.strictEqual(log.filter((e) => ADDRESS.test(e.path) && camera(e)).length, 1, 'one live address');
      assert.strictEqual(log.filter((e) => CLOUD_FLV.test(e.path)).length, 1, 'one cloud FLV session');
      const tickets = seen().filter((f) => /"live":\{"url":"\/ezviz-dashboard\/stream\//.test(f));
      assert.ok(tickets.length >= 3, `${tickets.length} tickets: the two tiles and the panel played the route`);
      for (const p of [a, b]) assert.deepStrictEqual(p.pageErrors, []);
    });

    it('no key, cloud address, token or verification code in a socket frame or the page', async () => {
      for (const p of pages.slice(0, 2)) contents.push(await p.page.content());
      const all = seen().join('\n');
      assert.ok(
        /"ezviz-wall:swall",\{"action":"live","ok":true,"live":\{"url":"\/ezviz-dashboard\/stream\//.test(all),
        "the wall's tickets were read",
      );
      const tokens = Object.keys((env().sim.state as unknown as { tokens: Record<string, unknown> }).tokens);
      const cloud = new URL(env().sim.url).host;
      for (const secret of [KEY, cloud, 'openlive', 'demo-app-secret', ...tokens])
        assert.ok(!all.includes(secret), `the browser saw ${secret.slice(0, 8)}...`);
      assert.ok(
        !/accessToken|appSecret|verificationCode/.test(all),
        "no credential field names either (a tile's key is its camera)",
      );
    });
    it('a camera no stream node streams plays its own live address', async () => {
      const b = pages[1];
      await b.page.locator(`.ezw-tile[data-camera="${OWN}"] .ezw-stage`).click();
      await videoPlays(b, tileVideo(OWN), 0.3);
      const asks = env()
        .sim.requestLog()
        .filter((e) => ADDRESS.test(e.path) && String(e.fields.deviceSerial) === 'C00000006');
      assert.ok(asks.length >= 1, 'its own live address');
      assert.strictEqual(
        env()
          .sim.requestLog()
          .filter((e) => CLOUD_FLV.test(e.path)).length,
        1,
        'still one session',
      );
    });

    it("the wall's dialog offers the flows' stream nodes as live sources, the chosen one ticked", async () => {
      const { page } = pages[0];
      await loadEditor(page, env().url);
      editor.page = page;
      await openNodeDialog(page, 'swall');
      const offered = page.locator('#ezviz-wall-streams label');
      await offered.first().waitFor();
      assert.deepStrictEqual(await offered.allTextContents(), ['door stream (C00000001/1)']);
      const box = page.locator('#ezviz-wall-streams input[type="checkbox"]');
      assert.strictEqual(await box.isChecked(), true);
      assert.strictEqual(await page.locator('#node-input-streamNodes').inputValue(), 'stream1');
      await box.uncheck();
      assert.strictEqual(await page.locator('#node-input-streamNodes').inputValue(), '');
      assert.strictEqual(await page.getByText('Live sources', { exact: true }).count(), 1);
    });
  });
}
