// Admin requests of the editor (docs/behaviour.md section 10), step one: what a request may carry. The
// body is a JSON object of at most 8 KiB with the values of a config dialog (deployed or not):
// id, baseUrl, appKey, appSecret, accessToken, timeout; a password field left unchanged arrives as
// `__PWRD__` and is taken from the stored credentials of that id, but only for the base URL the node
// was deployed with: a stored secret never goes to a URL a request names (another URL needs the
// secret typed again). Anything else is refused with a 4xx, a stable reason and an English text
// (never a secret).

import type { NodeAPI } from 'node-red';
import type { Request } from 'express';
import { OPERATIONS } from '../../client/operations/operations';
import { parseParam } from '../../client/params/parse';
import { DEFAULTS, intSetting, LIMITS, normaliseBase } from '../../client/config/settings';

/** Largest request body accepted (the values of one dialog are far smaller). */
export const MAX_BODY_BYTES = 8192;
/** Longest value of one field. */
const MAX_FIELD = 1024;
/** Node-RED's marker for a password field whose stored value was not changed. */
export const STORED_SECRET = '__PWRD__';

export type CredName = 'accessToken' | 'appKey' | 'appSecret';
const CRED_NAMES: readonly CredName[] = ['accessToken', 'appKey', 'appSecret'];

/** Values of one account as a request names them (credentials resolved). */
export interface AccountValues {
  id: string;
  baseUrl: string;
  timeout: number;
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
}

/** A refused request: HTTP status, a stable reason and an English text. */
export interface BadRequest {
  status: 400 | 404 | 413 | 415;
  reason: string;
  field?: string;
  message: string;
}

export const bad = (status: BadRequest['status'], reason: string, message: string, field?: string): BadRequest => ({
  status,
  reason,
  message,
  ...(field ? { field } : {}),
});

function str(body: Record<string, unknown>, name: string): string | undefined | BadRequest {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') return bad(400, 'type', `${name} must be a string`, name);
  if (v.length > MAX_FIELD) return bad(413, 'tooLong', `${name} is longer than ${MAX_FIELD} characters`, name);
  return v.trim();
}

export const isBad = (v: unknown): v is BadRequest => typeof v === 'object' && v !== null && 'status' in v;

/** The stored credentials of a config node id and the base URL they were deployed with. */
export type Stored = (id: string) => (Partial<Record<CredName, string>> & { baseUrl?: string }) | undefined;

/**
 * The account values of a request body: `id` and `baseUrl` required, credentials optional
 * (`__PWRD__`: the stored one of `id`, looked up by `stored`, only with the stored base URL),
 * `timeout` optional.
 */
export function readAccount(body: unknown, stored: Stored): AccountValues | BadRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return bad(400, 'body', 'the body must be a JSON object');
  const b = body as Record<string, unknown>;
  const id = str(b, 'id');
  if (isBad(id)) return id;
  if (!id) return bad(400, 'missing', 'id (the config node id) is missing', 'id');
  const rawBase = str(b, 'baseUrl');
  if (isBad(rawBase)) return rawBase;
  if (!rawBase) return bad(400, 'missing', 'baseUrl is missing', 'baseUrl');
  const baseUrl = normaliseBase(rawBase);
  if (!baseUrl) return bad(400, 'baseUrl', 'baseUrl must be an http:// or https:// URL', 'baseUrl');
  const timeout = intSetting(b.timeout, DEFAULTS.timeout, LIMITS.timeout);
  if (timeout === undefined) {
    return bad(
      400,
      'timeout',
      `timeout must be a whole number from ${LIMITS.timeout[0]} to ${LIMITS.timeout[1]}`,
      'timeout',
    );
  }
  const values: AccountValues = { id, baseUrl, timeout };
  let creds: ReturnType<Stored> | null = null;
  for (const name of CRED_NAMES) {
    const v = str(b, name);
    if (isBad(v)) return v;
    if (v === STORED_SECRET) {
      if (creds === null) creds = stored(id);
      if (!creds) return bad(404, 'unknownConfig', `no stored credentials for config node ${id}`, name);
      if (creds.baseUrl !== baseUrl)
        return bad(400, 'storedElsewhere', `a stored ${name} is used only with its node's deployed base URL`, name);
      const s = creds[name];
      if (typeof s === 'string' && s.trim()) values[name] = s.trim();
    } else if (v) {
      values[name] = v;
    }
  }
  return values;
}

/** deviceSerial (required) and channelNo (optional) of a capacity request. */
export function readCamera(body: Record<string, unknown>): { serial: string; channelNo?: number } | BadRequest {
  const [serialSpec, channelSpec] = OPERATIONS['ptz-start'].params;
  const serial = parseParam(serialSpec, body.deviceSerial);
  if (!serial.ok || serial.value === undefined) {
    return !serial.ok && serial.reason !== 'missing'
      ? bad(400, 'deviceSerial', 'deviceSerial must be 1 to 64 letters or digits', 'deviceSerial')
      : bad(400, 'missing', 'deviceSerial is missing', 'deviceSerial');
  }
  if (body.channelNo === undefined || body.channelNo === null || body.channelNo === '')
    return { serial: String(serial.value) };
  const channel = parseParam(channelSpec, body.channelNo);
  if (!channel.ok || channel.value === undefined)
    return bad(400, 'channelNo', 'channelNo must be a whole number from 1', 'channelNo');
  return { serial: String(serial.value), channelNo: Number(channel.value) };
}

/** Why a request is refused before its body is read (size, content type), or undefined. */
export function checkRequest(req: Request): BadRequest | undefined {
  const tooLarge = bad(413, 'tooLarge', `the body is larger than ${MAX_BODY_BYTES} bytes`);
  if (Number(req.headers['content-length'] || 0) > MAX_BODY_BYTES) return tooLarge;
  if (!req.is('application/json')) return bad(415, 'contentType', 'send a JSON body (Content-Type: application/json)');
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(req.body ?? null));
  } catch {
    size = Infinity;
  }
  return size > MAX_BODY_BYTES ? tooLarge : undefined;
}

/** The stored credentials of a config node id with the base URL its deployed node runs with
 * (`baseUrl`: see `deployedBase`): {} for a deployed node without any, undefined for an unknown id. */
export function storedCredentials(RED: NodeAPI, deployedBase: (id: string) => string | undefined): Stored {
  return (id) => {
    const c = RED.nodes.getCredentials(id) as Partial<Record<CredName, unknown>> | undefined;
    if (!c || typeof c !== 'object') return RED.nodes.getNode(id) ? { baseUrl: deployedBase(id) } : undefined;
    const out: Partial<Record<CredName, string>> & { baseUrl?: string } = { baseUrl: deployedBase(id) };
    for (const n of CRED_NAMES) if (typeof c[n] === 'string') out[n] = c[n] as string;
    return out;
  };
}
