// ezviz-setting and ezviz-firmware in Node-RED against the simulator (docs/behaviour.md section
// 20, docs/api/media-api.md sections 5 and 6): each setting read and written in people's form,
// "already so" without a write, out of range refused with nothing sent, the model or region that
// lacks a setting as a hinted api error, writes 2 s apart per device; the firmware check, an
// upgrade followed on injected timers to its end (progress messages), one that fails, one with
// nothing to do, the 30-minute bound, never sent twice, and closing that stops following only.

import assert from 'assert';
import type { FakeClock, Simulator } from '../../simulator';
import { UPKEEP_CALLS } from '../../client/operations/settings';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until, type Timers } from '../support/fake-time';
import { collect, helper, lastStatus, loadOp, run, unload } from '../support/red';

const CAM = 'C00000001';
const path = (c: keyof typeof UPKEEP_CALLS): string => UPKEEP_CALLS[c].path;

/** Fires the follow timer once it is there (the reads before it may take a moment on a busy machine). */
async function tick(timers: Timers, stop: () => boolean = () => false): Promise<number> {
  await until(() => timers.live() > 0 || stop(), 10000);
  return stop() ? 0 : timers.fire();
}

describe('ezviz-setting against the simulator', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));

  it('sensitivity: reads 0-6 with its level; "low" writes 1 (changed), again only reads (changed false)', async () => {
    fakeTime(clock);
    await loadOp('setting', sim.url, {
      props: { deviceSerial: CAM, deviceSerialType: 'str', setting: 'sensitivity', settingType: 'setting' },
    });
    const read = await run({ payload: {} });
    assert.strictEqual(read.port, 'ok', JSON.stringify(read.msg.error));
    assert.deepStrictEqual(read.msg.payload, { setting: 'sensitivity', value: 3, level: 'medium' });
    sim.clearLog();
    const low = await run({ payload: { value: 'low' } });
    assert.deepStrictEqual(low.msg.payload, { setting: 'sensitivity', value: 1, level: 'low', changed: true });
    assert.strictEqual(sim.state.devices[CAM].camera.sensitivity, 1);
    const set = sim.requestLog({ path: path('sensitivity-set') });
    assert.deepStrictEqual([set.length, set[0].fields.value, set[0].fields.type], [1, '1', '0']);
    assert.deepStrictEqual(low.msg.ezviz.request, { deviceSerial: CAM, value: 1, type: 0 });
    assert.match(String(lastStatus().text), /upkeep\.setting.*"value":"1"/);
    sim.clearLog();
    const again = await run({ payload: { value: 1 } });
    assert.strictEqual(again.msg.payload.changed, false);
    assert.strictEqual(sim.requestLog({ path: path('sensitivity-set') }).length, 0, 'already so: nothing written');
  });

  it('out of range or malformed values are refused with 10001 and nothing sent', async () => {
    fakeTime(clock);
    await loadOp('setting', sim.url, { props: { deviceSerial: CAM, deviceSerialType: 'str' } });
    sim.clearLog();
    const cases: Array<[string, unknown, RegExp]> = [
      ['sensitivity', 7, /0 \(least sensitive\) to 6/],
      ['sensitivity', 'loud', /low, medium, high/],
      ['sensitivity', -1, /to 6/],
      ['infrared', 'dim', /on or off/],
      ['schedule', { start: '22:00', stop: '06:00' }, /stop must come after start/],
      ['schedule', { start: '25:00', stop: '26:00' }, /HH:mm/],
      ['schedule', { start: '08:00', stop: '09:00', days: ['funday'] }, /days/],
      ['schedule', 'every night', /must be an object/],
      ['volume', 3, /sensitivity, schedule, infrared/],
    ];
    for (const [setting, value, why] of cases) {
      const r = await run({ payload: { setting, value } });
      assert.strictEqual(r.port, 'err', `${setting} ${JSON.stringify(value)}`);
      assert.strictEqual(r.msg.error.code, '10001');
      assert.strictEqual(r.msg.error.source, 'validation');
      assert.match(r.msg.error.message, why);
    }
    assert.strictEqual(sim.requestLog().length, 0, 'nothing sent');
  });

  it('schedule both ways: {enabled, start, stop "24:00", days} <-> startTime, stopTime n00:00, period (0 = Monday), enable', async () => {
    fakeTime(clock);
    await loadOp('setting', sim.url, {
      props: { deviceSerial: CAM, deviceSerialType: 'str', setting: 'schedule', settingType: 'setting' },
    });
    const before = await run({ payload: {} });
    assert.deepStrictEqual(before.msg.payload, {
      setting: 'schedule',
      value: { enabled: true, start: '00:00', stop: '24:00', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] },
    });
    sim.clearLog();
    const w = await run({ payload: { value: { start: '8:30', stop: '00:00', days: 'Sunday, sat', enabled: 'off' } } });
    assert.strictEqual(w.port, 'ok', JSON.stringify(w.msg.error));
    const want = { enabled: false, start: '08:30', stop: '24:00', days: ['sat', 'sun'] };
    assert.deepStrictEqual(w.msg.payload, { setting: 'schedule', value: want, changed: true });
    const f = sim.requestLog({ path: path('schedule-set') })[0].fields;
    assert.deepStrictEqual([f.startTime, f.stopTime, f.period, f.enable], ['08:30', 'n00:00', '5,6', '0']);
    const after = await run({ payload: {} });
    assert.deepStrictEqual(after.msg.payload.value, want);
  });

  it('infrared on/off; 60022 from the camera is a success with changed false', async () => {
    fakeTime(clock);
    await loadOp('setting', sim.url, {
      props: { deviceSerial: CAM, deviceSerialType: 'str', setting: 'infrared', settingType: 'setting' },
    });
    const off = await run({ payload: { value: false } });
    assert.deepStrictEqual(off.msg.payload, { setting: 'infrared', value: 'off', changed: true });
    assert.strictEqual(sim.state.devices[CAM].camera.infrared, false);
    assert.deepStrictEqual((await run({ payload: {} })).msg.payload, { setting: 'infrared', value: 'off' });
  });

  it('a model without sensitivity (60020) and an international account (60020): an api error that names capability and region', async () => {
    fakeTime(clock);
    await loadOp('setting', sim.url, { props: { setting: 'sensitivity', settingType: 'setting' } });
    const r = await run({ payload: { deviceSerial: 'C00000003', value: 2 } });
    assert.strictEqual(r.port, 'err');
    assert.deepStrictEqual([r.msg.error.code, r.msg.error.source, r.msg.error.retriable], ['60020', 'api', false]);
    // The API's own words stay the message; the package's hint (capability, region) goes beside it.
    assert.strictEqual(sim.requestLog({ path: path('sensitivity-get') }).at(-1)!.code, '60020');
    assert.match(r.msg.error.message, /This command is not supported.*60020/, "the simulator's words for 60020");
    assert.ok(!/support_sensibility_adjust/.test(r.msg.error.message), r.msg.error.message);
    assert.match(r.msg.error.hint, /support_sensibility_adjust/);
    assert.match(r.msg.error.hint, /China accounts/);
    assert.deepStrictEqual(r.msg.payload, r.msg.error);
    assert.strictEqual(sim.requestLog({ path: path('sensitivity-set') }).length, 0);
  });

  it('writes to one device go out at least 2 s apart (with the switches), reads are not held back', async () => {
    fakeTime(clock);
    await loadOp('setting', sim.url, { props: { deviceSerial: CAM, deviceSerialType: 'str' } });
    sim.clearLog();
    await run({ payload: { setting: 'sensitivity', value: 6 } });
    await run({ payload: { setting: 'infrared', value: 'off' } });
    await run({ payload: { setting: 'sensitivity', value: 0 } });
    const writes = sim
      .requestLog()
      .filter((e) => e.path.endsWith('/set'))
      .map((e) => e.time);
    assert.strictEqual(writes.length, 3);
    for (let i = 1; i < writes.length; i++)
      assert.ok(writes[i] - writes[i - 1] >= 2000, `gap ${writes[i] - writes[i - 1]} ms`);
  });

  it('ezviz-device gains firmware (device/info deviceVersion)', async () => {
    fakeTime(clock);
    await loadOp('device', sim.url, { props: { deviceSerial: CAM, deviceSerialType: 'str' } });
    const r = await run({ payload: {} });
    assert.strictEqual(r.msg.payload.firmware, 'V5.3.0 build 230215');
  });
});

describe('ezviz-firmware against the simulator', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));

  it('check: {version, latest, upgradable, upgrading, progress}; up to date on another camera', async () => {
    fakeTime(clock);
    await loadOp('firmware', sim.url);
    const r = await run({ payload: { deviceSerial: CAM } });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.deepStrictEqual(r.msg.payload, {
      version: 'V5.3.0 build 230215',
      latest: 'V5.3.8 build 240601',
      upgradable: true,
      upgrading: false,
      progress: null,
    });
    assert.match(String(lastStatus().text), /upkeep\.update/);
    const same = await run({ payload: { deviceSerial: 'C00000003' } });
    assert.strictEqual(same.msg.payload.upgradable, false);
  });

  it('upgrade: sent once, followed every 10 s, progress messages, one final message with the new version', async () => {
    fakeTime(clock);
    const timers = fakeTimers(clock);
    await loadOp('firmware', sim.url, {
      props: {
        deviceSerial: CAM,
        deviceSerialType: 'str',
        action: 'upgrade',
        actionType: 'firmwareAction',
        progress: true,
      },
    });
    const out = collect();
    helper.getNode('op').receive({ payload: {}, topic: 'mine' });
    helper.getNode('op').receive({ payload: {} }); // a second one meanwhile joins: never sent twice
    const done = (): boolean => out.ok.filter((m) => m.topic !== 'progress').length >= 2;
    let fired = 0;
    while (!done() && fired < 20) {
      const ms = await tick(timers, done);
      if (ms) assert.strictEqual(ms, 10000);
      if (ms) fired++;
      await settle();
    }
    assert.strictEqual(sim.requestLog({ path: path('firmware-upgrade') }).length, 1, 'the upgrade was sent once');
    const finals = out.ok.filter((m) => m.topic !== 'progress');
    assert.strictEqual(finals.length, 2);
    assert.deepStrictEqual(finals[0].payload, {
      version: 'V5.3.8 build 240601',
      latest: 'V5.3.8 build 240601',
      upgradable: false,
      upgrading: false,
      progress: 100,
      status: 'upgraded',
    });
    const progress = out.ok.filter((m) => m.topic === 'progress' && m.payload.deviceSerial === CAM);
    assert.ok(progress.length >= 4, `progress messages: ${progress.length}`);
    assert.ok(progress.some((m) => m.payload.status === 'rebooting'));
    // Every progress message carries a number: the start, with none yet, is in the status only.
    const numbers = progress.map((m) => m.payload.progress);
    assert.ok(
      numbers.every((p) => typeof p === 'number'),
      `progress: ${JSON.stringify(numbers)}`,
    );
    const values = progress.filter((m) => m.payload.status === 'upgrading').map((m) => m.payload.progress);
    assert.deepStrictEqual(
      values,
      [...values].sort((a, b) => a - b),
      'progress only grows',
    );
    assert.strictEqual(new Set(values).size, values.length, 'one message per change');
    assert.ok(fired >= 6 && fired <= 8, `about a minute of 10 s reads: ${fired}`);
    assert.strictEqual(out.err.length, 0);
    assert.match(String(lastStatus().text), /upkeep\.upgraded/);
  });

  it('an upgrade that fails: output 2, 60018; nothing to upgrade: output 1, status latest (60013)', async () => {
    fakeTime(clock);
    const timers = fakeTimers(clock);
    await loadOp('firmware', sim.url, { props: { action: 'upgrade', actionType: 'firmwareAction' } });
    const out = collect();
    helper.getNode('op').receive({ payload: { deviceSerial: 'C00000007' } });
    for (let i = 0; i < 5 && out.err.length === 0; i++) await tick(timers, () => out.err.length > 0);
    await out.wait(1);
    assert.deepStrictEqual([out.err[0].error.code, out.err[0].error.source], ['60018', 'api']);
    const latest = await run({ payload: { deviceSerial: 'C00000003' } });
    assert.strictEqual(latest.port, 'ok');
    assert.strictEqual(latest.msg.payload.status, 'latest');
    assert.strictEqual(latest.msg.ezviz.code, '60013');
  });

  it('not done within 30 minutes: output 2 UPGRADE_TIMEOUT; closing while following stops following, never the upgrade', async () => {
    fakeTime(clock);
    const timers = fakeTimers(clock);
    await loadOp('firmware', sim.url, { props: { action: 'upgrade', actionType: 'firmwareAction' } });
    const out = collect();
    sim.state.devices.C00000007.camera.firmware.upgrade = 'ok';
    helper.getNode('op').receive({ payload: { deviceSerial: 'C00000007' } });
    await until(() => timers.live() > 0, 10000);
    sim.state.devices.C00000007.flags.dataException = true; // every status read: 49999, transient
    await tick(timers);
    await until(() => timers.live() > 0, 10000);
    assert.strictEqual(out.err.length, 0, 'a transient failure is followed through');
    clock.advance(30 * 60000); // half an hour later
    for (let i = 0; i < 3 && out.err.length === 0; i++) await tick(timers, () => out.err.length > 0);
    await out.wait(1);
    assert.strictEqual(out.err.length, 1);
    assert.strictEqual(out.err[0].error.code, 'UPGRADE_TIMEOUT');
    sim.state.devices.C00000007.flags.dataException = false;
    helper.getNode('op').receive({ payload: { deviceSerial: CAM } });
    await tick(timers);
    await until(() => timers.live() === 1, 10000);
    await unload();
    assert.strictEqual(timers.live(), 0, 'no timer after close');
    assert.notStrictEqual(sim.state.devices[CAM].camera.upgradeStarted, null, 'the upgrade itself goes on');
    assert.strictEqual(out.ok.length, 0);
  });
});
