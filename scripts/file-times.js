// A mocha reporter: the spec reporter's output, then each test file's wall time (its top-level
// suites from first begin to last end, hooks included), slowest first, and their sum; on Linux
// also the CPU seconds the whole machine spent meanwhile (/proc/stat: the file's own processes,
// Node-RED and Chromium children included, when nothing else runs), since `npm test` runs two files
// at a time on two cores and is bound by CPU as much as by waiting.
//   npx mocha --no-parallel --reporter ./scripts/file-times.js ...
'use strict';
const fs = require('fs');
const Mocha = require('mocha');
const path = require('path');

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END } = Mocha.Runner.constants;

/** The machine's busy CPU seconds so far (user, nice, system, irq, softirq), or NaN off Linux. */
function busyCpu() {
  try {
    const [, user, nice, system, , , irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/);
    return (+user + +nice + +system + +irq + +softirq) / 100;
  } catch {
    return NaN;
  }
}

class FileTimes extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const times = new Map(); // file -> { start, end, cpu0, cpu }
    const now = () => Number(process.hrtime.bigint() / 1000000n);
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (!suite.file || !suite.parent || !suite.parent.root) return;
      const t = times.get(suite.file) || { start: now(), end: 0, cpu0: busyCpu(), cpu: 0 };
      times.set(suite.file, t);
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!suite.file || !suite.parent || !suite.parent.root) return;
      const t = times.get(suite.file);
      t.end = now();
      t.cpu = busyCpu() - t.cpu0;
    });
    runner.once(EVENT_RUN_END, () => {
      const rows = [...times].map(([file, t]) => [path.relative(process.cwd(), file), (t.end - t.start) / 1000, t.cpu]);
      rows.sort((a, b) => b[1] - a[1]);
      const total = rows.reduce((s, r) => s + r[1], 0);
      const cpu = rows.reduce((s, r) => s + r[2], 0);
      const col = (n) => (Number.isNaN(n) ? '' : n.toFixed(1).padStart(7));
      console.log('\n  file times (s)   machine CPU (s)');
      for (const [file, s, c] of rows) console.log(`  ${s.toFixed(1).padStart(7)}  ${col(c)}  ${file}`);
      console.log(`  ${total.toFixed(1).padStart(7)}  ${col(cpu)}  total of ${rows.length} files`);
    });
  }
}
module.exports = FileTimes;
