#!/usr/bin/env node
'use strict';
// `npm run bench:clip` (docs/behaviour.md section 26, docs/performance.md): ezviz-clip's run
// (features/recordings/, from dist/) saving a 60 s window of the simulator's shop camera C00000006
// (continuous SD recording, H.264 320x180 at 8 frames/s and AAC), the simulator in a child process
// (its CPU not ours; it plays recordings back at 4x real time: 15 s for 60 s). Per run: the time
// from the message to its outcome against the playback time, and this process's memory (V8 heap
// and array buffers) over its level before the run: the peak as sampled every 20 ms, and the peak
// of what is live (after a full collection every 250 ms, a run of its own), against the clip's
// size. A first clip, not measured, warms up (the token, the first use of each module). Options:
// --runs N (default 3), --seconds N (default 60).

const path = require('path');
const v8 = require('v8');
const os = require('os');
const { performance } = require('perf_hooks');
const { SimChild } = require('./sim-process');
const { quantile, round, table, numberArg } = require('./stats');

const root = path.resolve(__dirname, '..', '..');
const dist = (...p) => require(path.join(root, 'dist', ...p));
const { EzvizService } = dist('client', 'service', 'service');
const { saveClip } = dist('features', 'recordings', 'clip-run');
const { ClipJobs } = dist('features', 'recordings', 'clip-jobs');

const RUNS = numberArg('--runs', 3);
const SECONDS = numberArg('--seconds', 60);
const SPEED = 4;
const { gc, onWriting } = require('./clip-sampling');
const level = () => {
  const u = process.memoryUsage();
  return u.heapUsed + u.arrayBuffers;
};
const owner = { id: 'bench-clip', closed: false, timedStopDone() {} };
const t = (key) => key;

const settle = () => new Promise((r) => setImmediate(r));

/** One clip of the window starting `start`; `live`: sample what is live (a full collection each
 * time, every 250 ms and when the file is finished). */
async function oneClip(service, start, live) {
  const jobs = new ClipJobs();
  gc();
  await settle();
  gc();
  const base = level();
  const base2 = process.memoryUsage();
  const code = () => v8.getHeapSpaceStatistics().find((x) => x.space_name === 'code_space').space_used_size;
  const code0 = code();
  let peak = base;
  let split = { heap: 0, buffers: 0 };
  const sample = () => {
    if (live) gc();
    const now = level();
    if (now <= peak) return;
    peak = now;
    const u = process.memoryUsage();
    // The heap's code space apart: functions compiled (optimized) during the clip, not held per frame.
    const c = code() - code0;
    split = { heap: u.heapUsed - base2.heapUsed - c, code: c, buffers: u.arrayBuffers - base2.arrayBuffers };
  };
  onWriting(sample);
  const timer = setInterval(sample, live ? 250 : 20);
  const t0 = performance.now();
  const values = { deviceSerial: 'C00000006', channelNo: 1, source: 'sd-card', start, end: start + SECONDS * 1000 };
  const r = await saveClip(service, t, { ...values, maxSeconds: Math.max(120, SECONDS) }, owner, jobs);
  const ms = performance.now() - t0;
  clearInterval(timer);
  sample();
  jobs.close();
  const out = r.kind === 'ok' ? r.payload : undefined;
  if (!out || !out.ok) throw new Error(`the clip failed: ${JSON.stringify(out ? out.error : r.error || r.kind)}`);
  return { ms, grew: peak - base, split, bytes: out.data.length, seconds: out.clip.seconds };
}

async function main() {
  const load0 = os.loadavg();
  console.log(
    `bench:clip: a ${SECONDS} s clip of the simulator (playback at ${SPEED}x), ${RUNS} runs, Node.js ${process.version}; ` +
      `load average ${load0.map((x) => x.toFixed(2)).join(' ')}`,
  );
  const sim = await SimChild.start('clip', {});
  const service = new EzvizService({
    baseUrl: sim.url,
    timeout: 5000,
    maxRetries: 1,
    retryDelay: 100,
    appKey: 'demo-app-key',
    appSecret: 'demo-app-secret',
    t,
    warn: () => undefined,
  });
  const now = Date.now();
  const timed = [];
  const lives = [];
  try {
    await oneClip(service, now - 10 * 3600000, false); // warm-up: the token, the modules' first use
    for (let i = 0; i < RUNS; i++) timed.push(await oneClip(service, now - (2 + i) * 3600000, false));
    for (let i = 0; i < RUNS; i++) lives.push(await oneClip(service, now - (6 + i) * 3600000, true));
  } finally {
    await service.close();
    await sim.stop();
  }
  const playMs = (SECONDS * 1000) / SPEED;
  const ms = timed.map((r) => r.ms);
  const bytes = Math.max(...timed.map((r) => r.bytes));
  const grew = Math.max(...timed.map((r) => r.grew));
  const live = Math.max(...lives.map((r) => r.grew));
  const load1 = os.loadavg();
  const s = {
    seconds: SECONDS,
    runs: RUNS,
    playMs,
    toMessageMs: ms.map((x) => round(x, 0)),
    p50Ms: round(quantile(ms, 0.5), 0),
    maxMs: round(Math.max(...ms), 0),
    clipBytes: bytes,
    clipSeconds: timed.map((r) => r.seconds),
    peakGrowthBytes: grew,
    liveGrowthBytes: live,
    liveSplit: lives.map((r) => r.split),
    loadStart: load0,
    loadEnd: load1,
  };
  console.log(JSON.stringify(s, null, 2));
  const targets = [
    {
      target: `time to the message, ${SECONDS} s clip (playback ${playMs / 1000} s)`,
      value: `max ${round(s.maxMs / 1000, 2)} s (p50 ${round(s.p50Ms / 1000, 2)} s)`,
      limit: `<= ${playMs / 1000 + 2} s`,
      pass: s.maxMs <= playMs + 2000,
    },
    {
      target: `memory held (live, after collection) against the clip (${round(bytes / 1024, 0)} KiB)`,
      value: `${round(live / 1024, 0)} KiB (${round(live / bytes, 2)}x)`,
      limit: '<= 2x',
      pass: live <= 2 * bytes,
    },
    {
      target: 'memory peak as sampled every 20 ms (garbage included)',
      value: `${round(grew / 1024, 0)} KiB (${round(grew / bytes, 2)}x)`,
      limit: '(shown)',
      pass: true,
    },
  ];
  console.log(
    table([
      ['target', 'value', 'limit', 'met'],
      ...targets.map((x) => [x.target, x.value, x.limit, x.pass ? 'yes' : 'NO']),
    ]),
  );
  console.log(`load average at the end ${load1.map((x) => x.toFixed(2)).join(' ')}`);
  return targets.every((x) => x.pass);
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
