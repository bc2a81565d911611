// Pure checks of the values typed into the edit dialogs. No RED, no DOM. The parsing itself is
// the runtime's (client/params/parse.ts, client/config/settings.ts), so the dialog
// accepts exactly what the node accepts. Reasons are catalog keys of the shared catalog with their
// arguments; the runtime's `validation.*` and `errors.*` messages are reused, `editor.invalid.*`
// holds the editor's own.
// A literal (str, num or one of the select types) is parsed as the runtime parses it;
// msg/flow/global/env values only need a path. An empty literal is valid: the node then takes
// msg.payload.<name> (or leaves an optional parameter out).
import type { ParamSpec } from '../client/operations/operations';
import { parseParam, validationArgs } from '../client/params/parse';
import { intSetting, LIMITS, normaliseBase } from '../client/config/settings';

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
 * Value kept in the (non-secret) property of a secret parameter whose credential was entered:
 * a copy of the node (paste, import, export) carries the marker but never the credential, so the
 * editor can tell "credential lost in the copy" (invalid) from "left empty: msg.payload" (valid).
 * The runtime reads a `cred` parameter from the credentials only, never from this property.
 */
export const CREDENTIAL_SET = '(credential)';

/** Whether a secret parameter is in the node's credentials (stored, or typed in this editor). */
export function hasCredential(credentials: Record<string, unknown> | undefined, name: string): boolean {
  if (!credentials) return false;
  const v = credentials[name];
  return credentials[`has_${name}`] === true || (typeof v === 'string' && v !== '' && v !== STORED_SECRET);
}

/**
 * Check of a secret parameter of type `cred`: `stored` is the node's property (the marker when a
 * credential was entered), `value` what the field or property holds now.
 */
export function checkCredential(spec: ParamSpec, value: string, stored: string, has: boolean): Problem | null {
  const v = value == null ? '' : String(value);
  const lost = stored === CREDENTIAL_SET && !has;
  if (v === CREDENTIAL_SET || (v.trim() === '' && lost))
    return lost ? { key: 'editor.invalid.credentialNotCopied' } : null;
  return checkParam(spec, 'cred', v);
}

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

/** The camera an ezviz-stream node serves (its dialog's `deviceSerial` and `channelNo`) when it is
 * not the camera panel's own (`serial` and `channel` as typed in the panel's dialog): the panel's
 * live view would show another camera than its pad, presets and switches act on. `SERIAL/channel`,
 * or undefined when they agree or a serial is not set yet. */
export function otherStreamCamera(
  stream: { deviceSerial?: unknown; channelNo?: unknown } | null | undefined,
  serial: unknown,
  channel: unknown,
): string | undefined {
  const theirs = String(stream?.deviceSerial ?? '').trim();
  const ours = String(serial ?? '').trim();
  if (!theirs || !ours) return undefined;
  const no = (v: unknown): number => {
    const n = Number(String(v ?? '').trim() || 1);
    return Number.isInteger(n) && n > 0 ? n : 1;
  };
  const ch = no(stream?.channelNo);
  return theirs === ours && ch === no(channel) ? undefined : `${theirs}/${ch}`;
}
