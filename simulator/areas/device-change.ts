// A device changed as the vendor's app (or the camera itself) would (POST /sim/device, listed by
// switches.ts): online, arming and its `camera` state, so that `watch` sees it.

import { publishOnOffline } from './mq';
import type { SimulatorState } from '../state';
import { normalizeCamera } from '../state/camera';

/**
 * POST /sim/device {deviceSerial, online?, defence?, camera?: {...}}: changes a device as the
 * vendor's app (or the camera itself) would, so that `watch` sees it; answers device/info's data.
 * `camera` fields are those of a state file's device `camera` (switch-state.ts).
 */
export function changeDevice(state: SimulatorState, body: unknown, now: number): Record<string, unknown> {
  const b = (body ?? {}) as Record<string, unknown>;
  const serial = typeof b.deviceSerial === 'string' ? b.deviceSerial : '';
  const dev = Object.prototype.hasOwnProperty.call(state.devices, serial) ? state.devices[serial] : undefined;
  if (!dev) throw new Error(`deviceSerial "${serial}" is not in devices`);
  if (b.online !== undefined && typeof b.online !== 'boolean') throw new Error('online must be true or false');
  if (b.defence !== undefined && ![0, 1, 8, 16].includes(b.defence as number))
    throw new Error('defence must be 0, 1, 8 or 16');
  const patch = b.camera === undefined ? {} : b.camera;
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new Error('camera must be an object');
  const camera = normalizeCamera({ ...dev.camera, ...patch }, 'camera');
  // A device going online or offline is a ys.onoffline message of the message service (areas/mq.ts).
  if (b.online !== undefined && b.online !== dev.online) publishOnOffline(state, serial, b.online as boolean, now);
  if (b.online !== undefined) dev.online = b.online as boolean;
  if (b.defence !== undefined) dev.defence = b.defence as number;
  dev.camera = camera;
  dev.updateTime = now;
  return {
    ok: true,
    deviceSerial: serial,
    online: dev.online,
    defence: dev.defence,
    camera: { ...camera, verificationCode: '***' },
  };
}
