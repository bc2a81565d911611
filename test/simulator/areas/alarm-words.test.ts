// The simulator's alarm words (simulator/areas/alarm-words.ts, docs/api/events-api.md sections 1-4):
// its table is the package's (features/alarms/alarm-kinds.ts), a raised alarm's message
// carries the word while the list keeps the number, a face's id goes base64 in customInfo, a
// detector's name in location, an alarm and its end may share an alarmId, and POST
// /sim/devicestatus publishes `ys.devicestatus`.

import { strict as assert } from 'assert';
import { messageService, type MqMessage } from '../../../simulator';
import { ALARM_WORDS, alarmCodeOf } from '../../../simulator/areas/alarm-words';
import { KIND_ROWS } from '../../../features/alarms/alarm-kinds';
import { admin } from '../../support/simulator-http';
import { sim, simulatorEach } from './support';

describe('simulator: alarm words, what a message recognized, device status (areas/alarm-words.ts)', function () {
  simulatorEach(Date.parse('2026-03-01T08:00:00Z'));
  let published: MqMessage[];
  beforeEach(() => {
    published = [];
    messageService(sim.state).onMessage((_account, m) => published.push(m));
  });

  it('has the word of every number of the package table, and each word back to its number', () => {
    for (const [code, word] of KIND_ROWS) {
      assert.equal(ALARM_WORDS.get(code), KIND_ROWS.find((r) => r[0] === code)![1]);
      assert.equal(alarmCodeOf(word), KIND_ROWS.find((r) => r[1] === word)![0], word);
    }
    assert.equal(ALARM_WORDS.size, new Set(KIND_ROWS.map((r) => r[0])).size);
    assert.equal(alarmCodeOf('loiterDETECTION'), 10027);
    assert.equal(alarmCodeOf('nothing-such'), undefined);
  });

  it('a message gives the word, the list the number; an unknown number stays a number; a given word wins', async () => {
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10079 });
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 19999 });
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10027, type: 'LoiterDetection' });
    const r = await admin(sim.url, 'POST', '/sim/alarm', { deviceSerial: 'C00000001', type: 'SmartFaceDet' });
    assert.equal(r.status, 200);
    assert.equal(r.json.alarms[0].alarmType, 10121);
    assert.deepEqual(r.json.alarms[0].customerInfo, null);
    assert.deepEqual(
      published.map((m) => m.body.alarmType),
      ['intelligentDetection_d', 19999, 'LoiterDetection', 'SmartFaceDet'],
    );
    const unknown = await admin(sim.url, 'POST', '/sim/alarm', { deviceSerial: 'C00000001', type: 'newWord' });
    assert.equal(unknown.status, 400);
    assert.match(JSON.stringify(unknown.json), /alarmType/);
  });

  it('a face id as base64 JSON in customInfo (customType beside it), a detector name in location', () => {
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10121, faceId: '1a2b3c' });
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10121, customInfo: '' });
    sim.raiseAlarm({ deviceSerial: 'C00000001', type: 'magnetometer', location: 'Back door' });
    const [face, empty, door] = published.map((m) => m.body);
    assert.equal(face.customInfo, 'eyJmYWNlSWQiOiIxYTJiM2MifQ==');
    assert.equal(face.customType, `${sim.state.devices.C00000001.model}_FACE`);
    assert.equal(empty.customInfo, '');
    assert.equal(door.location, 'Back door');
    assert.equal(door.alarmType, 'magnetometer');
    assert.ok(!('location' in face) && !('customInfo' in door));
  });

  it('an alarm and its end may share an alarmId; the same type twice may not', () => {
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 12000, alarmId: 'x' });
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 12086, alarmId: 'x' });
    assert.throws(() => sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 12000, alarmId: 'x' }), /exists/);
    assert.deepEqual(
      published.map((m) => [m.body.alarmId, m.body.alarmType]),
      [
        ['x', 'VMD'],
        ['x', 'VMDRecov'],
      ],
    );
  });

  it('POST /sim/devicestatus publishes ys.devicestatus with type and reported as given (object or list)', async () => {
    const r = await admin(sim.url, 'POST', '/sim/devicestatus', [
      { deviceSerial: 'C00000003', type: 'power_status', reported: { powerRemaining: '73%', powerType: 1 } },
      {
        deviceSerial: 'C00000003',
        type: 'storage_status',
        reported: [{ status: 2 }, { healthLevel: 100, capacity: 30436 }],
      },
    ]);
    assert.equal(r.status, 200);
    assert.equal(r.json.messages.length, 2);
    assert.deepEqual(
      published.map((m) => [m.header.type, m.header.deviceId, m.body]),
      [
        ['ys.devicestatus', 'C00000003', { type: 'power_status', reported: { powerRemaining: '73%', powerType: 1 } }],
        [
          'ys.devicestatus',
          'C00000003',
          { type: 'storage_status', reported: [{ status: 2 }, { healthLevel: 100, capacity: 30436 }] },
        ],
      ],
    );
    const bad = await admin(sim.url, 'POST', '/sim/devicestatus', { deviceSerial: 'NOPE', type: 'x' });
    assert.equal(bad.status, 400);
  });
});
