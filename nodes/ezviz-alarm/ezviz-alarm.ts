// ezviz-alarm: runtime. A source node: alarms come from the account's alarm list (poll), the
// message service's consumer or webhook pushes (docs/behaviour.md sections 11 and 15; the sources in
// features/alarms/sources.ts); one message per new alarm on output 1, whatever the source.
// As every node, its parameters are read once (its settings, features/alarms/source-settings.ts, at
// deploy: a message carries none) and an input message is one context (message-context.ts) that
// its run step takes: poll or fetch at once. A failed poll or fetch goes to output 2 like the
// errors of the operation nodes (the same outputs.ts and node-status.ts). Its set-up: alarm-setup.ts.

import type { NodeAPI, NodeDef, NodeMessage } from 'node-red';
import { views, type Views } from '../../features/alarms/alarm-views';
import type { AlarmSource, SourceOutcome } from '../../features/alarms/sources';
import { sourceSettings } from '../../features/alarms/source-settings';
import { configOf, errorWired, registerNode, type ConfigNodeLike } from '../../runtime/call-path/lifecycle';
import type { EzvizError } from '../../client/errors/errors';
import { translator } from '../../runtime/i18n/i18n';
import { NodeStatus } from '../../runtime/call-path/node-status';
import { Outputs } from '../../runtime/call-path/outputs';
import {
  messageContext,
  type Done,
  type MessageContext,
  type Msg,
  type Send,
} from '../../runtime/call-path/message-context';
import { ALARM_LIST } from '../../client/operations/alarm-calls';
import type { Fields } from '../../client/requests/call-types';
import { ownerParts, start, type AlarmNode } from './alarm-setup';

/** A failed timed poll or fetch (no message came in): a message of its own on output 2, or to Catch nodes. */
function failed(RED: NodeAPI, node: AlarmNode, wired: boolean, error: EzvizError, request: Fields): void {
  const msg = {
    _msgid: RED.util.generateId(),
    error: error.toJSON(),
    ezviz: { operation: error.operation, request: { ...request } },
  } as Msg;
  msg.payload = { ...(msg.error as object) };
  if (wired) node.send([null, msg as NodeMessage]);
  else node.error(error, msg);
}

/** Outcomes of the source's timed work: status, and a failure on output 2 (or to Catch nodes). */
function reporter(RED: NodeAPI, node: AlarmNode, wired: boolean, view: Views): (o: SourceOutcome) => void {
  return (o) => {
    if (node.closed) return;
    if (o.kind === 'ok' || o.kind === 'pushed') view.count(o.time, o.count);
    else if (o.kind === 'recovered') view.recovered(o.time);
    else if (o.kind === 'refused') view.refused(o.why, o.sender);
    else if (o.kind === 'stale') {
      view.stale(o.since);
      failed(RED, node, wired, o.error, o.request);
    } else if (o.kind === 'error') {
      if (!('stale' in o)) view.error(o.error); // a stale source's status stays `stale since`
      failed(RED, node, wired, o.error, o.request);
    }
  };
}

/** The run step of an input message's context: poll or fetch at once. As the operation nodes' output 2
 * (outputs.ts): payload the error, the incoming payload in msg.ezviz.input; unwired, done(err) with
 * the message as it came. */
function runStep(
  source: AlarmSource | undefined,
  notReady: EzvizError | undefined,
  outputs: Outputs,
  view: Views,
  closed: () => boolean,
): (ctx: MessageContext) => void {
  return (ctx) => {
    const fail = (error: EzvizError, request: Fields) => {
      view.error(error);
      outputs.failure(ctx, error, { ...request });
    };
    if (!source) return fail(notReady!, {});
    const asked = source.now();
    if (!asked) return ctx.done(); // a webhook waits for pushes
    asked.then(
      (outcome) => {
        if (outcome.kind === 'closed' || closed()) return ctx.done();
        if (outcome.kind === 'error') return fail(outcome.error, outcome.request);
        view.count(outcome.time, outcome.count);
        ctx.done();
      },
      (e) => ctx.done(e as Error),
    );
  };
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
    const view = views(
      node,
      t,
      status,
      () => closed,
      parsed.ok ? parsed.settings.path : '',
      () => !!serial && cfg?.service.armed.get(serial) === false,
    );
    const report = reporter(RED, node, wired, view);
    const { source, notReady } = start(RED, node, cfg, parsed, t, status, report, (f) => view.picture(f));
    if (cfg) cfg.addUser(node);
    if (parsed.ok && parsed.clamped) node.warn(t('errors.alarmIntervalRaised', { min: parsed.min }));

    const run = runStep(source, notReady, outputs, view, () => closed);
    node.on('input', (msg: Msg, send: Send, done: Done) => run(messageContext(node, msg, send, done)));

    node.on('close', (removed: boolean, done: () => void) => {
      closed = true;
      source?.close(removed);
      cfg?.removeUser(node);
      done();
    });
  }

  registerNode(RED, 'ezviz-alarm', EzvizAlarmNode, { secret: { type: 'password' } });
};
