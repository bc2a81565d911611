// The world outside (docs/behaviour.md section 8): each reproduction of the issue as a test,
// through Node-RED, against a small server of the test's own on 127.0.0.1 that misbehaves in
// exactly that way (and a local CONNECT proxy for the proxy test).

import assert from 'assert';
import fs from 'fs';
import http from 'http';
import https from 'https';
import net from 'net';
import path from 'path';
import { AddressInfo } from 'net';
import { defaultHooks } from '../../client/clock/clock';
import { OPERATIONS, OperationName, TOKEN_PATH } from '../../client/operations/operations';
import { handOver, takeOver } from '../../client/service/handover';
import { MIN_TOKEN_INTERVAL_MS } from '../../client/requests/token';
import {
  buildFlow,
  collect,
  delay,
  fastRetries,
  helper,
  hooks,
  load,
  loadOp,
  resetHooks,
  run,
  secrets,
  TAB,
  text,
  unload,
} from '../support/red';
import { withoutProxyEnv } from '../support/proxy-env';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TLS = {
  cert: fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'tls', 'cert.pem'), 'utf8'),
  key: fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'tls', 'key.pem'), 'utf8'),
};

const TOKEN = 'at.world-token-5c1e';
const APP_SECRET = 'world-app-secret-77';
const CARD = 'WORLD-CARD-PASSWORD-91';
const KEYS = { appKey: 'world-app-key', appSecret: APP_SECRET };
for (const s of [TOKEN, APP_SECRET, CARD]) secrets.add(s);

const CAM = { deviceSerial: 'W00000001', channelNo: 1 };
const PATH = (op: OperationName) => OPERATIONS[op].path;

interface Hit {
  path: string;
  fields: Record<string, string>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, hit: Hit) => void;

interface TestServer {
  url: string;
  port: number;
  hits: Hit[];
  /** Requests whose handler has not answered (held) */
  close(): Promise<void>;
}

const open: TestServer[] = [];

/** A server of the test's own on 127.0.0.1 (https with the fixture certificate when `secure`). */
async function server(handler: Handler, secure = false): Promise<TestServer> {
  const hits: Hit[] = [];
  const sockets = new Set<net.Socket>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const hit = { path: (req.url ?? '').split('?')[0], fields: Object.fromEntries(new URLSearchParams(body)) };
      hits.push(hit);
      handler(req, res, hit);
    });
  };
  const srv = secure ? https.createServer(TLS, onRequest) : http.createServer(onRequest);
  srv.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as AddressInfo).port;
  const t: TestServer = {
    url: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        srv.close(() => resolve());
      }),
  };
  open.push(t);
  return t;
}

function json(res: http.ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(text);
}

const OK = { code: '200', msg: 'Operation succeeded!' };
const tokenReply = (extra: Record<string, unknown> = {}) => ({
  ...OK,
  data: { accessToken: TOKEN, expireTime: Date.now() + 7 * 86400000, ...extra },
});

/** A server that answers the token request and every operation with `op(hit)`. */
function api(
  op: (hit: Hit, res: http.ServerResponse) => void,
  token: (res: http.ServerResponse) => void = (res) => json(res, tokenReply()),
) {
  return (req: http.IncomingMessage, res: http.ServerResponse, hit: Hit) =>
    hit.path === TOKEN_PATH ? token(res) : op(hit, res);
}

/** Records unhandled rejections and uncaught exceptions while a test runs. */
function trap(): { errors: unknown[]; stop(): void } {
  const errors: unknown[] = [];
  const onErr = (e: unknown) => errors.push(e);
  process.on('unhandledRejection', onErr);
  process.on('uncaughtException', onErr);
  return {
    errors,
    stop: () => {
      process.off('unhandledRejection', onErr);
      process.off('uncaughtException', onErr);
    },
  };
}

const tokenCreds = { accessToken: TOKEN };
const fast = { timeout: 2000, maxRetries: 0, retryDelay: 0 };

function statusTexts(id: string): string[] {
  const n = helper.getNode(id) as unknown as { status: { args: unknown[][]; thisValues: unknown[] } };
  return n.status.args.filter((_a, k) => n.status.thisValues[k] === n).map((a) => (a[0] as { text: string }).text);
}

describe('the world outside (docs/behaviour.md section 8): misbehaving servers', function () {
  this.timeout(20000);
  let trapped: ReturnType<typeof trap>;
  beforeEach(() => {
    trapped = trap();
  });
  afterEach(async () => {
    trapped.stop();
    resetHooks();
    await unload();
    for (const s of open.splice(0)) await s.close();
    assert.deepStrictEqual(trapped.errors.map(String), [], 'no unhandled rejection, no uncaught exception');
  });

  describe('1. no reply can crash Node-RED: typed reply mapping', () => {
    it('storage-info data.status {"toString":1}: BAD_REPLY (source http), Node-RED keeps running', async () => {
      const s = await server(api((_h, res) => json(res, '{"code":"200","msg":"ok","data":{"status":{"toString":1}}}')));
      await loadOp('storage-info', s.url, { config: fast, creds: tokenCreds });
      const r = await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.strictEqual(r.port, 'err');
      assert.deepStrictEqual(
        [r.msg.error.code, r.msg.error.source, r.msg.error.retriable],
        ['BAD_REPLY', 'http', false],
      );
      assert.ok(r.msg.error.message.includes('data.status'), r.msg.error.message);
      // and the node still works
      const again = await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.strictEqual(again.msg.error.code, 'BAD_REPLY');
    });

    it('preset-add data.index {"toString":1}, data null, index 0: BAD_REPLY, never {index: NaN}', async () => {
      const bodies = [
        '{"code":"200","msg":"ok","data":{"index":{"toString":1}}}',
        '{"code":"200","msg":"ok","data":null}',
        '{"code":"200","msg":"ok","data":{"index":0}}',
        '{"code":"200","msg":"ok"}',
      ];
      const s = await server(api((_h, res) => json(res, bodies.shift()!)));
      await loadOp('preset-add', s.url, {
        config: fast,
        creds: tokenCreds,
        props: { presetName: 'door', presetNameType: 'str' },
      });
      for (let i = 0; i < 4; i++) {
        const r = await run({ payload: { ...CAM } });
        assert.strictEqual(r.port, 'err', JSON.stringify(r.msg.payload));
        assert.strictEqual(r.msg.error.code, 'BAD_REPLY');
        assert.strictEqual(r.msg.error.retriable, false, 'a preset may have been added');
      }
      assert.strictEqual(s.hits.length, 4, 'each sent once');
    });

    it('success payloads hold only documented fields of documented types', async () => {
      const s = await server(
        api((_h, res) =>
          json(res, {
            ...OK,
            data: {
              status: '1',
              totalDays: 7,
              userName: 'u',
              deviceSerial: 427734222,
              secret: 'x',
              nested: { a: [1, 2] },
              serviceDetail: { status: 2, junk: true },
            },
          }),
        ),
      );
      await loadOp('storage-info', s.url, { config: fast, creds: tokenCreds });
      const r = await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
      assert.deepStrictEqual(r.msg.payload, {
        status: 1,
        totalDays: 7,
        userName: 'u',
        deviceSerial: '427734222',
        statusText: 'activated',
        startDate: null,
        expireDate: null,
        serviceDetail: { status: 2, statusText: 'expired', startDate: null, expireDate: null },
      });
    });

    it('a 200 reply nested 100,000 deep, output 1 wired to two nodes: both get a plain payload', async () => {
      const deep = '['.repeat(100000) + ']'.repeat(100000);
      const s = await server(
        api((_h, res) => json(res, `{"code":"200","msg":"ok","data":{"status":1,"deep":${deep}}}`)),
      );
      const { flow, credentials } = buildFlow('storage-info', s.url, { config: fast, creds: tokenCreds });
      flow.push({ id: 'ok2', type: 'helper', z: TAB });
      const op = flow.find((n) => n.id === 'op')!;
      op.wires = [['ok', 'ok2'], ['err']];
      await load(flow, credentials);
      const got = collect(['ok', 'ok2', 'err']);
      helper.getNode('op').receive({ payload: { deviceSerial: CAM.deviceSerial } });
      await got.wait(2);
      assert.strictEqual(got.ok.length + got.ok2.length, 2, JSON.stringify(got.err[0]?.error));
      assert.deepStrictEqual(got.ok2[0].payload, {
        status: 1,
        statusText: 'activated',
        startDate: null,
        expireDate: null,
      });
    });
  });

  describe('2. the token goes only where the region rules allow', () => {
    it('an http base whose token reply names another host: a token error naming it, the token sent nowhere', async () => {
      const other = await server((_req, res) => json(res, OK));
      const area = `http://localhost:${other.port}`;
      const s = await server(
        api(
          (_h, res) => json(res, OK),
          (res) => json(res, tokenReply({ areaDomain: area })),
        ),
      );
      await loadOp('ptz-stop', s.url, { config: fast, creds: KEYS });
      const r = await run({ payload: { ...CAM } });
      assert.strictEqual(r.port, 'err');
      assert.strictEqual(r.msg.error.code, 'AREA_DOMAIN');
      assert.ok(r.msg.error.message.includes(area), r.msg.error.message);
      assert.ok(!r.msg.error.message.includes(TOKEN));
      assert.deepStrictEqual(other.hits, []);
      assert.deepStrictEqual(
        s.hits.map((h) => h.path),
        [TOKEN_PATH],
        'no operation request with a refused token',
      );
    });

    it('an https base whose token reply names http://other-host: refused, nothing in clear text', async () => {
      hooks.ca = [TLS.cert];
      const other = await server((_req, res) => json(res, OK));
      const area = `http://127.0.0.1:${other.port}`;
      const s = await server(
        api(
          (_h, res) => json(res, OK),
          (res) => json(res, tokenReply({ areaDomain: area })),
        ),
        true,
      );
      await loadOp('storage-info', s.url, { config: fast, creds: KEYS });
      const r = await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.strictEqual(r.msg.error.code, 'AREA_DOMAIN');
      assert.deepStrictEqual(other.hits, []);
    });

    it('an https areaDomain on the same test host is followed', async () => {
      hooks.ca = [TLS.cert];
      const region = await server((_req, res) => json(res, OK), true);
      const s = await server(
        api(
          (_h, res) => json(res, OK),
          (res) => json(res, tokenReply({ areaDomain: region.url })),
        ),
        true,
      );
      await loadOp('ptz-stop', s.url, { config: fast, creds: KEYS });
      const r = await run({ payload: { ...CAM } });
      assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
      assert.deepStrictEqual(
        region.hits.map((h) => [h.path, h.fields.accessToken]),
        [[PATH('ptz-stop'), TOKEN]],
      );
    });
  });

  describe('3. a camera is moving until a stop succeeds', () => {
    function cameraFlow(url: string) {
      const { flow, credentials } = buildFlow('ptz-start', url, {
        config: { ...fast, maxRetries: 1 },
        creds: tokenCreds,
      });
      const start = flow.find((n) => n.id === 'op')!;
      flow.push({ ...start, id: 'stop', type: 'ezviz-ptz-stop' });
      return { flow, credentials };
    }
    const start = () => ({ payload: { ...CAM, direction: 'right', speed: 'slow' } });

    it('an explicit stop answered HTTP 500: the next start sends a stop first; it is always sent', async () => {
      let stopStatus = 500;
      const s = await server(
        api((h, res) => (h.path === PATH('ptz-stop') ? json(res, OK, stopStatus) : json(res, OK))),
      );
      const { flow, credentials } = cameraFlow(s.url);
      await load(flow, credentials);
      fastRetries();
      assert.strictEqual(
        (await run({ payload: { ...CAM } }, 'stop')).port,
        'err',
        'a stop for a camera not known to move is sent',
      );
      assert.strictEqual((await run(start())).port, 'err', 'its failed stop makes the camera count as moving');
      stopStatus = 200;
      s.hits.length = 0;
      assert.strictEqual((await run(start())).port, 'ok');
      stopStatus = 500;
      assert.strictEqual((await run({ payload: { ...CAM } }, 'stop')).port, 'err');
      stopStatus = 200;
      assert.strictEqual((await run(start())).port, 'ok');
      const seq = s.hits.map((h) => h.path.split('/').slice(-1)[0]);
      assert.deepStrictEqual(seq, ['stop', 'start', 'stop', 'stop', 'stop', 'start']);
    });

    it('a failed timed stop leaves the camera moving: the next start stops it first', async () => {
      let stopStatus = 500;
      const s = await server(
        api((h, res) => (h.path === PATH('ptz-stop') ? json(res, OK, stopStatus) : json(res, OK))),
      );
      const { flow, credentials } = cameraFlow(s.url);
      await load(flow, credentials);
      fastRetries();
      const got = collect();
      helper.getNode('op').receive({ payload: { ...start().payload, duration: 50 } });
      await got.wait(2, 3000); // the start's success, then the failed timed stop on output 2
      assert.strictEqual(got.err[0].error.operation, 'ptz-stop');
      stopStatus = 200;
      s.hits.length = 0;
      assert.strictEqual((await run(start())).port, 'ok');
      assert.deepStrictEqual(
        s.hits.map((h) => h.path),
        [PATH('ptz-stop'), PATH('ptz-start')],
      );
    });

    it('a start that timed out may have moved the camera: the next start stops it first', async () => {
      let hang = true;
      const s = await server(
        api((h, res) => {
          if (h.path === PATH('ptz-start') && hang) return; // never answered
          json(res, OK);
        }),
      );
      const { flow, credentials } = cameraFlow(s.url);
      flow.find((n) => n.id === 'cfg')!.timeout = 300;
      await load(flow, credentials);
      const r = await run(start());
      assert.deepStrictEqual([r.msg.error.code, r.msg.error.retriable], ['ETIMEDOUT', false], r.msg.error.message);
      hang = false;
      s.hits.length = 0;
      assert.strictEqual((await run(start())).port, 'ok');
      assert.deepStrictEqual(
        s.hits.map((h) => h.path),
        [PATH('ptz-stop'), PATH('ptz-start')],
      );
    });
  });

  describe('4 and 7. one deadline, from the wire to the last byte', () => {
    it('a reply that trickles one byte every 100 ms is cut off at the deadline (ETIMEDOUT); the next stop is not held', async () => {
      const s = await server(
        api((_h, res) => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.write('{"code":"200",');
          const timer = setInterval(() => res.write(' '), 100);
          res.on('close', () => clearInterval(timer));
        }),
      );
      await loadOp('ptz-stop', s.url, { config: { ...fast, timeout: 400 }, creds: tokenCreds });
      const t0 = Date.now();
      const got = collect();
      helper.getNode('op').receive({ payload: { ...CAM } });
      helper.getNode('op').receive({ payload: { ...CAM } });
      await got.wait(2, 8000);
      const took = Date.now() - t0;
      assert.deepStrictEqual(
        got.err.map((m) => m.error.code),
        ['ETIMEDOUT', 'ETIMEDOUT'],
      );
      // two stops in a row through one camera queue: about 2 x 400 ms, not 40 s
      assert.ok(took < 4000, `${took} ms`);
    });

    it('a body without a length that trickles past the deadline is ETIMEDOUT, not a cut reply read as not JSON', async () => {
      // (Such a body ends when its connection closes: the deadline's own close must not pass for its end.)
      const s = await server(
        api((_h, res) => {
          const sock = res.socket!;
          sock.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"code":"200",');
          const timer = setInterval(() => sock.writable && sock.write(' '), 60);
          sock.on('close', () => clearInterval(timer));
        }),
      );
      await loadOp('storage-info', s.url, { config: { ...fast, timeout: 400, maxRetries: 0 }, creds: tokenCreds });
      const got = collect();
      helper.getNode('op').receive({ payload: { deviceSerial: CAM.deviceSerial } });
      await got.wait(1, 8000);
      assert.deepStrictEqual(
        got.err.map((m) => m.error.code),
        ['ETIMEDOUT'],
        JSON.stringify(got.err.map((m) => m.error)),
      );
    });

    it('time waiting for a free socket does not count: 64 messages, 32 sockets, 700 ms server, timeout 1000 ms', async () => {
      const s = await server(
        api((_h, res) => {
          setTimeout(() => json(res, { ...OK, data: { status: 1 } }), 700);
        }),
      );
      await loadOp('storage-info', s.url, { config: { ...fast, timeout: 1000 }, creds: tokenCreds });
      const got = collect();
      for (let i = 0; i < 64; i++) helper.getNode('op').receive({ payload: { deviceSerial: CAM.deviceSerial } });
      await got.wait(64, 15000);
      assert.strictEqual(got.err.length, 0, JSON.stringify(got.err.slice(0, 2).map((m) => m.error)));
      assert.strictEqual(got.ok.length, 64);
      assert.strictEqual(s.hits.length, 64);
    });
  });

  describe('4b. a kept-alive connection the server closed while idle', () => {
    /** A raw HTTP server that resets the second request on every connection (as a server that
     * closed an idle kept-alive connection just as the request was written) and answers the rest. */
    async function resetting(): Promise<{
      url: string;
      requests: number;
      connections: number;
      close(): Promise<void>;
    }> {
      const state = { url: '', requests: 0, connections: 0, close: (): Promise<void> => Promise.resolve() };
      const sockets = new Set<net.Socket>();
      const srv = net.createServer((sock) => {
        sockets.add(sock);
        state.connections++;
        let buf = '';
        let onThis = 0;
        sock.on('error', () => undefined);
        sock.on('close', () => sockets.delete(sock));
        sock.on('data', (d) => {
          buf += d.toString('latin1');
          for (;;) {
            const head = buf.indexOf('\r\n\r\n');
            if (head < 0) return;
            const length = Number(/content-length: *(\d+)/i.exec(buf.slice(0, head))?.[1] ?? 0);
            if (buf.length < head + 4 + length) return;
            buf = buf.slice(head + 4 + length);
            state.requests++;
            if (++onThis === 2) {
              sock.resetAndDestroy();
              return;
            }
            const body = JSON.stringify({ ...OK, data: { status: 1 } });
            sock.write(
              `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
                `Connection: keep-alive\r\n\r\n${body}`,
            );
          }
        });
      });
      await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
      state.url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
      state.close = () =>
        new Promise<void>((resolve) => {
          for (const x of sockets) x.destroy();
          srv.close(() => resolve());
        });
      return state;
    }

    it('an idempotent request that meets it is retried on a new connection (one attempt of its budget)', async () => {
      const s = await resetting();
      try {
        await loadOp('storage-info', s.url, { config: { ...fast, maxRetries: 1 }, creds: tokenCreds });
        const got = collect();
        helper.getNode('op').receive({ payload: { deviceSerial: CAM.deviceSerial } });
        await got.wait(1, 5000);
        helper.getNode('op').receive({ payload: { deviceSerial: CAM.deviceSerial } });
        await got.wait(2, 5000);
        assert.deepStrictEqual(
          got.err.map((m) => m.error),
          [],
        );
        assert.strictEqual(got.ok.length, 2);
        // the first, the one reset on the reused connection, and its retry on a new one
        assert.deepStrictEqual([s.requests, s.connections], [3, 2]);
      } finally {
        await s.close();
      }
    });

    it('without retries it fails once with ECONNRESET, retriable; a non-idempotent one (ptz-mirror) is not retriable', async () => {
      for (const [op, payload, retriable] of [
        ['storage-info', { deviceSerial: CAM.deviceSerial }, true],
        ['ptz-mirror', { ...CAM, command: 0 }, false],
      ] as const) {
        const s = await resetting();
        try {
          await loadOp(op, s.url, { config: { ...fast }, creds: tokenCreds });
          const got = collect();
          helper.getNode('op').receive({ payload: { ...payload } });
          await got.wait(1, 5000);
          helper.getNode('op').receive({ payload: { ...payload } });
          await got.wait(2, 5000);
          assert.strictEqual(got.ok.length, 1, op);
          // (the mirror may have reached the camera: a flip toggles)
          assert.deepStrictEqual(
            got.err.map((m) => [m.error.source, m.error.code, m.error.retriable]),
            [['network', 'ECONNRESET', retriable]],
            op,
          );
          assert.deepStrictEqual([s.requests, s.connections], [2, 1], op);
        } finally {
          await unload();
          await s.close();
        }
      }
    });
  });

  describe("5. closing fits Node-RED's 15 s; what passes to the successor passes at the start of close", () => {
    it('the close budget is at most 10 s', () => {
      assert.ok(defaultHooks.closeBudgetMs <= 10000, String(defaultHooks.closeBudgetMs));
    });

    it('a server that never answers stops or requests: close ends within the budget', async () => {
      hooks.closeBudgetMs = 600;
      const s = await server(
        api((h, res) => {
          if (h.path === PATH('ptz-start')) json(res, OK);
          // everything else: never answered
        }),
      );
      const { flow, credentials } = buildFlow('ptz-start', s.url, {
        config: { timeout: 120000, maxRetries: 0 },
        creds: tokenCreds,
      });
      const start = flow.find((n) => n.id === 'op')!;
      flow.push({ ...start, id: 'mirror', type: 'ezviz-ptz-mirror' });
      await load(flow, credentials);
      assert.strictEqual((await run({ payload: { ...CAM, direction: 'left', speed: 0, duration: 60000 } })).port, 'ok');
      helper.getNode('mirror').receive({ payload: { deviceSerial: 'W00000002', channelNo: 1, command: 2 } });
      await delay(50);
      const t0 = Date.now();
      await unload();
      const took = Date.now() - t0;
      assert.ok(took < 2500, `close took ${took} ms (budget 600 ms)`);
      assert.ok(
        s.hits.some((h) => h.path === PATH('ptz-stop')),
        'the timed stop was sent',
      );
    });

    it('the card lock is handed over when close starts, with a timed stop still hanging; another base URL does not get it', async () => {
      hooks.closeBudgetMs = 1500;
      const s = await server(
        api((h, res) => {
          if (h.path === PATH('storage-open')) json(res, { code: '60030', msg: 'too many attempts' });
          else if (h.path === PATH('ptz-start')) json(res, OK);
          // ptz-stop: never answered, so the close takes its whole budget
        }),
      );
      const { flow, credentials } = buildFlow('storage-open', s.url, {
        config: { timeout: 60000, maxRetries: 0 },
        creds: tokenCreds,
        props: { cardPassword: '', cardPasswordType: 'cred' },
        nodeCreds: { cardPassword: CARD },
      });
      const first = flow.find((n) => n.id === 'op')!;
      flow.push({ ...first, id: 'mover', type: 'ezviz-ptz-start' });
      await load(flow, credentials);
      assert.strictEqual((await run({ payload: { deviceSerial: CAM.deviceSerial } })).msg.error.code, '60030');
      assert.strictEqual(
        (await run({ payload: { ...CAM, direction: 'up', speed: 1, duration: 60000 } }, 'mover')).port,
        'ok',
      );
      const redeploy = helper.setFlows(flow as never, 'full', credentials as never);
      // While the old config node is still closing (its storage-info hangs), its state is there.
      let carried: ReturnType<typeof takeOver>;
      for (let i = 0; i < 40 && !carried; i++) {
        await delay(25);
        carried = takeOver('cfg');
      }
      assert.ok(carried && carried.cardLocks.has(CAM.deviceSerial), 'handed over at the start of close');
      handOver('cfg', carried!);
      await redeploy;
      s.hits.length = 0;
      const r = await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.deepStrictEqual([r.msg.error.code, r.msg.error.source], ['60030', 'local']);
      assert.deepStrictEqual(s.hits, [], 'a locked storage-open never reaches the API');
      // another server has other cameras: no lock there
      const other = await server(api((_h, res) => json(res, OK)));
      await helper.setFlows(
        flow.map((n) => (n.id === 'cfg' ? { ...n, baseUrl: other.url } : n)) as never,
        'full',
        credentials as never,
      );
      assert.strictEqual((await run({ payload: { deviceSerial: CAM.deviceSerial } })).port, 'ok');
    });
  });

  describe('6. size', () => {
    it('a declared 2 MiB reply is refused at once: REPLY_TOO_LARGE (source http)', async () => {
      const s = await server(
        api((_h, res) => json(res, JSON.stringify({ ...OK, data: { userName: 'x'.repeat(2 * 1048576) } }))),
      );
      await loadOp('storage-info', s.url, { config: fast, creds: tokenCreds });
      const r = await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.deepStrictEqual([r.msg.error.code, r.msg.error.source], ['REPLY_TOO_LARGE', 'http']);
    });

    it('an endless chunked reply is cut off after 1 MiB, not buffered further', async () => {
      let written = 0;
      const s = await server(
        api((_h, res) => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          const chunk = Buffer.alloc(65536, 0x20);
          const pump = () => {
            while (!res.destroyed && written < 64 * 1048576) {
              written += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
          };
          res.write('{"code":"200","msg":"');
          pump();
        }),
      );
      await loadOp('storage-info', s.url, { config: fast, creds: tokenCreds });
      const r = await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.deepStrictEqual([r.msg.error.code, r.msg.error.source], ['REPLY_TOO_LARGE', 'http']);
      await delay(100);
      assert.ok(written < 16 * 1048576, `${written} bytes written before the client hung up`);
    });
  });

  describe('8. token economy', () => {
    function clock(): { advance(ms: number): void } {
      let offset = 0;
      hooks.now = () => Date.now() + offset;
      return {
        advance: (ms) => {
          offset += ms;
        },
      };
    }

    it('10002 on every call: one token request for many messages; the error asks whether the region is right', async () => {
      const s = await server(api((_h, res) => json(res, { code: '10002', msg: 'accessToken expired' })));
      await loadOp('storage-info', s.url, { config: { ...fast, maxRetries: 3 }, creds: KEYS });
      for (let i = 0; i < 5; i++) {
        const r = await run({ payload: { deviceSerial: CAM.deviceSerial } });
        assert.strictEqual(r.msg.error.code, '10002');
        assert.strictEqual(r.msg.error.hint, text('errors.tokenRefusedFresh', { base: s.url }));
      }
      assert.strictEqual(s.hits.filter((h) => h.path === TOKEN_PATH).length, 1);
    });

    for (const [what, expireTime] of [
      ['in seconds', Math.floor(Date.now() / 1000) + 7 * 86400],
      ['in the past', Date.now() - 1000],
      ['missing', undefined],
      ['a text', 'tomorrow'],
    ] as const) {
      it(`expireTime ${what}: counts as 7 days, one token request`, async () => {
        const c = clock();
        const s = await server(
          api(
            (_h, res) => json(res, OK),
            (res) => json(res, tokenReply({ expireTime })),
          ),
        );
        await loadOp('ptz-stop', s.url, { config: fast, creds: KEYS });
        for (let i = 0; i < 4; i++) {
          assert.strictEqual((await run({ payload: { ...CAM } })).port, 'ok');
          c.advance(24 * 3600000);
        }
        assert.strictEqual(s.hits.filter((h) => h.path === TOKEN_PATH).length, 1);
      });
    }

    it('at most one token request per 30 s, whatever the replies say', async () => {
      const c = clock();
      const s = await server(
        api(
          (_h, res) => json(res, OK),
          (res) => json(res, 'Bad gateway', 502),
        ),
      );
      await loadOp('storage-info', s.url, { config: { ...fast, maxRetries: 2 }, creds: KEYS });
      fastRetries();
      for (let i = 0; i < 4; i++)
        assert.strictEqual((await run({ payload: { deviceSerial: CAM.deviceSerial } })).msg.error.code, 'HTTP_502');
      assert.strictEqual(s.hits.length, 1);
      c.advance(MIN_TOKEN_INTERVAL_MS);
      await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.strictEqual(s.hits.length, 2);
    });

    it('a redeployed config node with the same base URL, key and secret takes over the token; a new secret fetches one', async () => {
      const s = await server(api((_h, res) => json(res, OK)));
      const { flow, credentials } = buildFlow('ptz-stop', s.url, { config: fast, creds: KEYS });
      await load(flow, credentials);
      assert.strictEqual((await run({ payload: { ...CAM } })).port, 'ok');
      await helper.setFlows(
        flow.map((n) => (n.id === 'cfg' ? { ...n, timeout: 3000 } : n)) as never,
        'full',
        credentials as never,
      );
      assert.strictEqual((await run({ payload: { ...CAM } })).port, 'ok');
      assert.strictEqual(s.hits.filter((h) => h.path === TOKEN_PATH).length, 1, 'no token request per deploy');
      await helper.setFlows(flow as never, 'full', {
        ...credentials,
        cfg: { ...KEYS, appSecret: APP_SECRET + '-new' },
      } as never);
      assert.strictEqual((await run({ payload: { ...CAM } })).port, 'ok');
      assert.strictEqual(s.hits.filter((h) => h.path === TOKEN_PATH).length, 2);
    });
  });

  describe('9. rate limits, retriable, texts, queues, redirects', () => {
    it('HTTP 429 and 10029 with Retry-After: idempotent operations wait that long (at most 30 s)', async () => {
      const replies: Array<[number, unknown, Record<string, string>]> = [
        [429, 'slow down', { 'Retry-After': '2' }],
        [200, { code: '10029', msg: 'frequency' }, { 'Retry-After': '120' }],
        [200, OK, {}],
      ];
      const s = await server(
        api((_h, res) => {
          const [status, body, headers] = replies.shift()!;
          json(res, body as string, status, headers);
        }),
      );
      await loadOp('ptz-stop', s.url, { config: { ...fast, maxRetries: 3 }, creds: tokenCreds });
      const { sleeps } = fastRetries();
      const r = await run({ payload: { ...CAM } });
      assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
      assert.deepStrictEqual(sleeps, [2000, 30000]);
    });

    it('HTTP 429 without Retry-After: the usual back-off; a mirror is sent once, not retriable', async () => {
      const s = await server(api((_h, res) => json(res, 'busy', 429)));
      await loadOp('ptz-mirror', s.url, { config: { ...fast, maxRetries: 3 }, creds: tokenCreds });
      const r = await run({ payload: { ...CAM, command: 2 } });
      assert.deepStrictEqual([r.msg.error.code, r.msg.error.retriable], ['HTTP_429', false]);
      assert.strictEqual(s.hits.length, 1);
    });

    it('a timed-out ptz-mirror is not retriable (a flip toggles); connection refused is', async () => {
      const s = await server(api(() => undefined)); // never answers
      await loadOp('ptz-mirror', s.url, { config: { ...fast, timeout: 200 }, creds: tokenCreds });
      const r = await run({ payload: { ...CAM, command: 2 } });
      assert.deepStrictEqual([r.msg.error.code, r.msg.error.retriable], ['ETIMEDOUT', false]);
      await unload();
      const closed = await server(() => undefined);
      await closed.close();
      await loadOp('ptz-mirror', closed.url, { config: fast, creds: tokenCreds });
      const refused = await run({ payload: { ...CAM, command: 2 } });
      assert.deepStrictEqual([refused.msg.error.code, refused.msg.error.retriable], ['ECONNREFUSED', true]);
    });

    it('an API msg holding __code__ is shown as it came', async () => {
      const s = await server(
        api((_h, res) => json(res, { code: '20007', msg: 'device __code__ offline __msg__ __hint__' })),
      );
      await loadOp('ptz-stop', s.url, { config: fast, creds: tokenCreds });
      const r = await run({ payload: { ...CAM } });
      assert.strictEqual(r.msg.error.message, 'device __code__ offline __msg__ __hint__ (code 20007)');
    });

    it('an API msg echoing what was sent keeps its words, the token, card password and app secret masked', async () => {
      const s = await server(
        api((h, res) => json(res, { code: '20002', msg: `no ${h.fields.accessToken} ${h.fields.cardPassword}` })),
      );
      await loadOp('storage-open', s.url, {
        config: fast,
        creds: tokenCreds,
        props: { cardPassword: '', cardPasswordType: 'cred' },
        nodeCreds: { cardPassword: CARD },
      });
      const r = await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.strictEqual(s.hits.at(-1)!.fields.cardPassword, CARD, 'the server got the card');
      assert.strictEqual(r.msg.error.message, 'no *** *** (code 20002)');
      await unload();
      const k = await server(
        api(
          (_h, res) => json(res, OK),
          (res) => json(res, { code: '10030', msg: `appSecret ${APP_SECRET} mismatch` }),
        ),
      );
      await loadOp('storage-info', k.url, { config: fast, creds: KEYS });
      const t = await run({ payload: { deviceSerial: CAM.deviceSerial } });
      assert.strictEqual(t.msg.error.message, 'appSecret *** mismatch (code 10030)');
    });

    it('at most 100 messages wait per camera: the next one fails at once with QUEUE_FULL, nothing sent', async () => {
      const held: http.ServerResponse[] = [];
      const s = await server(
        api((_h, res) => {
          held.push(res);
        }),
      );
      await loadOp('ptz-stop', s.url, { config: { ...fast, timeout: 60000 }, creds: tokenCreds });
      const got = collect();
      for (let i = 0; i < 102; i++) helper.getNode('op').receive({ payload: { ...CAM }, i });
      await got.wait(1, 3000);
      for (let i = 0; i < 100 && s.hits.length === 0; i++) await delay(10);
      assert.strictEqual(got.err.length, 1);
      assert.deepStrictEqual(
        [got.err[0].i, got.err[0].error.code, got.err[0].error.source, got.err[0].error.retriable],
        [101, 'QUEUE_FULL', 'local', true],
      );
      assert.ok(statusTexts('op').some((t) => t.includes('QUEUE_FULL')));
      assert.strictEqual(s.hits.length, 1, 'one running, 100 waiting');
      // the queue drains
      const answer = () => {
        for (const res of held.splice(0)) json(res, OK);
      };
      const timer = setInterval(answer, 5);
      try {
        await got.wait(102, 10000);
      } finally {
        clearInterval(timer);
      }
      assert.strictEqual(got.ok.length, 101);
    });

    it('redirects are not followed: HTTP_302, the token never travels to the Location', async () => {
      const elsewhere = await server((_req, res) => json(res, OK));
      const s = await server(
        api(
          (_h, res) => json(res, OK, 302, { Location: `${elsewhere.url}/api/lapp/device/ptz/stop` }),
          (res) => json(res, tokenReply(), 307, { Location: `${elsewhere.url}${TOKEN_PATH}` }),
        ),
      );
      await loadOp('ptz-stop', s.url, { config: fast, creds: tokenCreds });
      const r = await run({ payload: { ...CAM } });
      assert.deepStrictEqual([r.msg.error.code, r.msg.error.source], ['HTTP_302', 'http']);
      await unload();
      await loadOp('ptz-stop', s.url, { config: fast, creds: KEYS });
      const t = await run({ payload: { ...CAM } });
      assert.strictEqual(t.msg.error.code, 'HTTP_307');
      assert.deepStrictEqual(elsewhere.hits, []);
    });

    it('the axios range excludes the versions that sent https through an http proxy in clear (< 1.16.1)', () => {
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      const m = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(pkg.dependencies.axios);
      assert.ok(m, pkg.dependencies.axios);
      const [maj, min, patch] = m!.slice(1).map(Number);
      assert.strictEqual(maj, 1);
      assert.ok(min > 16 || (min === 16 && patch >= 1), pkg.dependencies.axios);
    });
  });

  describe('10. proxies: CONNECT tunnels, the proxy sees no secret', () => {
    withoutProxyEnv();

    /** A CONNECT proxy that records every byte it relays and every request line it is sent. */
    async function proxy(): Promise<{
      url: string;
      connects: string[];
      plain: string[];
      seen: () => Buffer;
      close(): Promise<void>;
    }> {
      const connects: string[] = [];
      const plain: string[] = [];
      const chunks: Buffer[] = [];
      const sockets = new Set<net.Socket>();
      const srv = http.createServer((req, res) => {
        plain.push(`${req.method} ${req.url}`); // a forward-proxy request: would carry the body in clear
        res.writeHead(502);
        res.end();
      });
      srv.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
        connects.push(String(req.url));
        sockets.add(client);
        const [host, port] = String(req.url).split(':');
        const upstream = net.connect(Number(port), host, () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length) upstream.write(head);
          client.on('data', (d: Buffer) => chunks.push(Buffer.from(d)));
          upstream.on('data', (d: Buffer) => chunks.push(Buffer.from(d)));
          client.pipe(upstream);
          upstream.pipe(client);
        });
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        upstream.on('error', end);
        client.on('error', end);
      });
      await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
      return {
        url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
        connects,
        plain,
        seen: () => Buffer.concat(chunks),
        close: () =>
          new Promise<void>((resolve) => {
            for (const s of sockets) s.destroy();
            srv.close(() => resolve());
          }),
      };
    }

    it('HTTPS_PROXY: token request and storage-open through a CONNECT tunnel; no token, secret or card in what the proxy relays', async () => {
      hooks.ca = [TLS.cert];
      const p = await proxy();
      try {
        const s = await server(
          api((_h, res) => json(res, OK)),
          true,
        );
        process.env.HTTPS_PROXY = p.url;
        await loadOp('storage-open', s.url, {
          config: fast,
          creds: KEYS,
          props: { cardPassword: '', cardPasswordType: 'cred' },
          nodeCreds: { cardPassword: CARD },
        });
        const r = await run({ payload: { deviceSerial: CAM.deviceSerial } });
        assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
        assert.deepStrictEqual(
          s.hits.map((h) => h.path),
          [TOKEN_PATH, PATH('storage-open')],
        );
        assert.strictEqual(s.hits[1].fields.cardPassword, CARD, 'the server got the card');
        assert.ok(
          p.connects.length >= 1 && p.connects.every((c) => c === `127.0.0.1:${s.port}`),
          JSON.stringify(p.connects),
        );
        assert.deepStrictEqual(p.plain, []);
        const relayed = p.seen();
        assert.ok(relayed.length > 0, 'the tunnel carried the requests');
        for (const secret of [TOKEN, APP_SECRET, CARD, 'world-app-key', '/api/lapp/']) {
          assert.strictEqual(relayed.indexOf(secret), -1, `the proxy saw ${secret}`);
          assert.strictEqual(relayed.indexOf(encodeURIComponent(secret)), -1, `the proxy saw ${secret}`);
        }
      } finally {
        await p.close();
      }
    });

    it('HTTP_PROXY: an http base URL goes through a CONNECT tunnel too, never as a forward-proxy request', async () => {
      const p = await proxy();
      try {
        const s = await server(api((_h, res) => json(res, OK)));
        process.env.HTTP_PROXY = p.url;
        await loadOp('ptz-stop', s.url, { config: fast, creds: tokenCreds });
        assert.strictEqual((await run({ payload: { ...CAM } })).port, 'ok');
        assert.deepStrictEqual(p.connects, [`127.0.0.1:${s.port}`]);
        assert.deepStrictEqual(p.plain, []);
      } finally {
        await p.close();
      }
    });

    it('NO_PROXY exempts the host: the proxy sees nothing', async () => {
      hooks.ca = [TLS.cert];
      const p = await proxy();
      try {
        const s = await server(
          api((_h, res) => json(res, OK)),
          true,
        );
        process.env.HTTPS_PROXY = p.url;
        process.env.NO_PROXY = 'localhost,127.0.0.1';
        await loadOp('ptz-stop', s.url, { config: fast, creds: tokenCreds });
        assert.strictEqual((await run({ payload: { ...CAM } })).port, 'ok');
        assert.deepStrictEqual(p.connects, []);
      } finally {
        await p.close();
      }
    });

    it('a proxy that refuses the tunnel: a network error, the request never left (retriable even for a mirror)', async () => {
      hooks.ca = [TLS.cert];
      const refusing = await server((_req, res) => json(res, 'no', 403));
      const s = await server(
        api((_h, res) => json(res, OK)),
        true,
      );
      process.env.HTTPS_PROXY = refusing.url;
      await loadOp('ptz-mirror', s.url, { config: fast, creds: tokenCreds });
      const r = await run({ payload: { ...CAM, command: 2 } });
      assert.deepStrictEqual(
        [r.msg.error.source, r.msg.error.code, r.msg.error.retriable],
        ['network', 'EPROXY', true],
      );
      assert.deepStrictEqual(s.hits, []);
    });
  });
});
