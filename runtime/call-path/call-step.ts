// Steps 3 and 4 of the pipeline (pipeline.ts) for one message: the call of the config node's service
// (the node's own row of the operation table, or its composite: switch, device state), and what the
// reply becomes (the node's result shaper, or its payload mapper; replies.ts). The status and the
// outputs stay with the pipeline.

import type { NodeDef } from 'node-red';
import type { CallResult } from '../../client/requests/call-types';
import type { ApiReply } from '../../client/wire/wire';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { OperationSpec } from '../../client/operations/operations';
import type { ConfigNodeLike, OperationNodeLike } from './lifecycle';
import type { Msg } from './message-context';
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

/** 3. Without a config node there is no service to call. */
export const noConfigError = (n: StepNode): EzvizError =>
  new EzvizError({
    code: 'NO_CONFIG',
    message: n.t('errors.noConfig'),
    operation: n.spec.operation,
    source: 'local',
    retriable: false,
  });

/** 3. The service call of a validated message (a timed move carries its msg for a failing stop). */
export function callService(n: StepNode, cfg: ConfigNodeLike, input: ParsedInput, msg: Msg): Promise<CallResult> {
  if (n.options.call) return n.options.call(cfg.service, input, n.node, msg);
  return cfg.service.call({
    spec: n.spec,
    fields: input.fields,
    presetName: input.presetName,
    duration: input.duration,
    owner: n.node,
    origin: input.duration ? { _msgid: msg._msgid, topic: msg.topic, payload: msg.payload } : undefined,
    refresh: (msg as { refresh?: unknown }).refresh === true,
  });
}

/** 4. What a reply becomes: only documented fields of documented types (replies.ts); a wrong shape,
 * or anything the shaper throws, is an error. */
export function shapeReply(
  n: StepNode,
  cfg: ConfigNodeLike,
  input: ParsedInput,
  result: Extract<CallResult, { kind: 'ok' }>,
  payload: unknown,
): Shaping {
  try {
    const shape = n.options.result;
    return shape
      ? shape({ reply: result.reply, input, def: n.def, service: cfg.service, t: n.t, result, node: n.node, payload })
      : { payload: 'payload' in result ? result.payload : n.mapPayload(result.reply, input) };
  } catch (e) {
    return replyError(n.t, n.spec, e);
  }
}
