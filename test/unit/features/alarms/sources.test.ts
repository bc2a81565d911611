// The pure parts of the alarm node's consumer and webhook sources (docs/behaviour.md section 15): the
// push signature and its checks, the bounded recent ids, a message of the message service read
// into the payload of section 11, and the source settings the runtime and the editor share.

import assert from 'assert';
import { createHmac } from 'crypto';
import { ALARM_TYPE_WORDS, messageTime, readMessage, sameEventKeys } from '../../../../features/alarms/alarm-message';
import { RecentIds } from '../../../../features/alarms/recent-ids';
import { checkPush, MAX_SKEW_MS, signPush } from '../../../../features/alarms/signature';
import { sourceSettings, webhookPath } from '../../../../features/alarms/source-settings';
import { mapAlarm } from '../../../../features/alarms/alarm-items';

const NOW = Date.parse('2026-03-01T08:00:00Z');

describe('events: webhook signature (signature.ts)', () => {
  const secret = 's3cr3t';
  const raw = Buffer.from('{"header":{"messageId":"1"}}');
  const t = String(NOW);
  const sig = createHmac('sha1', secret)
    .update(Buffer.concat([raw, Buffer.from(t)]))
    .digest('hex');

  it('is the lower-case hex HMAC-SHA1 of the raw body followed by t', () => {
    assert.strictEqual(signPush(raw, t, secret), sig);
    assert.strictEqual(signPush(raw.toString(), t, secret), sig);
  });

  it('accepts a match within 5 minutes (upper-case hex too); refuses everything else; no secret: no checks', () => {
    const h = (extra: Record<string, string | string[] | undefined>) => ({ t, signature: sig, ...extra });
    assert.strictEqual(checkPush(raw, h({}), secret, NOW), undefined);
    assert.strictEqual(checkPush(raw, h({ signature: sig.toUpperCase() }), secret, NOW), undefined);
    assert.strictEqual(checkPush(raw, h({}), secret, NOW + MAX_SKEW_MS), undefined);
    assert.strictEqual(checkPush(raw, h({}), secret, NOW + MAX_SKEW_MS + 1), 'stale');
    assert.strictEqual(checkPush(raw, h({}), secret, NOW - MAX_SKEW_MS - 1), 'stale');
    assert.strictEqual(checkPush(raw, h({ signature: undefined }), secret, NOW), 'noSignature');
    assert.strictEqual(checkPush(raw, h({ signature: sig.slice(1) }), secret, NOW), 'badSignature');
    assert.strictEqual(checkPush(raw, h({ signature: secret }), secret, NOW), 'badSignature');
    assert.strictEqual(checkPush(raw, h({ signature: [sig, sig] }), secret, NOW), 'noSignature');
    for (const bad of [undefined, '', 'soon', '1e12', '-1', String(NOW) + '0'.repeat(20)]) {
      assert.notStrictEqual(checkPush(raw, h({ t: bad }), secret, NOW), undefined, String(bad));
    }
    assert.strictEqual(checkPush(Buffer.from('other'), h({}), secret, NOW), 'badSignature');
    assert.strictEqual(checkPush(raw, {}, '', NOW), undefined);
  });
});

describe('events: recent ids (recent-ids.ts)', () => {
  it('remembers an id for the ttl, at most max ids (the oldest go)', () => {
    const ids = new RecentIds(3, 1000);
    ids.add('a', 0);
    ids.add('b', 10);
    assert.ok(ids.has('a', 999));
    assert.ok(!ids.has('a', 1000));
    ids.add('c', 20);
    ids.add('d', 30);
    assert.strictEqual(ids.size, 3);
    assert.ok(!ids.has('a', 30), 'the oldest went');
    ids.add('e', 2000);
    assert.strictEqual(ids.size, 1, 'the expired went');
    for (let i = 0; i < 100000; i++) ids.add(`x${i}`, 3000 + i);
    assert.strictEqual(ids.size, 3);
  });
});

describe('events: a message of the message service (alarm-message.ts)', () => {
  const msg = (header: Record<string, unknown>, body: Record<string, unknown> = {}, pictureList: unknown = []) => ({
    header: { channelNo: 1, deviceId: 'c00000001', messageId: 'm1', messageTime: NOW, type: 'ys.alarm', ...header },
    body,
    pictureList,
  });

  it('ys.alarm becomes the alarm-list item mapAlarm reads: one payload, built in one place', () => {
    const e = readMessage(
      msg({}, { alarmId: 'a1', alarmTime: '2026-03-01 16:00:00', alarmType: '10002', describe: 'Motion' }, [
        { id: 'p', url: 'https://pic/1.jpg', shortUrl: '' },
      ]),
    );
    assert.ok(e && e.kind === 'alarm');
    assert.deepStrictEqual(
      e.alarm,
      mapAlarm({
        alarmId: 'a1',
        alarmName: 'Motion',
        alarmType: 10002,
        alarmTime: NOW,
        deviceSerial: 'C00000001',
        channelNo: 1,
        alarmPicUrl: 'https://pic/1.jpg',
        isEncrypt: null,
        isChecked: 0,
      }),
    );
    assert.strictEqual(e.messageId, 'm1');
  });

  it('reads times as ms, digits or China-time dates; words as alarm types; the first usable picture of at most 10', () => {
    assert.strictEqual(messageTime(NOW), NOW);
    assert.strictEqual(messageTime(String(NOW)), NOW);
    assert.strictEqual(messageTime('2026-03-01 16:00:00'), NOW);
    assert.strictEqual(messageTime('yesterday'), undefined);
    assert.strictEqual(messageTime({ toString: 1 }), undefined);
    for (const [word, n] of Object.entries(ALARM_TYPE_WORDS)) {
      const e = readMessage(msg({}, { alarmType: word }));
      assert.ok(e && e.kind === 'alarm' && e.alarm.alarmType === n, word);
    }
    const odd = readMessage(msg({}, { alarmType: 'tamper' }));
    assert.ok(odd && odd.kind === 'alarm' && odd.alarm.alarmType === null);
    const many = Array.from({ length: 100000 }, () => ({ url: 'ftp://no' }));
    many[5] = { url: 'http://pic/ok.jpg' } as never;
    const p = readMessage(msg({}, {}, many));
    assert.ok(p && p.kind === 'alarm' && p.alarm.alarmPicUrl === 'http://pic/ok.jpg');
    many[5] = { url: 'ftp://no' };
    many[50] = { url: 'http://pic/late.jpg' };
    const q = readMessage(msg({}, {}, many));
    assert.ok(q && q.kind === 'alarm' && q.alarm.alarmPicUrl === '');
    const noTime = readMessage(msg({ messageTime: 'x' }, { alarmId: 'z' }));
    assert.ok(noTime && noTime.kind === 'other', 'an alarm needs a time');
  });

  it('ys.onoffline; other types and unusable messages', () => {
    const on = readMessage({
      header: { deviceId: 'c00000002', messageId: 9, messageTime: NOW, type: 'ys.onoffline' },
      body: { msgType: 'online', deviceName: 'Door' },
    });
    assert.deepStrictEqual(on, {
      kind: 'onoffline',
      messageId: '9',
      time: NOW,
      event: { event: 'online', deviceSerial: 'C00000002', deviceName: 'Door', time: NOW },
    });
    assert.strictEqual(readMessage({ header: { messageId: 'x', type: 'ys.other' } })?.kind, 'other');
    for (const bad of [
      null,
      1,
      'x',
      [],
      {},
      { header: {} },
      { header: { messageId: {} } },
      { header: { messageId: 'x'.repeat(300) } },
    ]) {
      assert.strictEqual(readMessage(bad), undefined, JSON.stringify(bad));
    }
  });
});

describe('events: source settings (source-settings.ts)', () => {
  it('poll by default (60 s, at least 10); consumer 5 s, at least 2, group 1-5; webhook path normalised', () => {
    const ok = (def: Record<string, unknown>) => {
      const r = sourceSettings(def);
      assert.ok(r.ok, JSON.stringify(r));
      return r;
    };
    assert.deepStrictEqual(ok({}).settings, {
      interval: 60,
      source: 'poll',
      group: 1,
      path: '',
      trustedProxies: [],
      onoffline: false,
      status: false,
      calls: false,
      others: false,
      picture: 'url',
    });
    // calls and others (docs/behaviour.md section 19): the message service's sources only
    assert.deepStrictEqual(
      [
        ok({ source: 'poll', calls: true, others: true }).settings.calls,
        ok({ source: 'webhook', calls: 'true' }).settings.calls,
        ok({ source: 'consumer', others: true }).settings.others,
        ok({ source: 'consumer', others: 'yes' }).settings.others,
      ],
      [false, true, true, false],
    );
    assert.strictEqual(ok({ picture: 'download' }).settings.picture, 'download');
    assert.deepStrictEqual(sourceSettings({ picture: 'yes' }), {
      ok: false,
      param: 'picture',
      value: '"yes"',
      min: 10,
    });
    assert.strictEqual(ok({ source: 'consumer' }).settings.interval, 5);
    const clamped = ok({ source: 'consumer', interval: 1 });
    assert.deepStrictEqual([clamped.settings.interval, clamped.clamped, clamped.min], [2, true, 2]);
    assert.strictEqual(ok({ source: 'poll', interval: 5 }).settings.interval, 10);
    assert.strictEqual(ok({ source: 'consumer', group: '4' }).settings.group, 4);
    assert.strictEqual(ok({ source: 'webhook', path: 'hooks/ezviz/' }).settings.path, '/hooks/ezviz');
    assert.strictEqual(ok({ source: 'webhook', onoffline: true }).settings.path, '/ezviz/alarms');
    for (const [def, param] of [
      [{ source: 'mqtt' }, 'source'],
      [{ source: 'consumer', group: 6 }, 'group'],
      [{ source: 'webhook', path: '/' }, 'path'],
      [{ source: 'webhook', path: '/a/../b' }, 'path'],
      [{ source: 'webhook', path: '/a b' }, 'path'],
      [{ source: 'webhook', trustedProxies: '10.0.0.0/33' }, 'trustedProxies'],
      [{ source: 'webhook', trustedProxies: 'proxy.lan' }, 'trustedProxies'],
      [{ source: 'consumer', interval: 'often' }, 'interval'],
    ] as const) {
      const r = sourceSettings(def);
      assert.ok(!r.ok && r.param === param, JSON.stringify(def));
    }
    assert.strictEqual(webhookPath(7), undefined);
  });
});

describe('events: calls and other messages (alarm-message.ts, call-message.ts)', () => {
  const msg = (type: string, body: unknown, extra: Record<string, unknown> = {}) =>
    readMessage({
      header: { channelNo: 1, deviceId: 'c00000003', messageId: 'm1', messageTime: 1767225600000, type },
      body,
      ...extra,
    });

  it('a call is the same call by its callingId and action, whatever its message id (sameEventKeys)', () => {
    const keys = (id: string, body: Record<string, unknown>) => {
      const e = readMessage({
        header: { channelNo: 1, deviceId: 'C00000003', messageId: id, messageTime: 1767225600000, type: 'ys.calling' },
        body,
      });
      return sameEventKeys(e!);
    };
    assert.deepStrictEqual(keys('m1', { action: 0, callingId: 'c-1' }), ['m:m1', 'c:c-1:ring']);
    assert.deepStrictEqual(keys('m2', { action: 2, callingId: 7 }), ['m:m2', 'c:7:hung-up']);
    assert.deepStrictEqual(keys('m3', { action: 0 }), ['m:m3'], 'no callingId: the message id alone');
  });

  it('ys.calling: action 0/1/2 or words, time from timestamp (s or ms, or a China date) or the header, picture from coverUrl or pictureList', () => {
    const ring = msg('ys.calling', {
      action: 0,
      callingId: 'c-1',
      timestamp: 1767225601,
      coverUrl: { url: 'https://p/x.jpg' },
    });
    assert.deepStrictEqual(ring, {
      kind: 'call',
      messageId: 'm1',
      time: 1767225601000,
      callingId: 'c-1',
      event: {
        event: 'call',
        action: 'ring',
        deviceSerial: 'C00000003',
        channelNo: 1,
        time: '2026-01-01T00:00:01.000Z',
        picture: 'https://p/x.jpg',
      },
    });
    const e = (body: unknown, extra?: Record<string, unknown>) =>
      (msg('ys.calling', body, extra) as { event?: Record<string, unknown> }).event;
    assert.strictEqual(e({ action: '1' })?.action, 'answered');
    assert.strictEqual(e({ action: 2, timestamp: 1767225601000 })?.time, '2026-01-01T00:00:01.000Z');
    assert.strictEqual(e({ action: 'hung-up', timestamp: '2026-01-01 08:00:02' })?.time, '2026-01-01T00:00:02.000Z');
    assert.strictEqual(e({ action: 0 })?.time, '2026-01-01T00:00:00.000Z');
    assert.strictEqual(
      e({ action: 0 }, { pictureList: [{ url: 'javascript:1' }, { url: 'https://p/y.jpg' }] })?.picture,
      'https://p/y.jpg',
    );
    assert.strictEqual(e({ action: 0, coverUrl: { url: 'ftp://x' } })?.picture, '');
    for (const body of [{ action: 7 }, { action: null }, {}, { action: { toString: 1 } }, 'x']) {
      assert.deepStrictEqual(
        msg('ys.calling', body),
        { kind: 'other', messageId: 'm1', time: 1767225600000 },
        JSON.stringify(body),
      );
    }
  });

  it('other types: {event: "message", type, body}; body null over 64 KiB or not JSON; a bad type is not one', () => {
    const o = msg('ys.iot', { a: [1, 'b'] }) as { message?: unknown };
    assert.deepStrictEqual(o.message, {
      event: 'message',
      type: 'ys.iot',
      body: { a: [1, 'b'] },
      deviceSerial: 'C00000003',
    });
    assert.strictEqual(
      (msg('ys.iot', { p: 'x'.repeat(65 * 1024) }) as { message: { body: unknown } }).message.body,
      null,
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.strictEqual((msg('ys.iot', cyclic) as { message: { body: unknown } }).message.body, null);
    assert.strictEqual((msg('a b', {}) as { message?: unknown }).message, undefined);
    assert.strictEqual(
      (msg('ys.alarm', { nothing: 1 }) as { message?: unknown }).message,
      undefined,
      'a broken alarm is not an other message',
    );
  });
});
