// Pure checks of the values typed into the edit dialogs. No RED, no DOM. The parsing itself is
// the runtime's (../params.ts, ../settings.ts), so the dialog accepts exactly what the node
// accepts. Reasons are catalog keys of the shared catalog with their arguments; the runtime's
// `validation.*` and `errors.*` messages are reused, `editor.invalid.*` holds the editor's own.
// A literal (str, num or one of the select types) is parsed as the runtime parses it;
// msg/flow/global/env values only need a path. An empty literal is valid: the node then takes
// msg.payload.<name> (or leaves an optional parameter out).
import type { ParamSpec } from '../operations';
import { parseParam, validationArgs } from '../params';
import { intSetting, LIMITS, normaliseBase } from '../settings';

export interface Problem {
  /** Key in the shared catalog. */
  key: string;
  args?: Record<string, string | number>;
}

/** TypedInput types whose value is a reference (a path or a variable name), not a literal. */
export const REFERENCE_TYPES: readonly string[] = ['msg', 'flow', 'global', 'env'];

/** Marker Node-RED puts in a password field whose secret is stored but not shown. */
export const STORED_SECRET = '__PWRD__';

/**
 * Check one parameter value as the dialog holds it: `type` is its TypedInput type.
 * Returns null when valid, otherwise the reason.
 */
export function checkParam(spec: ParamSpec, type: string, value: string): Problem | null {
  const v = value == null ? '' : String(value);
  if (REFERENCE_TYPES.includes(type)) {
    return v.trim() === '' ? { key: 'editor.invalid.path', args: { param: spec.name, type } } : null;
  }
  if (v.trim() === '' || v === STORED_SECRET) return null;
  const parsed = parseParam({ ...spec, required: false }, v);
  if (parsed.ok) return null;
  const args = validationArgs(spec, v);
  return { key: `validation.${parsed.reason}`, args: { param: args.param, value: args.value, max: args.max } };
}

/** The config node's base URL: http(s) with a host, no user info, query or fragment, as the runtime wants it. */
export function checkBaseUrl(value: string): Problem | null {
  return normaliseBase(value == null ? '' : String(value)) === undefined ? { key: 'errors.baseUrl' } : null;
}

/** A numeric setting of the config node within the runtime's limits (empty: the default). */
export function checkSetting(name: keyof typeof LIMITS, value: string | number): Problem | null {
  const [min, max] = LIMITS[name];
  return intSetting(value, min, LIMITS[name]) === undefined
    ? { key: 'errors.setting', args: { name, min, max } }
    : null;
}
