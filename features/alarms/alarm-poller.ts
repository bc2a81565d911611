// The poller behind ezviz-alarm (docs/behaviour.md section 11): polls the alarm list through the config
// node's service (token, deadline, retries: the one request path), pages through a poll, sends
// each new alarm once (oldest first), remembers the ids it sent in the node context (seen-store.ts:
// bounded; a copy per node id in this process for redeploys without a persistent store), backs off
// after 10029 (2x, 4x... the interval, at most 5 minutes, until a good poll), waits an hour after
// 10007, and leaves no timer behind once closed. The node (nodes/ezviz-alarm) does the
// status and the outputs.

import { hooks } from '../../client/clock/clock';
import { badReplyError, EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { ContextLike } from '../../client/camera/presets';
import type { CallResult, Fields, Owner } from '../../client/requests/call-types';
import { AlarmPayload, alarmKey, alarmTimeOf, newAlarms, SeenAlarms } from './alarm-items';
import { SeenStore } from './seen-store';
import {
  AlarmSettings,
  ALARM_WINDOW_MS,
  morePages,
  pageFields,
  queryWindow,
  COUNT_LIMIT_WAIT_S,
  limitedWait,
  readPage,
} from './alarms';

export { forgetSeenCopies, SEEN_KEY } from './seen-store';

export interface PollerOptions {
  id: string;
  settings: AlarmSettings;
  /** When the node was deployed: nothing older is sent. */
  deployedAt: number;
  context: ContextLike;
  t: Translate;
  /** service.call of the config node (undefined: no config node). */
  call(fields: Fields, owner: Owner): Promise<CallResult>;
  owner: Owner;
  onAlarm(alarm: AlarmPayload): void;
  warn(text: string): void;
}

export type PollOutcome =
  | { kind: 'ok'; time: number; count: number }
  | { kind: 'error'; error: EzvizError; request: Fields }
  | { kind: 'closed' };

export class AlarmPoller {
  private seen: SeenAlarms | undefined;
  private readonly store: SeenStore;
  private lastEnd: number | undefined;
  private running: Promise<PollOutcome> | undefined;
  private queued: Promise<PollOutcome> | undefined;
  private cancelTimer: (() => void) | undefined;
  private closed = false;
  /** 10029 answers in a row (the back-off's exponent). */
  private limited = 0;

  constructor(private readonly o: PollerOptions) {
    this.store = new SeenStore(o, () => this.closed);
  }

  /** Polls at once and then every interval (longer after a rate limit); `report` sees each timed poll. */
  start(report: (outcome: PollOutcome) => void): void {
    const tick = () => {
      this.cancelTimer = undefined;
      if (this.closed) return;
      void this.poll().then((outcome) => {
        if (this.closed || outcome.kind === 'closed') return;
        try {
          report(outcome);
        } finally {
          this.schedule(tick, this.nextDelay(outcome));
        }
      });
    };
    // The first poll right after the flows have started (not inside the node's constructor).
    this.schedule(tick, 0);
  }

  private schedule(fn: () => void, ms: number): void {
    if (this.closed) return;
    this.cancelTimer?.();
    this.cancelTimer = hooks.timer(fn, ms);
  }

  /** ms until the next timed poll after `outcome`: longer after 10029 in a row and after 10007. */
  nextDelay(outcome: PollOutcome): number {
    const interval = this.o.settings.interval * 1000;
    const code = outcome.kind === 'error' && outcome.error.source === 'api' ? outcome.error.code : undefined;
    if (code === '10029') return limitedWait(interval, ++this.limited);
    if (outcome.kind === 'ok') this.limited = 0;
    if (code === '10007') return Math.max(interval, COUNT_LIMIT_WAIT_S * 1000);
    return interval;
  }

  /** One poll, now or right after the one under way (polls never overlap; at most one waits). */
  poll(): Promise<PollOutcome> {
    if (this.closed) return Promise.resolve({ kind: 'closed' });
    if (!this.running) return this.begin();
    if (!this.queued) {
      const next = this.running.then(() => {
        this.queued = undefined;
        return this.begin();
      });
      this.queued = next;
    }
    return this.queued;
  }

  private begin(): Promise<PollOutcome> {
    const run = this.once().catch((e): PollOutcome => ({
      kind: 'error',
      request: {},
      error: new EzvizError({
        code: 'INTERNAL',
        message: this.o.t('errors.internal', { detail: String((e as Error)?.message ?? e) }),
        operation: 'alarm-list',
        source: 'local',
        retriable: false,
      }),
    }));
    this.running = run;
    void run.then(() => {
      if (this.running === run) this.running = undefined;
    });
    return run;
  }

  private async once(): Promise<PollOutcome> {
    this.seen = await this.store.load();
    if (this.closed) return { kind: 'closed' };
    const { settings, deployedAt: floor } = this.o;
    const now = hooks.now();
    const window = queryWindow(now, floor, this.lastEnd);
    const items: unknown[] = [];
    let request: Fields;
    for (let pageStart = 0; ; pageStart++) {
      request = pageFields(window, pageStart, settings);
      const result = await this.o.call(request, this.o.owner);
      if (result.kind === 'closed' || this.closed) return { kind: 'closed' };
      if (result.kind === 'error') return { kind: 'error', error: result.error, request };
      const page = readPage(result.reply.data, result.reply.page);
      if (!page) {
        return {
          kind: 'error',
          request,
          error: badReplyError(this.o.t, 'alarm-list', 'data is not an array'),
        };
      }
      for (const it of page.items) items.push(it); // (not push(...items): a long list overflows the stack)
      let oldest: number | undefined;
      for (const it of page.items) {
        const at = alarmTimeOf(it);
        if (at !== undefined && (oldest === undefined || at < oldest)) oldest = at;
      }
      if (!morePages(pageStart, page, oldest, Math.max(floor, window.startTime))) break;
    }
    const { alarms, invalid } = newAlarms(items, this.seen!, floor, settings);
    if (invalid) this.o.warn(this.o.t('errors.badAlarms', { count: invalid }));
    this.seen!.prune(now - ALARM_WINDOW_MS);
    let sent = 0;
    for (const a of alarms) {
      if (this.closed) break; // the rest stays unseen: sent after the next start
      this.seen!.add(alarmKey(a), a.alarmTime);
      this.o.onAlarm(a);
      sent++;
    }
    if (sent) this.store.save(this.seen!);
    if (this.closed) return { kind: 'closed' };
    this.lastEnd = window.endTime;
    return { kind: 'ok', time: now, count: sent };
  }

  /** No poll after this, no timer left. */
  close(): void {
    this.closed = true;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  /** The node was deleted: its ids are of no use any more. */
  discard(): void {
    this.store.discard();
  }
}
