// The settings of ezviz-setting and the firmware calls of ezviz-firmware (docs/behaviour.md section 20,
// docs/api/media-api.md sections 5 and 6): per setting its read and write calls, the capability
// flag that reports it, the region that offers it and the codes meaning "already so"; the rows of
// the two nodes. Table-driven like the switches (switches.ts). Pure data: the editor bundles it.

import { nameOf } from './numbers';
import { optChannel, p, serial } from './operations';
import type { CallSpec, OperationSpec, ParamSpec, UpkeepCallName, UpkeepNodeName } from './operations';

export const SETTING_NAMES = ['sensitivity', 'schedule', 'infrared'] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/** Which platform offers a setting: `china` (open.ys7.com), `international` (open.ezvizlife.com and
 * its regions), `both`. The help says it; a refusal's hint names it. */
export type Region = 'china' | 'international' | 'both';

export interface SettingSpec {
  name: SettingName;
  get: UpkeepCallName;
  set: UpkeepCallName;
  /** The device/capacity flag that reports it (the editor's hint). */
  capacity: string;
  region: Region;
  /** Reply codes of a write meaning "already so": a success with `changed: false`. */
  already: readonly string[];
}

const L = '/api/lapp';
const call = (
  operation: UpkeepCallName,
  path: string,
  write: boolean,
  section: 'setting' | 'firmware',
  params: readonly ParamSpec[],
  idempotent = true,
): CallSpec =>
  Object.freeze({
    operation,
    path,
    section,
    idempotent,
    cameraQueue: write,
    ...(write ? { spacingMs: 2000, queueBy: 'device' as const } : {}),
    params,
  });
const v = (name: 'value' | 'type' | 'startTime' | 'stopTime' | 'period' | 'enable', required: boolean) =>
  p(name, 'settingValue', required);

/** Every call of the two nodes. Writes are idempotent (twice leaves the same setting): retried,
 * through the camera queue, 2 s apart per device with the switches' writes. The upgrade is never
 * sent twice (not idempotent: no retry, docs/behaviour.md section 20). */
export const UPKEEP_CALLS: Readonly<Record<UpkeepCallName, CallSpec>> = Object.freeze({
  // media-api section 5.1: get answers data [{type, channel, value}]; set takes value 0-6, type 0.
  'sensitivity-get': call('sensitivity-get', `${L}/device/algorithm/config/get`, false, 'setting', [serial]),
  'sensitivity-set': call('sensitivity-set', `${L}/device/algorithm/config/set`, true, 'setting', [
    serial,
    v('value', true),
    optChannel,
    v('type', false),
  ]),
  // 5.2: the arming plan, one window a day for the chosen days.
  'schedule-get': call('schedule-get', `${L}/device/defence/plan/get`, false, 'setting', [serial, optChannel]),
  'schedule-set': call('schedule-set', `${L}/device/defence/plan/set`, true, 'setting', [
    serial,
    optChannel,
    v('startTime', false),
    v('stopTime', false),
    v('period', false),
    v('enable', false),
  ]),
  // 5.3: the infrared (night vision) light.
  'infrared-get': call('infrared-get', `${L}/device/infrared/switch/get`, false, 'setting', [serial, optChannel]),
  'infrared-set': call('infrared-set', `${L}/device/infrared/switch/set`, true, 'setting', [
    serial,
    v('enable', true),
    optChannel,
  ]),
  // section 6
  'firmware-version': call('firmware-version', `${L}/device/version/info`, false, 'firmware', [serial]),
  'firmware-upgrade': call('firmware-upgrade', `${L}/device/upgrade`, false, 'firmware', [serial], false),
  'firmware-status': call('firmware-status', `${L}/device/upgrade/status`, false, 'firmware', [serial]),
});

export const SETTINGS: Readonly<Record<SettingName, SettingSpec>> = Object.freeze({
  sensitivity: {
    name: 'sensitivity',
    get: 'sensitivity-get',
    set: 'sensitivity-set',
    capacity: 'support_sensibility_adjust',
    region: 'china',
    already: [],
  },
  schedule: {
    name: 'schedule',
    get: 'schedule-get',
    set: 'schedule-set',
    capacity: 'support_defenceplan',
    region: 'both',
    already: [],
  },
  infrared: {
    name: 'infrared',
    get: 'infrared-get',
    set: 'infrared-set',
    capacity: 'support_close_infrared_light',
    region: 'international',
    already: ['60022'],
  },
});

/** A setting's name as a message or a setting gives it (any case, `_` or blank as `-`). */
export function settingOf(raw: unknown): SettingName | undefined {
  return nameOf(SETTING_NAMES, raw);
}

export const FIRMWARE_ACTIONS = ['check', 'upgrade'] as const;
export type FirmwareAction = (typeof FIRMWARE_ACTIONS)[number];

/** ezviz-firmware `action`: check or upgrade (any case). */
export function firmwareActionOf(raw: unknown): FirmwareAction | undefined {
  return nameOf(FIRMWARE_ACTIONS, raw);
}

/** Longest text or JSON a setting's value may be (a schedule is about 100 characters). */
export const MAX_VALUE_LENGTH = 1000;

/** A setting's value as a message gives it, kept for the service to check against the setting:
 * a number, a boolean, a text, or an object (a schedule) as its JSON text. */
export function rawSettingValue(raw: unknown): string | number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'boolean') return String(raw);
  if (typeof raw === 'string') return raw.trim().length <= MAX_VALUE_LENGTH ? raw.trim() : undefined;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  let s: string | undefined;
  try {
    s = JSON.stringify(raw);
  } catch {
    return undefined;
  }
  return s !== undefined && s.length <= MAX_VALUE_LENGTH ? s : undefined;
}

/** ezviz-setting's and ezviz-firmware's own parameter kinds (undefined for any other kind, or a bad value). */
export function parseUpkeepParam(kind: string, raw: unknown): string | number | undefined {
  if (kind === 'setting') return settingOf(raw);
  if (kind === 'settingValue') return rawSettingValue(raw);
  return kind === 'firmwareAction' ? firmwareActionOf(raw) : undefined;
}

/** The two nodes of docs/behaviour.md section 20: their parameters; their calls are UPKEEP_CALLS. */
export const UPKEEP_NODES: Readonly<Record<UpkeepNodeName, OperationSpec>> = Object.freeze({
  setting: {
    operation: 'setting',
    type: 'ezviz-setting',
    path: UPKEEP_CALLS['sensitivity-get'].path,
    section: 'setting',
    idempotent: true,
    cameraQueue: false,
    params: [
      serial,
      optChannel,
      p('setting', 'setting', true, { sent: false }),
      p('value', 'settingValue', false, { sent: false }),
    ],
  },
  firmware: {
    operation: 'firmware',
    type: 'ezviz-firmware',
    path: UPKEEP_CALLS['firmware-version'].path,
    section: 'firmware',
    idempotent: false,
    cameraQueue: false,
    params: [serial, p('action', 'firmwareAction', false, { sent: false })],
    options: [{ name: 'progress', kind: 'boolean', default: false }],
  },
});
