// mocha's settings for `npm test` (scripts/test.js): every test file under dist/test, in parallel (independent files;
// the secret and status-key checks run per test and per file from the root-hook plugin
// test/support/said-checks.ts), the slowest files first so that they do not start last and hold
// up the end of the run. `scripts/file-times.js` (a reporter, run without --parallel) measures them.
'use strict';
const fs = require('fs');
const path = require('path');

const TEST = path.join(__dirname, 'dist', 'test');
/** The files of 7 s or more, slowest first (measured one after another on a quiet machine with
 * scripts/file-times.js, see CONTRIBUTING.md: the longest, timeline, 48 s). */
const SLOW = [
  'dashboard/timeline',
  'browser/editor-examples-1',
  'dashboard/live-cap-hls',
  'browser/editor-examples-2',
  'dashboard/stops',
  'nodes/examples',
  'dashboard/hidden',
  'dashboard/packed',
  'browser/editor-dialogs-1',
  'dashboard/panel',
  'dashboard/live-cap-flv',
  'browser/newuser',
  'browser/account',
  'browser/editor-dialogs-2',
  'dashboard/live',
  'reliability/webhook-attacks',
  'reliability/replies',
  'nodes/camera',
  'browser/editor-zh',
  'browser/sidebar',
  'browser/editor-help',
  'simulator/areas/flv',
  'browser/switch',
  'reliability/keep-alive',
  'dashboard/look',
  'reliability/soak-events',
  'reliability/replies-firmware',
  'reliability/soak',
  'reliability/replies-setting',
  'reliability/lifecycle',
  'dashboard/auth-user',
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
  const i = SLOW.indexOf(
    path
      .relative(TEST, file)
      .replace(/\\/g, '/')
      .replace(/\.test\.js$/, ''),
  );
  return i < 0 ? SLOW.length : i;
};
const files = testFiles(TEST).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

module.exports = {
  spec: files.length ? files.map((f) => path.relative(process.cwd(), f)) : ['dist/test/**/*.test.js'],
  require: ['dist/test/support/said-checks.js'],
  parallel: true,
  // Three files at a time on two cores (EZVIZ_TEST_JOBS for another count): a browser file's CPU
  // and another file's waiting overlap. Measured on this 2-core machine, the same tests: three
  // 370 s (616 CPU-s), four 370 s (693 CPU-s).
  jobs: Number(process.env.EZVIZ_TEST_JOBS) || 3,
  sort: false,
  timeout: 20000,
  exit: false,
  reporter: 'spec',
  'enable-source-maps': true,
};
