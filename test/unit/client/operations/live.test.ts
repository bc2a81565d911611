// Live addresses, the pure parts (docs/behaviour.md section 13): the region's path, playback times in the
// API's form, the rules between the parameters (operations/live.ts), and the address reply's checks
// (replies/live-address.ts: BAD_REPLY for a url of another scheme, an expireTime that is not a
// date, an odd or huge id).

import { strict as assert } from 'assert';
import { addressOf } from '../../../../client/replies/live-address';
import { BadReply } from '../../../../client/replies/replies';
import { completeLiveFields, isInternationalHost, pathFor, playbackTime } from '../../../../client/operations/live';
import { OPERATIONS } from '../../../../client/operations/operations';

const reply = (data: unknown) => ({ code: '200', msg: 'ok', data });

describe('live addresses: tables and replies', () => {
  it('asks v2 on China and custom URLs, the old path on the international hosts', () => {
    const spec = OPERATIONS.live;
    assert.equal(pathFor(spec, 'https://open.ys7.com'), '/api/lapp/v2/live/address/get');
    assert.equal(pathFor(spec, 'http://127.0.0.1:8089'), '/api/lapp/v2/live/address/get');
    assert.equal(pathFor(spec, 'https://iusopen.ezvizlife.com'), '/api/lapp/live/address/get');
    assert.equal(pathFor(spec, 'https://open.ezvizlife.com'), '/api/lapp/live/address/get');
    assert.equal(pathFor(spec, 'https://ezvizlife.com.evil.example'), '/api/lapp/v2/live/address/get');
    assert.equal(
      pathFor(OPERATIONS.capture, 'https://open.ezvizlife.com'),
      OPERATIONS.capture.path,
      'other calls keep their path',
    );
    assert.ok(!isInternationalHost('open.ys7.com') && isInternationalHost('ieuopen.ezvizlife.com.'));
  });

  it('writes playback times as yyyy-MM-dd HH:mm:ss (local time) and refuses what is not a time', () => {
    const d = new Date(2026, 2, 1, 9, 5, 7);
    assert.equal(playbackTime(d), '2026-03-01 09:05:07');
    assert.equal(playbackTime(d.getTime()), '2026-03-01 09:05:07');
    assert.equal(playbackTime(String(d.getTime())), '2026-03-01 09:05:07');
    assert.equal(playbackTime(d.toISOString()), '2026-03-01 09:05:07');
    assert.equal(playbackTime(' 2026-03-01 23:59:59 '), '2026-03-01 23:59:59');
    for (const bad of [
      '2026-13-01 00:00:00',
      '2026-02-30 10:00:00',
      '2026-03-01 24:00:00',
      '1999-12-31 23:59:59',
      'yesterday',
      NaN,
      {},
      new Date(NaN),
      '1772330400',
      1e21,
      -1e21,
      8.64e15 + 1,
    ]) {
      assert.equal(playbackTime(bad), undefined, String(bad));
    }
  });

  it('completes live fields and checks the rules between them', () => {
    const live: Record<string, string | number> = { deviceSerial: 'C1', startTime: '2026-03-01 10:00:00' };
    assert.equal(completeLiveFields(live), undefined);
    assert.deepEqual(
      live,
      { deviceSerial: 'C1', protocol: 2, type: 1, expireTime: 3600 },
      'defaults; no window for live',
    );
    const ez: Record<string, string | number> = { protocol: 1, expireTime: 60 };
    completeLiveFields(ez);
    assert.equal(ez.expireTime, undefined, 'ezopen takes no lifetime');
    const w = { startTime: '2026-03-01 10:00:00', stopTime: '2026-03-01 11:00:00' };
    assert.deepEqual(completeLiveFields({ type: 2, protocol: 2, ...w }), { param: 'protocol', reason: 'playbackHls' });
    const played: Record<string, string | number> = { type: 3, ...w };
    assert.equal(
      completeLiveFields(played),
      undefined,
      'playback without a protocol: flv (a recording item plays as it is)',
    );
    assert.equal(played.protocol, 4);
    assert.deepEqual(completeLiveFields({ type: 2, protocol: 4, startTime: w.startTime }), {
      param: 'end',
      reason: 'playbackWindow',
    });
    assert.deepEqual(completeLiveFields({ type: 2, protocol: 4, stopTime: w.stopTime }), {
      param: 'start',
      reason: 'playbackWindow',
    });
    assert.deepEqual(completeLiveFields({ type: 2, protocol: 4, startTime: w.stopTime, stopTime: w.startTime }), {
      param: 'end',
      reason: 'playbackWindow',
    });
    assert.deepEqual(
      completeLiveFields({ type: 3, protocol: 5, startTime: '2026-03-01 23:00:00', stopTime: '2026-03-02 01:00:00' }),
      { param: 'end', reason: 'cloudDay' },
    );
    const sd: Record<string, string | number> = { type: 2, protocol: 5, quality: 1, ...w };
    assert.equal(completeLiveFields(sd), undefined);
    assert.equal(sd.quality, undefined, 'no quality for playback');
  });

  it("takes a reply's address only when url, id and expireTime are what the contract says", () => {
    assert.deepEqual(addressOf(reply({ url: 'https://h/a.m3u8', id: 'abc', expireTime: '2026-03-01 10:00:00' }), 2), {
      url: 'https://h/a.m3u8',
      id: 'abc',
    });
    assert.deepEqual(addressOf(reply({ url: 'rtmp://h:1935/v3/openlive/a', id: 12 }), 3), {
      url: 'rtmp://h:1935/v3/openlive/a',
      id: '12',
    });
    assert.deepEqual(addressOf(reply({ url: 'ezopen://open.ys7.com/C1/1.live' }), 1), {
      url: 'ezopen://open.ys7.com/C1/1.live',
      id: null,
    });
    const bad = (data: unknown, protocol = 2) =>
      assert.throws(() => addressOf(reply(data), protocol), BadReply, JSON.stringify(data).slice(0, 80));
    bad(null);
    bad([]);
    bad({ url: 'rtmp://h/a' });
    bad({ url: 'https://h/a.m3u8' }, 1);
    bad({ url: 'ftp://h/a.m3u8' });
    bad({ url: 'javascript:alert(1)' });
    bad({ url: ' https://h/a.m3u8' });
    bad({ url: 'https://h/' + 'a'.repeat(5000) });
    bad({ url: 'https://h/a.m3u8', expireTime: 'tomorrow' });
    bad({ url: 'https://h/a.m3u8', expireTime: '2026-13-01 00:00:00' }, 2); // found by the reply fuzzer: the month was unchecked
    bad({ url: 'https://h/a.m3u8', expireTime: 1772330400 });
    bad({ url: 'https://h/a.m3u8', id: 'x'.repeat(129) });
    bad({ url: 'https://h/a.m3u8', id: 'a b' });
    bad({ url: 'https://h/a.m3u8', id: 2 ** 60 });
    bad({ url: 'https://h/a.m3u8', id: { toString: 1 } });
  });
});
