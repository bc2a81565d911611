#!/usr/bin/env node
'use strict';
// Where the CPU of a profile went: self time by part (this package, axios, follow-redirects,
// Node-RED, Node's http, GC, ...) and the functions of one part, from a V8 .cpuprofile such as
// profile.js writes:
//   node scripts/bench/profile-summary.js b.cpuprofile [top=25] [part=package]
// Shares are of the busy time (idle left out). Sampled self time: a function's callees are
// counted where they run, so the package's share is what its own code costs, not what it calls.
const fs = require('fs');

/** The part a script URL belongs to. */
function part(url) {
  if (url.includes('/dist/nodes/')) return 'package';
  if (url.includes('follow-redirects')) return 'follow-redirects';
  if (url.includes('/axios/')) return 'axios';
  if (url.includes('@node-red/') || url.includes('/node-red/')) return 'node-red';
  if (url.includes('/scripts/bench/')) return 'bench';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return m ? m[1] : url;
}

function summarize(profile) {
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) || 0) + (profile.timeDeltas[i] || 0)));
  const parts = new Map();
  const funcs = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const t = self.get(node.id);
    if (!t) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busy += t;
    const p = url ? part(url) : functionName.startsWith('(') ? functionName : 'native';
    parts.set(p, (parts.get(p) || 0) + t);
    const where = url ? `${url.replace(/^.*\/(node_modules|dist|scripts)\//, '$1/')}:${lineNumber + 1}` : '';
    const key = `${p}\t${functionName || '(anonymous)'} ${where}`.trim();
    funcs.set(key, (funcs.get(key) || 0) + t);
  }
  return { busy, parts, funcs };
}

function format({ busy, parts, funcs }, top = 25, only = 'package') {
  const pct = (t) => `${((t / busy) * 100).toFixed(1).padStart(5)}%`;
  const out = [`busy ${(busy / 1e3).toFixed(0)} ms; self time by part:`];
  for (const [p, t] of [...parts].sort((a, b) => b[1] - a[1])) if (t / busy >= 0.001) out.push(`  ${pct(t)}  ${p}`);
  out.push(`functions of ${only}:`);
  const mine = [...funcs].filter(([k]) => k.startsWith(`${only}\t`)).sort((a, b) => b[1] - a[1]);
  for (const [k, t] of mine.slice(0, top)) out.push(`  ${pct(t)}  ${k.split('\t')[1]}`);
  return out.join('\n');
}

if (require.main === module) {
  const [file, top = '25', only = 'package'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node scripts/bench/profile-summary.js FILE.cpuprofile [top] [part]');
    process.exit(2);
  }
  console.log(format(summarize(JSON.parse(fs.readFileSync(file, 'utf8'))), Number(top), only));
}

module.exports = { summarize, format };
