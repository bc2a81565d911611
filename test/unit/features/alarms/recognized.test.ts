// What an alarm recognized (features/alarms/alarm-recognized.ts, docs/behaviour.md section 27),
// the pure parts: customInfo decoded (base64 JSON, JSON text, an object; nothing else), a face's id,
// a hub detector from location, the name in the node's language; and the config node's faceId ->
// name list (client/config/face-names.ts).

import assert from 'assert';
import { decodeInfo, kindFields, localName } from '../../../../features/alarms/alarm-recognized';
import { sourcedAlarm } from '../../../../features/alarms/alarm-message';
import { mapAlarm } from '../../../../features/alarms/alarm-items';
import { parseFaceNames } from '../../../../client/config/face-names';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

describe('alarm recognized: customInfo, face, detector, names', () => {
  it('decodes customInfo: base64 of a JSON object (also URL-safe), a JSON text, an object; nothing else', () => {
    assert.deepStrictEqual(decodeInfo('eyJmYWNlSWQiOiIxYTJiM2MifQ=='), { faceId: '1a2b3c' });
    assert.deepStrictEqual(decodeInfo(b64({ a: '?>?' }).replace(/\+/g, '-').replace(/\//g, '_')), { a: '?>?' });
    assert.deepStrictEqual(decodeInfo('{"plateNo":"B-XY 123"}'), { plateNo: 'B-XY 123' });
    assert.deepStrictEqual(decodeInfo({ faceId: 7 }), { faceId: 7 });
    for (const bad of ['', '!!', 'abc', b64([1, 2]), b64('x'), '{"a":', 'a'.repeat(9000), 12, null, [], true])
      assert.strictEqual(decodeInfo(bad), undefined, JSON.stringify(bad)?.slice(0, 20));
  });

  it('a face only with a faceId (from customInfo or customerInfo); its name never from the message', () => {
    const f = kindFields({ alarmType: 'SmartFaceDet', customInfo: b64({ faceId: 'x1', name: 'Eve' }) }, '');
    assert.deepStrictEqual(f.face, { id: 'x1', name: null });
    assert.deepStrictEqual(kindFields({ alarmType: 10121, customerInfo: b64({ faceId: 42 }) }, '').face, {
      id: '42',
      name: null,
    });
    assert.strictEqual(kindFields({ alarmType: 10121, customInfo: b64({ faceId: '' }) }, '').face, undefined);
    assert.strictEqual(kindFields({ alarmType: 10121, customInfo: b64({ faceId: 'a\nb' }) }, '').face, undefined);
  });

  it('a detector for a hub word with a location; none for a camera word or without a location', () => {
    assert.deepStrictEqual(kindFields({ alarmType: 'fire', location: ' Kitchen ' }, '').detector, {
      serial: null,
      name: 'Kitchen',
      type: 'fire',
    });
    assert.deepStrictEqual(
      kindFields({ alarmType: 'DetLowBattery', location: 'Hall', detectorSerial: 'D1' }, '').detector,
      { serial: 'D1', name: 'Hall', type: null },
    );
    assert.strictEqual(kindFields({ alarmType: 'fire' }, '').detector, undefined);
    assert.strictEqual(kindFields({ alarmType: 'pir', location: 'Hall' }, '').detector, undefined);
  });

  it('names: the table in English or Chinese; an unknown type keeps the alarm name, else the raw value', () => {
    const a = mapAlarm({ alarmId: 'a', alarmTime: 1e12, deviceSerial: 'C1', alarmType: 10002, alarmName: 'x' })!;
    assert.strictEqual(localName(a, 'en'), 'Motion detection alarm');
    assert.strictEqual(localName(a, 'zh'), '移动侦测告警');
    assert.strictEqual(sourcedAlarm(a, 'poll', 'zh').name, '移动侦测告警');
    assert.strictEqual(kindFields({ alarmType: 19999 }, 'Odd alarm').name, 'Odd alarm');
    assert.strictEqual(kindFields({ alarmType: 19999 }, '').name, '19999');
    assert.strictEqual(kindFields({ alarmType: 'newWord' }, '').name, 'newWord');
    assert.strictEqual(localName({ code: 19999, name: 'Odd alarm' }, 'zh'), 'Odd alarm');
  });

  it('a face name from the list given to sourcedAlarm, null without one', () => {
    const a = mapAlarm({
      alarmId: 'a',
      alarmTime: 1e12,
      deviceSerial: 'C1',
      alarmType: 10121,
      customInfo: b64({ faceId: 'f1' }),
    })!;
    const names = new Map([['f1', 'Alice']]);
    assert.deepStrictEqual(sourcedAlarm(a, 'consumer', 'en', (id) => names.get(id)).face, { id: 'f1', name: 'Alice' });
    assert.deepStrictEqual(sourcedAlarm(a, 'consumer').face, { id: 'f1', name: null });
  });

  it("reads the config node's face list: id then name (spaces kept), comments, malformed lines by number", () => {
    const r = parseFaceNames('1a2b3c Alice Smith\n\n# who\n9z=Bob\nx:  Carol \nonlyid\n' + 'k ' + 'n'.repeat(101));
    assert.deepStrictEqual(
      [...r.names],
      [
        ['1a2b3c', 'Alice Smith'],
        ['9z', 'Bob'],
        ['x', 'Carol'],
      ],
    );
    assert.deepStrictEqual(r.malformed, [6, 7]);
    assert.deepStrictEqual(parseFaceNames(undefined), { names: new Map(), malformed: [] });
  });
});
