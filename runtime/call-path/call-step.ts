// Steps 3 and 4 of the pipeline (pipeline.ts) for one message: the node's run step on the message's
// context (by default the one call of the node's own row of the operation table), and what the
// reply becomes (the node's result shaper, or its payload mapper; replies.ts). The status and the
// outputs stay with the pipeline.

import type { NodeDef } from 'node-red';
import type { CallResult } from '../../client/requests/call-types';
import type { ApiReply } from '../../client/wire/wire';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { OperationSpec } from '../../client/operations/operations';
import type { OperationNodeLike } from './lifecycle';
import type { RunContext } from './message-context';
import type { Failed, OperationOptions, Shaped } from './operation-options';
import { replyError } from './outputs';
import type { ParsedInput } from './validation';

export type MapPayload = (reply: ApiReply, values: ParsedInput) => unknown;
export type Shaping = Promise<Shaped | EzvizError | Failed> | Shaped | EzvizError | Failed;

/** What steps 3 and 4 need of the node. */
export interface StepNode {
  spec: OperationSpec;
  t: Translate;
  node: OperationNodeLike;
  def: NodeDef & Record<string, unknown>;
  options: OperationOptions;
  mapPayload: MapPayload;
}

/** 3. The default run step: the one call of the node's own row (a timed move carries its msg for a
 * failing stop). */
export function callOnce(spec: OperationSpec, ctx: RunContext): Promise<CallResult> {
  const { input, msg } = ctx;
  return ctx.service.call({
    spec,
    fields: input.fields,
    presetName: input.presetName,
    duration: input.duration,
    owner: ctx.node,
    origin: input.duration ? { _msgid: msg._msgid, topic: msg.topic, payload: msg.payload } : undefined,
    refresh: (msg as { refresh?: unknown }).refresh === true,
  });
}

/** 3. The node's run step on a validated message. */
export const runStep = (n: StepNode, ctx: RunContext): Promise<CallResult> =>
  n.options.run ? n.options.run(ctx) : callOnce(n.spec, ctx);

/** 4. What a reply becomes: only documented fields of documented types (replies.ts); a wrong shape,
 * or anything the shaper throws, is an error. */
export function shapeReply(n: StepNode, ctx: RunContext, result: Extract<CallResult, { kind: 'ok' }>): Shaping {
  try {
    const shape = n.options.result;
    const { input, service, node } = ctx;
    return shape
      ? shape({ reply: result.reply, input, def: n.def, service, t: n.t, result, node, payload: ctx.msg.payload })
      : { payload: 'payload' in result ? result.payload : n.mapPayload(result.reply, input) };
  } catch (e) {
    return replyError(n.t, n.spec, e);
  }
}
