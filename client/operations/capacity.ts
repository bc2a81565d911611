// What a device says it can do (`/api/lapp/device/capacity`, docs/api/more-api.md) and what that
// means for an operation dialog: hints, never refusals (the capacity data can be wrong,
// docs/behaviour.md section 10). Pure: shared by the runtime (reading replies) and the editor (hints).

import { DIRECTIONS, MIRROR_COMMANDS } from './enums';
import { LIVE_SOURCES } from './live';
import type { OperationSpec } from './operations';
import { SETTINGS, settingOf } from './settings';
import { SWITCHES, switchOf } from './switches';

/** The flags the package reads; values are the strings "0"/"1", an absent flag means "not supported". */
export const CAPACITY_FLAGS = [
  'support_ptz',
  'ptz_top_bottom',
  'ptz_left_right',
  'ptz_45',
  'ptz_zoom',
  'ptz_focus',
  'ptz_preset',
  'ptz_common_cruise',
  'ptz_center_mirror',
  'ptz_left_right_mirror',
  'ptz_top_bottom_mirror',
  'support_capture',
  'support_cloud',
  'support_cloud_version',
  'support_defence',
  'support_privacy',
  // switches (docs/behaviour.md section 12; flag names from public clients' capacity replies)
  'support_audio_onoff',
  'support_fullday_record',
  'support_intelligent_track',
  'support_encrypt',
  'support_alarm_voice',
  // a speaker for ezviz-voice (media-api section 3): 0 none, 1 full duplex, 3 half duplex
  'support_talk',
  // settings and firmware (docs/behaviour.md section 20, media-api sections 5 and 6)
  'support_sensibility_adjust',
  'support_defenceplan',
  'support_close_infrared_light',
  'support_upgrade',
] as const;

export type CapacityFlag = (typeof CAPACITY_FLAGS)[number];

/** Known flags of one device: true supported, false not (absent or "0"). */
export type Capacity = Record<CapacityFlag, boolean>;

/**
 * Reads `data` of a capacity reply. Only the known flags are kept; "1" (or 1) is supported,
 * anything else (absent, "0", another type) is not. Undefined when `data` is not an object.
 */
export function readCapacity(data: unknown): Capacity | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Record<string, unknown>;
  const out = {} as Capacity;
  for (const f of CAPACITY_FLAGS) out[f] = d[f] === '1' || d[f] === 1;
  out.support_talk = ['1', '3', 1, 3].some((x) => x === d.support_talk); // 3: half duplex, still a speaker
  // support_defenceplan 2: the new plan protocol (the plan call may be refused: the hint of 60020 says so)
  out.support_defenceplan = out.support_defenceplan || d.support_defenceplan === '2' || d.support_defenceplan === 2;
  return out;
}

/** One hint of the dialog: a key under `editor.capacity.` of the shared catalog. */
export interface CapacityHint {
  key: string;
  args?: Record<string, string>;
}

/** Which flag a direction (its API number) needs besides support_ptz. */
export function directionFlag(direction: number): CapacityFlag | undefined {
  if (direction === 0 || direction === 1) return 'ptz_top_bottom';
  if (direction === 2 || direction === 3) return 'ptz_left_right';
  if (direction >= 4 && direction <= 7) return 'ptz_45';
  if (direction === 8 || direction === 9) return 'ptz_zoom';
  if (direction === 10 || direction === 11) return 'ptz_focus';
  return undefined;
}

const MIRROR_FLAGS: Record<number, CapacityFlag> = {
  0: 'ptz_top_bottom_mirror',
  1: 'ptz_left_right_mirror',
  2: 'ptz_center_mirror',
};

/** The API number of a direction or mirror value as a dialog holds it (name or number), or undefined. */
function numberOf(table: Readonly<Record<string, number>>, value: unknown): number | undefined {
  const v = String(value ?? '')
    .trim()
    .toLowerCase();
  if (v === '') return undefined;
  if (Object.prototype.hasOwnProperty.call(table, v)) return table[v];
  return /^\d+$/.test(v) ? Number(v) : undefined;
}

/** Names of the directions the device reports as unsupported (in DIRECTIONS order). */
export function unsupportedDirections(c: Capacity): string[] {
  return Object.keys(DIRECTIONS).filter((name) => {
    const flag = directionFlag(DIRECTIONS[name]);
    return !c.support_ptz || (flag !== undefined && !c[flag]);
  });
}

/**
 * Hints for an operation on a device with capacity `c`, given the literal values of the dialog
 * (`direction`, `command`; others are ignored). The first hint says what the device lacks for the
 * operation as a whole; further ones concern the chosen value.
 */
export function capacityHints(
  c: Capacity,
  operation: OperationSpec['operation'],
  values: { direction?: unknown; command?: unknown; switch?: unknown; source?: unknown; setting?: unknown },
): CapacityHint[] {
  const hints: CapacityHint[] = [];
  switch (operation) {
    case 'ptz-start':
    case 'ptz-stop': {
      if (!c.support_ptz) {
        hints.push({ key: 'noPtz' });
        break;
      }
      const lacking = unsupportedDirections(c);
      if (lacking.length) hints.push({ key: 'directions', args: { list: lacking.join(', ') } });
      const d = numberOf(DIRECTIONS, values.direction);
      const flag = d === undefined ? undefined : directionFlag(d);
      if (flag && !c[flag]) hints.push({ key: `direction.${flag}`, args: { direction: String(values.direction) } });
      break;
    }
    case 'ptz-mirror': {
      const lacking = Object.keys(MIRROR_COMMANDS).filter((n) => !c[MIRROR_FLAGS[MIRROR_COMMANDS[n]]]);
      if (lacking.length === Object.keys(MIRROR_COMMANDS).length) {
        hints.push({ key: 'noMirror' });
        break;
      }
      if (lacking.length) hints.push({ key: 'mirrors', args: { list: lacking.join(', ') } });
      const m = numberOf(MIRROR_COMMANDS, values.command);
      const flag = m === undefined ? undefined : MIRROR_FLAGS[m];
      if (flag && !c[flag]) hints.push({ key: 'mirror', args: { command: String(values.command) } });
      break;
    }
    case 'preset-add':
    case 'preset-call':
    case 'preset-clear':
      if (!c.ptz_preset) hints.push({ key: 'noPresets' });
      break;
    case 'storage-open':
    case 'storage-info':
      if (!c.support_cloud) hints.push({ key: 'noCloud' });
      break;
    case 'live': {
      // Live view needs nothing special; playback needs where it plays from (docs/behaviour.md section 13).
      const source = numberOf(LIVE_SOURCES, values.source);
      if (source === LIVE_SOURCES['sd-card']) hints.push({ key: 'liveSdCard' });
      if (source === LIVE_SOURCES.cloud && !c.support_cloud) hints.push({ key: 'liveNoCloud' });
      break;
    }
    case 'voice':
      // A camera without a speaker answers 20015 (docs/behaviour.md section 19): marked, never refused.
      if (!c.support_talk) hints.push({ key: 'noTalk' });
      break;
    case 'switch': {
      // A switch whose flag the device does not report is marked, never refused (s10, s12).
      const name = switchOf(values.switch);
      const flag = name && (SWITCHES[name].capacity as CapacityFlag | undefined);
      if (name && flag && !c[flag]) hints.push({ key: 'noSwitch', args: { switch: name } });
      break;
    }
    default:
      if (operation === 'setting' || operation === 'firmware') hints.push(...upkeepHints(c, operation, values.setting));
  }
  return hints;
}

/** ezviz-setting: the setting's flag, and the region that offers it (media-api section 5);
 * ezviz-firmware: support_upgrade. */
function upkeepHints(c: Capacity, operation: 'setting' | 'firmware', setting: unknown): CapacityHint[] {
  if (operation === 'firmware') return c.support_upgrade ? [] : [{ key: 'noUpgrade' }];
  const name = settingOf(setting);
  if (!name) return [];
  const spec = SETTINGS[name];
  return [
    ...(c[spec.capacity as CapacityFlag] ? [] : [{ key: 'noSetting', args: { setting: name } }]),
    ...(spec.region === 'both' ? [] : [{ key: `settingRegion.${spec.region}`, args: { setting: name } }]),
  ];
}

/** A short summary of what the device supports, for the dialog (catalog keys under `editor.capacity.has.`). */
export function capacitySummary(c: Capacity): string[] {
  const out: string[] = [];
  if (c.support_ptz) out.push('ptz');
  if (c.support_ptz && c.ptz_zoom) out.push('zoom');
  if (c.support_ptz && c.ptz_focus) out.push('focus');
  if (c.ptz_preset) out.push('presets');
  if (c.ptz_center_mirror || c.ptz_left_right_mirror || c.ptz_top_bottom_mirror) out.push('mirror');
  if (c.support_cloud) out.push('cloud');
  if (c.support_capture) out.push('capture');
  if (c.support_talk) out.push('talk');
  return out;
}
