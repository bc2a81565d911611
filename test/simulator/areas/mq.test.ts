// The message service over HTTP (simulator/areas/mq.ts and mq-push.ts; docs/api/watch-api.md
// section 5): consumers of groups 1-5, fetch and commit, expiry after 5 minutes without a fetch
// (70101), the messages as the API notes show them, and webhook pushes with their signature and resends.

import { strict as assert } from 'assert';
import { createHmac } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { webhookPusher } from '../../../simulator';
import { admin, request } from '../../support/simulator-http';
import { apiCalls, clock, sim, simulatorEach } from './support';

const PATHS = { messages: '/api/lapp/mq/v1/consumer/messages', offsets: '/api/lapp/mq/v1/consumer/offsets' } as const;
type Op = keyof typeof PATHS | 'group1' | 'group2' | 'group3' | 'group4' | 'group5' | 'group6';
const { call } = apiCalls<Op>((op) =>
  op.startsWith('group') ? `/api/lapp/mq/v1/consumer/${op}` : PATHS[op as keyof typeof PATHS],
);

async function consumer(group = 1): Promise<string> {
  const r = await call(`group${group}` as Op, {});
  assert.equal(r.code, '200', JSON.stringify(r));
  return String((r.data as { consumerId: string }).consumerId);
}
const fetchIds = async (id: string, preCommit = 0): Promise<string[]> => {
  const r = await call('messages', { consumerId: id, preCommit });
  assert.equal(r.code, '200', JSON.stringify(r));
  return (r.data as Array<{ body: { alarmId: string } }>).map((m) => m.body.alarmId);
};

describe('simulator: the message service (docs/api/watch-api.md section 5)', function () {
  simulatorEach(Date.parse('2026-03-01T08:00:00Z'));

  it('a raised alarm is a message as the API notes show it; fetched again until committed; preCommit=1 counts it as read', async () => {
    const id = await consumer();
    assert.deepEqual(await fetchIds(id), []);
    clock.advance(1000);
    const alarm = sim.raiseAlarm({ deviceSerial: 'C00000001', channelNo: 1, alarmType: 10002, alarmId: 'a1' });
    const r = await call('messages', { consumerId: id });
    const m = (r.data as Array<Record<string, any>>)[0]; // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.deepEqual(Object.keys(m).sort(), ['body', 'header', 'pictureList']);
    assert.deepEqual(
      { ...m.header, messageId: 'x' },
      { channelNo: 1, deviceId: 'C00000001', messageId: 'x', messageTime: clock.now(), type: 'ys.alarm' },
    );
    assert.equal(m.body.alarmId, 'a1');
    assert.equal(m.body.alarmType, 'motiondetect', 'a message gives the word (docs/api/events-api.md section 1)');
    assert.equal(m.body.alarmTime, alarm.alarmStart, 'alarmTime as the vendor writes dates (China time)');
    assert.equal(typeof m.body.channelName, 'string');
    assert.equal(m.pictureList[0].url, alarm.alarmPicUrl);
    assert.deepEqual(await fetchIds(id), ['a1'], 'not committed: again');
    assert.equal((await call('offsets', { consumerId: id })).code, '200');
    assert.deepEqual(await fetchIds(id), []);
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'a2' });
    assert.deepEqual(await fetchIds(id, 1), ['a2']);
    assert.deepEqual(await fetchIds(id), [], 'preCommit=1: consumed when read');
  });

  it('groups 1 to 5 have their own offsets; a consumer starts at the end of its group; group 6 is no path', async () => {
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'before' });
    const ids = [];
    for (let g = 1; g <= 5; g++) ids.push(await consumer(g));
    assert.equal(new Set(ids).size, 5);
    sim.raiseAlarm({ deviceSerial: 'C00000003', alarmId: 'after' });
    for (const id of ids) assert.deepEqual(await fetchIds(id), ['after']);
    await call('offsets', { consumerId: ids[0] });
    assert.deepEqual(await fetchIds(ids[0]), []);
    assert.deepEqual(await fetchIds(ids[1]), ['after']);
    const second = await consumer(2);
    assert.deepEqual(await fetchIds(second), ['after'], 'a new consumer of the group: from the committed offset');
    assert.equal((await request(sim.url, '/api/lapp/mq/v1/consumer/group6', { method: 'POST' })).status, 404);
  });

  it('POST /sim/reset resets the message service too: consumers, offsets and messages are gone', async () => {
    const id = await consumer();
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'before-reset' });
    assert.deepEqual(await fetchIds(id), ['before-reset']);
    const mq = async () => (await admin(sim.url, 'GET', '/sim/mq')).json as Record<string, Record<string, unknown>>;
    assert.ok(Object.keys((await mq()).messages).length > 0);
    assert.equal((await admin(sim.url, 'POST', '/sim/reset')).status, 200);
    const after = await mq();
    assert.deepEqual([after.consumers, after.messages, after.offsets], [[], {}, {}]);
    assert.equal((await call('messages', { consumerId: id })).code, '70101', 'the consumer is gone');
    const fresh = await consumer();
    assert.deepEqual(await fetchIds(fresh), [], 'no message of before the reset');
  });

  it('a consumer unused for 5 minutes is gone (70101); a fetch keeps it; unknown ids and bad parameters', async () => {
    const id = await consumer();
    clock.advance(4 * 60 * 1000);
    assert.deepEqual(await fetchIds(id), []);
    clock.advance(4 * 60 * 1000);
    assert.equal((await call('offsets', { consumerId: id })).code, '200', 'fetched 4 min ago');
    clock.advance(5 * 60 * 1000);
    assert.equal((await call('messages', { consumerId: id })).code, '70101');
    assert.equal((await call('offsets', { consumerId: id })).code, '70101');
    assert.equal((await call('messages', { consumerId: 'nope' })).code, '70101');
    assert.equal((await call('messages', {})).code, '10001');
    assert.equal((await call('messages', { consumerId: id, preCommit: 2 })).code, '10001');
    assert.equal((await call('group1', { accessToken: 'at.nope' })).code, '10002');
    const msg = (await call('messages', { consumerId: 'nope' })).msg;
    assert.match(msg, /consumer/i);
  });

  it('/sim/device online false: the device goes offline and a ys.onoffline message is published; /sim/mq shows consumers and logs', async () => {
    const id = await consumer();
    const r = await admin(sim.url, 'POST', '/sim/device', { deviceSerial: 'C00000003', online: false });
    assert.equal(r.status, 200);
    assert.equal(sim.state.devices.C00000003.online, false);
    const got = (await call('messages', { consumerId: id })).data as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.equal(got[0].header.type, 'ys.onoffline');
    assert.equal(got[0].header.deviceId, 'C00000003');
    assert.equal(got[0].body.msgType, 'OFFLINE');
    assert.equal(got[0].body.deviceName, sim.state.devices.C00000003.name);
    assert.equal(
      (await admin(sim.url, 'POST', '/sim/device', { deviceSerial: 'C00000003', online: 'yes' })).status,
      400,
    );
    await admin(sim.url, 'POST', '/sim/device', { deviceSerial: 'C00000003', online: false });
    assert.equal(
      ((await call('messages', { consumerId: id })).data as unknown[]).length,
      1,
      'no message when nothing changed',
    );
    const view = await admin(sim.url, 'GET', '/sim/mq');
    assert.equal(view.json.consumers.length, 1);
    assert.equal(view.json.consumers[0].group, 1);
  });

  describe('webhook pushes', function () {
    let server: http.Server;
    let answer: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
    const got: Array<{ headers: http.IncomingHttpHeaders; body: string; at: number }> = [];
    beforeEach(async () => {
      got.length = 0;
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c));
        req.on('end', () => {
          got.push({ headers: req.headers, body, at: Date.now() });
          answer(req, body, res);
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    });
    afterEach(async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    });
    const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const ack = (_req: http.IncomingMessage, body: string, res: http.ServerResponse) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ messageId: JSON.parse(body).header.messageId }));
    };
    const until = async (fn: () => boolean, ms = 5000) => {
      const end = Date.now() + ms;
      while (!fn()) {
        if (Date.now() > end) throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 10));
      }
    };

    it('each raised alarm is POSTed as text/plain with t, message_type and the signature of body + t; acknowledged once', async () => {
      answer = ack;
      const set = await admin(sim.url, 'PUT', '/sim/webhook', { url: url(), secret: 'sign-me-7f3a' });
      assert.equal(set.status, 200);
      sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'p1' });
      await until(() => webhookPusher(sim.state).pushes().length === 1);
      const { headers, body } = got[0];
      assert.equal(headers['content-type'], 'text/plain');
      assert.equal(headers.t, String(clock.now()));
      assert.equal(headers.message_type, 'ys.alarm');
      assert.equal(
        headers.signature,
        createHmac('sha1', 'sign-me-7f3a')
          .update(body + headers.t)
          .digest('hex'),
      );
      assert.equal(JSON.parse(body).body.alarmId, 'p1');
      const view = await admin(sim.url, 'GET', '/sim/webhook');
      assert.equal(view.json.url, url());
      assert.equal(view.json.signed, true);
      assert.ok(!JSON.stringify(view.json).includes('sign-me-7f3a'), 'the secret is never shown');
      assert.deepEqual(
        view.json.pushes.map((p: { attempt: number; acked: boolean; status: number }) => [
          p.attempt,
          p.acked,
          p.status,
        ]),
        [[1, true, 200]],
      );
    });

    it('not acknowledged (HTTP 500, a wrong messageId, no answer within the ack timeout): sent again, 3 more times at most', async () => {
      for (const kind of ['500', 'wrong', 'silent']) {
        got.length = 0;
        webhookPusher(sim.state).clearLog();
        answer = (_req, _body, res) => {
          if (kind === '500') res.writeHead(500).end();
          else if (kind === 'wrong') res.writeHead(200).end('{"messageId":"other"}');
          else setTimeout(() => res.writeHead(200).end('{}'), 400);
        };
        webhookPusher(sim.state).set({ url: url(), ackTimeoutMs: 100, resendDelayMs: 20 });
        sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: `r-${kind}` });
        await until(() => webhookPusher(sim.state).pushes().length === 4, 8000);
        await new Promise((r) => setTimeout(r, 300));
        const pushes = webhookPusher(sim.state).pushes();
        assert.deepEqual(
          pushes.map((p) => [p.attempt, p.acked]),
          [
            [1, false],
            [2, false],
            [3, false],
            [4, false],
          ],
          kind,
        );
        assert.equal(
          new Set(got.map((g) => JSON.parse(g.body).header.messageId)).size,
          1,
          'the same message each time',
        );
        if (kind === 'silent')
          assert.ok(
            pushes.every((p) => p.error === 'timeout'),
            JSON.stringify(pushes),
          );
      }
    });
  });
});
