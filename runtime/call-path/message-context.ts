// One input message on its way through an operation node's pipeline (pipeline.ts): the message,
// how it ends (send, done), the node, the values read in step 1, each parameter parsed once, and
// the validated input of step 2; validated, it is the run context the node's run step takes (step
// 3: the config node's service, the translator). One object per message instead of positional
// arguments through every step.

import type { NodeMessage, NodeMessageInFlow } from 'node-red';
import { parseOnce, type ParsedInput, type ParseOnce } from '../../client/params/validate';
import type { OperationNodeLike } from './lifecycle';
import type { EzvizService } from '../../client/service/service';
import type { Translate } from '../../client/errors/translate';

export type Msg = NodeMessageInFlow & { payload?: unknown; error?: unknown; ezviz?: unknown };
export type Send = (msg: NodeMessage | Array<NodeMessage | null>) => void;
export type Done = (err?: Error) => void;

/** Values read for one message, and which of them came from a node setting. */
export interface RawInput {
  values: Record<string, unknown>;
  fromSetting: Set<string>;
}

/** What ends a message: the message itself and Node-RED's send and done of its input. */
export interface MessageEnds {
  readonly msg: Msg;
  readonly send: Send;
  readonly done: Done;
  /** The values read (output 2 masks the secret ones wherever they stand in the payload). */
  readonly raw?: RawInput;
}

export interface MessageContext extends MessageEnds {
  readonly node: OperationNodeLike;
  /** Step 1: the values read (filled by the readers before anything parses them). */
  readonly raw: RawInput;
  /** Each parameter parsed once, by validation, the request a refused message would have made and
   * the check of ignored payload values alike. */
  readonly parse: ParseOnce;
}

/** A validated message, as the node's run step takes it (operation-options.ts `run`). */
export interface RunContext extends MessageContext {
  /** Step 2: the validated input. */
  readonly input: ParsedInput;
  /** The config node's service the run step calls. */
  readonly service: EzvizService;
  readonly t: Translate;
}

/** The context of one input message, its values still to be read. */
export function messageContext(node: OperationNodeLike, msg: Msg, send: Send, done: Done): MessageContext {
  const raw: RawInput = { values: {}, fromSetting: new Set() };
  return { msg, send, done, node, raw, parse: parseOnce(raw.values) };
}
