// The camera-state calls of docs/api/watch-api.md sections 2-4 over real HTTP: every switch with
// its status call, "already so" (60021/60022/60016/60019), unsupported (60020), the hub modes,
// the verification code (20010), device/info (offline too) and device/status/get (channel or
// channelNo), the battery camera that sleeps, and POST /sim/device.

import { strict as assert } from 'assert';
import { FakeClock, ROUTES, startSimulator } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { SWITCH_PATHS } from '../../../simulator/routes';
import { callApi, request } from '../../support/simulator-http';
import type { ApiReply, Fields } from '../../support/simulator-http';

const T = 'at.demo-token';
const START = Date.parse('2026-03-01T08:00:00Z');
const path = (op: string): string => ROUTES.find((r) => r.op === op)!.path;

describe('simulator: arming, switches, device state (watch-api 2-4)', function () {
  let sim: Simulator;
  const call = (p: string, f: Fields): Promise<ApiReply> => callApi(sim.url, p, { accessToken: T, ...f });
  const admin = async (body: unknown) =>
    request(sim.url, '/sim/device', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', Origin: sim.url },
    });

  beforeEach(async () => {
    sim = await startSimulator({ port: 0, clock: new FakeClock(START) });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('defence: arm, already armed is 60021, disarm; device/info shows it', async () => {
    assert.equal((await call(path('defence-set'), { deviceSerial: 'C00000001', isDefence: 1 })).code, '200');
    assert.equal((await call(path('device-info'), { deviceSerial: 'C00000001' })).data.defence, 1);
    assert.equal((await call(path('defence-set'), { deviceSerial: 'C00000001', isDefence: 1 })).code, '60021');
    assert.equal((await call(path('defence-set'), { deviceSerial: 'C00000001', isDefence: 0 })).code, '200');
    assert.equal((await call(path('defence-set'), { deviceSerial: 'C00000001', isDefence: 8 })).code, '10001');
    assert.equal((await call(path('defence-set'), { deviceSerial: 'C00000002', isDefence: 1 })).code, '20007');
  });

  it('an alarm hub takes sleep/home/away (0/8/16), not 1', async () => {
    for (const v of [16, 0, 8])
      assert.equal((await call(path('defence-set'), { deviceSerial: 'C00000015', isDefence: v })).code, '200');
    assert.equal((await call(path('defence-set'), { deviceSerial: 'C00000015', isDefence: 8 })).code, '60021');
    assert.equal((await call(path('defence-set'), { deviceSerial: 'C00000015', isDefence: 1 })).code, '10001');
    assert.equal((await call(path('device-info'), { deviceSerial: 'C00000015' })).data.defence, 8);
  });

  it('every on/off switch: set, its status, 60022 when already so, 60020 where unsupported', async () => {
    for (const [name, p] of Object.entries(SWITCH_PATHS)) {
      const serial = 'C00000001';
      const before = p.status ? (await call(p.status, { deviceSerial: serial })).data.enable : undefined;
      const want = before === 1 || (before === undefined && name === 'offline-notify') ? 0 : 1;
      assert.equal((await call(p.set, { deviceSerial: serial, enable: want, channelNo: 1 })).code, '200', name);
      assert.equal((await call(p.set, { deviceSerial: serial, enable: want })).code, '60022', name);
      if (p.status)
        assert.deepEqual((await call(p.status, { deviceSerial: serial })).data, {
          deviceSerial: serial,
          channelNo: 1,
          enable: want,
        });
    }
    const lens = SWITCH_PATHS.privacy;
    assert.equal((await call(lens.set, { deviceSerial: 'C00000003', enable: 1 })).code, '60020', 'no lens cover');
    assert.equal((await call(lens.status!, { deviceSerial: 'C00000015' })).code, '60020');
    assert.equal(
      (await call(SWITCH_PATHS['status-light'].set, { deviceSerial: 'C00000014', enable: 0 })).code,
      '60020',
    );
  });

  it('encryption: off needs the verification code (20010), 60016 already off, 60019 already on', async () => {
    assert.equal(
      (await call(path('encrypt-off'), { deviceSerial: 'C00000005', validateCode: 'WRONGX' })).code,
      '20010',
    );
    assert.equal((await call(path('encrypt-off'), { deviceSerial: 'C00000005', validateCode: 'ABCDEF' })).code, '200');
    assert.equal(
      (await call(path('encrypt-off'), { deviceSerial: 'C00000005', validateCode: 'ABCDEF' })).code,
      '60016',
    );
    assert.equal((await call(path('device-info'), { deviceSerial: 'C00000005' })).data.isEncrypt, 0);
    assert.equal((await call(path('encrypt-on'), { deviceSerial: 'C00000005' })).code, '200');
    assert.equal((await call(path('encrypt-on'), { deviceSerial: 'C00000005' })).code, '60019');
    const log = sim.requestLog({ path: path('encrypt-off') });
    assert.ok(
      log.every((e) => e.fields.validateCode === '***'),
      'the code is masked in the request log',
    );
  });

  it('alarm sound: short/long/mute, 60022 when already so', async () => {
    assert.equal((await call(path('alarm-sound-set'), { deviceSerial: 'C00000001', type: 2 })).code, '200');
    assert.equal((await call(path('alarm-sound-set'), { deviceSerial: 'C00000001', type: 2 })).code, '60022');
    assert.equal((await call(path('device-info'), { deviceSerial: 'C00000001' })).data.alarmSoundMode, 2);
    assert.equal((await call(path('alarm-sound-set'), { deviceSerial: 'C00000001', type: 3 })).code, '10001');
  });

  it('device/info answers offline devices (status 0); status/get takes channel or channelNo, 20007 offline', async () => {
    const info = (await call(path('device-info'), { deviceSerial: 'C00000002' })).data;
    assert.equal(info.status, 0);
    assert.equal(typeof info.updateTime, 'number');
    assert.equal((await call(path('device-status'), { deviceSerial: 'C00000002' })).code, '20007');
    assert.equal((await call(path('device-status'), { deviceSerial: 'C00000011', channel: 11 })).code, '20032');
    assert.equal((await call(path('device-status'), { deviceSerial: 'C00000011', channelNo: 11 })).code, '20032');
    const battery = (await call(path('device-status'), { deviceSerial: 'C00000014', channel: 1 })).data;
    assert.equal(battery.battryStatus, 76);
    assert.equal(battery.wakeUpStatus, 1);
    assert.equal(battery.diskState, '-');
    const mains = (await call(path('device-status'), { deviceSerial: 'C00000001' })).data;
    assert.equal(mains.battryStatus, -1);
    assert.equal(mains.wakeUpStatus, -1);
    assert.equal(mains.privacyStatus, 0);
    assert.equal((await call(path('device-status'), { deviceSerial: 'C00000003' })).data.privacyStatus, 2);
  });

  it('POST /sim/device changes a camera as its app would (online, defence, switches); secrets stay out', async () => {
    const r = await admin({ deviceSerial: 'C00000001', online: false, defence: 1, camera: { privacy: true } });
    assert.equal(r.status, 200, r.text);
    assert.ok(!r.text.includes('ABCDEF'));
    assert.equal((await call(path('device-info'), { deviceSerial: 'C00000001' })).data.status, 0);
    assert.equal((await admin({ deviceSerial: 'C00000001', defence: 3 })).status, 400);
    assert.equal((await admin({ deviceSerial: 'NOPE' })).status, 400);
    const state = await request(sim.url, '/sim/state');
    assert.ok(!state.text.includes('ABCDEF'), 'verification codes masked in GET /sim/state');
  });
});
