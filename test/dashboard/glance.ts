// The state at a glance without the switches (docs/behaviour.md section 21), in Chromium: a panel whose
// switches are hidden (show_switches off) still reads the camera's state, so its title names the
// camera, the online/offline chip shows, and the reason stands over the picture: the lens covered
// (privacy on) on C00000001, offline (20007) on C00000002 after a flow's msg.ui_update, without
// "the last picture" where none shows, and the timeline's own words for it. No switch control is
// on the page. The panel `cam` on the dashboard's first page (/dashboard/camera) with a config node
// of its own; its describe runs in test/dashboard/panel-pages.test.ts, whose Node-RED it shares.

import assert from 'assert';
import { waitUntil } from '../support/browser-env';
import { cameraInject, dashboardAccount, DashboardEnv, FlowNode, panelNode } from '../support/dashboard-env';
import { emitOnSocket } from '../support/dashboard-page';
import { callApi } from '../support/simulator-http';

const LIVE = /\/api\/lapp(\/v2)?\/live\/address\/get$/;

/** The panel `cam` (the live view on, the switches hidden) of the config node `cfg-glance`, whose
 * codes list the encrypted office camera (the simulator's code), not the shop's; three injects that
 * point it at other cameras. */
export function glanceNodes(simUrl: string): FlowNode[] {
  const cfg = dashboardAccount(simUrl);
  return [
    {
      ...cfg,
      id: 'cfg-glance',
      credentials: { ...(cfg.credentials as object), verificationCodes: 'C00000005 ABCDEF' },
    },
    panelNode('cam', { config: 'cfg-glance', show_live: true, show_switches: false }),
    cameraInject('encrypted', 'C00000005', 240),
    cameraInject('shop', 'C00000006', 280),
    cameraInject('offline', 'C00000002', 200, 'offline camera'),
  ];
}

/** The describe of the glance tests, on the environment `envOf` gives (its flow holds glanceNodes).
 * Alarms of C00000001 would take the timeline's requests (5 at a time, then "refused (rate)"): it runs
 * before kinds.ts raises them. It changes C00000005 (its code) and C00000006 (encrypted): after
 * faces.ts; and C00000001 (privacy on): its after hook uncovers the lens again. */
export function describeGlance(envOf: () => DashboardEnv): void {
  describe('dashboard: the state at a glance with the switches hidden (Chromium)', function () {
    this.timeout(120000);
    let env: DashboardEnv;
    before(() => {
      env = envOf();
    });
    after(async () => {
      // C00000001's lens uncovered again for the describes after this one (kinds.ts).
      const r = await fetch(`${env.sim.url.replace(/\/$/, '')}/sim/device`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deviceSerial: 'C00000001', camera: { privacy: false } }),
      });
      assert.strictEqual(r.status, 200);
    });

    it('the name, the online chip and "lens covered" over the picture show; offline after a ui_update', async () => {
      const r = await fetch(`${env.sim.url.replace(/\/$/, '')}/sim/device`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deviceSerial: 'C00000001', camera: { privacy: true } }),
      });
      assert.strictEqual(r.status, 200);
      const p = await env.open({ reuse: true });
      try {
        const page = p.page;
        await page.getByRole('heading', { name: 'Front door (C00000001/1)' }).waitFor();
        await page.locator('.ezc-chip-online[data-state="true"]').filter({ hasText: 'online' }).waitFor();
        await page.locator('.ezc-over').filter({ hasText: 'the lens is covered' }).waitFor();
        assert.strictEqual(await page.getByRole('switch').count(), 0, 'no switch control');
        assert.strictEqual(await page.getByRole('group', { name: 'switches' }).count(), 0);
        assert.strictEqual((await fetch(`${env.url}inject/offline`, { method: 'POST' })).status, 200);
        await page.getByRole('heading', { name: 'Garage (offline) (C00000002/1)' }).waitFor();
        await page.locator('.ezc-chip-online[data-state="false"]').filter({ hasText: 'offline' }).waitFor();
        await page.locator('.ezc-over').filter({ hasText: 'the camera is offline' }).waitFor();
        // No picture is shown: "the last picture" is not said over black (docs/behaviour.md section 21).
        assert.strictEqual(await page.locator('.ezc-over').innerText(), 'the camera is offline (20007)');
        // The timeline says it in the panel's words: not the node's hint about a `source` setting the panel has not.
        const note = page.locator('.ezc-tl-note');
        await note
          .filter({ hasText: /^timeline: the camera is offline \(20007\): its SD card is listed once it is back$/ })
          .waitFor();
        assert.doesNotMatch(await note.innerText(), /source/);
        assert.strictEqual(await page.getByRole('switch').count(), 0, 'still no switch control');
        assert.deepStrictEqual(p.pageErrors, []);
      } finally {
        await p.close();
      }
    });
    it("an encrypted camera's stream opens with the config node's code; the hint names the list only when it holds none", async () => {
      const p = await env.open({ reuse: true });
      const sim = env.sim.url.replace(/\/$/, '');
      const over = p.page.locator('.ezc-over');
      try {
        env.sim.clearLog();
        assert.strictEqual((await fetch(`${env.url}inject/encrypted`, { method: 'POST' })).status, 200);
        await p.page.getByRole('heading', { name: 'Office (encrypted) (C00000005/1)' }).waitFor();
        await waitUntil(p.page, () => !!document.querySelector('video'), null, { timeout: 15000 });
        const asked = () =>
          env.sim.requestLog().filter((e) => LIVE.test(e.path) && e.fields.deviceSerial === 'C00000005');
        for (let i = 0; i < 100 && !asked().length; i++) await new Promise((r) => setTimeout(r, 100));
        assert.deepStrictEqual(
          asked().map((e) => e.code),
          ['200'],
          'the address of the encrypted camera, opened with the listed code',
        );
        assert.strictEqual(await over.count(), 0, 'nothing over the video');
        // The camera's code changed: the listed one is not accepted (a renewal asks anew).
        const changed = await fetch(`${sim}/sim/device`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ deviceSerial: 'C00000005', camera: { verificationCode: 'GHIJKL' } }),
        });
        assert.strictEqual(changed.status, 200);
        await emitOnSocket(p, 'ezviz-camera', 'cam', [{ action: 'live', refresh: true }]);
        await over.filter({ hasText: 'the code for C00000005 in Verification codes' }).waitFor();
        assert.ok(!(await over.innerText()).includes('add the line'));
        // A camera the list does not hold: the hint to add its line.
        const on = await callApi(env.sim.url, '/api/lapp/device/encrypt/on', {
          accessToken: 'at.demo-token',
          deviceSerial: 'C00000006',
        });
        assert.strictEqual(on.code, '200');
        assert.strictEqual((await fetch(`${env.url}inject/shop`, { method: 'POST' })).status, 200);
        await over.filter({ hasText: 'add the line "C00000006 CODE" to Verification codes' }).waitFor();
        assert.deepStrictEqual(p.pageErrors, []);
      } finally {
        await p.close();
      }
    });
  });
}
