// The set-up every reply fuzzer of the reply world shares (replies, replies-alarm, replies-firmware,
// replies-setting, replies-state): within its describe, the process trapped (anything thrown or
// rejected is a problem of the run, takeTrapped), the reply world (reply-world.ts) started before the
// tests and closed after them with the runtime's hooks reset, the secrets the suite hands out told to
// the secret checks (test/support/said-checks.ts). And the watch of the client's deadlines their
// judges use to tell which logged reply the node went on from (watchDeadlines, readsMaybeUsed).

import { EzvizClient } from '../../client/wire/client';
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

/** Attempts the client gave up on at its deadline (network ETIMEDOUT), per `serial|path`: when
 * each was sent and when the client gave up (wall clock, as the world's `at`). */
const gaveUp = new Map<string, Array<{ from: number; to: number }>>();
/** Whether the client's last attempt, per `serial|path`, timed out. */
const lastTimedOut = new Map<string, boolean>();
const pathOf = (r: Received): string => r.url.split('?')[0];

/** Watches (never changes) the client's outcomes from now on (what it gave up on is what a judge
 * cannot see from the world's log alone: spare); returns the end of the watch. Call per batch. */
export function watchDeadlines(): () => void {
  gaveUp.clear();
  lastTimedOut.clear();
  const post = EzvizClient.prototype.post;
  EzvizClient.prototype.post = async function (this: EzvizClient, ...a: Parameters<typeof post>) {
    const from = Date.now();
    const o = await post.apply(this, a);
    const k = `${a[1].deviceSerial}|${new URL(a[0]).pathname}`;
    lastTimedOut.set(k, !o.ok && o.source === 'network' && o.code === 'ETIMEDOUT');
    if (lastTimedOut.get(k)) gaveUp.set(k, [...(gaveUp.get(k) ?? []), { from, to: Date.now() }]);
    return o;
  };
  return () => void (EzvizClient.prototype.post = post);
}

/** Whether the client's last attempt of `path` for the camera `serial` timed out. */
export const timedOutLast = (serial: string, path: string): boolean => !!lastTimedOut.get(`${serial}|${path}`);

/**
 * How many of these requests (one camera, one path) may hold a reply the node never saw. The world
 * numbers requests, and picks their replies, in the order it reads them; a process this busy may
 * read an attempt the client already gave up on (at its deadline) after the retry it used, or
 * after the node's end, and give it a reply meant for a later one (seen under load: the end at an
 * error read before a late-read attempt, whose reply was a generated slow one). Each such attempt
 * is one the client timed out on; a generated slow reply the world read while the client waited
 * explains one timeout of its own. Zero when the client met every deadline: then the log is the
 * node's own order and is judged as it is.
 */
export function spare(serial: string, reqs: Received[]): number {
  if (!reqs.length) return 0;
  const slowOnes = reqs.filter((r) => r.reply && slow(r.reply));
  let unexplained = 0;
  for (const t of gaveUp.get(`${serial}|${pathOf(reqs[0])}`) ?? []) {
    const i = slowOnes.findIndex((r) => r.at >= t.from && r.at <= t.to);
    if (i >= 0) slowOnes.splice(i, 1);
    else unexplained++;
  }
  return unexplained;
}

/** Every read (one camera, one path) the node may have gone on from, the likeliest first: the last
 * alone when the client met every deadline; else those of the last spare + 1 that fit. An attempt
 * the client gave up on may still have had a good reply, read by the world after the retry the node
 * used (seen in a full npm test: the node's version from the retry, the world's last logged reply
 * the late attempt's). Empty when none fits. */
export function readsMaybeUsed(serial: string, reads: Received[], fits: (r: Received) => boolean): Received[] {
  const n = spare(serial, reads);
  const out: Received[] = [];
  for (let i = reads.length - 1; i >= Math.max(0, reads.length - 1 - n); i--) if (fits(reads[i])) out.push(reads[i]);
  return out;
}

/** The read the node went on from: the last; else, when some may be unseen (spare), the last of
 * the last spare + 1 that fits (only a failed read is retried, so a good read ends them). */
export function readUsed(serial: string, reads: Received[], fits: (r: Received) => boolean): Received | undefined {
  return readsMaybeUsed(serial, reads, fits)[0] ?? reads[reads.length - 1];
}
