// Pure parameter parsing: one raw value (from a node property or msg.payload) -> the value sent
// to the API, or a reason why it is refused. Shared by the runtime and the editor bundles, so
// this file must stay free of Node.js imports. Messages are catalog keys (`validation.<reason>`)
// with their arguments; the runtime translates them.

import { DIRECTIONS, IMMEDIATELY, MIRROR_COMMANDS, SPEEDS } from '../operations/enums';
import { MAX_LIFETIME_S, parseLiveParam } from '../operations/live';
import { integerIn, numberOrName } from '../operations/numbers';
import { parseRecordParam } from '../operations/recordings';
import { parseClipParam } from '../operations/clips';
import type { ParamName, ParamSpec } from '../operations/operations';
import { switchParam } from '../operations/switches';
import { parseUpkeepParam } from '../operations/settings';
import { MAX_DETECTOR_NAME, parseHubParam } from '../operations/hub';
import { parseSirenParam } from '../operations/siren';

/** Upper bound of ptz-start `duration` (ms): ten minutes. 0 means "until a stop". */
export const MAX_DURATION_MS = 600000;
/** Preset numbers: 1..12 on most models (docs/api/open-api.md section 2.2); some models have more, so up to 256. */
export const MAX_PRESET_INDEX = 256;
export const MAX_CHANNEL = 256;
export const MAX_PRESET_NAME_LENGTH = 64;

export type ParamValue = string | number;

export type Reason =
  | 'missing' // required and empty
  | 'serial' // not 1..64 letters/digits
  | 'channel'
  | 'direction'
  | 'speed'
  | 'mirror'
  | 'index'
  | 'presetName'
  | 'cardPassword'
  | 'phone'
  | 'immediately'
  | 'duration'
  | 'switch'
  | 'switchState'
  | 'protocol'
  | 'quality'
  | 'lifetime'
  | 'source'
  | 'playbackTime'
  | 'recordSource'
  | 'recordTime'
  | 'clipSource'
  | 'clipAround'
  | 'clipSeconds'
  | 'clipBytes'
  | 'clipTimeout'
  | 'clipWait'
  | 'clipFormat'
  | 'verificationCode'
  | 'setting'
  | 'settingValue'
  | 'firmwareAction'
  | 'hubAction'
  | 'hubMode'
  | 'onOff'
  | 'detectorName'
  | 'sirenAction'
  | 'tone'
  | 'volume';

export type ParseResult = { ok: true; value: ParamValue | undefined } | { ok: false; reason: Reason };

/** Empty means "not given": undefined, null and strings of blanks. */
export function isEmpty(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

const isDirection = (n: number) => (n >= 0 && n <= 11) || n === 16;
const text = (raw: unknown): string =>
  typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';

/** The kinds given as text: each raw value -> the text sent, or undefined when it is refused. */
const TEXT_KINDS: Readonly<Record<string, (raw: unknown) => string | undefined>> = Object.freeze({
  serial: (raw: unknown) => {
    const s =
      typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0
        ? String(raw)
        : typeof raw === 'string'
          ? raw.trim()
          : '';
    return /^[A-Za-z0-9]{1,64}$/.test(s) ? s.toUpperCase() : undefined;
  },
  presetName: (raw: unknown) => {
    const s = text(raw);
    return s.length >= 1 && s.length <= MAX_PRESET_NAME_LENGTH ? s : undefined;
  },
  cardPassword: (raw: unknown) => {
    const s = text(raw);
    return s.length >= 1 && s.length <= 128 && !/[\s]/.test(s) ? s : undefined;
  },
  phone: (raw: unknown) => {
    const s = text(raw);
    return /^\+?\d{5,20}$/.test(s) ? s : undefined;
  },
});

/** Parses one value for `spec`; empty values give `{ok: true, value: undefined}` unless required. */
export function parseParam(spec: ParamSpec, raw: unknown): ParseResult {
  if (isEmpty(raw)) return spec.required ? { ok: false, reason: 'missing' } : { ok: true, value: undefined };
  let v: ParamValue | undefined;
  if (Object.prototype.hasOwnProperty.call(TEXT_KINDS, spec.kind)) v = TEXT_KINDS[spec.kind](raw);
  else
    switch (spec.kind) {
      case 'channel':
        v = integerIn(raw, 1, MAX_CHANNEL);
        break;
      case 'index':
        v = integerIn(raw, 1, MAX_PRESET_INDEX);
        break;
      case 'direction':
        v = numberOrName(raw, DIRECTIONS, isDirection);
        break;
      case 'speed':
        v = numberOrName(raw, SPEEDS, (n) => n >= 0 && n <= 2);
        break;
      case 'mirror':
        v = numberOrName(raw, MIRROR_COMMANDS, (n) => n >= 0 && n <= 2);
        break;
      case 'immediately':
        if (raw === true || raw === false) v = raw ? 1 : 0;
        else if (typeof raw === 'string' && /^(true|false)$/i.test(raw.trim())) v = /^true$/i.test(raw.trim()) ? 1 : 0;
        else v = numberOrName(raw, IMMEDIATELY, (n) => n === 0 || n === 1);
        break;
      case 'duration':
        v = integerIn(raw, 0, MAX_DURATION_MS);
        break;
      case 'switch':
      case 'switchState':
      case 'verificationCode':
        v = switchParam(spec.kind, raw);
        break;
      default:
        v =
          parseUpkeepParam(spec.kind, raw) ??
          parseRecordParam(spec.kind, raw) ??
          parseClipParam(spec.kind, raw) ??
          parseLiveParam(spec.kind, raw) ??
          parseHubParam(spec.kind, raw) ??
          parseSirenParam(spec.kind, raw);
    }
  return v === undefined
    ? { ok: false, reason: spec.kind === 'serial' ? 'serial' : (spec.kind as Reason) }
    : { ok: true, value: v };
}

/** Keys whose values are secrets wherever they appear (docs/behaviour.md section 5). */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'cardPassword',
  'accessToken',
  'appSecret',
  'verificationCode',
  'validateCode',
]);

/** What a secret is replaced by in `msg.ezviz.input`. */
export const REDACTED = '***';

/** How a bad value is shown in a validation message: quoted and cut short; secrets never. */
export function describeValue(spec: ParamSpec, raw: unknown): string {
  if (spec.secret) return '(hidden)';
  if (isEmpty(raw)) return raw === undefined ? '(empty)' : JSON.stringify(raw);
  let s: string;
  if (typeof raw === 'string') s = JSON.stringify(raw);
  else if (typeof raw === 'number' || typeof raw === 'boolean') s = String(raw);
  else {
    try {
      // Secrets inside an object (e.g. msg.payload read whole) are never shown.
      s = JSON.stringify(raw, (k, v) => (SECRET_KEYS.has(k) ? '(hidden)' : v)) ?? typeof raw;
    } catch {
      s = typeof raw;
    }
  }
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

/** Catalog args of the validation message for `spec` and its bad raw value. */
export function validationArgs(spec: ParamSpec, raw: unknown): { param: ParamName; value: string; max: number } {
  const max =
    spec.kind === 'duration'
      ? MAX_DURATION_MS
      : spec.kind === 'index'
        ? MAX_PRESET_INDEX
        : spec.kind === 'lifetime'
          ? MAX_LIFETIME_S
          : spec.kind === 'channel'
            ? MAX_CHANNEL
            : spec.kind === 'detectorName'
              ? MAX_DETECTOR_NAME
              : MAX_PRESET_NAME_LENGTH;
  return { param: spec.name, value: describeValue(spec, raw), max };
}
