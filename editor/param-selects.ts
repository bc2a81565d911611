// The parameters whose values have friendly names (enums.ts and the other tables of
// client/operations/): each is a custom TypedInput type offering them as a select, stored by name.
// The names shown, a stored value fitted to the select, the short text of a node's label.
import type { ParamKind, ParamSpec } from '../client/operations/operations';
import { DIRECTIONS, IMMEDIATELY, MIRROR_COMMANDS, SPEEDS } from '../client/operations/enums';
import { STATE_WORDS, SWITCH_NAMES } from '../client/operations/switches';
import { LIVE_PROTOCOLS, LIVE_QUALITIES, LIVE_SOURCES } from '../client/operations/live';
import { RECORD_SOURCES } from '../client/operations/recordings';
import { CLIP_FORMATS } from '../client/operations/clips';
import type { ParamDefault } from '../client/params/defaults';
import { FIRMWARE_ACTIONS, SETTING_NAMES } from '../client/operations/settings';
import { HUB_ACTIONS, HUB_MODES, ON_OFF } from '../client/operations/hub';
import { SIREN_ACTIONS, TONES } from '../client/operations/siren';
import { t } from './red';

/** Custom TypedInput types that offer the friendly names as a select (value stored: the name). */
export const SELECT_TYPES: Partial<
  Record<ParamKind, { type: string; table: Readonly<Record<string, number>>; numbered?: false }>
> = {
  direction: { type: 'direction', table: DIRECTIONS },
  speed: { type: 'speed', table: SPEEDS },
  mirror: { type: 'mirror', table: MIRROR_COMMANDS },
  immediately: { type: 'immediately', table: IMMEDIATELY },
  // Names without API numbers (shown without one); a stored 1/0 state reads as on/off.
  switch: { type: 'switch', table: Object.fromEntries(SWITCH_NAMES.map((n, i) => [n, -1 - i])), numbered: false },
  switchState: {
    type: 'switchState',
    numbered: false,
    table: Object.fromEntries(STATE_WORDS.map((w, i) => [w, w === 'on' ? 1 : w === 'off' ? 0 : -1 - i])),
  },
  protocol: { type: 'protocol', table: LIVE_PROTOCOLS },
  quality: { type: 'quality', table: LIVE_QUALITIES },
  source: { type: 'source', table: LIVE_SOURCES },
  recordSource: { type: 'recordSource', table: RECORD_SOURCES },
  clipSource: { type: 'clipSource', table: RECORD_SOURCES },
  clipFormat: { type: 'clipFormat', table: CLIP_FORMATS, numbered: false },
  setting: { type: 'setting', table: Object.fromEntries(SETTING_NAMES.map((n, i) => [n, -1 - i])), numbered: false },
  firmwareAction: {
    type: 'firmwareAction',
    table: Object.fromEntries(FIRMWARE_ACTIONS.map((n, i) => [n, -1 - i])),
    numbered: false,
  },
  // ezviz-hub and ezviz-siren
  hubAction: { type: 'hubAction', table: Object.fromEntries(HUB_ACTIONS.map((n, i) => [n, -1 - i])), numbered: false },
  hubMode: { type: 'hubMode', table: HUB_MODES },
  onOff: { type: 'onOff', table: ON_OFF },
  sirenAction: {
    type: 'sirenAction',
    table: Object.fromEntries(SIREN_ACTIONS.map((n, i) => [n, -1 - i])),
    numbered: false,
  },
  tone: { type: 'tone', table: TONES },
};

/** Translated friendly name of an option (`up`, `medium`, ...), with its API number. */
export function optionLabel(kind: ParamKind, name: string): string {
  const select = SELECT_TYPES[kind];
  const label = t(`params.options.${kind}.${name}`);
  return select && select.numbered !== false
    ? t('editor.optionWithNumber', { label, number: select.table[name] })
    : label;
}

/**
 * A stored value shown with a select type must be one of its options, or the select would
 * silently replace it: a number becomes its name, anything else keeps its text as a string.
 */
export function fitSelect(p: ParamSpec, type: string, value: string): ParamDefault {
  const select = SELECT_TYPES[p.kind];
  const v = value.trim();
  if (!select || type !== select.type || v === '') return { value, type };
  const names = Object.keys(select.table);
  const name = names.find((n) => n === v.toLowerCase()) ?? names.find((n) => String(select.table[n]) === v);
  return name ? { value: name, type } : { value, type: 'str' };
}

/** A literal value as a short text for node labels: friendly name for numbers of a select kind. */
export function displayValue(kind: ParamKind, value: string): string {
  const select = SELECT_TYPES[kind];
  if (!select) return value;
  const v = value.trim().toLowerCase();
  const name = Object.prototype.hasOwnProperty.call(select.table, v)
    ? v
    : Object.keys(select.table).find((k) => String(select.table[k]) === v);
  return name ? t(`params.options.${kind}.${name}`) : value;
}
