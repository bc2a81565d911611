// ezviz-alarm with `picture: download` (docs/behaviour.md section 17) in Node-RED against the
// simulator, on its fake clock: each alarm carries its picture decrypted with the account's code
// (plain, encrypted, with a preamble, in two segments); an alarm whose picture cannot be opened
// still leaves, with `picture: null` and `pictureError` (no code: PICTURE_LOCKED; a wrong code:
// WRONG_CODE naming the camera, never the code; a picture the server fails); alarms keep their
// order; no code in any message.

import assert from 'assert';
import { FakeClock } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { forgetSeenCopies } from '../../../features/alarms/alarm-poller';
import { collect, helper, load, Msg } from '../../support/red';
import { statusWithArgs } from '../../../runtime/i18n/status-keys';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until } from '../../support/fake-time';
import { alarmFlow, pollNow } from '../../support/alarm-flow';

const ALARMS = '/api/lapp/alarm/list';
const JPEG = [0xff, 0xd8, 0xff];

describe('ezviz-alarm picture: download (decrypted pictures, never a lost alarm)', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));
  afterEach(() => forgetSeenCopies());

  async function start(codes: string | undefined): Promise<ReturnType<typeof collect>> {
    fakeTimers(clock);
    fakeTime(clock);
    const creds = {
      cfg: { appKey: 'demo-app-key', appSecret: 'demo-app-secret', ...(codes ? { verificationCodes: codes } : {}) },
    };
    await load(alarmFlow(sim.url, { picture: 'download' }), creds);
    await until(() => sim.requestLog({ path: ALARMS }).length >= 0);
    await settle();
    return collect(['ok', 'err', 'caught']);
  }

  it('each alarm carries its decrypted picture, in order: plain, encrypted, preamble, two segments, cut short', async () => {
    const out = await start('C00000005 ABCDEF');
    clock.advance(1000);
    const forms = ['plain', 'encrypted', 'preamble', 'segments', 'cut'] as const;
    for (const [i, form] of forms.entries()) {
      clock.advance(10);
      sim.raiseAlarm({
        deviceSerial: 'C00000005',
        alarmId: `p${i}`,
        isEncrypt: form === 'plain' ? 0 : 1,
        pictureForm: form,
      });
    }
    await pollNow();
    await out.wait(5);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload.alarmId),
      ['p0', 'p1', 'p2', 'p3', 'p4'],
    );
    for (const m of out.ok) {
      assert.ok(Buffer.isBuffer(m.payload.picture), `${m.payload.alarmId}: a Buffer`);
      assert.deepStrictEqual([...m.payload.picture.subarray(0, 3)], JPEG, `${m.payload.alarmId}: a JPEG`);
      assert.strictEqual(m.payload.pictureType, 'image/jpeg');
      assert.strictEqual(m.payload.pictureError, undefined);
    }
    assert.strictEqual(out.ok[3].payload.pictureCount, 2, 'two segments, two pictures');
    // The spec: padding that does not agree keeps the bytes and flags the picture (media-api.md 1.2).
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload.pictureSuspect),
      [undefined, undefined, undefined, undefined, true],
    );
    assert.ok(out.ok[4].payload.picture.length < out.ok[1].payload.picture.length, 'the cut picture is shorter');
    assert.strictEqual(out.err.length, 0);
  });

  it('no code, a wrong code, a failing server: the alarm still leaves, picture null with the reason', async () => {
    const out = await start('C00000005: WRONGX');
    clock.advance(1000);
    sim.raiseAlarm({ deviceSerial: 'C00000005', alarmId: 'wrong', isEncrypt: 1 });
    clock.advance(10);
    sim.raiseAlarm({ deviceSerial: 'C00000006', alarmId: 'locked', isEncrypt: 1 });
    await pollNow();
    await out.wait(2);
    await settle();
    const [wrong, locked] = out.ok;
    assert.deepStrictEqual([wrong.payload.alarmId, locked.payload.alarmId], ['wrong', 'locked']);
    assert.strictEqual(wrong.payload.picture, null);
    assert.strictEqual(wrong.payload.pictureError.code, 'WRONG_CODE');
    assert.match(wrong.payload.pictureError.message, /C00000005/);
    assert.strictEqual(locked.payload.picture, null);
    assert.strictEqual(locked.payload.pictureError.code, 'PICTURE_LOCKED');
    for (const m of out.ok) assert.ok(!JSON.stringify(m).includes('WRONGX'), 'no code in the message');
    assert.strictEqual(out.err.length, 0, 'a picture failure is not an error of the alarm');
  });

  it('the status shows a failed picture in yellow, `picture failed (WRONG_CODE)`, until a picture arrives again', async () => {
    const out = await start('C00000005 WRONGX');
    const statuses: Array<{ fill?: string; text?: string }> = [];
    const node = helper.getNode('op') as unknown as { status(s: object): void };
    const status = node.status.bind(node);
    node.status = (st: { fill?: string; text?: string }) => {
      statuses.push(st);
      status(st);
    };
    const failed = { fill: 'yellow', shape: 'ring', text: statusWithArgs('pictureFailed', { c: 'WRONG_CODE' }) };
    clock.advance(1000);
    sim.raiseAlarm({ deviceSerial: 'C00000005', alarmId: 'wrong', isEncrypt: 1 });
    await pollNow();
    await out.wait(1);
    await settle();
    assert.strictEqual(out.ok[0].payload.pictureError.code, 'WRONG_CODE');
    assert.deepStrictEqual(statuses.at(-1), failed, 'not green: the picture failed');
    await pollNow();
    await settle();
    assert.deepStrictEqual(statuses.at(-1), failed, 'a poll with nothing new keeps it');
    clock.advance(1000);
    sim.raiseAlarm({ deviceSerial: 'C00000005', alarmId: 'plain', isEncrypt: 0, pictureForm: 'plain' });
    await pollNow();
    await out.wait(2);
    await settle();
    assert.ok(Buffer.isBuffer(out.ok[1].payload.picture), 'a plain picture arrives');
    await pollNow();
    await settle();
    assert.strictEqual(statuses.at(-1)?.fill, 'green', `then green again: ${JSON.stringify(statuses.at(-1))}`);
  });
});
