// mocha's settings for `npm test` (after the build): every test file under dist/test (the checks of
// test/checks/ among them), in parallel (independent files;
// the secret and status-key checks run per test and per file from the root-hook plugin
// test/support/said-checks.ts), in an order (ORDER) that keeps both cores busy and no long file for
// the end. `scripts/file-times.js` (a reporter, run without --parallel) measures the files.
'use strict';
const fs = require('fs');
const path = require('path');

const TEST = path.join(__dirname, 'dist', 'test');

// The run's V8 code cache (test/support/code-cache.ts): the Node-REDs the tests start load the
// modules that the run's first ones compiled from it instead of compiling them again. One
// directory per run under the OS temp dir (mocha re-starts itself for node-option below: the
// second process finds it in the environment), removed at the end by the process that made it.
if (!process.env.EZVIZ_CODE_CACHE) {
  const dir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'ezviz-code-cache-'));
  process.env.EZVIZ_CODE_CACHE = dir;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
}
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
 * 15 s. On 2026-11-29 evening, quiet, each file's start and end logged in the parallel run beside
 * the machine's idle share each second: the long editor files (editor-dialogs, editor-nodes, since merged into it) start
 * earlier, beside the waiting ones, and the short waiting files (camera, soak-events, flv,
 * flv-media, keep-alive) run among the busy dashboard files instead of side by side near the end,
 * where they left the machine a third idle: build and mocha 400 -> 384 -> 373 s, the run's idle
 * share 9.2 -> 7.9 %. The same night, after the evening's merges (the run at 577 CPU-s, 339 s, the
 * machine 12 % idle), the order came from a model of the run: each file's CPU in the parallel run
 * (its mocha worker's process tree, Chromium's and Node-RED's included, sampled every 0.5 s) and its
 * wall time; four jobs on two cores shared fairly (a file that waits is barely slowed), each file's
 * floor calibrated until the measured order gave the measured walls (simulated 325 s against 328);
 * then the order searched in that model for the shortest run: 339 -> 328 s, quiet. The figures after "alone at load N" are of 2026-11-29, each file alone on the shared machine
 * (load N): its wall time and the CPU of its whole process tree, Chromium's included (a subreaper
 * reaped every process of the run); under that load CPU figures run up to twice the quiet ones. */
const ORDER = [
  'nodes/ezviz-clip/chromium', // 9 s at load 17; alone at load 9: 17 s, 6 CPU-s
  'checks/typecheck', // TypeScript 7: alone at load 12-17: 30 s, 9.3-11.8 CPU-s (TypeScript 5.9: 188 s, 54 CPU-s); the three checks run their script without npm (test/support/npm-script.ts): 0.3-0.5 CPU-s less each
  'browser/editor-examples', // 65 s, 29 CPU-s; alone at load 24: 278 s, 57 CPU-s; its presses waited in the page, the runtime's sleeps a tenth: alone at load 12-13, 148 s, 43 CPU-s (194 s, 60 CPU-s before, at load 11); each press one round trip to find and hit-test its button and a mouse click there (not Playwright's locator click and a read before it): alone at load 5-8, 37.0, 39.7 and 39.5 CPU-s (before, at the same load: 42.0 and 45.0)
  'reliability/replies-clip', // 45 s (89 s at load 17), generated playback streams at the stream's pace; alone at load 24: 56 s, 8 CPU-s
  'dashboard/live-cap-hls', // 45 s, 17 CPU-s; alone at load 21: 123 s, 21 CPU-s
  'browser/editor-dialogs', // 38 s, 39 CPU-s (the two halves it merged: 46 s, 51 CPU-s); alone at load 20: 307 s, 77 CPU-s. With the first-time user's walks (test/support/first-flows.ts, once newuser and switch, then first-flows: alone at load 14-16, 37.7 and 40.7 CPU-s) in its Node-RED and editor: the two files 94.1 and 84.5 CPU-s, merged 65.5 and 81.4 CPU-s (load 6-9); with editor-nodes' palette, help and examples (before the walks) and its Chinese browser's page (after them) in the same Node-RED and editor page (test/support/editor-nodes.ts): the two files 125.1 and 121.2 CPU-s, merged 103.1 and 108.8 CPU-s (load 6-8)
  'dashboard/hidden', // with clip-save's test (merged: one Node-RED; before, hidden 37 s, 16 CPU-s and clip-save 35 s at load 20); alone at load 12-14: 92 and 87 s, 37 and 32 CPU-s (the two files before: 105 s, 42 CPU-s); with timeline's tests (merged, where timeline ran: its panel `tcam` and config node on a page of their own, after hidden's and clip-save's; before, timeline 62 s and hidden 40 s in the parallel run): alone, the two files 61.1 (load 8) and 65.2 CPU-s (load 4-7), merged 58.7 (load 8-10) and 58.4 CPU-s (load 5-7), 120 s alone
  'browser/admin-editor', // account and sidebar merged (one Node-RED behind the login, one logged-in editor, one reload to Chinese; before, account 23 s, 27 CPU-s and sidebar 17 s, 20 CPU-s quiet): alone, the two files 63.7 and 56.8 CPU-s, merged 47.7 and 48.2 CPU-s (load 9-12)
  'dashboard/live-cap-flv', // 24 s, 10 CPU-s; alone at load 15: 56 s, 18 CPU-s
  'reliability/replies', // 19 s, 10 CPU-s; alone at load 16: 50 s, 15 CPU-s; with soak, alone at load 7-10: 21.5 / 19.6 CPU-s, 19.0 / 16.6 with node-option's young generation
  'checks/format', // 24 s, 24 CPU-s; alone at load 22: 258 s, 34 CPU-s; .ts read by babel-ts (test/checks/format.test.ts): alone at load 10-14, 25.2 and 28.8 -> 22.7 and 22.7 CPU-s
  'nodes/ezviz-stream/players', // 55 s, mostly waiting (real players read the stream); alone at load 26: 102 s, 14 CPU-s
  'checks/lint', // 16 s, 20 CPU-s (without its cache, as in a fresh clone); alone at load 20: 262 s, 39 CPU-s (Vue's rules on every file then)
  'reliability/webhook-attacks', // 20 s, 8 CPU-s; alone at load 16: 45 s, 11 CPU-s
  'reliability/soak-events', // 13 s, 2 CPU-s; alone at load 8: 23 s, 7 CPU-s
  'dashboard/wall', // 30 s at load 17, 16 cameras in Chromium; alone at load 18: 52 s, 21 CPU-s; its pages keep their frames from the first load (no reload): alone at load 7, 31 and 26 s, 17.1 and 15.6 CPU-s (before, at load 6-7: 39 and 28 s, 19.6 and 19.7 CPU-s); with wall-stream (its wall on a page of its own, the same two browsers loaded again there; alone at load 8: 25.6 and 25.7 CPU-s) and dialogs (its panel and wall on a page and tab of their own, in wall-stream's editor page; 19 CPU-s quiet) merged: one Node-RED, two page contexts and one editor load for the three: alone at load 6, the three files 19.9 + 26.9 + 20.5 = 67.3 CPU-s, merged 39.6 and 37.9 CPU-s
  'reliability/world', // 7 s, 1 CPU-s; alone at load 7: 13 s, 5 CPU-s
  'dashboard/packed', // 20 s, 27 CPU-s; alone at load 20: 147 s, 36 CPU-s
  'nodes/ezviz-clip/clip', // 17 s at load 17; alone at load 8: 19 s, 7 CPU-s
  'nodes/ezviz-stream/stalled', // 29 s at load 17, waiting (ffmpeg reads at the stream's pace); alone at load 17: 40 s, 7 CPU-s
  'simulator/areas/flv-media', // 15 s, 2 CPU-s (streams at the wall clock's pace, a 3 s wake); alone at load 8: 14 s, 2 CPU-s
  'reliability/keep-alive', // 14 s, 3 CPU-s; alone at load 7: 17 s, 5 CPU-s
  'dashboard/panel', // 24 s, 18 CPU-s; alone at load 15: 71 s, 28 CPU-s; two of its six pages loaded in a parked one (reuse): alone at load 10-11, 63 and 60 s, 27 and 26 CPU-s (before, at load 10: 74 s, 30 CPU-s); with stops (merged: one Node-RED, the panel's output wired to stops' debug node, stops' tests first; its new page for the replay check loaded in the parked one): alone, the two files 45.7 (load 6) and 54.0 CPU-s (load 7-12), merged 47.6, 43.7 (load 7) and 47.6 CPU-s (load 9-12)
  'nodes/camera', // 16 s, 1 CPU-s; alone at load 13: 24 s, 5 CPU-s
  'reliability/fuzz', // 5 s, 5 CPU-s; alone at load 8: 32 s, 14 CPU-s
  'nodes/examples', // 30 s, 6 CPU-s; alone at load 19: 99 s, 12 CPU-s
  'dashboard/live', // with stream-source's tests (merged: one Node-RED, a page on /stream; before, live 22 s, 20 CPU-s and stream-source 36 s alone, quiet); alone at load 14-24: 66 and 103 s, 30 and 34 CPU-s (the two files before, alone at load 10-15: 84 and 92 s, 42 and 41 CPU-s); the stream tests' pages listen from their first load instead of a reload, the pages close once judged; with look's tests (merged, after live's and stream-source's: its panels and a config node of their own on pages /look, /dark, /who): alone, the two files 54.3 CPU-s (load 8-9), merged 49.6 (load 7-9) and 44.7 CPU-s (load 8-10), 80 s alone
  'simulator/cli', // 9 s at the run's very end (by name among the short files), the machine 44 % idle then; mostly waiting on its child processes
  'reliability/soak', // 9 s, 5 CPU-s; alone at load 9: 18 s, 10 CPU-s (with replies and node-option: see replies)
  'reliability/lifecycle', // 8 s, 4 CPU-s; alone at load 8: 13 s, 7 CPU-s
  'browser/live', // 7 s, 4 CPU-s; alone at load 8: 12 s, 6 CPU-s; in the worker's Chromium (sharedBrowser) instead of one of its own: after ezviz-clip/chromium in one worker process (MOCHA_WORKER_ID), the two 8.8 and 10.1 -> 8.0 and 9.3 CPU-s (load 7-8); alone the same (7.0, 6.2 -> 6.6, 6.4)
  'reliability/replies-setting', // 8 s, 2 CPU-s; alone at load 7: 16 s, 6 CPU-s
  'nodes/ezviz-alarm/consumer', // 5 s or more in the parallel run (2026-11-29 evening, quiet), once among the short files by name
  'browser/demo', // 6 s, 7 CPU-s; alone at load 8: 16 s, 11 CPU-s
  'browser/packaging', // 5 s or more in the parallel run (2026-11-29 evening, quiet), once among the short files by name
  'nodes/ezviz-stream/stream', // 5 s or more in the parallel run (2026-11-29 evening, quiet), once among the short files by name
  'dashboard/panel-pages', // the five small panel files merged (stage, auth-user, faces, glance, kinds; quiet they were 44 s, 56 CPU-s one after another): alone at load 12: 98 and 112 s, 42 and 49 CPU-s (the five alone at load 12-19: 205 s, 72 CPU-s); four of its eight pages loaded in a parked one (env.open's reuse): alone at load 9-10, 62 and 52 s, 34 and 32 CPU-s (before, at the same load: 84 and 74 s, 41 and 40 CPU-s, its glance test failing on a fresh page both times)
  'nodes/ezviz-capture/pictures', // 5 s or more in the parallel run (2026-11-29 evening, quiet), once among the short files by name
  'simulator/areas/flv', // 14 s, 1 CPU-s; alone at load 9: 15 s, 3 CPU-s
  'reliability/fuzz-upkeep', // 7 s, 1 CPU-s; alone at load 7: 11 s, 4 CPU-s
  'reliability/replies-firmware', // 10 s, 3 CPU-s; alone at load 8: 19 s, 8 CPU-s
  'reliability/replies-hub-siren', // 12 s at load 17; alone at load 11: 26 s, 4 CPU-s
  'reliability/replies-voice', // 5 s, 1 CPU-s; alone at load 8: 14 s, 5 CPU-s
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
  // A larger young generation for the test processes (mocha re-starts itself with the option and
  // its workers inherit it; the Node-REDs the tests start keep Node's default): the reply and soak
  // files make short-lived garbage by the megabyte (replies: 3.3 of 34 profiled s in the garbage
  // collector). replies + soak alone 21.5 / 19.6 -> 19.0 / 16.6 CPU-s (load 7-10, 2026-11-29);
  // fuzz + lifecycle + clip + replies-setting 22.4 / 22.9 either way; replies-clip's held-memory
  // bound (64 MiB, checked after a full collection) and reliability-memory pass alike.
  'node-option': ['max-semi-space-size=32'],
  sort: false,
  timeout: 20000,
  exit: false,
  reporter: 'spec',
  // No source maps in `npm test` (as in the reliability run): mapping every error's stack through
  // them cost about 7 % of the test processes' CPU (nodes and replies files, 18.0 against 19.4
  // CPU-s, 2026-11-29, load 1-4). A failing test's stack then names dist/ lines: run the file alone
  // with --enable-source-maps (CONTRIBUTING.md's fast loop) to read the TypeScript lines.
};
