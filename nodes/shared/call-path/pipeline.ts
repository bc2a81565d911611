// The one input pipeline of every operation node, exactly one outcome per input:
//   read parameters (readers.ts) -> validate (validation.ts) -> call the config node's service
//   (service.ts) -> map the reply (the node's payload mapper, replies.ts) -> emit (outputs.ts),
// with the status (node-status.ts) and the node's life (lifecycle.ts) beside it.
// A node file says only which operation it runs and how its reply becomes msg.payload.

import type { Node, NodeAPI, NodeDef } from 'node-red';
import type { CallResult, Fields } from '../requests/call-types';
import type { ApiReply } from '../wire/wire';
import { EzvizError } from '../errors/errors';
import { Translate, translator } from '../i18n/i18n';
import { configOf, ConfigNodeLike, errorWired, Lifecycle, OperationNodeLike } from './lifecycle';
import { NodeStatus } from './node-status';
import type { OperationSpec } from '../operations/operations';
import type { EzvizService } from '../service/service';
import { Done, Outputs, publicRequest, replyError, Send } from './outputs';
import { Msg, RawInput, Readers } from './readers';
import { plainPayload } from '../replies/replies';
import { ParsedInput, validateInput, wouldSend } from './validation';

export interface OperationOptions {
  /** msg.payload of a success; default `{code, msg}` of the reply. */
  payload?(reply: ApiReply, values: ParsedInput): unknown;
  /** Instead of `payload`, where a success needs more than the reply (capture: checks the picture
   * URL, may download the picture). An EzvizError (returned or thrown; a BadReply thrown is
   * BAD_REPLY) ends the message on the error path; `ezviz` is merged into msg.ezviz. */
  result?(ctx: ResultContext): Promise<Shaped | EzvizError | Failed> | Shaped | EzvizError | Failed;
  /** Instead of one call of the node's own row, the service's composite (switch, device state);
   * its result carries the payload. */
  call?(service: EzvizService, input: ParsedInput, owner: OperationNodeLike, msg: Msg): Promise<CallResult>;
  /** The status of a success (a full catalog key: `armed`, `privacy on`); default "OK". */
  okStatus?(payload: unknown): string | undefined;
  /** Per node, once set up: `input` runs a message through the pipeline (device `watch`). */
  attach?(node: OperationNodeLike, def: NodeDef & Record<string, unknown>, input: (msg: Msg, send: Send, done: Done) => void): void;
}

export interface Shaped { payload: unknown; ezviz?: Record<string, unknown> }

/** A failure with facts for msg.ezviz (capture: the picture URL when only the download failed). */
export interface Failed {
  error: EzvizError;
  ezviz: Record<string, unknown>;
}

export interface ResultContext {
  reply: ApiReply;
  input: ParsedInput;
  /** The node's properties (e.g. capture's `download`). */
  def: Readonly<Record<string, unknown>>;
  service: EzvizService;
  t: Translate;
  result: Extract<CallResult, { kind: 'ok' }>; // the service's answer (a live address: result.live)
}

type MapPayload = (reply: ApiReply, values: ParsedInput) => unknown;

/** The steps of one operation node, in the order a message takes them. */
class Pipeline {
  private readonly readers: Readers;
  private readonly status: NodeStatus;
  private readonly outputs: Outputs;
  private readonly life: Lifecycle;
  private readonly cfg: ConfigNodeLike | null;

  constructor(RED: NodeAPI, private readonly node: OperationNodeLike, private readonly spec: OperationSpec,
    private readonly t: Translate, private readonly mapPayload: MapPayload,
    private readonly def: NodeDef & Record<string, unknown>, private readonly options: OperationOptions) {
    const cfg = configOf(RED, def);
    this.cfg = cfg;
    this.readers = new Readers(RED, node, spec, t, def);
    this.status = new NodeStatus(node, t, spec.section, () => !!cfg && cfg.service.tokens.canRefresh);
    this.outputs = new Outputs(RED, node, spec, errorWired(def));
    this.life = new Lifecycle(node, cfg, this.status);
  }

  /** 1. Read the parameters (at once when no value needs a callback). */
  input(msg: Msg, send: Send, done: Done): void {
    if (this.readers.sync) {
      const raw: RawInput = { values: {}, fromSetting: new Set() };
      const failed = this.readers.readNow(msg, raw);
      if (failed) return this.fail(msg, send, done, this.readers.error(failed), wouldSend(this.spec, raw.values), raw);
      return this.handle(msg, send, done, raw);
    }
    this.readers.readAll(msg, (failed, raw) => (failed
      ? this.fail(msg, send, done, this.readers.error(failed), wouldSend(this.spec, raw.values), raw)
      : this.handle(msg, send, done, raw)));
  }

  /** 2. Validate, then 3. call the service. */
  private handle(msg: Msg, send: Send, done: Done, raw: RawInput): void {
    const spec = this.spec;
    const ignored = this.readers.ignored(msg, raw);
    if (ignored) this.status.ignoredParam(ignored);
    const cfg = this.cfg;
    if (!cfg) {
      return this.fail(msg, send, done, new EzvizError({ code: 'NO_CONFIG', message: this.t('errors.noConfig'),
        operation: spec.operation, source: 'local', retriable: false }), wouldSend(spec, raw.values), raw);
    }
    const input = validateInput(this.t, spec, raw.values);
    if (input instanceof EzvizError) return this.fail(msg, send, done, input, wouldSend(spec, raw.values), raw);
    this.status.requesting();
    (this.options.call ? this.options.call(cfg.service, input, this.node, msg) : cfg.service.call({
      spec, fields: input.fields, presetName: input.presetName, duration: input.duration, owner: this.node,
      origin: input.duration ? { _msgid: msg._msgid, topic: msg.topic, payload: msg.payload } : undefined,
      refresh: (msg as { refresh?: unknown }).refresh === true,
    })).then((result) => this.finish(msg, send, done, input, result, raw), (e) => {
      // Not expected (call() never rejects); report without the error object itself.
      this.status.answered();
      this.fail(msg, send, done, replyError(this.t, spec, e), publicRequest(spec, input.fields), raw);
    }).catch((e) => {
      // Anything thrown between reply and output ends the message with an error, never an
      // unhandled rejection (docs/behaviour.md section 8).
      try {
        done(replyError(this.t, spec, e));
      } catch { /* nothing left to report to */ }
    });
  }

  /** 4. Map the reply, then 5. emit. */
  private finish(msg: Msg, send: Send, done: Done, input: ParsedInput, result: CallResult, raw: RawInput): void {
    this.status.answered();
    if (result.kind === 'closed' || this.life.closed) {
      // The node closed meanwhile: no output any more.
      done();
      return;
    }
    const request = publicRequest(this.spec, result.fields);
    if (result.kind === 'error') return this.fail(msg, send, done, result.error, request, raw);
    let shaped: Promise<Shaped | EzvizError | Failed> | Shaped | EzvizError | Failed;
    try {
      // Only documented fields of documented types (replies.ts); a wrong shape is an error.
      const shape = this.options.result;
      shaped = shape ? shape({ reply: result.reply, input, def: this.def, service: this.cfg!.service, t: this.t, result })
        : { payload: 'payload' in result ? result.payload : this.mapPayload(result.reply, input) };
    } catch (e) {
      shaped = replyError(this.t, this.spec, e);
    }
    if (!(shaped instanceof Promise)) return this.emit(msg, send, done, result, request, raw, shaped);
    // Still busy (capture: downloading the picture).
    this.status.requesting();
    shaped.then((s) => {
      this.status.answered();
      this.emit(msg, send, done, result, request, raw, s);
    }, (e) => {
      this.status.answered();
      this.emit(msg, send, done, result, request, raw, replyError(this.t, this.spec, e));
    });
  }

  /** 5. Emit what the reply became. */
  private emit(msg: Msg, send: Send, done: Done, result: Extract<CallResult, { kind: 'ok' }>, request: Fields, raw: RawInput,
    shaped: Shaped | EzvizError | Failed): void {
    if (this.life.closed) return done();
    if (shaped instanceof EzvizError) return this.fail(msg, send, done, shaped, request, raw);
    if ('error' in shaped) return this.fail(msg, send, done, shaped.error, request, raw, shaped.ezviz);
    this.status.ok(this.options.okStatus?.(shaped.payload));
    this.outputs.success(msg, send, done, shaped.payload, result.reply, request, result.durationMs, shaped.ezviz);
  }

  /** 5. Emit a failure (any step). */
  private fail(msg: Msg, send: Send, done: Done, error: EzvizError, request: Fields, raw?: RawInput,
    extra?: Record<string, unknown>): void {
    this.status.error(error);
    this.outputs.failure(msg, send, done, error, request, raw, extra);
  }

  /** The stop of a timed move this node started went out (`error` when it failed). */
  timedStopDone(error: EzvizError | undefined, request: Fields, origin: unknown): void {
    const closed = this.life.closed;
    if (!error) {
      if (!closed) this.status.stopped();
      return;
    }
    const info = error.toJSON();
    if (closed) {
      this.node.warn(this.t('log.timedStopFailed', { camera: `${request.deviceSerial}/${request.channelNo}`, message: info.message }));
      return;
    }
    this.status.error(error);
    this.outputs.timedStopFailed(error, info, request, origin);
  }
}

export function registerOperation(RED: NodeAPI, spec: OperationSpec, options: OperationOptions = {}): void {
  const t = translator(RED);
  const mapPayload: MapPayload = options.payload ?? ((reply: ApiReply) => plainPayload(reply));
  const secrets = spec.params.filter((p) => p.secret).map((p) => [p.name, { type: 'password' }]);

  function OperationNode(this: OperationNodeLike, def: NodeDef & Record<string, unknown>): void {
    RED.nodes.createNode(this, def);
    const pipeline = new Pipeline(RED, this, spec, t, mapPayload, def, options);
    this.timedStopDone = (error, request, origin) => pipeline.timedStopDone(error, request, origin);
    this.on('input', (msg: Msg, send: Send, done: Done) => pipeline.input(msg, send, done));
    options.attach?.(this, def, (msg, send, done) => pipeline.input(msg, send, done));
  }

  RED.nodes.registerType(spec.type, OperationNode as unknown as (this: Node, def: NodeDef) => void,
    secrets.length ? { credentials: Object.fromEntries(secrets) } as never : undefined);
}
