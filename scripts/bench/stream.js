#!/usr/bin/env node
'use strict';
// `npm run bench:stream` (docs/behaviour.md section 24, docs/performance.md): the stream relay of
// ezviz-stream (features/stream/, from dist/) measured in this process.
// - share and join (the simulator, no cap): 20 viewers join one camera, one by one: how many
//   camera sessions; then 20 more join the running stream at random moments: time from joining to
//   their first keyframe (the kept group of pictures).
// - chains (the simulator, cap 5 s): one viewer for CHAIN_S seconds: at each chain the longest wall
//   time between two pictures reaching it (the simulator's 8 frames/s make 125 ms the normal step).
// - cpu (a synthetic camera of 2 Mbit/s, 25 frames/s, AAC beside, in this process): 20 viewers over
//   HTTP (curl children reading to /dev/null): this process's CPU over MEASURE_S seconds (the
//   camera's own making of tags included), and each tag's time from the camera's data callback to
//   each viewer's write (p99).
// - hour (the runtime's injectable clock, hooks.now/timer: a simulated hour in seconds): a
//   synthetic cloud whose sessions end after 5 s of that clock, each opening 300 ms after its GET
//   with a burst of its last group of pictures; one viewer: its stream time against the time each
//   picture was taken (the frame number each picture carries), repeats and skips.
// Options: --quick (shorter cells), --hour-s N (simulated seconds, default 3600). A viewer in memory,
// the relay's reports and the simulator's address: stream-parts.js.

const path = require('path');
const http = require('http');
const { spawn } = require('child_process');
const { performance } = require('perf_hooks');
const { quantile, round, table, numberArg } = require('./stats');
const { streamTargets } = require('./targets');

const root = path.resolve(__dirname, '..', '..');
const { StreamRelay, httpConnect } = require(path.join(root, 'dist', 'features', 'stream'));
const { hooks, resetHooks } = require(path.join(root, 'dist', 'client', 'clock', 'clock'));
const { startSimulator } = require(path.join(root, 'dist', 'simulator'));
const { flvTagBytes, syntheticSession } = require('./stream-media');
const { memoryViewer, reports, simAddress } = require('./stream-parts');

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const VIEWERS = 20;
const CHAIN_S = quick ? 17 : 32;
const MEASURE_S = quick ? 8 : 20;
const HOUR_S = numberArg('--hour-s', quick ? 600 : 3600);
const CAP_S = 5;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t = (key) => key;

async function shareAndJoin() {
  const sim = await startSimulator({ port: 0, streamCap: 0 });
  let sessions = 0;
  const inner = httpConnect({ address: simAddress(sim, 'C00000001'), t });
  const relay = new StreamRelay({ connect: (h) => (sessions++, inner(h)), reports: reports([]) });
  const keyAt = (v, since) => (tag, now) => {
    if (v.firstKeyMs === undefined && tag.type === 9 && tag.key && tag.packet === 1) v.firstKeyMs = now - since;
  };
  const first = [];
  for (let i = 0; i < VIEWERS; i++) {
    const v = { firstKeyMs: undefined };
    v.sink = memoryViewer(`10.0.0.${i}`, keyAt(v, performance.now()));
    relay.addViewer(v.sink);
    first.push(v);
    await sleep(100);
  }
  await sleep(2000);
  const joins = [];
  for (let i = 0; i < VIEWERS; i++) {
    await sleep(100 + Math.random() * 200);
    const v = { firstKeyMs: undefined };
    v.sink = memoryViewer(`10.0.1.${i}`, keyAt(v, performance.now()));
    relay.addViewer(v.sink);
    joins.push(v);
  }
  await sleep(500);
  const open = (await (await fetch(`${sim.url}/sim/stream`)).json()).open;
  relay.close();
  await sim.close();
  const all = [...first, ...joins];
  const firstKeys = joins.map((v) => v.firstKeyMs).filter((x) => x !== undefined);
  return {
    share: {
      viewers: VIEWERS * 2,
      sessions,
      openAtSimulator: open,
      clean: all.every((v) => v.firstKeyMs !== undefined),
    },
    join: {
      joins: joins.length,
      p50FirstKeyMs: round(quantile(firstKeys, 0.5), 2),
      maxFirstKeyMs: round(Math.max(...firstKeys), 2),
      clean: firstKeys.length === joins.length && joins.every((v) => !v.sink.failed),
    },
  };
}

async function chains() {
  const sim = await startSimulator({ port: 0, streamCap: CAP_S });
  const events = [];
  const relay = new StreamRelay({
    connect: httpConnect({ address: simAddress(sim, 'C00000001'), t }),
    reports: reports(events),
  });
  const arrivals = [];
  const sink = memoryViewer('10.0.2.1', (tag, now) => {
    if (tag.type === 9 && tag.packet === 1) arrivals.push({ now, ts: tag.ts });
  });
  relay.addViewer(sink);
  await sleep(CHAIN_S * 1000);
  relay.close();
  await sim.close();
  const chainEvents = events.filter((e) => e.event === 'chain');
  // At each chain: the longest wall time between two pictures reaching the viewer from 1 s before
  // the switch to 1 s after it. The first chain comes before the relay has seen the cap (it opens
  // the next session only when the first one ends): shown apart.
  const gapAt = (at) => {
    const near = arrivals.filter((a) => a.now >= at - 1000 && a.now <= at + 1000);
    let gap = 0;
    for (let i = 1; i < near.length; i++) gap = Math.max(gap, near[i].now - near[i - 1].now);
    return gap;
  };
  const gaps = chainEvents.map((e) => gapAt(e.at));
  let back = 0;
  for (let i = 1; i < arrivals.length; i++) if (arrivals[i].ts <= arrivals[i - 1].ts) back++;
  return {
    capS: CAP_S,
    chains: Math.max(0, gaps.length - 1),
    firstChainGapMs: round(gaps[0] ?? NaN, 1),
    maxChainGapMs: gaps.length > 1 ? round(Math.max(...gaps.slice(1)), 1) : null,
    chainGapsMs: gaps.map((g) => round(g, 0)),
    maxStreamGapMs: Math.max(0, ...chainEvents.map((e) => e.gapMs ?? 0)),
    frames: arrivals.length,
    clean: !sink.failed && back === 0 && arrivals.length > 0,
  };
}

module.exports = {
  memoryViewer,
  reports,
  simAddress,
  shareAndJoin,
  chains,
  VIEWERS,
  MEASURE_S,
  HOUR_S,
  CAP_S,
  flvTagBytes,
};

if (require.main === module) {
  const { cpuCell, hourCell } = require('./stream-cells');
  (async () => {
    console.log(
      `bench:stream${quick ? ' (quick)' : ''}: the stream relay (features/stream), Node.js ${process.version}`,
    );
    const sj = await shareAndJoin();
    const ch = await chains();
    const cpu = await cpuCell({ viewers: VIEWERS, measureS: MEASURE_S, http, spawn, StreamRelay, reports });
    const hour = hourCell({
      hourS: HOUR_S,
      capS: CAP_S,
      StreamRelay,
      hooks,
      resetHooks,
      memoryViewer,
      syntheticSession,
    });
    const s = { ...sj, chains: ch, cpu, hour };
    console.log(JSON.stringify(s, null, 2));
    const targets = streamTargets(s);
    console.log(
      table([
        ['target', 'value', 'limit', 'met'],
        ...targets.map((x) => [x.target, String(x.value), x.limit, x.pass ? 'yes' : 'NO']),
      ]),
    );
    process.exit(targets.every((x) => x.pass) ? 0 : 1);
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
