// ezviz-alarm with source `webhook` in Node-RED (docs/behaviour.md section 15): the node serves its path
// on Node-RED's HTTP node app (RED.httpNode, mounted here on a real HTTP server); the simulator
// pushes the alarms it raises to it, signed with the signing secret. Requests of our own try what
// must be refused. The runtime's clock is the simulator's fake clock (the `t` checks).

import assert from 'assert';
import { createHmac } from 'crypto';
import http from 'http';
import net from 'net';
import { FakeClock, messageService, webhookPusher } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { forgetPushIds } from '../../../features/alarms/webhook';
import {
  BODY_DEADLINE_MS,
  MAX_BODIES_PER_SENDER,
  MAX_OPEN_BODIES,
  openBodies,
} from '../../../features/alarms/push-body';
import { statusKey } from '../../../runtime/i18n/status-keys';
import {
  closeServer,
  collect,
  helper,
  httpNodeApp,
  load,
  Msg,
  secrets,
  serveHttp,
  TAB,
  unload,
} from '../../support/red';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until } from '../../support/fake-time';
import { alarmFlow, CREDS, motionPayload } from '../../support/alarm-flow';

const SECRET = 'whsec-5b7e0c11-test';
secrets.add(SECRET);
const HOOK = { source: 'webhook', path: '/ezviz/alarms' };

type Reply = { status: number; json: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

function post(url: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sign = (body: string, t: string, secret = SECRET) =>
  createHmac('sha1', secret)
    .update(body + t)
    .digest('hex');

describe('ezviz-alarm source webhook (Node-RED HTTP node app on a real server)', function () {
  let sim: Simulator;
  let clock: FakeClock;
  let server: http.Server | undefined;
  let base = '';
  let timers: ReturnType<typeof fakeTimers>;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));
  afterEach(async () => {
    forgetPushIds();
    await closeServer(server);
    server = undefined;
  });

  async function start(
    props: Record<string, unknown> = HOOK,
    creds: Record<string, string> = { secret: SECRET },
    more: Array<Record<string, unknown>> = [],
  ): Promise<ReturnType<typeof collect>> {
    // (alarmFlow names the extra nodes' helpers ok2/err2, ok3/err3, ...)
    timers = fakeTimers(clock);
    fakeTime(clock);
    await load(alarmFlow(sim.url, props, true, more), { ...CREDS, op: creds });
    ({ server, base } = await serveHttp());
    webhookPusher(sim.state).set({ url: `${base}/ezviz/alarms`, secret: SECRET });
    return collect(['ok', 'err', 'caught', ...more.map((_m, i) => `ok${i + 2}`)]);
  }

  /** A message as the platform pushes it. */
  function message(id: string, over: Record<string, unknown> = {}): string {
    return JSON.stringify({
      header: { channelNo: 1, deviceId: 'C00000001', messageId: id, messageTime: clock.now(), type: 'ys.alarm' },
      body: { alarmId: `alarm-${id}`, alarmTime: clock.now(), alarmType: 10002, describe: 'Motion detection alarm' },
      pictureList: [],
      ...over,
    });
  }
  const signed = (body: string, t = String(clock.now())) =>
    post(`${base}/ezviz/alarms`, body, { t, signature: sign(body, t) });

  it('a raised alarm is pushed, acknowledged and sent once: the poll payload plus source; no API call', async () => {
    const out = await start();
    const listed = sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10002, alarmId: 'w1' });
    await out.wait(1);
    await until(() => webhookPusher(sim.state).pushes().length === 1);
    assert.deepStrictEqual(out.ok[0].payload, motionPayload(listed, 'webhook'));
    assert.strictEqual(out.ok[0].topic, 'C00000001');
    assert.strictEqual(out.ok[0].ezviz.source, 'webhook');
    const [push] = webhookPusher(sim.state).pushes();
    assert.deepStrictEqual([push.attempt, push.acked, push.status], [1, true, 200]);
    assert.deepStrictEqual(
      sim.requestLog().filter((e) => e.path.startsWith('/api/')),
      [],
      'a webhook makes no API call',
    );
  });

  it('refused with nothing sent: no or a wrong signature, a t more than 5 minutes off (401), over 256 KiB (413), not a message (400)', async () => {
    const out = await start();
    const warns: string[] = [];
    const node = helper.getNode('op') as unknown as { warn(t: string): void };
    const warn = node.warn.bind(node);
    node.warn = (text: string) => {
      warns.push(text);
      warn(text);
    };
    const url = `${base}/ezviz/alarms`;
    const body = message('m1');
    const t = String(clock.now());
    const cases: Array<[string, Promise<Reply>, number]> = [
      ['no signature', post(url, body, { t }), 401],
      ['no t', post(url, body, { signature: sign(body, t) }), 401],
      ['wrong signature', post(url, body, { t, signature: sign(body, t, 'another-secret') }), 401],
      ['signature of another body', post(url, body, { t, signature: sign(message('m2'), t) }), 401],
      ['the secret as the signature', post(url, body, { t, signature: SECRET, 'x-secret': SECRET }), 401],
      ['replayed: t 6 minutes old', signed(body, String(clock.now() - 6 * 60000)), 401],
      ['t 6 minutes ahead', signed(body, String(clock.now() + 6 * 60000)), 401],
      ['300 KiB', signed(message('big', { body: { pad: 'x'.repeat(300 * 1024) } })), 413],
      ['not JSON', signed('<xml>hello</xml>'), 400],
      ['no messageId', signed(JSON.stringify({ header: { type: 'ys.alarm' } })), 400],
    ];
    for (const [name, reply, status] of cases) {
      const r = await reply;
      assert.strictEqual(r.status, status, name);
      assert.ok(!JSON.stringify(r.json).includes(SECRET), `${name}: the answer holds no secret`);
    }
    await settle();
    assert.deepStrictEqual(out.ok, []);
    assert.strictEqual(warns.length, 1, `one warning a minute: ${warns.join(' | ')}`);
    assert.match(warns[0], /\/ezviz\/alarms/);
    assert.match(warns[0], /from 127\.0\.0\.1\)$/, 'names the sender');
    assert.ok(!warns[0].includes(SECRET));
    clock.advance(61000);
    await post(url, body, { t: String(clock.now()) });
    assert.strictEqual(warns.length, 2, 'a minute later: another');
    assert.match(warns[1], /401/);
    // 4.5 minutes off is within the window
    assert.strictEqual((await signed(body, String(clock.now() - 270000))).status, 200);
    await out.wait(1);
  });

  it('a message id seen before is acknowledged again and not sent twice, also after a redeploy', async () => {
    let out = await start();
    const body = message('dup-1');
    for (let i = 0; i < 3; i++) {
      const r = await signed(body);
      assert.deepStrictEqual([r.status, r.json], [200, { messageId: 'dup-1' }]);
    }
    await settle();
    assert.strictEqual(out.ok.length, 1);
    await unload();
    server!.closeAllConnections();
    await new Promise<void>((r) => server!.close(() => r()));
    out = await start();
    assert.strictEqual((await signed(body)).status, 200);
    assert.strictEqual((await signed(message('dup-2'))).status, 200);
    await out.wait(1);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.ezviz.messageId),
      ['dup-2'],
    );
  });

  it('filters, nothing older than the deploy, online/offline only when ticked; a second node on the path is refused', async () => {
    const out = await start({ ...HOOK, deviceSerial: 'C00000001', onoffline: true }, { secret: SECRET }, [
      { source: 'webhook', path: '/ezviz/other/' },
      { source: 'webhook', path: 'ezviz/alarms' },
    ]);
    assert.strictEqual(
      (await signed(message('old', { body: { alarmId: 'old', alarmTime: clock.now() - 1000 } }))).status,
      200,
    );
    assert.strictEqual(
      (
        await signed(
          message('other', {
            header: {
              channelNo: 1,
              deviceId: 'C00000003',
              messageId: 'other',
              messageTime: clock.now(),
              type: 'ys.alarm',
            },
          }),
        )
      ).status,
      200,
    );
    clock.advance(1000);
    messageService(sim.state).onOffline(sim.state, 'C00000001', false, clock.now());
    await out.wait(1);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload),
      [
        {
          event: 'offline',
          deviceSerial: 'C00000001',
          deviceName: sim.state.devices.C00000001.name,
          time: clock.now(),
        },
      ],
    );
    // the second node has a path of its own (trailing slash ignored), without onoffline it sends nothing of it
    const other = await post(`${base}/ezviz/other`, message('o1'), {});
    assert.strictEqual(other.status, 200, 'no secret: nothing checked');
    await out.wait(2);
    assert.strictEqual(out.ok2.length, 1);
    // the third asks for the first one's path: it cannot start; an input message fails with why
    const ok3 = collect(['err3']);
    helper.getNode('op3').receive({ payload: 1 });
    await ok3.wait(1);
    assert.strictEqual(ok3.err3[0].error.code, 'INVALID_CONFIG');
    assert.match(ok3.err3[0].error.message, /\/ezviz\/alarms/);
    assert.strictEqual(out.ok.length, 1, 'the first node still serves its path');
  });

  it('the path answers 404 once the node is gone', async () => {
    await start();
    const app = httpNodeApp();
    await unload();
    const s2 = await serveHttp(app as http.RequestListener);
    const r = await post(`${s2.base}/ezviz/alarms`, message('gone'));
    await closeServer(s2.server);
    assert.strictEqual(r.status, 404);
    await load([{ id: TAB, type: 'tab', label: 'x' }]); // a flow for afterEach
  });
  /** A push whose headers say `length` bytes and whose body stops after `sent` of them; its answer
   * (status line and headers) and whether the server closed the connection. */
  function stalled(
    length: number,
    sent: number,
    from = '127.0.0.1',
    type = 'text/plain',
  ): { socket: net.Socket; answer: Promise<{ head: string; closed: boolean }> } {
    const socket = net.connect({ port: Number(new URL(base).port), host: '127.0.0.1', localAddress: from });
    const t = String(clock.now());
    socket.write(
      `POST /ezviz/alarms HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n` +
        `t: ${t}\r\nsignature: ${sign('x', t)}\r\n\r\n${'x'.repeat(sent)}`,
    );
    const answer = new Promise<{ head: string; closed: boolean }>((resolve) => {
      let head = '';
      socket.on('data', (c: Buffer) => (head += c.toString('latin1')));
      socket.on('close', () => resolve({ head, closed: true }));
      socket.on('error', () => undefined);
    });
    return { socket, answer };
  }

  it('an alarm is sent once, also when it comes again under a new message id', async () => {
    const out = await start();
    const again = (id: string) =>
      message(id, { body: { alarmId: 'alarm-same', alarmTime: clock.now(), alarmType: 10002 } });
    for (const id of ['first', 'second', 'third'])
      assert.deepStrictEqual((await signed(again(id))).json, { messageId: id });
    assert.strictEqual((await signed(message('other'))).status, 200);
    await out.wait(2);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => [m.ezviz.messageId, m.payload.alarmId]),
      [
        ['first', 'alarm-same'],
        ['other', 'alarm-other'],
      ],
    );
  });

  /** The n-th of many senders on loopback (127.0.0.x stand for several addresses). */
  const sender = (n: number) => `127.0.${1 + Math.floor(n / 200)}.${10 + (n % 200)}`;
  const bodyTimers = (ms: number) => timers.pending.filter((p) => p.live && p.ms === ms);
  const fireAll = (due: Array<{ live: boolean; fn: () => void }>) => {
    for (const p of due) {
      p.live = false;
      p.fn();
    }
  };

  it(`a body has ${BODY_DEADLINE_MS / 1000} s to arrive (408, cut off); at most ${MAX_OPEN_BODIES} are read at once (503, Retry-After)`, async () => {
    const out = await start();
    const slow = Array.from({ length: MAX_OPEN_BODIES }, (_, i) =>
      stalled(100, 10, sender(Math.floor(i / MAX_BODIES_PER_SENDER))),
    );
    await until(() => openBodies() === MAX_OPEN_BODIES);
    assert.strictEqual(bodyTimers(BODY_DEADLINE_MS).length, MAX_OPEN_BODIES);
    const busy = await post(`${base}/ezviz/alarms`, message('busy-1'), {});
    assert.deepStrictEqual([busy.status, busy.json], [503, { error: 'busy' }]);
    for (const p of bodyTimers(BODY_DEADLINE_MS)) {
      p.live = false;
      p.fn();
    }
    for (const { answer } of slow) {
      const a = await answer;
      assert.match(a.head, /^HTTP\/1\.1 408 /, a.head);
      assert.ok(a.closed, 'the connection is cut');
    }
    assert.strictEqual(openBodies(), 0);
    assert.strictEqual((await signed(message('after'))).status, 200, 'served again');
    await out.wait(1);
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.ezviz.messageId),
      ['after'],
    );
  });

  it(`at most ${MAX_BODIES_PER_SENDER} bodies of one sender at once (503); a body bringing less than 1 KiB in a second is cut (408); other senders served meanwhile`, async () => {
    const out = await start();
    const mine = Array.from({ length: MAX_BODIES_PER_SENDER }, () => stalled(5000, 10, '127.0.0.7'));
    await until(() => openBodies() === MAX_BODIES_PER_SENDER);
    const ninth = await stalled(10, 10, '127.0.0.7').answer;
    assert.match(ninth.head, /^HTTP\/1\.1 503 [^]*Retry-After: 1/i, ninth.head);
    assert.strictEqual((await signed(message('other-sender'))).status, 200, 'another address is served');
    // A second passes: each stalled body brought 10 bytes in it.
    for (const p of bodyTimers(1000)) {
      p.live = false;
      p.fn();
    }
    for (const { answer } of mine) assert.match((await answer).head, /^HTTP\/1\.1 408 /);
    assert.strictEqual(openBodies(), 0);
    // A body that keeps bringing 1 KiB a second goes on, and is read whole.
    const body = message('paced', { pad: 'p'.repeat(3000) });
    const t = String(clock.now());
    const socket = net.connect({ port: Number(new URL(base).port), host: '127.0.0.1' });
    let head = '';
    socket.on('data', (c: Buffer) => (head += c.toString('latin1')));
    socket.write(
      `POST /ezviz/alarms HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n` +
        `t: ${t}\r\nsignature: ${sign(body, t)}\r\nConnection: close\r\n\r\n`,
    );
    for (let at = 0; at < body.length; at += 1100) {
      socket.write(body.slice(at, at + 1100));
      await until(() => openBodies() === 1 || head !== '');
      await settle();
      if (at + 1100 < body.length) fireAll(bodyTimers(1000));
    }
    await until(() => head.includes('\r\n\r\n'));
    assert.match(head, /^HTTP\/1\.1 200 /, head);
    socket.destroy();
    await out.wait(2);
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.ezviz.messageId),
      ['other-sender', 'paced'],
    );
  });

  it('a push sent as application/json is verified over its raw bytes and answered like a text/plain one', async () => {
    const out = await start();
    const body = message('as-json');
    const t = String(clock.now());
    const r = await post(`${base}/ezviz/alarms`, body, {
      'Content-Type': 'application/json',
      t,
      signature: sign(body, t),
    });
    assert.deepStrictEqual([r.status, r.json], [200, { messageId: 'as-json' }]);
    const forged = await post(`${base}/ezviz/alarms`, message('forged'), {
      'Content-Type': 'application/json; charset=utf-8',
      t,
      signature: sign(body, t),
    });
    assert.strictEqual(forged.status, 401);
    const slow = stalled(100, 10, '127.0.0.9', 'application/json');
    await until(() => openBodies() === 1);
    fireAll(bodyTimers(1000));
    assert.match((await slow.answer).head, /^HTTP\/1\.1 408 /);
    await out.wait(1);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.ezviz.messageId),
      ['as-json'],
    );
  });

  it('a 503 carries Retry-After: 1 and closes the connection', async () => {
    await start();
    const slow = Array.from({ length: MAX_OPEN_BODIES }, (_, i) =>
      stalled(100, 1, sender(Math.floor(i / MAX_BODIES_PER_SENDER))),
    );
    await until(() => openBodies() === MAX_OPEN_BODIES);
    const extra = stalled(10, 10, sender(999));
    const a = await extra.answer;
    assert.match(a.head, /^HTTP\/1\.1 503 [^]*Retry-After: 1/i, a.head);
    for (const s of slow) s.socket.destroy();
    await until(() => openBodies() === 0);
  });

  it('without a signing secret the status says so in yellow (and the log once)', async () => {
    await start(HOOK, {});
    const proto = (
      helper as unknown as {
        _NodePrototype: { status: { getCalls(): Array<{ thisValue: { id: string }; args: unknown[] }> } };
      }
    )._NodePrototype;
    const mine = proto.status
      .getCalls()
      .filter((c) => c.thisValue.id === 'op')
      .map((c) => c.args[0]);
    assert.deepStrictEqual(mine.at(-1), { fill: 'yellow', shape: 'ring', text: statusKey('webhookUnsigned') });
  });
});
