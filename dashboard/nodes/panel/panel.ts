// One camera panel at run time: checks each browser message (checks.ts) and who sent it (who.ts),
// runs the action through the main package's dashboard API (the config node's service), answers the
// browser, puts the action on the output and keeps a held move's dead-man timer (holds.ts). What an
// action calls is in actions.ts, the browsers it follows in browsers.ts.
// Snapshots, switch writes and state reads are bounded per camera (pending.ts); actions are limited
// per browser and per panel and camera. A browser that leaves stops its move and drops its work.

import type { Node } from 'node-red';
import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import { callOf, liveCall, stopCall, type PanelCall } from './actions';
import { Browsers, type Conn } from './browsers';
import { Admission } from './admission';
import { Action, checkAction } from './checks';
import { HeldMove, Holds, Timers, realTimers } from './holds';
import { CallOwner, PendingWork } from './pending';
import { outputOf, replyOf } from './replies';
import type { PanelSettings } from './settings';
import type { StreamSource } from './stream-source';
import type { Client } from './who';

export type { Conn } from './browsers';

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
  private readonly admission: Admission;
  private readonly pending: PendingWork<Conn>;
  private readonly browsers: Browsers;
  /** Who the service sees behind the panel's requests (a closed owner's are dropped), and the
   * owner of the stop sent while closing. */
  private readonly owner = { id: '', closed: false, timedStopDone: () => undefined };
  private readonly closer = { id: '', closed: false, timedStopDone: () => undefined };
  /** When this panel last asked for a new live address. */
  private renewedAt = -Infinity;
  /** The last move failed: its release's stop leaves the status to the move's error. */
  private moveFailed = false;
  /** `msg._client` of a browser (the node sets Dashboard 2's: its settings and auth plugins). */
  clientOf: (conn: Conn) => Client | undefined = (conn) => ({ socketId: conn.id });
  /** The live view from an ezviz-stream node, when the panel has one (stream-source.ts). */
  stream?: StreamSource;
  /** A snapshot taken (the node keeps the last one for pages that load later). */
  onSnapshot: (picture: Buffer) => void = () => undefined;

  constructor(
    private readonly node: Node,
    private readonly api: PanelApi,
    private readonly cfg: ConfigNode,
    readonly settings: PanelSettings,
    timers: Timers = realTimers,
    private readonly now: () => number = Date.now,
  ) {
    this.holds = new Holds((move) => this.autoStop(move, 'timeout'), timers);
    this.admission = new Admission(settings, now);
    this.pending = new PendingWork<Conn>(node.id);
    this.owner.id = node.id;
    this.closer.id = `${node.id}:close`;
    this.browsers = new Browsers(
      (conn) => this.clientOf(conn),
      (id) => this.left(id),
    );
  }

  /** A message of a browser (Dashboard 2's socket event for this widget). */
  fromBrowser(conn: Conn, msg: unknown): void {
    if (this.closed) return;
    this.browsers.watch(conn);
    const checked = checkAction(msg, this.settings, this.api.tables);
    if ('refused' in checked) return this.refuse(conn, checked.refused);
    if (checked.action === 'hold') {
      this.holds.confirm(conn.id);
      return;
    }
    // The stop of a move under way (held here, or any the config node knows of) always goes through.
    const moving = (): boolean =>
      !!this.holds.current || this.api.isMoving(this.cfg, this.settings.deviceSerial, this.settings.channelNo);
    const refused = this.admission.refusal(conn.id, this.browsers.client(conn.id), checked.action, moving);
    if (refused) return this.refuse(conn, refused);
    this.act(conn, checked);
  }

  private act(conn: Conn, a: Exclude<Action, { action: 'hold' }>): void {
    if (a.action === 'live') return this.live(conn, a.refresh);
    if (a.action === 'move') {
      const held = this.holds.current;
      // A key's auto-repeat or a second press of the same way: the move goes on.
      if (held && held.socket === conn.id && held.direction === a.direction) return void this.holds.confirm(conn.id);
      this.holds.started(conn.id, a.direction);
    }
    const call = callOf(a, a.action === 'stop' ? this.holds.end() : undefined);
    if (call.op === 'switch' || call.op === 'device' || call.op === 'capture') this.queue(conn, call);
    else void this.run([conn], call);
  }

  private cameraKey(): string {
    return `${this.settings.deviceSerial}/${this.settings.channelNo}`;
  }

  /** A snapshot, switch write or state read: one at a time per camera, at most one more waiting
   * (a later snapshot or write replaces it, a later read joins it). */
  private queue(conn: Conn, call: PanelCall): void {
    const camera = { deviceSerial: this.settings.deviceSerial, channelNo: this.settings.channelNo };
    this.pending.submit(
      `${call.op} ${this.cameraKey()}`,
      {
        conns: [conn],
        run: (owner, conns) => this.run(conns, call, { owner, camera }),
        replaced: (conns) => {
          for (const c of conns) this.emit(c, { ...call.payload, ok: false, replaced: true });
        },
      },
      call.op === 'device',
    );
  }

  /** The shared live address of the panel's camera; a new one at most once per 10 s per panel. */
  private live(conn: Conn, refresh: boolean): void {
    if (this.stream) return this.emit(conn, this.stream.live(conn.id));
    const now = this.now();
    const renew = refresh && now - this.renewedAt >= RENEW_MS;
    if (renew) this.renewedAt = now;
    void this.run([conn], liveCall(this.settings, renew));
  }

  /** The runtime stops a move whose browser went quiet or left. */
  private autoStop(move: HeldMove, reason: StopReason): void {
    const conn = this.browsers.conn(move.socket);
    void this.run(conn ? [conn] : [], stopCall(move.direction, reason), { client: this.browsers.client(move.socket) });
  }

  /** Runs one operation for the panel's camera; the outcome goes to the browser and the output. */
  private run(conns: Conn[], { op, values, payload }: PanelCall, o: RunOptions = {}): Promise<void> {
    const camera = o.camera ?? { deviceSerial: this.settings.deviceSerial, channelNo: this.settings.channelNo };
    const client = o.client ?? (conns[0] ? this.browsers.client(conns[0].id) : undefined);
    if (op !== 'ptz-stop' || !this.moveFailed) this.node.status(this.api.status('requesting', op, this.cfg));
    return this.api.call(this.cfg, op, { ...camera, ...values }, o.owner ?? this.owner).then((outcome) => {
      if (outcome.kind === 'closed') return;
      if (op === 'ptz-start' && outcome.kind === 'error' && conns[0] && this.holds.current?.socket === conns[0].id)
        this.holds.end();
      const keep = op === 'ptz-stop' && this.moveFailed;
      if (op === 'ptz-start' || op === 'ptz-stop') this.moveFailed = op === 'ptz-start' && outcome.kind === 'error';
      if (!this.closed && !keep) this.node.status(this.api.status(outcome, op, this.cfg));
      const reply = replyOf(payload, outcome, this.settings.switchList, this.api.tables.TOGGLE_STATE);
      if (Buffer.isBuffer(reply.picture) && !this.closed) this.onSnapshot(reply.picture);
      for (const conn of conns) this.emit(conn, reply);
      const out = this.closed ? null : outputOf(payload, outcome, camera.deviceSerial, client);
      if (out) this.node.send(out);
    });
  }

  private emit(conn: Conn, reply: Record<string, unknown>): void {
    if (!this.closed) conn.emit(`ezviz-camera:${this.node.id}`, reply);
  }

  private refuse(conn: Conn, reason: string): void {
    this.emit(conn, { ok: false, refused: reason });
  }

  /** A browser left: its move stops, its waiting work is dropped. */
  private left(id: string): void {
    this.admission.forget(id);
    this.pending.leave(id);
    this.stream?.left(id);
    if (this.holds.owns(id)) this.autoStop(this.holds.end()!, 'disconnect');
  }

  /** The node closes: a held move is stopped (within the close budget of the caller). */
  close(): Promise<void> {
    this.closed = true;
    this.owner.closed = true;
    this.pending.close();
    this.browsers.close();
    this.stream?.close();
    const move = this.holds.end();
    if (!move) return Promise.resolve();
    return this.run([], stopCall(move.direction, 'close'), {
      owner: this.closer,
      client: this.browsers.client(move.socket),
    });
  }
}
