// What a node file may give registerOperation (pipeline.ts) besides its row of the operation table:
// its run step on a validated message (default: the row's one call), how a reply becomes
// msg.payload, the status of a success, per-node set-up.

import type { NodeDef } from 'node-red';
import type { CallResult } from '../../client/requests/call-types';
import type { ApiReply } from '../../client/wire/wire';
import type { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { EzvizService } from '../../client/service/service';
import type { OperationNodeLike } from './lifecycle';
import type { Done, Msg, RunContext, Send } from './message-context';
import type { ParsedInput } from '../../client/params/validate';

export interface OperationOptions {
  /** msg.payload of a success; default `{code, msg}` of the reply. */
  payload?(reply: ApiReply, values: ParsedInput): unknown;
  /** Instead of `payload`, where a success needs more than the reply (capture: checks the picture
   * URL, may download the picture). An EzvizError (returned or thrown; a BadReply thrown is
   * BAD_REPLY) ends the message on the error path; `ezviz` is merged into msg.ezviz. */
  result?(ctx: ResultContext): Promise<Shaped | EzvizError | Failed> | Shaped | EzvizError | Failed;
  /** Step 3, the run step on a validated message: what it asks of the config node's service. By
   * default the one call of the node's own row (call-step.ts `callOnce`); a node that does more
   * (switch, device state, hub, voice, clip...) gives its own, whose result may carry the payload.
   * It never rejects: a failure is a result of kind `error`. */
  run?(ctx: RunContext): Promise<CallResult>;
  /** The status of a success (a full catalog key: `armed`, `privacy on`); default "OK". */
  okStatus?(payload: unknown): string | undefined;
  /** Per node, once set up: `input` runs a message through the pipeline (device `watch`). */
  attach?(
    node: OperationNodeLike,
    def: NodeDef & Record<string, unknown>,
    input: (msg: Msg, send: Send, done: Done) => void,
  ): void;
}

export interface Shaped {
  payload: unknown;
  ezviz?: Record<string, unknown>;
  /** Other msg properties of the success (ezviz-clip: `filename`). */
  props?: Record<string, unknown>;
}

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
  /** The node and msg.payload as it came (capture: the verification code, docs/behaviour.md section 17). */
  node?: OperationNodeLike;
  payload?: unknown;
}
