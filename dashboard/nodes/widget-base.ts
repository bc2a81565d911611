// What the package's widgets share in Node-RED (docs/behaviour.md sections 14 and 28): Dashboard 2's
// group and base as far as they use them, a widget's start (its config node and group), `msg._client` as Dashboard 2's widgets add it, the pages
// already open joined after a deploy, the close in order, and the generic events refused.

import type { Node, NodeAPI, NodeDef } from 'node-red';
import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import type { Conn } from './panel/panel';
import type { Client } from './panel/who';

/** Dashboard 2's group node, and its base with the state store, as far as the widgets use them. */
export interface GroupNode extends Node {
  register(node: Node, config: Record<string, unknown>, evts: Record<string, unknown>): void;
  getBase(): Base;
}

export interface Base {
  stores: {
    state: { set(base: unknown, node: Node, msg: unknown, prop: string, value: unknown): void };
    data: { save(base: unknown, node: Node, msg: unknown): void; clear?(id: string): void };
  };
  /** Dashboard 2's "Include Client Data" (msg._client on what widgets send). */
  includeClientData?: boolean;
  /** Dashboard 2's connections (socket id -> socket), where it keeps them. */
  uiShared?: { connections?: Record<string, SocketLike> } | null;
}

type SocketLike = Conn & {
  on(event: string, fn: (...args: unknown[]) => void): unknown;
  off(event: string, fn: (...args: unknown[]) => void): unknown;
};

export type Msg = Record<string, unknown> & { ui_update?: unknown };

/** A widget node's properties as the flow gives them: its Dashboard 2 group, its config node and its settings. */
export interface WidgetDef extends NodeDef {
  group?: string;
  config?: string;
  [key: string]: unknown;
}

/** What a widget node starts with: the main package's door, its config node, its Dashboard 2 group and the group's base. */
export interface WidgetStart {
  api: PanelApi;
  cfg: ReturnType<PanelApi['configNode']>;
  group: GroupNode;
  base: Base;
}

/** Registers a widget node type, the panel's and the wall's alike: each node gets its config node
 * (none: the node's status says so, as `operation`'s node would) and its Dashboard 2 group, then
 * `build` sets it up. Without a group the node logs `<type>.errors.noGroup` and shows no widget. */
export function registerWidget(
  RED: NodeAPI,
  type: string,
  operation: Parameters<PanelApi['status']>[1],
  build: (node: Node, def: WidgetDef, start: WidgetStart) => void,
): void {
  // The one door into the main package (docs/behaviour.md section 16).
  const api: PanelApi = require('node-red-contrib-ezviz-open/dashboard').dashboardApi(RED);
  function WidgetNode(this: Node, def: WidgetDef): void {
    RED.nodes.createNode(this, def);
    const group = (def.group ? RED.nodes.getNode(def.group) : null) as GroupNode | null;
    const cfg = api.configNode(def);
    if (!cfg) this.status(api.status('noConfig', operation, null));
    if (!group || typeof group.register !== 'function') {
      this.error(RED._(`${type}.errors.noGroup`));
      return;
    }
    build(this, def, { api, cfg, group, base: group.getBase() });
  }
  RED.nodes.registerType(type, WidgetNode as unknown as (this: Node, def: NodeDef) => void);
}

/** Dashboard 2 gives a widget's socket handler only to browsers that connect after the widget
 * registered: after a deploy of changed nodes only, the pages already open would not reach the
 * new widget. Its handlers go to those connections here; the returned function takes them off. */
export function joinOpenPages(
  base: Base,
  handlers: Record<string, (conn: Conn, id: unknown, msg: unknown) => void>,
): () => void {
  const joined: Array<[SocketLike, string, (...args: unknown[]) => void]> = [];
  for (const socket of Object.values(base.uiShared?.connections ?? {})) {
    if (!socket || typeof socket.on !== 'function') continue;
    for (const [event, handler] of Object.entries(handlers)) {
      const fn = (id: unknown, msg: unknown): void => handler(socket, id, msg);
      socket.on(event, fn as (...args: unknown[]) => void);
      joined.push([socket, event, fn as (...args: unknown[]) => void]);
    }
  }
  return () => {
    for (const [socket, event, fn] of joined) socket.off(event, fn);
  };
}

type Hooked = { hooks?: { onAddConnectionCredentials?: (conn: unknown, msg: Msg) => Msg } };

/** `msg._client` as Dashboard 2's widgets add it: what auth plugins put in (the user), then the
 * socket's id and address; none when the dashboard's "Include Client Data" is off. */
export function clientData(
  RED: NodeAPI,
  base: Base,
  conn: Conn & { handshake?: { address?: string } },
): Client | undefined {
  if (base.includeClientData === false) return undefined;
  let msg: Msg = { _client: {} };
  const plugins =
    (RED.plugins as unknown as { getByType?(t: string): Hooked[] }).getByType?.('node-red-dashboard-2') ?? [];
  for (const plugin of plugins) {
    try {
      if (plugin.hooks?.onAddConnectionCredentials) msg = plugin.hooks.onAddConnectionCredentials(conn, msg) ?? msg;
    } catch {
      /* a plugin's failure leaves its part out */
    }
  }
  const own = msg._client && typeof msg._client === 'object' ? (msg._client as Record<string, unknown>) : {};
  return { ...own, socketId: conn.id, socketIp: conn.handshake?.address };
}

/** On the node's close: `steps` run in order, then `last` (a panel's last stop, within the close
 * budget of Node-RED); done when it settles, whichever way. */
export function closeWith(node: Node, steps: Array<() => void>, last: () => Promise<unknown>): void {
  node.on('close', (_removed: boolean, done: () => void) => {
    for (const step of steps) step();
    last().then(
      () => done(),
      () => done(),
    );
  });
}

/** Dashboard 2's generic widget-change and widget-send events: nothing stored, nothing sent. */
export async function refuseGeneric(): Promise<void> {
  /* refused */
}
