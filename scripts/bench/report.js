'use strict';
// The benchmark's report (measure.js): the tables and lines printed after a run.

const { table } = require('./stats');

/** A cell's columns in the tables (the printed one adds its failures; markdown.js prints the same). */
const CELL_FIELDS = [
  'transport',
  'concurrency',
  'scenario',
  'requestsPerSec',
  'p50Ms',
  'p99Ms',
  'cpuUsPerRequest',
  'connectionsOpened',
  'peakRssMB',
];
const cellValues = (c) => CELL_FIELDS.map((k) => c[k]);

function print(res) {
  const cellRows = (cells) => {
    const rows = [
      ['transport', 'conc', 'scen', 'req/s', 'p50 ms', 'p99 ms', 'cpu us/req', 'conns', 'peak RSS MB', 'fail'],
    ];
    for (const c of cells) rows.push([...cellValues(c), c.failures]);
    return rows;
  };
  const out = [];
  const m = res.meta.machine;
  out.push(`\nEZVIZ node benchmark: ${m.nproc} x ${m.cpuModel}, node ${m.node}, Node-RED ${m.nodeRed}`);
  out.push(
    `load average (1, 5, 15 min) at start ${m.loadavgAtStart.join(' ')}, at end ${m.loadavgAtEnd.join(' ')}; ${res.meta.durationSec} s`,
  );
  if (res.floor && res.floor.cells.length) {
    out.push(
      '\nzero latency (CPU per request of the Node-RED process is the measure; A bare axios, S simplest node, B storage-info node, K the package client alone):\n',
    );
    out.push(table(cellRows(res.floor.cells)));
    out.push('');
    const fr = [
      [
        'conc',
        'S/A cpu',
        'B/S cpu',
        'B/A cpu',
        'K/A cpu',
        'per-round medians: S/A cpu',
        'B/S cpu',
        'B/S time',
        'B - A in us: Node-RED (S-A)',
        'client (K-A)',
        'rest',
      ],
    ];
    for (const r of res.floor.ratios) {
      const sp = r.split_cpuUsPerRequest || {};
      fr.push([
        r.concurrency,
        r.sOverA_cpuPerRequest ?? '-',
        r.bOverS_cpuPerRequest ?? '-',
        r.bOverA_cpuPerRequest ?? '-',
        r.kOverA_cpuPerRequest ?? '-',
        r.roundMedian_sOverA_cpuPerRequest ?? '-',
        r.roundMedian_bOverS_cpuPerRequest ?? '-',
        r.bOverS_timePerRequest ?? '-',
        sp.nodeRed ?? '-',
        sp.client ?? '-',
        sp.rest ?? '-',
      ]);
    }
    out.push(table(fr));
  }
  if (res.cells.length) {
    out.push(`\nsimulator latency ${res.meta.config.latencyMs} ms:\n`);
    out.push(table(cellRows(res.cells)));
  }
  if (res.ratios.length) {
    out.push('');
    const rr = [
      [
        'transport',
        'conc',
        'x',
        'B/A time',
        'B/A cpu',
        'B/S cpu',
        'B/C thr',
        'B/C+ thr',
        'B/C18 thr',
        'B/(A+hop) time',
        'per-round medians: B/A time',
        'B/C',
        'B/C+',
      ],
    ];
    for (const r of res.ratios) {
      rr.push([
        r.transport,
        r.concurrency,
        '',
        r.bOverA_timePerRequest,
        r.bOverA_cpuPerRequest,
        r.bOverS_cpuPerRequest,
        r.bOverC_throughput,
        r.bOverCplus_throughput,
        r.bOverC18_throughput ?? '-',
        r.bOverAhop_timePerRequest ?? '-',
        r.roundMedian_bOverA_timePerRequest,
        r.roundMedian_bOverC_throughput,
        r.roundMedian_bOverCplus_throughput,
      ]);
    }
    out.push(table(rr));
  }
  if (res.token)
    out.push(
      `\ntoken requests for ${res.token.messages} concurrent messages (cold cache): ${res.token.tokenRequests} (${res.token.succeeded} succeeded)`,
    );
  if (res.timedStop) {
    const t = res.timedStop;
    out.push(
      `timed-stop error (actual - requested) over ${t.moves} moves: p50 ${t.p50ErrorMs} ms, p99 ${t.p99ErrorMs} ms, ` +
        `p99 of |error| ${t.p99AbsErrorMs} ms (stops missing: ${t.stopsMissing}); event-loop delay meanwhile p99 ` +
        `${t.eventLoopDelayP99Ms} ms, max ${t.eventLoopDelayMaxMs} ms (simulator: p99 ${t.simulatorEventLoopDelayP99Ms} ms, ` +
        `max ${t.simulatorEventLoopDelayMaxMs} ms)`,
    );
  }
  if (res.live) {
    const l = res.live;
    out.push(
      `live address requests for ${l.concurrentAsks} concurrent asks and ${l.messages} messages (one camera, one lifetime): ` +
        `${l.addressRequests}; after a forced refresh: ${l.addressRequestsAfterRefresh} (${l.succeeded} succeeded, ${l.wallMs} ms)`,
    );
  }
  if (res.memory)
    out.push(
      `RSS over ${res.memory.messages} messages: ${res.memory.rssBeforeMB} -> ${res.memory.rssAfterMB} MB (${res.memory.rssGrowthMB} MB), heap ${res.memory.heapUsedBeforeMB} -> ${res.memory.heapUsedAfterMB} MB`,
    );
  if (res.targets.length) {
    out.push('\ntargets:');
    for (const t of res.targets) out.push(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.value} (${t.limit})`);
  }
  for (const n of res.meta.notes) out.push(`note: ${n}`);
  out.push('\nwritten: bench-results.json');
  console.log(out.join('\n'));
}

module.exports = { cellValues, print };
