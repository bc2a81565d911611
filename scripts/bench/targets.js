'use strict';
// Pure: the benchmark's ratios of the cells with latency (B over A, S, C, C+, C18, A+hop, whole-run
// and as per-round medians) and its targets, each with its value, limit and pass.

const { round } = require('./stats');
const { pairedMedian } = require('./ratios');

const SCENARIOS = ['A', 'S', 'B', 'C', 'C+'];
const find = (cells, t, c, s) => cells.find((x) => x.transport === t && x.concurrency === c && x.scenario === s);

/** One row of ratios per transport and concurrency of the cells with latency. */
function latencyRatios(cells, transports, concurrencies) {
  const ratios = [];
  for (const t of transports) {
    for (const c of concurrencies) {
      const [A, S, B, C, Cp] = SCENARIOS.map((s) => find(cells, t, c, s));
      // The same ratios taken round by round (adjacent chunks, so drift and load spikes hit both
      // alike), median over the rounds: a check on the whole-run ratios.
      const paired = (x, y, f) => pairedMedian(x, y, (k) => k.wallMs / k.requests, f);
      const row = {
        transport: t,
        concurrency: c,
        bOverA_timePerRequest: round(B.msPerRequest / A.msPerRequest, 3),
        bOverA_p50: round(B.p50Ms / A.p50Ms, 3),
        bOverA_cpuPerRequest: round(B.cpuUsPerRequest / A.cpuUsPerRequest, 2),
        bOverS_cpuPerRequest: round(B.cpuUsPerRequest / S.cpuUsPerRequest, 2),
        bOverC_throughput: round(B.requestsPerSec / C.requestsPerSec, 2),
        bOverCplus_throughput: round(B.requestsPerSec / Cp.requestsPerSec, 2),
        roundMedian_bOverA_timePerRequest: paired(B, A, (b, a) => b / a),
        roundMedian_bOverC_throughput: paired(B, C, (b, cc) => cc / b),
        roundMedian_bOverCplus_throughput: paired(B, Cp, (b, cp) => cp / b),
      };
      const hop = find(cells, t, c, 'A+hop');
      if (hop) {
        row.bOverAhop_timePerRequest = round(B.msPerRequest / hop.msPerRequest, 3);
        row.roundMedian_bOverAhop_timePerRequest = paired(B, hop, (b, a) => b / a);
      }
      const c18 = find(cells, t, c, 'C18');
      if (c18) row.bOverC18_throughput = round(B.requestsPerSec / c18.requestsPerSec, 2);
      ratios.push(row);
    }
  }
  return ratios;
}

/** The node's CPU per request within 1.10x of the simplest node's, taken round by round
 * (paired chunks; the whole-run ratio is printed beside it): on a shared machine the CPU time of
 * the same work swings by 2x between chunks, and a few loaded chunks would otherwise decide it. */
function floorTargets(floorRatios) {
  return floorRatios
    .filter((x) => x.roundMedian_bOverS_cpuPerRequest !== null)
    .map((x) => ({
      target: `B/S CPU per request, zero latency, http c${x.concurrency} (per-round median)`,
      value: x.roundMedian_bOverS_cpuPerRequest,
      limit: '<= 1.10',
      pass: x.roundMedian_bOverS_cpuPerRequest <= 1.1 && x.bAndSClean,
      issue: 14,
    }));
}

/** The targets of the cells with latency and of the token, memory and timed-stop measurements. */
function latencyTargets({ cells, ratios, token, memory, timedStop, conf, hasTls }) {
  const targets = [];
  const r = (t, c) => ratios.find((x) => x.transport === t && x.concurrency === c);
  // a target only holds when no request of the cells it compares failed
  const clean = (t, c) => SCENARIOS.every((s) => find(cells, t, c, s).failures === 0);
  for (const t of conf.transports) {
    for (const c of conf.concurrencies) {
      const v = r(t, c).bOverA_timePerRequest;
      targets.push({
        target: `B/A time per request, ${t} c${c}`,
        value: v,
        limit: '<= 1.10',
        pass: v <= 1.1 && clean(t, c),
      });
    }
  }
  const tt = hasTls ? 'https' : 'http';
  const cOk = clean(tt, 32);
  targets.push({
    target: `B/C throughput, ${tt} c32`,
    value: r(tt, 32).bOverC_throughput,
    limit: '>= 1.5',
    pass: r(tt, 32).bOverC_throughput >= 1.5 && cOk,
  });
  targets.push({
    target: `B/C+ throughput, ${tt} c32`,
    value: r(tt, 32).bOverCplus_throughput,
    limit: '>= 1.0',
    pass: r(tt, 32).bOverCplus_throughput >= 1.0 && cOk,
  });
  for (const t of conf.transports) {
    const b = find(cells, t, 32, 'B');
    targets.push({
      target: `B TCP connections, ${t} c32, whole run`,
      value: b.connectionsOpened,
      limit: '<= 32',
      pass: b.connectionsOpened <= 32 && b.failures === 0,
    });
  }
  targets.push({
    target: 'token requests, 1000 messages, cold cache',
    value: token.tokenRequests,
    limit: '== 1',
    pass: token.tokenRequests === 1 && token.succeeded === token.messages,
  });
  targets.push({
    target: `RSS growth over ${conf.memMessages} messages (MB)`,
    value: memory.rssGrowthMB,
    limit: '< 10',
    pass: memory.rssGrowthMB < 10 && memory.failures === 0,
  });
  targets.push({
    target: 'timed-stop error p99 of |actual - requested| (ms)',
    value: timedStop.p99AbsErrorMs,
    limit: '< 15',
    pass:
      timedStop.p99AbsErrorMs !== null &&
      timedStop.p99AbsErrorMs < 15 &&
      timedStop.stopsMissing === 0 &&
      timedStop.failures === 0,
  });
  return targets;
}

/** The live address targets (docs/behaviour.md section 13). */
function liveTargets(live) {
  return [
    {
      target: `live address requests, ${live.concurrentAsks} concurrent asks + ${live.messages} messages, one camera`,
      value: live.addressRequests,
      limit: '== 1',
      pass: live.addressRequests === 1 && live.succeeded === live.concurrentAsks + live.messages + 1,
    },
    {
      target: 'live address requests after a forced refresh',
      value: live.addressRequestsAfterRefresh,
      limit: '== 2',
      pass: live.addressRequestsAfterRefresh === 2,
    },
  ];
}

/** The stream node's targets (docs/behaviour.md section 24; scripts/bench/stream.js): each holds
 * only when its cell ran clean (every viewer got its stream, no session failed). */
function streamTargets(s) {
  const t = (target, value, limit, ok, clean) => ({ target, value, limit, pass: value !== null && ok && clean });
  return [
    t(
      `camera sessions for ${s.share.viewers} viewers of one camera`,
      s.share.sessions,
      '== 1',
      s.share.sessions === 1,
      s.share.clean,
    ),
    t(
      `CPU, ${s.cpu.mbits} Mbit/s to ${s.cpu.viewers} viewers (% of one core)`,
      s.cpu.cpuPercent,
      '<= 5',
      s.cpu.cpuPercent <= 5,
      s.cpu.clean,
    ),
    t('tag in -> out to every viewer, p99 (ms)', s.cpu.p99TagMs, '<= 10', s.cpu.p99TagMs <= 10, s.cpu.clean),
    t(
      `longest time without a frame at a chain, simulator, cap ${s.chains.capS} s (${s.chains.chains} chains after the first, ms)`,
      s.chains.maxChainGapMs,
      '<= 200',
      s.chains.maxChainGapMs <= 200 && s.chains.chains >= 1,
      s.chains.clean,
    ),
    t(
      `a joining viewer's first keyframe, max of ${s.join.joins} (ms)`,
      s.join.maxFirstKeyMs,
      '<= 100',
      s.join.maxFirstKeyMs <= 100,
      s.join.clean,
    ),
    t(
      `viewer stream time against the wall clock, ${s.hour.chains} chains (max |drift| ms)`,
      s.hour.maxDriftMs,
      '<= 1000',
      s.hour.maxDriftMs <= 1000 && s.hour.chains >= s.hour.expectedChains,
      s.hour.clean,
    ),
  ];
}

module.exports = { SCENARIOS, find, latencyRatios, floorTargets, latencyTargets, liveTargets, streamTargets };
