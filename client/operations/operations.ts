// The table every part of the package reads: which operation calls which path, with which
// parameters. Runtime (validation, request building, retries), editor (fields, selects) and
// tests all derive from it. Pure data: no Node.js imports (the editor bundles it).

import { completeLiveFields } from './live';

// The parameters' kinds, names and rows (operations/param-kinds.ts) and the names and shapes of the
// table's rows (operations/call-spec.ts), for every importer of this table.
export type { ParamKind, ParamName, ParamSpec, UpkeepCallName, UpkeepName, UpkeepNodeName } from './param-kinds';
export type {
  OperationName,
  StateNodeName,
  MediaNodeName,
  VoiceCallName,
  PollName,
  MqName,
  StateCallName,
  CallName,
  SpecSection,
  CallSpec,
  OptionSpec,
  OperationSpec,
  GuardNodeName,
  GuardCallName,
} from './call-spec';
import type { ParamKind, ParamName, ParamSpec } from './param-kinds';
import type { OperationName, OperationSpec } from './call-spec';

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
    operation: 'storage-open',
    type: 'ezviz-storage-open',
    path: '/api/lapp/cloud/storage/open',
    section: '4.1',
    idempotent: false,
    cameraQueue: false,
    route: 'cards',
    params: [
      serial,
      p('cardPassword', 'cardPassword', true, { secret: true }),
      phone,
      optChannel,
      p('isImmediately', 'immediately', false),
    ],
  },
  'storage-info': {
    operation: 'storage-info',
    type: 'ezviz-storage-info',
    path: '/api/lapp/cloud/storage/device/info',
    section: '4.2',
    idempotent: true,
    cameraQueue: false,
    params: [serial, phone, optChannel],
  },
  'ptz-start': {
    operation: 'ptz-start',
    type: 'ezviz-ptz-start',
    path: '/api/lapp/device/ptz/start',
    section: '4.3',
    idempotent: false,
    cameraQueue: true,
    ptzOrder: true,
    motion: 'start',
    params: [
      serial,
      channel,
      p('direction', 'direction', true),
      p('speed', 'speed', true),
      p('duration', 'duration', false, { sent: false }),
    ],
  },
  'ptz-stop': {
    operation: 'ptz-stop',
    type: 'ezviz-ptz-stop',
    path: '/api/lapp/device/ptz/stop',
    section: '4.4',
    idempotent: true,
    cameraQueue: true,
    ptzOrder: true,
    motion: 'stop',
    params: [serial, channel, p('direction', 'direction', false)],
  },
  'ptz-mirror': {
    operation: 'ptz-mirror',
    type: 'ezviz-ptz-mirror',
    path: '/api/lapp/device/ptz/mirror',
    section: '4.5',
    idempotent: false,
    cameraQueue: true,
    ptzOrder: true,
    params: [serial, channel, p('command', 'mirror', true)],
  },
  'preset-add': {
    operation: 'preset-add',
    type: 'ezviz-preset-add',
    path: '/api/lapp/device/preset/add',
    section: '4.6',
    idempotent: false,
    cameraQueue: true,
    ptzOrder: true,
    presetNames: 'add',
    params: [serial, channel, presetName],
  },
  'preset-call': {
    operation: 'preset-call',
    type: 'ezviz-preset-call',
    path: '/api/lapp/device/preset/move',
    section: '4.7',
    idempotent: true,
    cameraQueue: true,
    ptzOrder: true,
    motion: 'move',
    presetNames: 'find',
    params: [serial, channel, p('index', 'index', true), presetName],
  },
  'preset-clear': {
    operation: 'preset-clear',
    type: 'ezviz-preset-clear',
    path: '/api/lapp/device/preset/clear',
    section: '4.8',
    idempotent: false,
    cameraQueue: true,
    ptzOrder: true,
    presetNames: 'clear',
    params: [serial, channel, p('index', 'index', true), presetName],
  },
  capture: {
    operation: 'capture',
    type: 'ezviz-capture',
    path: '/api/lapp/device/capture',
    section: 'capture',
    idempotent: true,
    cameraQueue: true,
    spacingMs: 4000,
    // The code that opens an encrypted picture (download only; never sent): message > node > account.
    params: [serial, channel, p('verificationCode', 'verificationCode', false, { secret: true, sent: false })],
    options: [{ name: 'download', kind: 'boolean', default: false }],
  },
  live: {
    operation: 'live',
    type: 'ezviz-live',
    path: '/api/lapp/v2/live/address/get',
    intlPath: '/api/lapp/live/address/get',
    section: 'live',
    idempotent: true,
    cameraQueue: false,
    route: 'live',
    params: [
      serial,
      optChannel,
      p('protocol', 'protocol', false),
      p('quality', 'quality', false),
      p('expire', 'lifetime', false, { apiName: 'expireTime' }),
      p('source', 'source', false, { apiName: 'type' }),
      p('start', 'playbackTime', false, { apiName: 'startTime' }),
      p('end', 'playbackTime', false, { apiName: 'stopTime' }),
      p('verificationCode', 'verificationCode', false, { secret: true, apiName: 'code' }),
    ],
    refine: completeLiveFields,
  },
});

export const TOKEN_PATH = '/api/lapp/token/get';
export const CONFIG_TYPE = 'ezviz-config';
