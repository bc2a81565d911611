// ezviz-hub in Node-RED against the simulator (docs/behaviour.md section 24, docs/api/hub-api.md
// section 1): the detectors listed from both reply shapes, an arm per mode (and "already so"),
// clearing the hub's alarm, a rename; 60020 on a camera that is not a hub with its hint; and
// validation errors that send nothing.

import assert from 'assert';
import type { Simulator } from '../../../simulator';
import { HUB_CALLS } from '../../../client/operations/hub';
import { loadOp, run, simulatorPerTest } from '../../support/red';

const HUB = 'C00000015';
const props = { deviceSerial: '', deviceSerialType: 'str', action: '', actionType: 'hubAction' };
/** A message to the hub (its serial in msg.payload unless the payload names another). */
const send = (payload: Record<string, unknown>) => run({ payload: { deviceSerial: HUB, ...payload } });

describe('ezviz-hub against the simulator', function () {
  let sim: Simulator;
  simulatorPerTest((s) => (sim = s));
  beforeEach(() => loadOp('hub', sim.url, { props }));

  /** The payload of the hub's answer to `payload` on output 1. */
  const answered = async (payload: Record<string, unknown>) => {
    const r = await send(payload);
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    return r.msg.payload;
  };
  const list = () => answered({ action: 'list' });

  it('list: every detector with serial, name, type, online, battery low and arming per mode (result.data)', async () => {
    const p = await list();
    assert.strictEqual(p.action, 'list');
    assert.strictEqual(p.hub, HUB);
    assert.strictEqual(p.detectors.length, 11);
    const door = p.detectors.find((d: { serial: string }) => d.serial === 'D00000003');
    assert.deepStrictEqual(door, {
      serial: 'D00000003',
      name: 'Front door',
      type: 'magnetometer',
      typeName: 'Door/Window Contact',
      online: true,
      batteryLow: false,
      armed: { home: false, away: true, sleep: true },
      faults: { zone: false, interference: false },
    });
    const offline = p.detectors.filter((d: { online: boolean }) => d.online === false);
    assert.deepStrictEqual(
      offline.map((d: { type: string }) => d.type),
      ['alertor'],
    );
    const low = p.detectors.filter((d: { batteryLow: boolean }) => d.batteryLow);
    assert.deepStrictEqual(
      low.map((d: { type: string }) => d.type),
      ['waterlogging'],
    );
  });

  it('list: the same detectors when the reply has data at the top', async () => {
    const wrapped = await list();
    sim.state.devices[HUB].hub.listShape = 'data';
    const top = await list();
    assert.deepStrictEqual(top, wrapped);
  });

  it('arm: one detector in one mode; again is a success with changed false', async () => {
    sim.clearLog();
    const arm = { action: 'arm', detectorSerial: 'D00000001', mode: 'home', armed: true };
    assert.deepStrictEqual(await answered(arm), { ...arm, hub: HUB, changed: true });
    const sent = sim.requestLog({ path: HUB_CALLS.arm.path });
    assert.deepStrictEqual(
      [sent.length, sent[0].fields.safeMode, sent[0].fields.enable, sent[0].fields.detectorSerial],
      [1, '0', '1', 'D00000001'],
    );
    const again = await send({ action: 'arm', detectorSerial: 'D00000001', mode: 0, armed: 'on' });
    assert.strictEqual(again.port, 'ok');
    assert.strictEqual(again.msg.payload.changed, false);
    const p = await list();
    const pir = p.detectors.find((d: { serial: string }) => d.serial === 'D00000001');
    assert.deepStrictEqual(pir.armed, { home: true, away: true, sleep: false });
    const off = await send({ action: 'arm', detectorSerial: 'D00000001', mode: 'away', armed: false });
    assert.deepStrictEqual(
      [off.msg.payload.mode, off.msg.payload.armed, off.msg.payload.changed],
      ['away', false, true],
    );
  });

  it("clear: the hub's alarm is cleared", async () => {
    sim.state.devices[HUB].hub.alarm = true;
    assert.deepStrictEqual(await answered({ action: 'clear' }), { action: 'clear', hub: HUB });
    assert.strictEqual(sim.state.devices[HUB].hub.alarm, false);
  });

  it('rename: the detector carries its new name in the next list', async () => {
    const r = await answered({ action: 'rename', detectorSerial: 'D00000002', detectorName: 'Kitchen (upstairs)' });
    assert.deepStrictEqual(r, { action: 'rename', hub: HUB, detectorSerial: 'D00000002', name: 'Kitchen (upstairs)' });
    const p = await list();
    assert.strictEqual(
      p.detectors.find((d: { serial: string }) => d.serial === 'D00000002').name,
      'Kitchen (upstairs)',
    );
  });

  it('60020 on a camera that is not a hub, with its hint and status', async () => {
    for (const action of ['list', 'clear']) {
      const r = await send({ action, deviceSerial: 'C00000001' });
      assert.strictEqual(r.port, 'err');
      assert.strictEqual(r.msg.error.code, '60020');
      assert.strictEqual(r.msg.error.operation, 'hub');
      assert.match(r.msg.error.hint, /not an alarm hub/);
    }
  });

  it('validation: a missing or bad parameter sends nothing (10001)', async () => {
    sim.clearLog();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'arm', mode: 'home', armed: true }, 'detectorSerial'],
      [{ action: 'arm', detectorSerial: 'D00000001', armed: true }, 'mode'],
      [{ action: 'arm', detectorSerial: 'D00000001', mode: 'home' }, 'armed'],
      [{ action: 'arm', detectorSerial: 'D00000001', mode: 'night', armed: true }, 'mode'],
      [{ action: 'arm', detectorSerial: 'D00000001', mode: 'home', armed: 'maybe' }, 'armed'],
      [{ action: 'rename', detectorSerial: 'D00000001' }, 'detectorName'],
      [{ action: 'rename', detectorSerial: 'D00000001', detectorName: 'a<b>' }, 'detectorName'],
      [{ action: 'rename', detectorSerial: 'D00000001', detectorName: 'x'.repeat(50) }, 'detectorName'],
      [{ action: 'delete' }, 'action'],
      [{ action: 'list', deviceSerial: 'C0000-0015' }, 'deviceSerial'],
    ];
    for (const [payload, param] of cases) {
      const r = await send(payload);
      assert.strictEqual(r.port, 'err', JSON.stringify(payload));
      assert.strictEqual(r.msg.error.code, '10001', JSON.stringify(payload));
      assert.strictEqual(r.msg.error.source, 'validation');
      assert.ok(String(r.msg.error.message).includes(param), `${JSON.stringify(payload)}: ${r.msg.error.message}`);
    }
    assert.strictEqual(sim.requestLog({}).length, 0, 'nothing sent');
  });
});
