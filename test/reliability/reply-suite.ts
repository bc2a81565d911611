// The set-up every reply fuzzer of the reply world shares (replies, replies-alarm, replies-firmware,
// replies-setting, replies-state): within its describe, the process trapped (anything thrown or
// rejected is a problem of the run, takeTrapped), the reply world (reply-world.ts) started before the
// tests and closed after them with the runtime's hooks reset, the secrets the suite hands out told to
// the secret checks (test/support/said-checks.ts).

import { resetHooks, secrets } from '../support/red';
import { fuzzFlow } from './flows';
import type { Ports } from './reply-gen';
import { startWorld, type World } from './reply-world';
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
