// The set-up every reply fuzzer of the reply world shares (replies, replies-alarm, replies-firmware,
// replies-setting, replies-state): within its describe, the process trapped (anything thrown or
// rejected is a problem of the run, takeTrapped), the reply world (reply-world.ts) started before the
// tests and closed after them with the runtime's hooks reset, the secrets the suite hands out told to
// the secret checks (test/support/said-checks.ts). And the watch of the client's deadlines their
// judges use to tell which logged reply the node went on from (watchDeadlines, readsMaybeUsed; the
// watch itself in deadline-watch.ts, shared with the answer servers' fuzzers).

import { bySerial, lastFitting, spareOf, timedOutLastOf, watchDeadlines as watchAll } from './deadline-watch';
import { resetHooks, secrets } from '../support/red';
import { fuzzFlow } from './flows';
import { slow, type Ports } from './reply-gen';
import { startWorld, type Received, type World } from './reply-world';
import { takeTrapped, trapProcess } from './support';

export interface ReplySuite {
  /** The reply world (set before the suite's tests run). */
  world: World;
  /** Its ports, as the reply generators take them. */
  ports: Ports;
}

/** Call within a describe: the world its tests use, started and closed by the describe's hooks. */
export function replySuite(...handedOut: string[]): ReplySuite {
  const suite = {} as ReplySuite;
  before(async () => {
    trapProcess();
    takeTrapped();
    suite.world = await startWorld();
    suite.ports = { plain: suite.world.plainPort, foreign: suite.world.foreignPort, tls: suite.world.tlsPort };
    for (const s of handedOut) secrets.add(s);
  });
  after(async () => {
    resetHooks();
    await suite.world.close();
  });
  return suite;
}

/** The flow of one batch on the world: its tab, the config node asking the world (the client's
 * deadline `timeout` ms, `maxRetries`, 1 ms apart), the `ok` and `err` helper nodes, and `nodes`
 * (each wired to them: output 1 to `ok`, output 2 to `err`). */
export function worldFlow(
  world: World,
  client: { timeout: number; maxRetries: number },
  nodes: Record<string, unknown>[],
): Record<string, unknown>[] {
  return fuzzFlow(world.plainUrl, { ...client, retryDelay: 1 }, nodes);
}

/** The world's requests' path, for the watch's key (deadline-watch.ts: serial and path). */
const pathOf = (r: Received): string => r.url.split('?')[0];

/** Watches (never changes) the client's outcomes from now on, per camera and path (what it gave
 * up on is what a judge cannot see from the world's log alone: spare); returns the end of the
 * watch. Call per batch. */
export const watchDeadlines = (): (() => void) => watchAll(bySerial);

/** Whether the client's last attempt of `path` for the camera `serial` timed out. */
export const timedOutLast = (serial: string, path: string): boolean => timedOutLastOf(`${serial}|${path}`);

/**
 * How many of these requests (one camera, one path) may hold a reply the node never saw
 * (deadline-watch.ts: spareOf; a generated slow reply the world read while the client waited
 * explains one timeout of its own). Zero when the client met every deadline.
 */
export function spare(serial: string, reqs: Received[]): number {
  if (!reqs.length) return 0;
  return spareOf(`${serial}|${pathOf(reqs[0])}`, reqs, (r) => !!r.reply && slow(r.reply));
}

/** Every read (one camera, one path) the node may have gone on from, the likeliest first: the last
 * alone when the client met every deadline; else those of the last spare + 1 that fit. An attempt
 * the client gave up on may still have had a good reply, read by the world after the retry the node
 * used (seen in a full npm test: the node's version from the retry, the world's last logged reply
 * the late attempt's). Empty when none fits. */
export function readsMaybeUsed(serial: string, reads: Received[], fits: (r: Received) => boolean): Received[] {
  return lastFitting(spare(serial, reads), reads, fits);
}

/** The read the node went on from: the last; else, when some may be unseen (spare), the last of
 * the last spare + 1 that fits (only a failed read is retried, so a good read ends them). */
export function readUsed(serial: string, reads: Received[], fits: (r: Received) => boolean): Received | undefined {
  return readsMaybeUsed(serial, reads, fits)[0] ?? reads[reads.length - 1];
}
