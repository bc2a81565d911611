#!/usr/bin/env node
'use strict';
// Runs one scenario of the benchmark alone, over plain HTTP, for profiling:
//   node scripts/bench/profile.js B 32 20000 [latencyMs] [out.cpuprofile]
// Scenarios: A (bare axios), S (the simplest node), B (storage-info node), K (the package's client
// alone), C, C+ (see measure.js).
// With latency 0 this is one zero-latency cell of the benchmark.
// Prints requests/s and CPU time per request of this process (the simulator is a child process);
// with an output file, writes a V8 CPU profile of the measured window only (not start-up, not
// warm-up), to be opened in Chrome DevTools, and prints where its CPU went (profile-summary.js).
const fs = require('fs');
const http = require('http');
const inspector = require('inspector');
const { performance } = require('perf_hooks');
const { buildFlows, startRuntime, drive, SimChild, packageClient: makeClient } = require('./measure');
const { summarize, format } = require('./profile-summary');

async function main() {
  const [scenario = 'B', conc = '32', count = '20000', latency = '0', out] = process.argv.slice(2);
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  const sim = await SimChild.start('http', { latencyMs: Number(latency) });
  const { flows, creds } = buildFlows({ http: sim.url, mem: sim.url }, true, ['http']);
  const rt = await startRuntime(flows, creds);
  const axios = require('axios');
  const client = axios.create({ httpAgent: new http.Agent({ keepAlive: true }) });
  const { inject, nodeOk, diyOk } = require('./measure');
  let kClient = null;
  const packageClient = () => kClient || (kClient = makeClient());
  const send = {
    A: () =>
      client
        .post(`${sim.url}/api/lapp/cloud/storage/device/info`, 'accessToken=at.demo-token&deviceSerial=C00000001', {
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
        .then((r) => r.data.code === '200'),
    S: () => inject(rt.node('s-http'), {}, nodeOk),
    K: () =>
      packageClient()
        .post(`${sim.url}/api/lapp/cloud/storage/device/info`, { deviceSerial: 'C00000001' }, 'at.demo-token')
        .then((o) => o.ok && o.reply.code === '200'),
    B: () => inject(rt.node('b-http'), {}, nodeOk),
    C: () => inject(rt.node('c-fn-http'), {}, diyOk),
    'C+': () => inject(rt.node('cp-fn-http'), {}, diyOk),
  }[scenario];
  if (!send) throw new Error(`unknown scenario ${scenario} (A, S, B, K, C, C+)`);
  await drive(send, 2000, Number(conc)); // warm-up
  const tick = setInterval(() => sim.clearLog(), 2000);
  if (out) {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
    await post('Profiler.start');
  }
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await drive(send, Number(count), Number(conc));
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  clearInterval(tick);
  let profile = null;
  if (out) {
    profile = (await post('Profiler.stop')).profile;
    fs.writeFileSync(out, JSON.stringify(profile));
  }
  const n = Number(count);
  console.log(
    `${scenario} c${conc} latency ${latency} ms: ${Math.round((n / wall) * 1000)} req/s, ` +
      `${Math.round((c.user + c.system) / n)} us CPU/request, ${r.failures.length} failures`,
  );
  if (profile) console.log(`${out}:\n${format(summarize(profile), 15)}`);
  await rt.stop();
  await sim.stop();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
