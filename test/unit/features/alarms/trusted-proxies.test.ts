// Who sent a webhook push behind a reverse proxy (features/alarms/trusted-proxies.ts, docs/behaviour.md
// section 15): the option's entries, the ranges and the walk along X-Forwarded-For.

import assert from 'assert';
import {
  addressBytes,
  clientAddress,
  isTrusted,
  MAX_TRUSTED,
  trustedRanges,
} from '../../../../features/alarms/trusted-proxies';
import { senderOf, type Req } from '../../../../features/alarms/push-body';
import { sourceSettings } from '../../../../features/alarms/source-settings';

const ranges = (v: unknown) => {
  const r = trustedRanges(v);
  assert.ok(r, `${JSON.stringify(v)} is an option`);
  return r;
};

describe('webhook: trusted proxies (trusted-proxies.ts)', () => {
  it('reads addresses, ranges and the names loopback, linklocal, uniquelocal; refuses anything else', () => {
    assert.deepStrictEqual(trustedRanges(''), []);
    assert.deepStrictEqual(trustedRanges(undefined), []);
    assert.deepStrictEqual(ranges('127.0.0.1'), [{ bytes: [127, 0, 0, 1], prefix: 32 }]);
    assert.deepStrictEqual(ranges(' 10.0.0.0/8,  fd00::/8 '), [
      { bytes: [10, 0, 0, 0], prefix: 8 },
      { bytes: [0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], prefix: 8 },
    ]);
    assert.deepStrictEqual(ranges('::ffff:10.0.0.0/104'), [{ bytes: [10, 0, 0, 0], prefix: 8 }], 'mapped: IPv4');
    assert.strictEqual(ranges('LOOPBACK, uniquelocal linklocal').length, 2 + 4 + 2);
    assert.strictEqual(ranges(['127.0.0.1', '::1']).length, 2, 'a list');
    for (const bad of ['10.0.0.0/33', '::/129', '256.1.1.1', '1.2.3', 'proxy.lan', '1::2::3', '10.0.0.1/8/1', '/8', 7])
      assert.strictEqual(trustedRanges(bad), undefined, String(bad));
    assert.strictEqual(
      trustedRanges(
        Array(MAX_TRUSTED + 1)
          .fill('10.0.0.1')
          .join(','),
      ),
      undefined,
      'too many',
    );
    const s = sourceSettings({ source: 'webhook', trustedProxies: 'loopback' });
    assert.ok(s.ok && s.settings.trustedProxies.length === 2);
    const poll = sourceSettings({ source: 'poll', trustedProxies: 'not read' });
    assert.ok(poll.ok && poll.settings.trustedProxies.length === 0, 'only a webhook reads it');
  });

  it('matches addresses of either family by prefix, a mapped IPv4 address as IPv4', () => {
    const r = ranges('10.0.0.0/8, 172.16.0.0/12, 2001:db8::/32, 192.168.1.10');
    for (const a of ['10.1.2.3', '::ffff:10.9.9.9', '172.31.255.1', '2001:db8:1::5', '2001:DB8::', '192.168.1.10'])
      assert.ok(isTrusted(r, a), a);
    for (const a of ['11.0.0.1', '172.32.0.1', '2001:db9::1', '192.168.1.11', '::1', 'x', ''])
      assert.ok(!isTrusted(r, a), a);
    assert.deepStrictEqual(addressBytes('::ffff:1.2.3.4'), [1, 2, 3, 4]);
    assert.deepStrictEqual(addressBytes('fe80::1%eth0')?.slice(0, 2), [0xfe, 0x80]);
    assert.strictEqual(addressBytes('1:2:3:4:5:6:7'), undefined);
  });

  it('believes X-Forwarded-For only from a trusted proxy, read from its right end', () => {
    const proxy = ranges('127.0.0.1, 10.0.0.0/8');
    // A sender not listed: its header is never read.
    assert.strictEqual(clientAddress('203.0.113.9', '198.51.100.1', proxy), '203.0.113.9');
    // From the proxy: the last address it added; a forged left part stays unread.
    assert.strictEqual(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.9', proxy), '203.0.113.9');
    // Two proxies of ours in a row, then the sender.
    assert.strictEqual(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.9, 10.1.1.1', proxy), '203.0.113.9');
    // Repeated headers (as Node gives them in a list) and ports.
    assert.strictEqual(clientAddress('::ffff:127.0.0.1', ['6.6.6.6', '203.0.113.9:4711'], proxy), '203.0.113.9');
    assert.strictEqual(clientAddress('127.0.0.1', '[2001:db8::7]:443', proxy), '2001:db8::7');
    // A hop that is not an address stops at the proxy that gave it; no header: the proxy.
    assert.strictEqual(clientAddress('127.0.0.1', 'unknown', proxy), '127.0.0.1');
    assert.strictEqual(clientAddress('127.0.0.1', undefined, proxy), '127.0.0.1');
    // No trusted proxies: the header is never read.
    assert.strictEqual(clientAddress('127.0.0.1', '203.0.113.9', []), '127.0.0.1');
  });

  it('senderOf: the trusted walk when proxies are listed, else the address Express gives', () => {
    const req = (ip: string | undefined, socket: string, xff?: string) =>
      ({ ip, socket: { remoteAddress: socket }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as unknown as Req;
    const proxy = ranges('loopback');
    assert.strictEqual(senderOf(req('127.0.0.1', '127.0.0.1', '203.0.113.9'), proxy), '203.0.113.9');
    assert.strictEqual(senderOf(req('127.0.0.1', '::ffff:127.0.0.1', '2001:db8:1:2:3::9'), proxy), '2001:db8:1:2::/64');
    assert.strictEqual(senderOf(req('198.51.100.7', '198.51.100.7', '203.0.113.9'), proxy), '198.51.100.7');
    // Without the option: req.ip (Express's `trust proxy`), never the header itself.
    assert.strictEqual(senderOf(req('203.0.113.1', '127.0.0.1', '203.0.113.9')), '203.0.113.1');
    assert.strictEqual(senderOf(req(undefined, '::ffff:127.0.0.1', '203.0.113.9')), '127.0.0.1');
  });
});
