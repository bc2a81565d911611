'use strict';
// The measured process of `npm run bench` (started by scripts/bench/index.js with --expose-gc and
// NODE_EXTRA_CA_CERTS naming the run's self-signed certificate). The simulators run in child
// processes (sim-child.js); Node-RED runs embedded in this process. See docs/performance.md.
//
//   A   bare axios POST with a keep-alive agent
//   S   the same axios call inside the simplest Node-RED node (post, parse, send; the bench-simple
//       node type of runtime-nodes/, registered only here): the floor of a node
//   K   (zero-latency cells only, reference) the package's HTTP client alone (EzvizClient.post of
//       dist/nodes/shared/wire/client.js), no Node-RED: with A and S it splits B's CPU into Node-RED's
//       messaging (S - A), the client (K - A) and the rest of the package (B - S - (K - A))
//   B   the same request through an ezviz-storage-info node
//   C   DIY flow: function node (form body) -> core http request node (keep-alive off, returns
//       a parsed JSON object)
//   C+  the same DIY flow with the http request node's keep-alive option on
//   A+hop (reference, concurrency 32) A plus one message hop; see EXTRA below
//   C18 (reference, no target; concurrency 32, after the interleaved groups, since it shares
//       http(s).globalAgent with C) the DIY flow as it runs on Node 18, whose global agent does not
//       keep connections alive: with keep-alive off every request opens a connection (and a TLS
//       handshake). On Node >= 19 the global agent keeps them alive, so C reuses connections.
//       Emulated with a `connection: close` request header.
//
// Zero-latency cells ("floor", run first): A, S and B against a simulator that answers at once,
// over plain HTTP, at concurrency 1 and 32, so that the package's own CPU shows. What counts there
// is CPU time per request of this process (process.cpuUsage(), not wall time): B/S is the cost of
// the package over the simplest node, S/A the cost of Node-RED's messaging over bare axios.
//
// Groups (concurrency x transport) run one after another; inside a group the scenarios run in
// rounds, in an order rotated every round, so drift and the load of a shared machine hit all of
// them alike.
//
// Options: --quick (small counts), --floor (only the zero-latency cells), --live (only the live
// address cell: 10 concurrent asks and 50 messages for one camera cost one address request).

const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const https = require('https');
const { performance, monitorEventLoopDelay } = require('perf_hooks');
const { quantile, round, table } = require('./stats');

const root = path.resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const floorOnly = args.includes('--floor');
const liveOnly = args.includes('--live');
const tlsDir = process.env.EZVIZ_BENCH_TLS_DIR || '';
const hasTls = Boolean(tlsDir && fs.existsSync(path.join(tlsDir, 'cert.pem')));

const CONF = {
  latencyMs: 20,
  // Rounds per concurrency: short chunks keep each pool's idle gap (the other scenarios' chunks)
  // under the simulator's keep-alive timeout (5 s, Node's default), so no pool is closed between
  // its chunks.
  rounds: { 1: quick ? 2 : 8, 32: quick ? 2 : 8 },
  // requests per cell over all rounds (measured), and warm-up requests per cell
  perCell: { 1: quick ? 40 : 400, 32: quick ? 320 : 3200 },
  warmup: { 1: quick ? 10 : 30, 32: quick ? 64 : 320 },
  concurrencies: [1, 32],
  transports: hasTls ? ['http', 'https'] : ['http'],
  tokenMessages: 1000,
  // live addresses (docs/behaviour.md section 13): concurrent asks, then messages one by one, one camera
  liveConcurrent: 10,
  liveMessages: 50,
  timedMoves: quick ? 40 : 200,
  timedDurationsMs: [100, 150, 200],
  // PTZ cameras of the simulator's default state (serial, channel), moved side by side
  timedLanes: [['C00000001', 1], ['C0000000D', 1], ['C0000000F', 1], ['C0000000F', 2], ['C0000000F', 3], ['C0000000F', 4]],
  memWarmup: quick ? 2000 : 10000,
  memMessages: quick ? 10000 : 100000,
  memConcurrency: 32,
  // zero-latency cells: scenarios, rounds, measured requests per cell, warm-up requests per cell.
  // Many short rounds: on a shared machine the CPU time of the same work moves by half from one
  // second to the next, so the scenarios alternate often and are compared round by round.
  floor: {
    scenarios: ['A', 'S', 'B', 'K'],
    rounds: { 1: quick ? 4 : 40, 32: quick ? 4 : 30 },
    perCell: { 1: quick ? 400 : 4800, 32: quick ? 640 : 9600 },
    warmup: { 1: quick ? 100 : 500, 32: quick ? 320 : 1000 },
  },
};

const SERIAL = 'C00000001';
const TOKEN = 'at.demo-token';
const INFO_PATH = '/api/lapp/cloud/storage/device/info';
const TOKEN_PATH = '/api/lapp/token/get';
const PTZ_START = '/api/lapp/device/ptz/start';
const LIVE_PATH = '/api/lapp/v2/live/address/get';
const PTZ_STOP = '/api/lapp/device/ptz/stop';
const SCENARIOS = ['A', 'S', 'B', 'C', 'C+'];
// Interleaved with the five at concurrency 32, for reference (no target): A plus one setImmediate
// before the request counts as done, the delivery hop that any Node-RED node's output takes to
// the next node (B's output pays it, A does not).
const EXTRA = { 1: [], 32: ['A+hop'] };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (s) => process.stderr.write(`bench: ${s}\n`);
const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
const gc = async () => {
  if (!global.gc) return;
  for (let i = 0; i < 3; i++) {
    global.gc();
    await sleep(50);
  }
};
const mb = (bytes) => round(bytes / 1048576, 1);

const { SimChild } = require('./sim-process');

// ---------------------------------------------------------------- embedded Node-RED runtime

const pending = new Map();
const BODY = `accessToken=${encodeURIComponent(TOKEN)}&deviceSerial=${SERIAL}`;
let seqCounter = 0;
let strays = 0;
globalThis.__ezvizBenchSink = (msg, port) => {
  const done = pending.get(msg.benchSeq);
  if (!done) {
    strays++;
    return;
  }
  pending.delete(msg.benchSeq);
  done(port, msg);
};

function diyOk(port, msg) {
  return port === 'diy' && msg.statusCode === 200 && msg.payload && msg.payload.code === '200';
}
function nodeOk(port, msg) {
  return port === 'ok' && msg.payload && typeof msg.payload === 'object';
}

/** Sends one msg into `node` and resolves with check(port, msg) when a sink receives it. */
function inject(node, payload, check, extra = {}) {
  const seq = ++seqCounter;
  return new Promise((resolve) => {
    pending.set(seq, (port, msg) => resolve(check(port, msg) ? true : { port, msg }));
    node.receive({ ...extra, payload, benchSeq: seq });
  });
}

function buildFlows(urls, nodesAvailable, transports = CONF.transports) {
  const z = 'bench-tab';
  const flows = [
    { id: z, type: 'tab', label: 'bench' },
    { id: 'sink-ok', type: 'bench-sink', z, name: 'ok', wires: [] },
    { id: 'sink-err', type: 'bench-sink', z, name: 'err', wires: [] },
    { id: 'sink-diy', type: 'bench-sink', z, name: 'diy', wires: [] },
  ];
  const creds = {};
  const config = (id, baseUrl, cred) => {
    flows.push({ id, type: 'ezviz-config', name: `bench ${baseUrl}`, baseUrl, timeout: 10000, maxRetries: 3, retryDelay: 500 });
    creds[id] = cred;
  };
  const storageInfo = (id, cfg) =>
    flows.push({
      id, type: 'ezviz-storage-info', z, name: '', config: cfg,
      deviceSerial: SERIAL, deviceSerialType: 'str', phone: '', phoneType: 'str',
      channelNo: '', channelNoType: 'str', wires: [['sink-ok'], ['sink-err']],
    });
  const diy = (prefix, t, persist, close = false) => {
    flows.push({
      id: `${prefix}-fn-${t}`, type: 'function', z, name: 'form body',
      func: [
        "const token = 'at.demo-token';",
        close
          ? "msg.headers = { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' };"
          : "msg.headers = { 'content-type': 'application/x-www-form-urlencoded' };",
        "msg.payload = 'accessToken=' + encodeURIComponent(token) +",
        "  '&deviceSerial=' + encodeURIComponent('C00000001');",
        'return msg;',
      ].join('\n'),
      outputs: 1, timeout: 0, noerr: 0, initialize: '', finalize: '', libs: [],
      wires: [[`${prefix}-http-${t}`]],
    });
    flows.push({
      id: `${prefix}-http-${t}`, type: 'http request', z, name: '', method: 'POST', ret: 'obj',
      paytoqs: 'ignore', url: urls[t] + INFO_PATH, tls: '', persist, proxy: '',
      insecureHTTPParser: false, authType: '', senderr: false, headers: [],
      wires: [['sink-diy']],
    });
  };
  const simple = (id, baseUrl) =>
    flows.push({ id, type: 'bench-simple', z, name: '', url: baseUrl + INFO_PATH, body: BODY, wires: [['sink-ok'], ['sink-err']] });
  for (const t of transports) {
    if (nodesAvailable) {
      config(`cfg-${t}`, urls[t], { accessToken: TOKEN });
      storageInfo(`b-${t}`, `cfg-${t}`);
    }
    simple(`s-${t}`, urls[t]);
    diy('c', t, false);
    diy('cp', t, true);
    diy('c18', t, false, true);
  }
  simple('s-zero', urls.mem);
  if (nodesAvailable) {
    config('cfg-token', urls.http, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
    storageInfo('tok-node', 'cfg-token');
    config('cfg-mem', urls.mem, { accessToken: TOKEN });
    storageInfo('mem-node', 'cfg-mem');
    config('cfg-zero', urls.mem, { accessToken: TOKEN });
    storageInfo('b-zero', 'cfg-zero');
    // live addresses: two ezviz-live nodes on one config node (docs/behaviour.md section 13, one address per lifetime)
    config('cfg-live', urls.http, { accessToken: TOKEN });
    for (const id of ['live-node', 'live-node2']) {
      flows.push({ id, type: 'ezviz-live', z, name: '', config: 'cfg-live', deviceSerial: '', deviceSerialType: 'str',
        channelNo: '', channelNoType: 'num', protocol: 'hls', protocolType: 'protocol', expire: '3600', expireType: 'num',
        source: 'live', sourceType: 'source', wires: [['sink-ok'], ['sink-err']] });
    }
    config('cfg-ptz', urls.http, { accessToken: TOKEN });
    flows.push({
      id: 'ptz-node', type: 'ezviz-ptz-start', z, name: '', config: 'cfg-ptz',
      deviceSerial: '', deviceSerialType: 'str', channelNo: '', channelNoType: 'str',
      direction: '', directionType: 'str', speed: '', speedType: 'str',
      duration: '', durationType: 'str', wires: [['sink-ok'], ['sink-err']],
    });
  }
  return { flows, creds };
}

async function startRuntime(flows, creds) {
  const RED = require('node-red');
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-bench-'));
  fs.mkdirSync(path.join(userDir, 'node_modules'));
  // Installed as a user would have it: the package in the userDir's node_modules.
  fs.symlinkSync(root, path.join(userDir, 'node_modules', 'node-red-contrib-ezviz-open'), 'dir');
  fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(flows));
  fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify(creds));
  RED.init(http.createServer(), {
    userDir,
    flowFile: 'flows.json',
    credentialSecret: false,
    httpAdminRoot: false,
    httpNodeRoot: false,
    nodesDir: [path.join(__dirname, 'runtime-nodes')],
    logging: { console: { level: 'warn', metrics: false, audit: false } },
    externalModules: { autoInstall: false, palette: { allowInstall: false } },
    functionExternalModules: false,
    telemetry: { enabled: false },
    diagnostics: { enabled: false },
  });
  await RED.start();
  const ids = flows.filter((n) => n.type !== 'tab').map((n) => n.id);
  const deadline = Date.now() + 20000;
  while (!ids.every((id) => RED.nodes.getNode(id))) {
    if (Date.now() > deadline) {
      const missing = ids.filter((id) => !RED.nodes.getNode(id));
      throw new Error(`Node-RED did not start the bench flow (missing nodes: ${missing.join(', ')})`);
    }
    await sleep(50);
  }
  return {
    RED,
    node: (id) => RED.nodes.getNode(id),
    async stop() {
      await RED.stop();
      fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- load generator

/** Runs `n` calls of send(i) (a promise of true or a failure value), `conc` at a time. */
function drive(send, n, conc) {
  const lat = new Float64Array(n);
  const failures = [];
  let next = 0;
  let finished = 0;
  return new Promise((resolve) => {
    const launch = () => {
      const i = next++;
      const t0 = performance.now();
      send(i).then(
        (r) => settle(i, t0, r),
        (err) => settle(i, t0, err)
      );
    };
    const settle = (i, t0, r) => {
      lat[i] = performance.now() - t0;
      if (r !== true) failures.push(r);
      finished++;
      if (next < n) launch();
      else if (finished === n) resolve({ lat, failures });
    };
    for (let k = 0; k < Math.min(conc, n); k++) launch();
  });
}

function newCell(transport, concurrency, scenario, latencyMs = CONF.latencyMs) {
  return {
    transport, concurrency, scenario, latencyMs,
    lat: [], requests: 0, failures: 0, firstFailure: null,
    wallMs: 0, cpuUs: 0, simCpuUs: 0, connections: 0, warmupConnections: 0, peakRss: 0,
    chunks: [],
  };
}

/** One chunk of a cell: n requests at the cell's concurrency, measured. */
async function runChunk(cell, send, sim, n, warm) {
  const s0 = await sim.stats();
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    const r = process.memoryUsage.rss();
    if (r > peak) peak = r;
  }, 20);
  const c0 = cpuUs();
  const t0 = performance.now();
  const { lat, failures } = await drive(send, n, cell.concurrency);
  const wall = performance.now() - t0;
  const cpu = cpuUs() - c0;
  clearInterval(sampler);
  const s1 = await sim.stats();
  const conns = s1.connectionsOpened - s0.connectionsOpened;
  if (failures.length && !cell.firstFailure) cell.firstFailure = describeFailure(failures[0]);
  cell.chunks.push({ warmup: warm, requests: n, wallMs: round(wall, 1), cpuUs: cpu, connections: conns, failures: failures.length });
  cell.failures += failures.length;
  if (warm) {
    cell.warmupConnections += conns;
  } else {
    cell.lat.push(lat);
    cell.requests += n;
    cell.wallMs += wall;
    cell.cpuUs += cpu;
    cell.simCpuUs += s1.cpuUs - s0.cpuUs;
    cell.connections += conns;
    cell.peakRss = Math.max(cell.peakRss, peak);
  }
  await sim.clearLog();
  await sleep(50);
}

function describeFailure(f) {
  if (f instanceof Error) return `${f.code || ''} ${f.message}`.trim();
  if (f && f.msg) {
    const m = f.msg;
    return JSON.stringify({ port: f.port, statusCode: m.statusCode, error: m.error, payload: m.payload }).slice(0, 300);
  }
  return String(f).slice(0, 300);
}

function summarize(cell) {
  const all = [];
  for (const a of cell.lat) for (const v of a) all.push(v);
  const n = cell.requests;
  return {
    transport: cell.transport,
    concurrency: cell.concurrency,
    scenario: cell.scenario,
    latencyMs: cell.latencyMs,
    requests: n,
    failures: cell.failures,
    firstFailure: cell.firstFailure,
    requestsPerSec: round((n / cell.wallMs) * 1000, 1),
    msPerRequest: round(cell.wallMs / n, 3),
    p50Ms: round(quantile(all, 0.5), 2),
    p99Ms: round(quantile(all, 0.99), 2),
    cpuUsPerRequest: round(cell.cpuUs / n, 1),
    simCpuUsPerRequest: round(cell.simCpuUs / n, 1),
    connectionsOpened: cell.connections + cell.warmupConnections,
    connectionsOpenedMeasured: cell.connections,
    connectionsOpenedWarmup: cell.warmupConnections,
    peakRssMB: mb(cell.peakRss),
    chunks: cell.chunks,
  };
}

// ---------------------------------------------------------------- extra measurements

async function tokenTest(rt, sim) {
  await sim.clearLog();
  const node = rt.node('tok-node');
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: CONF.tokenMessages }, () => inject(node, {}, nodeOk))
  );
  const wallMs = performance.now() - t0;
  const entries = await sim.entries([TOKEN_PATH, INFO_PATH]);
  await sim.clearLog();
  const failures = results.filter((r) => r !== true);
  return {
    messages: CONF.tokenMessages,
    tokenRequests: entries.filter((e) => e.path === TOKEN_PATH).length,
    storageInfoRequests: entries.filter((e) => e.path === INFO_PATH).length,
    succeeded: CONF.tokenMessages - failures.length,
    firstFailure: failures.length ? describeFailure(failures[0]) : null,
    wallMs: round(wallMs, 1),
  };
}

/** docs/behaviour.md section 13: 10 concurrent asks (two nodes) and then 50 messages for one camera within one
 * address lifetime cost one address request; a forced refresh (msg.refresh) one more. */
async function liveTest(rt, sim) {
  await sim.clearLog();
  const nodes = [rt.node('live-node'), rt.node('live-node2')];
  const ask = (i, extra) => inject(nodes[i % 2], { deviceSerial: SERIAL, channelNo: 1 }, nodeUrl, extra);
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: CONF.liveConcurrent }, (_, i) => ask(i)));
  for (let i = 0; i < CONF.liveMessages; i++) results.push(await ask(i));
  const wallMs = performance.now() - t0;
  const requests = (await sim.entries([LIVE_PATH])).length;
  results.push(await ask(0, { refresh: true }));
  const afterRefresh = (await sim.entries([LIVE_PATH])).length;
  await sim.clearLog();
  const failures = results.filter((r) => r !== true);
  return {
    concurrentAsks: CONF.liveConcurrent,
    messages: CONF.liveMessages,
    addressRequests: requests,
    addressRequestsAfterRefresh: afterRefresh,
    succeeded: results.length - failures.length,
    firstFailure: failures.length ? describeFailure(failures[0]) : null,
    wallMs: round(wallMs, 1),
  };
}

function nodeUrl(port, msg) {
  return port === 'ok' && typeof msg.payload === 'string' && /\.m3u8\?/.test(msg.payload);
}

async function timedMoveTest(rt, sim) {
  await sim.clearLog();
  const node = rt.node('ptz-node');
  const failures = [];
  // Moves run one after another per camera, the cameras side by side (each camera has its own
  // queue in the config node, as with several cameras in a real flow).
  const requested = new Map(CONF.timedLanes.map((l) => [l.join('/'), []]));
  const lane = async (laneIndex) => {
    const [serial, channel] = CONF.timedLanes[laneIndex];
    await sleep(laneIndex * 17); // cameras out of step, as in real use
    for (let i = laneIndex, k = 0; i < CONF.timedMoves; i += CONF.timedLanes.length, k++) {
      const duration = CONF.timedDurationsMs[k % CONF.timedDurationsMs.length];
      // left and right in turns of equal length, so the camera stays inside its pan limits
      const direction = Math.floor(k / CONF.timedDurationsMs.length) % 2 === 0 ? 'left' : 'right';
      requested.get(`${serial}/${channel}`).push(duration);
      const r = await inject(node, { deviceSerial: serial, channelNo: channel, direction, speed: 'fast', duration }, nodeOk);
      if (r !== true) failures.push(describeFailure(r));
      // wait until the node's own stop has reached the simulator before the next move
      await sleep(duration + 3 * CONF.latencyMs + 40);
    }
  };
  // How late this process's timers ran meanwhile (a busy machine delays them all, ours too).
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  await sim.call('loopDelay', { on: true });
  await Promise.all(CONF.timedLanes.map((_, i) => lane(i)));
  loop.disable();
  const simLoop = await sim.call('loopDelay', { on: false });
  await sleep(200);
  const entries = (await sim.entries([PTZ_START, PTZ_STOP])).sort((a, b) => a.time - b.time);
  await sim.clearLog();
  const errors = [];
  let starts = 0;
  let stopsMissing = 0;
  for (const [key, wanted] of requested) {
    const mine = entries.filter((e) => `${e.fields.deviceSerial}/${e.fields.channelNo}` === key);
    let k = 0;
    for (let i = 0; i < mine.length; i++) {
      if (mine[i].path !== PTZ_START) continue;
      starts++;
      const want = wanted[k++];
      const stop = mine[i + 1];
      if (!stop || stop.path !== PTZ_STOP || mine[i].code !== '200') {
        stopsMissing++;
        continue;
      }
      errors.push(stop.time - mine[i].time - want);
    }
  }
  return {
    moves: CONF.timedMoves,
    cameras: CONF.timedLanes.map((l) => l.join('/')),
    durationsMs: CONF.timedDurationsMs,
    latencyMs: CONF.latencyMs,
    measuredAt: 'simulator request log (arrival times, ms): stop minus start, minus the requested duration',
    startsLogged: starts,
    stopsMissing,
    failures: failures.length,
    firstFailure: failures[0] || null,
    p50ErrorMs: round(quantile(errors, 0.5), 1),
    p90ErrorMs: round(quantile(errors, 0.9), 1),
    p99ErrorMs: round(quantile(errors, 0.99), 1),
    // the target is taken on the size of the error, early stops count as much as late ones
    p99AbsErrorMs: round(quantile(errors.map(Math.abs), 0.99), 1),
    errorsMs: errors,
    eventLoopDelayP50Ms: round(loop.percentile(50) / 1e6 - 5, 1),
    eventLoopDelayP99Ms: round(loop.percentile(99) / 1e6 - 5, 1),
    eventLoopDelayMaxMs: round(loop.max / 1e6 - 5, 1),
    simulatorEventLoopDelayP99Ms: round(simLoop.p99Ms, 1),
    simulatorEventLoopDelayMaxMs: round(simLoop.maxMs, 1),
    minErrorMs: errors.length ? round(Math.min(...errors), 1) : null,
    maxErrorMs: errors.length ? round(Math.max(...errors), 1) : null,
  };
}

async function memoryTest(rt, sim) {
  const node = rt.node('mem-node');
  const send = () => inject(node, {}, nodeOk);
  const run = async (n) => {
    let failures = 0;
    const chunk = 10000;
    for (let done = 0; done < n; done += chunk) {
      const r = await drive(send, Math.min(chunk, n - done), CONF.memConcurrency);
      failures += r.failures.length;
      await sim.clearLog(); // keep the simulator's log (in its own process) small
    }
    return failures;
  };
  await run(CONF.memWarmup);
  await gc();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const failures = await run(CONF.memMessages);
  const wallMs = performance.now() - t0;
  await gc();
  const after = process.memoryUsage();
  return {
    node: 'ezviz-storage-info',
    warmupMessages: CONF.memWarmup,
    messages: CONF.memMessages,
    concurrency: CONF.memConcurrency,
    simulatorLatencyMs: 0,
    gcForced: Boolean(global.gc),
    failures,
    requestsPerSec: round((CONF.memMessages / wallMs) * 1000, 0),
    rssBeforeMB: mb(before.rss),
    rssAfterMB: mb(after.rss),
    rssGrowthMB: mb(after.rss - before.rss),
    heapUsedBeforeMB: mb(before.heapUsed),
    heapUsedAfterMB: mb(after.heapUsed),
    heapGrowthMB: mb(after.heapUsed - before.heapUsed),
  };
}

/** The package's HTTP client, made as a config node makes it; null when it cannot be. */
function packageClient() {
  try {
    const { EzvizClient } = require(path.join(root, 'dist', 'nodes', 'shared', 'wire', 'client.js'));
    return new EzvizClient({ timeout: 10000 });
  } catch {
    return null;
  }
}

const { floorRatio, pairedMedian } = require('./ratios');

// ---------------------------------------------------------------- main

function machine() {
  const cpu = (fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) || [])[1];
  return {
    nproc: os.cpus().length,
    cpuModel: cpu || (os.cpus()[0] || {}).model,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    nodeRed: require('node-red/package.json').version,
    axios: require('axios/package.json').version,
    loadavgAtStart: os.loadavg().map((x) => round(x, 2)),
  };
}

async function main() {
  const started = Date.now();
  const meta = { date: new Date().toISOString(), quick, config: CONF, machine: machine(), notes: [] };
  if (!hasTls) meta.notes.push('no certificate (openssl missing?): HTTPS cells skipped');
  const nodesAvailable = fs.existsSync(path.join(root, 'dist', 'nodes', 'ezviz-storage-info', 'ezviz-storage-info.js'));
  if (!nodesAvailable) meta.notes.push('dist/nodes/ezviz-storage-info missing: B and the node measurements skipped');

  const sims = {};
  sims.http = await SimChild.start('http', { latencyMs: CONF.latencyMs });
  if (hasTls) {
    sims.https = await SimChild.start('https', {
      latencyMs: CONF.latencyMs,
      keyFile: path.join(tlsDir, 'key.pem'),
      certFile: path.join(tlsDir, 'cert.pem'),
    });
  }
  sims.mem = await SimChild.start('mem', { latencyMs: 0 });
  const urls = Object.fromEntries(Object.entries(sims).map(([k, s]) => [k, s.url]));
  log(`simulators: ${Object.entries(urls).map(([k, u]) => `${k} ${u}`).join(', ')}`);

  const { flows, creds } = buildFlows(urls, nodesAvailable);
  const rt = await startRuntime(flows, creds);
  const axios = require('axios');
  const client = axios.create({
    httpAgent: new http.Agent({ keepAlive: true }),
    httpsAgent: new https.Agent({ keepAlive: true }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const body = `accessToken=${encodeURIComponent(TOKEN)}&deviceSerial=${SERIAL}`;

  const senders = (t) => {
    const url = urls[t] + INFO_PATH;
    const s = {
      A: () => client.post(url, body).then((r) => (r.status === 200 && r.data && r.data.code === '200') || { msg: { payload: r.data } }),
      S: () => inject(rt.node(`s-${t}`), {}, nodeOk),
      'A+hop': () => s.A().then((ok) => new Promise((resolve) => setImmediate(() => resolve(ok)))),
      C: () => inject(rt.node(`c-fn-${t}`), {}, diyOk),
      'C+': () => inject(rt.node(`cp-fn-${t}`), {}, diyOk),
      C18: () => inject(rt.node(`c18-fn-${t}`), {}, diyOk),
    };
    if (nodesAvailable) s.B = () => inject(rt.node(`b-${t}`), {}, nodeOk);
    return s;
  };

  // One group: the scenarios `scen` at one concurrency against one simulator, warm-up first, then
  // rounds in rotated order. Returns the cells, one per scenario.
  const runGroup = async (label, scen, send, sim, conc, counts, latencyMs) => {
    const group = Object.fromEntries(scen.map((s) => [s, newCell(label.transport, conc, s, latencyMs)]));
    log(`${label.text} concurrency ${conc}: warm-up`);
    for (const s of scen) await runChunk(group[s], send[s], sim, counts.warmup[conc], true);
    const rounds = counts.rounds[conc];
    const perRound = Math.ceil(counts.perCell[conc] / rounds);
    for (let r = 0; r < rounds; r++) {
      const order = scen.map((_, i) => scen[(i + r) % scen.length]);
      log(`${label.text} concurrency ${conc}: round ${r + 1}/${rounds} (${order.join(' ')})`);
      for (const s of order) await runChunk(group[s], send[s], sim, perRound, false);
    }
    return scen.map((s) => summarize(group[s]));
  };

  // The zero-latency cells first: A, S and B against the simulator without latency.
  const floorCells = [];
  if (!liveOnly) {
    const send = senders('mem');
    send.S = () => inject(rt.node('s-zero'), {}, nodeOk);
    if (nodesAvailable) send.B = () => inject(rt.node('b-zero'), {}, nodeOk);
    const k = packageClient();
    if (k) {
      const url = urls.mem + INFO_PATH;
      send.K = () => k.post(url, { deviceSerial: SERIAL }, TOKEN)
        .then((o) => (o.ok && o.reply.code === '200') || { msg: { payload: o } });
    } else meta.notes.push('the package client (dist/nodes/shared/wire/client.js) could not be made: K skipped');
    const scen = CONF.floor.scenarios.filter((s) => send[s]);
    for (const conc of CONF.concurrencies) {
      floorCells.push(...await runGroup({ transport: 'http', text: 'zero latency, http' }, scen, send, sims.mem, conc, CONF.floor, 0));
    }
    if (k) k.close();
  }
  const floorRatios = floorCells.length ? CONF.concurrencies.map((c) => floorRatio(floorCells, c)) : [];

  const cells = [];
  if (!floorOnly && !liveOnly) {
    for (const conc of CONF.concurrencies) {
      for (const t of CONF.transports) {
        const send = senders(t);
        const scen = [...SCENARIOS, ...EXTRA[conc]].filter((s) => send[s]);
        cells.push(...await runGroup({ transport: t, text: t }, scen, send, sims[t], conc, CONF, CONF.latencyMs));
      }
    }

    for (const t of CONF.transports) {
      const cell = newCell(t, 32, 'C18');
      log(`${t} concurrency 32: C18 (reference)`);
      await runChunk(cell, senders(t).C18, sims[t], CONF.warmup[32], true);
      const rounds = CONF.rounds[32];
      for (let r = 0; r < rounds; r++) await runChunk(cell, senders(t).C18, sims[t], Math.ceil(CONF.perCell[32] / rounds), false);
      cells.push(summarize(cell));
    }
  }

  const find = (t, c, s) => cells.find((x) => x.transport === t && x.concurrency === c && x.scenario === s);
  const ratios = [];
  if (nodesAvailable && !floorOnly && !liveOnly) {
    for (const t of CONF.transports) {
      for (const c of CONF.concurrencies) {
        const [A, S, B, C, Cp] = SCENARIOS.map((s) => find(t, c, s));
        ratios.push({
          transport: t,
          concurrency: c,
          bOverA_timePerRequest: round(B.msPerRequest / A.msPerRequest, 3),
          bOverA_p50: round(B.p50Ms / A.p50Ms, 3),
          bOverA_cpuPerRequest: round(B.cpuUsPerRequest / A.cpuUsPerRequest, 2),
          bOverS_cpuPerRequest: round(B.cpuUsPerRequest / S.cpuUsPerRequest, 2),
          bOverC_throughput: round(B.requestsPerSec / C.requestsPerSec, 2),
          bOverCplus_throughput: round(B.requestsPerSec / Cp.requestsPerSec, 2),
        });
        // The same ratios taken round by round (adjacent chunks, so drift and load spikes hit both
        // alike), median over the rounds: a check on the whole-run ratios above.
        const paired = (x, y, f) => pairedMedian(x, y, (k) => k.wallMs / k.requests, f);
        Object.assign(ratios[ratios.length - 1], {
          roundMedian_bOverA_timePerRequest: paired(B, A, (b, a) => b / a),
          roundMedian_bOverC_throughput: paired(B, C, (b, cc) => cc / b),
          roundMedian_bOverCplus_throughput: paired(B, Cp, (b, cp) => cp / b),
        });
        const hop = find(t, c, 'A+hop');
        if (hop) {
          Object.assign(ratios[ratios.length - 1], {
            bOverAhop_timePerRequest: round(B.msPerRequest / hop.msPerRequest, 3),
            roundMedian_bOverAhop_timePerRequest: paired(B, hop, (b, a) => b / a),
          });
        }
        const c18 = find(t, c, 'C18');
        if (c18) ratios[ratios.length - 1].bOverC18_throughput = round(B.requestsPerSec / c18.requestsPerSec, 2);
      }
    }
  }

  let token = null;
  let timedStop = null;
  let memory = null;
  let live = null;
  if (nodesAvailable) {
    log(`live addresses: ${CONF.liveConcurrent} concurrent asks and ${CONF.liveMessages} messages for one camera`);
    live = await liveTest(rt, sims.http);
  }
  if (nodesAvailable && !floorOnly && !liveOnly) {
    // Each measurement starts after a full GC, so none pays for the garbage of the one before.
    await gc();
    log('token: 1000 concurrent messages on a cold token cache');
    token = await tokenTest(rt, sims.http);
    await gc();
    log(`timed moves: ${CONF.timedMoves} ptz-start moves with duration`);
    timedStop = await timedMoveTest(rt, sims.http);
    await gc();
    log(`memory: ${CONF.memMessages} messages through one ezviz-storage-info node`);
    memory = await memoryTest(rt, sims.mem);
  }

  const simCpu = {};
  for (const [k, s] of Object.entries(sims)) simCpu[k] = round((await s.stats()).cpuUs / 1e6, 2);
  await rt.stop().catch(() => {});
  for (const s of Object.values(sims)) await s.stop();

  const targets = [];
  for (const x of floorRatios) {
    if (x.roundMedian_bOverS_cpuPerRequest === null) continue;
    // The node's CPU per request within 1.10x of the simplest node's (issue 14), taken round by
    // round (paired chunks; the whole-run ratio is printed beside it): on a shared machine the CPU
    // time of the same work swings by 2x between chunks, and a few loaded chunks would otherwise
    // decide the whole-run ratio.
    targets.push({ target: `B/S CPU per request, zero latency, http c${x.concurrency} (per-round median)`,
      value: x.roundMedian_bOverS_cpuPerRequest, limit: '<= 1.10',
      pass: x.roundMedian_bOverS_cpuPerRequest <= 1.1 && x.bAndSClean, issue: 14 });
  }
  if (nodesAvailable && !floorOnly && !liveOnly) {
    const r = (t, c) => ratios.find((x) => x.transport === t && x.concurrency === c);
    // a target only holds when no request of the cells it compares failed
    const clean = (t, c) => SCENARIOS.every((s) => find(t, c, s).failures === 0);
    for (const t of CONF.transports) {
      for (const c of CONF.concurrencies) {
        targets.push({ target: `B/A time per request, ${t} c${c}`, value: r(t, c).bOverA_timePerRequest, limit: '<= 1.10', pass: r(t, c).bOverA_timePerRequest <= 1.1 && clean(t, c) });
      }
    }
    const tt = hasTls ? 'https' : 'http';
    const cOk = clean(tt, 32);
    targets.push({ target: `B/C throughput, ${tt} c32`, value: r(tt, 32).bOverC_throughput, limit: '>= 1.5', pass: r(tt, 32).bOverC_throughput >= 1.5 && cOk });
    targets.push({ target: `B/C+ throughput, ${tt} c32`, value: r(tt, 32).bOverCplus_throughput, limit: '>= 1.0', pass: r(tt, 32).bOverCplus_throughput >= 1.0 && cOk });
    for (const t of CONF.transports) {
      const b = find(t, 32, 'B');
      targets.push({ target: `B TCP connections, ${t} c32, whole run`, value: b.connectionsOpened, limit: '<= 32', pass: b.connectionsOpened <= 32 && b.failures === 0 });
    }
    targets.push({ target: 'token requests, 1000 messages, cold cache', value: token.tokenRequests, limit: '== 1', pass: token.tokenRequests === 1 && token.succeeded === token.messages });
    targets.push({ target: `RSS growth over ${CONF.memMessages} messages (MB)`, value: memory.rssGrowthMB, limit: '< 10', pass: memory.rssGrowthMB < 10 && memory.failures === 0 });
    targets.push({ target: 'timed-stop error p99 of |actual - requested| (ms)', value: timedStop.p99AbsErrorMs, limit: '< 15', pass: timedStop.p99AbsErrorMs !== null && timedStop.p99AbsErrorMs < 15 && timedStop.stopsMissing === 0 && timedStop.failures === 0 });
  }
  const failures = [...floorCells, ...cells].reduce((n, c) => n + c.failures, 0);
  if (failures) meta.notes.push(`${failures} requests failed in the scenario cells (see firstFailure)`);
  if (strays) meta.notes.push(`${strays} messages reached a sink without a pending request`);
  meta.machine.loadavgAtEnd = os.loadavg().map((x) => round(x, 2));
  meta.durationSec = round((Date.now() - started) / 1000, 1);
  meta.peakRssProcessMB = mb(process.resourceUsage().maxRSS * 1024);
  meta.simulatorCpuSec = simCpu;

  const floor = { latencyMs: 0, transport: 'http', cells: floorCells, ratios: floorRatios };
  if (live) {
    targets.push({ target: `live address requests, ${live.concurrentAsks} concurrent asks + ${live.messages} messages, one camera`,
      value: live.addressRequests, limit: '== 1', pass: live.addressRequests === 1 && live.succeeded === live.concurrentAsks + live.messages + 1 });
    targets.push({ target: 'live address requests after a forced refresh', value: live.addressRequestsAfterRefresh, limit: '== 2',
      pass: live.addressRequestsAfterRefresh === 2 });
  }
  const result = { meta, floor, cells, ratios, token, timedStop, memory, live, targets };
  fs.writeFileSync(path.join(root, 'bench-results.json'), JSON.stringify(result, null, 2) + '\n');
  print(result);
}

function print(res) {
  const cellRows = (cells) => {
    const rows = [['transport', 'conc', 'scen', 'req/s', 'p50 ms', 'p99 ms', 'cpu us/req', 'conns', 'peak RSS MB', 'fail']];
    for (const c of cells) {
      rows.push([c.transport, c.concurrency, c.scenario, c.requestsPerSec, c.p50Ms, c.p99Ms, c.cpuUsPerRequest, c.connectionsOpened, c.peakRssMB, c.failures]);
    }
    return rows;
  };
  const out = [];
  const m = res.meta.machine;
  out.push(`\nEZVIZ node benchmark: ${m.nproc} x ${m.cpuModel}, node ${m.node}, Node-RED ${m.nodeRed}`);
  out.push(`load average (1, 5, 15 min) at start ${m.loadavgAtStart.join(' ')}, at end ${m.loadavgAtEnd.join(' ')}; ${res.meta.durationSec} s`);
  if (res.floor && res.floor.cells.length) {
    out.push('\nzero latency (CPU per request of the Node-RED process is the measure; A bare axios, S simplest node, B storage-info node, K the package client alone):\n');
    out.push(table(cellRows(res.floor.cells)));
    out.push('');
    const fr = [['conc', 'S/A cpu', 'B/S cpu', 'B/A cpu', 'K/A cpu', 'per-round medians: S/A cpu', 'B/S cpu', 'B/S time',
      'B - A in us: Node-RED (S-A)', 'client (K-A)', 'rest']];
    for (const r of res.floor.ratios) {
      const sp = r.split_cpuUsPerRequest || {};
      fr.push([r.concurrency, r.sOverA_cpuPerRequest ?? '-', r.bOverS_cpuPerRequest ?? '-', r.bOverA_cpuPerRequest ?? '-',
        r.kOverA_cpuPerRequest ?? '-', r.roundMedian_sOverA_cpuPerRequest ?? '-', r.roundMedian_bOverS_cpuPerRequest ?? '-',
        r.bOverS_timePerRequest ?? '-', sp.nodeRed ?? '-', sp.client ?? '-', sp.rest ?? '-']);
    }
    out.push(table(fr));
  }
  if (res.cells.length) {
    out.push(`\nsimulator latency ${res.meta.config.latencyMs} ms:\n`);
    out.push(table(cellRows(res.cells)));
  }
  if (res.ratios.length) {
    out.push('');
    const rr = [['transport', 'conc', 'x', 'B/A time', 'B/A cpu', 'B/S cpu', 'B/C thr', 'B/C+ thr', 'B/C18 thr', 'B/(A+hop) time', 'per-round medians: B/A time', 'B/C', 'B/C+']];
    for (const r of res.ratios) {
      rr.push([r.transport, r.concurrency, '', r.bOverA_timePerRequest, r.bOverA_cpuPerRequest, r.bOverS_cpuPerRequest, r.bOverC_throughput,
        r.bOverCplus_throughput, r.bOverC18_throughput ?? '-', r.bOverAhop_timePerRequest ?? '-', r.roundMedian_bOverA_timePerRequest,
        r.roundMedian_bOverC_throughput, r.roundMedian_bOverCplus_throughput]);
    }
    out.push(table(rr));
  }
  if (res.token) out.push(`\ntoken requests for ${res.token.messages} concurrent messages (cold cache): ${res.token.tokenRequests} (${res.token.succeeded} succeeded)`);
  if (res.timedStop) {
    const t = res.timedStop;
    out.push(`timed-stop error (actual - requested) over ${t.moves} moves: p50 ${t.p50ErrorMs} ms, p99 ${t.p99ErrorMs} ms, ` +
      `p99 of |error| ${t.p99AbsErrorMs} ms (stops missing: ${t.stopsMissing}); event-loop delay meanwhile p99 ` +
      `${t.eventLoopDelayP99Ms} ms, max ${t.eventLoopDelayMaxMs} ms (simulator: p99 ${t.simulatorEventLoopDelayP99Ms} ms, ` +
      `max ${t.simulatorEventLoopDelayMaxMs} ms)`);
  }
  if (res.live) {
    const l = res.live;
    out.push(`live address requests for ${l.concurrentAsks} concurrent asks and ${l.messages} messages (one camera, one lifetime): ` +
      `${l.addressRequests}; after a forced refresh: ${l.addressRequestsAfterRefresh} (${l.succeeded} succeeded, ${l.wallMs} ms)`);
  }
  if (res.memory) out.push(`RSS over ${res.memory.messages} messages: ${res.memory.rssBeforeMB} -> ${res.memory.rssAfterMB} MB (${res.memory.rssGrowthMB} MB), heap ${res.memory.heapUsedBeforeMB} -> ${res.memory.heapUsedAfterMB} MB`);
  if (res.targets.length) {
    out.push('\ntargets (issues 6 and 14):');
    for (const t of res.targets) out.push(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.value} (${t.limit})`);
  }
  for (const n of res.meta.notes) out.push(`note: ${n}`);
  out.push('\nwritten: bench-results.json');
  console.log(out.join('\n'));
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(`bench: failed: ${err && err.stack ? err.stack : err}`);
      process.exit(1);
    }
  );
}

module.exports = { buildFlows, startRuntime, drive, inject, nodeOk, diyOk, SimChild, packageClient };
