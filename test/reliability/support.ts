// Shared parts of the reliability suite: run size (reduced inside `npm test`, full with
// RELIABILITY_FULL=1 from `npm run test:reliability`), the run-wide summary, process-level traps
// for uncaught exceptions and unhandled rejections, and the secrets scan of everything the nodes
// said (the helper's spies on send/status/log/warn/error and RED.log), scanned and then emptied in
// slices so that tens of thousands of messages fit in memory.
// Node loading, flows and simulators come from test/support/red.ts.

import assert from 'assert';
import fs from 'fs';
import type { Simulator, SimulatorOptions } from '../../simulator';
import { helper, resetHooks, secrets, serialise, startSim, stopSim, unload, type Msg } from '../support/red';
import { wordFinder } from '../support/said-checks';
import { emptySummary, Summary, summaryText } from './summary';

/** Full counts (`npm run test:reliability`) or the reduced ones of `npm test`. */
export const FULL = process.env.RELIABILITY_FULL === '1';
export const SEED = Number(process.env.RELIABILITY_SEED ?? 20260121) | 0;

export function size(full: number, reduced: number): number {
  return FULL ? full : reduced;
}

/**
 * fast-check's replay of one message: RELIABILITY_RUN=<n> (the failing message's number, from 1, as
 * a failure names it: `clip-96` is 96 when its property ran alone) starts the property at that
 * message, generated as in the whole run (same seed), without running the ones before it. Spread
 * into a property's parameters: `{ numRuns, seed, ...replay() }`.
 */
export function replay(): { path?: string } {
  const n = Number(process.env.RELIABILITY_RUN);
  return Number.isInteger(n) && n >= 1 ? { path: String(n - 1) } : {};
}

/**
 * This process's share of a file's tests (run-full.ts runs the full counts in two processes, one per
 * core): RELIABILITY_PART_UNITS, a JSON list of "<file>:<index>", names the tests of the shared files
 * this process runs (its share of a split by measured time); else RELIABILITY_PART=<k>/<n> keeps
 * the tests whose index is k modulo n; without either, all. `index` is the test's place in its
 * file's list (operations in order), `file` the file's name without `.test.ts`.
 */
export function inPart(index: number, file: string): boolean {
  const units = process.env.RELIABILITY_PART_UNITS;
  if (units) return (JSON.parse(units) as string[]).includes(`${file}:${index}`);
  const m = /^(\d+)\/(\d+)$/.exec(process.env.RELIABILITY_PART ?? '');
  return !m || index % Number(m[2]) === Number(m[1]);
}

// ---- summary ----------------------------------------------------------------------------------

export type { Summary } from './summary';

export const summary: Summary = emptySummary();

export function countOutcome(kind: string, n = 1): void {
  summary.outcomes[kind] = (summary.outcomes[kind] ?? 0) + n;
}

export function section(name: string, started: number, detail: string): void {
  summary.sections.push({ name, ms: Date.now() - started, detail });
}

function printSummary(): void {
  // For run-full.ts, which adds up the summaries of its processes.
  if (process.env.RELIABILITY_SUMMARY_OUT)
    fs.writeFileSync(process.env.RELIABILITY_SUMMARY_OUT, JSON.stringify(summary));
  if (!summary.sections.length) return;
  console.log(
    summaryText(
      summary,
      `Reliability summary (${FULL ? 'full' : 'reduced'} run, seed ${SEED}` +
        `${process.env.RELIABILITY_PART ? `, part ${process.env.RELIABILITY_PART}` : ''})`,
    ),
  );
}

// A root hook (this module is loaded by the reliability test files): once, after every test.
// (Not in the lifecycle scenario's child process, which runs without mocha.)
if (typeof after === 'function') after(printSummary);

// ---- process-level traps ----------------------------------------------------------------------

/** Uncaught exceptions and unhandled rejections seen since the last take(). */
const trapped: string[] = [];
let trapping = false;

export function trapProcess(): void {
  if (trapping) return;
  trapping = true;
  process.on('unhandledRejection', (reason) => {
    trapped.push(`unhandledRejection: ${String((reason as Error)?.stack ?? reason)}`);
  });
  process.on('uncaughtExceptionMonitor', (err) => {
    trapped.push(`uncaughtException: ${String(err?.stack ?? err)}`);
  });
}

export function takeTrapped(): string[] {
  return trapped.splice(0);
}

/**
 * The hooks of a reliability file (its `describe`) on one simulator: the process traps on and a
 * simulator started before its tests (`use` receives it); after them the runtime hooks reset,
 * `forget` run (process-wide memories of the nodes: push ids, seen copies), the flows unloaded
 * (unless `loaded()` says none are) and the simulator stopped.
 */
export function simulatorForFile(
  options: SimulatorOptions,
  use: (sim: Simulator) => void,
  o: { forget?: () => void; loaded?: () => boolean } = {},
): void {
  simulatorsForFile(1, options, ([sim]) => use(sim), o);
}

/** simulatorForFile with `count` simulators of the same `options` (a fuzzer in lanes, lanes.ts: one each). */
export function simulatorsForFile(
  count: number,
  options: SimulatorOptions,
  use: (sims: Simulator[]) => void,
  o: { forget?: () => void; loaded?: () => boolean } = {},
): void {
  const sims: Simulator[] = [];
  before(async () => {
    trapProcess();
    takeTrapped();
    for (let i = 0; i < count; i++) sims.push(await startSim(options));
    use(sims);
  });
  after(async () => {
    resetHooks();
    o.forget?.();
    if (o.loaded?.() ?? true) await unload();
    for (const sim of sims.splice(0)) await stopSim(sim);
  });
}

// ---- secrets scan -----------------------------------------------------------------------------

type Spy = { args: unknown[][]; thisValues: unknown[]; resetHistory(): void };

const SPIED = ['send', 'status', 'warn', 'error', 'log', 'debug', 'trace'];

function prototypeSpies(): Spy[] {
  const proto = (helper as unknown as { _NodePrototype: Record<string, Spy | undefined> })._NodePrototype;
  return SPIED.map((m) => proto[m]).filter((s): s is Spy => !!s && Array.isArray(s.args));
}

/**
 * Replaces the helper's sinon spies on the node prototype (send, status, log, warn, error, debug,
 * trace) and on RED.log with plain recorders of the arguments, for the runs of tens of thousands
 * of messages: a sinon spy keeps this, arguments, return values, call ids and a new Error per call
 * (a stack trace captured on every status or send) and the helper adds a `call:<method>` event on
 * the next tick. The reliability suite reads only `args` and `resetHistory()`, which the
 * recorders keep. Call right after load(); helper.unload() puts the original methods back (the
 * sandbox restores the prototype's own properties whatever they were replaced with).
 */
export function lightSpies(): void {
  const h = helper as unknown as {
    _NodePrototype: Record<string, unknown>;
    _log: Record<string, unknown>;
    _logSpy?: unknown;
  };
  const light = (target: Record<string, unknown>, m: string) => {
    const spied = target[m] as { wrappedMethod?: (...a: unknown[]) => unknown } | undefined;
    const original = spied?.wrappedMethod;
    if (typeof original !== 'function') return undefined;
    const rec = Object.assign(
      function recorder(this: unknown, ...args: unknown[]) {
        rec.args.push(args);
        return original.apply(this, args);
      },
      {
        args: [] as unknown[][],
        resetHistory() {
          rec.args = [];
        },
      },
    );
    target[m] = rec;
    return rec;
  };
  for (const m of SPIED) light(h._NodePrototype, m);
  const logRec = light(h._log, 'log');
  if (logRec && h._logSpy) {
    // helper.log() hands out the spy it made: hand out the recorder (with the level constants).
    const spy = h._logSpy as Record<string, unknown>;
    for (const k of ['FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE', 'METRIC'])
      (logRec as unknown as Record<string, unknown>)[k] = spy[k];
    h._logSpy = Object.assign(logRec, { restore: () => (spy as { restore: () => void }).restore() });
  }
}

export interface ScanResult {
  lines: number;
  hits: string[];
  /** node.error calls with an error that is not the package's own EzvizError: something was thrown. */
  foreignErrors: string[];
}

/**
 * Scans what the nodes said since the last scan (sent messages, statuses, log lines, errors) for
 * any of `extra` and the known secrets, then empties the record. Call before helper.unload().
 */
export function scanSaid(extra: Iterable<string> = []): ScanResult {
  const words = [...new Set([...secrets, ...extra])].filter((w) => w && w.length >= 6);
  const out: ScanResult = { lines: 0, hits: [], foreignErrors: [] };
  // One pass over each line for all the words (tens of thousands of tokens and card passwords in a
  // long fuzz run: one regular expression of them all took most of a scan).
  const find = wordFinder(words);
  const check = (what: string, v: unknown) => {
    const s = serialise(v);
    out.lines++;
    for (const w of find(s)) out.hits.push(`${w} in ${what}: ${s.slice(0, 300)}`);
  };
  const proto = (helper as unknown as { _NodePrototype: Record<string, Spy | undefined> })._NodePrototype;
  for (const m of SPIED) {
    const spy = proto[m];
    if (!spy || !Array.isArray(spy.args)) continue;
    for (const a of spy.args) {
      check(m, a);
      if (m === 'error') {
        // A text is a deliberate log line; an Error object that is not the package's own was
        // thrown by something (Node-RED reports what an input handler throws this way).
        const e = a[0] as { name?: string } | undefined;
        if (typeof e !== 'string' && !(e && typeof e === 'object' && e.name === 'EzvizError')) {
          out.foreignErrors.push(serialise(a).slice(0, 400));
        }
      }
    }
  }
  try {
    const log = helper.log() as unknown as Spy;
    for (const a of log.args) check('RED.log', a);
    log.resetHistory();
  } catch {
    /* no flow loaded */
  }
  for (const s of prototypeSpies()) s.resetHistory();
  summary.linesScanned += out.lines;
  summary.secretHits += out.hits.length;
  return out;
}

/**
 * The end of a fuzzer: what the nodes said since the last scan holds none of `words` (nor a known
 * secret) and no error thrown out of a node, and Object.prototype is untouched; the scan.
 */
export function assertSaidClean(words: Iterable<string>): ScanResult {
  const scan = scanSaid(words);
  assert.deepStrictEqual(scan.foreignErrors, [], 'something was thrown out of a node');
  assert.deepStrictEqual(scan.hits, [], 'a secret in what the nodes said');
  assert.ok(prototypeClean(), 'Object.prototype untouched');
  return scan;
}

/** One fuzzed message done: its outcome `kind` counted in the summary (unless `counted` is false: a
 * self-check's run), nothing thrown or rejected meanwhile (`id` names the message). */
export function tallyMessage(kind: string, id: string, counted = true): void {
  if (counted) {
    countOutcome(kind);
    summary.messages++;
  }
  assert.deepStrictEqual(takeTrapped(), [], id);
}

/** Records in `outcomes`, by _msgid, every message that reaches the helper nodes `ports`, each with
 * the port it came out of (`port`). */
export function recordOutcomes(outcomes: Map<string, Msg[]>, ports = ['ok', 'err']): void {
  for (const port of ports)
    helper
      .getNode(port)
      .on('input', (m: Msg) => outcomes.set(m._msgid, [...(outcomes.get(m._msgid) ?? []), { ...m, port }]));
}

/** Every secret word of a simulator's state (tokens it issued, app secrets, card passwords). */
export function stateSecrets(state: {
  tokens: Record<string, unknown>;
  appKeys: Record<string, { appSecret: string }>;
  cards: Record<string, unknown>;
}): string[] {
  return [
    ...Object.keys(state.tokens),
    ...Object.values(state.appKeys).map((k) => k.appSecret),
    ...Object.keys(state.cards),
  ];
}

/** Keys of Object.prototype, to prove no input polluted it. */
export const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

export function prototypeClean(): boolean {
  return (
    Object.getOwnPropertyNames(Object.prototype).sort().join(',') === PROTO_KEYS &&
    ({} as Record<string, unknown>).deviceSerial === undefined
  );
}

/** Waits until `cond()` holds or `ms` passed; resolves with its last value. */
export async function until(cond: () => boolean, ms: number, step = 2): Promise<boolean> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, step));
  }
  return true;
}
