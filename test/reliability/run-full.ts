// `npm run test:reliability`: the reliability suite at full counts (RELIABILITY_FULL=1) in two
// mocha processes at once, one per core. The large files share their tests by index
// (RELIABILITY_PART=0/2 and 1/2: operations alternate); the two soaks, bad configuration and the
// alarm reply fuzz (the longest of the rest) go to the first process, every other file to the second. Each process's output is printed when it ends (not interleaved), then the
// summary of both. Exit status: 0 only when both passed. Extra arguments go to both mocha runs
// (e.g. --grep). `npm test` runs the same files in one process at reduced counts.

import { spawn } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { addSummary, emptySummary, Summary, summaryText } from './summary';

const DIR = __dirname;
const MOCHA = require.resolve('mocha/bin/mocha.js');
const file = (name: string) => path.join(DIR, `${name}.test.js`);

/** Files whose tests both processes share (RELIABILITY_PART), and those the first one runs whole. */
const SHARED = ['replies', 'fuzz', 'fuzz-state'].map(file);
const FIRST = ['soak', 'config', 'soak-events'].map(file);
/** Every other reliability test file goes to the second process (none is left out). */
const REST = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.test.js'))
  .map((f) => path.join(DIR, f))
  .filter((f) => !SHARED.includes(f) && !FIRST.includes(f))
  .sort();
const PARTS: string[][] = [
  [...SHARED, ...FIRST],
  [...SHARED, ...REST],
];

interface Done {
  part: number;
  code: number;
  out: string;
  summary?: Summary;
  ms: number;
}

function runPart(part: number, files: string[], extra: string[]): Promise<Done> {
  const summaryFile = path.join(os.tmpdir(), `ezviz-reliability-${process.pid}-${part}.json`);
  fs.rmSync(summaryFile, { force: true });
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', MOCHA, '--no-config', '--timeout', '0', '--reporter', 'spec', ...extra, ...files],
      {
        env: {
          ...process.env,
          RELIABILITY_FULL: '1',
          RELIABILITY_PART: `${part}/${PARTS.length}`,
          RELIABILITY_SUMMARY_OUT: summaryFile,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', (code, signal) => {
      let summary: Summary | undefined;
      try {
        summary = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as Summary;
        fs.rmSync(summaryFile, { force: true });
      } catch {
        summary = undefined;
      }
      resolve({
        part,
        code: code ?? (signal ? 1 : 0),
        out: Buffer.concat(chunks).toString('utf8'),
        summary,
        ms: Date.now() - started,
      });
    });
  });
}

async function main(): Promise<void> {
  const extra = process.argv.slice(2);
  const started = Date.now();
  const load0 = os.loadavg();
  // Printed as each ends, in the order they end.
  const runs = PARTS.map((files, part) =>
    runPart(part, files, extra).then((d) => {
      process.stdout.write(
        `\n==== reliability part ${part}/${PARTS.length} (${files
          .map((f) => path.basename(f))
          .join(', ')}): exit ${d.code}, ${Math.round(d.ms / 1000)} s\n${d.out}`,
      );
      return d;
    }),
  );
  const done = await Promise.all(runs);
  const total = done.reduce((s, d) => (d.summary ? addSummary(s, d.summary) : s), emptySummary());
  const load1 = os.loadavg();
  const seed = Number(process.env.RELIABILITY_SEED ?? 20260121) | 0;
  process.stdout.write(
    summaryText(
      total,
      `Reliability summary (full run, seed ${seed}, ${PARTS.length} processes): ` +
        `${Math.round((Date.now() - started) / 1000)} s wall, load average ${load0[0].toFixed(1)} at the start, ` +
        `${load1[0].toFixed(1)} at the end`,
    ),
  );
  const failed = done.filter((d) => d.code !== 0 || !d.summary);
  for (const d of failed)
    process.stdout.write(`part ${d.part}: ${d.summary ? `exit ${d.code}` : 'no summary written'}\n`);
  process.exitCode = failed.length ? 1 : 0;
}

void main();
