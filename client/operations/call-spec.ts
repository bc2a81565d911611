// The names and shapes of the operation table (operations/operations.ts): the calls the service
// sends, the error-hint groups, what a call row and an operation node's row hold. Pure types: no
// Node.js imports (the editor bundles it).

import type { ParamName, ParamSpec, UpkeepName, UpkeepNodeName } from './param-kinds';

export type OperationName =
  | 'storage-open'
  | 'storage-info'
  | 'ptz-start'
  | 'ptz-stop'
  | 'ptz-mirror'
  | 'preset-add'
  | 'preset-call'
  | 'preset-clear'
  | 'capture'
  | 'live';

/** Nodes whose message may take several calls, chosen by their parameters (docs/behaviour.md sections 12 and 18). */
export type StateNodeName = 'switch' | 'device' | 'recordings';

/** Nodes of media (docs/behaviour.md sections 19 and 26): ezviz-voice uploads and plays
 * (operations/voice.ts), ezviz-clip saves a recording's window as a file (operations/clips.ts). */
export type MediaNodeName = 'voice' | 'clip';

/** The alarm hub and the siren (docs/behaviour.md section 24): their nodes and calls (operations/hub.ts,
 * operations/siren.ts). */
export type GuardNodeName = 'hub' | 'siren';
export type GuardCallName =
  'detector-list' | 'detector-arm' | 'detector-clear' | 'detector-rename' | 'siren-start' | 'siren-stop' | 'siren-tone';

/** The voice calls (docs/api/media-api.md section 3). */
export type VoiceCallName = 'voice-upload' | 'voice-send';

/** Calls that are not operation nodes of their own kind (the alarm node polls the alarm list, or
 * fetches from the message service: MQ below; it asks a camera's face list for faces' names). */
export type PollName = 'alarm-list' | 'face-list' | MqName;

/** The message service's consumer calls (docs/api/watch-api.md section 5). */
export type MqName = 'mq-consumer' | 'mq-messages' | 'mq-offsets';

/** The calls of camera state (docs/api/watch-api.md sections 2-4): a set per switch, the status
 * reads, device/info and device/status/get. */
export type StateCallName =
  | 'defence-set'
  | 'privacy-set'
  | 'microphone-set'
  | 'prompt-sound-set'
  | 'status-light-set'
  | 'fullday-record-set'
  | 'motion-tracking-set'
  | 'offline-notify-set'
  | 'encryption-on'
  | 'encryption-off'
  | 'alarm-sound-set'
  | 'privacy-status'
  | 'microphone-status'
  | 'prompt-sound-status'
  | 'status-light-status'
  | 'fullday-record-status'
  | 'motion-tracking-status'
  | 'device-info'
  | 'device-status';

/** Any call the service sends. */
export type CallName =
  | OperationName
  | PollName
  | StateNodeName
  | StateCallName
  | MediaNodeName
  | VoiceCallName
  | UpkeepName
  | GuardNodeName
  | GuardCallName;

/** Error-hint group: the docs/api/open-api.md section whose rows of table 7.2 apply (20014, 20018, 20032 and
 * 60020 have per-group texts). */
export type SpecSection =
  | '4.1'
  | '4.2'
  | '4.3'
  | '4.4'
  | '4.5'
  | '4.6'
  | '4.7'
  | '4.8'
  // docs/api/more-api.md: capture, alarm list; docs/api/watch-api.md: switches, device state
  | 'capture'
  | 'alarm'
  | 'switch'
  | 'device'
  // docs/api/watch-api.md section 5: the message service; section 1: live and playback addresses
  | 'mq'
  | 'live'
  // docs/api/media-api.md section 3: voice upload and send
  | 'voice'
  // docs/api/media-api.md section 2: recordings; sections 5 (settings) and 6 (firmware)
  | 'recordings'
  | 'setting'
  | 'firmware'
  // docs/api/hub-api.md sections 1 (the alarm hub's detectors) and 2 (active defence, tones)
  | 'hub'
  | 'siren';

/** What the service needs to know to send a call (operation nodes and the alarm poller). */
export interface CallSpec {
  operation: CallName;
  path: string;
  section: SpecSection;
  /** May be sent again on a transient failure (docs/behaviour.md section 5, Retries). */
  idempotent: boolean;
  /** Goes through the per-camera queue (docs/behaviour.md section 5, PTZ order). */
  cameraQueue: boolean;
  /** A PTZ or preset call: one at a time per camera in arrival order with the others so marked (a
   * stop never overtakes its start). The camera's other queued calls (captures, switch writes) wait
   * in a lane of their own: a stop never waits behind one (docs/behaviour.md section 21). */
  ptzOrder?: true;
  /** At most one such call per camera per this many ms (capture: the vendor's 4 s advice); the
   * camera queue holds a faster one back, retries included. */
  spacingMs?: number;
  /** `device`: queued and spaced per device serial, whatever the channel (switch writes: the
   * vendor's 2 s between configuration writes to one device); default per device and channel. */
  queueBy?: 'device';
  /** The alarm sources wait after a rate limit themselves: the request loop does not retry one. */
  waitsOnRateLimit?: boolean;
  /** The path on the international platform where it differs (operations/live.ts pathFor). */
  intlPath?: string;
  /** The body is multipart/form-data with a file part (voice upload), not a form. */
  multipart?: boolean;
  /** What it does to a camera's move (docs/behaviour.md section 5, PTZ order): `start` sets it moving
   * until a stop, `stop` ends a move, `move` moves it (a preset call). A running move is stopped
   * before a `start` or `move` goes out. */
  motion?: 'start' | 'stop' | 'move';
  /** Preset names (camera/preset-names.ts): `add` remembers the name given, `find` completes a
   * name given instead of the index, `clear` completes it and forgets the index's names. */
  presetNames?: 'add' | 'find' | 'clear';
  /** The service's way for it besides the camera queue: `cards` behind the card guard
   * (service/card-guard.ts), `live` through the shared live addresses (service/live-addresses.ts). */
  route?: 'cards' | 'live';
  /** Where the reply's code stands when not in `{code, msg, data}` alone: `v3` (the /api/v3 calls:
   * token and serial in HTTP headers, `{meta: {code, message}, data}`, the JSON of a 4xx reply read
   * as the answer; docs/api/hub-api.md section 3), `result` (the detector list: `{result: {code,
   * msg, data}}` or `data` at the top; section 1). */
  envelope?: 'v3' | 'result';
  /** A v3 call whose fields (the serial aside) go in the URL's query, not the body (audition). */
  query?: true;
  /** `GET`: a v3 call asked with GET, every field (the serial too) in the URL's query and the token
   * in a header (the face list, docs/api/events-api.md section 3.2); default POST. */
  method?: 'GET';
  /** `stop`: the camera queue's lane of stops of this device (the siren's stop): it waits behind
   * nothing queued for the camera (docs/behaviour.md section 21). */
  lane?: 'stop';
  /** Still waiting in the camera queue when a call of the `stop` lane is queued for its camera, it
   * is never sent: it ends `STOPPED` (the siren's start; docs/behaviour.md section 24). */
  endedByStop?: true;
  params: readonly ParamSpec[];
}

/** A node option that is not an API parameter (capture `download`): a checkbox in the dialog, a
 * boolean node property at run time. */
export interface OptionSpec {
  name: 'download' | 'watch' | 'progress';
  kind: 'boolean' | 'seconds';
  default: boolean | number;
}

export interface OperationSpec extends CallSpec {
  operation: OperationName | StateNodeName | MediaNodeName | UpkeepNodeName | GuardNodeName;
  /** Node-RED type name. */
  type: `ezviz-${OperationName | StateNodeName | MediaNodeName | UpkeepNodeName | GuardNodeName}`;
  options?: readonly OptionSpec[];
  /** Completes the validated fields (API names) in place and checks the rules between them; the
   * parameter that breaks one and why (a `validation.<reason>` text). */
  refine?(
    fields: Record<string, string | number>,
    values: Readonly<Record<string, string | number>>,
  ): { param: ParamName; reason: string } | undefined;
}
