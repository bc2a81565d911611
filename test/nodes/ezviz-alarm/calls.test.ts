// ezviz-alarm's options `calls` and `others` (docs/behaviour.md section 19): a doorbell rung on the
// simulator (POST /sim/call) reaches a webhook node and a consumer node as {event: "call", ...}
// with the serial as topic; a message of another type leaves as {event: "message", type, body}
// (body null over 64 KiB); without the options nothing leaves; each message id once.

import assert from 'assert';
import { createHmac } from 'crypto';
import http from 'http';
import { FakeClock, webhookPusher } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { forgetPushIds } from '../../../features/alarms/webhook';
import { closeServer, collect, load, secrets, serveHttp } from '../../support/red';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until } from '../../support/fake-time';
import { alarmFlow, CREDS } from '../../support/alarm-flow';
import { admin } from '../../support/simulator-http';

const SECRET = 'whsec-calls-test-7f3a';
secrets.add(SECRET);

function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('ezviz-alarm: doorbell calls and other messages', function () {
  let sim: Simulator;
  let clock: FakeClock;
  let server: http.Server | undefined;
  let base = '';
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));
  afterEach(async () => {
    forgetPushIds();
    await closeServer(server);
    server = undefined;
  });

  async function webhook(props: Record<string, unknown>): Promise<ReturnType<typeof collect>> {
    fakeTimers(clock);
    fakeTime(clock);
    await load(alarmFlow(sim.url, { source: 'webhook', path: '/door', ...props }), {
      ...CREDS,
      op: { secret: SECRET },
    });
    ({ server, base } = await serveHttp());
    webhookPusher(sim.state).set({ url: `${base}/door`, secret: SECRET });
    return collect(['ok', 'err', 'caught']);
  }
  const signed = (body: string) => {
    const t = String(clock.now());
    return post(`${base}/door`, body, {
      t,
      signature: createHmac('sha1', SECRET)
        .update(body + t)
        .digest('hex'),
    });
  };

  it("webhook: a ring (with the caller's picture), then answered and hung up, each once, topic the serial", async () => {
    const out = await webhook({ calls: true });
    const rung = await admin(sim.url, 'POST', '/sim/call', { deviceSerial: 'C00000003' });
    assert.strictEqual(rung.status, 200, JSON.stringify(rung.json));
    await out.wait(1);
    const call = out.ok[0];
    assert.strictEqual(call.topic, 'C00000003');
    assert.deepStrictEqual(
      { ...call.payload, picture: undefined },
      {
        event: 'call',
        action: 'ring',
        deviceSerial: 'C00000003',
        channelNo: 1,
        time: new Date(Math.floor(clock.now() / 1000) * 1000).toISOString(),
        picture: undefined,
      },
    );
    assert.match(call.payload.picture, /^http:\/\/127\.0\.0\.1:\d+\/sim-pictures\/call-[0-9a-f]+\.jpg$/);
    const pic = await fetch(call.payload.picture);
    assert.strictEqual(pic.status, 200, 'the picture is served');
    await admin(sim.url, 'POST', '/sim/call', { deviceSerial: 'C00000003', action: 'answered' });
    await admin(sim.url, 'POST', '/sim/call', { deviceSerial: 'C00000003', action: 'hung-up' });
    await out.wait(3);
    assert.deepStrictEqual(
      out.ok.map((m) => [m.payload.action, m.payload.picture === '']),
      [
        ['ring', false],
        ['answered', true],
        ['hung-up', true],
      ],
    );
    // the platform sends a message again: acknowledged, not sent twice
    const [first] = webhookPusher(sim.state).pushes();
    assert.strictEqual(first.acked, true);
    const again = JSON.stringify({
      header: {
        channelNo: 1,
        deviceId: 'C00000003',
        messageId: first.messageId,
        messageTime: clock.now(),
        type: 'ys.calling',
      },
      body: { action: 0, timestamp: Math.floor(clock.now() / 1000) },
    });
    assert.strictEqual(await signed(again), 200);
    await settle();
    assert.strictEqual(out.ok.length, 3);
    assert.strictEqual(
      (await admin(sim.url, 'POST', '/sim/call', { deviceSerial: 'C00000001' })).status,
      400,
      'not a doorbell',
    );
  });

  it('webhook: a ring sent again under a new message id (same callingId) is sent once; its answer still leaves', async () => {
    const out = await webhook({ calls: true });
    const ring = (messageId: string, action: number) =>
      JSON.stringify({
        header: { channelNo: 1, deviceId: 'C00000003', messageId, messageTime: clock.now(), type: 'ys.calling' },
        body: { action, callingId: 'call-77', timestamp: Math.floor(clock.now() / 1000) },
      });
    for (const [id, action] of [
      ['m1', 0],
      ['m2', 0],
      ['m3', 1],
      ['m4', 1],
    ] as const)
      assert.strictEqual(await signed(ring(id, action)), 200);
    await out.wait(2);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m) => [m.ezviz.messageId, m.payload.action]),
      [
        ['m1', 'ring'],
        ['m3', 'answered'],
      ],
    );
  });

  it('webhook: other messages with `others` ({event: "message", type, body}; body null over 64 KiB); none without the options', async () => {
    const out = await webhook({ others: true });
    await admin(sim.url, 'POST', '/sim/call', { deviceSerial: 'C00000003' });
    await until(() => webhookPusher(sim.state).pushes().length === 1);
    const status = { type: 'DEFENCE', reported: { status: 1 } };
    const msg = (id: string, type: string, body: unknown) =>
      JSON.stringify({
        header: { channelNo: 1, deviceId: 'C00000001', messageId: id, messageTime: clock.now(), type },
        body,
      });
    assert.strictEqual(await signed(msg('o1', 'ys.devicestatus', status)), 200);
    assert.strictEqual(
      await signed(msg('o2', 'ys.shadow.change', { attribute: 'x', statusValue: 'y'.repeat(70 * 1024) })),
      200,
    );
    await out.wait(2);
    await settle();
    assert.strictEqual(out.ok.length, 2, 'the call is not sent without `calls`');
    assert.deepStrictEqual(out.ok[0].payload, { event: 'message', type: 'ys.devicestatus', body: status });
    assert.strictEqual(out.ok[0].topic, 'C00000001');
    assert.deepStrictEqual(out.ok[1].payload, { event: 'message', type: 'ys.shadow.change', body: null });
  });

  it('consumer: a ring reaches a consumer node with `calls`, not one without', async () => {
    const timers = fakeTimers(clock);
    fakeTime(clock);
    await load(
      alarmFlow(sim.url, { source: 'consumer', interval: 5, calls: true }, true, [{ source: 'consumer', interval: 5 }]),
      CREDS,
    );
    const out = collect(['ok', 'err', 'ok2', 'err2']);
    timers.fire();
    await until(() => sim.requestLog({ path: '/api/lapp/mq/v1/consumer/messages' }).length >= 1);
    await settle();
    clock.advance(1000);
    await admin(sim.url, 'POST', '/sim/call', { deviceSerial: 'C00000003', picture: false });
    timers.fire();
    await out.wait(1);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m) => [m.topic, m.payload.event, m.payload.action, m.payload.picture, m.ezviz.source]),
      [['C00000003', 'call', 'ring', '', 'consumer']],
    );
    assert.strictEqual(out.ok2.length, 0);
    assert.strictEqual(out.err.length + out.err2.length, 0);
    // The same ring again under a new message id (same callingId): not sent again.
    clock.advance(1000);
    for (let i = 0; i < 2; i++)
      await admin(sim.url, 'POST', '/sim/call', { deviceSerial: 'C00000003', picture: false, callingId: 'same-call' });
    await admin(sim.url, 'POST', '/sim/call', {
      deviceSerial: 'C00000003',
      picture: false,
      callingId: 'same-call',
      action: 'hung-up',
    });
    timers.fire();
    await out.wait(3);
    await settle();
    timers.fire();
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m) => m.payload.action),
      ['ring', 'ring', 'hung-up'],
    );
  });
});
