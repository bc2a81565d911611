// The editor's way to the account (design.md section 10): admin routes under `ezviz-open/` of
// Node-RED's admin API. POST with a JSON body only, write permission of the config node type,
// relative URLs from the editor (so httpAdminRoot and adminAuth apply as to Node-RED's own routes).
//
// A request carries the values of a config dialog (deployed or not): id, baseUrl, appKey,
// appSecret, accessToken, timeout. A password field left unchanged arrives as `__PWRD__` and is
// taken from the stored credentials of that id. When the values equal those of a deployed config
// node, its service answers (its token cache: no token request of our own); otherwise a service
// kept here per set of values (its own token cache, so many picker openings share one token).
// Answers are kept 60 s. No reply and no log line holds a secret: replies are built from the
// device fields of ezviz-more-api.md, failures from a reason, a code and the runtime's message.

import { createHash } from 'crypto';
import type { NodeAPI } from 'node-red';
import type { Request, Response } from 'express';
import {
  deviceCapacity, listCameras, listDevices, type Answer, type DeviceEntry, type Failure,
} from '../shared/account';
import type { Capacity } from '../shared/capacity';
import { hooks } from '../shared/hooks';
import type { Translate } from '../shared/i18n';
import { CONFIG_TYPE, OPERATIONS } from '../shared/operations';
import { parseParam } from '../shared/params';
import { EzvizService } from '../shared/service';
import { DEFAULTS, intSetting, LIMITS, normaliseBase } from '../shared/settings';

/** Path prefix of the routes (relative to httpAdminRoot). */
export const ADMIN_PREFIX = 'ezviz-open';
/** How long an answer is kept. */
export const ANSWER_TTL_MS = 60000;
/** Largest request body accepted (the values of one dialog are far smaller). */
export const MAX_BODY_BYTES = 8192;
/** Longest value of one field. */
const MAX_FIELD = 1024;
/** A service kept for dialog values is closed after this long unused. */
export const IDLE_MS = 10 * 60 * 1000;
/** Services kept for dialog values at most (the least recently used idle one goes first). */
export const MAX_KEPT = 16;
/** Answers kept at most. */
const MAX_ANSWERS = 500;
/** Node-RED's marker for a password field whose stored value was not changed. */
export const STORED_SECRET = '__PWRD__';

type CredName = 'accessToken' | 'appKey' | 'appSecret';
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

/** Identity of an account: base URL and credentials, hashed (the key never holds a secret). */
export function identityKey(v: { baseUrl: string; accessToken?: string; appKey?: string; appSecret?: string }): string {
  return createHash('sha256')
    .update(JSON.stringify([v.baseUrl, v.accessToken || '', v.appKey || '', v.appSecret || '']))
    .digest('hex');
}

// ---- deployed config nodes ------------------------------------------------------------------

interface Deployed {
  key: string;
  service: EzvizService;
}

const deployed = new Map<string, Deployed>();

interface Kept {
  service: EzvizService;
  lastUsed: number;
  busy: number;
}

/** Services for dialog values nobody deployed, by identity. */
const kept = new Map<string, Kept>();

/** A config node offers its service to the editor's requests (called by its constructor). */
export function registerDeployed(id: string, values: { baseUrl: string; accessToken?: string; appKey?: string; appSecret?: string },
  service: EzvizService): void {
  const key = identityKey(values);
  deployed.set(id, { key, service });
  // Values tried in a dialog and then deployed: the node takes the token the dialog fetched
  // (token economy, design.md section 8), unless it took over one from its predecessor.
  const tried = kept.get(key);
  if (tried && !service.tokens.snapshot()) service.tokens.adopt(tried.service.tokens.snapshot());
}

/** The config node closed: its service answers no more editor requests. */
export function unregisterDeployed(id: string, service: EzvizService): void {
  if (deployed.get(id)?.service === service) deployed.delete(id);
}

// ---- request bodies ---------------------------------------------------------------------------

const bad = (status: BadRequest['status'], reason: string, message: string, field?: string): BadRequest =>
  ({ status, reason, message, ...(field ? { field } : {}) });

function str(body: Record<string, unknown>, name: string): string | undefined | BadRequest {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') return bad(400, 'type', `${name} must be a string`, name);
  if (v.length > MAX_FIELD) return bad(413, 'tooLong', `${name} is longer than ${MAX_FIELD} characters`, name);
  return v.trim();
}

const isBad = (v: unknown): v is BadRequest => typeof v === 'object' && v !== null && 'status' in v;

/**
 * The account values of a request body: `id` and `baseUrl` required, credentials optional
 * (`__PWRD__`: the stored one of `id`, looked up by `stored`), `timeout` optional.
 */
export function readAccount(body: unknown, stored: (id: string) => Partial<Record<CredName, string>> | undefined):
  AccountValues | BadRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return bad(400, 'body', 'the body must be a JSON object');
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
    return bad(400, 'timeout', `timeout must be a whole number from ${LIMITS.timeout[0]} to ${LIMITS.timeout[1]}`, 'timeout');
  }
  const values: AccountValues = { id, baseUrl, timeout };
  let creds: Partial<Record<CredName, string>> | undefined | null = null;
  for (const name of CRED_NAMES) {
    const v = str(b, name);
    if (isBad(v)) return v;
    if (v === STORED_SECRET) {
      if (creds === null) creds = stored(id);
      if (!creds) return bad(404, 'unknownConfig', `no stored credentials for config node ${id}`, name);
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
  if (body.channelNo === undefined || body.channelNo === null || body.channelNo === '') return { serial: String(serial.value) };
  const channel = parseParam(channelSpec, body.channelNo);
  if (!channel.ok || channel.value === undefined) return bad(400, 'channelNo', 'channelNo must be a whole number from 1', 'channelNo');
  return { serial: String(serial.value), channelNo: Number(channel.value) };
}

// ---- services for dialog values, and answers ----------------------------------------------------

const answers = new Map<string, { until: number; answer: Promise<Answer<object>> }>();

function sweep(now: number): void {
  for (const [key, k] of kept) {
    if (k.busy === 0 && now - k.lastUsed > IDLE_MS) {
      kept.delete(key);
      void k.service.close();
    }
  }
  while (kept.size >= MAX_KEPT) {
    const idle = [...kept].filter(([, k]) => k.busy === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
    if (!idle) break;
    kept.delete(idle[0]);
    void idle[1].service.close();
  }
  for (const [key, a] of answers) if (a.until <= now) answers.delete(key);
  while (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
}

/** Forgets every kept service and answer (tests; a stopping runtime). */
export function resetAccountState(): Promise<void> {
  const closing = [...kept.values()].map((k) => k.service.close());
  kept.clear();
  answers.clear();
  deployed.clear();
  return Promise.all(closing).then(() => undefined);
}

/** How many services are kept for dialog values (tests). */
export function keptServices(): number {
  return kept.size;
}

/** Transient failures are not kept: the next click asks again. */
const TRANSIENT = new Set(['unreachable', 'timeout', 'http']);

/**
 * Runs `work` on the service for `values` (a deployed config node's when the values are its
 * values, else one kept for them), or hands back the answer of the last 60 s.
 */
function answer<T extends object>(values: AccountValues, what: string, fresh: boolean, t: Translate,
  work: (service: EzvizService) => Promise<Answer<T>>): Promise<Answer<T>> {
  const now = hooks.now();
  sweep(now);
  const identity = identityKey(values);
  const cacheKey = `${identity}|${what}`;
  const cached = answers.get(cacheKey);
  if (cached && !fresh && cached.until > now) return cached.answer as Promise<Answer<T>>;

  const own = deployed.get(values.id);
  let service = own && own.key === identity ? own.service : [...deployed.values()].find((d) => d.key === identity)?.service;
  let entry: Kept | undefined;
  if (!service) {
    entry = kept.get(identity);
    if (!entry) {
      entry = {
        service: new EzvizService({
          baseUrl: values.baseUrl, timeout: values.timeout, maxRetries: 0, retryDelay: DEFAULTS.retryDelay,
          accessToken: values.accessToken, appKey: values.appKey, appSecret: values.appSecret,
          t, warn: () => undefined,
        }),
        lastUsed: now,
        busy: 0,
      };
      kept.set(identity, entry);
    }
    service = entry.service;
    entry.busy++;
  }
  const running = work(service).catch((): Answer<T> => ({ ok: false, reason: 'api', code: 'INTERNAL', message: '' }))
    .finally(() => {
      if (entry) {
        entry.busy--;
        entry.lastUsed = hooks.now();
      }
    });
  answers.set(cacheKey, { until: now + ANSWER_TTL_MS, answer: running });
  void running.then((a) => {
    if (!a.ok && TRANSIENT.has(a.reason) && answers.get(cacheKey)?.answer === running) answers.delete(cacheKey);
  });
  return running;
}

// ---- the routes ---------------------------------------------------------------------------------

const noCredentials = (): Failure => ({ ok: false, reason: 'noCredentials', code: 'NO_CREDENTIALS', message: '' });
const hasCredentials = (v: AccountValues): boolean => Boolean(v.accessToken || (v.appKey && v.appSecret));

/** The reply of a device list: the fields of ezviz-more-api.md only. */
function devicesReply(devices: DeviceEntry[]): DeviceEntry[] {
  return devices.map((d) => ({ serial: d.serial, name: d.name, model: d.model, online: d.online,
    channels: d.channels.map((c) => ({ channelNo: c.channelNo, name: c.name, online: c.online })) }));
}

export function registerAdminRoutes(RED: NodeAPI, t: Translate): void {
  // A runtime without an admin API (embedded with httpAdminRoot false, or a test double): no routes.
  if (!RED.httpAdmin || typeof RED.httpAdmin.post !== 'function' || !RED.auth) return;
  const permission = RED.auth.needsPermission(`${CONFIG_TYPE}.write`);
  const stored = (id: string): Partial<Record<CredName, string>> | undefined => {
    const c = RED.nodes.getCredentials(id) as Partial<Record<CredName, unknown>> | undefined;
    // A deployed config node without credentials has none stored; an unknown id has no entry.
    if (!c || typeof c !== 'object') return RED.nodes.getNode(id) ? {} : undefined;
    const out: Partial<Record<CredName, string>> = {};
    for (const n of CRED_NAMES) if (typeof c[n] === 'string') out[n] = c[n] as string;
    return out;
  };

  type Handler = (values: AccountValues, body: Record<string, unknown>, fresh: boolean) => Promise<object | BadRequest>;

  const route = (name: string, handler: Handler): void => {
    RED.httpAdmin.post(`/${ADMIN_PREFIX}/${name}`, permission, (req: Request, res: Response) => {
      const refuse = (b: BadRequest) => res.status(b.status).json({ error: b.reason, field: b.field, message: b.message });
      if (Number(req.headers['content-length'] || 0) > MAX_BODY_BYTES) {
        refuse(bad(413, 'tooLarge', `the body is larger than ${MAX_BODY_BYTES} bytes`));
        return;
      }
      if (!req.is('application/json')) {
        refuse(bad(415, 'contentType', 'send a JSON body (Content-Type: application/json)'));
        return;
      }
      let size = 0;
      try {
        size = Buffer.byteLength(JSON.stringify(req.body ?? null));
      } catch {
        size = Infinity;
      }
      if (size > MAX_BODY_BYTES) {
        refuse(bad(413, 'tooLarge', `the body is larger than ${MAX_BODY_BYTES} bytes`));
        return;
      }
      const values = readAccount(req.body, stored);
      if (isBad(values)) {
        refuse(values);
        return;
      }
      const body = req.body as Record<string, unknown>;
      handler(values, body, body.refresh === true).then((out) => {
        if (isBad(out)) refuse(out);
        else res.json(out);
      }, () => {
        res.status(500).json({ error: 'internal', message: 'the request failed' });
      });
    });
  };

  // Test connection: a token and the device list; the number of devices.
  route('test', async (values, _body, fresh) => {
    if (!hasCredentials(values)) return noCredentials();
    const a = await answer(values, 'devices', fresh, t, listDevices);
    return a.ok ? { ok: true, devices: a.devices.length, truncated: a.truncated } : a;
  });

  // The picker: devices with their channels.
  route('cameras', async (values, _body, fresh) => {
    if (!hasCredentials(values)) return noCredentials();
    const a = await answer(values, 'cameras', fresh, t, listCameras);
    return a.ok ? { ok: true, devices: devicesReply(a.devices), truncated: a.truncated } : a;
  });

  // What one device (channel) supports.
  route('capacity', async (values, body, fresh) => {
    const camera = readCamera(body);
    if (isBad(camera)) return camera;
    if (!hasCredentials(values)) return noCredentials();
    const a = await answer(values, `capacity|${camera.serial}|${camera.channelNo ?? ''}`, fresh, t,
      (s) => deviceCapacity(s, camera.serial, camera.channelNo));
    return a.ok ? { ok: true, deviceSerial: camera.serial, channelNo: camera.channelNo ?? null, capacity: a.capacity as Capacity } : a;
  });
}
