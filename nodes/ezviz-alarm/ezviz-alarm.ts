// ezviz-alarm: runtime. A source node: polls the account's alarm list through the config node's
// service (nodes/shared/alarm-poller.ts) and sends one message per new alarm; an input message
// polls at once; a failed poll goes to output 2 like the errors of the operation nodes.

import type { Node, NodeAPI, NodeDef, NodeMessage, NodeMessageInFlow } from 'node-red';
import { AlarmPoller, PollOutcome } from '../shared/alarm-poller';
import { AlarmPayload, alarmSettings, MIN_INTERVAL_S } from '../shared/alarms';
import type { ConfigNodeLike, TokenStateListener } from '../shared/lifecycle';
import { EzvizError } from '../shared/errors';
import { hooks } from '../shared/hooks';
import { translator } from '../shared/i18n';
import { redactSecrets } from '../shared/params';
import { errorStatus, statusKey } from '../shared/status';
import { ALARM_LIST, CONFIG_TYPE } from '../shared/operations';
import type { Fields, Owner } from '../shared/call-types';
import type { TokenState } from '../shared/token';

type Msg = NodeMessageInFlow & { payload?: unknown; error?: unknown; ezviz?: unknown };
type Send = (msg: NodeMessage | Array<NodeMessage | null>) => void;
type Done = (err?: Error) => void;

/** hh:mm:ss of `ms` in the runtime's time zone. */
function clock(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

export = function (RED: NodeAPI): void {
  const t = translator(RED);

  function EzvizAlarmNode(this: Node & Owner & TokenStateListener, def: NodeDef & Record<string, unknown>): void {
    RED.nodes.createNode(this, def);
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const node = this;
    const wires = (def as unknown as { wires?: unknown[][] }).wires;
    const errorWired = Array.isArray(wires) && Array.isArray(wires[1]) && wires[1].length > 0;
    const found = def.config ? RED.nodes.getNode(String(def.config)) : null;
    const cfg = found && found.type === CONFIG_TYPE ? (found as ConfigNodeLike) : null;
    const parsed = alarmSettings(def as { interval?: unknown; deviceSerial?: unknown; alarmType?: unknown });
    let closed = false;

    Object.defineProperty(node, 'closed', { get: () => closed });
    node.timedStopDone = () => undefined;
    // As the operation nodes: a token failure shows when this node's own poll fails.
    node.tokenStateChanged = (_state: TokenState) => undefined;

    /** Why this node cannot poll (no config node, bad settings), or undefined. */
    let setupError: EzvizError | undefined;
    if (!cfg) {
      setupError = new EzvizError({ code: 'NO_CONFIG', message: t('errors.noConfig'), operation: 'alarm-list',
        source: 'local', retriable: false });
      node.status({ fill: 'red', shape: 'ring', text: statusKey('noConfig') });
    } else if (!parsed.ok) {
      setupError = new EzvizError({ code: '10001', operation: 'alarm-list', source: 'validation', retriable: false,
        message: t('errors.alarmSetting', { param: parsed.param, value: parsed.value, min: MIN_INTERVAL_S }) });
      node.status({ fill: 'red', shape: 'ring', text: statusKey('invalidSettings') });
      node.error(setupError.message);
    }

    function failed(msg: Msg, error: EzvizError, request: Fields): Msg {
      msg.error = error.toJSON();
      msg.ezviz = { operation: ALARM_LIST.operation, request: { ...request } };
      return msg;
    }

    function showError(error: EzvizError): void {
      if (closed) return;
      const s = errorStatus(error, ALARM_LIST.section, !!cfg && cfg.service.tokens.canRefresh);
      node.status({ fill: 'red', shape: 'ring', text: 'code' in s ? t('status.error', { code: s.code.slice(0, 20) }) : s.key });
    }

    function showPolled(time: number, count: number): void {
      if (!closed) node.status({ fill: 'green', shape: 'dot', text: t('status.polled', { t: clock(time), n: count }) });
    }

    /** Outcome of a timed poll: status, and a failure on output 2 (or to Catch nodes). */
    function report(outcome: PollOutcome): void {
      if (outcome.kind === 'ok') return showPolled(outcome.time, outcome.count);
      if (outcome.kind !== 'error') return;
      showError(outcome.error);
      const msg = failed({ _msgid: RED.util.generateId() } as Msg, outcome.error, outcome.request);
      msg.payload = { ...(msg.error as object) };
      if (errorWired) node.send([null, msg as NodeMessage]);
      else node.error(outcome.error, msg);
    }

    const poller = cfg && parsed.ok ? new AlarmPoller({
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
    }) : undefined;

    if (cfg) cfg.addUser(node);
    if (parsed.ok && parsed.clamped) node.warn(t('errors.alarmIntervalRaised', { min: MIN_INTERVAL_S }));
    if (poller) poller.start(report);

    node.on('input', (msg: Msg, send: Send, done: Done) => {
      // As the operation nodes' output 2 (call-path.ts): payload the error, the incoming payload in
      // msg.ezviz.input; unwired, done(err) with the message as it came.
      const fail = (error: EzvizError, request: Fields) => {
        showError(error);
        failed(msg, error, request);
        if (errorWired) {
          let input: unknown;
          try {
            input = redactSecrets(msg.payload, []);
          } catch {
            input = '[unreadable]';
          }
          (msg.ezviz as Record<string, unknown>).input = input;
          msg.payload = { ...(msg.error as object) };
          send([null, msg as NodeMessage]);
          done();
        } else done(error);
      };
      if (!poller) return fail(setupError!, {});
      poller.poll().then((outcome) => {
        if (outcome.kind === 'closed' || closed) return done();
        if (outcome.kind === 'error') return fail(outcome.error, outcome.request);
        showPolled(outcome.time, outcome.count);
        done();
      }, (e) => done(e as Error));
    });

    node.on('close', (removed: boolean, done: () => void) => {
      closed = true;
      poller?.close();
      if (removed) poller?.discard();
      cfg?.removeUser(node);
      done();
    });
  }

  RED.nodes.registerType('ezviz-alarm', EzvizAlarmNode as unknown as (this: Node, def: NodeDef) => void);
};
