// The camera panel's video in fullscreen, in the real Dashboard 2 with Chromium (docs/behaviour.md
// section 21): the PTZ pad comes over the video (the camera can be steered in fullscreen), and the
// last snapshot stays a small picture in a corner that leaves the video's centre visible. The panel
// on a page of its own (/dashboard/stage); its describe runs in test/dashboard/panel-pages.test.ts,
// whose Node-RED it shares.

import assert from 'assert';
import { waitUntil } from '../support/browser-env';
import { DashboardEnv, dashboardPage, FlowNode, PanelPage, panelNode } from '../support/dashboard-env';

type Box = { x: number; y: number; width: number; height: number };

/** Whether the box holds the point. */
const covers = (b: Box, x: number, y: number) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;

/** The page `stage` with the panel `cam-stage` on C00000001, the live view on. */
export function stageNodes(): FlowNode[] {
  return [...dashboardPage('stage', 1), panelNode('cam-stage', { group: 'dash-group-stage', show_live: true })];
}

/** The describe of the fullscreen test, on the environment `envOf` gives (its flow holds stageNodes). */
export function describeStage(envOf: () => DashboardEnv): void {
  describe("dashboard: the panel's video in fullscreen (Chromium)", function () {
    this.timeout(90000);
    let env: DashboardEnv;
    let p: PanelPage | undefined;

    before(() => {
      env = envOf();
    });
    after(async () => {
      if (p) await p.close();
    });

    it('fullscreen shows the pad over the video (a press steers the camera) and the snapshot away from its centre', async () => {
      p = await env.open({ path: 'stage', reuse: true });
      const page = p.page;
      await page.getByRole('button', { name: 'snapshot', exact: true }).click();
      await page.getByRole('img', { name: 'snapshot of C00000001/1' }).waitFor();
      const stage = page.locator('.ezc-stage');
      assert.strictEqual(
        await stage.getByRole('button', { name: 'up', exact: true }).count(),
        0,
        'no pad over the video',
      );

      await stage.getByRole('button', { name: 'fullscreen', exact: true }).click();
      await waitUntil(page, () => document.fullscreenElement?.classList.contains('ezc-stage'));
      const up = stage.getByRole('button', { name: 'up', exact: true });
      await up.waitFor();
      const view = page.viewportSize()!;
      const upBox = (await up.boundingBox())!;
      assert.ok(
        covers({ x: 0, y: 0, ...view }, upBox.x + upBox.width / 2, upBox.y + upBox.height / 2),
        'the pad on screen',
      );
      env.sim.clearLog();
      await up.click();
      const ptz = async () => env.sim.requestLog().filter((e) => e.path.startsWith('/api/lapp/device/ptz/'));
      for (let i = 0; i < 100 && (await ptz()).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      assert.deepStrictEqual(
        (await ptz()).map((e) => [e.path.split('/').pop(), e.fields.direction]),
        [
          ['start', '0'],
          ['stop', '0'],
        ],
      );

      // The snapshot: a small picture in a corner, clear of the video's centre and of the pad.
      const video = (await page.locator('.ezc-stage .ezc-video').boundingBox())!;
      const pad = (await page.locator('.ezc-stage .ezc-pad-over').boundingBox())!;
      const thumb = (await page.getByRole('button', { name: 'enlarge the snapshot' }).boundingBox())!;
      const [cx, cy] = [video.x + video.width / 2, video.y + video.height / 2];
      const seen = JSON.stringify({ video, pad, thumb });
      assert.ok(!covers(thumb, cx, cy), `the thumbnail covers the video's centre: ${seen}`);
      assert.ok(thumb.width * thumb.height <= 0.05 * video.width * video.height, `a small thumbnail: ${seen}`);
      const apart = thumb.x >= pad.x + pad.width || pad.x >= thumb.x + thumb.width || thumb.y >= pad.y + pad.height;
      assert.ok(apart || pad.y >= thumb.y + thumb.height, `the thumbnail clear of the pad: ${seen}`);

      await stage.getByRole('button', { name: 'exit fullscreen', exact: true }).click();
      await waitUntil(page, () => !document.fullscreenElement);
      await stage.getByRole('button', { name: 'up', exact: true }).waitFor({ state: 'detached' });

      // Close the snapshot: an enlarged one goes back to its thumbnail, then the thumbnail goes.
      const enlarge = stage.getByRole('button', { name: 'enlarge the snapshot', exact: true });
      const close = stage.getByRole('button', { name: 'close the snapshot', exact: true });
      await enlarge.click();
      await page.locator('.ezc-stage .ezc-big').waitFor();
      await close.click();
      await enlarge.waitFor();
      assert.strictEqual(await page.locator('.ezc-stage .ezc-big').count(), 0, 'the enlarged snapshot is gone');
      await close.click();
      await enlarge.waitFor({ state: 'detached' });
      assert.strictEqual(await close.count(), 0, 'no snapshot, no close button');
      assert.deepStrictEqual(p.pageErrors, []);
    });
  });
}
