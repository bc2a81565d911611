// The message service's consumers and log (docs/api/watch-api.md section 5; mq.ts is its area).
//
// What the simulator chose where the sources say nothing (docs: simulator/README.md): each group
// of an account has one committed offset, which starts at the end of the log when the group's
// first consumer is created; a fetch hands out at most `fetchMax` messages after that offset and,
// without preCommit=1, the same ones again until a commit (the commit moves the group's offset to
// the end of what that consumer last fetched). Messages kept: the newest `logLimit` per account.

import { randomUUID } from 'crypto';
import { answer, authenticate, ok, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Route } from '../routes';
import type { MqMessage } from './mq-push';
import { alarmMessage, onOfflineMessage } from './mq-messages';
import type { Alarm, SimulatorState } from '../state';

export const MQ_GROUP_PATH = (g: number): string => `/api/lapp/mq/v1/consumer/group${g}`;
export const MQ_MESSAGES_PATH = '/api/lapp/mq/v1/consumer/messages';
export const MQ_OFFSETS_PATH = '/api/lapp/mq/v1/consumer/offsets';
export const MQ_GROUPS: readonly number[] = Object.freeze([1, 2, 3, 4, 5]);
/** A consumer not used (created, fetched, committed) for this long is gone: 70101. */
export const CONSUMER_IDLE_MS = 5 * 60 * 1000;

interface Consumer {
  account: string;
  group: number;
  lastUsed: number;
  fetchedTo: number;
}
interface Entry {
  seq: number;
  message: MqMessage;
}

export class MessageService {
  /** Messages a fetch hands out at most. */
  fetchMax = 50;
  /** Messages kept per account (the oldest go first). */
  logLimit = 10000;
  private readonly logs = new Map<string, Entry[]>();
  private nextSeq = 1;
  /** Committed offset (the last seq consumed) per "account/group". */
  private readonly offsets = new Map<string, number>();
  readonly consumers = new Map<string, Consumer>();
  private readonly listeners = new Set<(account: string, m: MqMessage) => void>();

  /** Called with each message as it is published (the webhook pusher). */
  onMessage(fn: (account: string, m: MqMessage) => void): void {
    this.listeners.add(fn);
  }

  publish(account: string, message: MqMessage): void {
    let log = this.logs.get(account);
    if (!log) this.logs.set(account, (log = []));
    log.push({ seq: this.nextSeq++, message });
    if (log.length > this.logLimit) log.splice(0, log.length - this.logLimit);
    for (const fn of this.listeners) fn(account, message);
  }

  /** The message of a raised alarm (its picture as alarm/list lists it). */
  alarmRaised(state: SimulatorState, a: Alarm, origin: string): MqMessage | undefined {
    const m = alarmMessage(state, a, origin);
    if (m) this.publish(m.account, m.message);
    return m?.message;
  }

  /** A device goes online or offline (POST /sim/device with `online`): its state changes and `ys.onoffline` is published. */
  onOffline(state: SimulatorState, serial: string, online: boolean, now: number): MqMessage {
    const m = onOfflineMessage(state, serial, online, now);
    this.publish(m.account, m.message);
    return m.message;
  }

  /** A consumer by id, 70101 when unknown or idle for CONSUMER_IDLE_MS. */
  private consumer(id: string, account: string, now: number): Consumer {
    const c = this.consumers.get(id);
    if (!c || c.account !== account) return stop('70101');
    if (now - c.lastUsed >= CONSUMER_IDLE_MS) {
      this.consumers.delete(id);
      return stop('70101');
    }
    c.lastUsed = now;
    return c;
  }

  private forgetIdle(now: number): void {
    for (const [id, c] of this.consumers) if (now - c.lastUsed >= CONSUMER_IDLE_MS) this.consumers.delete(id);
  }

  /** /api/lapp/mq/v1/consumer/group<g>: data.consumerId. */
  create(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
    return answer(() => {
      const { app } = authenticate(state, route, f, ctx);
      const group = Number(/group(\d)$/.exec(route.path)?.[1]);
      this.forgetIdle(ctx.now);
      const key = `${app.account}/${group}`;
      if (!this.offsets.has(key)) this.offsets.set(key, this.lastSeq(app.account));
      const id = randomUUID().replace(/-/g, '');
      this.consumers.set(id, { account: app.account, group, lastUsed: ctx.now, fetchedTo: this.offsets.get(key)! });
      return ok({ consumerId: id });
    });
  }

  private lastSeq(account: string): number {
    const log = this.logs.get(account);
    return log && log.length ? log[log.length - 1].seq : this.nextSeq - 1;
  }

  /** /api/lapp/mq/v1/consumer/messages: consumerId, preCommit (0 or 1). */
  messages(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
    return answer(() => {
      const { app, params } = authenticate(state, route, f, ctx);
      const c = this.consumer(String(params.consumerId), app.account, ctx.now);
      const key = `${c.account}/${c.group}`;
      const from = this.offsets.get(key) ?? 0;
      const batch = (this.logs.get(c.account) ?? []).filter((e) => e.seq > from).slice(0, Math.max(1, this.fetchMax));
      c.fetchedTo = batch.length ? batch[batch.length - 1].seq : from;
      if (params.preCommit === 1) this.offsets.set(key, c.fetchedTo);
      return ok(batch.map((e) => e.message));
    });
  }

  /** /api/lapp/mq/v1/consumer/offsets: consumerId; commits what it fetched last. */
  commit(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
    return answer(() => {
      const { app, params } = authenticate(state, route, f, ctx);
      const c = this.consumer(String(params.consumerId), app.account, ctx.now);
      const key = `${c.account}/${c.group}`;
      this.offsets.set(key, Math.max(this.offsets.get(key) ?? 0, c.fetchedTo));
      return ok();
    });
  }

  /** What GET /sim/mq shows: consumers (by group, with age) and the log sizes. */
  view(now: number): Record<string, unknown> {
    return {
      consumers: [...this.consumers.entries()].map(([id, c]) => ({
        consumerId: id,
        account: c.account,
        group: c.group,
        idleMs: now - c.lastUsed,
        expired: now - c.lastUsed >= CONSUMER_IDLE_MS,
      })),
      messages: Object.fromEntries([...this.logs].map(([account, log]) => [account, log.length])),
      offsets: Object.fromEntries(this.offsets),
    };
  }

  /** Back to no messages and no consumers. */
  reset(): void {
    this.logs.clear();
    this.offsets.clear();
    this.consumers.clear();
  }
}
