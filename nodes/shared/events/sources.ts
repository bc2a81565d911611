// The three sources of ezviz-alarm behind one face (docs/behaviour.md section 15): `poll` (the poller of
// section 11), `consumer` (the config node's shared consumer of the group) and `webhook` (a path
// on Node-RED's HTTP node server). Each hands the node the same events (an alarm, or with
// `onoffline` an online/offline message) and the outcomes of its timed work; the node
// (nodes/ezviz-alarm) does the outputs and the status.

import type { Node, NodeAPI } from 'node-red';
import { AlarmPoller, type PollOutcome } from './alarm-poller';
import type { Owner } from '../requests/call-types';
import { hooks } from '../clock/clock';
import type { Translate } from '../i18n/i18n';
import type { ConfigNodeLike } from '../call-path/lifecycle';
import { ALARM_LIST } from '../operations/alarm-calls';
import { typeMatches, type AlarmPayload } from './alarm-items';
import type { AlarmSourceKind, CallEvent, MessageEvent, OnOffline, OtherMessage } from './alarm-message';
import { sharedConsumer, type FetchOutcome, type Subscriber } from './consumer';
import type { SourceSettings } from './source-settings';
import { closeEndpoint, forgetPushIds, openEndpoint, type Endpoint, type PushRefusal } from './webhook';
import { watchSource, type HealthOutcome } from './source-health';

/** What leaves on output 1. */
export type OutEvent =
  | { kind: 'alarm'; alarm: AlarmPayload; messageId?: string }
  | { kind: 'onoffline'; event: OnOffline; messageId: string }
  | { kind: 'call'; event: CallEvent; messageId: string }
  | { kind: 'message'; event: OtherMessage; messageId: string };

type TimedOutcome =
  PollOutcome | FetchOutcome | { kind: 'pushed'; time: number; count: number } | { kind: 'refused'; why: PushRefusal };

/** What a source reports (an error while the source is stale carries `stale`: source-health.ts). */
export type SourceOutcome = TimedOutcome | (TimedOutcome & { stale: true }) | HealthOutcome;

export interface SourceHost {
  RED: NodeAPI;
  node: Node & Owner;
  cfg: ConfigNodeLike;
  t: Translate;
  settings: SourceSettings;
  /** The webhook's signing secret ('' for none). */
  secret: string;
  deployedAt: number;
  emit(event: OutEvent, source: AlarmSourceKind): void;
  /** Outcomes the node did not ask for with an input message. */
  report(outcome: SourceOutcome): void;
  /** With `picture: download`: the alarms waiting for their pictures, sent at once on close. */
  pictures?: { close(): void };
}

export interface AlarmSource {
  /** An input message: poll or fetch at once (a webhook has nothing to do: undefined). */
  now(): Promise<PollOutcome | FetchOutcome> | undefined;
  close(removed: boolean): void;
}

/** Whether a node with `s` sends `e` (deployed at `floor`): its filters, nothing older than the deploy. */
export function accepts(s: SourceSettings, floor: number, e: MessageEvent): boolean {
  if (e.kind === 'alarm') {
    const a = e.alarm;
    return (
      a.alarmTime >= floor && (s.deviceSerial === undefined || a.deviceSerial === s.deviceSerial) && typeMatches(s, a)
    );
  }
  const device = (serial: string) => s.deviceSerial === undefined || serial === s.deviceSerial;
  if (e.kind === 'onoffline') return s.onoffline && e.time >= floor && device(e.event.deviceSerial);
  // Calls and other messages (docs/behaviour.md section 19): by their options; a message without a time is new.
  // A call's time is in whole seconds: one of the deploy's own second is new, not from before it.
  if (e.kind === 'call') return s.calls && e.time >= floor - (floor % 1000) && device(e.event.deviceSerial);
  return !!e.message && s.others && (e.time === undefined || e.time >= floor) && device(e.message.deviceSerial);
}

function toOut(e: MessageEvent): OutEvent | undefined {
  if (e.kind === 'alarm') return { kind: 'alarm', alarm: e.alarm, messageId: e.messageId };
  if (e.kind === 'call') return { kind: 'call', event: e.event, messageId: e.messageId };
  if (e.kind === 'other') return e.message ? { kind: 'message', event: e.message, messageId: e.messageId } : undefined;
  return { kind: 'onoffline', event: e.event, messageId: e.messageId };
}

function pollSource(h: SourceHost): AlarmSource {
  const poller = new AlarmPoller({
    id: h.node.id,
    settings: h.settings,
    deployedAt: h.deployedAt,
    context: h.node.context(),
    t: h.t,
    call: (fields, owner) => h.cfg.service.call({ spec: ALARM_LIST, fields, owner }),
    owner: h.node,
    onAlarm: (alarm) => h.emit({ kind: 'alarm', alarm }, 'poll'),
    warn: (text) => h.node.warn(text),
  });
  poller.start(h.report);
  return {
    now: () => poller.poll(),
    close(removed) {
      poller.close();
      if (removed) poller.discard();
    },
  };
}

function consumerSource(h: SourceHost): AlarmSource {
  const service = h.cfg.service;
  const consumer = sharedConsumer(
    service,
    h.settings.group,
    (spec, fields, owner) => service.call({ spec, fields, owner }),
    h.t,
  );
  const sub: Subscriber = {
    id: h.node.id,
    get closed() {
      return h.node.closed;
    },
    interval: h.settings.interval,
    deliver(events) {
      let sent = 0;
      for (const e of events) {
        const out = accepts(h.settings, h.deployedAt, e) ? toOut(e) : undefined;
        if (out) h.emit(out, 'consumer');
        if (out) sent++;
      }
      return sent;
    },
    report: h.report,
  };
  consumer.subscribe(sub);
  return { now: () => consumer.fetchNow(sub), close: () => consumer.unsubscribe(sub) };
}

type HttpApp = Parameters<typeof openEndpoint>[0];
/** RED.httpNode where Node-RED serves HTTP nodes (an Express app: a function, or an object). */
const isApp = (app: unknown): app is HttpApp => typeof app === 'function' || (!!app && typeof app === 'object');
function webhookSource(h: SourceHost, app: HttpApp): AlarmSource | 'pathInUse' {
  const ep: Endpoint = {
    id: h.node.id,
    path: h.settings.path,
    secret: h.secret,
    deliver(e) {
      if (h.node.closed) return;
      const out = accepts(h.settings, h.deployedAt, e) ? toOut(e) : undefined;
      if (out) h.emit(out, 'webhook');
      h.report({ kind: 'pushed', time: hooks.now(), count: out ? 1 : 0 });
    },
    refused: (why) => h.report({ kind: 'refused', why }),
  };
  if (!openEndpoint(app, ep)) return 'pathInUse';
  return {
    now: () => undefined,
    close(removed) {
      closeEndpoint(app, ep);
      if (removed) forgetPushIds(h.node.id);
    },
  };
}

/** The node's source, started, its health in the config node's book; 'noHttp' when Node-RED serves
 * no HTTP nodes (httpNodeRoot false), 'pathInUse' when another alarm node serves the webhook's path. */
export function openSource(h: SourceHost): AlarmSource | 'noHttp' | 'pathInUse' {
  const watch = watchSource<TimedOutcome>(
    h.cfg.service.sources,
    h.node,
    h.settings.source,
    h.settings.interval * 1000,
    h.t,
    h.report,
  );
  // Each alarm the node gets is also told to the config node's open camera panels (service/alarm-feed.ts).
  const feed = h.cfg.service.alarmFeed;
  const emit: SourceHost['emit'] = (e, from) => {
    if (e.kind === 'alarm') feed?.tell(e.alarm);
    h.emit(e, from);
  };
  const opened = openKind({ ...h, emit, report: watch.report as SourceHost['report'] });
  if (typeof opened === 'string') {
    watch.close();
    return opened;
  }
  const pictures = h.pictures;
  return {
    now: () => opened.now(),
    close(removed) {
      opened.close(removed);
      pictures?.close();
      watch.close();
    },
  };
}

function openKind(h: SourceHost): AlarmSource | 'noHttp' | 'pathInUse' {
  switch (h.settings.source) {
    case 'consumer':
      return consumerSource(h);
    case 'webhook': {
      const app: unknown = h.RED.httpNode; // none where Node-RED serves no HTTP nodes
      return isApp(app) ? webhookSource(h, app) : 'noHttp';
    }
    default:
      return pollSource(h);
  }
}
