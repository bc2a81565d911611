// The table every part of the package reads: which operation calls which path, with which
// parameters. Runtime (validation, request building, retries), editor (fields, selects) and
// tests all derive from it. Pure data: no Node.js imports (the editor bundles it).

import { completeLiveFields } from './live';

// The parameters' kinds, names and rows (operations/param-kinds.ts), for every importer of this table.
export type { ParamKind, ParamName, ParamSpec, UpkeepCallName, UpkeepName, UpkeepNodeName } from './param-kinds';
import type { ParamKind, ParamName, ParamSpec, UpkeepName, UpkeepNodeName } from './param-kinds';

export type OperationName = 'storage-open' | 'storage-info' | 'ptz-start' | 'ptz-stop' | 'ptz-mirror' | 'preset-add'
  | 'preset-call' | 'preset-clear' | 'capture' | 'live';

/** Nodes whose message may take several calls, chosen by their parameters (docs/behaviour.md sections 12 and 18). */
export type StateNodeName = 'switch' | 'device' | 'recordings';

/** Nodes of media (docs/behaviour.md section 19): ezviz-voice uploads and plays (operations/voice.ts). */
export type MediaNodeName = 'voice';
/** The voice calls (docs/api/media-api.md section 3). */
export type VoiceCallName = 'voice-upload' | 'voice-send';

/** Calls that are not operation nodes of their own kind (the alarm node polls the alarm list, or
 * fetches from the message service: MQ below). */
export type PollName = 'alarm-list' | MqName;

/** The message service's consumer calls (docs/api/watch-api.md section 5). */
export type MqName = 'mq-consumer' | 'mq-messages' | 'mq-offsets';

/** The calls of camera state (docs/api/watch-api.md sections 2-4): a set per switch, the status
 * reads, device/info and device/status/get. */
export type StateCallName =
  | 'defence-set' | 'privacy-set' | 'microphone-set' | 'prompt-sound-set' | 'status-light-set'
  | 'fullday-record-set' | 'motion-tracking-set' | 'offline-notify-set' | 'encryption-on' | 'encryption-off'
  | 'alarm-sound-set' | 'privacy-status' | 'microphone-status' | 'prompt-sound-status' | 'status-light-status'
  | 'fullday-record-status' | 'motion-tracking-status' | 'device-info' | 'device-status';

/** Any call the service sends. */
export type CallName = OperationName | PollName | StateNodeName | StateCallName | MediaNodeName | VoiceCallName | UpkeepName;

/** Error-hint group: the docs/api/open-api.md section whose rows of table 7.2 apply (20014, 20018, 20032 and
 * 60020 have per-group texts). */
export type SpecSection = '4.1' | '4.2' | '4.3' | '4.4' | '4.5' | '4.6' | '4.7' | '4.8'
  // docs/api/more-api.md: capture, alarm list; docs/api/watch-api.md: switches, device state
  | 'capture' | 'alarm' | 'switch' | 'device'
  // docs/api/watch-api.md section 5: the message service; section 1: live and playback addresses
  | 'mq' | 'live'
  // docs/api/media-api.md section 3: voice upload and send
  | 'voice'
  // docs/api/media-api.md section 2: recordings; sections 5 (settings) and 6 (firmware)
  | 'recordings' | 'setting' | 'firmware';

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
  operation: OperationName | StateNodeName | MediaNodeName | UpkeepNodeName;
  /** Node-RED type name. */
  type: `ezviz-${OperationName | StateNodeName | MediaNodeName | UpkeepNodeName}`;
  options?: readonly OptionSpec[];
  /** Completes the validated fields (API names) in place and checks the rules between them; the
   * parameter that breaks one and why (a `validation.<reason>` text). */
  refine?(fields: Record<string, string | number>): { param: ParamName; reason: string } | undefined;
}

/** One parameter row (sent unless `extra` says otherwise). */
export const p = (name: ParamName, kind: ParamKind, required: boolean, extra: Partial<ParamSpec> = {}): ParamSpec =>
  Object.freeze({ name, kind, required, sent: true, ...extra });

export const serial = p('deviceSerial', 'serial', true);
const channel = p('channelNo', 'channel', true);
export const optChannel = p('channelNo', 'channel', false);
const phone = p('phone', 'phone', false);
const presetName = p('presetName', 'presetName', false, { sent: false });

export const OPERATIONS: Readonly<Record<OperationName, OperationSpec>> = Object.freeze({
  'storage-open': {
    operation: 'storage-open', type: 'ezviz-storage-open', path: '/api/lapp/cloud/storage/open',
    section: '4.1', idempotent: false, cameraQueue: false, route: 'cards',
    params: [serial, p('cardPassword', 'cardPassword', true, { secret: true }), phone, optChannel,
      p('isImmediately', 'immediately', false)],
  },
  'storage-info': {
    operation: 'storage-info', type: 'ezviz-storage-info', path: '/api/lapp/cloud/storage/device/info',
    section: '4.2', idempotent: true, cameraQueue: false,
    params: [serial, phone, optChannel],
  },
  'ptz-start': {
    operation: 'ptz-start', type: 'ezviz-ptz-start', path: '/api/lapp/device/ptz/start',
    section: '4.3', idempotent: false, cameraQueue: true, ptzOrder: true, motion: 'start',
    params: [serial, channel, p('direction', 'direction', true), p('speed', 'speed', true),
      p('duration', 'duration', false, { sent: false })],
  },
  'ptz-stop': {
    operation: 'ptz-stop', type: 'ezviz-ptz-stop', path: '/api/lapp/device/ptz/stop',
    section: '4.4', idempotent: true, cameraQueue: true, ptzOrder: true, motion: 'stop',
    params: [serial, channel, p('direction', 'direction', false)],
  },
  'ptz-mirror': {
    operation: 'ptz-mirror', type: 'ezviz-ptz-mirror', path: '/api/lapp/device/ptz/mirror',
    section: '4.5', idempotent: false, cameraQueue: true, ptzOrder: true,
    params: [serial, channel, p('command', 'mirror', true)],
  },
  'preset-add': {
    operation: 'preset-add', type: 'ezviz-preset-add', path: '/api/lapp/device/preset/add',
    section: '4.6', idempotent: false, cameraQueue: true, ptzOrder: true, presetNames: 'add',
    params: [serial, channel, presetName],
  },
  'preset-call': {
    operation: 'preset-call', type: 'ezviz-preset-call', path: '/api/lapp/device/preset/move',
    section: '4.7', idempotent: true, cameraQueue: true, ptzOrder: true, motion: 'move', presetNames: 'find',
    params: [serial, channel, p('index', 'index', true), presetName],
  },
  'preset-clear': {
    operation: 'preset-clear', type: 'ezviz-preset-clear', path: '/api/lapp/device/preset/clear',
    section: '4.8', idempotent: false, cameraQueue: true, ptzOrder: true, presetNames: 'clear',
    params: [serial, channel, p('index', 'index', true), presetName],
  },
  capture: {
    operation: 'capture', type: 'ezviz-capture', path: '/api/lapp/device/capture',
    section: 'capture', idempotent: true, cameraQueue: true, spacingMs: 4000,
    params: [serial, channel],
    options: [{ name: 'download', kind: 'boolean', default: false }],
  },
  live: {
    operation: 'live', type: 'ezviz-live', path: '/api/lapp/v2/live/address/get', intlPath: '/api/lapp/live/address/get',
    section: 'live', idempotent: true, cameraQueue: false, route: 'live',
    params: [serial, optChannel, p('protocol', 'protocol', false), p('quality', 'quality', false),
      p('expire', 'lifetime', false, { apiName: 'expireTime' }), p('source', 'source', false, { apiName: 'type' }),
      p('start', 'playbackTime', false, { apiName: 'startTime' }), p('end', 'playbackTime', false, { apiName: 'stopTime' }),
      p('verificationCode', 'verificationCode', false, { secret: true, apiName: 'code' })],
    refine: completeLiveFields,
  },
});

/** The alarm list polled by ezviz-alarm (docs/api/more-api.md): fields built by events/alarms.ts. */
export const ALARM_LIST: Readonly<CallSpec> = Object.freeze({
  operation: 'alarm-list', path: '/api/lapp/alarm/list', section: 'alarm', idempotent: true, cameraQueue: false,
  waitsOnRateLimit: true, params: [],
});

/** The message service's consumer (docs/api/watch-api.md section 5; seen in independent clients, no
 * official page): create a consumer of a group (1 to 5, in the path), fetch its messages, commit.
 * A fetch without preCommit hands the same messages out again until they are committed, so it
 * may be retried; creating a consumer twice only leaves one to expire. */
const mq = (operation: MqName, path: string): Readonly<CallSpec> =>
  Object.freeze({ operation, path, section: 'mq', idempotent: true, cameraQueue: false, waitsOnRateLimit: true, params: [] });
export const MQ = Object.freeze({
  /** Create a consumer of group `g` (1..5): data.consumerId. */
  consumer: Object.freeze([1, 2, 3, 4, 5].map((g) => mq('mq-consumer', `/api/lapp/mq/v1/consumer/group${g}`))),
  /** consumerId, preCommit: data is an array of messages. */
  messages: mq('mq-messages', '/api/lapp/mq/v1/consumer/messages'),
  /** consumerId: commits what the consumer fetched. */
  offsets: mq('mq-offsets', '/api/lapp/mq/v1/consumer/offsets'),
});

export const TOKEN_PATH = '/api/lapp/token/get';
export const CONFIG_TYPE = 'ezviz-config';
