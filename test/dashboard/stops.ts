// Nothing waits in front of a stop, in the real Dashboard 2 with Chromium (docs/behaviour.md
// section 21): a release with snapshots queued stops the camera at once, a snapshot flood leaves
// the pad responsive and nothing queued once the page is gone, and Dashboard 2's generic
// widget-send and widget-change events put nothing on the panel's output (nor keep it for new
// pages). Its panel is panel.test.ts's (one Node-RED for both files), wired to a debug node; its
// pages of the desktop's kind are the file's parked page loaded again (env.open's reuse), but for the
// page whose close a test judges.

import assert from 'assert';
import { DashboardEnv, type FlowNode, PanelPage, type SocketLike } from '../support/dashboard-env';
import { emitOnSocket, until } from '../support/dashboard-page';

const START = '/api/lapp/device/ptz/start';
const STOP = '/api/lapp/device/ptz/stop';
const CAPTURE = '/api/lapp/device/capture';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds the mouse down on the named control; returns when it was pressed. */
async function press(p: PanelPage, name: string): Promise<number> {
  const box = (await p.page.getByRole('button', { name, exact: true }).boundingBox())!;
  await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const at = Date.now();
  await p.page.mouse.down();
  return at;
}

/** The debug node `dbg` the panel's output goes to: it prints msg.payload.action on Node-RED's console. */
export const PANEL_OUT: FlowNode = {
  id: 'dbg',
  type: 'debug',
  z: 'tab',
  name: 'panel-out',
  active: true,
  tosidebar: false,
  console: true,
  tostatus: false,
  complete: 'payload.action',
  targetType: 'msg',
  x: 400,
  y: 100,
  wires: [],
};

/** The tests of the panel `cam` (its output wired to PANEL_OUT) in `suite`'s Node-RED. */
export function describeStops(suite: () => DashboardEnv): void {
  describe('dashboard: nothing waits in front of a stop (Chromium)', function () {
    this.timeout(120000);
    let env: DashboardEnv;
    let p: PanelPage | undefined;
    const log = (path: string) => env.sim.requestLog().filter((e) => e.path === path);

    before(() => {
      env = suite();
    });
    beforeEach(async () => {
      // Captures are 4 s apart per camera: start each test with the spacing after an earlier test's
      // last capture over (no wait when there was none).
      const last = log(CAPTURE).reduce((t, e) => Math.max(t, e.time), 0);
      if (last) await sleep(Math.max(0, last + 4100 - Date.now()));
      env.sim.clearLog();
    });
    afterEach(async () => {
      if (p) {
        assert.deepStrictEqual(p.pageErrors, []);
        await p.close();
      }
      p = undefined;
    });

    it('a hold with five snapshots queued: the release reaches the simulator as a stop within 300 ms', async () => {
      p = await env.open({ reuse: true });
      await press(p, 'left');
      await until(() => log(START).length === 1, 5000, 'the start');
      await emitOnSocket(
        p,
        'ezviz-camera',
        'cam',
        Array.from({ length: 5 }, () => ({ action: 'snapshot' })),
      );
      await until(() => log(CAPTURE).length === 1, 5000, 'the first capture');
      await sleep(1800);
      const released = Date.now();
      await p.page.mouse.up();
      const stop = await until(() => log(STOP)[0], 5000, 'the stop');
      assert.ok(stop.time - released <= 300, `stop ${stop.time - released} ms after the release`);
      assert.strictEqual(log(CAPTURE).length, 1, 'the stop did not wait for the captures');
    });

    it('a snapshot flood: a press then starts promptly, and once the page is closed no capture goes out beyond the one in flight', async () => {
      p = await env.open();
      const snapshot = p.page.getByRole('button', { name: 'snapshot', exact: true });
      const flood = Date.now();
      for (let i = 0; i < 20; i++) {
        await snapshot.click();
        await sleep(100);
      }
      const pressed = await press(p, 'up');
      const start = await until(() => log(START)[0], 5000, 'the start');
      await p.page.mouse.up();
      await until(() => log(STOP)[0], 5000, 'the stop');
      assert.ok(start.time - pressed <= 1000, `press -> start ${start.time - pressed} ms`);
      // One capture per 4 s (the first at once): the replaced snapshots were not sent.
      const bound = Math.floor((Date.now() - flood) / 4000) + 1;
      assert.ok(
        log(CAPTURE).length <= bound,
        `${log(CAPTURE).length} captures for 20 clicks in ${Date.now() - flood} ms`,
      );
      for (let i = 0; i < 20; i++) {
        await snapshot.click();
        await sleep(50);
      }
      await sleep(100);
      const before = log(CAPTURE).length;
      const closed = Date.now();
      await p.close();
      p = undefined;
      await sleep(10000);
      const after = log(CAPTURE).filter((e) => e.time > closed + 50);
      assert.ok(after.length <= 1, `${after.length} captures after the page closed (${before} before)`);
    });

    it('widget-send and widget-change to the panel put nothing on its output and nothing is replayed to a new page', async () => {
      p = await env.open({ reuse: true });
      await emitOnSocket(p, 'widget-send', 'cam', [{ payload: { action: 'FORGED_SEND', result: { code: '200' } } }]);
      await emitOnSocket(p, 'widget-change', 'cam', [
        { payload: { action: 'FORGED_CHANGE' } },
        { action: 'FORGED_CHANGE' },
      ]);
      await emitOnSocket(p, 'widget-action', 'cam', [{ payload: { action: 'FORGED_ACTION' } }]);
      // A genuine action does reach the output (the debug node prints it).
      await p.page.getByRole('button', { name: 'stop', exact: true }).click();
      await until(() => /\[debug:panel-out\][\s\S]*stop/.test(env.log()), 10000, 'the genuine stop on the output');
      await sleep(500);
      assert.ok(!/FORGED/.test(env.log()), 'a forged message left the panel');
      assert.deepStrictEqual(p.pageErrors, []);
      await p.close();
      p = undefined;
      // A new page asks for the panel's stored message: none (a new load in the parked page).
      const second = await env.open({ reuse: true });
      try {
        const stored = await second.page.evaluate(
          () =>
            new Promise((resolve) => {
              const app = (
                document.querySelector('#app') as unknown as {
                  __vue_app__: { _context: { provides: { $socket: SocketLike } } };
                }
              ).__vue_app__;
              const socket = app._context.provides.$socket;
              socket.once('widget-load:cam', (msg: unknown) => resolve(JSON.stringify(msg ?? null)));
              socket.emit('widget-load', 'cam');
              setTimeout(() => resolve('no answer'), 3000);
            }),
        );
        assert.ok(!/FORGED/.test(String(stored)), `stored for new pages: ${stored}`);
      } finally {
        await second.close();
      }
      assert.ok(env.alive());
    });
  });
}
