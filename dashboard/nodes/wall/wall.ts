// One camera wall at run time (docs/behaviour.md section 28): its tiles (the cameras of the node, or all
// of the account, with their names and online state from the account's camera list, read once per
// `refresh`), their pictures (pictures.ts: asked once for every viewer), the alarms of its cameras
// (told by the config node's alarm sources, no API call: the tile comes to the front and plays live
// for `alarmLive` s in the browsers), and each tile's live address (the config node's shared
// addresses, a new one at most once per 10 s per camera; or a chosen ezviz-stream node's, streams.ts).
// Answers go to the browsers on
// `ezviz-wall:<node id>`; the browsers that said hello get every new picture and alarm.

import type { Node } from 'node-red';
import type { FedAlarm, PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import { liveCall } from '../panel/actions';
import { Browsers, type Conn } from '../panel/browsers';
import { RateLimit } from '../panel/checks';
import { realTimers, type Timers } from '../panel/holds';
import { replyOf } from '../panel/replies';
import { WallPictures } from './pictures';
import { keyOf, MAX_CAMERAS, type WallCamera, type WallSettings } from './settings';
import type { WallStreams } from './streams';

export interface WallTile extends WallCamera {
  key: string;
  name: string;
  online: boolean | null;
}

/** A live address is asked for anew at most this often per camera (as the panel's). */
const RENEW_MS = 10000;
/** How often the wall looks for stale pictures while a browser shows it. */
const TICK_MS = 15000;

export class Wall {
  closed = false;
  private tiles: WallTile[] = [];
  private listedAt = -Infinity;
  private listing: Promise<void> | null = null;
  private readonly alarms = new Map<string, { kind: string; name: string; alarmId: string; at: number }>();
  private readonly renewed = new Map<string, number>();
  private readonly browsers: Browsers;
  private readonly rate: RateLimit;
  private readonly owner: { id: string; closed: boolean; timedStopDone: () => undefined };
  readonly pictures: WallPictures;
  private timer: unknown = null;
  /** The chosen ezviz-stream nodes a live tile of their camera plays from (streams.ts). */
  streams?: WallStreams;

  constructor(
    private readonly node: Node,
    private readonly api: PanelApi,
    private readonly cfg: ReturnType<PanelApi['configNode']>,
    readonly settings: WallSettings,
    private readonly timers: Timers = realTimers,
    private readonly now: () => number = Date.now,
  ) {
    this.owner = { id: `${node.id}:wall`, closed: false, timedStopDone: () => undefined };
    this.rate = new RateLimit(now, 20);
    this.browsers = new Browsers(
      () => undefined,
      (id) => this.left(id),
    );
    this.pictures = new WallPictures(api, cfg, this.owner, () => settings.refresh * 60000, now);
    this.pictures.onPicture = (key) => {
      for (const conn of this.browsers.all()) this.sendPicture(conn, key);
    };
  }

  /** The tile of a camera key, when the wall shows it. */
  tile(key: unknown): WallTile | undefined {
    return typeof key === 'string' ? this.tiles.find((t) => t.key === key) : undefined;
  }

  /** A message of a browser (Dashboard 2's socket event `ezviz-wall` for this widget). */
  fromBrowser(conn: Conn, msg: unknown): void {
    if (this.closed || !msg || typeof msg !== 'object') return;
    const m = msg as { action?: unknown; camera?: unknown; refresh?: unknown };
    if (!this.rate.allow(conn.id)) return void this.emit(conn, { action: m.action, ok: false, refused: 'rate' });
    if (m.action === 'hello') return void this.hello(conn);
    const tile = this.tile(m.camera);
    if (m.action === 'live' && tile) return void this.live(conn, tile, m.refresh === true);
    this.emit(conn, {
      action: typeof m.action === 'string' ? m.action.slice(0, 20) : null,
      ok: false,
      refused: 'camera',
    });
  }

  private async hello(conn: Conn): Promise<void> {
    this.browsers.watch(conn);
    await this.list();
    if (this.closed) return;
    this.emit(conn, this.tilesReply());
    for (const t of this.tiles)
      if (this.pictures.picture(t.key) || this.pictures.failure(t.key)) this.sendPicture(conn, t.key);
    for (const [key, a] of this.alarms) this.emit(conn, this.alarmReply(key, a));
    this.tick();
  }

  /** The account's camera list, read again when it is older than `refresh` (for every browser). */
  private list(): Promise<void> {
    if (this.now() - this.listedAt < this.settings.refresh * 60000) return Promise.resolve();
    this.listing ??= this.read().finally(() => (this.listing = null));
    return this.listing;
  }

  private async read(): Promise<void> {
    const r = this.api.cameras ? await this.api.cameras(this.cfg) : null;
    this.listedAt = this.now();
    const known = new Map((r && r.ok === true ? r.cameras : []).map((c) => [keyOf(c), c]));
    const chosen = this.settings.source === 'account' ? [...known.values()] : this.settings.cameras;
    const before = JSON.stringify(this.tiles);
    this.tiles = chosen.slice(0, MAX_CAMERAS).map((c) => {
      const k = known.get(keyOf(c));
      const camera = { deviceSerial: c.deviceSerial, channelNo: c.channelNo };
      return { key: keyOf(c), ...camera, name: k?.name.slice(0, 100) ?? '', online: k ? k.online : null };
    });
    if (before !== '[]' && before !== JSON.stringify(this.tiles))
      for (const conn of this.browsers.all()) this.emit(conn, this.tilesReply());
  }

  /** The tiles as the browsers get them: `stream` marks a camera a chosen stream node plays (FLV). */
  private tilesReply(): Record<string, unknown> {
    const tiles = this.tiles.map((t) => (this.streams?.nodeOf(t) ? { ...t, stream: true } : t));
    return { action: 'tiles', tiles };
  }

  /** While a browser shows the wall: stale pictures (and the list) are asked for again. */
  private tick(): void {
    if (this.timer !== null) return;
    const run = (): void => {
      this.timer = null;
      if (this.closed || !this.browsers.all().length) return;
      void this.list().then(() => this.pictures.refresh(this.tiles));
      this.timer = this.timers.set(run, Math.min(TICK_MS, this.settings.refresh * 15000));
    };
    this.pictures.refresh(this.tiles);
    this.timer = this.timers.set(run, Math.min(TICK_MS, this.settings.refresh * 15000));
  }

  private async live(conn: Conn, tile: WallTile, refresh: boolean): Promise<void> {
    const source = this.streams?.sourceOf(tile);
    if (source) return this.emit(conn, { ...source.live(conn.id), camera: tile.key });
    const at = this.renewed.get(tile.key) ?? -Infinity;
    const renew = refresh && this.now() - at >= RENEW_MS;
    if (renew) this.renewed.set(tile.key, this.now());
    const { op, values, payload } = liveCall(this.settings, renew);
    const camera = { deviceSerial: tile.deviceSerial, channelNo: tile.channelNo };
    const outcome = await this.api.call(this.cfg, op, { ...camera, ...values }, this.owner);
    if (outcome.kind === 'closed' || this.closed) return;
    this.emit(conn, { ...replyOf(payload, outcome, [], {}), camera: tile.key });
  }

  /** An alarm the config node's alarm sources received: a wall camera's goes to every browser, its
   * picture becomes the tile's. */
  alarmSeen(alarm: FedAlarm): void {
    if (this.closed) return;
    const key = `${String(alarm.deviceSerial).toUpperCase()}/${alarm.channelNo ?? 1}`;
    if (!this.tile(key)) return;
    const a = {
      kind: typeof alarm.kind === 'string' ? alarm.kind : 'other',
      name: String(alarm.name ?? alarm.alarmName ?? '').slice(0, 100),
      alarmId: String(alarm.alarmId).slice(0, 128),
      at: this.now(),
    };
    this.alarms.set(key, a);
    for (const conn of this.browsers.all()) this.emit(conn, this.alarmReply(key, a));
    void this.pictures.alarm(key, alarm);
  }

  /** An alarm as a browser gets it: `ageMs` says how long ago the wall heard of it. */
  private alarmReply(key: string, a: { kind: string; name: string; alarmId: string; at: number }) {
    return { action: 'alarm', camera: key, kind: a.kind, name: a.name, alarmId: a.alarmId, ageMs: this.now() - a.at };
  }

  private sendPicture(conn: Conn, key: string): void {
    const p = this.pictures.picture(key);
    const f = this.pictures.failure(key);
    if (p) this.emit(conn, { action: 'picture', camera: key, picture: p.data, from: p.from, ageMs: this.now() - p.at });
    else if (f) this.emit(conn, { action: 'picture', camera: key, error: f });
  }

  private emit(conn: Conn, reply: Record<string, unknown>): void {
    if (!this.closed) conn.emit(`ezviz-wall:${this.node.id}`, reply);
  }

  private left(id: string): void {
    this.rate.forget(id);
    this.streams?.left(id);
  }

  close(): void {
    this.closed = true;
    this.owner.closed = true;
    this.browsers.close();
    this.streams?.close();
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
