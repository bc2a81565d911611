// ui-ezviz-wall: the camera wall widget of Dashboard 2 (docs/behaviour.md section 28). The widget itself
// is the Vue component UIEzvizWall in ui/ (built into resources/ui-ezviz-camera.umd.js with the
// panel, whose live view and panel it reuses); this runtime registers it with its Dashboard 2 group,
// keeps the tiles and their pictures for every browser (wall/wall.ts), hears the alarms of the config
// node's alarm sources, plays live tiles from the chosen ezviz-stream nodes (wall/streams.ts), and
// runs a camera's panel in place (wall/panels.ts) through the main package's dashboard API
// (node-red-contrib-ezviz-open/dashboard).

import type { Node, NodeAPI } from 'node-red';
import type { Conn } from './panel/panel';
import { WallPanels } from './wall/panels';
import { readWallSettings } from './wall/settings';
import { WallStreams } from './wall/streams';
import { Wall } from './wall/wall';
import { clientData, closeWith, joinOpenPages, refuseGeneric, registerWidget, type Msg } from './widget-base';

/** The socket event of the wall's browsers (answers on `ezviz-wall:<node id>`); a panel in place
 * talks on the panel's own event. */
const WALL_EVENT = 'ezviz-wall';
const PANEL_EVENT = 'ezviz-camera';
const TYPE = 'ui-ezviz-wall';

type Handler = (conn: Conn, id: unknown, msg: unknown) => void;

/** The wall's socket handlers: its own event, and the panel's for its panels in place; a failure is
 * logged, never thrown into Dashboard 2. */
function socketHandlers(RED: NodeAPI, node: Node, wall: Wall, panels: WallPanels): Record<string, Handler> {
  const guarded =
    (fn: Handler): Handler =>
    (conn, id, msg) => {
      if (wall.closed) return;
      try {
        fn(conn, id, msg);
      } catch (e) {
        const detail = String((e as Error)?.message ?? e).slice(0, 200);
        node.warn(RED._('ui-ezviz-wall.errors.internal', { detail }));
      }
    };
  return {
    [WALL_EVENT]: guarded((conn, id, msg) => id === node.id && wall.fromBrowser(conn, msg)),
    [PANEL_EVENT]: guarded((conn, id, msg) => panels.fromBrowser(conn, id, msg)),
  };
}

export = function (RED: NodeAPI): void {
  registerWidget(RED, TYPE, 'capture', (node, def, { api, cfg, group, base }) => {
    const settings = readWallSettings(def);
    const wall = new Wall(node, api, cfg, settings);
    const panels = new WallPanels(node, api, cfg, settings, (id) =>
      wall.tile(/^ui-ezviz-wall:[^:]+:([^:]+):(\d+)$/.exec(id)?.slice(1).join('/')),
    );
    const streams = new WallStreams(RED, api, node.id, settings.streamNodes);
    wall.streams = streams;
    panels.streamOf = (id, camera) => streams.panelSource(id, camera);
    panels.clientOf = (conn) => clientData(RED, base, conn);
    const unwatch =
      api.watchAlarms?.(cfg, (alarm) => {
        wall.alarmSeen(alarm);
        panels.alarmSeen(alarm);
      }) ?? (() => undefined);
    const handlers = socketHandlers(RED, node, wall, panels);
    const evts = {
      onAction: false,
      onChange: refuseGeneric,
      onSend: refuseGeneric,
      onInput: (msg: Msg, send: (m: Msg) => void) => send(msg),
      onSocket: handlers,
    };
    const leaveOpenPages = joinOpenPages(base, handlers);
    // The browsers get the settings in their checked form.
    group.register(node, { ...def, ...settings }, evts);
    closeWith(node, [leaveOpenPages, unwatch, () => wall.close()], () => panels.close());
  });
};
