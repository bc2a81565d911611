// features/alarms/device-status.ts: a ys.devicestatus message read defensively (its encodings are
// from one public client: docs/api/events-api.md section 4) and the changes a node sends
// (docs/behaviour.md section 27).

import assert from 'assert';
import { deviceStatusOf, LOW_BATTERY, readReport, StatusChanges } from '../../../../features/alarms/device-status';
import { readMessage } from '../../../../features/alarms/alarm-message';

const H = { deviceId: 'c00000003' };
const T = 1_800_000_000_000;

describe('device status: reading ys.devicestatus', () => {
  it('a battery report: percent as a number or "73%", merged from a list; charging from powerStatus or powerType', () => {
    assert.deepStrictEqual(
      deviceStatusOf(H, { type: 'x', reported: [{ powerRemaining: '73%' }, { powerType: 1 }] }, T),
      {
        deviceSerial: 'C00000003',
        time: T,
        battery: { level: 73, charging: false },
      },
    );
    const b = (reported: unknown) => deviceStatusOf(H, { type: 'power_status', reported }, T)?.battery;
    assert.deepStrictEqual(b({ powerStatus: 1 }), { level: null, charging: true });
    assert.deepStrictEqual(b({ powerStatus: '2', powerRemaining: 100 }), { level: 100, charging: false });
    assert.deepStrictEqual(b({ powerType: 0, powerRemaining: 101 }), { level: null, charging: true });
    assert.strictEqual(b({ powerStatus: 3 }), undefined, 'nothing understood: not a status');
  });

  it('a storage report: the SD state by its code (4-7 error), health, capacity; what is not understood is null', () => {
    const s = (reported: unknown) => deviceStatusOf(H, { type: 'STORAGE_STATUS', reported }, T)?.storage;
    assert.deepStrictEqual(s({ status: 0, healthLevel: 99.5, capacity: 30436 }), {
      sdCard: 'ok',
      code: 0,
      health: 99.5,
      capacity: 30436,
    });
    assert.deepStrictEqual(s([{ status: '2' }]), { sdCard: 'unformatted', code: 2, health: null, capacity: null });
    assert.deepStrictEqual(s({ status: 6 }), { sdCard: 'error', code: 6, health: null, capacity: null });
    assert.deepStrictEqual(s({ status: 9, capacity: 5 }), { sdCard: null, code: 9, health: null, capacity: 5 });
    assert.strictEqual(s({ status: 'x', healthLevel: 'much', capacity: -1 }), undefined);
  });

  it('not a status: another type, a bad serial, no reported object, no time; readMessage passes those as other', () => {
    assert.strictEqual(deviceStatusOf(H, { type: 'DEFENCE', reported: { status: 1 } }, T), undefined);
    assert.strictEqual(
      deviceStatusOf({ deviceId: 'C 1' }, { type: 'power_status', reported: { powerStatus: 1 } }, T),
      undefined,
    );
    assert.strictEqual(deviceStatusOf(H, { type: 'power_status', reported: 'full' }, T), undefined);
    assert.strictEqual(deviceStatusOf(H, { type: 'power_status', reported: { powerStatus: 1 } }, undefined), undefined);
    const msg = (body: unknown) => ({
      header: { messageId: 'm1', type: 'ys.devicestatus', deviceId: 'C1', messageTime: T },
      body,
    });
    assert.strictEqual(readMessage(msg({ type: 'DEFENCE', reported: { status: 1 } }))?.kind, 'other');
    const status = readMessage(msg({ type: 'power_status', reported: { powerStatus: 1 } }));
    assert.strictEqual(status?.kind, 'status');
    assert.deepStrictEqual(status.kind === 'status' && status.message?.type, 'ys.devicestatus', 'kept for `others`');
  });
});

describe('device status: the changes a node sends', () => {
  const battery = (level: number | null, charging: boolean | null = null, serial = 'C1') => ({
    deviceSerial: serial,
    time: T,
    battery: { level, charging },
  });
  const sent = (c: StatusChanges, r: Parameters<StatusChanges['next']>[0]) =>
    c.next(r).map((e) => (e.kind === 'battery' ? [e.battery, e.charging, e.low] : [e.sdCard, e.health, e.capacity]));

  it('battery: the first; charging changed; low once (with 5 points before it is not low again); 10-point steps', () => {
    const c = new StatusChanges();
    assert.deepStrictEqual(sent(c, battery(80, false)), [[80, false, false]]);
    assert.deepStrictEqual(sent(c, battery(75)), []);
    assert.deepStrictEqual(sent(c, battery(70)), [[70, false, false]], '10 points since the last sent');
    assert.deepStrictEqual(sent(c, battery(LOW_BATTERY)), [[LOW_BATTERY, false, true]]);
    assert.deepStrictEqual(sent(c, battery(3)), [], 'low once');
    assert.deepStrictEqual(sent(c, battery(null, true)), [[3, true, true]], 'charging, the level kept');
    assert.deepStrictEqual(sent(c, battery(LOW_BATTERY + 5)), [], 'not over the line yet');
    assert.deepStrictEqual(sent(c, battery(LOW_BATTERY + 6)), [[LOW_BATTERY + 6, true, false]]);
    assert.deepStrictEqual(
      sent(c, battery(LOW_BATTERY + 6, false, 'C2')),
      [[LOW_BATTERY + 6, false, false]],
      'per device',
    );
  });

  it('storage: the first; state, capacity or health (a point) changed; a read keeps what it does not say', () => {
    const c = new StatusChanges();
    const storage = (sdCard: 'ok' | 'error' | null, health: number | null, capacity: number | null) => ({
      deviceSerial: 'C1',
      time: T,
      storage: { sdCard, code: sdCard === 'ok' ? 0 : 7, health, capacity },
    });
    assert.deepStrictEqual(sent(c, storage('ok', 100, 30436)), [['ok', 100, 30436]]);
    assert.deepStrictEqual(sent(c, storage('ok', 99.5, null)), []);
    assert.deepStrictEqual(sent(c, storage(null, 98.9, null)), [['ok', 98.9, 30436]]);
    assert.deepStrictEqual(sent(c, storage('error', null, null)), [['error', 98.9, 30436]]);
    const read = c.next(readReport({ deviceSerial: 'C1', time: T, battery: null, sdCard: 'error' }));
    assert.deepStrictEqual(read, [], 'a read of the same state');
    assert.deepStrictEqual(
      c
        .next(readReport({ deviceSerial: 'C1', time: T, battery: null, sdCard: 'ok' }))
        .map((e) => e.kind === 'storage' && e.code),
      [null],
      'a read names no code',
    );
  });
});
