// Time and chance as the runtime sees them. Tests replace these (fake clock for token expiry and
// the card-password lockout, instant sleep and fixed random numbers for retries, a request's
// deadline fired at once); nothing else should call Date.now(), Math.random() or setTimeout for
// behaviour that tests must control.

import type { Socket } from 'net';

export interface RuntimeHooks {
  /** ms since the epoch */
  now(): number;
  /** [0, 1) */
  random(): number;
  /** resolves after `ms` */
  sleep(ms: number): Promise<void>;
  /** How long a closing node may take (Node-RED gives 15 s; docs/behaviour.md section 8 promises 10). */
  closeBudgetMs: number;
  /** Tests only: extra PEM certificates trusted for https (a test server's self-signed one). */
  ca: string[] | undefined;
  /** How long an idle keep-alive connection is kept when the server names no timeout (wire/keep-alive.ts). */
  keepAliveIdleMs: number;
  /** Tests only: how many ms one second of a live address's lifetime (`expireTime`) lasts here
   * (service/live-addresses.ts): 1000; the panel's live test shortens it to cross renewals sooner. */
  liveSecondMs: number;
  /** runs `fn` after `ms` unless cancelled (the alarm node's poll timer, a timed move's stop) */
  timer(fn: () => void, ms: number): () => void;
  /** A request's deadline (client/wire/wire.ts; a proxy tunnel's, client/wire/proxy.ts): runs `fn`
   * after `ms` unless cancelled. Apart from `timer`, so a test's fake timers (polls, moves) neither
   * hold nor fire the deadlines of its requests; a test replaces this one to fire them itself.
   * `socket`: the request's (a request's deadline starts when it gets one), for a test to tell
   * which request its server holds. */
  deadline(fn: () => void, ms: number, socket?: Socket): () => void;
}

/** A real timer: runs `fn` after `ms` unless cancelled. */
function realTimer(fn: () => void, ms: number): () => void {
  const handle = setTimeout(fn, ms);
  return () => clearTimeout(handle);
}

export const defaultHooks: Readonly<RuntimeHooks> = Object.freeze({
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  closeBudgetMs: 9000,
  ca: undefined,
  keepAliveIdleMs: 4000,
  liveSecondMs: 1000,
  timer: realTimer,
  deadline: realTimer,
});

/** The hooks in use. Tests assign to its fields and call resetHooks() afterwards. */
export const hooks: RuntimeHooks = { ...defaultHooks };

export function resetHooks(): void {
  Object.assign(hooks, defaultHooks);
}
