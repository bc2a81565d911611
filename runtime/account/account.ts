// The account as the editor sees it (docs/behaviour.md section 10): the devices and channels of the
// account, one device's capabilities, and "test connection". Every request goes through a config
// node's service (its token cache, client and reply rules), never a client of its own. Replies are
// read field by field (docs/api/more-api.md), type-checked, and nothing else is passed on.

import { readCapacity, type Capacity } from '../../client/operations/capacity';
import type { OperationSpec } from '../../client/operations/operations';
import type { CallResult, Owner } from '../../client/requests/call-types';
import type { EzvizService } from '../../client/service/service';
import { mergeAccount, readCameraPage, readDevicePage, type DeviceEntry } from './account-list';
import { classify, type Answer, type Failure } from './account-reasons';

/** Items per page of device/list and camera/list (the API's maximum). */
export const PAGE_SIZE = 50;
/** Pages read at most per list (2000 devices or channels): a reply that never ends a list stops here. */
export const MAX_PAGES = 40;

/**
 * The account calls as the service sends them: no camera queue, no retries (the dialog answers
 * at once; the user can ask again). Typed as operation specs for the service's one call path.
 */
function accountCall(operation: string, path: string): OperationSpec {
  return Object.freeze({
    operation,
    type: `ezviz-${operation}`,
    path,
    section: '4.2',
    idempotent: false,
    cameraQueue: false,
    params: [],
  }) as unknown as OperationSpec;
}

export const ACCOUNT_CALLS = Object.freeze({
  deviceList: accountCall('device-list', '/api/lapp/device/list'),
  cameraList: accountCall('camera-list', '/api/lapp/camera/list'),
  capacity: accountCall('device-capacity', '/api/lapp/device/capacity'),
});

/** The owner of the editor's requests (nobody to report timed stops to: it sends none). */
const EDITOR_OWNER: Owner = Object.freeze({ id: 'ezviz-open-editor', closed: false, timedStopDone: () => undefined });

/** Sends one account call; the result's reply data, or the failure. */
async function send(
  service: EzvizService,
  spec: OperationSpec,
  fields: Record<string, string | number>,
): Promise<{ ok: true; data: unknown } | Failure> {
  const result: CallResult = await service.call({ spec, fields, owner: EDITOR_OWNER });
  if (result.kind === 'ok') return { ok: true, data: result.reply.data };
  if (result.kind === 'closed') return { ok: false, reason: 'unreachable', code: 'ECLOSED', message: '' };
  return classify(result.error, service.tokens.canRefresh);
}

const badReply = (what: string): Failure => ({ ok: false, reason: 'http', code: 'BAD_REPLY', message: what });

/** Every page of a list (until a short page, at most MAX_PAGES). */
async function allPages<T>(
  service: EzvizService,
  spec: OperationSpec,
  read: (data: unknown) => T[] | undefined,
): Promise<Answer<{ items: T[]; truncated: boolean }>> {
  const items: T[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await send(service, spec, { pageStart: page, pageSize: PAGE_SIZE });
    if (!r.ok) return r;
    const got = read(r.data);
    if (!got) return badReply(spec.path);
    for (const item of got) items.push(item); // (not push(...got): a page of 100,000 entries overflows the stack)
    if ((r.data as unknown[]).length < PAGE_SIZE) return { ok: true, items, truncated: false };
  }
  return { ok: true, items, truncated: true };
}

/** The account's devices (device/list only): what "test connection" counts. */
export async function listDevices(
  service: EzvizService,
): Promise<Answer<{ devices: DeviceEntry[]; truncated: boolean }>> {
  const r = await allPages(service, ACCOUNT_CALLS.deviceList, readDevicePage);
  return r.ok ? { ok: true, devices: r.items, truncated: r.truncated } : r;
}

/** The account's devices with their channels (device/list and camera/list). */
export async function listCameras(
  service: EzvizService,
): Promise<Answer<{ devices: DeviceEntry[]; truncated: boolean }>> {
  // One after the other: the first fetches the token, the second uses it.
  const devices = await allPages(service, ACCOUNT_CALLS.deviceList, readDevicePage);
  if (!devices.ok) return devices;
  const channels = await allPages(service, ACCOUNT_CALLS.cameraList, readCameraPage);
  if (!channels.ok) return channels;
  return {
    ok: true,
    devices: mergeAccount(devices.items, channels.items),
    truncated: devices.truncated || channels.truncated,
  };
}

/** What one device (channel) reports it supports. */
export async function deviceCapacity(
  service: EzvizService,
  serial: string,
  channelNo?: number,
): Promise<Answer<{ capacity: Capacity }>> {
  const fields: Record<string, string | number> = { deviceSerial: serial };
  if (channelNo !== undefined) fields.channelNo = channelNo;
  const r = await send(service, ACCOUNT_CALLS.capacity, fields);
  if (!r.ok) return r;
  const capacity = readCapacity(r.data);
  return capacity ? { ok: true, capacity } : badReply(ACCOUNT_CALLS.capacity.path);
}
