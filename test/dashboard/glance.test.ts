// The state at a glance without the switches (docs/behaviour.md section 21), in Chromium: a panel whose
// switches are hidden (show_switches off) still reads the camera's state, so its title names the
// camera, the online/offline chip shows, and the reason stands over the picture: the lens covered
// (privacy on) on C00000001, offline (20007) on C00000002 after a flow's msg.ui_update. No switch
// control is on the page.

import assert from 'assert';
import { skipWithoutChromium } from '../support/browser-env';
import { DashboardEnv, panelFlow, startDashboardEnv } from '../support/dashboard-env';

describe('dashboard: the state at a glance with the switches hidden (Chromium)', function () {
  this.timeout(120000);
  let env: DashboardEnv;

  before(async function () {
    skipWithoutChromium(this);
    env = await startDashboardEnv((url) =>
      panelFlow(url, { show_live: true, show_switches: false }, [
        {
          id: 'offline',
          type: 'inject',
          z: 'tab',
          name: 'offline camera',
          props: [{ p: 'ui_update', v: '{"deviceSerial":"C00000002"}', vt: 'json' }],
          repeat: '',
          crontab: '',
          once: false,
          topic: '',
          x: 100,
          y: 200,
          wires: [['cam']],
        },
      ]),
    );
  });
  after(async () => {
    if (env) await env.stop();
  });

  it('the name, the online chip and "lens covered" over the picture show; offline after a ui_update', async () => {
    const r = await fetch(`${env.sim.url.replace(/\/$/, '')}/sim/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceSerial: 'C00000001', camera: { privacy: true } }),
    });
    assert.strictEqual(r.status, 200);
    const p = await env.open();
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
      assert.strictEqual(await page.getByRole('switch').count(), 0, 'still no switch control');
      assert.deepStrictEqual(p.pageErrors, []);
    } finally {
      await p.close();
    }
  });
});
