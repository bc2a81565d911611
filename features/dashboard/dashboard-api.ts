// What this package offers its dashboard package (node-red-dashboard-2-ezviz, docs/behaviour.md sections
// 14 and 16): the one door through which the camera panel reaches the runtime. Exported as
// `node-red-contrib-ezviz-open/dashboard` (package.json "exports"); nothing else of this package
// is meant for it. A panel action runs the operation's validation, the config node's service
// (camera queue, stop before start, retries, preset names; a switch's set and the device's state
// through camera-state.ts, as ezviz-switch and ezviz-device) and the operation's reply mapping,
// and comes back shaped as docs/behaviour.md section 4 shapes an operation node's outputs (panel-calls.ts; the
// shapes in panel-types.ts).

import type { NodeAPI } from 'node-red';
import { EzvizError, ErrorInfo } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import { translator } from '../../runtime/i18n/i18n';
import { configOf, ConfigNodeLike, noConfigError } from '../../runtime/call-path/lifecycle';
import { CONFIG_TYPE } from '../../client/operations/operations';
import { errorStatusText, statusKey } from '../../runtime/i18n/status-keys';
import { alarmPicture, cameraAlarms, type PanelAlarms, type PanelPicture } from './panel-alarms';
import { callOperation, failure, specOf } from './panel-calls';
import { accountCameras } from './wall-cameras';
import { TABLES, type NodeStatusLike, type PanelApi, type PanelClip, type PanelOperation } from './panel-types';
import type { PanelOutcome } from './panel-types';
import { streamEntry } from '../stream/registry';

export type { PanelAlarms, PanelPicture };
export type { FedAlarm } from '../../client/service/alarm-feed';
export { PANEL_OPERATIONS, TABLES } from './panel-types';
export type { NodeStatusLike, PanelApi, PanelClip, PanelClipAsk, PanelOperation, PanelOutcome } from './panel-types';
export type { PanelValues } from './panel-types';
export type { AccountCameras } from './panel-types';
export { CONFIG_TYPE };

/** Raised when the panel needs something this file does not offer yet (the two packages ship
 * with one version; a mismatch is a broken install). */
export const DASHBOARD_API_VERSION = 1;

function statusOf(
  outcome: PanelOutcome | 'requesting' | 'noConfig',
  operation: PanelOperation,
  cfg: ConfigNodeLike | null,
): NodeStatusLike {
  if (outcome === 'noConfig') return { fill: 'red', shape: 'ring', text: statusKey('noConfig') };
  if (outcome === 'requesting') return { fill: 'blue', shape: 'dot', text: statusKey('requesting') };
  if (outcome.kind !== 'error') return { fill: 'green', shape: 'dot', text: statusKey('ok') };
  return {
    fill: 'red',
    shape: 'ring',
    text: errorStatusText(outcome.error, specOf(operation).section, !!cfg && cfg.service.tokens.canRefresh),
  };
}

const noConfig = (t: Translate, operation: 'alarm-list' | 'clip'): ErrorInfo => noConfigError(t, operation).toJSON();
const failed = (t: Translate, e: unknown, operation: 'alarm-list' | 'clip' = 'alarm-list'): ErrorInfo =>
  new EzvizError({
    code: 'INTERNAL',
    message: t('errors.internal', { detail: String((e as Error)?.name) }),
    operation,
    source: 'local',
    retriable: false,
  }).toJSON();

/** ezviz-clip's run for a panel (panel-clip.ts), loaded at the first clip: its MP4 writer
 * (mediabunny) is an ES module, which the dashboard package's type check (node16 modules) would
 * refuse to see required; a require call it does not follow. */
type PanelClipRun = (t: Translate, cfg: ConfigNodeLike, ...a: Tail<Parameters<PanelApi['clip']>>) => Promise<PanelClip>;
type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;
const clips = (): { panelClip: PanelClipRun } => require('./panel-clip');

/** The panel's view of this package, for the Node-RED runtime `RED`. */
export function dashboardApi(RED: NodeAPI): PanelApi {
  const t = translator(RED);
  return {
    version: DASHBOARD_API_VERSION,
    tables: TABLES,
    configNode: (def) => configOf(RED, def),
    call: (cfg, operation, values, owner) =>
      callOperation(t, cfg, operation, values, owner).catch((e) => failure(t, operation, e, {})),
    isMoving: (cfg, serial, channel) => !!cfg && cfg.service.isMoving(serial, channel),
    status: (outcome, operation, cfg) => statusOf(outcome, operation, cfg),
    t,
    alarms: (cfg, camera, window, owner) =>
      (cfg
        ? cameraAlarms(cfg, camera, window, owner)
        : Promise.resolve<PanelAlarms>({ ok: false, error: noConfig(t, 'alarm-list') })
      ).catch((e) => ({ ok: false as const, error: failed(t, e) })),
    alarmPicture: (cfg, alarm) =>
      (cfg
        ? alarmPicture(cfg, alarm)
        : Promise.resolve<PanelPicture>({ ok: false, error: noConfig(t, 'alarm-list') })
      ).catch((e) => ({ ok: false as const, error: failed(t, e) })),
    watchAlarms: (cfg, fn) => cfg?.service.alarmFeed?.watch(fn) ?? (() => undefined),
    clip: (cfg, ask, owner, signal) =>
      (cfg
        ? clips().panelClip(t, cfg, ask, owner, signal)
        : Promise.resolve<PanelClip>({ ok: false, error: noConfig(t, 'clip') })
      ).catch((e) => ({ ok: false as const, error: failed(t, e, 'clip') })),
    streamCamera: (id) => {
      const e = streamEntry(id);
      return e ? { deviceSerial: e.deviceSerial, channelNo: e.channelNo } : null;
    },
    watchStream: (id, address, res) => {
      const e = streamEntry(id);
      if (e) e.attach(address, res);
      return !!e;
    },
    cameras: (cfg) =>
      (cfg ? accountCameras(cfg) : Promise.resolve({ ok: false as const, error: noConfig(t, 'alarm-list') })).catch(
        (e) => ({ ok: false as const, error: failed(t, e) }),
      ),
  };
}
