// The camera wall's live tiles from an ezviz-stream node (docs/behaviour.md sections 28 and 24), in the
// real Dashboard 2 with Chromium against the simulator: a wall whose stream node streams one of its
// cameras; two browsers play that camera's tile (through the stream route, mpegts.js) and one of them
// opens its panel in place, and the camera has one live session (one live address, one cloud FLV GET
// in the simulator's request log); no socket frame or page holds the stream's key, a cloud address, a
// token or a verification code; a camera no stream node streams plays its own live address; the
// wall's dialog offers the flows' stream nodes, the chosen one ticked.

import assert from 'assert';
import { loadEditor, skipWithoutChromium } from '../support/browser-env';
import { openNodeDialog } from '../support/browser-editor';
import { DashboardEnv, PanelPage, startDashboardEnv, streamSource } from '../support/dashboard-env';
import { videoPlays } from '../support/dashboard-page';
import { allPictures, openWall, tileVideo, wallFlow } from '../support/wall-flow';

const ADDRESS = /\/api\/lapp(\/v2)?\/live\/address\/get$/;
const CLOUD_FLV = /\/v3\/openlive\/.*\.flv$/;
const KEY = 'wall-stream-key-Tq03vB';
const STREAMED = 'C00000001/1';
const OWN = 'C00000006/1';

describe('dashboard: the camera wall with an ezviz-stream node as a live source (Chromium)', function () {
  this.timeout(150000);
  let env: DashboardEnv;
  const pages: PanelPage[] = [];
  const seen: string[] = [];
  const open = async (phone = false): Promise<PanelPage> => {
    const p = await openWall(env, seen, phone);
    await allPictures(p, 2);
    pages.push(p);
    return p;
  };

  before(async function () {
    skipWithoutChromium(this);
    env = await startDashboardEnv((url) => [
      ...wallFlow(url, { cameras: `${STREAMED}, ${OWN}`, streamNodes: 'stream1', liveProtocol: 'hls' }),
      streamSource(KEY, 300),
    ]);
  });
  after(async () => {
    for (const p of pages.splice(0)) await p.close();
    if (env) await env.stop();
  });

  it("two browsers play the streamed camera's tile, one its panel in place: one camera session", async () => {
    env.sim.clearLog();
    const a = await open();
    const b = await open(true);
    for (const p of [a, b]) await p.page.locator(`.ezw-tile[data-camera="${STREAMED}"] .ezw-stage`).click();
    await Promise.all([videoPlays(a, tileVideo(STREAMED), 0.3), videoPlays(b, tileVideo(STREAMED), 0.3)]);
    // The panel opened in place on the streamed camera plays the same stream node.
    await a.page.locator(`.ezw-tile[data-camera="${STREAMED}"] .ezw-stage`).click();
    const panel = a.page.getByRole('region', { name: 'camera panel' });
    await panel.waitFor();
    await videoPlays(a, 'video.ezc-video[data-active="true"]', 0.3);
    await videoPlays(b, tileVideo(STREAMED), 0.3);
    const log = env.sim.requestLog();
    const camera = (e: { fields: Record<string, unknown> }) => String(e.fields.deviceSerial) === 'C00000001';
    assert.strictEqual(log.filter((e) => ADDRESS.test(e.path) && camera(e)).length, 1, 'one live address');
    assert.strictEqual(log.filter((e) => CLOUD_FLV.test(e.path)).length, 1, 'one cloud FLV session');
    const tickets = seen.filter((f) => /"live":\{"url":"\/ezviz-dashboard\/stream\//.test(f));
    assert.ok(tickets.length >= 3, `${tickets.length} tickets: the two tiles and the panel played the route`);
    for (const p of pages) assert.deepStrictEqual(p.pageErrors, []);
  });

  it('no key, cloud address, token or verification code in a socket frame or the page', async () => {
    for (const p of pages) seen.push(await p.page.content());
    const all = seen.join('\n');
    assert.ok(
      /"ezviz-wall:wall",\{"action":"live","ok":true,"live":\{"url":"\/ezviz-dashboard\/stream\//.test(all),
      "the wall's tickets were read",
    );
    const tokens = Object.keys((env.sim.state as unknown as { tokens: Record<string, unknown> }).tokens);
    const cloud = new URL(env.sim.url).host;
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
    const asks = env.sim
      .requestLog()
      .filter((e) => ADDRESS.test(e.path) && String(e.fields.deviceSerial) === 'C00000006');
    assert.ok(asks.length >= 1, 'its own live address');
    assert.strictEqual(env.sim.requestLog().filter((e) => CLOUD_FLV.test(e.path)).length, 1, 'still one session');
  });

  it("the wall's dialog offers the flows' stream nodes as live sources, the chosen one ticked", async () => {
    const { page } = pages[0];
    await loadEditor(page, env.url);
    await openNodeDialog(page, 'wall');
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
