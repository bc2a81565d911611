// The three sources of ezviz-alarm behind one face (docs/behaviour.md section 15): `poll` (the poller of
// section 11), `consumer` (the config node's shared consumer of the group) and `webhook` (a path
// on Node-RED's HTTP node server). Each hands the node the same events (an alarm, or with
// `onoffline` an online/offline message) and the outcomes of its timed work; the node
// (nodes/ezviz-alarm) does the outputs and the status.

import type { Node, NodeAPI } from 'node-red';
import { AlarmPoller, type PollOutcome } from './alarm-poller';
import type { Owner } from '../../client/requests/call-types';
import { hooks } from '../../client/clock/clock';
import type { Translate } from '../../client/errors/translate';
import type { ConfigNodeLike } from '../../runtime/call-path/lifecycle';
import { ALARM_LIST } from '../../client/operations/alarm-calls';
import type { AlarmSourceKind } from './alarm-message';
import { sharedConsumer, type FetchOutcome, type Subscriber } from './consumer';
import type { SourceSettings } from './source-settings';
import { closeEndpoint, forgetPushIds, openEndpoint, type Endpoint, type PushRefusal } from './webhook';
import { watchSource, type HealthOutcome } from './source-health';
import { accepts, toOut, watchReads, type OutEvent } from './source-filters';

export type { OutEvent } from './source-filters';

type TimedOutcome =
  | PollOutcome
  | FetchOutcome
  | { kind: 'pushed'; time: number; count: number }
  | { kind: 'refused'; why: PushRefusal; sender: string };

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
        const out = accepts(h.settings, h.deployedAt, e) ? toOut(h.settings, e) : undefined;
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
    trusted: h.settings.trustedProxies,
    deliver(e) {
      if (h.node.closed) return;
      const out = accepts(h.settings, h.deployedAt, e) ? toOut(h.settings, e) : undefined;
      if (out) h.emit(out, 'webhook');
      h.report({ kind: 'pushed', time: hooks.now(), count: out ? 1 : 0 });
    },
    refused: (why, sender) => h.report({ kind: 'refused', why, sender }),
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
  // (Each alarm the node gets is also told to the config node's open camera panels, service/alarm-feed.ts,
  // by the node once a face in it is named: nodes/ezviz-alarm/alarm-setup.ts.)
  const opened = openKind({ ...h, report: watch.report as SourceHost['report'] });
  if (typeof opened === 'string') {
    watch.close();
    return opened;
  }
  // With `status`, the config node's ezviz-device reads too (docs/behaviour.md section 27).
  const reads = h.settings.status
    ? watchReads(h.cfg.service.statusFeed, h.settings, (e) => h.emit(e, h.settings.source))
    : undefined;
  const pictures = h.pictures;
  return {
    now: () => opened.now(),
    close(removed) {
      opened.close(removed);
      reads?.();
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
