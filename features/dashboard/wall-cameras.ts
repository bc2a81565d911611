// The account's cameras for the dashboard's camera wall (docs/behaviour.md section 28): device/list and
// camera/list through the config node's service (runtime/account/account.ts, as the editor's camera picker
// reads them), flattened to one entry per channel with its name and online state. A device's own
// name goes with its channel 1 when the channel has none.

import type { ConfigNodeLike } from '../../runtime/call-path/lifecycle';
import { listCameras } from '../../runtime/account/account';
import type { AccountCameras } from './panel-types';

export async function accountCameras(cfg: ConfigNodeLike): Promise<AccountCameras> {
  const r = await listCameras(cfg.service);
  if (!r.ok) return { ok: false, error: { code: r.code, message: r.message } };
  const cameras: Extract<AccountCameras, { ok: true }>['cameras'] = [];
  for (const d of r.devices)
    for (const c of d.channels)
      cameras.push({
        deviceSerial: d.serial,
        channelNo: c.channelNo,
        name: c.name || d.name,
        online: c.online ?? d.online,
      });
  return { ok: true, cameras, truncated: r.truncated };
}
