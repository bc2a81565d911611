// ezviz-alarm: runtime. A source node: alarms come from the account's alarm list (poll), the
// message service's consumer or webhook pushes (docs/behaviour.md sections 11 and 15; the sources in
// nodes/shared/events/sources.ts); one message per new alarm on output 1, whatever the source;
// an input message polls or fetches at once; a failed poll or fetch goes to output 2 like the
// errors of the operation nodes (the same outputs.ts and node-status.ts).

import type { Node, NodeAPI, NodeDef, NodeMessage } from 'node-red';
import { views, type Views } from '../shared/events/alarm-views';
import { openSource, type AlarmSource, type OutEvent, type SourceOutcome } from '../shared/events/sources';
import { sourcedAlarm, type AlarmSourceKind } from '../shared/events/alarm-message';
import { pictureLine, type PictureFields, type SendEvent } from '../shared/events/alarm-pictures';
import { sourceSettings, type SourceResult } from '../shared/events/source-settings';
import { configOf, errorWired, type ConfigNodeLike, type TokenStateListener } from '../shared/call-path/lifecycle';
import { EzvizError } from '../shared/errors/errors';
import { hooks } from '../shared/clock/clock';
import { translator, type Translate } from '../shared/i18n/i18n';
import { NodeStatus } from '../shared/call-path/node-status';
import { statusKey } from '../shared/i18n/status-keys';
import { Outputs, type Done, type Send } from '../shared/call-path/outputs';
import type { Msg } from '../shared/call-path/readers';
import { ALARM_LIST } from '../shared/operations/alarm-calls';
import type { Fields, Owner } from '../shared/requests/call-types';
import type { TokenState } from '../shared/requests/token';

type AlarmNode = Node & Owner & TokenStateListener & { credentials?: { secret?: string } };

/** What the service and the config node read of their owner and user: `closed`; no timed stops;
 * as the operation nodes, a token failure shows when this node's own poll fails. */
function ownerParts(node: AlarmNode, closed: () => boolean): void {
  Object.defineProperty(node, 'closed', { get: closed });
  node.timedStopDone = () => undefined;
  node.tokenStateChanged = (_state: TokenState) => undefined;
}

/** Why this node cannot start its source (no config node, bad settings, no HTTP), shown and logged. */
function setupError(node: AlarmNode, t: Translate, status: NodeStatus, why: 'noConfig' | SourceResult | 'noHttp' | 'pathInUse',
  path = ''): EzvizError | undefined {
  if (typeof why === 'object' && why.ok) return undefined;
  const local = (code: string, message: string, source: 'local' | 'validation' = 'local') =>
    new EzvizError({ code, message, operation: 'alarm-list', source, retriable: false });
  if (why === 'noConfig') {
    status.noConfig();
    return local('NO_CONFIG', t('errors.noConfig'));
  }
  const error = typeof why === 'object'
    ? local('10001', t('errors.alarmSetting', { param: why.param, value: why.value, min: why.min }), 'validation')
    : local('INVALID_CONFIG', t(why === 'noHttp' ? 'errors.webhookNoHttp' : 'errors.webhookPathInUse', { path }));
  node.status({ fill: 'red', shape: 'ring', text: statusKey('invalidSettings') });
  node.error(error.message);
  return error;
}

/** A failed timed poll or fetch (no message came in): a message of its own on output 2, or to Catch nodes. */
function failed(RED: NodeAPI, node: AlarmNode, wired: boolean, error: EzvizError, request: Fields): void {
  const msg = { _msgid: RED.util.generateId(), error: error.toJSON(),
    ezviz: { operation: error.operation, request: { ...request } } } as Msg;
  msg.payload = { ...(msg.error as object) };
  if (wired) node.send([null, msg as NodeMessage]);
  else node.error(error, msg);
}

/** One event as the message it leaves with (docs/behaviour.md sections 11, 15 and 17). */
function message(RED: NodeAPI, e: OutEvent, source: AlarmSourceKind, picture?: PictureFields): NodeMessage {
  const ezviz = source === 'poll' ? { source, operation: ALARM_LIST.operation } : { source, messageId: e.messageId };
  const topic = e.kind === 'alarm' ? e.alarm.deviceSerial : e.event.deviceSerial;
  const payload = e.kind === 'alarm' ? { ...sourcedAlarm(e.alarm, source), ...picture }
    : e.kind === 'message' ? { event: e.event.event, type: e.event.type, body: e.event.body } : { ...e.event };
  return { _msgid: RED.util.generateId(), topic, payload, ezviz } as NodeMessage;
}

/** Outcomes of the source's timed work: status, and a failure on output 2 (or to Catch nodes). */
function reporter(RED: NodeAPI, node: AlarmNode, wired: boolean, view: Views): (o: SourceOutcome) => void {
  return (o) => {
    if (node.closed) return;
    if (o.kind === 'ok' || o.kind === 'pushed') view.count(o.time, o.count);
    else if (o.kind === 'recovered') view.recovered(o.time);
    else if (o.kind === 'refused') view.refused(o.why);
    else if (o.kind === 'stale') {
      view.stale(o.since);
      failed(RED, node, wired, o.error, o.request);
    } else if (o.kind === 'error') {
      if (!('stale' in o)) view.error(o.error); // a stale source's status stays `stale since`
      failed(RED, node, wired, o.error, o.request);
    }
  };
}

/** Opens the node's source when it can (else the error an input message gets). */
function start(RED: NodeAPI, node: AlarmNode, cfg: ConfigNodeLike | null, parsed: SourceResult, t: Translate,
  status: NodeStatus, report: (o: SourceOutcome) => void): { source?: AlarmSource; notReady?: EzvizError } {
  const notReady = setupError(node, t, status, cfg ? parsed : 'noConfig');
  if (!cfg || !parsed.ok) return { notReady };
  const { settings } = parsed;
  const send: SendEvent = (e, from, picture) => node.send([message(RED, e, from, picture), null]);
  const line = settings.picture === 'download' ? pictureLine(cfg.service, t, send) : undefined;
  const opened = openSource({ RED, node, cfg, t, settings, secret: node.credentials?.secret ?? '', deployedAt: hooks.now(),
    report, emit: line ? (e, from) => line.push(e, from) : send, pictures: line });
  if (typeof opened === 'string') return { notReady: setupError(node, t, status, opened, settings.path) };
  if (settings.source === 'webhook') {
    // Without a signing secret anyone who knows the address can send alarms: said in yellow.
    const signed = !!node.credentials?.secret;
    node.status(signed ? { fill: 'grey', shape: 'ring', text: statusKey('webhookReady') }
      : { fill: 'yellow', shape: 'ring', text: statusKey('webhookUnsigned') });
    if (!signed) node.warn(t('errors.webhookNoSecret', { path: settings.path }));
  }
  return { source: opened };
}

export = function (RED: NodeAPI): void {
  const t = translator(RED);

  function EzvizAlarmNode(this: AlarmNode, def: NodeDef & Record<string, unknown>): void {
    RED.nodes.createNode(this, def);
    const node = this;
    const wired = errorWired(def);
    const cfg: ConfigNodeLike | null = configOf(RED, def);
    const parsed = sourceSettings(def);
    const status = new NodeStatus(node, t, ALARM_LIST.section, () => !!cfg && cfg.service.tokens.canRefresh);
    const outputs = new Outputs(RED, node, ALARM_LIST, wired);
    let closed = false;
    ownerParts(node, () => closed);

    const serial = parsed.ok ? parsed.settings.deviceSerial : undefined;
    const view = views(node, t, status, () => closed, parsed.ok ? parsed.settings.path : '',
      () => !!serial && cfg?.service.armed.get(serial) === false);
    const report = reporter(RED, node, wired, view);
    const { source, notReady } = start(RED, node, cfg, parsed, t, status, report);
    if (cfg) cfg.addUser(node);
    if (parsed.ok && parsed.clamped) node.warn(t('errors.alarmIntervalRaised', { min: parsed.min }));

    node.on('input', (msg: Msg, send: Send, done: Done) => {
      // As the operation nodes' output 2 (outputs.ts): payload the error, the incoming payload in
      // msg.ezviz.input; unwired, done(err) with the message as it came.
      const fail = (error: EzvizError, request: Fields) => {
        view.error(error);
        outputs.failure({ msg, send, done }, error, { ...request });
      };
      if (!source) return fail(notReady!, {});
      const asked = source.now();
      if (!asked) return done(); // a webhook waits for pushes
      asked.then((outcome) => {
        if (outcome.kind === 'closed' || closed) return done();
        if (outcome.kind === 'error') return fail(outcome.error, outcome.request);
        view.count(outcome.time, outcome.count);
        done();
      }, (e) => done(e as Error));
    });

    node.on('close', (removed: boolean, done: () => void) => {
      closed = true;
      source?.close(removed);
      cfg?.removeUser(node);
      done();
    });
  }

  RED.nodes.registerType('ezviz-alarm', EzvizAlarmNode as unknown as (this: Node, def: NodeDef) => void,
    { credentials: { secret: { type: 'password' } } } as never);
};
