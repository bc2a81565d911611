// The pure parts of ezviz-stream (docs/behaviour.md section 25): the door's key (`?key=` or the
// HTTP Basic password, ten wrong keys in a minute block an address for a minute, bounded memory),
// the settings as the runtime and the editor read them, and the minutes of a day
// (nodes/ezviz-stream/stream-gate.ts, stream-settings.ts, stream-minutes.ts).

import assert from 'assert';
import { KeyGate, keyOf, WRONG_KEYS_PER_MINUTE } from '../../../nodes/ezviz-stream/stream-gate';
import { defaultPath, LIMITS, streamSettings } from '../../../nodes/ezviz-stream/stream-settings';
import { DayMinutes, minutesLeftMs, untilMidnightS } from '../../../nodes/ezviz-stream/stream-minutes';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('ezviz-stream: the key at the door', () => {
  it('reads ?key= first, else the Basic password (a colon in it kept), else nothing', () => {
    assert.strictEqual(keyOf('/s.flv?key=abc', undefined), 'abc');
    assert.strictEqual(keyOf('/s.flv?x=1&key=a%2Bb', basic('u', 'other')), 'a+b');
    assert.strictEqual(keyOf('/s.flv', basic('viewer', 'pa:ss')), 'pa:ss');
    assert.strictEqual(keyOf('/s.flv?key=', basic('', 'k')), 'k');
    assert.strictEqual(keyOf('/s.flv', 'Bearer abc'), undefined);
    assert.strictEqual(keyOf('/s.flv', `Basic ${Buffer.from('no-colon').toString('base64')}`), undefined);
    assert.strictEqual(keyOf(undefined, undefined), undefined);
  });

  it('lets the right key in, and no key in when the node has none', () => {
    const gate = new KeyGate('right-key');
    assert.ok(gate.hasKey);
    assert.ok(gate.check('10.0.0.1', 'right-key', 0));
    assert.ok(!gate.check('10.0.0.1', 'right-keyX', 0));
    assert.ok(!gate.check('10.0.0.1', undefined, 0));
    const none = new KeyGate('');
    assert.ok(!none.hasKey);
    assert.ok(!none.check('10.0.0.1', '', 0));
  });

  it('blocks an address for a minute at its tenth wrong key within a minute; others and older tries do not count', () => {
    const gate = new KeyGate('k');
    const t0 = 1_000_000;
    for (let i = 0; i < WRONG_KEYS_PER_MINUTE - 1; i++) assert.ok(!gate.check('a', 'x', t0 + i));
    assert.strictEqual(gate.blockedFor('a', t0 + 10), 0);
    assert.ok(!gate.check('b', 'x', t0 + 10));
    assert.strictEqual(gate.blockedFor('b', t0 + 10), 0, 'another address');
    // Past the minute, the first tries no longer count.
    assert.ok(!gate.check('a', 'x', t0 + 60001));
    assert.strictEqual(gate.blockedFor('a', t0 + 60001), 0);
    for (let i = 0; i < WRONG_KEYS_PER_MINUTE - 1; i++) gate.check('c', 'x', t0);
    gate.check('c', 'x', t0 + 500);
    assert.strictEqual(gate.blockedFor('c', t0 + 500), 60000);
    assert.strictEqual(gate.blockedFor('c', t0 + 30500), 30000);
    assert.strictEqual(gate.blockedFor('c', t0 + 60500), 0, 'free again after the minute');
    assert.ok(gate.check('c', 'k', t0 + 60500));
  });

  it('remembers at most 10,000 addresses', () => {
    const gate = new KeyGate('k');
    for (let i = 0; i < 10050; i++) gate.check(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, 'x', 0);
    const sizes = gate as unknown as { wrong: Map<string, unknown> };
    assert.ok(sizes.wrong.size <= 10000, String(sizes.wrong.size));
  });
});

describe('ezviz-stream: settings', () => {
  const ok = (def: Record<string, unknown>) => {
    const r = streamSettings(def);
    assert.ok(r.ok, JSON.stringify(r));
    return r.settings;
  };
  const bad = (def: Record<string, unknown>) => {
    const r = streamSettings(def);
    assert.ok(!r.ok, JSON.stringify(r));
    return r.param;
  };

  it('defaults: channel 1, hd, the path of the camera, 8 viewers, 10 s idle, no minute limit', () => {
    assert.deepStrictEqual(ok({ deviceSerial: ' c00000001 ' }), {
      deviceSerial: 'C00000001',
      channelNo: 1,
      quality: 'hd',
      path: '/ezviz/stream/C00000001-1.flv',
      maxViewers: 8,
      idleCloseS: 10,
      maxMinutesPerDay: 0,
    });
    assert.strictEqual(defaultPath('ab12', 3), '/ezviz/stream/AB12-3.flv');
    assert.strictEqual(ok({ deviceSerial: 'A1', channelNo: '2', path: '' }).path, '/ezviz/stream/A1-2.flv');
  });

  it('reads the editor strings and the limits; a trailing slash of the path goes', () => {
    const s = ok({
      deviceSerial: 'A1',
      channelNo: '256',
      quality: 'smooth',
      path: '/cams/front.flv/',
      maxViewers: '100',
      idleClose: '0',
      maxMinutesPerDay: '1440',
    });
    assert.deepStrictEqual(
      [s.channelNo, s.quality, s.path, s.maxViewers, s.idleCloseS, s.maxMinutesPerDay],
      [256, 'smooth', '/cams/front.flv', 100, 0, 1440],
    );
    assert.strictEqual(LIMITS.maxViewers.def, 8);
  });

  it('names the first setting that is wrong', () => {
    assert.strictEqual(bad({ deviceSerial: '' }), 'deviceSerial');
    assert.strictEqual(bad({ deviceSerial: 'C0-1' }), 'deviceSerial');
    assert.strictEqual(bad({ deviceSerial: 'A1', channelNo: 0 }), 'channelNo');
    assert.strictEqual(bad({ deviceSerial: 'A1', channelNo: '1.5' }), 'channelNo');
    assert.strictEqual(bad({ deviceSerial: 'A1', quality: 'uhd' }), 'quality');
    for (const path of ['relative.flv', '/a/../b.flv', '/a//b.flv', '/a b.flv', '/a?key=x'])
      assert.strictEqual(bad({ deviceSerial: 'A1', path }), 'path', path);
    assert.strictEqual(bad({ deviceSerial: 'A1', maxViewers: 101 }), 'maxViewers');
    assert.strictEqual(bad({ deviceSerial: 'A1', maxViewers: 0 }), 'maxViewers');
    assert.strictEqual(bad({ deviceSerial: 'A1', idleClose: 3601 }), 'idleClose');
    assert.strictEqual(bad({ deviceSerial: 'A1', idleClose: -1 }), 'idleClose');
    assert.strictEqual(bad({ deviceSerial: 'A1', maxMinutesPerDay: 1441 }), 'maxMinutesPerDay');
    assert.strictEqual(bad({ deviceSerial: 'A1', maxMinutesPerDay: 'ten' }), 'maxMinutesPerDay');
  });
});

describe('ezviz-stream: the minutes of a day', () => {
  const noon = new Date(2026, 2, 1, 12, 0, 0).getTime();
  const nextNoon = new Date(2026, 2, 2, 12, 0, 0).getTime();

  it('counts the open time since the node started, plus what its predecessor counted today', () => {
    const m = new DayMinutes(noon, { day: new Date(2026, 2, 1).getTime(), ms: 90000 });
    assert.strictEqual(m.todayMs(0, noon), 90000);
    assert.strictEqual(m.todayMs(30000, noon + 30000), 120000);
    assert.deepStrictEqual(m.count(30000, noon + 30000), { day: new Date(2026, 2, 1).getTime(), ms: 120000 });
    const yesterday = new DayMinutes(noon, { day: new Date(2026, 1, 28).getTime(), ms: 90000 });
    assert.strictEqual(yesterday.todayMs(0, noon), 0, "another day's count is dropped");
  });

  it('starts again at midnight from the open time reached then', () => {
    const m = new DayMinutes(noon);
    assert.strictEqual(m.todayMs(600000, noon + 600000), 600000);
    assert.strictEqual(m.todayMs(700000, nextNoon), 0);
    assert.strictEqual(m.todayMs(760000, nextNoon + 60000), 60000);
  });

  it('what is left of the limit, and the seconds until midnight', () => {
    assert.strictEqual(minutesLeftMs(0, 1e9), Infinity);
    assert.strictEqual(minutesLeftMs(2, 60000), 60000);
    assert.strictEqual(minutesLeftMs(2, 120000), 0);
    assert.strictEqual(minutesLeftMs(2, 500000), 0);
    assert.strictEqual(untilMidnightS(noon), 12 * 3600);
    assert.strictEqual(untilMidnightS(new Date(2026, 2, 1, 23, 59, 59, 500).getTime()), 1);
  });
});
