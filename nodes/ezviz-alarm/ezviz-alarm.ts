// ezviz-alarm: runtime. A source node: polls the account's alarm list through the config node's
// service (nodes/shared/events/alarm-poller.ts) and sends one message per new alarm; an input message
// polls at once; a failed poll goes to output 2 like the errors of the operation nodes (the same
// outputs.ts and node-status.ts).

import type { Node, NodeAPI, NodeDef, NodeMessage } from 'node-red';
import { AlarmPoller, PollOutcome } from '../shared/events/alarm-poller';
import type { AlarmPayload } from '../shared/events/alarm-items';
import { alarmSettings, MIN_INTERVAL_S, type SettingsResult } from '../shared/events/alarms';
import { configOf, errorWired, type ConfigNodeLike, type TokenStateListener } from '../shared/call-path/lifecycle';
import { EzvizError } from '../shared/tables/error-table';
import { hooks } from '../shared/tables/hooks';
import { translator, type Translate } from '../shared/tables/i18n';
import { NodeStatus } from '../shared/call-path/node-status';
import { statusKey } from '../shared/tables/status-keys';
import { Outputs, type Done, type Send } from '../shared/call-path/outputs';
import type { Msg } from '../shared/call-path/readers';
import { ALARM_LIST } from '../shared/tables/operations';
import type { Fields, Owner } from '../shared/requests/call-types';
import type { TokenState } from '../shared/requests/token';

type AlarmNode = Node & Owner & TokenStateListener;

/** hh:mm:ss of `ms` in the runtime's time zone. */
function clock(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** What the service and the config node read of their owner and user: `closed`; no timed stops;
 * as the operation nodes, a token failure shows when this node's own poll fails. */
function ownerParts(node: AlarmNode, closed: () => boolean): void {
  Object.defineProperty(node, 'closed', { get: closed });
  node.timedStopDone = () => undefined;
  node.tokenStateChanged = (_state: TokenState) => undefined;
}

/** Closing: the poller stops (its seen ids discarded when the node is removed), the config node let go. */
function leave(node: AlarmNode, cfg: ConfigNodeLike | null, poller: AlarmPoller | undefined, removed: boolean): void {
  poller?.close();
  if (removed) poller?.discard();
  cfg?.removeUser(node);
}

/** Green: when the last poll was and how many alarms it sent. */
function polledStatus(node: AlarmNode, t: Translate, time: number, count: number): void {
  node.status({ fill: 'green', shape: 'dot', text: t('status.polled', { t: clock(time), n: count }) });
}

/** Why this node cannot poll (no config node, bad settings), shown and logged; or undefined. */
function setupError(node: AlarmNode, cfg: ConfigNodeLike | null, parsed: SettingsResult, status: NodeStatus, t: Translate):
  EzvizError | undefined {
  if (!cfg) {
    status.noConfig();
    return new EzvizError({ code: 'NO_CONFIG', message: t('errors.noConfig'), operation: 'alarm-list',
      source: 'local', retriable: false });
  }
  if (parsed.ok) return undefined;
  const error = new EzvizError({ code: '10001', operation: 'alarm-list', source: 'validation', retriable: false,
    message: t('errors.alarmSetting', { param: parsed.param, value: parsed.value, min: MIN_INTERVAL_S }) });
  node.status({ fill: 'red', shape: 'ring', text: statusKey('invalidSettings') });
  node.error(error.message);
  return error;
}

/** A failed timed poll (no message came in): a message of its own on output 2, or to Catch nodes. */
function pollFailed(RED: NodeAPI, node: AlarmNode, errorWired: boolean, outcome: Extract<PollOutcome, { kind: 'error' }>): void {
  const msg = { _msgid: RED.util.generateId(), error: outcome.error.toJSON(),
    ezviz: { operation: ALARM_LIST.operation, request: { ...outcome.request } } } as Msg;
  msg.payload = { ...(msg.error as object) };
  if (errorWired) node.send([null, msg as NodeMessage]);
  else node.error(outcome.error, msg);
}

/** The poller of a node that can poll: each new alarm a message on output 1. */
function alarmPoller(RED: NodeAPI, node: AlarmNode, cfg: ConfigNodeLike, parsed: Extract<SettingsResult, { ok: true }>,
  t: Translate): AlarmPoller {
  return new AlarmPoller({
    id: node.id,
    settings: parsed.settings,
    deployedAt: hooks.now(),
    context: node.context() as never,
    t,
    call: (fields, owner) => cfg.service.call({ spec: ALARM_LIST, fields, owner }),
    owner: node,
    onAlarm: (alarm: AlarmPayload) => {
      node.send([{ _msgid: RED.util.generateId(), topic: alarm.deviceSerial, payload: alarm,
        ezviz: { operation: ALARM_LIST.operation } } as NodeMessage, null]);
    },
    warn: (text) => node.warn(text),
  });
}

export = function (RED: NodeAPI): void {
  const t = translator(RED);

  function EzvizAlarmNode(this: AlarmNode, def: NodeDef & Record<string, unknown>): void {
    RED.nodes.createNode(this, def);
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const node = this;
    const wired = errorWired(def);
    const cfg = configOf(RED, def);
    const parsed = alarmSettings(def as { interval?: unknown; deviceSerial?: unknown; alarmType?: unknown });
    const status = new NodeStatus(node, t, ALARM_LIST.section, () => !!cfg && cfg.service.tokens.canRefresh);
    const outputs = new Outputs(RED, node, ALARM_LIST, wired);
    let closed = false;

    ownerParts(node, () => closed);

    const notReady = setupError(node, cfg, parsed, status, t);
    const showPolled = (time: number, count: number): void => void (closed || polledStatus(node, t, time, count));
    const showError = (error: EzvizError): void => {
      if (!closed) status.error(error);
    };
    /** Outcome of a timed poll: status, and a failure on output 2 (or to Catch nodes). */
    const report = (outcome: PollOutcome): void => {
      if (outcome.kind === 'ok') showPolled(outcome.time, outcome.count);
      else if (outcome.kind === 'error') {
        showError(outcome.error);
        pollFailed(RED, node, wired, outcome);
      }
    };

    const poller = cfg && parsed.ok ? alarmPoller(RED, node, cfg, parsed, t) : undefined;
    if (cfg) cfg.addUser(node);
    if (parsed.ok && parsed.clamped) node.warn(t('errors.alarmIntervalRaised', { min: MIN_INTERVAL_S }));
    if (poller) poller.start(report);

    node.on('input', (msg: Msg, send: Send, done: Done) => {
      // As the operation nodes' output 2 (outputs.ts): payload the error, the incoming payload in
      // msg.ezviz.input; unwired, done(err) with the message as it came.
      const fail = (error: EzvizError, request: Fields) => {
        showError(error);
        outputs.failure(msg, send, done, error, { ...request });
      };
      if (!poller) return fail(notReady!, {});
      poller.poll().then((outcome) => {
        if (outcome.kind === 'closed' || closed) return done();
        if (outcome.kind === 'error') return fail(outcome.error, outcome.request);
        showPolled(outcome.time, outcome.count);
        done();
      }, (e) => done(e as Error));
    });

    node.on('close', (removed: boolean, done: () => void) => {
      closed = true;
      leave(node, cfg, poller, removed);
      done();
    });
  }

  RED.nodes.registerType('ezviz-alarm', EzvizAlarmNode as unknown as (this: Node, def: NodeDef) => void);
};
