// ezviz-alarm: device status as events (docs/behaviour.md section 27) against the simulator. With the
// option `status`, `ys.devicestatus` messages (consumer and webhook, `POST /sim/devicestatus`)
// and the config node's ezviz-device reads leave as `kind: battery` / `storage` messages when
// something changed: the first report, charging, low (once, not every lower level), a 10-point
// step, the SD card's state, health or capacity. Without it such a message is what it was in 0.4:
// an `others` message. On the simulator's fake clock; the webhook on a real HTTP server.

import assert from 'assert';
import http from 'http';
import { FakeClock, webhookPusher } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { forgetPushIds } from '../../../features/alarms/webhook';
import { closeServer, collect, helper, load, Msg, secrets, serveHttp, TAB, unload } from '../../support/red';
import { admin } from '../../support/simulator-http';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until } from '../../support/fake-time';
import { alarmFlow, CREDS } from '../../support/alarm-flow';

const SECRET = 'whsec-status-5d21-test';
secrets.add(SECRET);
const CAM = 'C00000003';
type Source = 'poll' | 'consumer' | 'webhook';
const PROPS: Record<Source, Record<string, unknown>> = {
  poll: { source: 'poll', interval: 60 },
  consumer: { source: 'consumer', interval: 5 },
  webhook: { source: 'webhook', path: '/ezviz/status' },
};
const DEVICE = {
  id: 'dev',
  type: 'ezviz-device',
  z: TAB,
  x: 100,
  y: 100,
  name: '',
  config: 'cfg',
  deviceSerial: 'C00000014',
  deviceSerialType: 'str',
  wires: [['devok'], ['deverr']],
};

describe('ezviz-alarm device status: battery and SD card changes from messages and device reads', function () {
  this.timeout(30000);
  let sim: Simulator;
  let clock: FakeClock;
  let server: http.Server | undefined;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));
  afterEach(async () => {
    forgetPushIds();
    await closeServer(server);
    server = undefined;
  });

  async function start(source: Source, props: Record<string, unknown> = {}) {
    published = 0;
    const timers = fakeTimers(clock);
    fakeTime(clock);
    const flow = [
      ...alarmFlow(sim.url, { ...PROPS[source], ...props }),
      DEVICE,
      { id: 'devok', type: 'helper', z: TAB, x: 100, y: 100 },
      { id: 'deverr', type: 'helper', z: TAB, x: 100, y: 100 },
    ];
    await load(flow, { ...CREDS, op: { secret: SECRET } });
    const out = collect(['ok', 'err']);
    if (source === 'webhook') {
      let base: string;
      ({ server, base } = await serveHttp());
      webhookPusher(sim.state).set({ url: `${base}/ezviz/status`, secret: SECRET });
    } else {
      timers.fire();
      await settle();
    }
    clock.advance(1000);
    return out;
  }

  /** Publishes the reports, then lets the node take them (a fetch per input message; a webhook waits). */
  let published = 0;
  async function publish(source: Source, reports: Array<{ type: string; reported: unknown }>): Promise<void> {
    published += reports.length;
    for (const r of reports) {
      clock.advance(10);
      const res = await admin(sim.url, 'POST', '/sim/devicestatus', { deviceSerial: CAM, ...r });
      assert.strictEqual(res.status, 200);
    }
    if (source === 'consumer') {
      const completed = new Promise<void>((r) => helper.getNode('completed').once('input', () => r()));
      helper.getNode('op').receive({ payload: 'now' });
      await completed;
    } else {
      await until(
        () =>
          webhookPusher(sim.state)
            .pushes()
            .filter((p) => p.acked).length >= published,
        5000,
      );
    }
    await settle();
  }

  const view = (m: Msg) => {
    const { kind, deviceSerial, battery, charging, low, sdCard, code, health, capacity, source, event } = m.payload;
    return kind === 'battery'
      ? { event, kind, deviceSerial, battery, charging, low, source }
      : { event, kind, deviceSerial, sdCard, code, health, capacity, source };
  };

  for (const source of ['consumer', 'webhook'] as const) {
    it(`${source}: battery and SD card messages only when they change; low battery once`, async () => {
      const out = await start(source, { status: true });
      const battery = (reported: unknown) => ({ type: 'power_status', reported });
      const storage = (reported: unknown) => ({ type: 'storage_status', reported });
      await publish(source, [
        battery([{ powerRemaining: '73%' }, { powerType: 1 }]), // first: sent
        battery({ powerRemaining: 73, powerType: 1 }), // the same: not sent
        battery({ powerRemaining: 70 }), // 3 points: not sent
        battery({ powerRemaining: '19%' }), // low: sent
        battery({ powerRemaining: 18 }), // still low: not sent
        battery({ powerRemaining: 5 }), // still low, 14 points lower: not sent
        battery({ powerType: 0 }), // charging: sent
        storage({ status: 0, healthLevel: 100, capacity: 30436 }), // first: sent
        storage([{ status: 0 }, { healthLevel: 100 }]), // the same: not sent
        storage({ status: 2 }), // not formatted: sent
        storage({ status: 7, healthLevel: 80 }), // damaged: sent
        { type: 'DEFENCE', reported: { status: 1 } }, // not a status: nothing (no `others`)
        { type: 'somethingNew', reported: { x: 1 } },
      ]);
      const s = source;
      const card = { event: 'status', kind: 'storage', deviceSerial: CAM, capacity: 30436, source: s };
      assert.deepStrictEqual(out.ok.map(view), [
        { event: 'status', kind: 'battery', deviceSerial: CAM, battery: 73, charging: false, low: false, source: s },
        { event: 'status', kind: 'battery', deviceSerial: CAM, battery: 19, charging: false, low: true, source: s },
        { event: 'status', kind: 'battery', deviceSerial: CAM, battery: 5, charging: true, low: true, source: s },
        { ...card, sdCard: 'ok', code: 0, health: 100 },
        { ...card, sdCard: 'unformatted', code: 2, health: 100 },
        { ...card, sdCard: 'error', code: 7, health: 80 },
      ]);
      for (const m of out.ok) {
        assert.strictEqual(m.topic, CAM);
        assert.strictEqual(m.ezviz.source, source);
        assert.ok(typeof m.ezviz.messageId === 'string' && m.ezviz.messageId, 'the message id');
        assert.strictEqual(typeof m.payload.time, 'number');
      }
      assert.deepStrictEqual(out.err, []);
    });

    it(`${source}: without the option a ys.devicestatus message is an others message, as before`, async () => {
      const out = await start(source, { others: true });
      const reported = { powerRemaining: '73%', powerType: 1 };
      await publish(source, [{ type: 'power_status', reported }]);
      assert.deepStrictEqual(
        out.ok.map((m) => m.payload),
        [{ event: 'message', type: 'ys.devicestatus', body: { type: 'power_status', reported } }],
      );
    });
  }

  it('webhook: with both options, a status is sent as a status and what it does not type as a message', async () => {
    const out = await start('webhook', { status: true, others: true });
    await publish('webhook', [
      { type: 'storage_status', reported: { status: 0 } },
      { type: 'DEFENCE', reported: { status: 1 } },
    ]);
    assert.deepStrictEqual(
      out.ok.map((m) => [m.payload.event, m.payload.kind ?? m.payload.body.type]),
      [
        ['status', 'storage'],
        ['message', 'DEFENCE'],
      ],
    );
  });

  for (const source of ['poll', 'consumer'] as const) {
    it(`${source}: ezviz-device reads of the same account are status messages too (source device), when changed`, async () => {
      const out = await start(source, { status: true });
      const devOut = collect(['devok', 'deverr']);
      const read = async (n: number) => {
        helper.getNode('dev').receive({ payload: {} });
        await devOut.wait(n);
      };
      await read(1); // battery 76, no card
      await read(2); // the same
      sim.state.devices.C00000014.camera.battery = 15;
      await read(3); // low
      await settle();
      assert.deepStrictEqual(devOut.deverr, []);
      assert.deepStrictEqual(out.ok.map(view), [
        {
          event: 'status',
          kind: 'battery',
          deviceSerial: 'C00000014',
          battery: 76,
          charging: null,
          low: false,
          source: 'device',
        },
        {
          event: 'status',
          kind: 'storage',
          deviceSerial: 'C00000014',
          sdCard: 'none',
          code: null,
          health: null,
          capacity: null,
          source: 'device',
        },
        {
          event: 'status',
          kind: 'battery',
          deviceSerial: 'C00000014',
          battery: 15,
          charging: null,
          low: true,
          source: 'device',
        },
      ]);
      assert.deepStrictEqual(out.ok[0].ezviz, { source: 'device' });
    });
  }

  it("a node's device filter applies to status messages and reads; without the option reads send nothing", async () => {
    const out = await start('consumer', { status: true, deviceSerial: 'C00000001' });
    await publish('consumer', [{ type: 'power_status', reported: { powerRemaining: 50 } }]);
    const devOut = collect(['devok', 'deverr']);
    helper.getNode('dev').receive({ payload: {} });
    await devOut.wait(1);
    await settle();
    assert.deepStrictEqual(out.ok, []);
    await unload();
    const plain = await start('poll');
    const again = collect(['devok', 'deverr']);
    helper.getNode('dev').receive({ payload: {} });
    await again.wait(1);
    await settle();
    assert.deepStrictEqual(plain.ok, []);
  });
});
