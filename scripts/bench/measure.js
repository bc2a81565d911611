'use strict';
// The measured process of `npm run bench` (started by scripts/bench/index.js with --expose-gc and
// NODE_EXTRA_CA_CERTS naming the run's self-signed certificate). The simulators run in child
// processes (sim-child.js); Node-RED runs embedded in this process. See docs/performance.md.
//
// The scenarios (A, S, K, B, C, C+, A+hop, C18), the zero-latency cells and the groups: cells.js.
//
// Options: --quick (small counts), --floor (only the zero-latency cells), --live (only the live
// address cell: 10 concurrent asks and 50 messages for one camera cost one address request).
//
// Parts: conf.js (options, counts, paths), cells.js (the scenario cells), runtime.js (the
// embedded Node-RED), flows.js (its flow), load.js (the load generator and a cell's summary),
// probes.js (token, live, timed-stop and memory measurements), ratios.js and targets.js (pure:
// ratios and targets), report.js (the printed tables), sim-process.js (the simulators in child
// processes).

const fs = require('fs');
const os = require('os');
const path = require('path');
const { round } = require('./stats');
const { root, quick, floorOnly, liveOnly, tlsDir, hasTls, CONF, log, gc, mb } = require('./conf');
const { SimChild } = require('./sim-process');
const { startRuntime, inject, nodeOk, diyOk, packageClient, strays } = require('./runtime');
const { buildFlows } = require('./flows');
const { drive } = require('./load');
const { makeSenders, floorCells, latencyCells } = require('./cells');
const { tokenTest, liveTest, timedMoveTest, memoryTest } = require('./probes');
const { floorRatio } = require('./ratios');
const { latencyRatios, floorTargets, latencyTargets, liveTargets } = require('./targets');
const { print } = require('./report');

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

async function startSimulators() {
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
  return sims;
}

/** Token, timed-stop and memory measurements, each after a full GC, so that none pays for the
 * garbage of the one before. */
async function probes(rt, sims) {
  await gc();
  log('token: 1000 concurrent messages on a cold token cache');
  const token = await tokenTest(rt, sims.http);
  await gc();
  log(`timed moves: ${CONF.timedMoves} ptz-start moves with duration`);
  const timedStop = await timedMoveTest(rt, sims.http);
  await gc();
  log(`memory: ${CONF.memMessages} messages through one ezviz-storage-info node`);
  const memory = await memoryTest(rt, sims.mem);
  return { token, timedStop, memory };
}

async function main() {
  const started = Date.now();
  const meta = { date: new Date().toISOString(), quick, config: CONF, machine: machine(), notes: [] };
  if (!hasTls) meta.notes.push('no certificate (openssl missing?): HTTPS cells skipped');
  const nodesAvailable = fs.existsSync(path.join(root, 'dist', 'nodes', 'ezviz-storage-info', 'ezviz-storage-info.js'));
  if (!nodesAvailable) meta.notes.push('dist/nodes/ezviz-storage-info missing: B and the node measurements skipped');
  const sims = await startSimulators();
  const urls = Object.fromEntries(Object.entries(sims).map(([k, s]) => [k, s.url]));
  log(
    `simulators: ${Object.entries(urls)
      .map(([k, u]) => `${k} ${u}`)
      .join(', ')}`,
  );
  const { flows, creds } = buildFlows(urls, nodesAvailable);
  const rt = await startRuntime(flows, creds);
  const senders = makeSenders(rt, urls, nodesAvailable);

  const floor = liveOnly ? [] : await floorCells(rt, sims, senders, nodesAvailable, meta);
  const floorRatios = floor.length ? CONF.concurrencies.map((c) => floorRatio(floor, c)) : [];
  const full = !floorOnly && !liveOnly;
  const cells = full ? await latencyCells(sims, senders) : [];
  const ratios = nodesAvailable && full ? latencyRatios(cells, CONF.transports, CONF.concurrencies) : [];
  let live = null;
  if (nodesAvailable) {
    log(`live addresses: ${CONF.liveConcurrent} concurrent asks and ${CONF.liveMessages} messages for one camera`);
    live = await liveTest(rt, sims.http);
  }
  const { token = null, timedStop = null, memory = null } = nodesAvailable && full ? await probes(rt, sims) : {};

  const simCpu = {};
  for (const [k, s] of Object.entries(sims)) simCpu[k] = round((await s.stats()).cpuUs / 1e6, 2);
  await rt.stop().catch(() => {});
  for (const s of Object.values(sims)) await s.stop();

  const targets = floorTargets(floorRatios);
  if (nodesAvailable && full)
    targets.push(...latencyTargets({ cells, ratios, token, memory, timedStop, conf: CONF, hasTls }));
  const failures = [...floor, ...cells].reduce((n, c) => n + c.failures, 0);
  if (failures) meta.notes.push(`${failures} requests failed in the scenario cells (see firstFailure)`);
  if (strays()) meta.notes.push(`${strays()} messages reached a sink without a pending request`);
  meta.machine.loadavgAtEnd = os.loadavg().map((x) => round(x, 2));
  meta.durationSec = round((Date.now() - started) / 1000, 1);
  meta.peakRssProcessMB = mb(process.resourceUsage().maxRSS * 1024);
  meta.simulatorCpuSec = simCpu;
  if (live) targets.push(...liveTargets(live));
  const result = {
    meta,
    floor: { latencyMs: 0, transport: 'http', cells: floor, ratios: floorRatios },
    cells,
    ratios,
    token,
    timedStop,
    memory,
    live,
    targets,
  };
  fs.writeFileSync(path.join(root, 'bench-results.json'), JSON.stringify(result, null, 2) + '\n');
  print(result);
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(`bench: failed: ${err && err.stack ? err.stack : err}`);
      process.exit(1);
    },
  );
}

// For profile.js, which runs one scenario alone on the same parts.
module.exports = { buildFlows, startRuntime, drive, inject, nodeOk, diyOk, SimChild, packageClient };
