'use strict';
// The benchmark's load generator (measure.js): n requests at a concurrency, measured in chunks
// (wall time, this process's CPU, the simulator's CPU and connections, peak RSS), and a cell's
// summary row.

const { performance } = require('perf_hooks');
const { quantile, round } = require('./stats');
const { CONF, cpuUs, sleep, mb } = require('./conf');

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
        (err) => settle(i, t0, err),
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
    transport,
    concurrency,
    scenario,
    latencyMs,
    lat: [],
    requests: 0,
    failures: 0,
    firstFailure: null,
    wallMs: 0,
    cpuUs: 0,
    simCpuUs: 0,
    connections: 0,
    warmupConnections: 0,
    peakRss: 0,
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
  cell.chunks.push({
    warmup: warm,
    requests: n,
    wallMs: round(wall, 1),
    cpuUs: cpu,
    connections: conns,
    failures: failures.length,
  });
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
module.exports = { drive, newCell, runChunk, describeFailure, summarize };
