// ui-ezviz-camera: the camera panel widget of Dashboard 2 (docs/behaviour.md section 14). The widget
// itself is the Vue component in ui/ (built into resources/ui-ezviz-camera.umd.js); this runtime
// registers it with its Dashboard 2 group, takes the browsers' actions (custom socket event
// "ezviz-camera"), checks them and runs them through the main package's dashboard API
// (node-red-contrib-ezviz-open/dashboard: the config node's service), and applies a flow's
// msg.ui_update (camera and what to show).

import type { Node, NodeAPI } from 'node-red';
import { History } from './panel/history';
import { isHistoryMessage } from './panel/history-checks';
import { Conn, Panel } from './panel/panel';
import { applyUpdate, readSettings, SHOW_KEYS } from './panel/settings';
import { streamSource } from './panel/stream-source';
import {
  clientData,
  closeWith,
  joinOpenPages,
  refuseGeneric,
  registerWidget,
  type Base,
  type Msg,
  type WidgetDef,
} from './widget-base';

/** The socket event a widget's browser sends its actions with (answers come back on
 * `ezviz-camera:<node id>`). */
const SOCKET_EVENT = 'ezviz-camera';
const TYPE = 'ui-ezviz-camera';

/** The widget's properties as the browsers get them: the settings in their checked form. */
function widgetConfig(def: WidgetDef, settings: ReturnType<typeof readSettings>): Record<string, unknown> {
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
  onSource: () => void,
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
      if ('streamNode' in changed) onSource();
      for (const [prop, value] of Object.entries(changed)) base.stores.state.set(base, node, msg, prop, value);
      send(msg);
    },
    onSocket: { [SOCKET_EVENT]: fromBrowser },
  };
}

/** What a browser says on the panel's event, to the timeline or the panel; a fault is a warning. */
function browserHandler(RED: NodeAPI, node: Node, panel: Panel, history: History) {
  return (conn: Conn, id: unknown, msg: unknown): void => {
    // One handler per widget on every connection: only this widget's messages, and only
    // while this instance of it is deployed.
    if (id !== node.id || panel.closed) return;
    try {
      if (isHistoryMessage(msg)) history.fromBrowser(conn, msg);
      else panel.fromBrowser(conn, msg);
    } catch (e) {
      node.warn(RED._('ui-ezviz-camera.errors.internal', { detail: String((e as Error)?.message ?? e).slice(0, 200) }));
    }
  };
}

export = function (RED: NodeAPI): void {
  registerWidget(RED, TYPE, 'ptz-start', (node, def, { api, cfg, group, base }) => {
    const settings = readSettings(def, api.tables.TOGGLES);
    const panel = new Panel(node, api, cfg, settings);
    const history = new History(node, api, cfg, settings);
    panel.stream = streamSource(RED, api, node.id, settings.streamNode);
    history.clientOf = panel.clientOf = (conn) => clientData(RED, base, conn);
    // New alarms of the config node's alarm sources go to the open pages (no API call).
    const unwatch = api.watchAlarms?.(cfg, (alarm) => history.alarmSeen(alarm)) ?? (() => undefined);
    // The last snapshot, for pages that load later (Dashboard 2's data store: widget-load).
    panel.onSnapshot = (picture) =>
      base.stores.data.save(base, node, {
        snapshot: picture,
        camera: `${settings.deviceSerial}/${settings.channelNo}`,
      });
    const fromBrowser = browserHandler(RED, node, panel, history);
    // A flow's ui_update chose another stream node (or none): the browsers' streams of the old one end
    // and the live view asks again, from the new source.
    const onSource = (): void => {
      panel.stream?.close();
      panel.stream = streamSource(RED, api, node.id, settings.streamNode);
    };
    const evts = widgetEvents(node, base, settings, api.tables.TOGGLES, fromBrowser, onSource);
    const leaveOpenPages = joinOpenPages(base, { [SOCKET_EVENT]: fromBrowser });
    group.register(node, widgetConfig(def, settings), evts);
    closeWith(node, [leaveOpenPages, unwatch, () => history.close()], () => panel.close());
  });
};
