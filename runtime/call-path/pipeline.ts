// The one input pipeline of every operation node, exactly one outcome per input:
//   read parameters (readers.ts) -> validate (validation.ts), into one context per message
//   (message-context.ts) -> the node's run step on it, by default its row's one call of the config
//   node's service (call-step.ts) -> map the reply (the node's payload mapper, replies.ts; call-step.ts)
//   -> emit (outputs.ts), with the status (node-status.ts) and the node's life (lifecycle.ts) beside it.
// A node file says which row it runs and, where it does more, its run step and how its reply
// becomes msg.payload.

import type { NodeAPI, NodeDef } from 'node-red';
import type { CallResult, Fields } from '../../client/requests/call-types';
import type { ApiReply } from '../../client/wire/wire';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import { translator } from '../i18n/i18n';
import {
  configOf,
  ConfigNodeLike,
  errorWired,
  Lifecycle,
  noConfigError,
  OperationNodeLike,
  registerNode,
} from './lifecycle';
import { NodeStatus } from './node-status';
import type { OperationSpec } from '../../client/operations/operations';
import { Outputs, publicRequest, replyError } from './outputs';
import { Readers } from './readers';
import { fillCode } from './codes';
import { plainPayload } from '../../client/replies/replies';
import { validateInput, wouldSend } from './validation';
import { Done, MessageContext, messageContext, Msg, RunContext, Send } from './message-context';
import type { Failed, OperationOptions, Shaped } from './operation-options';
import { runStep, shapeReply, type MapPayload, type Shaping, type StepNode } from './call-step';

export type { Failed, OperationOptions, ResultContext, Shaped } from './operation-options';

/** The steps of one operation node, in the order a message takes them. */
class Pipeline implements StepNode {
  private readonly readers: Readers;
  private readonly status: NodeStatus;
  private readonly outputs: Outputs;
  private readonly life: Lifecycle;
  private readonly cfg: ConfigNodeLike | null;

  constructor(
    RED: NodeAPI,
    readonly node: OperationNodeLike,
    readonly spec: OperationSpec,
    readonly t: Translate,
    readonly mapPayload: MapPayload,
    readonly def: NodeDef & Record<string, unknown>,
    readonly options: OperationOptions,
  ) {
    const cfg = configOf(RED, def);
    this.cfg = cfg;
    this.readers = new Readers(RED, node, spec, t, def);
    this.status = new NodeStatus(node, t, spec.section, () => !!cfg && cfg.service.tokens.canRefresh);
    this.outputs = new Outputs(RED, node, spec, errorWired(def));
    this.life = new Lifecycle(node, cfg, this.status);
  }

  /** 1. Read the parameters (at once when no value needs a callback). */
  input(msg: Msg, send: Send, done: Done): void {
    const ctx = messageContext(this.node, msg, send, done);
    if (this.readers.sync) {
      const failed = this.readers.readNow(ctx);
      return failed ? this.refuse(ctx, this.readers.error(failed)) : this.handle(ctx);
    }
    this.readers.readAll(ctx, (failed) => (failed ? this.refuse(ctx, this.readers.error(failed)) : this.handle(ctx)));
  }

  /** 2. Validate, then 3. call the service. */
  private handle(ctx: MessageContext): void {
    const spec = this.spec;
    fillCode(spec, ctx.msg, ctx.raw, this.node, this.cfg?.service.codes);
    const ignored = this.readers.ignored(ctx);
    if (ignored) this.status.ignoredParam(ignored);
    const cfg = this.cfg;
    if (!cfg) return this.refuse(ctx, noConfigError(this.t, spec.operation));
    const input = validateInput(this.t, spec, ctx.raw.values, ctx.parse);
    if (input instanceof EzvizError) return this.refuse(ctx, input);
    const run: RunContext = Object.assign(ctx, { input, service: cfg.service, t: this.t });
    this.status.requesting();
    runStep(this, run)
      .then(
        (result) => this.finish(run, result),
        (e) => {
          // Not expected (call() never rejects); report without the error object itself.
          this.status.answered();
          this.fail(ctx, replyError(this.t, spec, e), publicRequest(spec, input.fields));
        },
      )
      .catch((e) => {
        // Anything thrown between reply and output ends the message with an error, never an
        // unhandled rejection (docs/behaviour.md section 8).
        try {
          ctx.done(replyError(this.t, spec, e));
        } catch {
          /* nothing left to report to */
        }
      });
  }

  /** 4. Map the reply, then 5. emit. */
  private finish(ctx: RunContext, result: CallResult): void {
    this.status.answered();
    if (result.kind === 'closed' || this.life.closed) {
      // The node closed meanwhile: no output any more.
      ctx.done();
      return;
    }
    const request = publicRequest(this.spec, result.fields);
    if (result.kind === 'error') return this.fail(ctx, result.error, request);
    const shaped: Shaping = shapeReply(this, ctx, result);
    if (!(shaped instanceof Promise)) return this.emit(ctx, result, request, shaped);
    // Still busy (capture: downloading the picture).
    this.status.requesting();
    shaped.then(
      (s) => {
        this.status.answered();
        this.emit(ctx, result, request, s);
      },
      (e) => {
        this.status.answered();
        this.emit(ctx, result, request, replyError(this.t, this.spec, e));
      },
    );
  }

  /** 5. Emit what the reply became. */
  private emit(
    ctx: MessageContext,
    result: Extract<CallResult, { kind: 'ok' }>,
    request: Fields,
    shaped: Shaped | EzvizError | Failed,
  ): void {
    if (this.life.closed) return ctx.done();
    if (shaped instanceof EzvizError) return this.fail(ctx, shaped, request);
    if ('error' in shaped) return this.fail(ctx, shaped.error, request, shaped.ezviz);
    this.status.ok(this.options.okStatus?.(shaped.payload));
    this.outputs.success(ctx, {
      payload: shaped.payload,
      reply: result.reply,
      request,
      durationMs: result.durationMs,
      extra: shaped.ezviz,
      props: shaped.props,
    });
  }

  /** 5. A message refused before anything was sent: the request it would have made. */
  private refuse(ctx: MessageContext, error: EzvizError): void {
    this.fail(ctx, error, wouldSend(this.spec, ctx.raw.values, ctx.parse));
  }

  /** 5. Emit a failure (any step). */
  private fail(ctx: MessageContext, error: EzvizError, request: Fields, extra?: Record<string, unknown>): void {
    this.status.error(error);
    this.outputs.failure(ctx, error, request, extra);
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
      this.node.warn(
        this.t('log.timedStopFailed', {
          camera: `${request.deviceSerial}/${request.channelNo}`,
          message: info.message,
        }),
      );
      return;
    }
    this.status.error(error);
    this.outputs.timedStopFailed(error, info, request, origin);
  }
}

export function registerOperation(RED: NodeAPI, spec: OperationSpec, options: OperationOptions = {}): void {
  const t = translator(RED);
  const mapPayload: MapPayload = options.payload ?? ((reply: ApiReply) => plainPayload(reply));
  const secrets = spec.params.filter((p) => p.secret).map((p) => [p.name, { type: 'password' as const }]);

  function OperationNode(this: OperationNodeLike, def: NodeDef & Record<string, unknown>): void {
    RED.nodes.createNode(this, def);
    const pipeline = new Pipeline(RED, this, spec, t, mapPayload, def, options);
    this.timedStopDone = (error, request, origin) => pipeline.timedStopDone(error, request, origin);
    this.on('input', (msg: Msg, send: Send, done: Done) => pipeline.input(msg, send, done));
    options.attach?.(this, def, (msg, send, done) => pipeline.input(msg, send, done));
  }

  registerNode(RED, spec.type, OperationNode, secrets.length ? Object.fromEntries(secrets) : undefined);
}
