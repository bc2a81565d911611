// The camera panel in the real Dashboard 2, in Node-RED, against the simulator, driven by
// Chromium (design.md section 14): the controls and their names, press and hold with mouse,
// touch and keyboard (exactly one start and one stop), the dead-man stop of a closed page,
// presets and the snapshot.

import assert from 'assert';
import { skipWithoutChromium } from '../support/browser-env';
import { DashboardEnv, panelFlow, PanelPage, startDashboardEnv } from '../support/dashboard-env';

const PTZ = '/api/lapp/device/ptz/';

/** The PTZ requests the simulator received: [{kind: 'start'|'stop', direction, time}]. */
function ptzRequests(env: DashboardEnv): Array<{ kind: string; direction?: string; time: number; serial: string }> {
  return env.sim.requestLog().filter((e) => e.path.startsWith(PTZ)).map((e) => ({
    kind: e.path.slice(PTZ.length), direction: e.fields.direction, time: e.time, serial: e.fields.deviceSerial,
  }));
}

async function until<T>(fn: () => T | undefined | false, ms = 5000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('dashboard: the camera panel in Dashboard 2 (Chromium)', function () {
  this.timeout(90000);
  let env: DashboardEnv;
  let p: PanelPage | undefined;

  before(async function () {
    skipWithoutChromium(this);
    env = await startDashboardEnv((url) => panelFlow(url));
  });
  after(async () => {
    if (env) await env.stop();
  });
  beforeEach(() => env.sim.clearLog());
  afterEach(async () => {
    if (p) {
      assert.deepStrictEqual(p.pageErrors, []);
      await p.close();
    }
    p = undefined;
  });

  it('shows every control with its accessible name (en-US)', async () => {
    p = await env.open();
    for (const name of ['up', 'down', 'left', 'right', 'up-left', 'up-right', 'down-left', 'down-right', 'zoom in',
      'zoom out', 'stop', 'snapshot', 'Door', 'Garden']) {
      assert.strictEqual(await p.page.getByRole('button', { name, exact: true }).count(), 1, name);
    }
    await p.page.getByRole('status').filter({ hasText: 'C00000001/1' }).waitFor();
  });

  it('a 1.5 s mouse hold on "left" sends exactly one start (left) and one stop, the stop within 300 ms of the release', async () => {
    p = await env.open();
    const left = p.page.getByRole('button', { name: 'left', exact: true });
    const box = (await left.boundingBox())!;
    await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.page.mouse.down();
    await until(() => ptzRequests(env).length === 1, 5000, 'the start');
    await new Promise((r) => setTimeout(r, 1500));
    const released = Date.now();
    await p.page.mouse.up();
    const stop = await until(() => ptzRequests(env).find((r) => r.kind === 'stop'), 3000, 'the stop');
    await new Promise((r) => setTimeout(r, 1000));
    const reqs = ptzRequests(env);
    assert.deepStrictEqual(reqs.map((r) => [r.kind, r.direction, r.serial]), [['start', '2', 'C00000001'], ['stop', '2', 'C00000001']]);
    assert.ok(stop.time - released <= 300, `stop ${stop.time - released} ms after the release`);
    await p.page.getByRole('status').filter({ hasText: 'stopped' }).waitFor();
  });
});
