// What this package offers its dashboard package (node-red-dashboard-2-ezviz, docs/behaviour.md sections
// 14 and 16): the one door through which the camera panel reaches the runtime. Exported as
// `node-red-contrib-ezviz-open/dashboard` (package.json "exports"); nothing else of this package
// is meant for it. A panel action runs the operation's validation, the config node's service
// (camera queue, stop before start, retries, preset names; a switch's set and the device's state
// through camera-state.ts, as ezviz-switch and ezviz-device) and the operation's reply mapping,
// and comes back shaped as docs/behaviour.md section 4 shapes an operation node's outputs.

import type { NodeAPI } from 'node-red';
import type { CallResult, Owner } from '../requests/call-types';
import { readDevice, setSwitch } from '../service/camera-state';
import { listRecordings, type RecordingsListing } from '../service/recordings';
import { captureResult } from '../events/capture';
import { DIRECTIONS, SPEEDS } from '../operations/enums';
import { EzvizError, ErrorInfo } from '../errors/errors';
import { translator, Translate } from '../i18n/i18n';
import { configOf, ConfigNodeLike } from '../call-path/lifecycle';
import { CONFIG_TYPE, OPERATIONS, type OperationSpec } from '../operations/operations';
import { STATE_NODES } from '../operations/state-calls';
import { statesOf, SWITCH_NAMES } from '../operations/switches';
import { publicRequest, replyError } from '../call-path/outputs';
import { plainPayload } from '../replies/replies';
import { errorStatusText, statusKey } from '../i18n/status-keys';
import { validateInput, wouldSend } from '../call-path/validation';
import { alarmPicture, cameraAlarms, type PanelAlarms, type PanelPicture } from './panel-alarms';

export type { PanelAlarms, PanelPicture };

/** Raised when the panel needs something this file does not offer yet (the two packages ship
 * with one version; a mismatch is a broken install). */
export const DASHBOARD_API_VERSION = 1;

/** The operations a panel may run. */
export type PanelOperation = 'ptz-start' | 'ptz-stop' | 'preset-call' | 'capture' | 'switch' | 'device' | 'live' | 'recordings';
export const PANEL_OPERATIONS: readonly PanelOperation[] = Object.freeze(['ptz-start', 'ptz-stop', 'preset-call', 'capture',
  'switch', 'device', 'live', 'recordings']);

/** The switches a panel toggles: those set with on and off alone (encryption off needs the
 * device's verification code, which a browser never gives). */
const TOGGLES: readonly string[] = Object.freeze(SWITCH_NAMES.filter((n) => n === 'defence' ||
  (n !== 'encryption' && statesOf(n).join() === 'on,off')));
/** Where the device state (ezviz-device's payload) tells a switch's state. */
const TOGGLE_STATE: Readonly<Record<string, string>> = Object.freeze({ defence: 'armed', privacy: 'privacy' });

/** Names the panel may send (the tables of the operation nodes). */
export const TABLES = Object.freeze({ DIRECTIONS, SPEEDS, TOGGLES, TOGGLE_STATE });
export { CONFIG_TYPE };

/** Values of one panel call, read by the operation's own validation (section 4). */
export type PanelValues = Partial<Record<'deviceSerial' | 'channelNo' | 'direction' | 'speed' | 'index' | 'presetName' |
  'switch' | 'state' | 'protocol' | 'quality' | 'expire' | 'refresh' | 'source' | 'start' | 'end', unknown>>;

/** One call's outcome: `payload` and `ezviz` as output 1 of the operation node would carry them,
 * or the error (msg.error) with `ezviz` as on output 2. `closed`: the owner closed meanwhile. */
export type PanelOutcome =
  | { kind: 'ok'; payload: unknown; ezviz: Record<string, unknown> }
  | { kind: 'error'; error: ErrorInfo; ezviz: Record<string, unknown> }
  | { kind: 'closed' };

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
  status(outcome: PanelOutcome | 'requesting' | 'noConfig', operation: PanelOperation, cfg: ConfigNodeLike | null): NodeStatusLike;
  /** A text of the shared catalog (the panel's node status and log lines). */
  t: Translate;
  /** A camera's latest alarms of a window, newest first (the panel's events strip; panel-alarms.ts). */
  alarms(cfg: ConfigNodeLike | null, camera: { deviceSerial: string; channelNo: number }, window: { start: number; end: number },
    owner: Owner): Promise<PanelAlarms>;
  /** An alarm's picture through the config node's picture desk, decrypted. */
  alarmPicture(cfg: ConfigNodeLike | null, alarm: { alarmPicUrl: string; deviceSerial: string }): Promise<PanelPicture>;
}

export interface NodeStatusLike { fill: 'red' | 'green' | 'blue'; shape: 'dot' | 'ring'; text: string }

function statusOf(outcome: PanelOutcome | 'requesting' | 'noConfig', operation: PanelOperation,
  cfg: ConfigNodeLike | null): NodeStatusLike {
  if (outcome === 'noConfig') return { fill: 'red', shape: 'ring', text: statusKey('noConfig') };
  if (outcome === 'requesting') return { fill: 'blue', shape: 'dot', text: statusKey('requesting') };
  if (outcome.kind !== 'error') return { fill: 'green', shape: 'dot', text: statusKey('ok') };
  return { fill: 'red', shape: 'ring', text: errorStatusText(outcome.error, specOf(operation).section, !!cfg && cfg.service.tokens.canRefresh) };
}

const specOf = (op: PanelOperation): OperationSpec => (op === 'switch' || op === 'device' || op === 'recordings' ? STATE_NODES[op]
  : OPERATIONS[op]);

function failure(t: Translate, operation: PanelOperation, e: unknown, request: Record<string, unknown>): PanelOutcome {
  const error = e instanceof EzvizError ? e : replyError(t, specOf(operation), e);
  return { kind: 'error', error: error.toJSON(), ezviz: { operation, request } };
}

const noConfig = (t: Translate, operation: 'alarm-list'): ErrorInfo => new EzvizError({ code: 'NO_CONFIG', message: t('errors.noConfig'),
  operation, source: 'local', retriable: false }).toJSON();
const failed = (t: Translate, e: unknown): ErrorInfo => new EzvizError({ code: 'INTERNAL', message: t('errors.internal',
  { detail: String((e as Error)?.name) }), operation: 'alarm-list', source: 'local', retriable: false }).toJSON();

/** A live address through the config node's shared cache (one request however many viewers). */
async function liveAddress(cfg: ConfigNodeLike, raw: Record<string, unknown>, owner: Owner): Promise<PanelOutcome> {
  const { refresh, ...ask } = raw;
  const r = await cfg.service.liveAddress(ask, refresh === true);
  if (owner.closed) return { kind: 'closed' };
  const request = publicRequest(OPERATIONS.live, ask);
  if (!r.ok) return { kind: 'error', error: r.error, ezviz: { operation: 'live', request } };
  return { kind: 'ok', payload: r.address, ezviz: { operation: 'live', request, live: r.address, shared: r.shared } };
}

/** A switch set, a device read (service/camera-state.ts) or a recording list (service/recordings.ts:
 * the panel's timeline; an item with `source`, `start`, `end` asks `live` for its playback), shaped. */
async function cameraState(t: Translate, cfg: ConfigNodeLike, operation: 'switch' | 'device' | 'recordings',
  raw: Record<string, unknown>, owner: Owner): Promise<PanelOutcome> {
  const result: CallResult & { payload?: unknown } = operation === 'switch' ? await setSwitch(cfg.service, t, raw as never, owner)
    : operation === 'device' ? await readDevice(cfg.service, t, raw as never, owner)
      : await listRecordings(cfg.service, t, raw as never, owner);
  if (result.kind === 'closed' || owner.closed) return { kind: 'closed' };
  const request = publicRequest(specOf(operation), result.fields);
  if (result.kind === 'error') return failure(t, operation, result.error, request);
  const ezviz = { operation, code: result.reply.code, msg: result.reply.msg, request, durationMs: result.durationMs };
  if (operation !== 'recordings') return { kind: 'ok', payload: result.payload, ezviz };
  const listing = result.payload as RecordingsListing;
  return { kind: 'ok', payload: listing.items, ezviz: { ...ezviz, window: listing.window, skipped: listing.skipped } };
}

async function callOperation(t: Translate, cfg: ConfigNodeLike | null, operation: PanelOperation, values: PanelValues,
  owner: Owner): Promise<PanelOutcome> {
  if (!PANEL_OPERATIONS.includes(operation)) throw new Error('not a panel operation');
  const raw = values as Record<string, unknown>;
  if (!cfg) {
    return failure(t, operation, new EzvizError({ code: 'NO_CONFIG', message: t('errors.noConfig'), operation,
      source: 'local', retriable: false }), wouldSend(specOf(operation), raw));
  }
  if (operation === 'switch' || operation === 'device' || operation === 'recordings') return cameraState(t, cfg, operation, raw, owner);
  if (operation === 'live') return liveAddress(cfg, raw, owner);
  const spec = OPERATIONS[operation];
  const input = validateInput(t, spec, raw);
  if (input instanceof EzvizError) return failure(t, operation, input, wouldSend(spec, raw));
  const result = await cfg.service.call({ spec, fields: input.fields, presetName: input.presetName, owner });
  if (result.kind === 'closed' || owner.closed) return { kind: 'closed' };
  const request = publicRequest(spec, result.fields);
  if (result.kind === 'error') return failure(t, operation, result.error, request);
  const reply = result.reply;
  const ezviz: Record<string, unknown> = { operation, code: reply.code, msg: reply.msg, request, durationMs: result.durationMs };
  try {
    if (operation !== 'capture') return { kind: 'ok', payload: plainPayload(reply), ezviz };
    // The panel shows the picture itself: downloaded by the service (5 MiB, the node's timeout).
    const shaped = await captureResult({ reply, input, def: { download: true }, service: cfg.service, t, result });
    if (shaped instanceof EzvizError) return failure(t, operation, shaped, request);
    if ('error' in shaped) return { kind: 'error', error: shaped.error.toJSON(), ezviz: { operation, request, ...shaped.ezviz } };
    return { kind: 'ok', payload: shaped.payload, ezviz: { ...ezviz, ...shaped.ezviz } };
  } catch (e) {
    return failure(t, operation, e, request);
  }
}

/** The panel's view of this package, for the Node-RED runtime `RED`. */
export function dashboardApi(RED: NodeAPI): PanelApi {
  const t = translator(RED);
  return {
    version: DASHBOARD_API_VERSION,
    tables: TABLES,
    configNode: (def) => configOf(RED, def as never),
    call: (cfg, operation, values, owner) => callOperation(t, cfg, operation, values, owner)
      .catch((e) => failure(t, operation, e, {})),
    isMoving: (cfg, serial, channel) => !!cfg && cfg.service.isMoving(serial, channel),
    status: (outcome, operation, cfg) => statusOf(outcome, operation, cfg),
    t,
    alarms: (cfg, camera, window, owner) => (cfg ? cameraAlarms(cfg, camera, window, owner)
      : Promise.resolve<PanelAlarms>({ ok: false, error: noConfig(t, 'alarm-list') })).catch((e) => ({ ok: false as const, error: failed(t, e) })),
    alarmPicture: (cfg, alarm) => (cfg ? alarmPicture(cfg, alarm) : Promise.resolve<PanelPicture>({ ok: false, error: noConfig(t, 'alarm-list') }))
      .catch((e) => ({ ok: false as const, error: failed(t, e) })),
  };
}
