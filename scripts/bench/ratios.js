'use strict';
// Pure: the ratios of the zero-latency cells (docs/performance.md): CPU per request of B (the
// package's node) over S (the simplest node) and S over A (bare axios), whole-cell and as medians
// of per-round values, and B's CPU split into Node-RED's messaging, the client and the rest.

const { median, round } = require('./stats');

/** Median over the rounds of f(per-round value of x, of y): adjacent chunks, so that drift and
 * load spikes hit both alike. */
function pairedMedian(x, y, value, f) {
  const vx = x.chunks.filter((k) => !k.warmup).map(value);
  const vy = y.chunks.filter((k) => !k.warmup).map(value);
  return round(median(vx.map((v, i) => f(v, vy[i]))), 3);
}

function roundSplit(A, S, B, K, value) {
  const v = (x) => x.chunks.filter((k) => !k.warmup).map(value);
  const [a, sv, b, kv] = [A, S, B, K].map(v);
  const med = (f) => round(median(a.map((_, i) => f(i))), 1);
  return {
    nodeRed: med((i) => sv[i] - a[i]),
    client: med((i) => kv[i] - a[i]),
    rest: med((i) => b[i] - sv[i] - (kv[i] - a[i])),
  };
}

/** Ratios of the zero-latency cells at concurrency c: CPU per request (the measure there) and,
 * for reference, time per request. */
function floorRatio(cells, c) {
  const get = (s) => cells.find((x) => x.concurrency === c && x.scenario === s);
  const [A, S, B, K] = ['A', 'S', 'B', 'K'].map(get);
  const cpu = (k) => k.cpuUs / k.requests;
  const time = (k) => k.wallMs / k.requests;
  const ratio = (x, y, key) => (x && y ? round(x[key] / y[key], 3) : null);
  const paired = (x, y, value) => (x && y ? pairedMedian(x, y, value, (a, b) => a / b) : null);
  return {
    concurrency: c,
    sOverA_cpuPerRequest: ratio(S, A, 'cpuUsPerRequest'),
    bOverS_cpuPerRequest: ratio(B, S, 'cpuUsPerRequest'),
    bOverA_cpuPerRequest: ratio(B, A, 'cpuUsPerRequest'),
    roundMedian_sOverA_cpuPerRequest: paired(S, A, cpu),
    roundMedian_bOverS_cpuPerRequest: paired(B, S, cpu),
    kOverA_cpuPerRequest: ratio(K, A, 'cpuUsPerRequest'),
    // B's CPU per request over A's, in µs, each part a median over the rounds of its per-round
    // value (paired chunks): Node-RED's messaging (S - A), the package's client (K - A), the rest
    // of the package (B - S - (K - A): call path, service, token, reply mapping, status)
    split_cpuUsPerRequest: A && S && B && K ? roundSplit(A, S, B, K, cpu) : null,
    bOverS_timePerRequest: ratio(B, S, 'msPerRequest'),
    roundMedian_bOverS_timePerRequest: paired(B, S, time),
    bAndSClean: [S, B].every((x) => !x || x.failures === 0),
  };
}

module.exports = { floorRatio, pairedMedian, roundSplit };
