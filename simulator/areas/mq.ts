// The message service (docs/api/watch-api.md section 5): every alarm the simulator raises, and
// every device going online or offline through /sim/device, becomes a message
// `{header: {channelNo, deviceId, messageId, messageTime, type}, body, pictureList}` of the
// device's account. Consumers of a group (1 to 5) fetch them and commit; a consumer unused for
// 5 minutes expires (70101). The consumers and the log: mq-service.ts; the messages:
// mq-messages.ts; webhook pushes of the same messages: mq-push.ts.

import type { Area } from '../area';
import { WebhookPusher, type MqMessage } from './mq-push';
import { MessageService } from './mq-service';
import type { Alarm, SimulatorState } from '../state';

export {
  MessageService,
  CONSUMER_IDLE_MS,
  MQ_GROUPS,
  MQ_GROUP_PATH,
  MQ_MESSAGES_PATH,
  MQ_OFFSETS_PATH,
} from './mq-service';
export type { MqMessage };

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
