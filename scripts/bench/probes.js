'use strict';
// The benchmark's measurements besides the cells (measure.js): token requests of 1000 messages on
// a cold cache, live address requests of one camera, the timed-stop error of ptz-start moves with
// a duration, and memory growth over many messages.

const { performance, monitorEventLoopDelay } = require('perf_hooks');
const { quantile, round } = require('./stats');
const { CONF, SERIAL, TOKEN_PATH, INFO_PATH, LIVE_PATH, PTZ_START, PTZ_STOP, sleep, gc, mb } = require('./conf');
const { inject, nodeOk } = require('./runtime');
const { drive, describeFailure } = require('./load');

async function tokenTest(rt, sim) {
  await sim.clearLog();
  const node = rt.node('tok-node');
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: CONF.tokenMessages }, () => inject(node, {}, nodeOk)));
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
      const r = await inject(
        node,
        { deviceSerial: serial, channelNo: channel, direction, speed: 'fast', duration },
        nodeOk,
      );
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

module.exports = { tokenTest, liveTest, timedMoveTest, memoryTest };
