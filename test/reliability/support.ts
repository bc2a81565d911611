// Shared parts of the reliability suite (issue 7): run size (reduced inside `npm test`, full with
// RELIABILITY_FULL=1 from `npm run test:reliability`), the run-wide summary, process-level traps
// for uncaught exceptions and unhandled rejections, and the secrets scan of everything the nodes
// said (the helper's spies on send/status/log/warn/error and RED.log), scanned and then emptied in
// slices so that tens of thousands of messages fit in memory.
// Node loading, flows and simulators come from test/support/red.ts.

import { helper, secrets, serialise } from '../support/red';

/** Full counts (`npm run test:reliability`) or the reduced ones of `npm test`. */
export const FULL = process.env.RELIABILITY_FULL === '1';
export const SEED = Number(process.env.RELIABILITY_SEED ?? 20260121) | 0;

export function size(full: number, reduced: number): number {
  return FULL ? full : reduced;
}

// ---- summary ----------------------------------------------------------------------------------

export interface Summary {
  messages: number;
  requests: number;
  faultsInjected: number;
  outcomes: Record<string, number>;
  duplicates: number;
  lost: number;
  leaks: number;
  secretHits: number;
  thrown: number;
  redeploys: number;
  timedMoves: number;
  linesScanned: number;
  /** Generated replies served per operation (and token) by the reply fuzzer. */
  replies: Record<string, number>;
  sections: Array<{ name: string; ms: number; detail: string }>;
}

export const summary: Summary = {
  messages: 0, requests: 0, faultsInjected: 0, outcomes: {}, duplicates: 0, lost: 0, leaks: 0, secretHits: 0,
  thrown: 0, redeploys: 0, timedMoves: 0, linesScanned: 0, replies: {}, sections: [],
};

export function countOutcome(kind: string, n = 1): void {
  summary.outcomes[kind] = (summary.outcomes[kind] ?? 0) + n;
}

export function section(name: string, started: number, detail: string): void {
  summary.sections.push({ name, ms: Date.now() - started, detail });
}

function printSummary(): void {
  if (!summary.sections.length) return;
  const o = Object.entries(summary.outcomes).sort().map(([k, v]) => `${k} ${v}`).join(', ');
  const lines = [
    '',
    `  Reliability summary (${FULL ? 'full' : 'reduced'} run, seed ${SEED})`,
    ...summary.sections.map((s) => `    ${s.name.padEnd(16)} ${String(s.ms).padStart(7)} ms  ${s.detail}`),
    `    messages ${summary.messages}, requests logged ${summary.requests}, faults injected ${summary.faultsInjected}, ` +
      `redeploys ${summary.redeploys}, timed moves ${summary.timedMoves}`,
    `    outcomes: ${o}`,
    ...(Object.keys(summary.replies).length ? [`    generated replies: ${Object.entries(summary.replies)
      .map(([k, v]) => `${k} ${v}`).join(', ')} (${Object.values(summary.replies).reduce((a, b) => a + b, 0)} in all)`] : []),
    `    duplicates = ${summary.duplicates}, lost = ${summary.lost}, leaks = ${summary.leaks}, ` +
      `thrown = ${summary.thrown}, secrets found = ${summary.secretHits} (${summary.linesScanned} lines scanned)`,
    '',
  ];
  // eslint-disable-next-line no-console
  console.log(lines.join('\n'));
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

// ---- secrets scan -----------------------------------------------------------------------------

type Spy = { args: unknown[][]; thisValues: unknown[]; resetHistory(): void };

const SPIED = ['send', 'status', 'warn', 'error', 'log', 'debug', 'trace'];

function prototypeSpies(): Spy[] {
  const proto = (helper as unknown as { _NodePrototype: Record<string, Spy | undefined> })._NodePrototype;
  return SPIED.map((m) => proto[m]).filter((s): s is Spy => !!s && Array.isArray(s.args));
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
  // One pattern for all the words (thousands of card passwords in a long fuzz run).
  const any = words.length ? new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) : null;
  const check = (what: string, v: unknown) => {
    const s = serialise(v);
    out.lines++;
    if (!any || !any.test(s)) return;
    for (const w of words) if (s.includes(w)) out.hits.push(`${w} in ${what}: ${s.slice(0, 300)}`);
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

/** Every secret word of a simulator's state (tokens it issued, app secrets, card passwords). */
export function stateSecrets(state: { tokens: Record<string, unknown>; appKeys: Record<string, { appSecret: string }>;
  cards: Record<string, unknown> }): string[] {
  return [...Object.keys(state.tokens), ...Object.values(state.appKeys).map((k) => k.appSecret),
    ...Object.keys(state.cards)];
}

/** Keys of Object.prototype, to prove no input polluted it. */
export const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

export function prototypeClean(): boolean {
  return Object.getOwnPropertyNames(Object.prototype).sort().join(',') === PROTO_KEYS &&
    ({} as Record<string, unknown>).deviceSerial === undefined;
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
