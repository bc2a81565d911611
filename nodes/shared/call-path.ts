// The one input pipeline of every operation node: read parameters -> validate -> call through the
// config node's service -> map the reply -> send / status / done, exactly once per input.
// A node file says only which operation it runs and how its reply becomes msg.payload.

import type { Node, NodeAPI, NodeDef, NodeMessage, NodeMessageInFlow } from 'node-red';
import type { ApiReply } from './client';
import { EzvizError, ErrorInfo } from './errors';
import { Translate, translator } from './i18n';
import { OperationSpec, ParamSpec, CONFIG_TYPE } from './operations';
import { describeValue, isEmpty, parseParam, redactSecrets, SECRET_KEYS, validationArgs } from './params';
import { BadReply, plainPayload } from './replies';
import { errorStatus, ignoredStatusKey, statusKey } from './status';
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

/** Values read for one message, and which of them came from a node setting. */
interface RawInput {
  values: Record<string, unknown>;
  fromSetting: Set<string>;
}

/** `msg.ezviz.request`: the fields sent (or that would have been sent), secrets left out. */
export function publicRequest(spec: OperationSpec, fields: Fields | Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const k of Object.keys(fields)) {
    if (SECRET_KEYS.has(k) || spec.params.some((p) => p.name === k && p.secret)) continue;
    const v = (fields as Record<string, unknown>)[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  return out;
}

/**
 * The request a message would have made: every sent, non-secret parameter whose value is valid
 * (for an error before anything was sent: which camera was asked).
 */
export function wouldSend(spec: OperationSpec, raw: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const p of spec.params) {
    if (!p.sent || p.secret) continue;
    const r = parseParam({ ...p, required: false }, raw[p.name]);
    if (r.ok && r.value !== undefined) fields[p.name] = r.value;
  }
  return fields;
}

/** Whether a node setting and a payload value mean the same (after parsing, e.g. `right` and 3). */
export function sameValue(p: ParamSpec, a: unknown, b: unknown): boolean {
  const pa = parseParam({ ...p, required: false }, a);
  const pb = parseParam({ ...p, required: false }, b);
  if (pa.ok && pb.ok) return String(pa.value) === String(pb.value);
  return typeof a === typeof b && String(a).trim() === String(b).trim();
}

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
    const okText = statusKey('ok');
    const requestingText = statusKey('requesting');
    /** Parameters whose ignored payload value has been reported (once per node and parameter). */
    const warned = new Set<string>();
    /** Status of the last such warning, shown by the next success instead of "OK". */
    let ignoredStatus: string | undefined;

    Object.defineProperty(node, 'closed', { get: () => closed });

    // A token or config failure colours only the nodes that tried to send (design.md section 9):
    // each such node shows it when its own message fails, not when the config node's state changes.
    node.tokenStateChanged = (_state: TokenState) => undefined;

    if (!cfg) node.status({ fill: 'red', shape: 'ring', text: statusKey('noConfig') });
    else cfg.addUser(node);

    /** Raw value of one parameter: node setting first, else msg.payload.<name>. */
    function readOne(r: Reader, msg: Msg, cb: (err: Error | null, v?: unknown, fromSetting?: boolean) => void): void {
      const fromPayload = () => {
        const pl = msg.payload;
        cb(null, pl !== null && typeof pl === 'object' ? (pl as Record<string, unknown>)[r.spec.name] : undefined, false);
      };
      if (r.type === 'cred') {
        const c = (node.credentials as Record<string, unknown> | undefined)?.[r.spec.name];
        if (isEmpty(c)) fromPayload();
        else cb(null, c, true);
        return;
      }
      if (r.value === '') return fromPayload();
      switch (r.type) {
        case 'str':
        case 'num':
          return cb(null, r.value, true);
        case 'msg':
          try {
            return cb(null, RED.util.getMessageProperty(msg, r.value), true);
          } catch (e) {
            return cb(e as Error);
          }
        default: {
          // json, bin and the like throw instead of calling back
          let answered = false;
          try {
            RED.util.evaluateNodeProperty(r.value, r.type, node, msg, (err, v) => {
              answered = true;
              cb(err, v, true);
            });
          } catch (e) {
            if (!answered) cb(e as Error);
          }
        }
      }
    }

    function readAll(msg: Msg, cb: (err: { reader: Reader } | null, raw: RawInput) => void): void {
      const raw: RawInput = { values: {}, fromSetting: new Set() };
      let left = readers.length;
      let failed = false;
      for (const r of readers) {
        readOne(r, msg, (err, v, fromSetting) => {
          if (failed) return;
          if (err) {
            failed = true;
            return cb({ reader: r }, raw);
          }
          raw.values[r.spec.name] = v;
          if (fromSetting) raw.fromSetting.add(r.spec.name);
          if (--left === 0) cb(null, raw);
        });
      }
    }

    /**
     * Ends a failed message (design.md section 4): on output 2 with msg.payload = the error and the
     * incoming payload (secrets masked) in msg.ezviz.input; with output 2 unwired through done(err),
     * the payload untouched.
     */
    function fail(msg: Msg, send: Send, done: Done, error: EzvizError, request: Fields, raw?: RawInput): void {
      node.status({ fill: 'red', shape: 'ring', text: statusText(error) });
      const info = error.toJSON();
      msg.error = info;
      if (errorWired) {
        const secrets: string[] = [];
        for (const p of spec.params) {
          const v = raw?.values[p.name];
          if (p.secret && (typeof v === 'string' || typeof v === 'number') && String(v).trim() !== '') secrets.push(String(v));
        }
        let input: unknown;
        try {
          input = redactSecrets(msg.payload, secrets);
        } catch {
          input = '[unreadable]';
        }
        msg.ezviz = { operation: spec.operation, request, input };
        msg.payload = { ...info };
        send([null, msg as NodeMessage]);
        done();
      } else {
        msg.ezviz = { operation: spec.operation, request };
        done(error);
      }
    }

    function statusText(error: EzvizError): string {
      const s = errorStatus(error, spec.section, !!cfg && cfg.service.tokens.canRefresh);
      return 'code' in s ? t('status.error', { code: s.code.slice(0, 20) }) : s.key;
    }

    /** A node setting won over a different msg.payload.<name>: say so once per parameter. */
    function checkIgnored(msg: Msg, raw: RawInput): void {
      if (raw.fromSetting.size === 0 || warned.size === readers.length) return;
      const pl = msg.payload;
      if (pl === null || typeof pl !== 'object') return;
      for (const r of readers) {
        const name = r.spec.name;
        if (!raw.fromSetting.has(name) || warned.has(name)) continue;
        let given: unknown;
        try {
          given = (pl as Record<string, unknown>)[name];
        } catch {
          continue;
        }
        if (isEmpty(given) || sameValue(r.spec, raw.values[name], given)) continue;
        warned.add(name);
        ignoredStatus = ignoredStatusKey(name);
        node.warn(t('log.ignored', { param: name, value: describeValue(r.spec, given),
          setting: describeValue(r.spec, raw.values[name]) }));
      }
    }

    function finish(msg: Msg, send: Send, done: Done, input: ParsedInput, result: CallResult, raw: RawInput): void {
      inflight--;
      if (result.kind === 'closed' || closed) {
        // The node closed meanwhile: no output any more.
        done();
        return;
      }
      const request = publicRequest(spec, result.fields);
      if (result.kind === 'error') return fail(msg, send, done, result.error, request, raw);
      let payload: unknown;
      try {
        // Only documented fields of documented types (replies.ts); a wrong shape is an error.
        payload = mapPayload(result.reply, input);
      } catch (e) {
        return fail(msg, send, done, replyError(e), request, raw);
      }
      msg.payload = payload;
      msg.ezviz = { operation: spec.operation, code: result.reply.code, msg: result.reply.msg, request,
        durationMs: result.durationMs };
      if (ignoredStatus) {
        node.status({ fill: 'yellow', shape: 'dot', text: ignoredStatus });
        ignoredStatus = undefined;
      } else if (inflight === 0) node.status({ fill: 'green', shape: 'dot', text: okText });
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

    function handle(msg: Msg, send: Send, done: Done, raw: RawInput): void {
      checkIgnored(msg, raw);
      if (!cfg) {
        return fail(msg, send, done, new EzvizError({ code: 'NO_CONFIG', message: t('errors.noConfig'),
          operation: spec.operation, source: 'local', retriable: false }), wouldSend(spec, raw.values), raw);
      }
      const input = validateInput(t, spec, raw.values);
      if (input instanceof EzvizError) return fail(msg, send, done, input, wouldSend(spec, raw.values), raw);
      if (inflight++ === 0) node.status({ fill: 'blue', shape: 'dot', text: requestingText });
      cfg.service.call({
        spec,
        fields: input.fields,
        presetName: input.presetName,
        duration: input.duration,
        owner: node,
        origin: input.duration ? { _msgid: msg._msgid, topic: msg.topic, payload: msg.payload } : undefined,
      }).then((result) => finish(msg, send, done, input, result, raw), (e) => {
        // Not expected (call() never rejects); report without the error object itself.
        inflight--;
        fail(msg, send, done, replyError(e), publicRequest(spec, input.fields), raw);
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
        const raw: RawInput = { values: {}, fromSetting: new Set() };
        for (const r of readers) {
          let err: Error | null = null;
          readOne(r, msg, (e, v, fromSetting) => {
            err = e;
            raw.values[r.spec.name] = v;
            if (fromSetting) raw.fromSetting.add(r.spec.name);
          });
          if (err) return fail(msg, send, done, readError(r), wouldSend(spec, raw.values), raw);
        }
        return handle(msg, send, done, raw);
      }
      readAll(msg, (err, raw) => (err
        ? fail(msg, send, done, readError(err.reader), wouldSend(spec, raw.values), raw)
        : handle(msg, send, done, raw)));
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
      const stop = { operation: 'ptz-stop', timedStop: true, request: publicRequest(spec, request) };
      node.status({ fill: 'red', shape: 'ring', text: statusText(error) });
      if (errorWired) {
        let input: unknown;
        try {
          input = redactSecrets(o.payload);
        } catch {
          input = '[unreadable]';
        }
        const msg: Msg = { _msgid: o._msgid ?? RED.util.generateId(), topic: o.topic as string, payload: { ...info },
          ezviz: { ...stop, input }, error: info } as Msg;
        node.send([null, msg as NodeMessage]);
      } else {
        const msg: Msg = { _msgid: o._msgid ?? RED.util.generateId(), topic: o.topic as string, payload: o.payload,
          ezviz: stop, error: info } as Msg;
        node.error(error, msg);
      }
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
