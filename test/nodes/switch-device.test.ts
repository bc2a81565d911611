// ezviz-switch and ezviz-device in Node-RED against the simulator (docs/behaviour.md section 12): every
// switch's call, "already so" as success, hub modes, the verification code as a secret, writes
// 2 s apart per device (fake clock), the merged device state with nulls, and `watch` (injected
// timer: changes only, one read in flight, no timer after close).

import assert from 'assert';
import type { FakeClock, Simulator } from '../../simulator';
import { STATE_CALLS } from '../../client/operations/state-calls';
import { statusKey } from '../../runtime/i18n/status-keys';
import { SWITCHES, SWITCH_NAMES, statesOf } from '../../client/operations/switches';
import { fakeClockSimulator, fakeTime } from '../support/fake-time';
import {
  buildFlow,
  collect,
  helper,
  hooks,
  load,
  loadOp,
  Msg,
  run,
  said,
  secrets,
  lastStatus,
  TAB,
  unload,
} from '../support/red';

const CAM = 'C00000001';

/** Each reply went to output 2 with the error source it is paired with, the operation named in the
 * error, the payload and msg.ezviz. */
function failedAs(operation: string, cases: [Awaited<ReturnType<typeof run>>, string][]): void {
  for (const [r, source] of cases) {
    assert.strictEqual(r.port, 'err', source);
    assert.strictEqual(r.msg.error.source, source, JSON.stringify(r.msg.error));
    assert.strictEqual(r.msg.error.operation, operation, `${source}: ${JSON.stringify(r.msg.error)}`);
    assert.strictEqual(r.msg.payload.operation, operation, source);
    assert.strictEqual(r.msg.ezviz.operation, operation, source);
  }
}

describe('ezviz-switch against the simulator', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));

  it('defence on: armed, changed true; again: changed false (60021); status armed / disarmed', async () => {
    fakeTime(clock);
    await loadOp('switch', sim.url, {
      props: {
        deviceSerial: CAM,
        deviceSerialType: 'str',
        switch: 'defence',
        switchType: 'switch',
        state: 'on',
        stateType: 'switchState',
      },
    });
    const first = await run({ payload: {} });
    assert.strictEqual(first.port, 'ok', JSON.stringify(first.msg.error));
    assert.deepStrictEqual(first.msg.payload, { switch: 'defence', state: 'on', changed: true });
    assert.strictEqual(first.msg.ezviz.operation, 'switch');
    assert.deepStrictEqual(first.msg.ezviz.request, { deviceSerial: CAM, isDefence: 1 });
    assert.strictEqual(lastStatus().text, statusKey('switch.defence.on'));
    assert.strictEqual(sim.state.devices[CAM].defence, 1);
    const again = await run({ payload: {} });
    assert.deepStrictEqual(again.msg.payload, { switch: 'defence', state: 'on', changed: false });
    assert.strictEqual(again.msg.ezviz.code, '60021');
  });

  it('state from msg.payload itself (true/false, 0/1, "off") or msg.payload.state', async () => {
    fakeTime(clock);
    await loadOp('switch', sim.url, {
      props: { deviceSerial: CAM, deviceSerialType: 'str', switch: 'privacy', switchType: 'switch' },
    });
    for (const [payload, want] of [
      [true, true],
      [0, false],
      ['ON', true],
      [{ state: 'off' }, false],
      [1, true],
    ] as const) {
      const r = await run({ payload });
      assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
      assert.strictEqual(sim.state.devices[CAM].camera.privacy, want, JSON.stringify(payload));
    }
    const bad = await run({ payload: 'maybe' });
    assert.strictEqual(bad.port, 'err');
    assert.strictEqual(bad.msg.error.code, '10001');
    assert.strictEqual(bad.msg.error.source, 'validation');
  });

  it('every switch and state sends its own call with its value (table-driven)', async () => {
    fakeTime(clock);
    await loadOp('switch', sim.url);
    for (const name of SWITCH_NAMES) {
      for (const state of statesOf(name)) {
        const serial = name === 'defence' && ['sleep', 'home', 'away'].includes(state) ? 'C00000015' : CAM;
        sim.clearLog();
        const r = await run({ payload: { deviceSerial: serial, switch: name, state, verificationCode: 'ABCDEF' } });
        const plan = SWITCHES[name].states[state]!;
        const log = sim.requestLog({ path: STATE_CALLS[plan.call].path });
        assert.strictEqual(log.length, 1, `${name} ${state}: ${JSON.stringify(r.msg.error)}`);
        if (SWITCHES[name].field)
          assert.strictEqual(log[0].fields[SWITCHES[name].field!], String(plan.value), `${name} ${state}`);
        assert.strictEqual(r.port, 'ok', `${name} ${state}: ${JSON.stringify(r.msg.error)}`);
      }
    }
  });

  it('a set is idempotent: dropped connections, HTTP 500 and 20008 are retried within the budget', async () => {
    fakeTime(clock);
    await loadOp('switch', sim.url);
    for (const kind of ['drop', 'http500', '20008'] as const) {
      sim.clearLog();
      sim.injectFault({ kind, path: STATE_CALLS['encryption-on'].path, count: 2 });
      const r = await run({ payload: { deviceSerial: 'C00000003', switch: 'encryption', state: 'on' } });
      assert.strictEqual(r.port, 'ok', `${kind}: ${JSON.stringify(r.msg.error)}`);
      assert.strictEqual(sim.requestLog({ path: STATE_CALLS['encryption-on'].path }).length, 3, kind);
      sim.state.devices.C00000003.capabilities.encryption = false;
    }
  });

  it('one operation name, switch, in msg.ezviz and msg.error for validation, API and network errors', async () => {
    fakeTime(clock);
    await loadOp('switch', sim.url);
    const bad = await run({ payload: { deviceSerial: 'C 1', switch: 'defence', state: 'on' } });
    const offline = await run({ payload: { deviceSerial: 'C00000002', switch: 'defence', state: 'on' } });
    sim.injectFault({ kind: 'drop', path: STATE_CALLS['defence-set'].path, count: 10 });
    const dropped = await run({ payload: { deviceSerial: CAM, switch: 'defence', state: 'on' } });
    failedAs('switch', [
      [bad, 'validation'],
      [offline, 'api'],
      [dropped, 'network'],
    ]);
  });

  it('hub modes: away sends 16; "on" to a hub is refused by it (10001, api)', async () => {
    fakeTime(clock);
    await loadOp('switch', sim.url);
    const away = await run({ payload: { deviceSerial: 'C00000015', switch: 'defence', state: 'away' } });
    assert.deepStrictEqual(away.msg.payload, { switch: 'defence', state: 'away', changed: true });
    assert.strictEqual(lastStatus().text, statusKey('switch.defence.away'));
    assert.strictEqual(sim.state.devices.C00000015.defence, 16);
    const on = await run({ payload: { deviceSerial: 'C00000015', switch: 'defence', state: true } });
    assert.strictEqual(on.port, 'err');
    assert.strictEqual(on.msg.error.source, 'api');
    assert.strictEqual(on.msg.error.code, '10001');
  });

  it('unsupported switch: 60020 with the switch hint; a state the switch does not take: validation, nothing sent', async () => {
    fakeTime(clock);
    await loadOp('switch', sim.url);
    const r = await run({ payload: { deviceSerial: 'C00000003', switch: 'privacy', state: 'on' } });
    assert.strictEqual(r.port, 'err');
    assert.strictEqual(r.msg.error.code, '60020');
    assert.strictEqual(lastStatus().text, statusKey('code.60020-switch'));
    sim.clearLog();
    const bad = await run({ payload: { deviceSerial: CAM, switch: 'alarm-sound', state: 'on' } });
    assert.strictEqual(bad.port, 'err');
    assert.strictEqual(bad.msg.error.source, 'validation');
    assert.match(bad.msg.error.message, /short, long, mute/);
    assert.strictEqual(sim.requestLog().filter((e) => e.path.startsWith('/api/lapp/device')).length, 0);
  });

  it('encryption off: the verification code from the credential, never in messages; wrong code 20010; none: validation', async () => {
    fakeTime(clock);
    secrets.add('ABCDEF');
    await loadOp('switch', sim.url, {
      props: {
        switch: 'encryption',
        switchType: 'switch',
        state: 'off',
        stateType: 'switchState',
        verificationCode: '',
        verificationCodeType: 'cred',
      },
      nodeCreds: { verificationCode: 'ABCDEF' },
    });
    const ok = await run({ payload: { deviceSerial: 'C00000005' } });
    assert.strictEqual(ok.port, 'ok', JSON.stringify(ok.msg.error));
    assert.strictEqual(sim.state.devices.C00000005.capabilities.encryption, false);
    assert.ok(!JSON.stringify(ok.msg).includes('ABCDEF'));
    await unload();
    await loadOp('switch', sim.url, {
      props: { switch: 'encryption', switchType: 'switch', state: 'off', stateType: 'switchState' },
    });
    sim.state.devices.C00000005.capabilities.encryption = true;
    const wrong = await run({ payload: { deviceSerial: 'C00000005', verificationCode: 'WRONGX' } });
    assert.strictEqual(wrong.msg.error.code, '20010');
    assert.strictEqual(wrong.msg.ezviz.input.verificationCode, '***');
    assert.ok(!JSON.stringify(wrong.msg.ezviz.request).includes('WRONGX'));
    const none = await run({ payload: { deviceSerial: 'C00000005' } });
    assert.strictEqual(none.msg.error.source, 'validation');
    assert.match(none.msg.error.message, /verificationCode/);
    assert.ok(!said.join('\n').includes('ABCDEF'));
  });

  it("encryption off: a flow without verificationCodeType reads the credential (the editor's default type)", async () => {
    fakeTime(clock);
    secrets.add('ABCDEF');
    await loadOp('switch', sim.url, {
      props: { switch: 'encryption', switchType: 'switch', state: 'off', stateType: 'switchState' },
      nodeCreds: { verificationCode: 'ABCDEF' },
    });
    const ok = await run({ payload: { deviceSerial: 'C00000005' } });
    assert.strictEqual(ok.port, 'ok', JSON.stringify(ok.msg.error));
    assert.strictEqual(sim.state.devices.C00000005.capabilities.encryption, false);
  });

  it('the alarm node filtering a camera known to be disarmed says "camera disarmed" (docs/behaviour.md section 12)', async () => {
    fakeTime(clock);
    const { flow, credentials } = buildFlow('switch', sim.url);
    flow.push({
      id: 'alarm',
      type: 'ezviz-alarm',
      z: TAB,
      name: '',
      config: 'cfg',
      interval: 60,
      deviceSerial: CAM,
      alarmType: '',
      x: 100,
      y: 100,
      wires: [[], []],
    });
    await load(flow, credentials);
    const alarm = helper.getNode('alarm');
    const polled = async (): Promise<string> => {
      const spy = alarm.status as unknown as { args: unknown[][] };
      const before = spy.args.length;
      alarm.receive({ payload: 'poll' });
      for (let i = 0; i < 100 && spy.args.length === before; i++) await new Promise((r) => setTimeout(r, 20));
      return String((spy.args[spy.args.length - 1][0] as { text: string }).text);
    };
    const disarmed = statusKey('cameraDisarmed');
    assert.ok(!(await polled()).includes(disarmed));
    assert.strictEqual((await run({ payload: { deviceSerial: CAM, switch: 'defence', state: 'off' } })).port, 'ok');
    assert.ok((await polled()).includes(disarmed));
    assert.strictEqual((await run({ payload: { deviceSerial: CAM, switch: 'defence', state: 'on' } })).port, 'ok');
    assert.ok(!(await polled()).includes(disarmed));
  });

  it('writes to one device go out at least 2 s apart (fake clock); reads and other devices are not held back', async () => {
    const { sleeps } = fakeTime(clock);
    await loadOp('switch', sim.url, { count: 2 });
    const out = collect();
    const n = helper.getNode('op');
    n.receive({ payload: { deviceSerial: CAM, switch: 'defence', state: 'on' }, topic: 'a' });
    n.receive({ payload: { deviceSerial: CAM, channelNo: 1, switch: 'privacy', state: 'on' }, topic: 'b' });
    n.receive({ payload: { deviceSerial: CAM, switch: 'microphone', state: 'off' }, topic: 'c' });
    helper
      .getNode('op2')
      .receive({ payload: { deviceSerial: 'C00000005', switch: 'defence', state: 'on' }, topic: 'other' });
    await out.wait(4);
    assert.deepStrictEqual(
      out.err.map((m: Msg) => m.error),
      [],
    );
    const times = sim
      .requestLog()
      .filter((e) => e.path.startsWith('/api/lapp/') && e.fields.deviceSerial === CAM)
      .map((e) => e.time);
    assert.strictEqual(times.length, 3);
    for (let i = 1; i < times.length; i++)
      assert.ok(times[i] - times[i - 1] >= 2000, `gap ${times[i] - times[i - 1]} ms`);
    assert.strictEqual(sleeps.length, 2, `${sleeps}`);
  });
});

describe('ezviz-device against the simulator', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));

  it('one message: the merged, typed state; nulls for what is not reported; status online, disarmed', async () => {
    fakeTime(clock);
    await loadOp('device', sim.url, { props: { deviceSerial: 'c00000014', deviceSerialType: 'str' } });
    const r = await run({ payload: {} });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    const p = r.msg.payload;
    assert.deepStrictEqual(
      { ...p, updated: typeof p.updated },
      {
        deviceSerial: 'C00000014',
        channelNo: 1,
        name: 'Garden (battery camera)',
        model: 'CS-BC1C',
        firmware: 'V5.3.0 build 230215',
        online: true,
        armed: true,
        privacy: null,
        encrypted: false,
        alarmSound: 'short',
        battery: 76,
        signal: 64,
        sdCard: 'none',
        cloudStorage: 'activated',
        sleeping: true,
        updated: 'string',
      },
    );
    assert.strictEqual(lastStatus().text, statusKey('deviceArmed'));
    assert.deepStrictEqual(r.msg.ezviz.request, { deviceSerial: 'C00000014', channelNo: 1 });
    const status = sim.requestLog({ path: STATE_CALLS['device-status'].path })[0];
    assert.strictEqual(status.fields.channel, '1');
    assert.strictEqual(status.fields.channelNo, '1');
  });

  it('one operation name, device, in msg.error for validation, API, network and HTTP errors of any of its reads', async () => {
    fakeTime(clock);
    await loadOp('device', sim.url);
    const bad = await run({ payload: { deviceSerial: 'C 1' } });
    const unknown = await run({ payload: { deviceSerial: 'C99999999' } });
    sim.injectFault({ kind: 'drop', path: STATE_CALLS['device-info'].path, count: 10 });
    const dropped = await run({ payload: { deviceSerial: 'C00000001' } });
    sim.clearFaults();
    sim.injectFault({ kind: 'http500', path: STATE_CALLS['device-status'].path, count: 10 });
    const status500 = await run({ payload: { deviceSerial: 'C00000001' } });
    failedAs('device', [
      [bad, 'validation'],
      [unknown, 'api'],
      [dropped, 'network'],
      [status500, 'http'],
    ]);
  });

  it('an offline camera: online false, camera-only fields null; status offline', async () => {
    fakeTime(clock);
    await loadOp('device', sim.url);
    const r = await run({ payload: { deviceSerial: 'C00000002' } });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.strictEqual(r.msg.payload.online, false);
    assert.strictEqual(r.msg.payload.battery, null);
    assert.strictEqual(r.msg.payload.privacy, null);
    assert.strictEqual(lastStatus().text, statusKey('deviceOffline'));
  });

  it('watch: sends changes only (msg.changed), one report per run of failures, one read in flight, no timer after close', async () => {
    fakeTime(clock);
    const timers = new Set<() => void>();
    hooks.timer = (fn: () => void) => {
      timers.add(fn);
      return () => timers.delete(fn);
    };
    const fire = async (): Promise<void> => {
      const fns = [...timers];
      timers.clear();
      for (const fn of fns) fn();
      await new Promise((r) => setTimeout(r, 50));
    };
    await loadOp('device', sim.url, { props: { deviceSerial: CAM, deviceSerialType: 'str', watch: 60 } });
    const out = collect();
    assert.strictEqual(timers.size, 1, 'the first read is scheduled');
    await fire();
    await out.wait(1);
    assert.strictEqual(out.ok[0].changed.length, 13, 'the first read sends every field');
    await fire();
    assert.strictEqual(out.ok.length, 1, 'nothing changed: nothing sent');
    sim.state.devices[CAM].online = false;
    await fire();
    await out.wait(2);
    // offline: the status reads answer 20007, so what only the camera tells becomes null
    assert.deepStrictEqual(out.ok[1].changed, ['online', 'privacy', 'sdCard', 'cloudStorage']);
    assert.strictEqual(out.ok[1].payload.privacy, null);
    assert.strictEqual(out.ok[1].topic, CAM);
    sim.injectFault({ kind: 'http500', path: STATE_CALLS['device-info'].path, count: 100 });
    await fire();
    await fire();
    assert.strictEqual(out.err.length, 1, 'a run of failures is reported once');
    sim.clearFaults();
    // a tick while a read is under way is skipped: one read in flight per node
    sim.injectFault({ kind: 'latency', ms: 300, path: STATE_CALLS['device-info'].path, count: 1 });
    sim.clearLog();
    await fire();
    await fire();
    await new Promise((r) => setTimeout(r, 400));
    assert.strictEqual(sim.requestLog({ path: STATE_CALLS['device-info'].path }).length, 1);
    await unload();
    assert.strictEqual(timers.size, 0, 'no timer after close');
  });
});
