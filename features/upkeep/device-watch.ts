// The `watch` option of ezviz-device (docs/behaviour.md section 12): every `watch` seconds (at least 60)
// the node reads the camera's state through its own pipeline and sends a message only when a
// field changed (`msg.changed` lists them; the first read sends everything). A failure is
// reported once per run of failures, not every interval. At most one read is in flight per node
// (a tick while one runs is skipped); no timer is left after close. Time: hooks.timer.

import type { NodeMessage } from 'node-red';
import { changedFields, type DeviceState } from '../../client/replies/device-state';
import { hooks } from '../../client/clock/clock';
import type { Done, Send } from '../../runtime/call-path/outputs';
import type { Msg } from '../../runtime/call-path/readers';

export interface WatchOptions {
  seconds: number;
  /** Runs one message through the node's pipeline. */
  input(msg: Msg, send: Send, done: Done): void;
  newId(): string;
  /** Sends on the node's outputs; reports an error to Catch nodes. */
  send(msg: NodeMessage | Array<NodeMessage | null>): void;
  error(err: Error, msg: Msg): void;
}

export class DeviceWatch {
  private last: DeviceState | undefined;
  private lastError: string | undefined;
  private busy = false;
  private closed = false;
  private cancel: (() => void) | undefined;

  constructor(private readonly o: WatchOptions) {}

  /** The first read right after the flows started, then every `seconds`. */
  start(): void {
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.cancel?.();
    this.cancel = hooks.timer(() => this.tick(), ms);
  }

  /** One timed read; skipped while the previous one is still under way. */
  tick(): void {
    this.cancel = undefined;
    if (this.closed) return;
    this.schedule(this.o.seconds * 1000);
    if (this.busy) return;
    this.busy = true;
    const msg: Msg = { _msgid: this.o.newId(), payload: {} } as Msg;
    const finish = (): void => {
      this.busy = false;
    };
    this.o.input(
      msg,
      (out) => {
        finish();
        if (this.closed) return;
        const [ok, failed] = Array.isArray(out) ? out : [out, null];
        if (ok) this.changed(ok as Msg);
        else if (failed) this.failed(failed as Msg, false);
      },
      (err) => {
        finish();
        if (err && !this.closed) this.failed(msg, true, err);
      },
    );
  }

  private changed(msg: Msg): void {
    this.lastError = undefined;
    const state = msg.payload as DeviceState;
    const changed = changedFields(this.last, state);
    this.last = state;
    if (!changed.length) return;
    (msg as Msg & { changed: string[] }).changed = changed;
    msg.topic = state.deviceSerial;
    this.o.send([msg as NodeMessage, null]);
  }

  private failed(msg: Msg, unwired: boolean, err?: Error): void {
    const code = String((msg.error as { code?: unknown } | undefined)?.code ?? '');
    if (code === this.lastError) return;
    this.lastError = code;
    if (unwired) this.o.error(err!, msg);
    else this.o.send([null, msg as NodeMessage]);
  }

  /** No read after this, no timer left. */
  close(): void {
    this.closed = true;
    this.cancel?.();
    this.cancel = undefined;
  }
}
