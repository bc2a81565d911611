// How each operation parameter looks in a dialog: TypedInput types, select options with the
// friendly names of enums.ts, defaults, icons, validators. Derived from the ParamSpec rows of
// the OPERATIONS table; no per-node code. The selects of friendly names: editor/param-selects.ts.
import type { ParamKind, ParamSpec } from '../client/operations/operations';
import { paramDefault } from '../client/params/defaults';
import { checkCredential, checkParam, hasCredential, REFERENCE_TYPES } from './checks';
import { optionLabel, SELECT_TYPES } from './param-selects';
import { t, validator, type NodeInstance, type Validator } from './red';

const ICONS: Record<ParamKind, string> = {
  serial: 'fa-video-camera',
  channel: 'fa-sitemap',
  direction: 'fa-arrows',
  speed: 'fa-tachometer',
  mirror: 'fa-exchange',
  index: 'fa-hashtag',
  presetName: 'fa-bookmark',
  cardPassword: 'fa-key',
  phone: 'fa-phone',
  immediately: 'fa-bolt',
  duration: 'fa-clock-o',
  switch: 'fa-toggle-on',
  switchState: 'fa-power-off',
  protocol: 'fa-film',
  quality: 'fa-television',
  lifetime: 'fa-hourglass-half',
  source: 'fa-history',
  playbackTime: 'fa-calendar',
  recordSource: 'fa-hdd-o',
  recordTime: 'fa-calendar',
  clipSource: 'fa-hdd-o',
  clipAround: 'fa-arrows-h',
  clipSeconds: 'fa-clock-o',
  clipBytes: 'fa-database',
  clipTimeout: 'fa-hourglass-end',
  clipWait: 'fa-hourglass-half',
  clipFormat: 'fa-file-video-o',
  verificationCode: 'fa-key',
  setting: 'fa-sliders',
  settingValue: 'fa-pencil',
  firmwareAction: 'fa-microchip',
  hubAction: 'fa-list',
  hubMode: 'fa-home',
  onOff: 'fa-shield',
  detectorName: 'fa-tag',
  sirenAction: 'fa-bullhorn',
  tone: 'fa-bell',
  volume: 'fa-volume-up',
};

export const paramIcon = (kind: ParamKind): string => ICONS[kind];

// The value and type a new node starts with: client/params/defaults.ts (the runtime reads a
// type missing from a flow as this default too).
export { paramDefault, type ParamDefault } from '../client/params/defaults';

/** TypedInput type names offered for a parameter, in menu order. */
export function typeNames(p: ParamSpec): string[] {
  if (p.secret) return ['cred', ...REFERENCE_TYPES];
  const select = SELECT_TYPES[p.kind];
  return [...(select ? [select.type] : []), 'str', 'num', ...REFERENCE_TYPES];
}

type TypeDef = {
  value: string;
  label?: string;
  icon?: string;
  options?: Array<{ value: string; label: string }>;
  validate?: (v: string) => boolean | string;
};

function reason(p: ParamSpec, type: string, value: string): true | string {
  const problem = checkParam(p, type, value);
  return problem ? t(problem.key, problem.args) : true;
}

/**
 * TypedInput type definitions for a parameter. str, num and the select types carry their own
 * validate so the field shows the translated reason while typing; msg/flow/global/env/cred are
 * Node-RED's own types.
 */
export function typedInputTypes(p: ParamSpec): Array<string | TypeDef> {
  return typeNames(p).map((name): string | TypeDef => {
    const select = SELECT_TYPES[p.kind];
    if (select && name === select.type) {
      const names = Object.keys(select.table);
      return {
        value: name,
        label: t(`editor.types.${name}`),
        icon: 'fa fa-list',
        options: [
          { value: '', label: t('params.fromPayload', { name: p.name }) },
          ...names.map((n) => ({ value: n, label: optionLabel(p.kind, n) })),
        ],
        validate: (v) => reason(p, name, v),
      };
    }
    if (name === 'str' || name === 'num') {
      return {
        value: name,
        label: t(`editor.types.${name}`),
        icon: name === 'str' ? 'red/images/typedInput/az.svg' : 'red/images/typedInput/09.svg',
        validate: (v) => reason(p, name, v),
      };
    }
    return name;
  });
}

/** Id of the node whose dialog is open: only its validators may read the dialog's fields. */
let editingId: string | null = null;
export function setEditing(id: string | null): void {
  editingId = id;
}

/** The parameter's TypedInput type: the open dialog's field, else the stored property. */
export function currentType(node: NodeInstance, p: ParamSpec): string {
  const field = node && node.id === editingId ? $(`#node-input-${p.name}Type`) : null;
  if (field && field.length) return String(field.val() || '');
  return String((node && node[`${p.name}Type`]) || paramDefault(p).type);
}

/**
 * Whether the node is in the flow last deployed (or loaded): its credentials are then on the
 * server, which the editor only asks for when the dialog opens. A pasted or imported copy is not.
 */
function deployed(id: unknown): boolean {
  try {
    const flow = (RED.nodes as unknown as { originalFlow?: () => Array<{ id?: string }> | null }).originalFlow?.();
    return Array.isArray(flow) && flow.some((n) => n && n.id === id);
  } catch {
    return true; // unknown: do not accuse the node
  }
}

/** Validator of the value property `P`. */
export function valueValidator(p: ParamSpec): Validator {
  return validator(function (value) {
    const type = currentType(this, p);
    if (p.secret && type === 'cred') {
      const has = hasCredential(this?.credentials, p.name) || (!this?.credentials && deployed(this?.id));
      const problem = checkCredential(p, value, String((this && this[p.name]) ?? ''), has);
      return problem ? t(problem.key, problem.args) : true;
    }
    return reason(p, type, value);
  });
}

/**
 * Validator of the type property `PType`. A type missing from a flow (one saved before the node had
 * the parameter) is the default, as currentType and the runtime read it (docs/behaviour.md section 4).
 */
export function typeValidator(p: ParamSpec): Validator {
  const allowed = typeNames(p);
  return validator((value) =>
    value === '' || allowed.includes(value) ? true : t('editor.invalid.type', { param: p.name, type: value }),
  );
}

/** Placeholder of the value field for its current type (which default an empty field means). */
export function placeholderFor(p: ParamSpec, type: string): string {
  if (type === 'msg') return `payload.${p.name}`;
  if (REFERENCE_TYPES.includes(type)) return '';
  return t(p.required || p.name === 'index' ? 'params.emptyRequired' : 'params.emptyOptional', { name: p.name });
}
