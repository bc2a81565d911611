// Fuzzing the alarm node's message-service sources (docs/behaviour.md section 15):
// - consumer replies: a server of the test's own answers the consumer calls (create, fetch,
//   commit) with generated replies: good ones, API codes (70101, 10029, 49999, ...), HTTP 500,
//   bodies that are not JSON, `data` of every kind, and messages whose fields have wrong types,
//   duplicate ids, times before the deploy, other types, or are any JSON at all;
// - webhook pushes: generated bodies (messages mutated, any JSON, bytes that are not JSON, big
//   ones) with good, wrong, missing or stale signatures, posted to the node on Node-RED's HTTP
//   node app on a real server.
// Judged by the contract, not by the package's code: one outcome per input message, the runtime
// survives, the right fields in every request, a commit only after a fetch that brought
// messages, every alarm sent with the documented payload, none older than the deploy, no message
// id sent twice, every surely-valid new message sent; each push answered 200 / 400 / 401 / 413
// as section 15 says and only 200s sent. Counts: full in `npm run test:reliability`, small in `npm test`.

import assert from 'assert';
import { createHmac } from 'crypto';
import fc from 'fast-check';
import http from 'http';
import type { AddressInfo } from 'net';
import { forgetPushIds } from '../../features/alarms/webhook';
import {
  collect,
  fastRetries,
  helper,
  hooks,
  httpNodeApp,
  load,
  Msg,
  resetHooks,
  secrets,
  TAB,
  unload,
} from '../support/red';
import { checkShape, isObj } from './alarm-shape';
import { countOutcome, section, SEED, size, summary, takeTrapped, trapProcess, until } from './support';

const CASES = size(300, 25);
const PUSHES = size(5000, 200);
const TOKEN = 'at.fuzz-mq-token';
const SECRET = 'whsec-fuzz-mq-3c9a';
secrets.add(SECRET);
secrets.add(TOKEN);

type R = { status: number; body: string };
const json = (v: unknown): R => ({ status: 200, body: JSON.stringify(v) });
const api = (code: string, data?: unknown): R =>
  json(data === undefined ? { code, msg: 'm' } : { code, msg: 'm', data });

const junk = fc.oneof(
  fc.constantFrom<unknown>(null, '', 0, -1, 1e300, true, [], {}, { toString: 1 }, 'x'.repeat(5000)),
  fc.anything({ maxDepth: 2 }),
);
/** A message as the fuzzer mutates it: any field, any type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

const failing = fc.oneof(
  fc.constantFrom('70101', '10029', '10007', '49999', '10002', '10001').map((c) => api(c)),
  fc.constant<R>({ status: 500, body: 'oops' }),
  fc.constant<R>({ status: 200, body: '<html>' }),
  junk.map((d) => api('200', d)),
);

interface Planned {
  id: string;
  valid: boolean;
  value: unknown;
}

/** One message: valid and new, or mutated (a field of any type, old, another type), or anything. */
function messageArb(deploy: number, seq: () => number): fc.Arbitrary<Planned> {
  const base = (over: (m: Loose) => void, valid: boolean) =>
    fc.constant(null).map(() => {
      const id = `m${seq()}`;
      const m: Loose = {
        header: { channelNo: 1, deviceId: 'C00000001', messageId: id, messageTime: deploy + 1000, type: 'ys.alarm' },
        body: { alarmId: `a-${id}`, alarmTime: deploy + 1000, alarmType: 10002 },
        pictureList: [],
      };
      over(m);
      return { id, valid, value: m };
    });
  return fc.oneof(
    { weight: 4, arbitrary: base(() => undefined, true) },
    {
      weight: 1,
      arbitrary: base((m) => {
        m.body.alarmTime = deploy - 60000;
        m.header.messageTime = deploy - 60000;
      }, false),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom('header', 'body'),
          fc.constantFrom(
            'channelNo',
            'deviceId',
            'messageTime',
            'type',
            'alarmId',
            'alarmTime',
            'alarmType',
            'describe',
            'isEncrypt',
          ),
          junk,
        )
        .chain(([part, k, v]) =>
          base((m) => {
            m[part][k] = v;
          }, false),
        ),
    },
    {
      weight: 1,
      arbitrary: junk.chain((v) =>
        base((m) => {
          m.pictureList = v;
        }, false),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('ONLINE', 'OFFLINE', 'sleep').chain((t) =>
        base((m) => {
          m.header.type = 'ys.onoffline';
          m.body = { msgType: t, deviceName: 'Door' };
        }, false),
      ),
    },
    { weight: 1, arbitrary: junk.map((value) => ({ id: '', valid: false, value })) },
  );
}

describe('reliability: fuzzed message-service replies and webhook pushes of ezviz-alarm', function () {
  this.timeout(0);
  before(() => {
    trapProcess();
    takeTrapped();
  });
  afterEach(async () => {
    resetHooks();
    forgetPushIds();
    try {
      await unload();
    } catch {
      /* no flow */
    }
  });

  it(`consumer: ${CASES} alarm nodes against generated create, fetch and commit replies`, async () => {
    const started = Date.now();
    let script: { create: R[]; messages: R[]; offsets: R[] } = { create: [], messages: [], offsets: [] };
    const requests: Array<{ path: string; fields: URLSearchParams }> = [];
    let lastBatchNonEmpty = false;
    const server = http.createServer((req, res) => {
      let b = '';
      req.on('data', (c: Buffer) => (b += c));
      req.on('end', () => {
        const fields = new URLSearchParams(b);
        const path = req.url ?? '';
        requests.push({ path, fields });
        let r: R;
        if (path.endsWith('/token/get')) r = api('200', { accessToken: TOKEN, expireTime: Date.now() + 7 * 864e5 });
        else if (/\/group\d$/.test(path)) r = script.create.shift() ?? api('200', { consumerId: 'c-default' });
        else if (path.endsWith('/messages')) {
          r = script.messages.shift() ?? api('200', []);
          let d: unknown;
          try {
            d = JSON.parse(r.body).data;
          } catch {
            d = undefined;
          }
          lastBatchNonEmpty = r.status === 200 && Array.isArray(d) && d.length > 0 && JSON.parse(r.body).code === '200';
        } else if (path.endsWith('/offsets')) {
          assert.ok(lastBatchNonEmpty, 'a commit only after a fetch that brought messages');
          r = script.offsets.shift() ?? api('200');
        } else r = { status: 404, body: '{}' };
        res.writeHead(r.status, { 'Content-Type': 'application/json' });
        res.end(r.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let seqN = 0;
    const seq = () => ++seqN;
    let sent = 0;
    try {
      for (let c = 0; c < CASES; c++) {
        const deploy = Date.now();
        const plan = fc.sample(
          fc.record({
            create: fc.array(
              fc.oneof(
                {
                  weight: 3,
                  arbitrary: fc
                    .oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.nat())
                    .map((id) => api('200', { consumerId: id })),
                },
                { weight: 1, arbitrary: failing },
              ),
              { minLength: 1, maxLength: 3 },
            ),
            messages: fc.array(
              fc.oneof(
                { weight: 3, arbitrary: fc.array(messageArb(deploy, seq), { maxLength: 6 }) },
                { weight: 1, arbitrary: failing },
              ),
              { minLength: 1, maxLength: 4 },
            ),
            offsets: fc.array(
              fc.oneof({ weight: 3, arbitrary: fc.constant(api('200')) }, { weight: 1, arbitrary: failing }),
              { maxLength: 4 },
            ),
            wired: fc.boolean(),
          }),
          { numRuns: 1, seed: SEED + c },
        )[0];
        const planned = new Map<string, Planned>();
        const validIds = new Set<string>();
        const messages = plan.messages.map((m) => {
          if (!Array.isArray(m)) return m;
          for (const p of m) if (p.id) planned.set(p.id, p);
          for (const p of m) if (p.valid) validIds.add(p.id);
          // a message of an earlier batch again (a commit that failed): must not be sent twice
          const again = [...planned.values()].slice(0, 1).map((p) => p.value);
          return api('200', [...m.map((p) => p.value), ...again]);
        });
        script = { create: plan.create, messages, offsets: plan.offsets };
        requests.length = 0;
        fastRetries();
        hooks.timer = () => () => undefined; // no timed fetches: every round is an input's
        await load(
          [
            { id: TAB, type: 'tab', label: 'fuzz-mq' },
            { id: 'cfg', type: 'ezviz-config', name: 'w', baseUrl: url, timeout: 1500, maxRetries: 1, retryDelay: 0 },
            {
              id: 'op',
              type: 'ezviz-alarm',
              z: TAB,
              config: 'cfg',
              source: 'consumer',
              interval: 2,
              onoffline: true,
              x: 1,
              y: 1,
              wires: [['ok'], plan.wired ? ['err'] : []],
            },
            ...[
              { id: 'ok', type: 'helper' },
              { id: 'err', type: 'helper' },
              { id: 'catch', type: 'catch', scope: null, uncaught: false, wires: [['caught']] },
              { id: 'caught', type: 'helper' },
              { id: 'complete', type: 'complete', scope: ['op'], uncaught: false, wires: [['completed']] },
              { id: 'completed', type: 'helper' },
            ].map((n) => ({ ...n, z: TAB, x: 1, y: 1 })),
          ],
          { cfg: { appKey: 'k', appSecret: 's' } },
        );
        const out = collect(['ok', 'err', 'caught', 'completed']);
        const rounds = plan.messages.length + 1;
        for (let i = 0; i < rounds; i++) {
          const id = `in-${c}-${i}`;
          const mine = () => [...out.err, ...out.caught, ...out.completed].filter((m: Msg) => m._msgid === id).length;
          helper.getNode('op').receive({ _msgid: id, payload: i });
          assert.ok(await until(() => mine() >= 1, 8000), `case ${c} round ${i}: no outcome`);
          await new Promise((r) => setTimeout(r, 5));
          assert.ok(mine() <= 2, `case ${c} round ${i}: ${mine()} outcomes`);
        }
        const ids = out.ok.map((m: Msg) => String(m.ezviz?.messageId));
        assert.strictEqual(new Set(ids).size, ids.length, `case ${c}: a message id sent twice`);
        for (const m of out.ok) {
          const p = planned.get(String(m.ezviz.messageId));
          assert.ok(p, `case ${c}: a message nobody served: ${JSON.stringify(m.payload).slice(0, 200)}`);
          if (m.payload && 'event' in m.payload) {
            assert.deepStrictEqual(Object.keys(m.payload).sort(), ['deviceName', 'deviceSerial', 'event', 'time']);
            assert.ok(['online', 'offline'].includes(m.payload.event));
            continue;
          }
          const problems: string[] = [];
          checkShape(m, problems);
          assert.deepStrictEqual(problems, [], `case ${c}`);
          assert.strictEqual(m.payload.source, 'consumer');
          assert.ok(m.payload.alarmTime >= deploy - 1000, `case ${c}: older than the deploy`);
        }
        // every surely-valid message of a good batch after a usable consumer was sent
        const creates = requests.filter((r) => /group\d$/.test(r.path)).length;
        const fetched = requests.filter((r) => r.path.endsWith('/messages'));
        for (const r of fetched) {
          assert.strictEqual(r.fields.get('preCommit'), '0');
          assert.ok(r.fields.get('consumerId'), 'a fetch names its consumer');
          assert.strictEqual(r.fields.get('accessToken'), TOKEN);
        }
        const servedGood = plan.messages
          .slice(0, fetched.length)
          .filter((m) => Array.isArray(m))
          .flat() as Planned[];
        for (const p of servedGood)
          if (p.valid) assert.ok(ids.includes(p.id), `case ${c}: valid message ${p.id} not sent`);
        sent += out.ok.length;
        summary.messages += rounds;
        summary.requests += requests.length;
        countOutcome(`fuzz-mq:creates-${Math.min(creates, 3)}`);
        assert.deepStrictEqual(takeTrapped(), [], `case ${c}`);
        resetHooks();
        await unload();
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
    section('fuzz mq consumer', started, `${CASES} nodes, ${sent} messages sent`);
  });

  it(`webhook: ${PUSHES} generated pushes, each answered as section 15 says, only the accepted sent, each once`, async () => {
    const started = Date.now();
    fastRetries();
    await load(
      [
        { id: TAB, type: 'tab', label: 'fuzz-push' },
        {
          id: 'cfg',
          type: 'ezviz-config',
          name: 'w',
          baseUrl: 'http://127.0.0.1:1',
          timeout: 1000,
          maxRetries: 0,
          retryDelay: 0,
        },
        {
          id: 'op',
          type: 'ezviz-alarm',
          z: TAB,
          config: 'cfg',
          source: 'webhook',
          path: '/fz',
          onoffline: true,
          x: 1,
          y: 1,
          wires: [['ok'], []],
        },
        { id: 'ok', type: 'helper', z: TAB, x: 1, y: 1 },
      ],
      { cfg: { appKey: 'k', appSecret: 's' }, op: { secret: SECRET } },
    );
    const out = collect(['ok']);
    const server = http.createServer(httpNodeApp() as http.RequestListener);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const port = (server.address() as AddressInfo).port;
    const deploy = Date.now();
    let seqN = 0;
    const accepted = new Map<string, number>();
    const bodyArb = fc.oneof(
      { weight: 5, arbitrary: messageArb(deploy, () => ++seqN).map((p) => JSON.stringify(p.value) ?? 'null') },
      { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
      { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'undefined') },
      {
        weight: 1,
        arbitrary: fc
          .nat({ max: 400 })
          .map((k) =>
            JSON.stringify({ header: { messageId: `big${k}`, type: 'ys.alarm' }, pad: 'x'.repeat(k * 1024) }),
          ),
      },
    );
    const sigArb = fc.constantFrom('good', 'good', 'good', 'wrong', 'none', 'stale', 'future', 'no-t');
    const pushes = fc.sample(fc.record({ body: bodyArb, sig: sigArb, again: fc.boolean() }), {
      numRuns: PUSHES,
      seed: SEED + 21,
    });
    let last: { body: string; t: string } | undefined;
    for (const [i, p] of pushes.entries()) {
      let body = p.body;
      let t = String(Date.now() + (p.sig === 'stale' ? -6 * 60000 : p.sig === 'future' ? 6 * 60000 : 0));
      const again = p.again && last && i % 7 === 0 && p.sig === 'good'; // a push sent again, as the vendor does
      if (again) ({ body, t } = last!);
      const headers: Record<string, string> = { 'Content-Type': 'text/plain' };
      if (p.sig !== 'no-t') headers.t = t;
      const hmac = createHmac('sha1', p.sig === 'wrong' ? 'nope' : SECRET)
        .update(body + t)
        .digest('hex');
      if (p.sig !== 'none') headers.signature = hmac;
      const size = Buffer.byteLength(body);
      let parsed: unknown;
      let isJson = true;
      try {
        parsed = JSON.parse(body);
      } catch {
        isJson = false;
      }
      const mid = isObj(parsed) && isObj(parsed.header) ? parsed.header.messageId : undefined;
      const idOk =
        (typeof mid === 'string' && mid.length > 0 && mid.length <= 256) ||
        (typeof mid === 'number' && Number.isSafeInteger(mid));
      const want = size > 256 * 1024 ? 413 : !['good', 'again'].includes(p.sig) ? 401 : !isJson || !idOk ? 400 : 200;
      const r = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: '/fz', method: 'POST', agent, headers }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        req.end(body);
      });
      assert.strictEqual(
        r.status,
        want,
        `push ${i} (${p.sig}, ${size} bytes): ${r.text.slice(0, 100)} for ${body.slice(0, 120)}`,
      );
      if (want === 200) {
        assert.deepStrictEqual(JSON.parse(r.text), { messageId: String(mid) });
        accepted.set(String(mid), (accepted.get(String(mid)) ?? 0) + 1);
        last = { body, t };
      }
      countOutcome(`fuzz-push:${r.status}`);
    }
    await new Promise((r) => setTimeout(r, 50));
    const ids = out.ok.map((m: Msg) => String(m.ezviz.messageId));
    assert.strictEqual(new Set(ids).size, ids.length, 'a message id sent twice');
    for (const m of out.ok) {
      assert.ok(accepted.has(String(m.ezviz.messageId)), 'sent without a 200');
      if ('event' in m.payload) continue;
      const problems: string[] = [];
      checkShape(m, problems);
      assert.deepStrictEqual(problems, []);
      assert.ok(m.payload.alarmTime >= deploy - 1000, 'older than the deploy');
    }
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    assert.deepStrictEqual(takeTrapped(), []);
    summary.messages += PUSHES;
    section('fuzz webhook pushes', started, `${PUSHES} pushes, ${accepted.size} accepted ids, ${ids.length} sent`);
  });
});
