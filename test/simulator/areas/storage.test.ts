// Cloud storage over real HTTP, with a fake clock (simulator/areas/storage.ts): storage periods,
// renew/overlap/queue, cards and the card lockout.

import { strict as assert } from 'assert';
import { OPERATIONS } from '../../../client/operations/operations';
import type { OperationName } from '../../../client/operations/operations';
import { DAY_MS } from '../../../simulator';
import type { Fields } from '../../support/simulator-http';
import { apiCalls, clock, sim, simulatorEach, T } from './support';

const START = Date.parse('2026-03-01T08:00:00.250Z');
const START_S = Math.floor(START / 1000) * 1000;
const P = (op: OperationName): string => OPERATIONS[op].path;

describe('simulator: cloud storage (areas/storage.ts)', function () {
  simulatorEach(START);
  const { call, codeOf } = apiCalls(P);

  describe('cloud storage', () => {
    const info = async (serial: string, extra: Fields = {}) => {
      const r = await call('storage-info', { deviceSerial: serial, ...extra });
      assert.equal(r.code, '200', JSON.stringify(r));
      return r.data;
    };
    const open = (serial: string, cardPassword: string, extra: Fields = {}): Promise<string> =>
      codeOf('storage-open', { deviceSerial: serial, cardPassword, ...extra });
    /** The info of channel 1 of `serial` with storage on, its period of 7 days running from day
     * `from` to day `to` (days from the start, whole seconds). */
    const weekly = (serial: string, from: number, to: number) => ({
      userName: 'demo-user',
      deviceSerial: serial,
      channelNo: 1,
      status: 1,
      totalDays: 7,
      validDays: to,
      startTime: START_S + from * DAY_MS,
      expireTime: START_S + to * DAY_MS,
    });

    it('reports the default devices with statuses -2, -1, 0, 1, 2', async () => {
      const d1 = await info('C00000001');
      assert.deepEqual(d1, weekly('C00000001', -10, 20));
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
      assert.deepEqual(d, weekly('C00000002', 0, 30));
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
        userName: 'demo-user',
        deviceSerial: 'C00000006',
        channelNo: 1,
        totalDays: 3,
        startTime: START_S - 5 * DAY_MS,
        expireTime: START_S + 360 * DAY_MS,
        status: 1,
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
});
