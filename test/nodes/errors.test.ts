// Every validation rule and every error source of the operation nodes, over HTTP to the simulator.

import assert from 'assert';
import net from 'net';
import { OPERATIONS, OperationName, ParamKind } from '../../client/operations/operations';
import { validationArgs } from '../../client/params/parse';
import { statusKey } from '../../runtime/i18n/status-keys';
import type { Simulator } from '../../simulator';
import {
  buildFlow,
  collect,
  delay,
  fastRetries,
  helper,
  hooks,
  load,
  loadOp,
  run,
  simulatorPerSuite,
  simulatorPerTest,
  text,
  unload,
} from '../support/red';

const VALID: Record<string, unknown> = {
  deviceSerial: 'C00000001',
  channelNo: 1,
  direction: 'up',
  speed: 'slow',
  command: 'center',
  index: 1,
  cardPassword: 'CARD-VALID-0003',
  phone: '13800000001',
  isImmediately: 0,
  duration: 0,
  presetName: 'door',
  protocol: 'llhls',
  quality: 'hd',
  expire: 600,
  source: 'live',
  start: '2026-03-01 10:00:00',
  end: '2026-03-01 11:00:00',
  verificationCode: 'ABCDEF',
};

/** Bad values per kind, with the validation reason each must give. */
/** The fields of msg.error (and of a catch node's msg._error), sorted. */
const ERROR_KEYS = ['code', 'hint', 'message', 'operation', 'retriable', 'source'];

const BAD: Record<ParamKind, unknown[]> = {
  serial: ['C0000-0001', 'x'.repeat(65), { a: 1 }, true],
  channel: [0, '1.5', 'abc', 257, -1],
  direction: [12, 'sideways', 15, 1.5],
  speed: [3, 'warp', -1],
  mirror: [5, 'diagonal'],
  index: [0, 300, 'first'],
  presetName: ['x'.repeat(65), { a: 1 }],
  cardPassword: ['has blank', { a: 1 }],
  phone: ['abc', '12', '+86 138'],
  immediately: [2, 'maybe'],
  duration: [-1, 600001, 'soon', 1.5],
  switch: ['lamp', 3, { a: 1 }],
  switchState: ['maybe', 2, { a: 1 }],
  verificationCode: ['AB CD', { a: 1 }],
  protocol: ['dash', 6, 0],
  quality: [3, 'ultra'],
  lifetime: [29, 62208001, 'long', 1.5],
  source: ['nas', 4],
  playbackTime: ['yesterday', '2026-13-01 00:00:00', { a: 1 }],
  recordSource: ['live', 3, { a: 1 }],
  recordTime: ['yesterday', 1.5, { a: 1 }],
  clipSource: ['live', 3, { a: 1 }],
  clipAround: [-1, 301, 'soon', 1.5],
  clipSeconds: [0, 601, 'long'],
  clipBytes: [100, 1073741825, 'big'],
  clipTimeout: [0, 3601, 'never'],
  clipWait: [-1, 3601, 'forever'],
  clipFormat: ['avi', 1, { a: 1 }],
  setting: ['volume', 3, { a: 1 }],
  settingValue: [[1, 2], 'x'.repeat(1001)],
  firmwareAction: ['flash', 3],
  hubAction: ['delete', 3],
  hubMode: ['night', 3],
  onOff: ['maybe', 2],
  detectorName: ['x'.repeat(50), 'a<b'],
  sirenAction: ['loud', 1],
  tone: ['chime', 203],
  volume: [0, 101, 'loud', 1.5],
};

function reasonOf(kind: ParamKind): string {
  return kind;
}

describe('operation nodes: validation', function () {
  let sim: Simulator;
  simulatorPerSuite((s) => {
    sim = s;
  });

  for (const op of Object.keys(OPERATIONS) as OperationName[]) {
    const spec = OPERATIONS[op];
    it(`${op}: every missing required and every malformed parameter is refused before any request`, async () => {
      await loadOp(op, sim.url);
      sim.clearLog();
      let cases = 0;
      for (const p of spec.params) {
        const samples: Array<{ value: unknown; reason: string }> = BAD[p.kind].map((value) => ({
          value,
          reason: reasonOf(p.kind),
        }));
        if (p.required && !(p.name === 'index' && spec.params.some((q) => q.name === 'presetName'))) {
          samples.push({ value: undefined, reason: 'missing' }, { value: '  ', reason: 'missing' });
        }
        for (const s of samples) {
          const payload: Record<string, unknown> = {};
          for (const q of spec.params) if (q.name !== 'presetName') payload[q.name] = VALID[q.name];
          payload[p.name] = s.value;
          const before = JSON.stringify(payload);
          const { port, msg } = await run({ payload });
          assert.strictEqual(port, 'err', `${op} ${p.name}=${JSON.stringify(s.value)} should fail`);
          // Output 2: msg.payload is the error; the incoming payload is in msg.ezviz.input, a
          // card password in it masked; msg.ezviz.request names the valid parameters.
          assert.deepStrictEqual(msg.payload, msg.error, 'payload is the error');
          const masked = JSON.parse(before);
          for (const k of ['cardPassword', 'verificationCode']) {
            if (masked[k] !== undefined && masked[k] !== null && !(typeof masked[k] === 'string' && !masked[k].trim()))
              masked[k] = '***';
          }
          assert.strictEqual(JSON.stringify(msg.ezviz.input), JSON.stringify(masked), 'input kept, secrets masked');
          assert.strictEqual(msg.ezviz.operation, op);
          assert.ok(!('cardPassword' in msg.ezviz.request), 'no card password in the request');
          if (p.name !== 'deviceSerial')
            assert.strictEqual(msg.ezviz.request.deviceSerial, 'C00000001', 'which camera');
          assert.strictEqual(msg.error.code, '10001');
          assert.strictEqual(msg.error.source, 'validation');
          assert.strictEqual(msg.error.operation, op);
          assert.strictEqual(msg.error.retriable, false);
          assert.strictEqual(msg.error.message, text(`validation.${s.reason}`, validationArgs(p, s.value)));
          assert.ok(msg.error.message.includes(p.name), msg.error.message);
          if (p.secret) assert.ok(!msg.error.message.includes(String(s.value)));
          else if (s.reason !== 'missing' && typeof s.value !== 'object') {
            assert.ok(
              msg.error.message.includes(String(s.value).slice(0, 20)),
              `names the value: ${msg.error.message}`,
            );
          }
          cases++;
        }
      }
      assert.ok(cases >= spec.params.length);
      assert.deepStrictEqual(sim.requestLog(), [], 'nothing sent');
    });
  }

  it('preset-call: index may be left out when presetName is given, not otherwise', async () => {
    await loadOp('preset-call', sim.url);
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1 } });
    assert.strictEqual(r.msg.error.message, text('validation.missing', { param: 'index' }));
    const u = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, presetName: 'nowhere' } });
    assert.strictEqual(u.port, 'err');
    assert.strictEqual(u.msg.error.code, '10001');
    assert.strictEqual(u.msg.error.source, 'validation');
    assert.ok(u.msg.error.message.includes('"nowhere"'), u.msg.error.message);
    assert.deepStrictEqual(sim.requestLog(), []);
  });

  it('a property that cannot be read (bad JSON, bad msg expression) is a validation error; jsonata works', async () => {
    await loadOp('ptz-mirror', sim.url, { props: { command: '{bad', commandType: 'json' } });
    const a = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1 } });
    assert.deepStrictEqual([a.msg.error.code, a.msg.error.source], ['10001', 'validation']);
    assert.strictEqual(
      a.msg.error.message,
      text('validation.unreadable', { param: 'command', type: 'json', value: '{bad' }),
    );
    await unload();
    await loadOp('ptz-mirror', sim.url, { props: { channelNo: 'a[', channelNoType: 'msg' } });
    const b = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(
      b.msg.error.message,
      text('validation.unreadable', { param: 'channelNo', type: 'msg', value: 'a[' }),
    );
    await unload();
    await loadOp('ptz-mirror', sim.url, { props: { command: '1 + 1', commandType: 'jsonata' } });
    const c = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1 } });
    assert.strictEqual(c.port, 'ok', JSON.stringify(c.msg.error));
    assert.strictEqual(c.msg.ezviz.request.command, 2);
    assert.strictEqual(sim.requestLog().length, 1);
  });

  it('status shows the code on a red ring', async () => {
    await loadOp('ptz-mirror', sim.url);
    const n = helper.getNode('op');
    await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 9 } });
    await delay(5);
    const spy = n.status as unknown as { args: unknown[][]; thisValues: unknown[] };
    const own = spy.args.filter((_a, i) => spy.thisValues[i] === n).map((a) => a[0]);
    assert.deepStrictEqual(own[own.length - 1], { fill: 'red', shape: 'ring', text: statusKey('code.10001') });
    assert.strictEqual(text('status.code.10001'), 'bad parameter (10001)');
  });
});

describe('operation nodes: error sources', function () {
  let sim: Simulator;
  simulatorPerTest((s) => {
    sim = s;
  });

  it('api: offline device -> 20007 with its hint; output 2: payload the error, input and request kept', async () => {
    await loadOp('ptz-start', sim.url);
    const payload = { deviceSerial: 'c00000002', channelNo: 1, direction: 'left', speed: 1 };
    const { port, msg } = await run({ payload });
    assert.strictEqual(port, 'err');
    assert.deepStrictEqual(msg.payload, msg.error);
    assert.deepStrictEqual(msg.ezviz, {
      operation: 'ptz-start',
      input: payload,
      request: { deviceSerial: 'C00000002', channelNo: 1, direction: 2, speed: 1 },
    });
    const n = helper.getNode('op');
    const spy = n.status as unknown as { args: unknown[][]; thisValues: unknown[] };
    const own = spy.args.filter((_a, i) => spy.thisValues[i] === n).map((x) => x[0]);
    assert.deepStrictEqual(own[own.length - 1], { fill: 'red', shape: 'ring', text: statusKey('code.20007') });
    const reply = sim.requestLog()[0];
    assert.strictEqual(reply.code, '20007');
    assert.deepStrictEqual(Object.keys(msg.error).sort(), ERROR_KEYS);
    assert.strictEqual(msg.error.code, '20007');
    assert.strictEqual(msg.error.source, 'api');
    assert.strictEqual(msg.error.operation, 'ptz-start');
    assert.strictEqual(msg.error.retriable, false);
    // The API's own words are the message (docs/behaviour.md section 4); the hint goes beside them.
    assert.strictEqual(msg.error.message, 'The device is offline. (code 20007)');
    assert.strictEqual(msg.error.hint, text('hints.20007'));
  });

  it("api: the message is the API's own text and code, the package's hint beside it, never in its place", async () => {
    await loadOp('preset-call', sim.url);
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, index: 9 } });
    assert.strictEqual(r.msg.error.code, '60011');
    assert.strictEqual(r.msg.error.message, 'The preset does not exist. (code 60011)');
    assert.strictEqual(r.msg.error.hint, text('hints.60011'));
    await unload();
    await loadOp('ptz-start', sim.url);
    const c = await run({ payload: { deviceSerial: 'C00000009', channelNo: 1, direction: 'left', speed: 1 } });
    assert.strictEqual(c.msg.error.message, 'Device requesting timeout. (code 20008)');
    assert.strictEqual(c.msg.error.hint, text('hints.20008'));
  });

  it('api: 20014 has the hint of its operation group (docs/api/open-api.md section 7.2)', async () => {
    await loadOp('ptz-stop', sim.url);
    const a = await run({ payload: { deviceSerial: 'ABC', channelNo: 1 } });
    assert.strictEqual(a.msg.error.code, '20014');
    assert.strictEqual(a.msg.error.hint, text('hints.20014-network'));
    assert.ok(!a.msg.error.message.includes(text('hints.20014-network')), a.msg.error.message);
    await unload();
    await loadOp('preset-call', sim.url);
    const b = await run({ payload: { deviceSerial: 'ABC', channelNo: 1, index: 1 } });
    assert.strictEqual(b.msg.error.code, '20014');
    assert.strictEqual(b.msg.error.hint, text('hints.20014-serial'));
  });

  it('api: 60020 on storage-open has the cloud storage hint', async () => {
    await loadOp('storage-open', sim.url);
    const r = await run({ payload: { deviceSerial: 'C00000003', cardPassword: 'CARD-VALID-0003' } });
    assert.strictEqual(r.msg.error.code, '60020');
    assert.strictEqual(r.msg.error.hint, text('hints.60020-storage'));
    assert.match(r.msg.error.message, /\(code 60020\)$/);
  });

  it('network: a closed port gives ECONNREFUSED, retriable, one attempt for non-idempotent', async () => {
    const port = await closedPort();
    await loadOp('ptz-start', `http://127.0.0.1:${port}`);
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, direction: 0, speed: 1 } });
    assert.strictEqual(r.port, 'err');
    assert.strictEqual(r.msg.error.code, 'ECONNREFUSED');
    assert.strictEqual(r.msg.error.source, 'network');
    assert.strictEqual(r.msg.error.retriable, true);
    assert.strictEqual(
      r.msg.error.message,
      text('errors.network', { code: 'ECONNREFUSED', host: `127.0.0.1:${port}` }),
    );
  });

  it('network: a closed simulator gives ECONNREFUSED', async () => {
    await loadOp('ptz-mirror', sim.url);
    await sim.close();
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(r.msg.error.source, 'network');
    assert.strictEqual(r.msg.error.code, 'ECONNREFUSED');
  });

  it('network: no reply within the timeout gives ETIMEDOUT', async () => {
    await loadOp('ptz-mirror', sim.url, { config: { timeout: 150 } });
    sim.injectFault({ kind: 'latency', ms: 600 });
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(r.msg.error.code, 'ETIMEDOUT');
    assert.strictEqual(r.msg.error.source, 'network');
    assert.strictEqual(r.msg.error.message, text('errors.timeout', { host: new URL(sim.url).host, timeout: 150 }));
  });

  // The deadline is on the runtime's clock (hooks.deadline, docs/behaviour.md section 8): a server
  // that reads the request and never answers, a deadline of a minute that only the test's clock
  // can end within mocha's 20 s, fired as soon as the server has the request.
  for (const wired of [true, false]) {
    it(`network: a server that never answers, the deadline fired on the test's clock: ETIMEDOUT once on ${wired ? 'output 2' : 'done(err)'}`, async () => {
      const deadlines = stillServer();
      const server = await deadlines.listen();
      try {
        const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
        await loadOp('ptz-mirror', url, { config: { timeout: 60000 }, errorWired: wired, withCatch: !wired });
        const got = collect(wired ? ['ok', 'err'] : ['ok', 'err', 'caught']);
        helper.getNode('op').receive({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
        await got.wait(1);
        await delay(50); // nothing more comes
        const counts = [got.ok.length, got.err.length, got.caught?.length ?? 0];
        assert.deepStrictEqual(counts, [0, wired ? 1 : 0, wired ? 0 : 1]);
        const e = wired ? got.err[0].error : got.caught[0]._error;
        assert.deepStrictEqual([e.code, e.source, e.retriable], ['ETIMEDOUT', 'network', false]);
        assert.strictEqual(e.message, text('errors.timeout', { host: new URL(url).host, timeout: 60000 }));
        // one request (the mirror is never sent twice), one deadline of the config's timeout, none left
        assert.deepStrictEqual([deadlines.requests, deadlines.set, deadlines.live()], [1, [60000], 0]);
      } finally {
        await new Promise((r) => server.close(r));
      }
    });
  }

  it('network: a dropped connection gives a network error', async () => {
    await loadOp('ptz-mirror', sim.url);
    sim.injectFault({ kind: 'drop' });
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(r.msg.error.source, 'network');
    assert.ok(/^E[A-Z]+$/.test(r.msg.error.code), r.msg.error.code);
    // dropped after sending: the flip may have happened (docs/behaviour.md section 4)
    assert.strictEqual(r.msg.error.retriable, false);
  });

  it('network: a server that answers something not HTTP gives NOT_HTTP (not a parser HPE_ code), its message and status', async () => {
    const srv = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end('SURPRISE\r\n\r\nnot http at all'));
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
    const host = `127.0.0.1:${(srv.address() as net.AddressInfo).port}`;
    try {
      await loadOp('ptz-mirror', `http://${host}`, { config: { maxRetries: 0 } });
      const n = helper.getNode('op');
      const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
      assert.strictEqual(r.msg.error.code, 'NOT_HTTP');
      assert.strictEqual(r.msg.error.source, 'network');
      assert.strictEqual(r.msg.error.message, text('errors.notHttp', { host }));
      assert.strictEqual(
        text('errors.notHttp', { host }),
        `Not an HTTP reply from ${host} (NOT_HTTP): is the base URL right?`,
      );
      await delay(5);
      const spy = n.status as unknown as { args: unknown[][]; thisValues: unknown[] };
      const own = spy.args.filter((_a, i) => spy.thisValues[i] === n).map((a) => a[0]);
      assert.deepStrictEqual(own[own.length - 1], { fill: 'red', shape: 'ring', text: statusKey('code.NOT_HTTP') });
    } finally {
      srv.close();
    }
  });

  it('http: HTTP 500 gives HTTP_500, a non-JSON body HTTP_200 (not retriable for a mirror: it may have flipped)', async () => {
    await loadOp('ptz-mirror', sim.url);
    sim.injectFault({ kind: 'http500' });
    const a = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(a.msg.error.code, 'HTTP_500');
    assert.strictEqual(a.msg.error.source, 'http');
    assert.strictEqual(a.msg.error.retriable, false);
    sim.injectFault({ kind: 'nonjson' });
    const b = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(b.msg.error.source, 'http');
    assert.ok(/^HTTP_\d{3}$/.test(b.msg.error.code), b.msg.error.code);
    assert.strictEqual(b.msg.error.retriable, false);
    assert.strictEqual(
      b.msg.error.message,
      text('errors.nonJson', { status: b.msg.error.code.slice(5), host: new URL(sim.url).host }),
    );
  });

  it('local: no config node, no credentials, bad base URL', async () => {
    const { flow } = buildFlow('ptz-mirror', sim.url);
    (flow.find((n) => n.id === 'op') as Record<string, unknown>).config = '';
    await load(flow, {});
    const a = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.deepStrictEqual([a.msg.error.code, a.msg.error.source], ['NO_CONFIG', 'local']);
    await unload();

    await loadOp('ptz-mirror', sim.url, { creds: {} });
    const b = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.deepStrictEqual([b.msg.error.code, b.msg.error.source], ['NO_CREDENTIALS', 'local']);
    assert.strictEqual(b.msg.error.message, text('errors.noCredentials'));
    const n = helper.getNode('op');
    const spy = n.status as unknown as { args: unknown[][]; thisValues: unknown[] };
    await delay(5);
    const own = spy.args.filter((_a, i) => spy.thisValues[i] === n).map((x) => x[0]);
    assert.deepStrictEqual(own[own.length - 1], { fill: 'red', shape: 'ring', text: statusKey('noCredentials') });
    await unload();

    await loadOp('ptz-mirror', 'ftp://127.0.0.1/');
    const c = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.deepStrictEqual([c.msg.error.code, c.msg.error.source], ['INVALID_CONFIG', 'local']);
    assert.strictEqual(c.msg.error.message, text('errors.baseUrl'));
    assert.deepStrictEqual(sim.requestLog(), []);
  });

  it('unwired output 2: done(err) reaches a Catch node in the same tab', async () => {
    await loadOp('ptz-start', sim.url, { errorWired: false, withCatch: true });
    const got = collect(['ok', 'err', 'caught']);
    const payload = { deviceSerial: 'C00000002', channelNo: 1, direction: 0, speed: 1 };
    helper.getNode('op').receive({ payload, topic: 'x' });
    await got.wait(1);
    await delay(20);
    assert.strictEqual(got.ok.length + got.err.length, 0);
    assert.strictEqual(got.caught.length, 1);
    const m = got.caught[0];
    assert.strictEqual(m.error.code, '20007');
    assert.strictEqual(m.error.source.id, 'op');
    assert.strictEqual(m._error.hint, text('hints.20007'), 'the hint beside, in the error the node set');
    // The Catch message: the error's own text (no "EzvizError:" prefix), the payload untouched.
    assert.strictEqual(m.error.message, m._error.message);
    assert.ok(!/EzvizError/.test(m.error.message), m.error.message);
    assert.deepStrictEqual(m.payload, payload);
    assert.deepStrictEqual(m.ezviz, {
      operation: 'ptz-start',
      request: { deviceSerial: 'C00000002', channelNo: 1, direction: 0, speed: 1 },
    });
    assert.deepStrictEqual(Object.keys(m._error).sort(), ERROR_KEYS);
    assert.strictEqual(m._error.source, 'api');
    assert.strictEqual(m.topic, 'x');
  });

  it('exactly one outcome per input, in a mixed burst', async () => {
    fastRetries();
    const { flow, credentials } = buildFlow('ptz-mirror', sim.url, { count: 1, withCatch: true, errorWired: true });
    await load(flow, credentials);
    const got = collect(['ok', 'err', 'caught']);
    const n = helper.getNode('op');
    const inputs = [
      { deviceSerial: 'C00000001', channelNo: 1, command: 2 },
      { deviceSerial: 'C00000002', channelNo: 1, command: 2 },
      { deviceSerial: 'C00000001', channelNo: 1, command: 'bad' },
      { deviceSerial: 'C00000003', channelNo: 1, command: 0 },
      { deviceSerial: 'C0000000D', channelNo: 1, command: 1 },
      { deviceSerial: 'C00000001', channelNo: 1, command: 0 },
    ];
    inputs.forEach((payload, i) => n.receive({ payload, i }));
    await got.wait(inputs.length);
    await delay(50);
    assert.strictEqual(got.ok.length + got.err.length, inputs.length);
    assert.strictEqual(got.caught.length, 0);
    assert.deepStrictEqual([...got.ok, ...got.err].map((m) => m.i).sort(), [0, 1, 2, 3, 4, 5]);
    assert.deepStrictEqual(got.ok.map((m) => m.i).sort(), [0, 5]);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A server that reads requests and never answers, and the requests' deadlines on the test's clock
 * (hooks.deadline): each one set is held, and fired when the server has read its request. */
function stillServer(): { requests: number; set: number[]; live(): number; listen(): Promise<net.Server> } {
  const held: Array<{ fn: () => void; live: boolean }> = [];
  const out = {
    requests: 0,
    set: [] as number[],
    live: () => held.filter((d) => d.live).length,
    listen(): Promise<net.Server> {
      const server = net.createServer((socket) => {
        socket.once('data', () => {
          out.requests++;
          for (const d of held.filter((h) => h.live)) {
            d.live = false;
            d.fn();
          }
        });
        socket.on('error', () => undefined); // the client cuts it off
      });
      return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
    },
  };
  hooks.deadline = (fn, ms) => {
    const d = { fn, live: true };
    held.push(d);
    out.set.push(ms);
    return () => {
      d.live = false;
    };
  };
  return out;
}
