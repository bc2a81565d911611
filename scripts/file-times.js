// A mocha reporter: the spec reporter's output, then each test file's wall time (its top-level
// suites from first begin to last end, hooks included), slowest first, and their sum.
//   npx mocha --reporter ./scripts/file-times.js ...
'use strict';
const Mocha = require('mocha');
const path = require('path');

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END } = Mocha.Runner.constants;

class FileTimes extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const times = new Map(); // file -> { start, end }
    const now = () => Number(process.hrtime.bigint() / 1000000n);
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (!suite.file || !suite.parent || !suite.parent.root) return;
      const t = times.get(suite.file) || { start: now(), end: 0 };
      times.set(suite.file, t);
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!suite.file || !suite.parent || !suite.parent.root) return;
      times.get(suite.file).end = now();
    });
    runner.once(EVENT_RUN_END, () => {
      const rows = [...times].map(([file, t]) => [path.relative(process.cwd(), file), (t.end - t.start) / 1000]);
      rows.sort((a, b) => b[1] - a[1]);
      const total = rows.reduce((s, r) => s + r[1], 0);
      console.log('\n  file times (s)');
      for (const [file, s] of rows) console.log(`  ${s.toFixed(1).padStart(7)}  ${file}`);
      console.log(`  ${total.toFixed(1).padStart(7)}  total of ${rows.length} files`);
    });
  }
}
module.exports = FileTimes;
