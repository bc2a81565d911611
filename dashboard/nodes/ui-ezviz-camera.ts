// ui-ezviz-camera: the camera panel widget of Dashboard 2 (docs/behaviour.md section 14). The widget
// itself is the Vue component in ui/ (built into resources/ui-ezviz-camera.umd.js); this runtime
// registers it with its Dashboard 2 group, takes the browsers' actions (custom socket event
// "ezviz-camera"), checks them and runs them through the main package's dashboard API
// (node-red-contrib-ezviz-open/dashboard: the config node's service), and applies a flow's
// msg.ui_update (camera and what to show).

import type { Node, NodeAPI, NodeDef } from 'node-red';
import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import { History } from './panel/history';
import { isHistoryMessage } from './panel/history-checks';
import { Conn, Panel } from './panel/panel';
import { applyUpdate, readSettings, SHOW_KEYS } from './panel/settings';
import { streamSource } from './panel/stream-source';
import type { Client } from './panel/who';

/** The socket event a widget's browser sends its actions with (answers come back on
 * `ezviz-camera:<node id>`). */
const SOCKET_EVENT = 'ezviz-camera';
const TYPE = 'ui-ezviz-camera';

interface PanelDef extends NodeDef {
  group?: string;
  config?: string;
  [key: string]: unknown;
}

/** Dashboard 2's group node, and its base with the state store, as far as the panel uses them. */
interface GroupNode extends Node {
  register(node: Node, config: Record<string, unknown>, evts: Record<string, unknown>): void;
  getBase(): Base;
}

interface Base {
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

/** Dashboard 2 gives a widget's socket handler only to browsers that connect after the widget
 * registered: after a deploy of changed nodes only, the pages already open would not reach the
 * new panel. Its handler goes to those connections here; the returned function takes it off. */
function joinOpenPages(base: Base, handler: (conn: Conn, id: unknown, msg: unknown) => void): () => void {
  const joined: Array<[SocketLike, (...args: unknown[]) => void]> = [];
  for (const socket of Object.values(base.uiShared?.connections ?? {})) {
    if (!socket || typeof socket.on !== 'function') continue;
    const fn = (id: unknown, msg: unknown): void => handler(socket, id, msg);
    socket.on(SOCKET_EVENT, fn as (...args: unknown[]) => void);
    joined.push([socket, fn as (...args: unknown[]) => void]);
  }
  return () => {
    for (const [socket, fn] of joined) socket.off(SOCKET_EVENT, fn);
  };
}

type Msg = Record<string, unknown> & { ui_update?: unknown };

type Hooked = { hooks?: { onAddConnectionCredentials?: (conn: unknown, msg: Msg) => Msg } };

/** `msg._client` as Dashboard 2's widgets add it: what auth plugins put in (the user), then the
 * socket's id and address; none when the dashboard's "Include Client Data" is off. */
function clientData(RED: NodeAPI, base: Base, conn: Conn & { handshake?: { address?: string } }): Client | undefined {
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

/** Dashboard 2's generic widget-change and widget-send events: nothing stored, nothing sent. */
async function refuseGeneric(): Promise<void> {
  /* refused */
}

/** The widget's properties as the browsers get them: the settings in their checked form. */
function widgetConfig(def: PanelDef, settings: ReturnType<typeof readSettings>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...def,
    deviceSerial: settings.deviceSerial,
    channelNo: settings.channelNo,
    presetList: settings.presetList,
    switchList: settings.switchList,
    liveQuality: settings.liveQuality,
    liveProtocol: settings.streamNode ? 'flv' : settings.liveProtocol,
    padOnVideo: settings.padOnVideo,
  };
  // Who may act is the runtime's business: the lists stay on the server.
  delete out.moveUsers;
  delete out.switchUsers;
  for (const k of SHOW_KEYS) out[`show_${k}`] = settings.show[k];
  return out;
}

/** The widget's event handlers for Dashboard 2 (`fromBrowser`: a message of a browser on the panel's event). */
function widgetEvents(
  node: Node,
  base: Base,
  settings: ReturnType<typeof readSettings>,
  toggles: readonly string[],
  fromBrowser: (conn: Conn, id: unknown, msg: unknown) => void,
): Record<string, unknown> {
  return {
    // Dashboard 2's generic events would put what a browser says on the output as the panel's
    // own and keep it for new pages (widget-change, widget-send): a panel takes its browsers'
    // messages on its own event only, checked (docs/behaviour.md section 21). These handlers
    // replace Dashboard 2's default ones, which store and send; widget-action needs onAction.
    onAction: false,
    onChange: refuseGeneric,
    onSend: refuseGeneric,
    onInput(msg: Msg, send: (m: Msg) => void) {
      // A flow's ui_update changes the camera and what is shown; the message goes on.
      const changed = applyUpdate(settings, msg.ui_update, toggles);
      if ('deviceSerial' in changed || 'channelNo' in changed) base.stores.data.clear?.(node.id);
      for (const [prop, value] of Object.entries(changed)) base.stores.state.set(base, node, msg, prop, value);
      send(msg);
    },
    onSocket: { [SOCKET_EVENT]: fromBrowser },
  };
}

export = function (RED: NodeAPI): void {
  // The one door into the main package (docs/behaviour.md section 16).
  const api: PanelApi = require('node-red-contrib-ezviz-open/dashboard').dashboardApi(RED);

  function UiEzvizCameraNode(this: Node, def: PanelDef): void {
    RED.nodes.createNode(this, def);
    const node = this;
    const group = (def.group ? RED.nodes.getNode(def.group) : null) as GroupNode | null;
    const cfg = api.configNode(def);
    const settings = readSettings(def, api.tables.TOGGLES);
    const panel = new Panel(node, api, cfg, settings);
    const history = new History(node, api, cfg, settings);
    panel.stream = streamSource(RED, api, node.id, settings.streamNode);
    if (!cfg) node.status(api.status('noConfig', 'ptz-start', null));
    if (!group || typeof group.register !== 'function') {
      node.error(RED._('ui-ezviz-camera.errors.noGroup'));
      return;
    }
    const base = group.getBase();
    history.clientOf = panel.clientOf = (conn) => clientData(RED, base, conn);
    // New alarms of the config node's alarm sources go to the open pages (no API call).
    const unwatch = api.watchAlarms?.(cfg, (alarm) => history.alarmSeen(alarm)) ?? (() => undefined);
    // The last snapshot, for pages that load later (Dashboard 2's data store: widget-load).
    panel.onSnapshot = (picture) =>
      base.stores.data.save(base, node, {
        snapshot: picture,
        camera: `${settings.deviceSerial}/${settings.channelNo}`,
      });
    const fromBrowser = (conn: Conn, id: unknown, msg: unknown): void => {
      // One handler per widget on every connection: only this widget's messages, and only
      // while this instance of it is deployed.
      if (id !== node.id || panel.closed) return;
      try {
        if (isHistoryMessage(msg)) history.fromBrowser(conn, msg);
        else panel.fromBrowser(conn, msg);
      } catch (e) {
        node.warn(
          RED._('ui-ezviz-camera.errors.internal', { detail: String((e as Error)?.message ?? e).slice(0, 200) }),
        );
      }
    };
    const evts = widgetEvents(node, base, settings, api.tables.TOGGLES, fromBrowser);
    const leaveOpenPages = joinOpenPages(base, fromBrowser);
    group.register(node, widgetConfig(def, settings), evts);
    node.on('close', (_removed: boolean, done: () => void) => {
      leaveOpenPages();
      unwatch();
      history.close();
      panel.close().then(
        () => done(),
        () => done(),
      );
    });
  }

  RED.nodes.registerType(TYPE, UiEzvizCameraNode as unknown as (this: Node, def: NodeDef) => void);
};
