// State transitions of the simulator over real HTTP, with a fake clock: preset numbering, the
// pan/tilt model and its limits, preset calls, mirror state, cloud storage periods, card
// lockout and token expiry.

import { strict as assert } from 'assert';
import { OPERATIONS, TOKEN_PATH } from '../../nodes/shared/operations';
import type { OperationName } from '../../nodes/shared/operations';
import { DAY_MS, FakeClock, positionOf, startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { callApi } from '../support/simulator-http';
import type { ApiReply, Fields } from '../support/simulator-http';

const T = 'at.demo-token';
const START = Date.parse('2026-03-01T08:00:00.250Z');
const START_S = Math.floor(START / 1000) * 1000;
const P = (op: OperationName): string => OPERATIONS[op].path;

describe('simulator: state transitions', function () {
  let sim: Simulator;
  let clock: FakeClock;
  const call = (op: OperationName | 'token', f: Fields): Promise<ApiReply> =>
    callApi(sim.url, op === 'token' ? TOKEN_PATH : P(op), op === 'token' ? f : { accessToken: T, ...f });
  const cam = (serial: string, extra: Fields = {}): Fields => ({ deviceSerial: serial, channelNo: 1, ...extra });
  const codeOf = async (op: OperationName, f: Fields): Promise<string> => (await call(op, f)).code;

  beforeEach(async () => {
    clock = new FakeClock(START);
    sim = await startSimulator({ port: 0, clock });
  });
  afterEach(async () => {
    await sim.close();
  });

  describe('presets', () => {
    it('numbers new presets with the lowest free index and refuses the 13th with 60008', async () => {
      const indexes: number[] = [];
      for (let i = 0; i < 3; i += 1) indexes.push((await call('preset-add', cam('C00000001'))).data.index);
      assert.deepEqual(indexes, [1, 2, 3]);
      assert.equal(await codeOf('preset-clear', cam('C00000001', { index: 2 })), '200');
      assert.deepEqual((await call('preset-add', cam('C00000001'))).data, { index: 2 });
      assert.deepEqual((await call('preset-add', cam('C00000001'))).data, { index: 4 });
      for (let i = 5; i <= 12; i += 1) assert.equal((await call('preset-add', cam('C00000001'))).data.index, i);
      assert.equal(await codeOf('preset-add', cam('C00000001')), '60008');
      assert.equal(await codeOf('preset-clear', cam('C00000001', { index: 7 })), '200');
      assert.deepEqual((await call('preset-add', cam('C00000001'))).data, { index: 7 });
      assert.deepEqual(Object.keys(sim.state.devices.C00000001.channels['1'].presets).map(Number).sort((a, b) => a - b),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    });

    it('keeps presets per channel', async () => {
      for (let i = 1; i <= 12; i += 1) assert.equal((await call('preset-add', cam('C0000000F'))).data.index, i);
      assert.equal(await codeOf('preset-add', cam('C0000000F')), '60008');
      assert.deepEqual((await call('preset-add', cam('C0000000F', { channelNo: 2 }))).data, { index: 1 });
    });

    it('clearing an empty slot succeeds; calling it gives 60011; index outside 1..12 is 10001', async () => {
      assert.equal(await codeOf('preset-clear', cam('C00000001', { index: 3 })), '200');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 3 })), '60011');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 13 })), '10001');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 0 })), '10001');
      assert.equal(await codeOf('preset-clear', cam('C00000001', { index: 'one' })), '10001');
    });

    it('a call takes 2 s of clock time, moves the camera, then repeats give 60010 until it moves', async () => {
      const ch = sim.state.devices.C00000001.channels['1'];
      assert.equal((await call('preset-add', cam('C00000001'))).data.index, 1); // at pan 0
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 3, speed: 2 })), '200');
      clock.advance(1000);
      assert.equal(await codeOf('ptz-stop', cam('C00000001', { direction: 3 })), '200');
      assert.equal(ch.pan, 60);
      assert.equal((await call('preset-add', cam('C00000001'))).data.index, 2); // at pan 60
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 1 })), '200');
      clock.advance(1999);
      assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 0 })), '60009');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 2 })), '60009');
      clock.advance(1);
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 1 })), '60010');
      assert.equal(ch.pan, 0);
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 2 })), '200');
      clock.advance(2000);
      assert.equal(positionOf(sim.state, sim.state.devices.C00000001, ch, clock.now()).pan, 60);
      // a start moves the camera away, so the same preset can be called again
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 0, speed: 0 })), '200');
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 2 })), '200');
      // a preset call while a start runs: stop first (60006)
      clock.advance(2000);
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 1, speed: 0 })), '200');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 1 })), '60006');
    });

    it('a limited model (4 presets) refuses the 5th with 60007', async () => {
      for (let i = 1; i <= 4; i += 1) assert.equal((await call('preset-add', cam('C00000007'))).data.index, i);
      assert.equal(await codeOf('preset-add', cam('C00000007')), '60007');
      assert.equal(await codeOf('preset-call', cam('C00000007', { index: 5 })), '60011');
    });
  });

  describe('pan/tilt', () => {
    const pos = () => positionOf(sim.state, sim.state.devices.C00000001, sim.state.devices.C00000001.channels['1'], clock.now());

    it('moves with the clock while a start runs and stops at the limits', async () => {
      assert.deepEqual(pos(), { pan: 0, tilt: 0, zoom: 1 });
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 3, speed: 1 })), '200'); // right, 30 deg/s
      clock.advance(2000);
      assert.equal(pos().pan, 60);
      clock.advance(60000);
      assert.equal(pos().pan, 170, 'stops at the right limit');
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      clock.advance(5000);
      assert.equal(pos().pan, 170, 'stays after the stop');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 3, speed: 1 })), '60005');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 7, speed: 1 })), '60005', 'down-right');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 2, speed: 0 })), '200', 'left is free');
      clock.advance(1000);
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      assert.equal(pos().pan, 155);
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 3, speed: 2 })), '200', 'right again after moving off the limit');
    });

    it('diagonals and zoom move each axis; tilt limits answer 60002/60003 first', async () => {
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 4, speed: 2 })), '200'); // up-left
      clock.advance(500);
      assert.deepEqual(pos(), { pan: -30, tilt: 30, zoom: 1 });
      clock.advance(10000);
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      assert.deepEqual(pos(), { pan: -170, tilt: 60, zoom: 1 });
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 4, speed: 2 })), '60002');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 5, speed: 2 })), '60004');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 8, speed: 1 })), '200'); // zoom in
      clock.advance(1500);
      assert.equal(await codeOf('ptz-stop', cam('C00000001', { direction: 8 })), '200');
      assert.equal(pos().zoom, 2.5);
    });

    it('requires a stop before the next start (60006), and a stop without a start is fine', async () => {
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 0, speed: 1 })), '200');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 0, speed: 1 })), '60006');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 1, speed: 1 })), '60006');
      assert.equal(await codeOf('ptz-stop', cam('C00000001', { direction: 0 })), '200');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 1, speed: 1 })), '200');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 16, speed: 1 })), '60006');
    });

    it('checks direction, speed and command values (10001)', async () => {
      for (const [direction, speed] of [[12, 1], [-1, 1], [15, 1], [1.5, 1], ['up', 1], [0, 3], [0, -1], [0, 'fast']]) {
        assert.equal(await codeOf('ptz-start', cam('C00000001', { direction, speed })), '10001', `${direction}/${speed}`);
      }
      assert.equal(await codeOf('ptz-stop', cam('C00000001', { direction: 12 })), '10001');
      assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 3 })), '10001');
      assert.equal(await codeOf('ptz-mirror', cam('C00000001', { channelNo: '1a', command: 0 })), '10001');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 16, speed: 0 })), '200');
    });
  });

  it('mirror: 0 flips up/down, 1 left/right, 2 centres', async () => {
    const m = () => sim.state.devices.C00000001.channels['1'].mirror;
    assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 0 })), '200');
    assert.deepEqual(m(), { upDown: true, leftRight: false });
    assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 1 })), '200');
    assert.deepEqual(m(), { upDown: true, leftRight: true });
    assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 0 })), '200');
    assert.deepEqual(m(), { upDown: false, leftRight: true });
    assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 2 })), '200');
    assert.deepEqual(m(), { upDown: false, leftRight: false });
  });

  describe('cloud storage', () => {
    const info = async (serial: string, extra: Fields = {}) => {
      const r = await call('storage-info', { deviceSerial: serial, ...extra });
      assert.equal(r.code, '200', JSON.stringify(r));
      return r.data;
    };
    const open = (serial: string, cardPassword: string, extra: Fields = {}): Promise<string> =>
      codeOf('storage-open', { deviceSerial: serial, cardPassword, ...extra });

    it('reports the default devices with statuses -2, -1, 0, 1, 2', async () => {
      const d1 = await info('C00000001');
      assert.deepEqual(d1, {
        userName: 'demo-user', deviceSerial: 'C00000001', channelNo: 1, status: 1, totalDays: 7, validDays: 20,
        startTime: START_S - 10 * DAY_MS, expireTime: START_S + 20 * DAY_MS,
      });
      assert.equal(d1.startTime % 1000, 0, 'whole seconds');
      assert.equal((await info('C00000003')).status, -2);
      assert.equal((await info('C0000000F', { channelNo: 2 })).status, -1);
      assert.equal((await info('C0000000F', { channelNo: 3 })).status, 0);
      assert.equal((await info('C00000002')).status, 0);
      const e = await info('C0000000E');
      assert.equal(e.status, 2);
      assert.equal(e.validDays, 0);
      assert.equal(e.expireTime, START_S - 30 * DAY_MS);
      assert.equal((await info('C00000001', { phone: '13800000001' })).status, 1);
    });

    it('enables storage with a card once; the card is used afterwards (60032)', async () => {
      assert.equal(await open('C00000002', 'CARD-VALID-0001', { phone: '13800000001' }), '200');
      const d = await info('C00000002');
      assert.deepEqual(d, {
        userName: 'demo-user', deviceSerial: 'C00000002', channelNo: 1, status: 1, totalDays: 7, validDays: 30,
        startTime: START_S, expireTime: START_S + 30 * DAY_MS,
      });
      assert.equal(await open('C0000000F', 'CARD-VALID-0001'), '60032');
      assert.equal(sim.state.cards['CARD-VALID-0001'].usedBy, 'C00000002');
    });

    it('isImmediately 0 queues after the current period; later the queued period takes over', async () => {
      sim.state.tokens[T].expireTime = START + 1000 * DAY_MS; // this test runs a year of clock time
      assert.equal(await open('C00000001', 'CARD-VALID-0002', { isImmediately: 0 }), '200'); // 30d-loop, 365 days
      let d = await info('C00000001');
      assert.equal(d.status, 1);
      assert.equal(d.totalDays, 7, 'the current 7-day period still runs');
      assert.equal(d.startTime, START_S - 10 * DAY_MS);
      assert.equal(d.expireTime, START_S + 385 * DAY_MS);
      assert.equal(d.validDays, 385);
      clock.advance(21 * DAY_MS);
      d = await info('C00000001');
      assert.equal(d.totalDays, 30, 'the queued period runs now');
      assert.equal(d.startTime, START_S + 20 * DAY_MS);
      assert.equal(d.validDays, 364);
      clock.advance(365 * DAY_MS);
      d = await info('C00000001');
      assert.equal(d.status, 2);
      assert.equal(d.validDays, 0);
    });

    it('isImmediately 1 with the same type renews the current service', async () => {
      assert.equal(await open('C00000001', 'CARD-VALID-0003', { isImmediately: 1 }), '200');
      const d = await info('C00000001');
      assert.equal(d.startTime, START_S - 10 * DAY_MS);
      assert.equal(d.expireTime, START_S + 50 * DAY_MS);
      assert.equal(d.validDays, 50);
      assert.equal(sim.state.devices.C00000001.channels['1'].storage.periods.length, 1);
    });

    it('isImmediately 1 with another type overlaps the current service from now', async () => {
      clock.advance(1750); // not on a whole second
      const now = Math.floor(clock.now() / 1000) * 1000;
      assert.equal(await open('C00000001', 'CARD-VALID-0002', { isImmediately: 1 }), '200');
      const d = await info('C00000001');
      assert.equal(d.status, 1);
      assert.equal(d.totalDays, 30);
      assert.equal(d.startTime, now);
      assert.equal(d.expireTime, now + 365 * DAY_MS);
      assert.equal(d.validDays, 365);
    });

    it('a device with two service types reports serviceDetail; a card of the second type extends it', async () => {
      let d = await info('C00000006');
      assert.equal(d.totalDays, 7);
      assert.deepEqual(d.serviceDetail, {
        userName: 'demo-user', deviceSerial: 'C00000006', channelNo: 1, totalDays: 3,
        startTime: START_S - 5 * DAY_MS, expireTime: START_S + 360 * DAY_MS, status: 1,
      });
      assert.equal(await open('C00000006', 'CARD-AI-0001'), '200');
      d = await info('C00000006');
      assert.equal(d.expireTime, START_S + 25 * DAY_MS, 'main service unchanged');
      assert.equal(d.serviceDetail.expireTime, START_S + 390 * DAY_MS);
      assert.equal((await info('C00000001')).serviceDetail, undefined);
    });

    it('a not-for-sale card works on its bound device only', async () => {
      assert.equal(await open('C00000001', 'CARD-BOUND-0001'), '60033');
      assert.equal(await open('C0000000E', 'CARD-BOUND-0001'), '200');
      const d = await info('C0000000E');
      assert.equal(d.status, 1);
      assert.equal(d.startTime, START_S);
    });

    it('locks a device for 24 h after 5 wrong card passwords, then resets', async () => {
      for (let i = 0; i < 5; i += 1) assert.equal(await open('C00000002', `WRONG-${i}`), '60031');
      assert.equal(await open('C00000002', 'CARD-VALID-0001'), '60030');
      assert.equal(await open('C00000002', 'WRONG-X'), '60030');
      assert.equal(await open('C0000000F', 'WRONG-Y'), '60031', 'other devices are not locked');
      clock.advance(DAY_MS - 1);
      assert.equal(await open('C00000002', 'CARD-VALID-0001'), '60030');
      clock.advance(1);
      assert.equal(await open('C00000002', 'WRONG-Z'), '60031', 'counter reset after 24 h');
      assert.equal(sim.state.devices.C00000002.cardAttempts.failures, 1);
      assert.equal(await open('C00000002', 'CARD-VALID-0001'), '200');
      assert.equal(sim.state.devices.C00000002.cardAttempts.failures, 0, 'a success resets the counter');
    });

    it('checks phone, isImmediately and channel formats (10001)', async () => {
      assert.equal(await open('C00000002', 'CARD-VALID-0001', { phone: 'abc' }), '10001');
      assert.equal(await open('C00000002', 'CARD-VALID-0001', { isImmediately: 2 }), '10001');
      assert.equal(await open('C00000002', 'CARD-VALID-0001', { channelNo: 'x' }), '10001');
      assert.equal(await codeOf('storage-open', { deviceSerial: 'C00000002' }), '10001');
      assert.equal(sim.state.cards['CARD-VALID-0001'].status, 'valid');
    });
  });

  describe('tokens', () => {
    it('a token lives 7 days; a new token does not invalidate the old one', async () => {
      const t1 = await callApi(sim.url, TOKEN_PATH, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
      assert.equal(t1.code, '200');
      assert.match(t1.data.accessToken, /^at\./);
      assert.equal(t1.data.expireTime, START + 7 * DAY_MS);
      assert.equal(t1.data.areaDomain, undefined);
      const use = (token: string) => callApi(sim.url, P('ptz-stop'), { accessToken: token, deviceSerial: 'C00000001', channelNo: 1 });
      clock.advance(DAY_MS);
      const t2 = await callApi(sim.url, TOKEN_PATH, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
      assert.notEqual(t2.data.accessToken, t1.data.accessToken);
      assert.equal((await use(t1.data.accessToken)).code, '200');
      clock.advance(6 * DAY_MS - 1);
      assert.equal((await use(t1.data.accessToken)).code, '200');
      clock.advance(1);
      assert.equal((await use(t1.data.accessToken)).code, '10002');
      assert.equal((await use(t2.data.accessToken)).code, '200');
      assert.equal((await use('at.demo-token')).code, '10002', 'the default token also lived 7 days');
      assert.equal((await use('at.unknown')).code, '10002');
    });

    it('freezing an app key answers 10005 to its tokens and to token/get', async () => {
      sim.state.appKeys['demo-app-key'].frozen = true;
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '10005');
      assert.equal((await call('token', { appKey: 'demo-app-key', appSecret: 'demo-app-secret' })).code, '10005');
    });
  });
});
