// The message service (docs/api/watch-api.md section 5): every alarm the simulator raises, and
// every device going online or offline through /sim/device, becomes a message
// `{header: {channelNo, deviceId, messageId, messageTime, type}, body, pictureList}` of the
// device's account. Consumers of a group (1 to 5) fetch them and commit; a consumer unused for
// 5 minutes expires (70101). Webhook pushes of the same messages: mq-push.ts.
//
// What the simulator chose where the sources say nothing (docs: simulator/README.md): each group
// of an account has one committed offset, which starts at the end of the log when the group's
// first consumer is created; a fetch hands out at most `fetchMax` messages after that offset and,
// without preCommit=1, the same ones again until a commit (the commit moves the group's offset to
// the end of what that consumer last fetched). Messages kept: the newest `logLimit` per account.

import { randomUUID } from 'crypto';
import { answer, authenticate, chinaDate, ok, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import { alarmPictureForm, pictureUrl } from './pictures';
import type { Area } from '../area';
import type { Route } from '../routes';
import { WebhookPusher, type MqMessage } from './mq-push';
import { ALARM_WORDS } from './alarm-words';
import type { Alarm, SimulatorState } from '../state';

export const MQ_GROUP_PATH = (g: number): string => `/api/lapp/mq/v1/consumer/group${g}`;
export const MQ_MESSAGES_PATH = '/api/lapp/mq/v1/consumer/messages';
export const MQ_OFFSETS_PATH = '/api/lapp/mq/v1/consumer/offsets';
export const MQ_GROUPS: readonly number[] = Object.freeze([1, 2, 3, 4, 5]);
/** A consumer not used (created, fetched, committed) for this long is gone: 70101. */
export const CONSUMER_IDLE_MS = 5 * 60 * 1000;

export type { MqMessage };

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
    const dev = Object.prototype.hasOwnProperty.call(state.devices, a.deviceSerial)
      ? state.devices[a.deviceSerial]
      : undefined;
    if (!dev) return undefined;
    const url = a.picture ? pictureUrl(origin, a.picture, alarmPictureForm(a) !== 'plain') : '';
    const message: MqMessage = {
      header: {
        channelNo: a.channelNo,
        deviceId: a.deviceSerial,
        messageId: randomUUID(),
        messageTime: a.alarmTime,
        type: 'ys.alarm',
      },
      body: {
        alarmId: a.alarmId,
        alarmTime: chinaDate(a.alarmTime),
        // A message gives the word (docs/api/events-api.md section 1); a number the table lacks as it is.
        alarmType: a.word ?? ALARM_WORDS.get(a.alarmType) ?? a.alarmType,
        alarmName: a.alarmName,
        channelName: dev.channels[String(a.channelNo)]?.name ?? '',
        describe: a.alarmName,
        isEncrypt: a.isEncrypt,
        deviceSerial: a.deviceSerial,
        ...(a.customInfo === undefined ? {} : { customType: `${dev.model}_FACE`, customInfo: a.customInfo }),
        ...(a.location === undefined ? {} : { location: a.location }),
      },
      pictureList: url ? [{ id: a.picture, url, shortUrl: url }] : [],
    };
    this.publish(dev.account, message);
    return message;
  }

  /** A device goes online or offline (POST /sim/device with `online`): its state changes and `ys.onoffline` is published. */
  onOffline(state: SimulatorState, serial: string, online: boolean, now: number): MqMessage {
    const dev = Object.prototype.hasOwnProperty.call(state.devices, serial) ? state.devices[serial] : undefined;
    if (!dev) throw new Error(`onoffline: deviceSerial "${serial}" is not in devices`);
    dev.online = online;
    dev.updateTime = now;
    const message: MqMessage = {
      header: { channelNo: 0, deviceId: serial, messageId: randomUUID(), messageTime: now, type: 'ys.onoffline' },
      body: {
        msgType: online ? 'ONLINE' : 'OFFLINE',
        deviceName: dev.name,
        deviceSerial: serial,
        time: chinaDate(now),
      },
      pictureList: [],
    };
    this.publish(dev.account, message);
    return message;
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

/** The message service and webhook pusher of each state (a shared state shares them). */
const services = new WeakMap<SimulatorState, { mq: MessageService; push: WebhookPusher }>();

function partsOf(state: SimulatorState): { mq: MessageService; push: WebhookPusher } {
  let p = services.get(state);
  if (!p) {
    const mq = new MessageService();
    const push = new WebhookPusher(state.clock);
    mq.onMessage((account, m) => push.message(account, m));
    services.set(state, (p = { mq, push }));
  }
  return p;
}

/** The message service of `state` (tests: consumers, fetchMax, the log). */
export const messageService = (state: SimulatorState): MessageService => partsOf(state).mq;
/** The webhook pusher of `state` (tests: set({url, secret}), pushes()). */
export const webhookPusher = (state: SimulatorState): WebhookPusher => partsOf(state).push;

/** A raised alarm becomes a message (and a push); called where alarms are raised. */
export function publishAlarm(state: SimulatorState, a: Alarm, origin: string): void {
  partsOf(state).mq.alarmRaised(state, a, origin);
}

/** A device went online or offline (areas/switches.ts, POST /sim/device): a ys.onoffline message. */
export function publishOnOffline(state: SimulatorState, serial: string, online: boolean, now: number): void {
  partsOf(state).mq.onOffline(state, serial, online, now);
}

/** Any other message of an account (a doorbell's ys.calling, areas/voice.ts): to consumers and the webhook. */
export function publishMessage(state: SimulatorState, account: string, m: MqMessage): void {
  partsOf(state).mq.publish(account, m);
}

/** The simulator closes: pushes under way and their retries end. */
export function closeMessages(state: SimulatorState): void {
  services.get(state)?.push.close();
  services.delete(state);
}

export const mqArea: Area = {
  handlers: {
    'mq-consumer': (state, route, f, ctx) => partsOf(state).mq.create(state, route, f, ctx),
    'mq-messages': (state, route, f, ctx) => partsOf(state).mq.messages(state, route, f, ctx),
    'mq-offsets': (state, route, f, ctx) => partsOf(state).mq.commit(state, route, f, ctx),
  },
  admin: {
    '/sim/mq': { GET: ({ ctx }) => partsOf(ctx.state).mq.view(ctx.clock.now()) },
    '/sim/webhook': {
      GET: ({ ctx }) => partsOf(ctx.state).push.view(),
      PUT: ({ ctx, json }) => {
        partsOf(ctx.state).push.set(json);
        return { ok: true };
      },
      POST: ({ ctx, json }) => {
        partsOf(ctx.state).push.set(json);
        return { ok: true };
      },
      DELETE: ({ ctx }) => {
        partsOf(ctx.state).push.clear();
        return { ok: true };
      },
    },
    '/sim/webhook/log': {
      DELETE: ({ ctx }) => {
        partsOf(ctx.state).push.clearLog();
        return { ok: true };
      },
    },
  },
  adminIndex: [
    'GET  /sim/mq (consumers, messages per account, group offsets)',
    'GET  /sim/webhook',
    'PUT  /sim/webhook {url,secret?,account?}',
    'DELETE /sim/webhook',
    'DELETE /sim/webhook/log',
  ],
};
