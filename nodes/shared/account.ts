// The account as the editor sees it (design.md section 10): the devices and channels of the
// account, one device's capabilities, and "test connection". Every request goes through a config
// node's service (its token cache, client and reply rules), never a client of its own. Replies are
// read field by field (ezviz-more-api.md), type-checked, and nothing else is passed on.

import type { ErrorInfo } from './errors';
import { readCapacity, type Capacity } from './capacity';
import type { OperationSpec } from './operations';
import type { CallResult, Owner } from './call-types';
import type { EzvizService } from './service';

/** Items per page of device/list and camera/list (the API's maximum). */
export const PAGE_SIZE = 50;
/** Pages read at most per list (2000 devices or channels): a reply that never ends a list stops here. */
export const MAX_PAGES = 40;
/** Longest text kept from a name or model. */
const MAX_TEXT = 128;

/**
 * The account calls as the service sends them: no camera queue, no retries (the dialog answers
 * at once; the user can ask again). Typed as operation specs for the service's one call path.
 */
function accountCall(operation: string, path: string): OperationSpec {
  return Object.freeze({ operation, type: `ezviz-${operation}`, path, section: '4.2', idempotent: false,
    cameraQueue: false, params: [] }) as unknown as OperationSpec;
}

export const ACCOUNT_CALLS = Object.freeze({
  deviceList: accountCall('device-list', '/api/lapp/device/list'),
  cameraList: accountCall('camera-list', '/api/lapp/camera/list'),
  capacity: accountCall('device-capacity', '/api/lapp/device/capacity'),
});

export interface ChannelEntry {
  channelNo: number;
  name: string;
  /** true online, false offline, null unknown */
  online: boolean | null;
}

export interface DeviceEntry {
  serial: string;
  name: string;
  model: string;
  online: boolean | null;
  /** The device's channels, by number (a single camera: channel 1). */
  channels: ChannelEntry[];
}

const SERIAL = /^[A-Za-z0-9]{1,64}$/;

function text(v: unknown): string {
  return typeof v === 'string' ? v.slice(0, MAX_TEXT) : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

function onlineOf(v: unknown): boolean | null {
  if (v === 1 || v === '1') return true;
  if (v === 0 || v === '0') return false;
  return null;
}

function channelOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 9999 ? n : undefined;
}

/** Items of one device/list page; undefined when `data` is not an array. Items without a usable serial are skipped. */
export function readDevicePage(data: unknown): DeviceEntry[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const out: DeviceEntry[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const d = item as Record<string, unknown>;
    if (typeof d.deviceSerial !== 'string' || !SERIAL.test(d.deviceSerial)) continue;
    out.push({ serial: d.deviceSerial.toUpperCase(), name: text(d.deviceName), model: text(d.deviceType),
      online: onlineOf(d.status), channels: [] });
  }
  return out;
}

/** Items of one camera/list page: [serial, channel]; undefined when `data` is not an array. */
export function readCameraPage(data: unknown): Array<{ serial: string; channel: ChannelEntry }> | undefined {
  if (!Array.isArray(data)) return undefined;
  const out: Array<{ serial: string; channel: ChannelEntry }> = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const c = item as Record<string, unknown>;
    const channelNo = channelOf(c.channelNo);
    if (typeof c.deviceSerial !== 'string' || !SERIAL.test(c.deviceSerial) || channelNo === undefined) continue;
    out.push({ serial: c.deviceSerial.toUpperCase(),
      channel: { channelNo, name: text(c.channelName), online: onlineOf(c.status) } });
  }
  return out;
}

/**
 * Devices with their channels: each channel goes to its device (a channel of a device that the
 * device list does not hold, e.g. shared with the account, gets an entry of its own); a device
 * without listed channels gets channel 1. Sorted by name, then serial; channels by number.
 */
export function mergeAccount(devices: DeviceEntry[], channels: Array<{ serial: string; channel: ChannelEntry }>): DeviceEntry[] {
  const bySerial = new Map<string, DeviceEntry>();
  for (const d of devices) if (!bySerial.has(d.serial)) bySerial.set(d.serial, { ...d, channels: [] });
  for (const { serial, channel } of channels) {
    let d = bySerial.get(serial);
    if (!d) {
      d = { serial, name: '', model: '', online: null, channels: [] };
      bySerial.set(serial, d);
    }
    if (!d.channels.some((c) => c.channelNo === channel.channelNo)) d.channels.push(channel);
  }
  const out = [...bySerial.values()];
  for (const d of out) {
    if (!d.channels.length) d.channels.push({ channelNo: 1, name: d.name, online: d.online });
    d.channels.sort((a, b) => a.channelNo - b.channelNo);
  }
  return out.sort((a, b) => (a.name || a.serial).localeCompare(b.name || b.serial) || a.serial.localeCompare(b.serial));
}

/** Why an account request failed, as the dialog explains it (catalog `editor.account.reason.<reason>`). */
export type Reason =
  | 'noCredentials' // neither a token nor key and secret
  | 'config' // the settings are invalid (base URL, timeout)
  | 'wrongKey' // 10017 / 10030: app key unknown, or key and secret do not match
  | 'frozen' // 10005: the app key is frozen
  | 'region' // 10002 on a token fetched just now: the base URL (region) is likely wrong
  | 'tokenRejected' // 10002 with a typed token: expired, or another region
  | 'unreachable' // network error (code: ECONNREFUSED, ENOTFOUND, ...)
  | 'timeout' // no reply in time
  | 'http' // an HTTP error or a reply that is not the API's (code: HTTP_502, BAD_REPLY, ...)
  | 'limit' // 10006 / 10007 / 10029: call limits
  | 'api'; // any other API code (message: the API's text)

export interface Failure {
  ok: false;
  reason: Reason;
  /** The API code, network code or HTTP code. */
  code: string;
  /** The runtime's message (no secret: design.md section 8), shown for reasons without a text of their own. */
  message: string;
}

/** The reason of a failed call. `canRefresh`: the service fetches tokens itself (key and secret). */
export function classify(error: ErrorInfo, canRefresh: boolean): Failure {
  const { code, message } = error;
  const fail = (reason: Reason): Failure => ({ ok: false, reason, code: String(code), message: String(message) });
  switch (error.source) {
    case 'network':
      return fail(code === 'ETIMEDOUT' ? 'timeout' : 'unreachable');
    case 'http':
      return fail('http');
    case 'local':
      return fail(code === 'NO_CREDENTIALS' ? 'noCredentials' : code === 'INVALID_CONFIG' ? 'config' : 'api');
    default:
      break;
  }
  if (code === '10017' || code === '10030') return fail('wrongKey');
  if (code === '10005') return fail('frozen');
  // With key and secret the service answers 10002 with a new token and sends once more (or, for a
  // token fetched moments ago, not at all): a 10002 that reaches us was given to a fresh token.
  if (code === '10002') return fail(canRefresh ? 'region' : 'tokenRejected');
  if (code === '10006' || code === '10007' || code === '10029') return fail('limit');
  return fail('api');
}

export type Answer<T> = ({ ok: true } & T) | Failure;

/** The owner of the editor's requests (nobody to report timed stops to: it sends none). */
const EDITOR_OWNER: Owner = Object.freeze({ id: 'ezviz-open-editor', closed: false, timedStopDone: () => undefined });

/** Sends one account call; the result's reply data, or the failure. */
async function send(service: EzvizService, spec: OperationSpec, fields: Record<string, string | number>):
  Promise<{ ok: true; data: unknown } | Failure> {
  const result: CallResult = await service.call({ spec, fields, owner: EDITOR_OWNER });
  if (result.kind === 'ok') return { ok: true, data: result.reply.data };
  if (result.kind === 'closed') return { ok: false, reason: 'unreachable', code: 'ECLOSED', message: '' };
  return classify(result.error, service.tokens.canRefresh);
}

const badReply = (what: string): Failure => ({ ok: false, reason: 'http', code: 'BAD_REPLY', message: what });

/** Every page of a list (until a short page, at most MAX_PAGES). */
async function allPages<T>(service: EzvizService, spec: OperationSpec, read: (data: unknown) => T[] | undefined):
  Promise<Answer<{ items: T[]; truncated: boolean }>> {
  const items: T[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await send(service, spec, { pageStart: page, pageSize: PAGE_SIZE });
    if (!r.ok) return r;
    const got = read(r.data);
    if (!got) return badReply(spec.path);
    items.push(...got);
    if ((r.data as unknown[]).length < PAGE_SIZE) return { ok: true, items, truncated: false };
  }
  return { ok: true, items, truncated: true };
}

/** The account's devices (device/list only): what "test connection" counts. */
export async function listDevices(service: EzvizService): Promise<Answer<{ devices: DeviceEntry[]; truncated: boolean }>> {
  const r = await allPages(service, ACCOUNT_CALLS.deviceList, readDevicePage);
  return r.ok ? { ok: true, devices: r.items, truncated: r.truncated } : r;
}

/** The account's devices with their channels (device/list and camera/list). */
export async function listCameras(service: EzvizService): Promise<Answer<{ devices: DeviceEntry[]; truncated: boolean }>> {
  // One after the other: the first fetches the token, the second uses it.
  const devices = await allPages(service, ACCOUNT_CALLS.deviceList, readDevicePage);
  if (!devices.ok) return devices;
  const channels = await allPages(service, ACCOUNT_CALLS.cameraList, readCameraPage);
  if (!channels.ok) return channels;
  return { ok: true, devices: mergeAccount(devices.items, channels.items), truncated: devices.truncated || channels.truncated };
}

/** What one device (channel) reports it supports. */
export async function deviceCapacity(service: EzvizService, serial: string, channelNo?: number):
  Promise<Answer<{ capacity: Capacity }>> {
  const fields: Record<string, string | number> = { deviceSerial: serial };
  if (channelNo !== undefined) fields.channelNo = channelNo;
  const r = await send(service, ACCOUNT_CALLS.capacity, fields);
  if (!r.ok) return r;
  const capacity = readCapacity(r.data);
  return capacity ? { ok: true, capacity } : badReply(ACCOUNT_CALLS.capacity.path);
}
