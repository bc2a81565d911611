// The panel's timeline at run time (docs/behaviour.md section 21): a browser asks for a day's
// recordings (`day`), the day's alarms (`events`) and an alarm's decrypted picture (`picture`,
// history-events.ts), and the playback address of a moment (`playback`, FLV). Each message is
// checked as the panel's other actions are: the camera is the node's, never the browser's; the
// day and the window are bounded; a browser asks at most 5 times a second and the panel's camera
// at most 5 times a second for all browsers together. A day's list is kept 30 s (every viewer and
// every tap within that time costs no API call), at most 8 days; so are the alarms, and 16 pictures. Answers go to the asking browser
// on `ezviz-camera-history:<node id>`; a tap that starts a playback also leaves on the output.

import type { Node } from 'node-red';
import type { PanelApi, PanelOutcome } from 'node-red-contrib-ezviz-open/dashboard';
import { RateLimit } from './checks';
import { AlarmEvents } from './history-events';
import type { Conn } from './panel';
import type { PanelSettings } from './settings';
import type { Client } from './who';

export const HISTORY_ACTIONS = ['day', 'events', 'picture', 'playback'] as const;
const DAY_MS = 86400000;
/** How far back a browser may look (ms): the longest cloud plan keeps 30 days; SD cards more. */
export const MAX_AGE_MS = 400 * DAY_MS;
/** A day's list is kept this long (ms). */
export const DAY_CACHE_MS = 30000;
const MAX_DAYS_KEPT = 8;
const SOURCES = ['cloud', 'sd-card'] as const;

export type HistoryAsk =
  | { action: 'day'; start: number }
  | { action: 'events'; start: number }
  | { action: 'picture'; alarmId: string }
  | { action: 'playback'; source: typeof SOURCES[number]; start: number; end: number; continued: boolean };

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Whether a browser message is one of the timeline's (the panel's other actions go to panel.ts). */
export function isHistoryMessage(msg: unknown): boolean {
  const a = msg && typeof msg === 'object' ? (msg as { action?: unknown }).action : undefined;
  return typeof a === 'string' && (HISTORY_ACTIONS as readonly string[]).includes(a);
}

/** Checks one timeline message against the panel's settings and the clock. Pure. */
export function checkHistory(msg: unknown, s: PanelSettings, now: number): HistoryAsk | { refused: string } {
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return { refused: 'shape' };
  const m = msg as Record<string, unknown>;
  if (!s.deviceSerial || 'deviceSerial' in m || 'channelNo' in m) return { refused: 'camera' };
  if (!s.show.timeline) return { refused: 'hidden' };
  if (m.action === 'picture') {
    return typeof m.alarmId === 'string' && m.alarmId.length > 0 && m.alarmId.length <= 256 ? { action: 'picture', alarmId: m.alarmId }
      : { refused: 'alarm' };
  }
  if (!isTime(m.start) || m.start < now - MAX_AGE_MS || m.start > now) return { refused: 'time' };
  if (m.action === 'day' || m.action === 'events') return { action: m.action, start: m.start };
  if (m.action !== 'playback') return { refused: 'action' };
  if (typeof m.source !== 'string' || !(SOURCES as readonly string[]).includes(m.source)) return { refused: 'source' };
  if (!isTime(m.end) || m.end <= m.start || m.end - m.start > DAY_MS) return { refused: 'time' };
  const source = m.source as typeof SOURCES[number];
  return { action: 'playback', source, start: m.start, end: m.end, continued: m.continued === true };
}

interface DayEntry { at: number; outcome: Promise<Exclude<PanelOutcome, { kind: 'closed' }> | null> }

export class History {
  private readonly rate: RateLimit;
  private readonly cameraRate: RateLimit;
  private readonly days = new Map<string, DayEntry>();
  private readonly owner: { id: string; closed: boolean; timedStopDone: () => undefined };
  private readonly events: AlarmEvents;
  /** `msg._client` of a browser (the node sets Dashboard 2's, as for the panel's other actions). */
  clientOf: (conn: Conn) => Client | undefined = (conn) => ({ socketId: conn.id });

  constructor(private readonly node: Node, private readonly api: PanelApi, private readonly cfg: ReturnType<PanelApi['configNode']>,
    private readonly settings: PanelSettings, private readonly now: () => number = Date.now) {
    this.rate = new RateLimit(now, 5);
    this.cameraRate = new RateLimit(now, 5);
    this.owner = { id: `${node.id}:history`, closed: false, timedStopDone: () => undefined };
    this.events = new AlarmEvents(api, cfg, settings, this.owner, now);
  }

  get closed(): boolean {
    return this.owner.closed;
  }

  /** A timeline message of a browser. */
  fromBrowser(conn: Conn, msg: unknown): void {
    if (this.closed) return;
    const ask = checkHistory(msg, this.settings, this.now());
    if ('refused' in ask) return this.emit(conn, { action: (msg as { action?: unknown })?.action, ok: false, refused: ask.refused });
    const key = `${this.settings.deviceSerial}/${this.settings.channelNo}`;
    const cached = ask.action === 'day' ? !!this.cachedDay(ask.start) : ask.action === 'events' ? this.events.cached(ask.start)
      : ask.action === 'picture' ? this.events.hasPicture(ask.alarmId) : false;
    if (!cached && !(this.rate.allow(conn.id) && this.cameraRate.allow(key))) {
      return this.emit(conn, { action: ask.action, ok: false, refused: 'rate', ...(ask.action === 'picture' ? { alarmId: ask.alarmId } : {}) });
    }
    if (ask.action === 'day') void this.day(conn, ask.start);
    else if (ask.action === 'events') void this.alarms(conn, ask.start);
    else if (ask.action === 'picture') void this.picture(conn, ask.alarmId);
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
    this.emit(conn, r.ok ? { action: 'picture', alarmId, ok: true, picture: r.data, type: r.type }
      : { action: 'picture', alarmId, ok: false, error: { code: r.error.code, message: r.error.message } });
  }

  private dayKey(start: number): string {
    return `${this.settings.deviceSerial}/${this.settings.channelNo}/${start}`;
  }

  private cachedDay(start: number): DayEntry | undefined {
    const e = this.days.get(this.dayKey(start));
    return e && this.now() - e.at < DAY_CACHE_MS ? e : undefined;
  }

  /** A day's recordings (cloud and SD card), from the cache when listed in the last 30 s. */
  private async day(conn: Conn, start: number): Promise<void> {
    let entry = this.cachedDay(start);
    if (!entry) {
      const now = this.now();
      const camera = { deviceSerial: this.settings.deviceSerial, channelNo: this.settings.channelNo };
      const outcome = this.api.call(this.cfg, 'recordings', { ...camera, source: 'auto', start, end: Math.min(start + DAY_MS, now) },
        this.owner).then((o) => (o.kind === 'closed' ? null : o));
      entry = { at: now, outcome };
      this.days.set(this.dayKey(start), entry);
      this.prune();
    }
    const o = await entry.outcome;
    if (!o) return;
    if (o.kind === 'error') this.days.delete(this.dayKey(start));
    this.emit(conn, o.kind === 'ok' ? { action: 'day', ok: true, start, items: itemsOf(o.payload) }
      : { action: 'day', ok: false, start, error: { code: o.error.code, message: o.error.message } });
  }

  private prune(): void {
    const now = this.now();
    for (const [k, e] of this.days) if (now - e.at >= DAY_CACHE_MS) this.days.delete(k);
    while (this.days.size > MAX_DAYS_KEPT) this.days.delete(this.days.keys().next().value as string);
  }

  /** The FLV playback address of a window (the config node's shared addresses). */
  private async playback(conn: Conn, ask: Extract<HistoryAsk, { action: 'playback' }>): Promise<void> {
    const camera = { deviceSerial: this.settings.deviceSerial, channelNo: this.settings.channelNo };
    const values = { protocol: 'flv', quality: this.settings.liveQuality, source: ask.source, start: ask.start, end: ask.end };
    const o = await this.api.call(this.cfg, 'live', { ...camera, ...values }, this.owner);
    if (o.kind === 'closed' || this.closed) return;
    const payload = { action: 'playback', source: ask.source, start: new Date(ask.start).toISOString(), end: new Date(ask.end).toISOString() };
    if (o.kind === 'ok') {
      const a = (o.payload ?? {}) as { url?: unknown; expires?: unknown };
      this.emit(conn, { action: 'playback', ok: true, start: ask.start, end: ask.end, source: ask.source,
        url: typeof a.url === 'string' ? a.url : null, expires: typeof a.expires === 'string' ? a.expires : null });
      // A tap leaves on the output; the addresses a playing stream takes on its way do not.
      if (!ask.continued) this.node.send({ topic: camera.deviceSerial, payload: { ...payload, result: o.payload }, ezviz: o.ezviz, ...this.client(conn) } as never);
    } else {
      this.emit(conn, { action: 'playback', ok: false, start: ask.start, error: { code: o.error.code, message: o.error.message } });
      if (!ask.continued) {
        this.node.send({ topic: camera.deviceSerial, payload: { ...payload, error: o.error }, error: o.error, ezviz: o.ezviz, ...this.client(conn) } as never);
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
    this.days.clear();
    this.events.clear();
  }
}

/** What a browser gets of a recording: its window (ms) and source, nothing else. */
function itemsOf(payload: unknown): { start: number; end: number; source: string }[] {
  const list = Array.isArray(payload) ? payload : [];
  const out: { start: number; end: number; source: string }[] = [];
  for (const r of list as Array<{ start?: unknown; end?: unknown; source?: unknown }>) {
    const start = Date.parse(String(r.start));
    const end = Date.parse(String(r.end));
    if (Number.isFinite(start) && Number.isFinite(end) && end > start) out.push({ start, end, source: String(r.source) });
    if (out.length >= 2000) break;
  }
  return out;
}
