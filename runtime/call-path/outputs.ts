// The outputs of an operation node (docs/behaviour.md section 4): a success on output 1 (msg.payload
// from the reply, msg.ezviz with the request sent), a failure on output 2 (msg.payload the error,
// the incoming payload with secrets masked in msg.ezviz.input) or, with output 2 unwired, through
// done(err) with the payload untouched; and the report of a timed stop that failed after its
// message was answered.

import type { Node, NodeAPI, NodeMessage } from 'node-red';
import type { Fields } from '../../client/requests/call-types';
import type { ApiReply } from '../../client/wire/wire';
import { badReplyError, EzvizError, ErrorInfo } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { CallSpec, OperationSpec } from '../../client/operations/operations';
import { SECRET_KEYS } from '../../client/params/parse';
import { redactSecrets } from '../../client/params/redact';
import type { MessageEnds, Msg } from './message-context';
import { BadReply } from '../../client/replies/replies';

export type { Done, Send } from './message-context';

/** What output 1 carries: msg.payload, and msg.ezviz from the reply and the request sent. */
export interface Success {
  payload: unknown;
  reply: ApiReply;
  request: Fields;
  durationMs: number;
  /** More facts for msg.ezviz (capture: the picture URL). */
  extra?: Record<string, unknown>;
  /** Other msg properties (ezviz-clip: `filename`). */
  props?: Record<string, unknown>;
}

/** `msg.ezviz.request`: the fields sent (or that would have been sent), secrets left out. */
export function publicRequest(spec: CallSpec, fields: Fields | Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const k of Object.keys(fields)) {
    if (SECRET_KEYS.has(k) || spec.params.some((p) => (p.apiName === k || p.name === k) && p.secret)) continue;
    const v = (fields as Record<string, unknown>)[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  return out;
}

/** The error of a reply that could not be mapped (BAD_REPLY), or of anything unexpected. */
export function replyError(t: Translate, spec: OperationSpec, e: unknown): EzvizError {
  if (e instanceof EzvizError) return e;
  if (e instanceof BadReply) {
    return badReplyError(t, spec.operation, e.detail);
  }
  return new EzvizError({
    code: 'INTERNAL',
    message: t('errors.internal', { detail: String((e as Error)?.message ?? e).slice(0, 200) }),
    operation: spec.operation,
    source: 'local',
    retriable: false,
  });
}

/** An incoming payload as output 2 shows it: secrets masked (`secrets`: the values read for
 * secret parameters, masked wherever they stand). */
function maskedInput(payload: unknown, secrets?: string[]): unknown {
  try {
    return redactSecrets(payload, secrets);
  } catch {
    return '[unreadable]';
  }
}

export class Outputs {
  constructor(
    private readonly RED: NodeAPI,
    private readonly node: Node,
    private readonly spec: CallSpec,
    /** Output 2 has wires: failures go there, else to done(err). */
    private readonly errorWired: boolean,
  ) {}

  success(ends: MessageEnds, s: Success): void {
    const msg = ends.msg;
    if (s.props) Object.assign(msg, s.props);
    msg.payload = s.payload;
    msg.ezviz = {
      operation: this.spec.operation,
      code: s.reply.code,
      msg: s.reply.msg,
      request: s.request,
      durationMs: s.durationMs,
      ...s.extra,
    };
    ends.send([msg as NodeMessage, null]);
    ends.done();
  }

  /** `extra`: facts for msg.ezviz beside operation and request (capture: the picture URL). */
  failure(ends: MessageEnds, error: EzvizError, request: Fields, extra?: Record<string, unknown>): void {
    const { msg, send, done, raw } = ends;
    const info = error.toJSON();
    msg.error = info;
    if (this.errorWired) {
      const secrets: string[] = [];
      for (const p of this.spec.params) {
        const v = raw?.values[p.name];
        if (p.secret && (typeof v === 'string' || typeof v === 'number') && String(v).trim() !== '')
          secrets.push(String(v));
      }
      msg.ezviz = { operation: this.spec.operation, request, input: maskedInput(msg.payload, secrets), ...extra };
      msg.payload = { ...info };
      send([null, msg as NodeMessage]);
      done();
    } else {
      msg.ezviz = { operation: this.spec.operation, request, ...extra };
      done(error);
    }
  }

  /** A timed stop failed while its node is open: a message of its own, built from the start's
   * (`origin`: its _msgid, topic and payload). */
  timedStopFailed(error: EzvizError, info: ErrorInfo, request: Fields, origin: unknown): void {
    const o = (origin ?? {}) as { _msgid?: string; topic?: unknown; payload?: unknown };
    const stop = { operation: 'ptz-stop', timedStop: true, request: publicRequest(this.spec, request) };
    const _msgid = o._msgid ?? this.RED.util.generateId();
    if (this.errorWired) {
      const msg = {
        _msgid,
        topic: o.topic as string,
        payload: { ...info },
        ezviz: { ...stop, input: maskedInput(o.payload) },
        error: info,
      } as Msg;
      this.node.send([null, msg as NodeMessage]);
    } else {
      const msg = { _msgid, topic: o.topic as string, payload: o.payload, ezviz: stop, error: info } as Msg;
      this.node.error(error, msg);
    }
  }
}
