// The editor's way to the account (docs/behaviour.md section 10): admin routes under `ezviz-open/` of
// Node-RED's admin API. POST with a JSON body only, write permission of the config node type,
// relative URLs from the editor (so httpAdminRoot and adminAuth apply as to Node-RED's own routes).
//
// A request is checked and read by admin-request.ts (the values of a config dialog, deployed or
// not), answered by the service admin-services.ts picks for those values (answers kept 60 s), and
// replied to here. No reply and no log line holds a secret: replies are built from the device
// fields of docs/api/more-api.md, failures from a reason, a code and the runtime's message.

import type { NodeAPI } from 'node-red';
import type { Request, Response } from 'express';
import { deviceCapacity, listCameras, listDevices } from '../../runtime/account/account';
import type { DeviceEntry } from '../../runtime/account/account-list';
import type { Failure } from '../../runtime/account/account-reasons';
import type { Capacity } from '../../client/operations/capacity';
import type { Translate } from '../../client/errors/translate';
import { CONFIG_TYPE } from '../../client/operations/operations';
import {
  checkRequest,
  isBad,
  readAccount,
  readCamera,
  storedCredentials,
  type AccountValues,
  type BadRequest,
} from './admin-request';
import { answer } from './admin-services';
import { deployedBase } from './admin-deployed';
import { registerUsageRoute } from './admin-usage';

/** Path prefix of the routes (relative to httpAdminRoot). */
export const ADMIN_PREFIX = 'ezviz-open';

type Handler = (
  values: AccountValues,
  body: Record<string, unknown>,
  fresh: boolean,
  t: Translate,
) => Promise<object | BadRequest>;

const noCredentials = (): Failure => ({ ok: false, reason: 'noCredentials', code: 'NO_CREDENTIALS', message: '' });
const hasCredentials = (v: AccountValues): boolean => Boolean(v.accessToken || (v.appKey && v.appSecret));

/** The reply of a device list: the fields of docs/api/more-api.md only. */
function devicesReply(devices: DeviceEntry[]): DeviceEntry[] {
  return devices.map((d) => ({
    serial: d.serial,
    name: d.name,
    model: d.model,
    online: d.online,
    channels: d.channels.map((c) => ({ channelNo: c.channelNo, name: c.name, online: c.online })),
  }));
}

/** Test connection: a token and the device list; the number of devices. */
const testRoute: Handler = async (values, _body, fresh, t) => {
  if (!hasCredentials(values)) return noCredentials();
  const a = await answer(values, 'devices', fresh, t, listDevices);
  return a.ok ? { ok: true, devices: a.devices.length, truncated: a.truncated } : a;
};

/** The picker: devices with their channels. */
const camerasRoute: Handler = async (values, _body, fresh, t) => {
  if (!hasCredentials(values)) return noCredentials();
  const a = await answer(values, 'cameras', fresh, t, listCameras);
  return a.ok ? { ok: true, devices: devicesReply(a.devices), truncated: a.truncated } : a;
};

/** What one device (channel) supports. */
const capacityRoute: Handler = async (values, body, fresh, t) => {
  const camera = readCamera(body);
  if (isBad(camera)) return camera;
  if (!hasCredentials(values)) return noCredentials();
  const a = await answer(values, `capacity|${camera.serial}|${camera.channelNo ?? ''}`, fresh, t, (s) =>
    deviceCapacity(s, camera.serial, camera.channelNo),
  );
  return a.ok
    ? { ok: true, deviceSerial: camera.serial, channelNo: camera.channelNo ?? null, capacity: a.capacity as Capacity }
    : a;
};

const ROUTES: Record<string, Handler> = { test: testRoute, cameras: camerasRoute, capacity: capacityRoute };

export function registerAdminRoutes(RED: NodeAPI, t: Translate): void {
  // A runtime without an admin API (embedded with httpAdminRoot false, or a test double): no routes.
  if (!RED.httpAdmin || typeof RED.httpAdmin.post !== 'function' || !RED.auth) return;
  const permission = RED.auth.needsPermission(`${CONFIG_TYPE}.write`);
  const stored = storedCredentials(RED, deployedBase);
  registerUsageRoute(RED, ADMIN_PREFIX);
  for (const [name, handler] of Object.entries(ROUTES)) {
    RED.httpAdmin.post(`/${ADMIN_PREFIX}/${name}`, permission, (req: Request, res: Response) => {
      const refuse = (b: BadRequest) =>
        res.status(b.status).json({ error: b.reason, field: b.field, message: b.message });
      const badRequest = checkRequest(req);
      if (badRequest) return void refuse(badRequest);
      const values = readAccount(req.body, stored);
      if (isBad(values)) return void refuse(values);
      const body = req.body as Record<string, unknown>;
      handler(values, body, body.refresh === true, t).then(
        (out) => {
          if (isBad(out)) refuse(out);
          else res.json(out);
        },
        () => {
          res.status(500).json({ error: 'internal', message: 'the request failed' });
        },
      );
    });
  }
}
