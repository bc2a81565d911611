// The one input pipeline of every operation node: read parameters -> validate -> call through the
// config node's service -> map the reply -> send / status / done, exactly once per input.
// A node file says only which operation it runs and how its reply becomes msg.payload.

import type { Node, NodeAPI, NodeDef, NodeMessage, NodeMessageInFlow } from 'node-red';
import type { ApiReply } from './client';
import { EzvizError, ErrorInfo } from './errors';
import { Translate, translator } from './i18n';
import { OperationSpec, ParamSpec, CONFIG_TYPE } from './operations';
import { isEmpty, parseParam, validationArgs } from './params';
import { BadReply, plainPayload } from './replies';
import type { CallResult, Fields, Owner } from './call-types';
import type { EzvizService } from './service';
import type { TokenState } from './token';

/** What a config node exposes to operation nodes (see nodes/ezviz-config/ezviz-config.ts). */
export interface ConfigNodeLike extends Node {
  service: EzvizService;
  addUser(user: TokenStateListener): void;
  removeUser(user: TokenStateListener): void;
}

export interface TokenStateListener {
  tokenStateChanged(state: TokenState): void;
}

export interface OperationOptions {
  /** msg.payload of a success; default `{code, msg}` of the reply. */
  payload?(reply: ApiReply, values: ParsedInput): unknown;
}

/** Parameters of one input after validation. */
export interface ParsedInput {
  fields: Fields;
  presetName?: string;
  duration?: number;
}

type Msg = NodeMessageInFlow & { payload?: unknown; error?: unknown; ezviz?: unknown };
type Send = (msg: NodeMessage | Array<NodeMessage | null>) => void;
type Done = (err?: Error) => void;

interface Reader {
  spec: ParamSpec;
  value: string;
  type: string;
}

/** Status texts per token state (undefined: leave the status as it is). */
const TOKEN_STATUS: Partial<Record<TokenState, string>> = {
  missing: 'status.noCredentials',
  expired: 'status.tokenExpired',
  failed: 'status.tokenFailed',
};

/** Turns a validation failure into the error of design.md section 4. */
export function validationError(t: Translate, spec: OperationSpec, param: ParamSpec, raw: unknown, reason: string):
  EzvizError {
  return new EzvizError({
    code: '10001',
    message: t(`validation.${reason}`, validationArgs(param, raw)),
    operation: spec.operation,
    source: 'validation',
    retriable: false,
  });
}

/**
 * Validates raw parameter values of `spec` (pure apart from translation): the fields to send, or
 * the first error. `index` may be left out where a `presetName` stands in for it.
 */
export function validateInput(t: Translate, spec: OperationSpec, raw: Record<string, unknown>): ParsedInput | EzvizError {
  const fields: Fields = {};
  const out: ParsedInput = { fields };
  const hasName = spec.operation !== 'preset-add' && spec.params.some((p) => p.name === 'presetName') &&
    !isEmpty(raw.presetName);
  for (const p of spec.params) {
    const value = raw[p.name];
    const r = parseParam(p, value);
    if (!r.ok) {
      if (r.reason === 'missing' && p.name === 'index' && hasName) continue;
      return validationError(t, spec, p, value, r.reason);
    }
    if (r.value === undefined) continue;
    if (p.sent) fields[p.name] = r.value;
    else if (p.name === 'presetName') out.presetName = String(r.value);
    else if (p.name === 'duration') out.duration = Number(r.value);
  }
  return out;
}

/** The TypedInput type of a parameter as the runtime reads it. The editor's select of friendly
 * names is a type named after the parameter's kind (`direction`, `speed`, `mirror`,
 * `immediately`): its value is a literal, read like `str`. A missing type means `str`. */
export function literalType(p: ParamSpec, type: unknown): string {
  if (typeof type !== 'string' || type === '' || type === p.kind) return 'str';
  return type;
}

export function registerOperation(RED: NodeAPI, spec: OperationSpec, options: OperationOptions = {}): void {
  const t = translator(RED);
  const mapPayload = options.payload ?? ((reply: ApiReply) => plainPayload(reply));
  const hasCardPassword = spec.params.some((p) => p.name === 'cardPassword');

  function OperationNode(this: Node & Owner & TokenStateListener, def: NodeDef & Record<string, unknown>): void {
    RED.nodes.createNode(this, def);
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const node = this;
    const readers: Reader[] = spec.params.map((p) => ({
      spec: p,
      value: def[p.name] === undefined || def[p.name] === null ? '' : String(def[p.name]),
      type: literalType(p, def[`${p.name}Type`]),
    }));
    const needsAsync = readers.some((r) => r.value !== '' && !['str', 'num', 'msg', 'env', 'cred'].includes(r.type));
    const wires = (def as unknown as { wires?: unknown[][] }).wires;
    const errorWired = Array.isArray(wires) && Array.isArray(wires[1]) && wires[1].length > 0;
    const found = def.config ? RED.nodes.getNode(String(def.config)) : null;
    const cfg = found && found.type === CONFIG_TYPE ? (found as ConfigNodeLike) : null;
    let closed = false;
    /** Requests under way: the status turns blue when the first starts and green when the last
     * ends, instead of twice per message (cheap under load). Errors always show. */
    let inflight = 0;
    const okText = t('status.ok');
    const requestingText = t('status.requesting');

    Object.defineProperty(node, 'closed', { get: () => closed });

    node.tokenStateChanged = (state: TokenState) => {
      const key = TOKEN_STATUS[state];
      if (key && !closed) node.status({ fill: 'red', shape: 'ring', text: t(key) });
    };

    if (!cfg) node.status({ fill: 'red', shape: 'ring', text: t('status.noConfig') });
    else {
      cfg.addUser(node);
      node.tokenStateChanged(cfg.service.tokens.state);
    }

    /** Raw value of one parameter: node setting first, else msg.payload.<name>. */
    function readOne(r: Reader, msg: Msg, cb: (err: Error | null, v?: unknown) => void): void {
      const fromPayload = () => {
        const pl = msg.payload;
        cb(null, pl !== null && typeof pl === 'object' ? (pl as Record<string, unknown>)[r.spec.name] : undefined);
      };
      if (r.type === 'cred') {
        const c = (node.credentials as Record<string, unknown> | undefined)?.[r.spec.name];
        if (isEmpty(c)) fromPayload();
        else cb(null, c);
        return;
      }
      if (r.value === '') return fromPayload();
      switch (r.type) {
        case 'str':
        case 'num':
          return cb(null, r.value);
        case 'msg':
          try {
            return cb(null, RED.util.getMessageProperty(msg, r.value));
          } catch (e) {
            return cb(e as Error);
          }
        default: {
          // json, bin and the like throw instead of calling back
          let answered = false;
          try {
            RED.util.evaluateNodeProperty(r.value, r.type, node, msg, (err, v) => {
              answered = true;
              cb(err, v);
            });
          } catch (e) {
            if (!answered) cb(e as Error);
          }
        }
      }
    }

    function readAll(msg: Msg, cb: (err: { reader: Reader } | null, raw: Record<string, unknown>) => void): void {
      const raw: Record<string, unknown> = {};
      let left = readers.length;
      let failed = false;
      for (const r of readers) {
        readOne(r, msg, (err, v) => {
          if (failed) return;
          if (err) {
            failed = true;
            return cb({ reader: r }, raw);
          }
          raw[r.spec.name] = v;
          if (--left === 0) cb(null, raw);
        });
      }
    }

    function fail(msg: Msg, send: Send, done: Done, error: EzvizError): void {
      node.status({ fill: 'red', shape: 'ring', text: statusCode(error) });
      msg.error = error.toJSON();
      if (errorWired) {
        send([null, msg as NodeMessage]);
        done();
      } else {
        done(error);
      }
    }

    function statusCode(error: EzvizError): string {
      if (error.code === '10002' && cfg && !cfg.service.tokens.canRefresh) return t('status.tokenExpired');
      if (error.code === 'NO_CREDENTIALS') return t('status.noCredentials');
      return error.code;
    }

    function finish(msg: Msg, send: Send, done: Done, input: ParsedInput, result: CallResult): void {
      inflight--;
      if (result.kind === 'closed' || closed) {
        // The node closed meanwhile: no output any more.
        done();
        return;
      }
      if (result.kind === 'error') return fail(msg, send, done, result.error);
      let payload: unknown;
      try {
        // Only documented fields of documented types (replies.ts); a wrong shape is an error.
        payload = mapPayload(result.reply, input);
      } catch (e) {
        return fail(msg, send, done, replyError(e));
      }
      const request: Fields = {};
      for (const k in result.fields) if (k !== 'cardPassword') request[k] = result.fields[k];
      msg.payload = payload;
      msg.ezviz = { operation: spec.operation, code: result.reply.code, msg: result.reply.msg, request,
        durationMs: result.durationMs };
      if (inflight === 0) node.status({ fill: 'green', shape: 'dot', text: okText });
      send([msg as NodeMessage, null]);
      done();
    }

    /** The error of a reply that could not be mapped (BAD_REPLY), or of anything unexpected. */
    function replyError(e: unknown): EzvizError {
      if (e instanceof BadReply) {
        return new EzvizError({ code: 'BAD_REPLY', message: t('errors.badReply', { detail: e.detail }),
          operation: spec.operation, source: 'http', retriable: false });
      }
      return new EzvizError({ code: 'INTERNAL', message: t('errors.internal', { detail: String((e as Error)?.message ?? e).slice(0, 200) }),
        operation: spec.operation, source: 'local', retriable: false });
    }

    function handle(msg: Msg, send: Send, done: Done, raw: Record<string, unknown>): void {
      if (!cfg) {
        return fail(msg, send, done, new EzvizError({ code: 'NO_CONFIG', message: t('errors.noConfig'),
          operation: spec.operation, source: 'local', retriable: false }));
      }
      const input = validateInput(t, spec, raw);
      if (input instanceof EzvizError) return fail(msg, send, done, input);
      if (inflight++ === 0) node.status({ fill: 'blue', shape: 'dot', text: requestingText });
      cfg.service.call({
        spec,
        fields: input.fields,
        presetName: input.presetName,
        duration: input.duration,
        owner: node,
        origin: input.duration ? { _msgid: msg._msgid, topic: msg.topic, payload: msg.payload } : undefined,
      }).then((result) => finish(msg, send, done, input, result), (e) => {
        // Not expected (call() never rejects); report without the error object itself.
        inflight--;
        fail(msg, send, done, replyError(e));
      }).catch((e) => {
        // Anything thrown between reply and output ends the message with an error, never an
        // unhandled rejection (design.md s8).
        try {
          done(replyError(e));
        } catch {
          /* nothing left to report to */
        }
      });
    }

    node.on('input', (msg: Msg, send: Send, done: Done) => {
      if (!needsAsync && !hasCardPassword) {
        // Fast path: every value is available synchronously.
        const raw: Record<string, unknown> = {};
        for (const r of readers) {
          let err: Error | null = null;
          readOne(r, msg, (e, v) => {
            err = e;
            raw[r.spec.name] = v;
          });
          if (err) return fail(msg, send, done, readError(r));
        }
        return handle(msg, send, done, raw);
      }
      readAll(msg, (err, raw) => (err ? fail(msg, send, done, readError(err.reader)) : handle(msg, send, done, raw)));
    });

    function readError(r: Reader): EzvizError {
      return new EzvizError({ code: '10001', message: t('validation.unreadable', { param: r.spec.name, type: r.type,
        value: r.spec.secret ? '(hidden)' : r.value }), operation: spec.operation, source: 'validation', retriable: false });
    }

    node.timedStopDone = (error: EzvizError | undefined, request: Fields, origin: unknown) => {
      if (!error) {
        if (!closed) node.status({ fill: 'green', shape: 'dot', text: t('status.stopped') });
        return;
      }
      const info: ErrorInfo = error.toJSON();
      if (closed) {
        node.warn(t('log.timedStopFailed', { camera: `${request.deviceSerial}/${request.channelNo}`, message: info.message }));
        return;
      }
      const o = (origin ?? {}) as { _msgid?: string; topic?: unknown; payload?: unknown };
      const msg: Msg = { _msgid: o._msgid ?? RED.util.generateId(), topic: o.topic as string, payload: o.payload,
        ezviz: { operation: 'ptz-stop', timedStop: true, request: { ...request } }, error: info } as Msg;
      node.status({ fill: 'red', shape: 'ring', text: statusCode(error) });
      if (errorWired) node.send([null, msg as NodeMessage]);
      else node.error(error, msg);
    };

    node.on('close', (_removed: boolean, done: () => void) => {
      closed = true;
      if (!cfg) return done();
      cfg.removeUser(node);
      cfg.service.stopTimedMoves(node.id).then(() => done(), () => done());
    });
  }

  RED.nodes.registerType(spec.type, OperationNode as unknown as (this: Node, def: NodeDef) => void,
    hasCardPassword ? { credentials: { cardPassword: { type: 'password' } } } as never : undefined);
}
