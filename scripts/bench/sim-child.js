#!/usr/bin/env node
'use strict';
// One simulator in a child process of the benchmark, so that its CPU time is not counted in the
// measured process. It answers the benchmark over the IPC channel:
//   {id, cmd: 'stats'}            -> {id, connectionsOpened, cpuUs}
//   {id, cmd: 'log', paths: [..]} -> {id, entries: [{time, path, code, fields}]} (only those paths)
//   {id, cmd: 'clearLog'}         -> {id}
//   {id, cmd: 'loopDelay', on}    -> {id, p50Ms, p99Ms, maxMs} (event-loop delay since on: true)
// Argument: JSON {latencyMs, keyFile?, certFile?, keepAliveTimeoutMs?}.
const fs = require('fs');
const path = require('path');
const { monitorEventLoopDelay } = require('perf_hooks');

const root = path.resolve(__dirname, '..', '..');
const opts = JSON.parse(process.argv[2] || '{}');

async function main() {
  const modPath = process.env.EZVIZ_BENCH_SIM_MODULE || path.join(root, 'dist', 'simulator');
  const { startSimulator } = require(modPath);
  const tls = opts.keyFile ? { key: fs.readFileSync(opts.keyFile), cert: fs.readFileSync(opts.certFile) } : undefined;
  const sim = await startSimulator({ port: 0, tls, latencyMs: opts.latencyMs || 0 });
  let loop = null;
  process.on('message', (m) => {
    if (!m || typeof m !== 'object') return;
    let reply;
    switch (m.cmd) {
      case 'stats': {
        const c = process.cpuUsage();
        reply = { connectionsOpened: sim.connectionsOpened, cpuUs: c.user + c.system };
        break;
      }
      case 'log': {
        const want = new Set(m.paths || []);
        reply = {
          entries: sim
            .requestLog()
            .filter((e) => want.size === 0 || want.has(e.path))
            .map((e) => ({ time: e.time, path: e.path, code: e.code, fields: e.fields })),
        };
        break;
      }
      case 'loopDelay':
        if (m.on) {
          loop = monitorEventLoopDelay({ resolution: 5 });
          loop.enable();
          reply = {};
        } else {
          loop.disable();
          reply = {
            p50Ms: loop.percentile(50) / 1e6 - 5,
            p99Ms: loop.percentile(99) / 1e6 - 5,
            maxMs: loop.max / 1e6 - 5,
          };
        }
        break;
      case 'clearLog':
        sim.clearLog();
        reply = {};
        break;
      default:
        reply = { error: `unknown command ${m.cmd}` };
    }
    process.send({ id: m.id, ...reply });
  });
  const stop = () => {
    Promise.resolve(sim.close()).finally(() => process.exit(0));
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.send({ id: 0, ready: true, url: sim.url });
}

main().catch((err) => {
  console.error(`bench simulator: ${err && err.stack ? err.stack : err}`);
  process.exit(1);
});
