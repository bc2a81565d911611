#!/usr/bin/env node
'use strict';
// `npm run bench:panel`: the camera panel (docs/behaviour.md section 14) on loopback, in the real
// Dashboard 2 with Debian's Chromium against the simulator, as the browser tests run it:
//   press -> ptz/start at the server, release -> ptz/stop at the server (p50/p95 over --holds
//   mouse holds, default 200), a page closed during a hold -> ptz/stop (--closes, default 5), a
//   browser that goes silent -> the dead-man stop, release -> ptz/stop with 10 snapshots queued for
//   the camera (--queued N holds, default 5: the stop goes ahead of captures, docs/behaviour.md
//   section 21), the widget's size gzipped (its own code, hls.js's light build and mpegts.js
//   apart), and the timeline's playback (panel-playback.js: a tap to the first frame, the longest
//   time without a new frame across 10 s stream sessions; --no-playback leaves it out). Targets:
//   p95 at most 50 ms each, closed page at most 2 s, the widget's own code at most 40 KB gzipped,
//   at most 1 s without a picture. Needs `npm run build` (it uses dist/test/support). The PTZ
//   measurements: panel-ptz.js.
//   node scripts/bench/panel.js [--holds N] [--closes N] [--queued N] [--quick] [--no-playback]
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { quantile, median, round, numberArg } = require('./stats');
const { playback } = require('./panel-playback');
const { holds, closedPages, silent, queued } = require('./panel-ptz');

const root = path.resolve(__dirname, '..', '..');
const quick = process.argv.includes('--quick');
const HOLDS = numberArg('--holds', quick ? 20 : 200);
const CLOSES = numberArg('--closes', quick ? 2 : 5);
const QUEUED = numberArg('--queued', quick ? 2 : 5);
const TARGETS = { startP95: 50, stopP95: 50, closedMs: 2000, ownKb: 40 };

function sizes() {
  const dir = path.join(root, 'dashboard', 'resources');
  const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length / 1024;
  return {
    ownKb: round(gz('ui-ezviz-camera.umd.js'), 1),
    hlsKb: round(gz('hls.light.min.js'), 1),
    mpegtsKb: round(gz('mpegts.js'), 1),
  };
}

async function main() {
  const { startDashboardEnv, panelFlow } = require(path.join(root, 'dist', 'test', 'support', 'dashboard-env.js'));
  const size = sizes();
  const env = await startDashboardEnv((url) => panelFlow(url));
  try {
    const h = await holds(env, HOLDS);
    const closed = await closedPages(env, CLOSES);
    const deadMan = await silent(env);
    const withSnapshots = await queued(env, QUEUED);
    const result = {
      holds: HOLDS,
      pressToStart: { p50: median(h.start), p95: quantile(h.start, 0.95), max: Math.max(...h.start) },
      releaseToStop: { p50: median(h.stop), p95: quantile(h.stop, 0.95), max: Math.max(...h.stop) },
      closedPageToStop: { n: CLOSES, max: Math.max(...closed), all: closed },
      silentBrowserToStop: deadMan,
      releaseToStopWith10Snapshots: { n: QUEUED, max: Math.max(...withSnapshots), all: withSnapshots },
      size,
    };
    const ok = (v, t) => (v <= t ? 'ok' : 'OVER');
    console.log(
      `camera panel, ${HOLDS} holds on loopback (Dashboard 2 ${require(path.join(root, 'node_modules', '@flowfuse', 'node-red-dashboard', 'package.json')).version}, Chromium):`,
    );
    console.log(
      `  press -> ptz/start    p50 ${result.pressToStart.p50} ms  p95 ${result.pressToStart.p95} ms  (target p95 <= ${TARGETS.startP95}: ${ok(result.pressToStart.p95, TARGETS.startP95)})`,
    );
    console.log(
      `  release -> ptz/stop   p50 ${result.releaseToStop.p50} ms  p95 ${result.releaseToStop.p95} ms  (target p95 <= ${TARGETS.stopP95}: ${ok(result.releaseToStop.p95, TARGETS.stopP95)})`,
    );
    console.log(
      `  closed page -> stop   max ${result.closedPageToStop.max} ms of ${CLOSES} (${closed.join(', ')})  (target <= ${TARGETS.closedMs}: ${ok(result.closedPageToStop.max, TARGETS.closedMs)})`,
    );
    console.log(
      `  silent browser -> stop ${deadMan} ms after the start (the dead-man timer: 1500 ms without a confirmation)`,
    );
    console.log(
      `  release -> stop, 10 snapshots queued: max ${Math.max(...withSnapshots)} ms of ${QUEUED} (${withSnapshots.join(', ')})  (target <= ${TARGETS.stopP95}: ${ok(Math.max(...withSnapshots), TARGETS.stopP95)})`,
    );
    if (withSnapshots.some((ms) => ms < 0))
      console.log(
        '    a negative sample: a stop reached the camera before the release, while the button was held (the page let go of the press: a key that lost its pointer; never the dead-man timer, which the holds keep confirmed)',
      );
    console.log(
      `  widget gzipped        own ${size.ownKb} KB (target <= ${TARGETS.ownKb}: ${ok(size.ownKb, TARGETS.ownKb)}), hls.js light ${size.hlsKb} KB (loaded only without native HLS), mpegts.js ${size.mpegtsKb} KB (loaded only for a playback)`,
    );
    fs.writeFileSync(path.join(root, 'bench-results-panel.json'), JSON.stringify(result, null, 2) + '\n');
  } finally {
    await env.stop();
  }
  if (process.argv.includes('--no-playback')) return;
  const pb = await playback(root, { taps: quick ? 2 : 5, span: quick ? 30000 : 60000 });
  const gap = pb.capped;
  console.log(
    `  playback: tap -> first frame ${pb.tapToFirstFrameMs.join(', ')} ms; ${gap.spanSeconds} s in ${gap.capSeconds} s sessions (${gap.sessions} shown): longest without a new frame ${gap.maxGapMs} ms (target <= 1000: ${gap.maxGapMs <= 1000 ? 'ok' : 'OVER'})`,
  );
  const file = path.join(root, 'bench-results-panel.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), playback: pb }, null, 2) + '\n',
  );
}

main().catch((err) => {
  console.error(`bench:panel: ${err.stack || err}`);
  process.exit(1);
});
