#!/usr/bin/env node
'use strict';
// Prints the tables of bench-results.json as Markdown (for docs/performance.md):
//   node scripts/bench/markdown.js [bench-results.json]
const fs = require('fs');
const path = require('path');
const { cellValues } = require('./report');

const file = process.argv[2] || path.resolve(__dirname, '..', '..', 'bench-results.json');
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const m = r.meta.machine;
const row = (cells) => `| ${cells.join(' | ')} |`;
const out = [];
out.push(
  `Run of ${r.meta.date.slice(0, 16).replace('T', ' ')} UTC on ${m.nproc} cores (${m.cpuModel}), ${m.platform}, ` +
    `Node.js ${m.node}, Node-RED ${m.nodeRed}, axios ${m.axios}; load average ${m.loadavgAtStart[0]} at the start, ` +
    `${m.loadavgAtEnd[0]} at the end (1-minute; 5-minute ${m.loadavgAtStart[1]} and ${m.loadavgAtEnd[1]}); ${r.meta.durationSec} s in all.`,
);
const cellTable = (cells) => {
  out.push(
    row(['transport', 'conc.', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'TCP conns', 'peak RSS MB']),
  );
  out.push(row(['---', '---:', '---', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const c of cells) out.push(row(cellValues(c)));
};
const dash = (x) => x ?? '–';
if (r.floor && r.floor.cells.length) {
  out.push('');
  out.push('Zero latency (CPU per request is the measure):');
  out.push('');
  cellTable(r.floor.cells);
  out.push('');
  out.push(
    row([
      'conc.',
      'S/A CPU per request',
      'B/S CPU per request',
      'B/A CPU per request',
      'K/A CPU per request',
      'per-round medians: S/A CPU',
      'B/S CPU',
      'B/S time per request',
      'B − A, µs: Node-RED (S − A)',
      'client (K − A)',
      'rest of the package',
    ]),
  );
  out.push(row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const x of r.floor.ratios) {
    const sp = x.split_cpuUsPerRequest || {};
    out.push(
      row([
        x.concurrency,
        dash(x.sOverA_cpuPerRequest),
        dash(x.bOverS_cpuPerRequest),
        dash(x.bOverA_cpuPerRequest),
        dash(x.kOverA_cpuPerRequest),
        dash(x.roundMedian_sOverA_cpuPerRequest),
        dash(x.roundMedian_bOverS_cpuPerRequest),
        dash(x.bOverS_timePerRequest),
        dash(sp.nodeRed),
        dash(sp.client),
        dash(sp.rest),
      ]),
    );
  }
}
if (r.cells.length) {
  out.push('');
  out.push(`Simulator latency ${r.meta.config.latencyMs} ms:`);
  out.push('');
  cellTable(r.cells);
}
if (r.ratios.length) {
  out.push('');
  out.push(
    row([
      'transport',
      'conc.',
      'B/A time per request',
      'B/A CPU per request',
      'B/S CPU per request',
      'B/C throughput',
      'B/C+ throughput',
      'B/C18 throughput',
      'B/(A+hop) time',
      'per-round medians: B/A time',
      'B/C',
      'B/C+',
    ]),
  );
  out.push(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const x of r.ratios) {
    out.push(
      row([
        x.transport,
        x.concurrency,
        x.bOverA_timePerRequest,
        x.bOverA_cpuPerRequest,
        dash(x.bOverS_cpuPerRequest),
        x.bOverC_throughput,
        x.bOverCplus_throughput,
        x.bOverC18_throughput ?? '–',
        x.bOverAhop_timePerRequest ?? '–',
        x.roundMedian_bOverA_timePerRequest ?? '–',
        x.roundMedian_bOverC_throughput ?? '–',
        x.roundMedian_bOverCplus_throughput ?? '–',
      ]),
    );
  }
}
out.push('');
out.push(row(['target', 'measured', 'limit', 'holds']));
out.push(row(['---', '---:', '---', '---']));
for (const t of r.targets)
  out.push(row([t.target.replace(/\|/g, '\\|'), t.value, t.limit.replace('<', '&lt;'), t.pass ? 'yes' : '**no**']));
console.log(out.join('\n'));
