// The settings area over HTTP (simulator/areas/settings.ts; docs/api/media-api.md section 5.2): the
// arming plan takes "n" before any stop time as that time of the next day, as the cloud does
// (public clients send "n06:00" for an overnight window), the stop after the start and at most
// 24 h later.

import { strict as assert } from 'assert';
import { ROUTES } from '../../../simulator';
import type { RouteOp } from '../../../simulator';
import { apiCalls, cam, simulatorEach } from './support';

const P = (op: RouteOp): string => ROUTES.find((r) => r.op === op)!.path;

describe('simulator: the arming plan (media-api section 5.2, areas/settings.ts)', function () {
  simulatorEach(Date.parse('2026-03-01T08:00:00Z'));
  const { call } = apiCalls(P);
  const plan = (startTime: string, stopTime: string) =>
    call('schedule-set', cam('C00000001', { startTime, stopTime, period: '0,1,2,3,4,5,6', enable: '1' }));

  it('"n" before any stop time is the next day: 22:00 to n06:00 is an overnight window, read back as set', async () => {
    assert.equal((await plan('22:00', 'n06:00')).code, '200');
    const r = await call('schedule-get', cam('C00000001'));
    assert.equal(r.code, '200');
    assert.deepEqual([r.data.startTime, r.data.stopTime], ['22:00', 'n06:00']);
    assert.equal((await plan('0:00', 'n00:00')).code, '200', 'midnight of the next day, as before');
    assert.equal((await plan('8:00', 'n08:00')).code, '200', '24 h exactly');
  });

  it('refused (10001): more than 24 h, a stop before the start, "n" on a start, a time out of range', async () => {
    for (const [start, stop] of [
      ['08:00', 'n08:01'],
      ['10:00', '09:00'],
      ['n01:00', 'n02:00'],
      ['22:00', 'n24:00'],
      ['22:00', 'x06:00'],
    ]) {
      assert.equal((await plan(start, stop)).code, '10001', `${start} - ${stop}`);
    }
  });
});
