// The shapes of the dashboard door (dashboard-api.ts): the operations a panel may run,
// the names it may send (the operation nodes' tables), the values of one call, its outcome and
// the PanelApi the door hands the dashboard package (docs/behaviour.md section 14).

import type { ServerResponse } from 'http';
import type { Owner } from '../../client/requests/call-types';
import type { ErrorInfo } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { ConfigNodeLike } from '../../runtime/call-path/lifecycle';
import { DIRECTIONS, SPEEDS } from '../../client/operations/enums';
import { statesOf, SWITCH_NAMES } from '../../client/operations/switches';
import type { PanelAlarms, PanelPicture } from './panel-alarms';
import type { FedAlarm } from '../../client/service/alarm-feed';

/** The operations a panel may run. */
export type PanelOperation =
  'ptz-start' | 'ptz-stop' | 'preset-call' | 'capture' | 'switch' | 'device' | 'live' | 'recordings';
export const PANEL_OPERATIONS: readonly PanelOperation[] = Object.freeze([
  'ptz-start',
  'ptz-stop',
  'preset-call',
  'capture',
  'switch',
  'device',
  'live',
  'recordings',
]);

/** The switches a panel toggles: those set with on and off alone (encryption off needs the
 * device's verification code, which a browser never gives). */
const TOGGLES: readonly string[] = Object.freeze(
  SWITCH_NAMES.filter((n) => n === 'defence' || (n !== 'encryption' && statesOf(n).join() === 'on,off')),
);
/** Where the device state (ezviz-device's payload) tells a switch's state. */
const TOGGLE_STATE: Readonly<Record<string, string>> = Object.freeze({ defence: 'armed', privacy: 'privacy' });

/** Names the panel may send (the tables of the operation nodes). */
export const TABLES = Object.freeze({ DIRECTIONS, SPEEDS, TOGGLES, TOGGLE_STATE });

/** Values of one panel call, read by the operation's own validation (section 4). */
export type PanelValues = Partial<
  Record<
    | 'deviceSerial'
    | 'channelNo'
    | 'direction'
    | 'speed'
    | 'index'
    | 'presetName'
    | 'switch'
    | 'state'
    | 'protocol'
    | 'quality'
    | 'expire'
    | 'refresh'
    | 'source'
    | 'start'
    | 'end',
    unknown
  >
>;

/** One call's outcome: `payload` and `ezviz` as output 1 of the operation node would carry them,
 * or the error (msg.error) with `ezviz` as on output 2. `closed`: the owner closed meanwhile. */
export type PanelOutcome =
  | { kind: 'ok'; payload: unknown; ezviz: Record<string, unknown> }
  | { kind: 'error'; error: ErrorInfo; ezviz: Record<string, unknown> }
  | { kind: 'closed' };

/** The account's cameras (the wall's "all of an account", its tiles' names and online state). */
export type AccountCameras =
  | {
      ok: true;
      cameras: Array<{ deviceSerial: string; channelNo: number; name: string; online: boolean | null }>;
      truncated: boolean;
    }
  | { ok: false; error: { code: string; message: string } };

export interface PanelApi {
  readonly version: number;
  /** The names a panel may send (DIRECTIONS, SPEEDS of the operation nodes). */
  readonly tables: typeof TABLES;
  /** The config node that a panel node's `config` property names, when it is one. */
  configNode(def: { config?: unknown }): ConfigNodeLike | null;
  /** Runs one operation through `cfg`'s service for `owner` (the panel node). Never rejects. */
  call(cfg: ConfigNodeLike | null, operation: PanelOperation, values: PanelValues, owner: Owner): Promise<PanelOutcome>;
  /** Whether the config node believes the camera is moving (started, not yet stopped). */
  isMoving(cfg: ConfigNodeLike | null, deviceSerial: string, channelNo: number): boolean;
  /** The node status of an outcome, as the operation nodes show it (docs/behaviour.md section 9). */
  status(
    outcome: PanelOutcome | 'requesting' | 'noConfig',
    operation: PanelOperation,
    cfg: ConfigNodeLike | null,
  ): NodeStatusLike;
  /** A text of the shared catalog (the panel's node status and log lines). */
  t: Translate;
  /** A camera's latest alarms of a window, newest first (the panel's events strip; panel-alarms.ts). */
  alarms(
    cfg: ConfigNodeLike | null,
    camera: { deviceSerial: string; channelNo: number },
    window: { start: number; end: number },
    owner: Owner,
  ): Promise<PanelAlarms>;
  /** An alarm's picture through the config node's picture desk, decrypted. */
  alarmPicture(cfg: ConfigNodeLike | null, alarm: { alarmPicUrl: string; deviceSerial: string }): Promise<PanelPicture>;
  /** Hears each alarm the config node's alarm sources receive from now on (no API call of its own;
   * service/alarm-feed.ts); the returned function stops it. */
  watchAlarms(cfg: ConfigNodeLike | null, fn: (alarm: FedAlarm) => void): () => void;
  /** A window of the camera's recording saved as MP4 in the runtime (panel-clip.ts); `signal`
   * (the panel's close) stops it. Never rejects. */
  clip(cfg: ConfigNodeLike | null, ask: PanelClipAsk, owner: Owner, signal?: AbortSignal): Promise<PanelClip>;
  /** The camera of the ezviz-stream node `id` deployed and serving now, else null. */
  streamCamera(id: string): { deviceSerial: string; channelNo: number } | null;
  /** One more viewer of the ezviz-stream node `id` on `res` (its one camera session, its limits; no key:
   * the caller has admitted the browser): false when no such node serves now (nothing written). */
  watchStream(id: string, address: string, res: ServerResponse): boolean;
  /** The account's cameras with their names and online state (device/list and camera/list, all
   * pages: two requests for up to 50 devices and 50 channels); the wall's tiles. */
  cameras?(cfg: ConfigNodeLike | null): Promise<AccountCameras>;
}

/** What a panel asks to save: the camera, the source and the window (ms). */
export interface PanelClipAsk {
  deviceSerial: string;
  channelNo: number;
  source: 'cloud' | 'sd-card';
  start: number;
  end: number;
}

/** A saved clip: the MP4's bytes, its name and length (s); or the error; or the panel closed. */
export type PanelClip =
  { ok: true; file: Buffer; filename: string; seconds: number } | { ok: false; error: ErrorInfo } | { ok: 'closed' };

export interface NodeStatusLike {
  fill: 'red' | 'green' | 'blue';
  shape: 'dot' | 'ring';
  text: string;
}
