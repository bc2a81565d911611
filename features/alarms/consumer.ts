// The consumer source of ezviz-alarm (docs/behaviour.md section 15): one consumer per config node and
// group, shared by the alarm nodes that use it. It fetches every `interval` seconds (the shortest
// of its nodes'), hands each new message to every node (each sends what matches its filters),
// commits once the messages left the nodes, creates a new consumer on 70101 (consumer-round.ts),
// backs off after 10029 (2x, 4x... the interval, at most 5 minutes, until a good fetch) and after
// failures, waits an hour after 10007, and stops when its last node leaves.

import { hooks } from '../../client/clock/clock';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import { COUNT_LIMIT_WAIT_S, limitedWait } from './alarms';
import type { Fields, Owner } from '../../client/requests/call-types';
import { sameEventKeys, type MessageEvent } from './alarm-message';
import { commit, fetchRound, type Call, type RoundOutcome } from './consumer-round';
import { RecentIds } from './recent-ids';

/** Message ids remembered (a message fetched again, after a failed commit, is not sent twice). */
export const SEEN_IDS_MAX = 10000;
export const SEEN_IDS_TTL_MS = 24 * 3600 * 1000;
/** Longest wait after failures in a row (the interval doubles up to it). */
export const MAX_BACKOFF_MS = 5 * 60 * 1000;

export type FetchOutcome =
  | { kind: 'ok'; time: number; count: number }
  | { kind: 'error'; error: EzvizError; request: Fields }
  | { kind: 'closed' };

/** An alarm node using the consumer. */
export interface Subscriber {
  readonly id: string;
  readonly closed: boolean;
  /** Seconds between fetches this node asks for. */
  readonly interval: number;
  /** New messages of one fetch, oldest first: sends those it wants; returns how many it sent. */
  deliver(events: readonly MessageEvent[]): number;
  /** The outcome of a fetch this node did not ask for itself. */
  report(outcome: FetchOutcome): void;
}

export class SharedConsumer implements Owner {
  readonly id: string;
  private readonly subs = new Set<Subscriber>();
  private consumerId: string | undefined;
  private readonly seen = new RecentIds(2 * SEEN_IDS_MAX, SEEN_IDS_TTL_MS);
  private running: Promise<FetchOutcome> | undefined;
  private cancelTimer: (() => void) | undefined;
  private failures = 0;
  /** 10029 answers in a row (the back-off's exponent). */
  private limited = 0;

  constructor(
    private readonly call: Call,
    readonly group: number,
    private readonly t: Translate,
  ) {
    this.id = `ezviz-mq-group${group}`;
  }

  /** Closed for the service when no node uses it: requests under way are dropped. */
  get closed(): boolean {
    return this.subs.size === 0;
  }

  timedStopDone(): void {
    /* no timed moves */
  }

  /** A node joins: the first fetch right away when the consumer was idle. */
  subscribe(sub: Subscriber): void {
    const idle = this.subs.size === 0;
    this.subs.add(sub);
    if (idle && !this.running) this.schedule(0);
  }

  /** A node leaves; the last one stops the timer (the consumer id is kept for the next). */
  unsubscribe(sub: Subscriber): void {
    this.subs.delete(sub);
    if (this.subs.size === 0) this.stopTimer();
  }

  /** A fetch now (a node's input message), or the one under way; `asker` gets the outcome itself. */
  fetchNow(asker?: Subscriber): Promise<FetchOutcome> {
    if (this.running) return this.running;
    this.stopTimer();
    const run = this.round(asker).catch((e): FetchOutcome => ({
      kind: 'error',
      request: {},
      error: new EzvizError({
        code: 'INTERNAL',
        message: this.t('errors.internal', { detail: String((e as Error)?.message ?? e) }),
        operation: 'mq-messages',
        source: 'local',
        retriable: false,
      }),
    }));
    this.running = run;
    void run.then((outcome) => {
      this.running = undefined;
      if (!this.closed) this.schedule(this.nextDelay(outcome));
    });
    return run;
  }

  private schedule(ms: number): void {
    this.stopTimer();
    this.cancelTimer = hooks.timer(() => {
      this.cancelTimer = undefined;
      if (!this.closed) void this.fetchNow();
    }, ms);
  }

  private stopTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  /** ms until the next fetch: the shortest interval of the nodes; longer after rate limits and failures. */
  nextDelay(outcome: FetchOutcome): number {
    let interval = Infinity;
    for (const s of this.subs) interval = Math.min(interval, s.interval * 1000);
    if (outcome.kind !== 'error') {
      this.failures = 0;
      if (outcome.kind === 'ok') this.limited = 0;
      return interval;
    }
    const code = outcome.error.source === 'api' ? outcome.error.code : undefined;
    if (code === '10029') {
      this.failures = 0;
      return limitedWait(interval, ++this.limited);
    }
    if (code === '10007') {
      this.failures = 0;
      return Math.max(interval, COUNT_LIMIT_WAIT_S * 1000);
    }
    this.failures++;
    return Math.min(MAX_BACKOFF_MS, Math.max(interval, interval * 2 ** Math.min(this.failures - 1, 30)));
  }

  private async round(asker: Subscriber | undefined): Promise<FetchOutcome> {
    const r: RoundOutcome = await fetchRound(this.call, this, this.group, this.consumerId, this.t);
    if (r.kind === 'closed') return r;
    this.consumerId = r.consumerId;
    const outcome =
      r.kind === 'error'
        ? { kind: 'error' as const, error: r.error, request: r.request }
        : await this.hand(r.consumerId, r.events);
    for (const s of this.subs) if (s !== asker && !s.closed) s.report(outcome);
    return outcome;
  }

  /** Hands the new messages to the nodes, then commits (nothing when no node is left to send them). */
  private async hand(id: string, events: MessageEvent[]): Promise<FetchOutcome> {
    const now = hooks.now();
    if (events.length === 0) return { kind: 'ok', time: now, count: 0 };
    // No node left: nothing sent, nothing committed (the messages come again to the next fetch).
    if (this.closed) return { kind: 'closed' };
    const fresh: MessageEvent[] = [];
    for (const e of events) {
      // (also a message twice in one batch; an alarm or a ring again under a new message id)
      const keys = sameEventKeys(e);
      const again = keys.some((k) => this.seen.has(k, now));
      for (const k of keys) this.seen.add(k, now);
      if (again) continue;
      fresh.push(e);
    }
    fresh.sort((a, b) => (a.time ?? 0) - (b.time ?? 0));
    let count = 0;
    for (const s of [...this.subs]) if (!s.closed) count += s.deliver(fresh);
    const error = await commit(this.call, this, id);
    if (!error) return { kind: 'ok', time: now, count };
    if (error.source === 'api' && error.code === '70101') this.consumerId = undefined;
    return { kind: 'error', error, request: { consumerId: id } };
  }
}

/** The consumers of each config node's service, per group. */
const consumers = new WeakMap<object, Map<number, SharedConsumer>>();

/** The consumer of `service`'s group `group` (made on first use). */
export function sharedConsumer(service: object, group: number, call: Call, t: Translate): SharedConsumer {
  let groups = consumers.get(service);
  if (!groups) consumers.set(service, (groups = new Map()));
  let c = groups.get(group);
  if (!c) groups.set(group, (c = new SharedConsumer(call, group, t)));
  return c;
}
