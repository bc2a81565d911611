// Attacks on the alarm node's webhook (docs/behaviour.md section 15) through Node-RED's real HTTP server:
// Node-RED as users run it (a child process with the package, test/support/red-admin.ts), the
// webhook node wired through a function node to an http request node that posts every message
// it sends to a collector here. Each attack gets the answer section 15 gives it; nothing is sent
// that should not be; Node-RED stays up, its memory bounded; no secret in its log or any answer.
// The flood runs 1,000 requests a second for 10 s at full counts (`npm run test:reliability`),
// 100 a second for 2 s in `npm test`.

import assert from 'assert';
import { createHmac, randomUUID } from 'crypto';
import fs from 'fs';
import http from 'http';
import net from 'net';
import type { AddressInfo } from 'net';
import { startSimulator, webhookPusher } from '../../simulator';
import type { Simulator } from '../../simulator';
import { freePort, startAdminRed, type AdminRed } from '../support/red-admin';
import { FULL, section, size } from './support';

const SECRET = 'whsec-attack-91d2c4e8a7';
const PATH = '/ezviz/alarms';
const SLOW = '/ezviz/slow';
type Answer = { status: number; text: string; ms: number };

function flows(
  simUrl: string,
  collector: string,
): { flows: Array<Record<string, unknown>>; credentials: Record<string, Record<string, string>> } {
  const z = 'tab-attacks';
  const at = (n: Record<string, unknown>) => ({ x: 100, y: 100, z, ...n });
  return {
    flows: [
      { id: z, type: 'tab', label: 'webhook attacks' },
      { id: 'cfg', type: 'ezviz-config', name: 'sim', baseUrl: simUrl, timeout: 5000, maxRetries: 0, retryDelay: 100 },
      at({
        id: 'hook',
        type: 'ezviz-alarm',
        config: 'cfg',
        source: 'webhook',
        path: PATH,
        onoffline: true,
        calls: true,
        interval: 60,
        deviceSerial: '',
        alarmType: '',
        wires: [['wrap'], []],
      }),
      at({
        id: 'wrap',
        type: 'function',
        func: 'msg.payload = { payload: msg.payload, topic: msg.topic, ezviz: msg.ezviz };\nreturn msg;',
        outputs: 1,
        wires: [['send']],
      }),
      at({
        id: 'send',
        type: 'http request',
        method: 'POST',
        ret: 'txt',
        paytoqs: 'ignore',
        url: collector,
        tls: '',
        persist: true,
        proxy: '',
        insecureHTTPParser: false,
        authType: '',
        senderr: false,
        headers: [],
        wires: [[]],
      }),
      // the acknowledgement goes out before the flow runs: this flow blocks Node-RED for 3 s per message
      at({
        id: 'slowhook',
        type: 'ezviz-alarm',
        config: 'cfg',
        source: 'webhook',
        path: SLOW,
        interval: 60,
        deviceSerial: '',
        alarmType: '',
        wires: [['block'], []],
      }),
      at({
        id: 'block',
        type: 'function',
        func: 'const end = Date.now() + 3000;\nwhile (Date.now() < end) {}\nreturn msg;',
        outputs: 1,
        wires: [['wrap']],
      }),
    ],
    credentials: {
      cfg: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' },
      hook: { secret: SECRET },
      slowhook: { secret: SECRET },
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(url: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'Content-Type': 'text/plain', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, ms: Date.now() - started }));
        res.on('error', () => resolve({ status: -1, text: 'reply cut off', ms: Date.now() - started }));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ status: -1, text: e.code ?? 'error', ms: Date.now() - started }),
    );
    req.end(body);
  });
}

/** As the platform's push service sends: a 503 (the per-sender bound) is sent again after its Retry-After. */
async function push(url: string, body: string, headers: Record<string, string>): Promise<Answer> {
  for (let tries = 1; ; tries++) {
    const a = await post(url, body, headers);
    if (a.status !== 503 || tries === 5) return a;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const sign = (body: string, t: string, secret = SECRET) =>
  createHmac('sha1', secret)
    .update(body + t)
    .digest('hex');

function message(id: string, over: Record<string, unknown> = {}): string {
  return JSON.stringify({
    header: { channelNo: 1, deviceId: 'C00000001', messageId: id, messageTime: Date.now(), type: 'ys.alarm' },
    body: { alarmId: `alarm-${id}`, alarmTime: Date.now(), alarmType: 10002, describe: 'Motion detection alarm' },
    pictureList: [],
    ...over,
  });
}

/** A doorbell's call as the platform pushes it (ys.calling; docs/api/media-api.md section 4). */
function call(id: string, action = 0, over: Record<string, unknown> = {}): string {
  return JSON.stringify({
    header: { channelNo: 1, deviceId: 'C00000003', messageId: id, messageTime: Date.now(), type: 'ys.calling' },
    body: {
      action,
      callingId: `call-${id}`,
      channelName: 'Door',
      timestamp: Math.floor(Date.now() / 1000),
      coverUrl: { url: `https://pictures.example/${id}.jpg` },
      ...over,
    },
    pictureList: [],
  });
}

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

describe("reliability: attacks on the alarm webhook through Node-RED's HTTP server (docs/behaviour.md section 15)", function () {
  this.timeout(FULL ? 300000 : 120000);
  let sim: Simulator;
  let red: AdminRed;
  let collector: http.Server;
  let url = '';
  const received: Array<Record<string, any>> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The attacks and their answers, for the report. */
  const table: string[] = [];

  before(async () => {
    sim = await startSimulator({ port: 0 });
    collector = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        try {
          received.push(JSON.parse(body));
        } catch {
          received.push({ unreadable: body.slice(0, 200) });
        }
        res.end('ok');
      });
    });
    // Node-RED's http request node keeps its sockets: one reused just as the collector closes it
    // idle (5 s by default) would lose a message that is not the webhook's doing.
    collector.keepAliveTimeout = 120000;
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
    const port = await freePort();
    const f = flows(sim.url, `http://127.0.0.1:${(collector.address() as AddressInfo).port}/got`);
    red = await startAdminRed({ simUrl: sim.url, port, flows: f.flows, credentials: f.credentials, logLevel: 'debug' });
    url = `http://127.0.0.1:${port}${PATH}`;
    // Node-RED prints that it runs before its flows have started: wait until both paths are served.
    const deadline = Date.now() + 60000;
    for (const p of [url, url.replace(PATH, SLOW)]) {
      while ((await post(p, '')).status === 404) {
        if (Date.now() > deadline) throw new Error(`${p} is not served:\n${red.log().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  });

  after(async () => {
    if (table.length)
      console.log(`      webhook attacks and their answers:\n${table.map((l) => `        ${l}`).join('\n')}`);
    agent.destroy();
    await red?.stop();
    await sim?.close();
    collector?.closeAllConnections();
    await new Promise<void>((r) => (collector ? collector.close(() => r()) : r()));
  });

  const quiet = async (ms = 300) => new Promise((r) => setTimeout(r, ms));
  const expect = async (name: string, reply: Promise<Answer>, status: number) => {
    const r = await reply;
    table.push(`${name}: HTTP ${r.status} ${r.text.slice(0, 60)}`);
    assert.strictEqual(r.status, status, `${name}: ${r.text}`);
    assert.ok(!r.text.includes(SECRET), `${name}: no secret in the answer`);
    return r;
  };

  it('each attack is answered as section 15 says and sends nothing; a good push sends one message', async () => {
    const t = () => String(Date.now());
    const body = message('good-1');
    const tt = t();
    await expect('no signature', post(url, body, { t: tt }), 401);
    await expect('wrong signature', post(url, body, { t: tt, signature: sign(body, tt, 'not-the-secret') }), 401);
    const old = String(Date.now() - 10 * 60000);
    await expect(
      'replayed message (t 10 minutes old, correctly signed)',
      post(url, body, { t: old, signature: sign(body, old) }),
      401,
    );
    const big = Buffer.alloc(10 * 1024 * 1024, 0x61);
    const t1 = t();
    await expect('10 MiB body', post(url, big, { t: t1, signature: sign(big.toString(), t1) }), 413);
    const t2 = t();
    await expect(
      'body not JSON (signed)',
      post(url, 'not json at all {', { t: t2, signature: sign('not json at all {', t2) }),
      400,
    );
    const pics = message('pics-1', {
      pictureList: Array.from({ length: 100000 }, (_, i) => ({
        id: String(i),
        url: `https://x/${i}.jpg`,
        shortUrl: '',
      })),
    });
    const t3 = t();
    await expect(
      `100,000 pictures (${Math.round(pics.length / 1024)} KiB, signed)`,
      post(url, pics, { t: t3, signature: sign(pics, t3) }),
      413,
    );
    const tiny = message('pics-2', { pictureList: Array(100000).fill(0) });
    const t4 = t();
    await expect(
      `100,000 pictures in ${Math.round(tiny.length / 1024)} KiB (signed)`,
      post(url, tiny, { t: t4, signature: sign(tiny, t4) }),
      200,
    );
    const t5 = t();
    await expect(
      'headers holding the secret',
      post(url, body, { t: t5, signature: SECRET, 'x-signing-secret': SECRET, authorization: `Bearer ${SECRET}` }),
      401,
    );
    const t6 = t();
    const good = await expect('a good push', post(url, body, { t: t6, signature: sign(body, t6) }), 200);
    assert.deepStrictEqual(JSON.parse(good.text), { messageId: 'good-1' });
    await expect(
      'the same push again (replayed within 5 minutes)',
      post(url, body, { t: t6, signature: sign(body, t6) }),
      200,
    );
    // Both accepted pushes arrive, then a while for anything more (the replay sent again).
    const end = Date.now() + 10000;
    while (received.length < 2 && Date.now() < end) await quiet(50);
    await quiet(500);
    assert.deepStrictEqual(
      received.map((m) => m.ezviz?.messageId).sort(),
      ['good-1', 'pics-2'],
      JSON.stringify(received).slice(0, 500),
    );
    const pic2 = received.find((m) => m.ezviz.messageId === 'pics-2')!;
    assert.strictEqual(pic2.payload.alarmPicUrl, '', 'no usable picture among the first ones');
    assert.strictEqual(received.find((m) => m.ezviz.messageId === 'good-1')!.payload.source, 'webhook');
    assert.ok(red.alive(), 'Node-RED is up');
  });

  it(`doorbell calls (ys.calling): forged, stale, replayed, oversized and odd ones send nothing; a flood of ${size(3000, 300)} rings, each good one sent once`, async () => {
    const started = Date.now();
    const before = received.length;
    const t = () => String(Date.now());
    const ring = call('ring-1');
    const t0 = t();
    await expect('call: no signature', post(url, ring, { t: t0 }), 401);
    await expect('call: forged signature', post(url, ring, { t: t0, signature: sign(ring, t0, 'forged') }), 401);
    const old = String(Date.now() - 10 * 60000);
    await expect(
      'call: t 10 minutes old (correctly signed)',
      post(url, ring, { t: old, signature: sign(ring, old) }),
      401,
    );
    const huge = call('ring-huge', 0, { coverUrl: { url: `https://x/${'a'.repeat(300 * 1024)}.jpg` } });
    const t1 = t();
    await expect(
      `call: ${Math.round(huge.length / 1024)} KiB (signed)`,
      post(url, huge, { t: t1, signature: sign(huge, t1) }),
      413,
    );
    const t2 = t();
    await expect('call: a good ring', post(url, ring, { t: t2, signature: sign(ring, t2) }), 200);
    await expect('call: the same ring replayed', post(url, ring, { t: t2, signature: sign(ring, t2) }), 200);
    const odd = call('ring-odd', 'x' as unknown as number, { coverUrl: 5 });
    const t3 = t();
    const oddAnswer = await post(url, odd, { t: t3, signature: sign(odd, t3) });
    table.push(`call: odd action and picture (signed): HTTP ${oddAnswer.status}`);
    assert.ok([200, 400].includes(oddAnswer.status), `odd call: ${oddAnswer.status}`);
    // The flood: rings of many ids, one in three forged, sent as fast as the agent allows.
    const n = size(3000, 300);
    const goodIds: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const id = `flood-ring-${i}-${randomUUID()}`;
        const b = call(id, i % 3);
        const tt = t();
        const good = i % 3 !== 2;
        if (good) goodIds.push(id);
        return push(url, b, { t: tt, signature: good ? sign(b, tt) : sign(b, tt, 'forged') }).then((a) => ({
          good,
          a,
        }));
      }),
    );
    const wrong = answers.filter(({ good, a }) => a.status !== (good ? 200 : 401));
    const deadline = Date.now() + 60000;
    const calls = () => received.slice(before).filter((m) => m.payload?.event === 'call');
    while (calls().length < goodIds.length + 1 && Date.now() < deadline) await quiet(200);
    await quiet(500);
    const got = calls().map((m) => m.ezviz?.messageId);
    const line =
      `call flood: ${n} pushes (${goodIds.length} signed, ${n - goodIds.length} forged), ${n - wrong.length} answered as ` +
      `expected; ${got.length} calls sent`;
    table.push(line);
    section('webhook call attacks', started, line);
    assert.deepStrictEqual(
      wrong.slice(0, 3).map((w) => w.a),
      [],
      `${wrong.length} wrong answers`,
    );
    assert.strictEqual(got.filter((id) => id === 'ring-1').length, 1, 'the replayed ring sent once');
    assert.ok(!got.includes('ring-huge'), 'nothing of the oversized call');
    assert.deepStrictEqual(
      [...new Set(got)].sort(),
      ['ring-1', ...goodIds, ...(got.includes('ring-odd') ? ['ring-odd'] : [])].sort(),
      'each signed call once, nothing forged',
    );
    assert.strictEqual(got.length, new Set(got).size, 'no call twice');
    const first = calls().find((m) => m.ezviz.messageId === 'ring-1')!;
    assert.deepStrictEqual(
      [first.topic, first.payload.action, first.payload.deviceSerial],
      ['C00000003', 'ring', 'C00000003'],
    );
    assert.ok(red.alive(), 'Node-RED is up');
  });

  it("the acknowledgement goes back before the flow runs: a flow blocking for 3 s, the simulator's push acknowledged at once", async () => {
    webhookPusher(sim.state).set({ url: `${url.replace(PATH, SLOW)}`, secret: SECRET });
    const before = received.length;
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'slow-1' });
    const deadline = Date.now() + 15000;
    while (received.length === before && Date.now() < deadline) await quiet(100);
    // The message came out of the 3 s block: a late acknowledgement (the simulator waits 2 s) is on
    // record by now as attempt 1 unacknowledged; a moment more for anything after it.
    await quiet(500);
    webhookPusher(sim.state).clear();
    const pushes = webhookPusher(sim.state).pushes();
    table.push(
      `simulator push into a flow that blocks 3 s: ${pushes.map((p) => `attempt ${p.attempt} HTTP ${p.status} in ${p.ms} ms`).join(', ')}`,
    );
    assert.deepStrictEqual(
      pushes.map((p) => [p.attempt, p.acked]),
      [[1, true]],
      JSON.stringify(pushes),
    );
    assert.ok(pushes[0].ms < 2000, `acknowledged in ${pushes[0].ms} ms`);
    assert.strictEqual(received.filter((m) => m.payload?.alarmId === 'slow-1').length, 1);
  });

  it(`a flood: ${size(1000, 100)} requests a second for ${size(10, 2)} s (one in ten a good push) — all answered, each good one sent once, memory bounded`, async () => {
    const started = Date.now();
    // Fresh connections: the agent's kept-alive sockets of the tests before have idled through the
    // blocking flow's seconds, near the server's keep-alive timeout (5 s), and a request sent on one
    // the server is closing just then meets a reset (seen on a loaded machine: 1-4 ECONNRESET
    // answers at the flood's start). What this test measures is the flood, not that race.
    agent.destroy();
    const perSecond = size(1000, 100);
    const seconds = size(10, 2);
    const before = received.length;
    const rss0 = rssMiB(red.proc.pid!);
    const answers: Array<Promise<{ good: boolean; a: Answer }>> = [];
    const goodIds: string[] = [];
    const tick = 20;
    for (let s = 0; s < seconds * (1000 / tick); s++) {
      const at = Date.now();
      for (let i = 0; i < perSecond / (1000 / tick); i++) {
        const n = answers.length;
        const good = n % 10 === 0;
        const id = `flood-${n}-${randomUUID()}`;
        const b = message(id);
        const t = String(Date.now());
        if (good) goodIds.push(id);
        answers.push(
          post(url, b, { t, signature: good ? sign(b, t) : sign(b, t, 'forged') }).then((a) => ({ good, a })),
        );
      }
      const wait = tick - (Date.now() - at);
      if (wait > 0) await quiet(wait);
    }
    const done = await Promise.all(answers);
    const rssPeak = rssMiB(red.proc.pid!);
    const wrong = done.filter(({ good, a }) => a.status !== (good ? 200 : 401));
    const deadline = Date.now() + 60000;
    while (received.length - before < goodIds.length && Date.now() < deadline) await quiet(200);
    await quiet(500);
    const got = received.slice(before).map((m) => m.ezviz?.messageId);
    const ms = done.map((d) => d.a.ms).sort((a, b) => a - b);
    const line =
      `flood ${done.length} requests in ${seconds} s: ${done.length - wrong.length} answered as expected ` +
      `(${goodIds.length} x 200, ${done.length - goodIds.length} x 401), answer p50 ${ms[Math.floor(ms.length / 2)]} ms, ` +
      `p99 ${ms[Math.floor(ms.length * 0.99)]} ms; Node-RED RSS ${rss0} -> ${rssPeak} MiB`;
    table.push(line);
    section('webhook flood', started, line);
    assert.deepStrictEqual(
      wrong.slice(0, 3).map((w) => w.a),
      [],
      `${wrong.length} wrong answers`,
    );
    assert.strictEqual(got.length, goodIds.length, 'each good push sent');
    assert.deepStrictEqual([...new Set(got)].sort(), [...goodIds].sort(), 'each once');
    assert.ok(red.alive(), 'Node-RED is up');
    assert.ok(rssPeak - rss0 < 200, `memory bounded: RSS ${rss0} -> ${rssPeak} MiB`);
  });

  /** A body that sends its headers and `first` bytes, then a byte a second, from `from`; its status. */
  function trickle(
    from: string,
    type: string,
    first: number,
    onAnswer?: () => void,
  ): { done: Promise<{ status: number; ms: number }>; socket: net.Socket } {
    const port = Number(new URL(url).port);
    const at = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    const done = new Promise<{ status: number; ms: number }>((resolve) => {
      let head = '';
      let drip: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(
          `POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 200000\r\n\r\n` +
            'x'.repeat(first),
        );
        drip = setInterval(() => socket.writable && socket.write('x'), 1000);
      });
      socket.on('data', (c: Buffer) => (head += c.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        onAnswer?.();
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? -1), ms: Date.now() - at });
      });
    });
    return { done, socket };
  }
  /** The n-th sending address on loopback (127.0.0.x stand for several senders). */
  const sender = (n: number) => `127.0.1.${10 + n}`;

  for (const type of ['text/plain', 'application/json']) {
    it(`300 bodies (${type}) from 30 senders trickling a byte a second: at most 8 per sender read (the rest 503), each cut within 3 s (408); then served again`, async () => {
      const started = Date.now();
      const rss0 = rssMiB(red.proc.pid!);
      const answers = Array.from({ length: 300 }, (_, i) => trickle(sender(i % 30), type, 50000).done);
      await quiet(1000);
      const rssHeld = rssMiB(red.proc.pid!);
      const done = await Promise.all(answers);
      const by = (st: number) => done.filter((d) => d.status === st);
      const slowest = Math.max(...by(408).map((d) => d.ms));
      const line =
        `300 stalled ${type} bodies from 30 senders: ${by(408).length} x 408 (cut at ${slowest} ms at most), ` +
        `${by(503).length} x 503, others ${done.length - by(408).length - by(503).length}; ` +
        `Node-RED RSS ${rss0} -> ${rssHeld} MiB while held`;
      table.push(line);
      section(`webhook stalled ${type} bodies`, started, line);
      assert.strictEqual(by(408).length, 240, line);
      assert.strictEqual(by(503).length, 60, line);
      assert.ok(slowest < 5000, line); // cut in its 2nd second (the 1st brought 50,000 bytes)
      assert.ok(rssHeld - rss0 < 60, line);
      const body = message(`after-stall-${type}`);
      const t = String(Date.now());
      await expect(
        `a good ${type} push after the stalled ones`,
        post(url, body, { 'Content-Type': type, t, signature: sign(body, t) }),
        200,
      );
      // It is sent (once) before the next test counts what is sent.
      const sent = () => received.filter((m) => m.ezviz?.messageId === `after-stall-${type}`).length;
      const deadline = Date.now() + 30000;
      while (sent() === 0 && Date.now() < deadline) await quiet(100);
      await quiet(300);
      assert.strictEqual(sent(), 1, `after-stall-${type} sent once`);
      assert.ok(red.alive(), 'Node-RED is up');
    });
  }

  it(`while 110 slow unsigned bodies are held, every signed push (${size(96, 48)}, text/plain and application/json) is answered 200 within 1 s and sent once`, async () => {
    const started = Date.now();
    const before = received.length;
    // 110 bodies from 14 senders, a byte a second; each one cut is opened again at once.
    let holding = true;
    const open = new Set<net.Socket>();
    let cut = 0;
    const hold = (i: number) => {
      const s = trickle(sender(100 + (i % 14)), i % 2 ? 'application/json' : 'text/plain', 10, () => {
        open.delete(s.socket);
        cut++;
        if (holding) hold(i);
      });
      open.add(s.socket);
    };
    for (let i = 0; i < 110; i++) hold(i);
    await quiet(1500);
    const n = size(96, 48);
    const answers: Answer[] = [];
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = `held-${i}-${randomUUID()}`;
      ids.push(id);
      const b = message(id);
      const t = String(Date.now());
      const type = i % 2 ? 'application/json' : 'text/plain';
      answers.push(await post(url, b, { 'Content-Type': type, t, signature: sign(b, t) }));
      // 100 ms apart: the pushes still span several rounds of the held bodies being cut and opened
      // again (about 3 s each; three at full counts), at every point of a round (300 ms apart, the
      // full run spent 29 s waiting).
      await quiet(100);
    }
    holding = false;
    for (const s of open) s.destroy();
    const slowest = Math.max(...answers.map((a) => a.ms));
    const wrong = answers.filter((a) => a.status !== 200 || a.ms > 1000);
    const deadline = Date.now() + 30000;
    while (received.length - before < n && Date.now() < deadline) await quiet(200);
    await quiet(500);
    const got = received.slice(before).map((m) => m.ezviz?.messageId);
    const line =
      `${n} signed pushes while 110 slow unsigned bodies were held (${cut} cut and opened again): ` +
      `${n - wrong.length} answered 200 within 1 s, slowest ${slowest} ms; ${got.length} sent`;
    table.push(line);
    section('webhook signed pushes beside slow bodies', started, line);
    assert.deepStrictEqual(wrong.slice(0, 3), [], line);
    assert.ok(cut >= 110, `the slow bodies were cut and held again: ${line}`);
    assert.deepStrictEqual([...got].sort(), [...ids].sort(), 'each signed push sent once');
    assert.ok(red.alive(), 'Node-RED is up');
  });

  it('no secret in anything Node-RED logged; refusals warned about, without what they carried', async () => {
    const log = red.log();
    assert.ok(!log.includes(SECRET), 'the signing secret is not in the log');
    assert.ok(!log.includes('demo-app-secret'));
    assert.match(log, /\/ezviz\/alarms/, 'the refusals are warned about');
    assert.ok(!/forged|flood-/.test(log), 'not what the refused requests carried');
  });
});
