// Status texts of the operation nodes (docs/behaviour.md section 9): catalog keys of the shared catalog,
// sent as full keys (`<namespace>:status.…`) so that the editor translates them into its own
// language, short (about 24 characters), with the code. Pure: no Node.js imports.

import type { ErrorInfo } from '../../client/errors/errors';
import { hintKey } from '../../client/errors/hints';
import type { ParamName, SpecSection } from '../../client/operations/operations';
import type { StateWord, SwitchName } from '../../client/operations/switches';
import { STATUS_CODE_KEYS } from './status-catalog';

/** Namespace of the shared catalog (nodes/ezviz-config/locales/<lang>/ezviz-config.json). */
export const STATUS_NS = 'node-red-contrib-ezviz-open/ezviz-config';

const CODE_KEYS: ReadonlySet<string> = new Set(STATUS_CODE_KEYS);

/** Status key of a switch set to a state (`status.switch.defence.on` = "armed"). */
export function switchStatusKey(name: SwitchName, state: StateWord): string {
  return statusKey(`switch.${name}.${state}`);
}

/** Status of a device read: offline, or online and (when known) armed or disarmed. */
export function deviceStatusKey(d: { online: boolean | null; armed: boolean | null }): string {
  if (d.online === false) return statusKey('deviceOffline');
  return statusKey(d.armed === true ? 'deviceArmed' : d.armed === false ? 'deviceDisarmed' : 'deviceOnline');
}

/** The full catalog key of a status text (what node.status() gets). */
export function statusKey(key: string): string {
  return `${STATUS_NS}:status.${key}`;
}

/**
 * What the status of a failed message says: a full catalog key, or (for a code without a text of
 * its own) `{key: 'error', code}` for the caller to translate with the code as argument.
 */
export function errorStatus(
  error: Pick<ErrorInfo, 'code' | 'source'>,
  section: SpecSection,
  canRefreshToken: boolean,
): { key: string } | { key: 'error'; code: string } {
  const code = error.code;
  if (code === 'NO_CONFIG') return { key: statusKey('noConfig') };
  if (code === 'NO_CREDENTIALS') return { key: statusKey('noCredentials') };
  if (code === '10002' && !canRefreshToken) return { key: statusKey('code.10002-expired') };
  const hinted = /^\d+$/.test(code) ? hintKey(code, section) : undefined;
  if (hinted && CODE_KEYS.has(hinted)) return { key: statusKey(`code.${hinted}`) };
  if (CODE_KEYS.has(code)) return { key: statusKey(`code.${code}`) };
  return { key: 'error', code };
}

/** Status key of "a setting of the node won over msg.payload.<name>". */
export function ignoredStatusKey(param: ParamName): string {
  return statusKey(`ignored.${param}`);
}

/**
 * A status text with arguments, e.g. the alarm node's "08:20:33: 0 new": the catalog key and its
 * arguments in i18next's nesting notation, `$t(<full key>, {"t":"08:20:33","n":0})`. Node-RED's
 * editor translates only plain keys (node-red/node-red#2429); the package's editor code
 * (editor/status-args.ts) expands this one in the editor's language. Argument values are data
 * (times, counts, codes): brackets are dropped so that no value can end the notation early.
 */
export function statusWithArgs(key: string, args: Record<string, string | number>): string {
  const clean: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(args)) clean[k] = typeof v === 'number' ? v : String(v).replace(/[()]/g, '');
  return `$t(${statusKey(key)}, ${JSON.stringify(clean)})`;
}

/** The key (full) and arguments of a text made by statusWithArgs, or undefined for any other text. */
export function parseStatusWithArgs(text: string): { key: string; args: Record<string, string | number> } | undefined {
  const m = /^\$t\(([^,()]+), (\{[^()]*\})\)$/.exec(text);
  if (!m || !m[1].startsWith(`${STATUS_NS}:status.`)) return undefined;
  try {
    const args = JSON.parse(m[2]) as unknown;
    if (!args || typeof args !== 'object' || Array.isArray(args)) return undefined;
    const out: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(args)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    return { key: m[1], args: out };
  } catch {
    return undefined;
  }
}

/** The status text of a failed message: its code's own key, or "error (code)" with the code as argument. */
export function errorStatusText(
  error: Pick<ErrorInfo, 'code' | 'source'>,
  section: SpecSection,
  canRefreshToken: boolean,
): string {
  const s = errorStatus(error, section, canRefreshToken);
  return 'code' in s ? statusWithArgs('error', { code: s.code.slice(0, 20) }) : s.key;
}
