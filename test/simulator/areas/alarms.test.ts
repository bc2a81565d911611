// Alarms (docs/api/more-api.md, simulator/areas/alarms.ts) over real HTTP with a fake clock:
// alarm/list and alarm/device/list (status, type and device filters, paging, the 7-day window),
// alarms raised programmatically and through POST /sim/alarm.

import { strict as assert } from 'assert';
import { ALARM_WINDOW_MS, DAY_MS, PICTURE_SIZE, ROUTES } from '../../../simulator';
import type { RouteOp } from '../../../simulator';
import { admin, callApi } from '../../support/simulator-http';
import type { ApiReply } from '../../support/simulator-http';
import { apiCalls, clock, getBytes, jpegSize, sim, simulatorEach } from './support';

// 08:00 UTC = 16:00 in China: "today" (China time) began 16 h ago.
const START = Date.parse('2026-03-01T08:00:00Z');
const P = (op: RouteOp): string => ROUTES.find((r) => r.op === op)!.path;

describe('simulator: alarms (more-api, areas/alarms.ts)', function () {
  simulatorEach(START);
  const { call, codeOf } = apiCalls(P);

  describe('alarm/list', () => {
    const ids = (r: ApiReply): string[] => r.data.map((a: { alarmId: string }) => a.alarmId);
    const today = (): number => clock.now() - 16 * 60 * 60 * 1000; // midnight China time

    it('lists unread alarms since midnight (China time) by default, newest first, with the documented fields', async () => {
      const a = sim.raiseAlarm({ deviceSerial: 'C00000001' });
      clock.advance(1000);
      const b = sim.raiseAlarm({ deviceSerial: 'C00000003', alarmType: 10016, picture: false });
      clock.advance(1000);
      const r = await call('alarm-list', {});
      assert.equal(r.code, '200');
      assert.deepEqual(
        ids(r),
        [b.alarmId, a.alarmId, 'sim-alarm-0003'],
        'the other alarms of the default state are older than today or read',
      );
      assert.deepEqual((r as unknown as { page: unknown }).page, { total: 3, page: 0, size: 10 });
      const item = r.data[1];
      assert.equal(typeof item.alarmId, 'string');
      assert.equal(item.alarmName, 'Motion detection alarm');
      assert.equal(item.alarmType, 10002);
      assert.equal(item.alarmTime, START);
      assert.equal(item.channelNo, 1);
      assert.equal(item.isEncrypt, 0);
      assert.equal(item.isChecked, 0);
      assert.equal(item.deviceSerial, 'C00000001');
      assert.deepEqual(jpegSize((await getBytes(item.alarmPicUrl)).body), PICTURE_SIZE);
      assert.equal(r.data[0].alarmPicUrl, '');
      assert.equal(r.data[0].alarmName, 'Doorbell ring');
    });

    it('status 0 unread, 1 read, 2 all; startTime/endTime bound the time; the window is 7 days', async () => {
      const from = clock.now() - ALARM_WINDOW_MS;
      const all = await call('alarm-list', { startTime: from, status: 2, pageSize: 50 });
      assert.deepEqual(ids(all), ['sim-alarm-0003', 'sim-alarm-0002', 'sim-alarm-0001'], '0004 is 10 days old');
      assert.deepEqual(ids(await call('alarm-list', { startTime: from, pageSize: 50 })), [
        'sim-alarm-0003',
        'sim-alarm-0002',
      ]);
      assert.deepEqual(ids(await call('alarm-list', { startTime: from, status: 1 })), ['sim-alarm-0001']);
      assert.deepEqual(
        ids(await call('alarm-list', { startTime: from, status: 2, endTime: clock.now() - DAY_MS })),
        ['sim-alarm-0002', 'sim-alarm-0001'],
        'endTime is inclusive',
      );
      assert.deepEqual(ids(await call('alarm-list', { startTime: today(), status: 2 })), ['sim-alarm-0003']);
      assert.equal(await codeOf('alarm-list', { startTime: from - 1 }), '10001', 'older than 7 days');
      assert.equal(
        await codeOf('alarm-list', { startTime: from, endTime: from - 1 }),
        '10001',
        'endTime before startTime',
      );
      assert.equal(await codeOf('alarm-list', { status: 3 }), '10001');
      assert.equal(await codeOf('alarm-list', { alarmType: -2 }), '10001');
      assert.equal(await codeOf('alarm-list', { pageSize: 51 }), '10001');
      assert.equal(await codeOf('alarm-list', { startTime: 'yesterday' }), '10001');
    });

    it('filters by alarmType and deviceSerial; pages; alarm/device/list needs the serial', async () => {
      for (let i = 0; i < 7; i += 1) {
        sim.raiseAlarm({
          deviceSerial: i % 2 ? 'C00000001' : 'C00000011',
          channelNo: i % 2 ? 1 : 3,
          alarmType: i < 3 ? 10000 : 10002,
        });
        clock.advance(10);
      }
      const all = ids(await call('alarm-list', { pageSize: 50 }));
      assert.equal(all.length, 8, '7 new and sim-alarm-0003');
      const p1 = await call('alarm-list', { pageSize: 3, pageStart: 1 });
      assert.deepEqual(ids(p1), all.slice(3, 6));
      assert.deepEqual((p1 as unknown as { page: unknown }).page, { total: 8, page: 1, size: 3 });
      assert.equal((await call('alarm-list', { alarmType: 10000 })).data.length, 4, '3 new and 0003');
      assert.equal((await call('alarm-list', { alarmType: -1 })).data.length, 8);
      const nvr = await call('alarm-list', { deviceSerial: 'C00000011', pageSize: 50 });
      assert.ok(nvr.data.every((a: { deviceSerial: string }) => a.deviceSerial === 'C00000011'));
      assert.equal(nvr.data.length, 5);
      assert.deepEqual(ids(await call('alarm-device-list', { deviceSerial: 'C00000011', pageSize: 50 })), ids(nvr));
      assert.equal(await codeOf('alarm-device-list', {}), '10001');
      assert.equal(await codeOf('alarm-list', { deviceSerial: 'C00000004' }), '20018');
      assert.equal(await codeOf('alarm-list', { deviceSerial: 'bad' }), '20014');
      assert.equal(await codeOf('alarm-list', { deviceSerial: 'C99999999' }), '20002');
    });

    it('shows each account its own alarms only', async () => {
      sim.raiseAlarm({ deviceSerial: 'C00000004' });
      const other = await callApi(sim.url, P('alarm-list'), { accessToken: 'at.other-token' });
      assert.deepEqual(
        other.data.map((a: { deviceSerial: string }) => a.deviceSerial),
        ['C00000004'],
      );
      assert.ok(
        (await call('alarm-list', { status: 2 })).data.every(
          (a: { deviceSerial: string }) => a.deviceSerial !== 'C00000004',
        ),
      );
    });

    it('raises alarms through POST /sim/alarm (one or a list), refuses bad ones naming the field', async () => {
      const r = await admin(sim.url, 'POST', '/sim/alarm', {
        deviceSerial: 'C00000011',
        channelNo: 2,
        alarmType: 10000,
      });
      assert.equal(r.status, 200);
      assert.equal(r.json.alarms[0].deviceSerial, 'C00000011');
      assert.equal(r.json.alarms[0].alarmTime, clock.now());
      const two = await admin(sim.url, 'POST', '/sim/alarm', [
        { deviceSerial: 'C00000001', minutesAgo: 5 },
        { deviceSerial: 'C00000001', isChecked: 1 },
      ]);
      assert.equal(two.json.alarms.length, 2);
      assert.equal(two.json.alarms[0].alarmTime, clock.now() - 5 * 60000);
      const listed = await call('alarm-list', { status: 2, pageSize: 50 });
      assert.ok(listed.data.some((a: { alarmId: string }) => a.alarmId === r.json.alarms[0].alarmId));
      for (const [bad, field] of [
        [{ deviceSerial: 'C99999999' }, 'deviceSerial'],
        [{ deviceSerial: 'C00000001', channelNo: 3 }, 'channelNo'],
        [{ deviceSerial: 'C00000001', alarmType: 'x' }, 'alarmType'],
        [{}, 'deviceSerial'],
      ] as const) {
        const e = await admin(sim.url, 'POST', '/sim/alarm', bad);
        assert.equal(e.status, 400, JSON.stringify(bad));
        assert.match(e.json.error, new RegExp(field));
      }
      assert.equal(
        (await admin(sim.url, 'POST', '/sim/alarm', { deviceSerial: 'C00000001', alarmId: 'sim-alarm-0001' })).status,
        400,
        'duplicate id',
      );
      const all = await admin(sim.url, 'GET', '/sim/alarms');
      assert.equal(all.json.length, 4 + 3);
    });

    it('keeps at most settings.alarmLimit alarms (the oldest go)', async () => {
      sim.state.settings.alarmLimit = 5;
      for (let i = 0; i < 6; i += 1) {
        sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: `x-${i}` });
        clock.advance(1);
      }
      assert.deepEqual(
        sim.state.alarms.map((a) => a.alarmId),
        ['x-1', 'x-2', 'x-3', 'x-4', 'x-5'],
      );
    });

    it('a state file may hold alarms; /sim/reset brings them back', async () => {
      sim.raiseAlarm({ deviceSerial: 'C00000001' });
      assert.equal(sim.state.alarms.length, 5);
      await admin(sim.url, 'POST', '/sim/reset', {});
      assert.deepEqual(
        sim.state.alarms.map((a) => a.alarmId),
        ['sim-alarm-0004', 'sim-alarm-0001', 'sim-alarm-0002', 'sim-alarm-0003'],
      );
    });
  });
});
