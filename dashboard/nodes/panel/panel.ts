// One camera panel at run time: checks each browser message (checks.ts) and who sent it (who.ts),
// runs the action through the main package's dashboard API (the config node's service), answers the
// browser, puts the action on the output and keeps a held move's dead-man timer (holds.ts).
// Snapshots, switch writes and state reads are bounded per camera (pending.ts); actions are limited
// per browser and per panel and camera. A browser that leaves stops its move and drops its work.

import type { Node } from 'node-red';
import type { PanelApi, PanelOperation, PanelValues } from 'node-red-contrib-ezviz-open/dashboard';
import { Action, checkAction, RateLimit } from './checks';
import { HeldMove, Holds, Timers, realTimers } from './holds';
import { CallOwner, PendingWork } from './pending';
import { outputOf, replyOf } from './replies';
import type { PanelSettings } from './settings';
import { Client, isAllowed, rightOf } from './who';

/** A browser connection as Dashboard 2 hands it to a widget's socket handler. */
export interface Conn {
  id: string;
  emit(event: string, ...args: unknown[]): unknown;
  once?(event: string, fn: () => void): unknown;
  off?(event: string, fn: () => void): unknown;
}

/** Why a stop was sent: a browser asked, or the runtime did (dead-man timer, a browser that left,
 * the node closing). */
export type StopReason = 'asked' | 'timeout' | 'disconnect' | 'close';

type ConfigNode = ReturnType<PanelApi['configNode']>;
type RunOptions = { owner?: CallOwner; camera?: { deviceSerial: string; channelNo: number }; client?: Client };

/** A failing address is asked for anew at most this often (docs/behaviour.md section 14). */
export const RENEW_MS = 10000;

export class Panel {
  closed = false;
  private readonly holds: Holds;
  private readonly rate: RateLimit;
  /** The same limit for every browser of this panel and camera together. */
  private readonly cameraRate: RateLimit;
  private readonly pending: PendingWork<Conn>;
  private readonly conns = new Map<string, { conn: Conn; leave: () => void }>();
  /** Who the service sees behind the panel's requests (a closed owner's are dropped), and the
   * owner of the stop sent while closing. */
  private readonly owner = { id: '', closed: false, timedStopDone: () => undefined };
  private readonly closer = { id: '', closed: false, timedStopDone: () => undefined };
  /** When this panel last asked for a new live address. */
  private renewedAt = -Infinity;
  /** The last move failed: its release's stop leaves the status to the move's error. */
  private moveFailed = false;
  private readonly clients = new Map<string, Client | undefined>();
  /** `msg._client` of a browser (the node sets Dashboard 2's: its settings and auth plugins). */
  clientOf: (conn: Conn) => Client | undefined = (conn) => ({ socketId: conn.id });
  /** A snapshot taken (the node keeps the last one for pages that load later). */
  onSnapshot: (picture: Buffer) => void = () => undefined;

  constructor(private readonly node: Node, private readonly api: PanelApi, private readonly cfg: ConfigNode,
    readonly settings: PanelSettings, timers: Timers = realTimers, private readonly now: () => number = Date.now) {
    this.holds = new Holds((move) => this.autoStop(move, 'timeout'), timers);
    this.rate = new RateLimit(now);
    this.cameraRate = new RateLimit(now);
    this.pending = new PendingWork<Conn>(node.id);
    this.owner.id = node.id;
    this.closer.id = `${node.id}:close`;
  }

  /** A message of a browser (Dashboard 2's socket event for this widget). */
  fromBrowser(conn: Conn, msg: unknown): void {
    if (this.closed) return;
    this.watch(conn);
    const checked = checkAction(msg, this.settings, this.api.tables);
    if ('refused' in checked) return this.refuse(conn, checked.refused);
    if (checked.action === 'hold') {
      this.holds.confirm(conn.id);
      return;
    }
    const right = rightOf(checked.action);
    if (right && !isAllowed(right === 'move' ? this.settings.moveUsers : this.settings.switchUsers, this.clients.get(conn.id))) {
      return this.refuse(conn, 'not-allowed');
    }
    // The stop of a move under way (held here, or any the config node knows of) always goes
    // through; everything else counts.
    const freeStop = checked.action === 'stop' && (!!this.holds.current ||
      this.api.isMoving(this.cfg, this.settings.deviceSerial, this.settings.channelNo));
    // Reads are bounded by pending.ts (state) and the shared address cache (live), not by the panel's limit.
    const read = checked.action === 'state' || checked.action === 'live';
    if (!freeStop && !(this.rate.allow(conn.id) && (read || this.cameraRate.allow(this.cameraKey())))) return this.refuse(conn, 'rate');
    this.act(conn, checked);
  }

  private act(conn: Conn, a: Exclude<Action, { action: 'hold' }>): void {
    if (a.action === 'move') {
      const held = this.holds.current;
      // A key's auto-repeat or a second press of the same way: the move goes on.
      if (held && held.socket === conn.id && held.direction === a.direction) return void this.holds.confirm(conn.id);
      this.holds.started(conn.id, a.direction);
      void this.run([conn], 'ptz-start', { direction: a.direction, speed: a.speed }, { action: 'move', direction: a.direction, speed: a.speed });
    } else if (a.action === 'stop') {
      const held = this.holds.end();
      void this.run([conn], 'ptz-stop', held ? { direction: held.direction } : {}, { action: 'stop', reason: 'asked' });
    } else if (a.action === 'preset') {
      const { index, name } = a.preset;
      void this.run([conn], 'preset-call', index !== undefined ? { index } : { presetName: name },
        { action: 'preset', preset: index ?? name, ...(name ? { name } : {}) });
    } else if (a.action === 'switch') {
      this.queue(conn, 'switch', { switch: a.switch, state: a.state }, { action: 'switch', switch: a.switch, state: a.state });
    } else if (a.action === 'state') {
      this.queue(conn, 'device', {}, { action: 'state' });
    } else if (a.action === 'live') {
      this.live(conn, a.refresh);
    } else {
      this.queue(conn, 'capture', {}, { action: 'snapshot' });
    }
  }

  private cameraKey(): string {
    return `${this.settings.deviceSerial}/${this.settings.channelNo}`;
  }

  /** A snapshot, switch write or state read: one at a time per camera, at most one more waiting
   * (a later snapshot or write replaces it, a later read joins it). */
  private queue(conn: Conn, op: 'capture' | 'switch' | 'device', values: PanelValues, payload: Record<string, unknown>): void {
    const camera = { deviceSerial: this.settings.deviceSerial, channelNo: this.settings.channelNo };
    this.pending.submit(`${op} ${this.cameraKey()}`, {
      conns: [conn],
      run: (owner, conns) => this.run(conns, op, values, payload, { owner, camera }),
      replaced: (conns) => { for (const c of conns) this.emit(c, { ...payload, ok: false, replaced: true }); },
    }, op === 'device');
  }

  /** The shared live address of the panel's camera; a new one at most once per 10 s per panel. */
  private live(conn: Conn, refresh: boolean): void {
    const now = this.now();
    const renew = refresh && now - this.renewedAt >= RENEW_MS;
    if (renew) this.renewedAt = now;
    const { liveProtocol: protocol, liveQuality: quality, liveExpire: expire } = this.settings;
    void this.run([conn], 'live', { protocol, quality, expire, refresh: renew }, { action: 'live' });
  }

  /** The runtime stops a move whose browser went quiet or left. */
  private autoStop(move: HeldMove, reason: StopReason): void {
    const conn = this.conns.get(move.socket)?.conn;
    void this.run(conn ? [conn] : [], 'ptz-stop', { direction: move.direction }, { action: 'stop', reason },
      { client: this.clients.get(move.socket) });
  }

  /** Runs one operation for the panel's camera; the outcome goes to the browser and the output. */
  private run(conns: Conn[], op: PanelOperation, values: PanelValues, payload: Record<string, unknown>, o: RunOptions = {}): Promise<void> {
    const camera = o.camera ?? { deviceSerial: this.settings.deviceSerial, channelNo: this.settings.channelNo };
    const client = o.client ?? (conns[0] ? this.clients.get(conns[0].id) : undefined);
    if (op !== 'ptz-stop' || !this.moveFailed) this.node.status(this.api.status('requesting', op, this.cfg));
    return this.api.call(this.cfg, op, { ...camera, ...values }, o.owner ?? this.owner).then((outcome) => {
      if (outcome.kind === 'closed') return;
      if (op === 'ptz-start' && outcome.kind === 'error' && conns[0] && this.holds.current?.socket === conns[0].id) this.holds.end();
      const keep = op === 'ptz-stop' && this.moveFailed;
      if (op === 'ptz-start' || op === 'ptz-stop') this.moveFailed = op === 'ptz-start' && outcome.kind === 'error';
      if (!this.closed && !keep) this.node.status(this.api.status(outcome, op, this.cfg));
      const reply = replyOf(payload, outcome, this.settings.switchList, this.api.tables.TOGGLE_STATE);
      if (Buffer.isBuffer(reply.picture) && !this.closed) this.onSnapshot(reply.picture);
      for (const conn of conns) this.emit(conn, reply);
      const out = this.closed ? null : outputOf(payload, outcome, camera.deviceSerial, client);
      if (out) this.node.send(out as never);
    });
  }

  private emit(conn: Conn, reply: Record<string, unknown>): void {
    if (!this.closed) conn.emit(`ezviz-camera:${this.node.id}`, reply);
  }

  private refuse(conn: Conn, reason: string): void {
    this.emit(conn, { ok: false, refused: reason });
  }

  /** Follows a browser's connection: when it goes, so does its move. */
  private watch(conn: Conn): void {
    if (this.conns.has(conn.id) || !conn.once) return;
    this.clients.set(conn.id, this.clientOf(conn));
    const leave = (): void => {
      this.conns.delete(conn.id);
      this.rate.forget(conn.id);
      this.pending.leave(conn.id);
      if (this.holds.owns(conn.id)) this.autoStop(this.holds.end()!, 'disconnect');
      this.clients.delete(conn.id);
    };
    conn.once('disconnect', leave);
    this.conns.set(conn.id, { conn, leave });
  }

  /** The node closes: a held move is stopped (within the close budget of the caller). */
  close(): Promise<void> {
    this.closed = true;
    this.owner.closed = true;
    this.pending.close();
    for (const { conn, leave } of this.conns.values()) conn.off?.('disconnect', leave);
    this.conns.clear();
    const move = this.holds.end();
    if (!move) return Promise.resolve();
    return this.run([], 'ptz-stop', { direction: move.direction }, { action: 'stop', reason: 'close' },
      { owner: this.closer, client: this.clients.get(move.socket) });
  }
}
