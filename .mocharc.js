// mocha's settings for `npm test` (after the build): every test file under dist/test (the checks of
// test/checks/ among them), in parallel (independent files;
// the secret and status-key checks run per test and per file from the root-hook plugin
// test/support/said-checks.ts), in an order (ORDER) that keeps both cores busy and no long file for
// the end. `scripts/file-times.js` (a reporter, run without --parallel) measures the files.
'use strict';
const fs = require('fs');
const path = require('path');

const TEST = path.join(__dirname, 'dist', 'test');
/** The order in which the jobs take the files of 5 s or more (the others follow, by name).
 * Measured one after another on a quiet machine (scripts/file-times.js: wall and machine CPU
 * seconds) and ordered so that the running files' CPU keeps both cores busy: a file that mostly
 * waits (video playing, timers, real pauses: CPU well under its time) starts beside one that keeps
 * a core busy (an editor or dashboard page at work), the longest of each kind first
 * (dashboard/panel and dashboard/live count as waiting: in the parallel run, sampled every 2 s, they
 * leave a core idle more than their serial figures say). The three longest waiting files side by
 * side, as the slowest-first order had it, left the machine half idle for the run's first minute.
 * The checks (test/checks/: one core each, all CPU) start beside the first waiting files; packed
 * goes before nodes/examples, which with hidden and stops side by side left the machine idle for
 * 15 s. */
const ORDER = [
  'checks/typecheck', // 20 s, 30 CPU-s
  'browser/editor-examples', // 65 s, 29 CPU-s
  'nodes/ezviz-stream/players', // 55 s, mostly waiting (real players read the stream)
  'reliability/replies-clip', // 45 s (89 s at load 17), generated playback streams at the stream's pace
  'dashboard/timeline', // 46 s, 21 CPU-s
  'dashboard/clip-save', // 35 s at load 20, a playback and its clip read in the runtime
  'browser/account', // 23 s, 27 CPU-s
  'checks/format', // 24 s, 24 CPU-s
  'browser/editor-dialogs', // 38 s, 39 CPU-s (the two halves it merged: 46 s, 51 CPU-s)
  'dashboard/live-cap-hls', // 45 s, 17 CPU-s
  'checks/lint', // 16 s, 20 CPU-s (without its cache, as in a fresh clone)
  'dashboard/hidden', // 37 s, 16 CPU-s
  'dashboard/wall', // 30 s at load 17, 16 cameras in Chromium
  'nodes/ezviz-stream/stalled', // 29 s at load 17, waiting (ffmpeg reads at the stream's pace)
  'dashboard/packed', // 20 s, 27 CPU-s
  'nodes/examples', // 30 s, 6 CPU-s
  'dashboard/stops', // 29 s, 18 CPU-s
  'dashboard/live-cap-flv', // 24 s, 10 CPU-s
  'dashboard/panel', // 24 s, 18 CPU-s
  'browser/editor-zh', // 18 s, 21 CPU-s
  'dashboard/live', // 22 s, 20 CPU-s
  'dashboard/stream-source', // 36 s alone (a stream node, two pages on it)
  'reliability/webhook-attacks', // 20 s, 8 CPU-s
  'browser/newuser', // 18 s, 23 CPU-s
  'reliability/replies', // 19 s, 10 CPU-s
  'nodes/camera', // 16 s, 1 CPU-s
  'browser/switch', // 18 s, 25 CPU-s
  'simulator/areas/flv', // 14 s, 1 CPU-s
  'simulator/areas/flv-media', // 15 s, 2 CPU-s (streams at the wall clock's pace, a 3 s wake)
  'reliability/keep-alive', // 14 s, 3 CPU-s
  'browser/sidebar', // 17 s, 20 CPU-s
  'reliability/soak-events', // 13 s, 2 CPU-s
  'reliability/replies-firmware', // 10 s, 3 CPU-s
  'dashboard/look', // 16 s, 23 CPU-s
  'reliability/soak', // 9 s, 5 CPU-s
  'reliability/replies-setting', // 8 s, 2 CPU-s
  'browser/editor-help', // 15 s, 19 CPU-s
  'reliability/lifecycle', // 8 s, 4 CPU-s
  'browser/live', // 7 s, 4 CPU-s
  'dashboard/auth-user', // 8 s, 9 CPU-s
  'reliability/fuzz-upkeep', // 7 s, 1 CPU-s
  'reliability/world', // 7 s, 1 CPU-s
  'browser/demo', // 6 s, 7 CPU-s
  'nodes/ezviz-clip/clip', // 17 s at load 17
  'dashboard/glance', // 14 s at load 17
  'dashboard/kinds', // 14 s at load 17
  'reliability/replies-hub-siren', // 12 s at load 17
  'dashboard/stage', // 9 s at load 17
  'nodes/ezviz-clip/chromium', // 9 s at load 17
  'reliability/replies-voice', // 5 s, 1 CPU-s
  'reliability/fuzz', // 5 s, 5 CPU-s
];

function testFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return e.name.endsWith('.test.js') ? [full] : [];
  });
}

const rank = (file) => {
  const i = ORDER.indexOf(
    path
      .relative(TEST, file)
      .replace(/\\/g, '/')
      .replace(/\.test\.js$/, ''),
  );
  return i < 0 ? ORDER.length : i;
};
const files = testFiles(TEST).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

module.exports = {
  spec: files.length ? files.map((f) => path.relative(process.cwd(), f)) : ['dist/test/**/*.test.js'],
  require: ['dist/test/support/said-checks.js'],
  parallel: true,
  // Four files at a time on two cores (EZVIZ_TEST_JOBS for another count): a browser file's CPU
  // and other files' waiting overlap. Measured on this 2-core machine, `npm test` with the checks
  // among the files, one run after another on the same day: three 340, 365 and 368 s, four 341 and
  // 353 s; the utilization sampled every 2 s stayed near 100 % with four where three left dips in
  // the run's second half (files that wait on real time: soaks, keep-alive, the camera queue).
  // (Before the checks were files, with them beside mocha, four had been slower than three.)
  jobs: Number(process.env.EZVIZ_TEST_JOBS) || 4,
  sort: false,
  timeout: 20000,
  exit: false,
  reporter: 'spec',
  'enable-source-maps': true,
};
