// The alarm hub's rows (docs/behaviour.md section 24, docs/api/hub-api.md section 1): the node ezviz-hub,
// its four actions and the call of each, the parameters' own kinds and the rule between them. The
// detector list answers in two shapes (`result.data` or `data`: the call's `envelope`); an arm
// that finds the detector already so (60022) is a success with `changed: false`. Pure data: the
// editor bundles it.

import { nameKey, nameOf, valueOfName } from './numbers';
import { p, serial } from './operations';
import type { CallSpec, GuardCallName, OperationSpec, ParamName } from './operations';

export const HUB_ACTIONS = ['list', 'arm', 'clear', 'rename'] as const;
export type HubAction = (typeof HUB_ACTIONS)[number];

/** The hub's security modes by name, with the API's `safeMode` (0 home, 1 away, 2 sleep). */
export const HUB_MODES: Readonly<Record<'home' | 'away' | 'sleep', number>> = Object.freeze({
  home: 0,
  away: 1,
  sleep: 2,
});
export type HubMode = keyof typeof HUB_MODES;

/** On and off as people write them, with the value sent (`enable`). */
export const ON_OFF: Readonly<Record<'on' | 'off', number>> = Object.freeze({ on: 1, off: 0 });

/** The longest detector name the API takes ("fewer than 50 characters"). */
export const MAX_DETECTOR_NAME = 49;

/** Reply codes of an arm meaning "already so" (docs/api/hub-api.md section 1). */
export const HUB_ALREADY: readonly string[] = Object.freeze(['60022']);

/** ezviz-hub `action` (any case). */
export function hubActionOf(raw: unknown): HubAction | undefined {
  return nameOf(HUB_ACTIONS, raw);
}

/** A mode's `safeMode`: a name (any case) or the number itself. */
export function hubModeOf(raw: unknown): number | undefined {
  const named = valueOfName(HUB_MODES, raw);
  if (named !== undefined) return named;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d\s*$/.test(raw) ? Number(raw) : NaN;
  return n === 0 || n === 1 || n === 2 ? n : undefined;
}

/** The name of a `safeMode` value. */
export function hubModeName(n: number): HubMode | undefined {
  return (Object.keys(HUB_MODES) as HubMode[]).find((k) => HUB_MODES[k] === n);
}

/** On (1) or off (0): on/off, true/false, yes/no, 1/0. */
export function onOffOf(raw: unknown): number | undefined {
  if (raw === true || raw === 1) return 1;
  if (raw === false || raw === 0) return 0;
  const s = nameKey(raw);
  if (['on', 'true', 'yes', '1'].includes(s)) return 1;
  return ['off', 'false', 'no', '0'].includes(s) ? 0 : undefined;
}

/** A detector's new name: 1..49 letters (any script), digits, blanks and - _ . ( ); the API
 * refuses "special characters" without listing them (docs/api/hub-api.md section 1). */
export function detectorNameOf(raw: unknown): string | undefined {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (s.length < 1 || [...s].length > MAX_DETECTOR_NAME) return undefined;
  return /^[\p{L}\p{N} ._()-]+$/u.test(s) ? s : undefined;
}

/** ezviz-hub's own parameter kinds (undefined for any other kind, or a bad value). */
export function parseHubParam(kind: string, raw: unknown): string | number | undefined {
  if (kind === 'hubAction') return hubActionOf(raw);
  if (kind === 'hubMode') return hubModeOf(raw);
  if (kind === 'onOff') return onOffOf(raw);
  return kind === 'detectorName' ? detectorNameOf(raw) : undefined;
}

const L = '/api/lapp/detector';
const detector = p('detectorSerial', 'serial', true);
const write = (operation: GuardCallName, path: string, params: CallSpec['params']): CallSpec =>
  Object.freeze({ operation, path, section: 'hub', idempotent: true, cameraQueue: true, queueBy: 'device', params });

/** The hub's calls. The list is a read; arming, clearing and renaming leave the same state when
 * sent twice (retried), one at a time per hub in the camera queue. */
export const HUB_CALLS: Readonly<Record<'list' | 'arm' | 'clear' | 'rename', CallSpec>> = Object.freeze({
  list: Object.freeze({
    operation: 'detector-list',
    path: `${L}/list`,
    section: 'hub',
    idempotent: true,
    cameraQueue: false,
    envelope: 'result',
    params: [serial],
  }),
  arm: write('detector-arm', `${L}/status/set`, [
    serial,
    detector,
    p('mode', 'hubMode', true, { apiName: 'safeMode' }),
    p('armed', 'onOff', true, { apiName: 'enable' }),
  ]),
  clear: write('detector-clear', `${L}/cancelAlarm`, [serial]),
  rename: write('detector-rename', `${L}/name/change`, [
    serial,
    detector,
    p('detectorName', 'detectorName', true, { apiName: 'newName' }),
  ]),
});

/** What an action needs besides the hub's serial: its call's required parameters. */
function needs(action: HubAction): ParamName[] {
  return HUB_CALLS[action].params.filter((x) => x.required && x.name !== 'deviceSerial').map((x) => x.name);
}

/** The node's row: the hub, the action (list by default) and what arm and rename take. */
export const HUB_NODE: Readonly<OperationSpec> = Object.freeze({
  operation: 'hub',
  type: 'ezviz-hub',
  path: HUB_CALLS.list.path,
  section: 'hub',
  idempotent: true,
  cameraQueue: false,
  params: [
    serial,
    p('action', 'hubAction', false, { sent: false }),
    p('detectorSerial', 'serial', false),
    p('mode', 'hubMode', false, { apiName: 'safeMode' }),
    p('armed', 'onOff', false, { apiName: 'enable' }),
    p('detectorName', 'detectorName', false, { apiName: 'newName' }),
  ],
  refine: (fields, values) => {
    const action = hubActionOf(values.action) ?? 'list';
    const missing = needs(action).find((name) => values[name] === undefined);
    return missing ? { param: missing, reason: 'missing' } : undefined;
  },
} satisfies OperationSpec);
