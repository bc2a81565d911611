// `npm run test:reliability`: the reliability suite at full counts (RELIABILITY_FULL=1) in two
// mocha processes at once, one per core. The work is split by measured time: the tests of the large
// files (replies, fuzz, fuzz-state: one per operation) and every other file whole are units, each
// with its time in MEASURED; the longest unit goes to the process with the least so far (a greedy
// split), and each process gets its files and RELIABILITY_PART_UNITS (its tests of the large files).
// A unit not in MEASURED counts as UNMEASURED_S. Each process's output is printed when it ends (not
// interleaved), then the summary of both. Exit status: 0 only when both passed. Extra arguments go to
// both mocha runs (e.g. --grep). `npm test` runs the same files in one process at reduced counts.

import { spawn } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { OPERATIONS } from '../../client/operations/operations';
import { addSummary, emptySummary, Summary, summaryText } from './summary';

const DIR = __dirname;
const MOCHA = require.resolve('mocha/bin/mocha.js');
const PROCESSES = 2;

/** The files whose tests are units of their own, and how many tests each has (by index, inPart()). */
const OPS = Object.keys(OPERATIONS).length;
const SPLIT: Record<string, number> = {
  replies: OPS + 1, // one per operation, then token/get
  fuzz: OPS, // one per operation
  'fuzz-state': 2, // ezviz-switch, ezviz-device
};

/**
 * Seconds per unit at full counts ("<file>:<index>" for the split files, "<file>" for the others),
 * measured on this 2-core machine (the figures of `npm run test:reliability`'s output: each test's
 * time, a file's the sum of its tests), all from one quiet full run of 2026-11-29 (parts of 550 and
 * 839 s as the older figures split them: fuzz-hub-siren and replies-hub-siren had grown to 99 and
 * 132 s). Renew them when a test's time changes much. The five marked "est." were cut the same day
 * (soak-events, fuzz-alarm, webhook-attacks, replies-pictures, fuzz-upkeep) and measured alone at
 * full counts before and after on the shared machine (load 11-18): each is its quiet figure times
 * the ratio of the two, the wall one for the waits cut, the CPU one for fuzz-alarm. The three marked
 * "lanes" run their messages in lanes since (lanes.ts): each file alone at full counts on the shared
 * machine (load 6, so likely above its quiet figure), the sum of its tests.
 */
export const MEASURED: Record<string, number> = {
  // replies: storage-open, storage-info, ptz-start, ptz-stop, ptz-mirror, preset-add, preset-call,
  // preset-clear, capture, live, token/get
  'replies:0': 22,
  'replies:1': 26,
  'replies:2': 51,
  'replies:3': 29,
  'replies:4': 24,
  'replies:5': 19,
  'replies:6': 45,
  'replies:7': 18,
  'replies:8': 21,
  'replies:9': 28,
  'replies:10': 100,
  'fuzz:0': 8,
  'fuzz:1': 10,
  'fuzz:2': 9,
  'fuzz:3': 7,
  'fuzz:4': 8,
  'fuzz:5': 10,
  'fuzz:6': 7,
  'fuzz:7': 9,
  'fuzz:8': 9,
  'fuzz:9': 10,
  'fuzz-state:0': 6,
  'fuzz-state:1': 6,
  'replies-hub-siren': 20, // lanes (was 132)
  'fuzz-hub-siren': 13, // lanes (was 99)
  'soak-events': 41, // est. (was 75)
  'replies-alarm': 67,
  'fuzz-alarm': 30, // est. (was 65)
  'replies-voice': 16, // lanes (was 64)
  'replies-clip': 58,
  'webhook-attacks': 40, // est. (was 58)
  soak: 39,
  'replies-pictures': 22, // est. (was 33)
  'fuzz-upkeep': 20, // est. (was 31)
  'replies-setting': 23,
  'keep-alive': 23,
  'fuzz-mq': 21,
  'replies-state': 18,
  'replies-firmware': 17,
  lifecycle: 15,
  'fuzz-alarm-sources': 11,
  config: 9,
  'fuzz-voice': 9,
  world: 9,
  'fuzz-recordings': 5,
  regressions: 3,
};
const UNMEASURED_S = 30;

interface Part {
  files: string[];
  units: string[];
  seconds: number;
}

/** The greedy split: every reliability test file's units, longest first, each to the least loaded process. */
export function splitByTime(names: string[], measured = MEASURED, processes = PROCESSES): Part[] {
  const units = names.flatMap((name) =>
    SPLIT[name] ? Array.from({ length: SPLIT[name] }, (_, i) => `${name}:${i}`) : [name],
  );
  const secs = (u: string) => measured[u] ?? UNMEASURED_S;
  units.sort((a, b) => secs(b) - secs(a) || a.localeCompare(b));
  const parts: Part[] = Array.from({ length: processes }, () => ({ files: [], units: [], seconds: 0 }));
  for (const u of units) {
    const part = parts.reduce((least, p) => (p.seconds < least.seconds ? p : least), parts[0]);
    part.units.push(u);
    part.seconds += secs(u);
    const file = u.split(':')[0];
    if (!part.files.includes(file)) part.files.push(file);
  }
  for (const p of parts) p.files.sort();
  return parts;
}

const NAMES = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.test.js'))
  .map((f) => f.slice(0, -'.test.js'.length))
  .sort();
const PARTS = splitByTime(NAMES);

interface Done {
  part: number;
  code: number;
  out: string;
  summary?: Summary;
  ms: number;
}

function runPart(part: number, p: Part, extra: string[]): Promise<Done> {
  const files = p.files.map((name) => path.join(DIR, `${name}.test.js`));
  const summaryFile = path.join(os.tmpdir(), `ezviz-reliability-${process.pid}-${part}.json`);
  fs.rmSync(summaryFile, { force: true });
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      // Without --enable-source-maps: every stack the runs make (axios and Node's streams read one
      // per failed request) was mapped through the source maps, a tenth of a reply fuzzer's CPU
      // (11 of 92 CPU-s of ptz-start). A failure's stack then names dist/ lines; NODE_OPTIONS=
      // --enable-source-maps (inherited) maps them again for a replay.
      [MOCHA, '--no-config', '--timeout', '0', '--reporter', 'spec', ...extra, ...files],
      {
        env: {
          ...process.env,
          RELIABILITY_FULL: '1',
          RELIABILITY_PART: `${part}/${PARTS.length}`,
          RELIABILITY_PART_UNITS: JSON.stringify(p.units.filter((u) => u.includes(':'))),
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
  const runs = PARTS.map((p, part) =>
    runPart(part, p, extra).then((d) => {
      process.stdout.write(
        `\n==== reliability part ${part}/${PARTS.length} (${p.files.join(', ')}; tests ` +
          `${p.units.filter((u) => u.includes(':')).join(', ')}; ${p.seconds} s measured): ` +
          `exit ${d.code}, ${Math.round(d.ms / 1000)} s\n${d.out}`,
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

if (require.main === module) void main();
