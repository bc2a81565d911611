// The panel's timeline at run time (docs/behaviour.md section 21): a browser asks for a day's recordings
// (`day`), the day's alarms (`events`) and an alarm's decrypted picture (`picture`, history-events.ts),
// the playback address of a moment (`playback`, FLV) and the moment played back saved as MP4 (`clip`,
// history-clip.ts). Each message is checked as the panel's other actions are (history-checks.ts): the
// camera is the node's, never the browser's; the day and the window are bounded; 5 asks a second per
// browser and per camera. A day's list is kept 30 s (viewers and taps within it cost no API call), at
// most 8 days (history-days.ts); so are the alarms, and 16 pictures. Answers go to the asking browser
// on `ezviz-camera-history:<node id>`; a tap that starts a playback also leaves on the output. An alarm
// the config node's sources receive goes at once to the browsers that listed the camera's alarms
// (`alarm`, no API call) and makes its day's kept recordings stale until its clip is listed.

import type { Node } from 'node-red';
import type { FedAlarm, PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import { Browsers } from './browsers';
import { RateLimit } from './checks';
import { checkHistory, type HistoryAsk } from './history-checks';
import { RecordingDays } from './history-days';
import { AlarmEvents } from './history-events';
import { ClipSaves } from './history-clip';
import type { Conn } from './panel';
import type { PanelSettings } from './settings';
import type { Client } from './who';
import { errorOf } from './replies';

export class History {
  private readonly rate: RateLimit;
  private readonly cameraRate: RateLimit;
  private readonly owner: { id: string; closed: boolean; timedStopDone: () => undefined };
  private readonly events: AlarmEvents;
  private readonly recordings: RecordingDays;
  private readonly clips: ClipSaves;
  /** The browsers that listed the camera's alarms: each new alarm goes to them (alarmSeen). */
  private readonly viewers: Browsers;
  /** `msg._client` of a browser (the node sets Dashboard 2's, as for the panel's other actions). */
  clientOf: (conn: Conn) => Client | undefined = (conn) => ({ socketId: conn.id });

  constructor(
    private readonly node: Node,
    private readonly api: PanelApi,
    private readonly cfg: ReturnType<PanelApi['configNode']>,
    private readonly settings: PanelSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.rate = new RateLimit(now, 5);
    this.cameraRate = new RateLimit(now, 5);
    this.owner = { id: `${node.id}:history`, closed: false, timedStopDone: () => undefined };
    this.events = new AlarmEvents(api, cfg, settings, this.owner, now);
    this.recordings = new RecordingDays(api, cfg, settings, this.owner, now);
    this.clips = new ClipSaves(api, cfg, settings, this.owner, (conn, reply) => this.emit(conn, reply));
    this.viewers = new Browsers(
      () => undefined,
      (id) => this.forget(id),
    );
  }

  /** An alarm the config node's alarm sources received (no API call): for this camera, it goes to
   * every browser that listed its alarms, joins the kept day, and awaits its clip in the day's list. */
  alarmSeen(alarm: FedAlarm): void {
    if (this.closed) return;
    const view = this.events.seen(alarm);
    if (!view) return;
    this.recordings.heard(view.time);
    for (const conn of this.viewers.all()) this.emit(conn, { action: 'alarm', event: view });
  }

  get closed(): boolean {
    return this.owner.closed;
  }

  /** A timeline message of a browser. */
  fromBrowser(conn: Conn, msg: unknown): void {
    if (this.closed) return;
    const ask = checkHistory(msg, this.settings, this.now());
    if ('refused' in ask)
      return this.emit(conn, { action: (msg as { action?: unknown })?.action, ok: false, refused: ask.refused });
    const key = `${this.settings.deviceSerial}/${this.settings.channelNo}`;
    const cached =
      ask.action === 'day'
        ? this.recordings.cached(ask.start)
        : ask.action === 'events'
          ? this.events.cached(ask.start)
          : ask.action === 'picture'
            ? this.events.hasPicture(ask.alarmId)
            : false;
    if (!cached && !(this.rate.allow(conn.id) && this.cameraRate.allow(key))) {
      return this.emit(conn, {
        action: ask.action,
        ok: false,
        refused: 'rate',
        ...(ask.action === 'picture' ? { alarmId: ask.alarmId } : {}),
      });
    }
    if (ask.action === 'events') this.viewers.watch(conn);
    if (ask.action === 'day') void this.day(conn, ask.start);
    else if (ask.action === 'events') void this.alarms(conn, ask.start);
    else if (ask.action === 'picture') void this.picture(conn, ask.alarmId);
    else if (ask.action === 'clip') void this.clips.save(conn, ask);
    else void this.playback(conn, ask);
  }

  /** The day's alarms (id, time, name, type, whether there is a picture). */
  private async alarms(conn: Conn, start: number): Promise<void> {
    const r = await this.events.day(start);
    if (r) this.emit(conn, { action: 'events', start, ...r });
  }
  /** A listed alarm's picture, decrypted in the runtime (bytes only: never its URL or the code). */
  private async picture(conn: Conn, alarmId: string): Promise<void> {
    const r = await this.events.picture(alarmId);
    if (!r) return this.emit(conn, { action: 'picture', alarmId, ok: false, refused: 'alarm' });
    this.emit(
      conn,
      r.ok
        ? { action: 'picture', alarmId, ok: true, picture: r.data, type: r.type }
        : { action: 'picture', alarmId, ok: false, error: errorOf(r.error) },
    );
  }

  /** A day's recordings (cloud and SD card), from the cache when listed in the last 30 s. */
  private async day(conn: Conn, start: number): Promise<void> {
    const r = await this.recordings.day(start);
    if (r) this.emit(conn, { action: 'day', ...r });
  }

  /** The FLV playback address of a window (the config node's shared addresses). */
  private async playback(conn: Conn, ask: Extract<HistoryAsk, { action: 'playback' }>): Promise<void> {
    const camera = { deviceSerial: this.settings.deviceSerial, channelNo: this.settings.channelNo };
    const values = {
      protocol: 'flv',
      quality: this.settings.liveQuality,
      source: ask.source,
      start: ask.start,
      end: ask.end,
    };
    const o = await this.api.call(this.cfg, 'live', { ...camera, ...values }, this.owner);
    if (o.kind === 'closed' || this.closed) return;
    const payload = {
      action: 'playback',
      source: ask.source,
      start: new Date(ask.start).toISOString(),
      end: new Date(ask.end).toISOString(),
    };
    if (o.kind === 'ok') {
      const a = (o.payload ?? {}) as { url?: unknown; expires?: unknown };
      this.emit(conn, {
        action: 'playback',
        ok: true,
        start: ask.start,
        end: ask.end,
        source: ask.source,
        url: typeof a.url === 'string' ? a.url : null,
        expires: typeof a.expires === 'string' ? a.expires : null,
      });
      // A tap leaves on the output; the addresses a playing stream takes on its way do not.
      if (!ask.continued)
        this.node.send({
          topic: camera.deviceSerial,
          payload: { ...payload, result: o.payload },
          ezviz: o.ezviz,
          ...this.client(conn),
        });
    } else {
      this.emit(conn, {
        action: 'playback',
        ok: false,
        start: ask.start,
        error: errorOf(o.error),
      });
      if (!ask.continued) {
        this.node.send({
          topic: camera.deviceSerial,
          payload: { ...payload, error: o.error },
          error: o.error,
          ezviz: o.ezviz,
          ...this.client(conn),
        });
      }
    }
  }

  private client(conn: Conn): { _client?: Client } {
    const c = this.clientOf(conn);
    return c ? { _client: { ...c } } : {};
  }

  private emit(conn: Conn, reply: Record<string, unknown>): void {
    if (!this.closed) conn.emit(`ezviz-camera-history:${this.node.id}`, reply);
  }

  forget(connId: string): void {
    this.rate.forget(connId);
  }

  close(): void {
    this.owner.closed = true;
    this.clips.close();
    this.viewers.close();
    this.recordings.clear();
    this.events.clear();
  }
}
