// Status texts of the operation nodes (docs/behaviour.md section 9): catalog keys of the shared catalog,
// sent as full keys (`<namespace>:status.…`) so that the editor translates them into its own
// language, short (about 24 characters), with the code. Pure: no Node.js imports.

import type { ErrorInfo } from '../errors/errors';
import { hintKey } from '../errors/errors';
import type { ParamName, SpecSection } from '../operations/operations';
import { statesOf, SWITCH_NAMES, type StateWord, type SwitchName } from '../operations/switches';

/** Namespace of the shared catalog (nodes/ezviz-config/locales/<lang>/ezviz-config.json). */
export const STATUS_NS = 'node-red-contrib-ezviz-open/ezviz-config';

/**
 * Codes (or hint keys of per-section codes) with a status text of their own under
 * `status.code.<key>` in both catalogs, each "<short text> (<code>)".
 */
export const STATUS_CODE_KEYS: readonly string[] = [
  // API, token and account
  '10001', '10002', '10002-expired', '10004', '10005', '10007', '10017', '10029', '10030',
  // devices
  '20002', '20006', '20007', '20008', '20014-serial', '20014-network', '20018-user', '20018-account',
  '20032-user', '20032-channel', '49999',
  // PTZ and presets
  '60000', '60001', '60002', '60003', '60004', '60005', '60006', '60007', '60008', '60009', '60010',
  '60011', '60012', '60020-command', '60020-storage',
  // cloud storage cards
  '60030', '60031', '60032', '60033', '60035',
  // capture (docs/api/more-api.md)
  '10028', '10051', '60017',
  // the message service (docs/api/watch-api.md section 5)
  '70101',
  // camera state (docs/api/watch-api.md)
  '20010', '60026', '60020-switch',
  // live addresses (docs/api/watch-api.md section 1)
  '20001', '60019-live', '10031-live',
  // voice (docs/api/media-api.md section 3)
  '20015', '111000', '111012', '60029',
  // network, HTTP and local
  'ECONNREFUSED', 'ETIMEDOUT', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH',
  'BAD_REPLY', 'REPLY_TOO_LARGE', 'AREA_DOMAIN', 'QUEUE_FULL', 'INVALID_CONFIG', 'INTERNAL',
];

const CODE_KEYS: ReadonlySet<string> = new Set(STATUS_CODE_KEYS);

/** Plain status keys (under `status.`) that the nodes use besides the per-code ones. */
export const STATUS_KEYS: readonly string[] = [
  'requesting', 'ok', 'stopped', 'noConfig', 'noCredentials', 'tokenExpired', 'tokenFailed', 'tokenOk', 'error',
  // ezviz-alarm: the last poll's time and count (translated at run time: it has arguments), bad settings
  'polled', 'invalidSettings',
  // ezviz-alarm's webhook: waiting for pushes (yellow without a signing secret), a refused push (time
  // and reason: translated at run time)
  'webhookReady', 'webhookUnsigned', 'pushRefused',
  // ezviz-device: what the last read found; ezviz-alarm: a filtered camera known to be disarmed
  'deviceOnline', 'deviceOffline', 'deviceArmed', 'deviceDisarmed', 'cameraDisarmed',
  // ezviz-recordings: how many recordings a listing found (with an argument)
  'recordings',
  // ezviz-alarm: a poll or consumer source failing three intervals in a row, and back again
  'stale', 'recovered',
];

/** Status key of a switch set to a state (`status.switch.defence.on` = "armed"). */
export function switchStatusKey(name: SwitchName, state: StateWord): string {
  return statusKey(`switch.${name}.${state}`);
}

/** Every switch status key (tests: both catalogs hold them). */
export const SWITCH_STATUS_KEYS: readonly string[] = SWITCH_NAMES.flatMap((n) => statesOf(n).map((s) => `switch.${n}.${s}`));

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
export function errorStatus(error: Pick<ErrorInfo, 'code' | 'source'>, section: SpecSection, canRefreshToken: boolean):
  { key: string } | { key: 'error'; code: string } {
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
export function errorStatusText(error: Pick<ErrorInfo, 'code' | 'source'>, section: SpecSection, canRefreshToken: boolean): string {
  const s = errorStatus(error, section, canRefreshToken);
  return 'code' in s ? statusWithArgs('error', { code: s.code.slice(0, 20) }) : s.key;
}
