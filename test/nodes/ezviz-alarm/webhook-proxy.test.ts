// ezviz-alarm's webhook behind a reverse proxy (docs/behaviour.md section 15), over real HTTP on
// loopback (127.0.0.x stand for the proxy and the senders): the option `trustedProxies` makes the
// node believe the X-Forwarded-For of the listed proxy, so each sender behind it has its own bounds;
// a sender not listed that forges the header keeps its own; without the option the header is never
// read. The runtime's clock is the simulator's fake clock (no body deadline fires by itself).

import assert from 'assert';
import { createHmac } from 'crypto';
import http from 'http';
import net from 'net';
import type { FakeClock } from '../../../simulator';
import { forgetPushIds } from '../../../features/alarms/webhook';
import { MAX_BODIES_PER_SENDER, openBodies } from '../../../features/alarms/push-body';
import { closeServer, collect, helper, load, Msg, secrets, serveHttp } from '../../support/red';
import type { Simulator } from '../../../simulator';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until } from '../../support/fake-time';
import { alarmFlow, CREDS } from '../../support/alarm-flow';

const SECRET = 'whsec-proxy-4e1d-test';
secrets.add(SECRET);
const HOOK = { source: 'webhook', path: '/ezviz/alarms' };
const PROXY = '127.0.0.5';
const OTHER = '127.0.0.7';

const sign = (body: string, t: string) =>
  createHmac('sha1', SECRET)
    .update(body + t)
    .digest('hex');

describe('ezviz-alarm webhook behind a reverse proxy (trustedProxies, real HTTP)', function () {
  let sim: Simulator;
  let clock: FakeClock;
  let server: http.Server | undefined;
  let base = '';
  let open: net.Socket[] = [];
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));
  afterEach(async () => {
    for (const s of open) s.destroy();
    open = [];
    await until(() => openBodies() === 0);
    forgetPushIds();
    await closeServer(server);
    server = undefined;
  });

  async function start(props: Record<string, unknown>) {
    fakeTimers(clock);
    fakeTime(clock);
    await load(alarmFlow(sim.url, props, true), { ...CREDS, op: { secret: SECRET } });
    ({ server, base } = await serveHttp());
    const warns: string[] = [];
    const node = helper.getNode('op') as unknown as { warn(t: string): void };
    const warn = node.warn.bind(node);
    node.warn = (text: string) => void (warns.push(text), warn(text));
    return { out: collect(['ok', 'err', 'caught']), warns };
  }

  /** A push from `from` whose body stops after 10 of its 100 bytes; its answer's head. */
  function stalled(from: string, forwarded?: string): Promise<string> {
    const socket = net.connect({ port: Number(new URL(base).port), host: '127.0.0.1', localAddress: from });
    open.push(socket);
    socket.write(
      `POST /ezviz/alarms HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n` +
        `${forwarded ? `X-Forwarded-For: ${forwarded}\r\n` : ''}\r\n${'x'.repeat(10)}`,
    );
    return new Promise((resolve) => {
      let head = '';
      socket.on('data', (c: Buffer) => (head += c.toString('latin1')));
      socket.on('close', () => resolve(head));
      socket.on('error', () => undefined);
    });
  }

  /** A signed alarm push from `from`; its status. */
  function signed(id: string, from: string, forwarded?: string): Promise<number> {
    const body = JSON.stringify({
      header: { channelNo: 1, deviceId: 'C00000001', messageId: id, messageTime: clock.now(), type: 'ys.alarm' },
      body: { alarmId: `alarm-${id}`, alarmTime: clock.now(), alarmType: 10002 },
    });
    const t = String(clock.now());
    const headers: Record<string, string> = { 'Content-Type': 'text/plain', t, signature: sign(body, t) };
    if (forwarded) headers['X-Forwarded-For'] = forwarded;
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}/ezviz/alarms`, { method: 'POST', headers, localAddress: from }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** `MAX_BODIES_PER_SENDER` stalled bodies from `from`, the n-th with `forwarded(n)`, all being read. */
  async function fill(from: string, forwarded: (n: number) => string | undefined): Promise<void> {
    const before = openBodies();
    for (let n = 0; n < MAX_BODIES_PER_SENDER; n++) void stalled(from, forwarded(n));
    await until(() => openBodies() === before + MAX_BODIES_PER_SENDER);
  }

  it('behind a listed proxy each forwarded sender has its own bounds; a sender not listed that forges the header keeps its own', async () => {
    const { out, warns } = await start({ ...HOOK, trustedProxies: `${PROXY}, 10.0.0.0/8` });
    // One noisy sender behind the proxy takes its 8 places...
    await fill(PROXY, () => '203.0.113.1');
    assert.match(await stalled(PROXY, '203.0.113.1'), /^HTTP\/1\.1 503 /, 'its ninth waits');
    // ...and the others behind the same proxy are still served (0.4: all of them answered 503).
    assert.strictEqual(await signed('quiet', PROXY, '203.0.113.2'), 200, 'another sender behind the proxy');
    // What a sender writes left of the proxy's own entry is not believed: this is 203.0.113.3.
    assert.strictEqual(await signed('left-forged', PROXY, '203.0.113.1, 203.0.113.3'), 200);
    // Two of our proxies in a row (10.0.0.0/8 listed): still the first address not listed.
    assert.match(await stalled(PROXY, '203.0.113.3, 203.0.113.1, 10.2.3.4'), /^HTTP\/1\.1 503 /);
    // A sender not listed cannot escape its bounds with a header of its own.
    await fill(OTHER, (n) => `198.51.100.${n + 1}`);
    assert.match(await stalled(OTHER, '198.51.100.99'), /^HTTP\/1\.1 503 /, 'a forged header changes nothing');
    assert.match(await stalled(OTHER, '203.0.113.2'), /^HTTP\/1\.1 503 /, "not even a proxied sender's address");
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.ezviz.messageId),
      ['quiet', 'left-forged'],
    );
    assert.strictEqual(warns.length, 1, warns.join(' | '));
    assert.match(warns[0], /from 203\.0\.113\.1\)/, 'the warning names the forwarded sender');
  });

  it('without trusted proxies X-Forwarded-For is never read: the proxy is one sender', async () => {
    const { out, warns } = await start(HOOK);
    await fill(PROXY, (n) => `203.0.113.${n + 1}`);
    assert.match(await stalled(PROXY, '203.0.113.99'), /^HTTP\/1\.1 503 /);
    assert.strictEqual(await signed('behind', PROXY, '203.0.113.100'), 503, 'one sender: the proxy');
    assert.strictEqual(await signed('direct', OTHER), 200, 'another address is served');
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.ezviz.messageId),
      ['direct'],
    );
    assert.match(warns[0], /from 127\.0\.0\.5\)/, "the warning names the connection's address");
  });
});
