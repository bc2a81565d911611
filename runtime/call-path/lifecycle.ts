// The life of an operation node beside its messages: finding its config node, joining it (and
// leaving it on close), the `closed` flag the service reads (queued requests of a closed node are
// dropped), and the close itself, which stops the node's pending timed moves within the close
// budget (docs/behaviour.md sections 5 and 8).

import type { Node, NodeAPI, NodeDef } from 'node-red';
import type { Owner } from '../../client/requests/call-types';
import type { NodeStatus } from './node-status';
import { CONFIG_TYPE, type CallName } from '../../client/operations/operations';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { EzvizService } from '../../client/service/service';
import type { TokenState } from '../../client/requests/token';

/** What a config node exposes to operation nodes (see nodes/ezviz-config/ezviz-config.ts). */
export interface ConfigNodeLike extends Node {
  service: EzvizService;
  /** The account's faceId -> name list (docs/behaviour.md section 27); absent: none. */
  faceNames?: ReadonlyMap<string, string>;
  addUser(user: TokenStateListener): void;
  removeUser(user: TokenStateListener): void;
}

export interface TokenStateListener {
  tokenStateChanged(state: TokenState): void;
}

export type OperationNodeLike = Node & Owner & TokenStateListener;

/** The config node a node's settings name, when it is one. */
export function configOf(RED: NodeAPI, def: Readonly<Record<string, unknown>>): ConfigNodeLike | null {
  const found = def.config ? RED.nodes.getNode(String(def.config)) : null;
  return found && found.type === CONFIG_TYPE ? (found as ConfigNodeLike) : null;
}

/** The error of a message (or a panel's request) that has no config node, so no service to call. */
export const noConfigError = (t: Translate, operation: CallName): EzvizError =>
  new EzvizError({ code: 'NO_CONFIG', message: t('errors.noConfig'), operation, source: 'local', retriable: false });

/** A node's constructor as this package writes it (its own `this`, its settings read loosely). */
export type NodeConstructor<T extends Node> = (this: T, def: NodeDef & Record<string, unknown>) => void;

/** Registers node type `type` with Node-RED, with its credentials (`password`: never sent back to the
 * editor). Node-RED calls `constructor` with the node as `this`. */
export function registerNode<T extends Node>(
  RED: NodeAPI,
  type: string,
  constructor: NodeConstructor<T>,
  credentials?: Record<string, { type: 'text' | 'password' }>,
): void {
  RED.nodes.registerType<Node<Record<string, unknown>>, NodeDef, unknown, Record<string, unknown>>(
    type,
    constructor as unknown as (this: Node<Record<string, unknown>>, def: NodeDef) => void,
    credentials ? { credentials } : undefined,
  );
}

/** Whether output 2 has wires. */
export function errorWired(def: NodeDef): boolean {
  const wires = (def as unknown as { wires?: unknown[][] }).wires;
  return Array.isArray(wires) && Array.isArray(wires[1]) && wires[1].length > 0;
}

export class Lifecycle {
  /** The node closed: no output any more. */
  closed = false;

  constructor(node: OperationNodeLike, cfg: ConfigNodeLike | null, status: NodeStatus) {
    Object.defineProperty(node, 'closed', { get: () => this.closed });
    // A token or config failure colours only the nodes that tried to send (docs/behaviour.md section 9):
    // each such node shows it when its own message fails, not when the config node's state changes.
    node.tokenStateChanged = (_state: TokenState) => undefined;
    if (!cfg) status.noConfig();
    else cfg.addUser(node);
    node.on('close', (_removed: boolean, done: () => void) => {
      this.closed = true;
      if (!cfg) return done();
      cfg.removeUser(node);
      cfg.service.stopTimedMoves(node.id).then(
        () => done(),
        () => done(),
      );
    });
  }
}
