// A wall camera's panel in place (docs/behaviour.md section 28): a tap on a live tile opens the camera's
// panel (the widget's own UIEzvizCamera, docs/behaviour.md sections 14 and 21) inside the wall. Its
// browser messages come on the panel's socket event with a widget id of the wall's
// (`ui-ezviz-wall:<wall id>:<serial>:<channel>`: Dashboard 2 takes an id starting with `ui-` for
// one of its own front end and looks for no node); each camera's panel and timeline are made on
// its first message, with the camera from the wall's tiles (never from the browser), and run as
// the camera node's do (the live view from the wall's stream node of that camera, if any: streams.ts).
// What they send leaves on the wall's output.

import type { Node } from 'node-red';
import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import { History } from '../panel/history';
import { isHistoryMessage } from '../panel/history-checks';
import { Panel, type Conn } from '../panel/panel';
import { readSettings } from '../panel/settings';
import type { StreamSource } from '../panel/stream-source';
import type { Client } from '../panel/who';
import type { WallCamera, WallSettings } from './settings';
import type { WallTile } from './wall';

/** The widget id of a wall camera's panel in place. */
export const panelId = (wallId: string, t: { deviceSerial: string; channelNo: number }): string =>
  `ui-ezviz-wall:${wallId}:${t.deviceSerial}:${t.channelNo}`;

export class WallPanels {
  private readonly open = new Map<string, { panel: Panel; history: History }>();
  private closed = false;
  clientOf: (conn: Conn) => Client | undefined = (conn) => ({ socketId: conn.id });
  /** The live source of a panel in place (its widget id, its camera): a chosen stream node's. */
  streamOf: (id: string, camera: WallCamera) => StreamSource | undefined = () => undefined;

  constructor(
    private readonly node: Node,
    private readonly api: PanelApi,
    private readonly cfg: ReturnType<PanelApi['configNode']>,
    private readonly settings: WallSettings,
    private readonly tileOf: (id: string) => WallTile | undefined,
  ) {}

  /** A message of a browser on the panel's event: for one of this wall's panels in place, run. */
  fromBrowser(conn: Conn, id: unknown, msg: unknown): void {
    if (this.closed || typeof id !== 'string' || !id.startsWith(`ui-ezviz-wall:${this.node.id}:`)) return;
    const tile = this.tileOf(id);
    if (!tile) return;
    const parts = this.of(id, tile);
    if (isHistoryMessage(msg)) parts.history.fromBrowser(conn, msg);
    else parts.panel.fromBrowser(conn, msg);
  }

  private of(id: string, tile: WallTile): { panel: Panel; history: History } {
    let parts = this.open.get(id);
    if (parts) return parts;
    const { liveQuality, liveProtocol, liveExpire, moveUsers, switchUsers } = this.settings;
    const camera = { deviceSerial: tile.deviceSerial, channelNo: tile.channelNo };
    // The wall's own user lists: a panel in place never grants more than the wall's node says.
    const def = { ...camera, liveQuality, liveProtocol, liveExpire, moveUsers, switchUsers };
    const settings = readSettings(def, this.api.tables.TOGGLES);
    // The panel answers on `ezviz-camera:<its id>` and puts its actions on the wall's output.
    const wall = this.node;
    const node = {
      id,
      status: (s: Parameters<Node['status']>[0]) => wall.status(s),
      send: (m: Parameters<Node['send']>[0]) => wall.send(m),
    } as unknown as Node;
    const panel = new Panel(node, this.api, this.cfg, settings);
    const history = new History(node, this.api, this.cfg, settings);
    panel.stream = this.streamOf(id, camera);
    history.clientOf = panel.clientOf = (conn) => this.clientOf(conn);
    parts = { panel, history };
    this.open.set(id, parts);
    return parts;
  }

  /** An alarm the config node heard: the open panels' timelines show it. */
  alarmSeen(alarm: Parameters<History['alarmSeen']>[0]): void {
    for (const p of this.open.values()) p.history.alarmSeen(alarm);
  }

  /** The wall closes: every panel stops its held move. */
  close(): Promise<void> {
    this.closed = true;
    const all = [...this.open.values()];
    this.open.clear();
    return Promise.all(
      all.map((p) => {
        p.history.close();
        return p.panel.close();
      }),
    ).then(() => undefined);
  }
}
