// Bad configuration (docs/reliability.md). A missing config node, empty credentials, malformed base URLs,
// a base URL that answers HTML (or never answers), timeouts of 0 or strings: every message gets
// one clear error, the status says what is wrong, nothing crashes, and no request goes anywhere
// it should not (a catch-all local server and the simulator count what reaches them).

import { statusWithArgs } from '../../runtime/i18n/status-keys';
import assert from 'assert';
import http from 'http';
import fc from 'fast-check';
import type { AddressInfo } from 'net';
import { CATALOG_NS } from '../../runtime/i18n/i18n';
import { OPERATIONS, OperationName } from '../../client/operations/operations';
import type { Simulator } from '../../simulator';
import {
  buildFlow,
  ConfigProps,
  Creds,
  fastRetries,
  helper,
  load,
  Msg,
  resetHooks,
  run,
  simulatorPerSuite,
  startSim,
  stopSim,
  text,
  unload,
} from '../support/red';
import { countOutcome, scanSaid, section, SEED, size, summary, takeTrapped, trapProcess } from './support';

interface CatchAll {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

/** A local server that answers every request with `reply` (or never, for 'hang') and counts them. */
function catchAll(reply: 'html' | 'hang'): Promise<CatchAll> {
  const hits: string[] = [];
  const sockets = new Set<import('net').Socket>();
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    if (reply === 'hang') return;
    const body = '<!DOCTYPE html><html><head><title>Welcome</title></head><body>It works</body></html>';
    res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        hits,
        close: () =>
          new Promise<void>((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    });
  });
}

interface Case {
  name: string;
  config?: (c: { sim: string; html: string; hang: string }) => ConfigProps | null;
  creds?: Creds;
  /** Expected error of every message. */
  code: string;
  source: string;
  /** A catalog key (translated when the test runs) or a pattern. */
  message?: { key: string } | RegExp;
  /** Expected status text of the operation node after a message (a catalog key or the code). */
  status?: { key: string } | string;
  /** Requests the catch-all servers may receive per message (a function: per operation). */
  htmlHits?: number | ((op: OperationName) => number);
  hangHits?: number;
}

const PAYLOAD: Record<string, unknown> = {
  deviceSerial: 'C00000001',
  channelNo: 1,
  direction: 'up',
  speed: 'slow',
  command: 'center',
  index: 1,
  cardPassword: 'CARD-VALID-0003',
};

const OPS = Object.keys(OPERATIONS) as OperationName[];

const CASES: Case[] = [
  {
    name: 'missing config node',
    config: () => null,
    code: 'NO_CONFIG',
    source: 'local',
    message: { key: 'errors.noConfig' },
    status: { key: 'status.noConfig' },
  },
  {
    name: 'no credentials at all',
    creds: {},
    code: 'NO_CREDENTIALS',
    source: 'local',
    message: { key: 'errors.noCredentials' },
    status: { key: 'status.noCredentials' },
  },
  {
    name: 'blank credentials',
    creds: { accessToken: '  ', appKey: '', appSecret: ' ' },
    code: 'NO_CREDENTIALS',
    source: 'local',
    status: { key: 'status.noCredentials' },
  },
  { name: 'an app key without its secret', creds: { appKey: 'demo-app-key' }, code: 'NO_CREDENTIALS', source: 'local' },
  ...[
    'not a url',
    'ftp://127.0.0.1/',
    'http://',
    '//127.0.0.1',
    'http://user:pw@127.0.0.1:1',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'http://[::1',
    'https://exa mple.com',
  ].map((baseUrl): Case => ({
    name: `malformed base URL ${JSON.stringify(baseUrl)}`,
    config: () => ({ baseUrl }),
    code: 'INVALID_CONFIG',
    source: 'local',
    message: { key: 'errors.baseUrl' },
    status: { key: 'status.code.INVALID_CONFIG' },
  })),
  // A base URL that is not text (a flow file edited by hand) is malformed too: it must not fall
  // back to the production host.
  ...[12345, true, { url: 'http://127.0.0.1:1' }, ['http://127.0.0.1:1']].map((baseUrl): Case => ({
    name: `base URL of type ${Array.isArray(baseUrl) ? 'array' : typeof baseUrl}`,
    config: () => ({ baseUrl: baseUrl as never }),
    code: 'INVALID_CONFIG',
    source: 'local',
    message: { key: 'errors.baseUrl' },
    status: { key: 'status.code.INVALID_CONFIG' },
  })),
  ...[0, '0', 'abc', '5s', -1, 99, 120001, '1e4', 1.5, '  ']
    .filter((t) => t !== '  ')
    .map((timeout): Case => ({
      name: `timeout ${JSON.stringify(timeout)}`,
      config: ({ sim }) => ({ baseUrl: sim, timeout }),
      code: 'INVALID_CONFIG',
      source: 'local',
      message: /timeout/,
    })),
  {
    name: 'maxRetries "many"',
    config: ({ sim }) => ({ baseUrl: sim, maxRetries: 'many' }),
    code: 'INVALID_CONFIG',
    source: 'local',
    message: /maxRetries/,
  },
  {
    name: 'retryDelay -5',
    config: ({ sim }) => ({ baseUrl: sim, retryDelay: -5 }),
    code: 'INVALID_CONFIG',
    source: 'local',
    message: /retryDelay/,
  },
  // a non-JSON 2xx is retriable: idempotent operations try once more (maxRetries 1)
  {
    name: 'a base URL that answers HTML (token)',
    config: ({ html }) => ({ baseUrl: html, maxRetries: 1, retryDelay: 0 }),
    code: 'HTTP_200',
    source: 'http',
    message: /not JSON/,
    htmlHits: (op) => (OPERATIONS[op].idempotent ? 2 : 1),
  },
  {
    name: 'a base URL that answers HTML (app key: token request)',
    config: ({ html }) => ({ baseUrl: html, maxRetries: 1, retryDelay: 0 }),
    creds: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' },
    code: 'HTTP_200',
    source: 'http',
    // token economy (docs/behaviour.md section 8): one token request per 30 s; the later messages get its failure
    message: /access token.*not JSON/,
    status: 'HTTP_200',
    htmlHits: (op) => (op === OPS[0] ? 1 : 0),
  },
  ...[
    ['with a query', '?region=cn'],
    ['with a fragment', '#main'],
  ].map(([what, tail]): Case => ({
    name: `base URL ${what} (requests would leave the API paths)`,
    config: ({ html }) => ({ baseUrl: html + tail }),
    code: 'INVALID_CONFIG',
    source: 'local',
    message: { key: 'errors.baseUrl' },
  })),
  {
    name: 'a base URL that never answers',
    config: ({ hang }) => ({ baseUrl: hang, timeout: 150, maxRetries: 0 }),
    code: 'ETIMEDOUT',
    source: 'network',
    message: /150 ms/,
    hangHits: 1,
  },
];

describe('reliability: bad configuration', function () {
  this.timeout(30000);
  let sim: Simulator;
  let html: CatchAll;
  let hang: CatchAll;
  // (Set when the suite starts, not when mocha loads the file: other files run in between.)
  let started = 0;
  let messages = 0;
  // Retries wait at once, each wait recorded (a capture's retry waits its 4 s spacing: asked, not slept).
  let sleeps: number[] = [];

  before(async () => {
    started = Date.now();
    sleeps = fastRetries().sleeps;
    trapProcess();
    takeTrapped();
    sim = await startSim();
    html = await catchAll('html');
    hang = await catchAll('hang');
  });
  after(async () => {
    resetHooks();
    await stopSim(sim);
    await html.close();
    await hang.close();
    section('bad config', started, `${CASES.length} configurations x ${OPS.length} operations, ${messages} messages`);
  });
  afterEach(async () => {
    await unload();
  });

  for (const c of CASES) {
    it(`${c.name}: one clear error per message (${c.code}), status, nothing sent elsewhere`, async () => {
      const urls = { sim: sim.url, html: html.url, hang: hang.url };
      const cfg = c.config ? c.config(urls) : {};
      html.hits.length = 0;
      hang.hits.length = 0;
      sim.clearLog();
      // Every operation node on one config node (or on none).
      const flows = OPS.map((op) => buildFlow(op, sim.url, { config: cfg ?? {}, creds: c.creds, withCatch: true }));
      const flow = flows[0].flow.filter((n) => !String(n.type).startsWith('ezviz-') || n.type === 'ezviz-config');
      OPS.forEach((op, i) => {
        const opNode = flows[i].flow.find((n) => n.id === 'op')!;
        flow.push({ ...opNode, id: op, config: cfg === null ? 'nowhere' : 'cfg' });
      });
      if (cfg === null)
        flow.splice(
          flow.findIndex((n) => n.id === 'cfg'),
          1,
        );
      await load(flow, flows[0].credentials);
      for (const op of OPS) {
        const before = html.hits.length + hang.hits.length;
        sleeps.length = 0;
        const { port, msg } = await run({ payload: { ...PAYLOAD } }, op, 5000);
        messages++;
        summary.messages++;
        countOutcome(`config:${port}`);
        assert.strictEqual(port, 'err', `${op}: ${JSON.stringify(msg.ezviz)}`);
        const e = msg.error as Msg;
        assert.strictEqual(e.code, c.code, `${op}: ${JSON.stringify(e)}`);
        assert.strictEqual(e.source, c.source);
        // A ptz-start without an answer may have moved the camera (docs/behaviour.md section 8): a preset call
        // then sends a stop first, and that stop's failure is the error.
        assert.ok(e.operation === op || (op === 'preset-call' && e.operation === 'ptz-stop'), `${op}: ${e.operation}`);
        if (c.message instanceof RegExp) assert.ok(c.message.test(e.message), `${op}: ${e.message}`);
        else if (c.message) assert.strictEqual(e.message, text(c.message.key));
        const n = helper.getNode(op) as unknown as { status: { args: unknown[][]; thisValues: unknown[] } };
        const own = n.status.args
          .filter((_a, k) => n.status.thisValues[k] === n)
          .map((a) => a[0] as { fill: string; text: string });
        assert.ok(own.length, `${op}: a status`);
        const last = own[own.length - 1];
        assert.strictEqual(last.fill, 'red', `${op}: ${JSON.stringify(last)}`);
        // Status texts are full catalog keys (the editor translates them), or "error (code)".
        if (c.status) {
          assert.strictEqual(
            last.text,
            typeof c.status === 'string'
              ? statusWithArgs('error', { code: c.status })
              : `${CATALOG_NS}:${c.status.key}`,
          );
        }
        const hits = html.hits.length + hang.hits.length - before;
        const htmlHits = typeof c.htmlHits === 'function' ? c.htmlHits(op) : (c.htmlHits ?? 0);
        assert.strictEqual(hits, htmlHits + (c.hangHits ?? 0), `${op}: requests ${JSON.stringify(html.hits)}`);
        // Each retry waited its back-off (retryDelay 0 here) or a capture's spacing, whichever is longer.
        for (const ms of sleeps) assert.strictEqual(ms, OPERATIONS[op].spacingMs ?? 0, `${op}: waited ${ms} ms`);
      }
      assert.deepStrictEqual(sim.requestLog(), [], 'nothing reached the simulator');
      for (const h of [...html.hits, ...hang.hits]) {
        assert.ok(/^POST \/api\/lapp\//.test(h), `only API paths: ${h}`);
      }
      const scan = scanSaid();
      assert.deepStrictEqual(scan.hits, []);
      assert.deepStrictEqual(scan.foreignErrors, []);
      assert.deepStrictEqual(takeTrapped(), []);
    });
  }
});

describe('reliability: generated config node settings', function () {
  this.timeout(0);
  let sim: Simulator;
  simulatorPerSuite((s) => {
    sim = s;
  });

  const RUNS = size(1000, 150);
  const LIMIT: Record<string, [number, number]> = {
    timeout: [100, 120000],
    maxRetries: [0, 10],
    retryDelay: [0, 60000],
  };
  /** A setting as the config node must read it: undefined = invalid, 'default' when left empty. */
  function expectSetting(name: string, v: unknown): number | 'default' | undefined | 'either' {
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) return 'default';
    if (Array.isArray(v)) return 'either'; // (String([5]) is "5": lenient either way)
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[0-9]+\s*$/.test(v) ? Number(v) : NaN;
    const [min, max] = LIMIT[name];
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  }

  it(
    `${RUNS} generated settings (any JSON value for baseUrl, timeout, maxRetries, retryDelay): a config error ` +
      'or a request to the configured server, nothing else',
    async () => {
      const started = Date.now();
      const json = fc.oneof(
        fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', ' ', 'abc', [], {}, [500], '1e3', '0x10', 2 ** 31),
        fc.integer({ min: -10, max: 200000 }),
        fc.string({ maxLength: 8 }),
        fc.jsonValue({ maxDepth: 2 }),
      );
      const settings = fc.record(
        {
          baseUrl: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('SIM', 'SIM/', ' SIM ', 'SIM//') },
            { weight: 1, arbitrary: json },
          ),
          timeout: fc.oneof(
            { weight: 3, arbitrary: fc.integer({ min: 100, max: 5000 }) },
            { weight: 2, arbitrary: json },
          ),
          maxRetries: fc.oneof(
            { weight: 3, arbitrary: fc.integer({ min: 0, max: 10 }) },
            { weight: 1, arbitrary: json },
          ),
          retryDelay: fc.oneof(
            { weight: 3, arbitrary: fc.integer({ min: 0, max: 50 }) },
            { weight: 1, arbitrary: json },
          ),
        },
        { requiredKeys: [] },
      );
      let valid = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(settings, async (raw) => {
          const cfg = { ...raw } as Record<string, unknown>;
          if (typeof cfg.baseUrl === 'string') cfg.baseUrl = cfg.baseUrl.replace('SIM', sim.url);
          // (An empty base URL means the production server: not generated here.)
          if (
            cfg.baseUrl === undefined ||
            cfg.baseUrl === null ||
            (typeof cfg.baseUrl === 'string' && !cfg.baseUrl.trim())
          ) {
            cfg.baseUrl = sim.url;
          }
          const { flow, credentials } = buildFlow('storage-info', sim.url, { config: {} });
          const node = flow.find((n) => n.id === 'cfg')!;
          for (const k of ['baseUrl', 'timeout', 'maxRetries', 'retryDelay']) {
            if (k in cfg) node[k] = cfg[k];
            else delete node[k];
          }
          await load(flow, credentials);
          sim.clearLog();
          const { port, msg } = await run({ payload: { deviceSerial: 'C00000001' } }, 'op', 8000);
          const baseOk = typeof cfg.baseUrl === 'string' && cfg.baseUrl.trim().replace(/\/+$/, '') === sim.url;
          const each = ['timeout', 'maxRetries', 'retryDelay'].map((k) => expectSetting(k, cfg[k]));
          const log = sim.requestLog();
          const text = JSON.stringify(msg.error ?? msg.ezviz);
          assert.ok(!/open\.ys7\.com|ezvizlife/.test(text), `a request to the production host: ${text}`);
          if (each.includes('either')) {
            assert.ok(port === 'ok' || msg.error.code === 'INVALID_CONFIG', text);
          } else if (baseOk && each.every((e) => e !== undefined)) {
            valid++;
            assert.strictEqual(port, 'ok', `${JSON.stringify(cfg)}: ${text}`);
            assert.strictEqual(log.length, 1);
          } else {
            refused++;
            assert.strictEqual(port, 'err', `${JSON.stringify(cfg)} accepted`);
            assert.strictEqual(msg.error.code, 'INVALID_CONFIG', `${JSON.stringify(cfg)}: ${text}`);
            assert.deepStrictEqual(log, []);
          }
          summary.messages++;
          countOutcome(`config:${port}`);
          assert.deepStrictEqual(scanSaid().hits, []);
          await unload();
          assert.deepStrictEqual(takeTrapped(), []);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      section('config fuzz', started, `${RUNS} generated configurations, ${valid} valid, ${refused} refused`);
      assert.ok(valid > 0 && refused > 0);
      await load([{ id: 'tab1', type: 'tab' }]); // afterEach unloads
    },
  );
});
