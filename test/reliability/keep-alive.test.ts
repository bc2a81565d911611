// Idle keep-alive connections are closed before the server closes them (docs/behaviour.md section
// 8): a server of our own (node:http on 127.0.0.1) closes idle connections at its
// keep-alive timeout while preset-add requests (never sent twice) arrive through the real service
// right at that boundary, and right at the moment our side closes them: none may fail, each is
// received once. One server names no timeout (the default idle time, shortened here by the
// runtime hooks), one says `Keep-Alive: timeout=2` and closes at 2 s. Before the fix (Node's agent
// keeps an idle connection until the server closes it) such a run failed requests with ECONNRESET.
// `npm test`: 1,000 requests without a hint, 100 with; `npm run test:reliability`: 1,000 each.

import assert from 'assert';
import http from 'http';
import type { AddressInfo } from 'net';
import { EzvizService } from '../../client/service/service';
import { OPERATIONS, TOKEN_PATH } from '../../client/operations/operations';
import { hooks, resetHooks } from '../../client/clock/clock';
import { idleMs, KEEP_ALIVE_MARGIN_MS, MAX_IDLE_MS } from '../../client/wire/keep-alive';
import type { Owner } from '../../client/requests/call-types';
import { section, size } from './support';

interface ApiServer {
  url: string;
  /** preset/add requests received, by device serial. */
  received: Map<string, number>;
  connections(): number;
  close(): Promise<void>;
}

/** An API of our own: a token, and `{index: 1}` for every other call; idle connections closed
 * after `closeMs`; `Keep-Alive: timeout=<hintS>` on each reply when given (else no hint at all). */
async function apiServer(closeMs: number, hintS?: number): Promise<ApiServer> {
  const received = new Map<string, number>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const token = (req.url ?? '').startsWith(TOKEN_PATH);
      if (!token) {
        const serial = new URLSearchParams(body).get('deviceSerial') ?? '?';
        received.set(serial, (received.get(serial) ?? 0) + 1);
      }
      const data = token ? { accessToken: 'at.keep-alive-test', expireTime: Date.now() + 7 * 86400000 } : { index: 1 };
      const text = JSON.stringify({ code: '200', msg: 'Operation succeeded!', data });
      // An explicit Connection header keeps Node from writing its own Keep-Alive hint.
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
        Connection: 'keep-alive',
        ...(hintS === undefined ? {} : { 'Keep-Alive': `timeout=${hintS}` }),
      });
      res.end(text);
    });
  });
  server.keepAliveTimeout = closeMs;
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const owner: Owner = { id: 'keep-alive-test', closed: false, timedStopDone: () => undefined };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `chains` cameras at once, each sending preset-add `perChain` times, waiting before each next one
 * a gap that lands on `boundaries` (in turn, ±`jitter` ms): the server's close and our own.
 */
async function run(
  server: ApiServer,
  chains: number,
  perChain: number,
  boundaries: number[],
  jitter = 15,
): Promise<{ failed: string[]; ms: number }> {
  const service = new EzvizService({
    baseUrl: server.url,
    timeout: 5000,
    maxRetries: 0,
    retryDelay: 100,
    appKey: 'ka-app-key',
    appSecret: 'ka-app-secret',
    t: (key: string) => key,
    warn: () => undefined,
  });
  const failed: string[] = [];
  const started = Date.now();
  try {
    await Promise.all(
      Array.from({ length: chains }, async (_c, c) => {
        const deviceSerial = `KA${String(c).padStart(4, '0')}`;
        for (let i = 0; i < perChain; i++) {
          const r = await service.call({
            spec: OPERATIONS['preset-add'],
            fields: { deviceSerial, channelNo: 1 },
            owner,
          });
          if (r.kind !== 'ok') failed.push(`${deviceSerial} #${i}: ${r.kind === 'error' ? r.error.code : r.kind}`);
          const boundary = boundaries[(i + c) % boundaries.length];
          await wait(boundary - jitter + ((i * 7 + c * 13) % (2 * jitter + 1)));
        }
      }),
    );
  } finally {
    await service.close();
  }
  return { failed, ms: Date.now() - started };
}

function check(
  name: string,
  server: ApiServer,
  chains: number,
  perChain: number,
  r: { failed: string[]; ms: number },
  started: number,
): void {
  const total = chains * perChain;
  const sent = [...server.received.values()].reduce((a, b) => a + b, 0);
  const line =
    `${name}: ${total} preset-add in ${r.ms} ms, ${r.failed.length} failed, ${sent} received, ` +
    `${server.connections()} connections`;
  section(`keep-alive ${name}`, started, line);
  console.log(`      ${line}`);
  assert.deepStrictEqual(r.failed.slice(0, 5), [], line);
  assert.strictEqual(sent, total, `each received once: ${line}`);
  assert.ok(
    [...server.received.values()].every((n) => n === perChain),
    line,
  );
  assert.ok(server.connections() < total, `connections were kept and reused: ${line}`);
}

describe('reliability: idle keep-alive connections closed before the server closes them', function () {
  this.timeout(180000);
  afterEach(() => resetHooks());

  it("the idle time: the server's Keep-Alive timeout less 1 s (0: not kept), else the default", () => {
    assert.strictEqual(idleMs(undefined, 4000), 4000);
    assert.strictEqual(idleMs('timeout=5', 4000), 5000 - KEEP_ALIVE_MARGIN_MS);
    assert.strictEqual(idleMs('max=100, timeout=2', 4000), 1000);
    assert.strictEqual(idleMs('Timeout = 30', 4000), 29000);
    assert.strictEqual(idleMs('timeout=1', 4000), 0);
    assert.strictEqual(idleMs('timeout=0', 4000), 0);
    assert.strictEqual(idleMs('timeout=86400', 4000), MAX_IDLE_MS);
    assert.strictEqual(idleMs('max=5', 4000), 4000);
    assert.strictEqual(idleMs(['timeout=5'], 4000), 4000);
  });

  it(`no hint: the server closes idle connections at 200 ms, ours at 150 ms (the default, shortened): ${size(1000, 1000)} preset-add at both boundaries, none failed`, async () => {
    const started = Date.now();
    hooks.keepAliveIdleMs = 150;
    const server = await apiServer(200);
    const chains = 25;
    const perChain = size(1000, 1000) / chains;
    try {
      check('no hint', server, chains, perChain, await run(server, chains, perChain, [200, 150, 200]), started);
    } finally {
      await server.close();
    }
  });

  it(`Keep-Alive: timeout=2 and closed at 2 s: ${size(1000, 100)} preset-add at 2 s and 1 s idle, none failed`, async () => {
    const started = Date.now();
    const server = await apiServer(2000, 2);
    // Each request follows an idle gap of 1 or 2 s whatever the number of chains: at full counts
    // 100 cameras of 10 requests each (15 s) rather than 25 of 40 (60 s of waiting).
    const chains = size(100, 25);
    const perChain = size(1000, 100) / chains;
    try {
      check('timeout=2', server, chains, perChain, await run(server, chains, perChain, [2000, 1000]), started);
    } finally {
      await server.close();
    }
  });
});
