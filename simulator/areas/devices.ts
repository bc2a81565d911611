// The account's devices, channels and capabilities (docs/api/more-api.md): device/list,
// camera/list and device/capacity. The capability flags are computed from the same device
// record that decides how PTZ, mirror, presets, capture and cloud storage answer, so a flag and
// the behaviour cannot disagree.

import type { Area } from '../area';
import { accountDevices, answer, authenticate, chinaDate, lookupChannel, ok, ownDevice, pageOf, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Route } from '../routes';
import type { Device, SimulatorState } from '../state';

/** A picture URL of a channel (camera/list `picUrl`), served by the simulator. */
export const coverUrl = (origin: string, serial: string, channelNo: number): string =>
  `${origin}/sim-pictures/cover-${serial}-${channelNo}.jpg`;

function deviceItem(state: SimulatorState, serial: string, dev: Device, index: number): Record<string, unknown> {
  return {
    deviceSerial: serial,
    deviceName: dev.name,
    deviceType: dev.model,
    status: dev.online ? 1 : 0,
    defence: dev.defence,
    deviceVersion: dev.version,
    updateTime: state.settings.updateTimeFormat === 'ms' ? dev.updateTime : chinaDate(dev.updateTime),
    // Extra fields some editions carry (more-api: "read what is there, ignore the rest").
    id: `sim-${index + 1}`,
    parentCategory: dev.kind === 'nvr' ? 'NVR' : 'IPC',
  };
}

/** /api/lapp/device/list: the account's devices, a page at a time. */
export function deviceList(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    const items = accountDevices(state, app.account).map(([serial, dev], i) => deviceItem(state, serial, dev, i));
    const { data, page } = pageOf(items, params);
    return { ...ok(data), page };
  });
}

/** /api/lapp/camera/list: every channel of the account's devices (a camera has channel 1). */
export function cameraList(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    const items: Record<string, unknown>[] = [];
    for (const [serial, dev] of accountDevices(state, app.account)) {
      const nos = Object.keys(dev.channels)
        .map(Number)
        .sort((a, b) => a - b);
      for (const no of nos) {
        const ch = dev.channels[String(no)];
        items.push({
          deviceSerial: serial,
          channelNo: no,
          channelName: ch.name,
          status: dev.online && ch.online ? 1 : 0,
          isShared: ch.shared ? '1' : '0',
          picUrl: coverUrl(ctx.publicOrigin, serial, no),
          isEncrypt: dev.capabilities.encryption ? 1 : 0,
          videoLevel: ch.videoLevel,
        });
      }
    }
    const { data, page } = pageOf(items, params);
    return { ...ok(data), page };
  });
}

const flag = (b: boolean): string => (b ? '1' : '0');

/** The capability flags of a device, as device/capacity reports them (strings "0"/"1"). */
export function capacityOf(dev: Device): Record<string, string> {
  const c = dev.capabilities;
  const ptz = c.ptz;
  return {
    support_ptz: flag(ptz),
    ptz_top_bottom: flag(ptz),
    ptz_left_right: flag(ptz),
    ptz_45: flag(ptz && c.diagonal),
    ptz_zoom: flag(ptz && c.zoom),
    ptz_focus: flag(ptz && c.focus),
    ptz_preset: flag(ptz && c.presets),
    ptz_common_cruise: flag(ptz && c.cruise),
    ptz_center_mirror: flag(c.mirror && c.mirrorModes.includes(2)),
    ptz_left_right_mirror: flag(c.mirror && c.mirrorModes.includes(1)),
    ptz_top_bottom_mirror: flag(c.mirror && c.mirrorModes.includes(0)),
    support_capture: flag(c.capture),
    // device/info refuses NVRs (60020), so an NVR does not claim cloud storage here.
    support_cloud: flag(c.cloudStorage && dev.kind !== 'nvr'),
    support_cloud_version: flag(c.cloudStorage && dev.kind !== 'nvr'),
    support_defence: flag(c.defence),
    support_privacy: flag(c.privacy),
    support_talk: String(c.talk),
    // settings and firmware (media-api sections 5 and 6; areas/settings.ts)
    support_sensibility_adjust: flag(!dev.camera.unsupported.includes('sensitivity')),
    support_defenceplan: flag(!dev.camera.unsupported.includes('schedule')),
    support_close_infrared_light: flag(!dev.camera.unsupported.includes('infrared')),
    support_upgrade: flag(!dev.camera.unsupported.includes('upgrade')),
  };
}

/** /api/lapp/device/capacity. Errors: 10001, 10002, 20002, 20014, 20018, 49999; a channelNo the
 * device lacks: 20032. Offline devices answer too (the service keeps the capability set). */
export function deviceCapacity(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    const dev = ownDevice(state, app, params.deviceSerial as string);
    if (params.channelNo !== undefined) lookupChannel(dev, params.channelNo as number);
    if (dev.flags.dataException) stop('49999');
    return ok(capacityOf(dev));
  });
}

export const devicesArea: Area = {
  handlers: { 'device-list': deviceList, 'camera-list': cameraList, 'device-capacity': deviceCapacity },
};
