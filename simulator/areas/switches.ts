// Arming, privacy and the other switches, device/info and device/status/get
// (docs/api/watch-api.md sections 2-4) over the device record and its `camera` state
// (switch-state.ts). A set answers 60021/60022 (60016/60019 for encryption) when the device is
// already so, 60020 when it cannot do it; a hub takes 0/8/16 (1 is refused: 10001); status reads
// of an offline device answer 20007, device/info answers with status 0. POST /sim/device:
// device-change.ts.

import { changeDevice } from './device-change';
import type { Area, Handler } from '../area';
import { answer, authenticate, lookupChannel, ok, ownDevice, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Params, Route } from '../routes';
import { SWITCH_PATHS } from '../routes';
import type { Device, SimulatorState } from '../state';
import { SWITCH_FIELDS, type SwitchField } from '../state/camera';

/** The device a state call addresses, checked as the PTZ calls are (common.ts), but the channel
 * only when given and, for reads of device/info, an offline device still answered. */
function stateDevice(
  state: SimulatorState,
  route: Route,
  f: URLSearchParams,
  ctx: CallContext,
  offlineOk = false,
): { params: Params; dev: Device } {
  const { app, params } = authenticate(state, route, f, ctx);
  const dev = ownDevice(state, app, params.deviceSerial as string);
  const channel = params.channelNo ?? params.channel;
  if (channel !== undefined) lookupChannel(dev, channel as number);
  if (!offlineOk && !dev.online) stop('20007');
  if (!offlineOk && dev.flags.networkError) stop('20006');
  if (!offlineOk && dev.flags.timeout) stop('20008');
  if (dev.flags.dataException) stop('49999');
  return { params, dev };
}

/** The switch a set or status path serves. */
function switchOfPath(path: string): keyof typeof SWITCH_FIELDS {
  const name = Object.keys(SWITCH_PATHS).find((k) => SWITCH_PATHS[k].set === path || SWITCH_PATHS[k].status === path);
  return name as keyof typeof SWITCH_FIELDS;
}

/** The device a call of switch `name` addresses (stateDevice), 60020 when it has no such switch. */
function switchDevice(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext, name: string) {
  const { params, dev } = stateDevice(state, route, f, ctx);
  if (!supports(dev, name)) stop('60020');
  return { params, dev };
}

/** The device and the switch a set or status path addresses (switchDevice). */
function switchCall(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext) {
  const name = switchOfPath(route.path);
  return { ...switchDevice(state, route, f, ctx, name), name };
}

function supports(dev: Device, name: string): boolean {
  if (name === 'privacy' && !dev.capabilities.privacy) return false;
  if (name === 'defence' && !dev.capabilities.defence) return false;
  return !dev.camera.unsupported.includes(name);
}

/** A change made by a set: the device wakes and the platform heard from it now. */
function changed(dev: Device, now: number): ApiResult {
  dev.camera.sleeping = false;
  dev.updateTime = now;
  return ok();
}

export const defenceSet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev } = switchDevice(state, route, f, ctx, 'defence');
    const v = params.isDefence as number;
    if (dev.camera.hub ? v === 1 : v > 1) stop('10001');
    if (dev.defence === v) stop('60021');
    dev.defence = v;
    return changed(dev, ctx.now);
  });

export const switchSet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev, name } = switchCall(state, route, f, ctx);
    const field: SwitchField = SWITCH_FIELDS[name];
    const on = params.enable === 1;
    if (dev.camera[field] === on) stop('60022');
    dev.camera[field] = on;
    return changed(dev, ctx.now);
  });

export const switchStatus: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev, name } = switchCall(state, route, f, ctx);
    return ok({
      deviceSerial: params.deviceSerial,
      channelNo: params.channelNo ?? 1,
      enable: dev.camera[SWITCH_FIELDS[name]] ? 1 : 0,
    });
  });

export const encryptOn: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { dev } = switchDevice(state, route, f, ctx, 'encryption');
    if (dev.capabilities.encryption) stop('60019');
    dev.capabilities.encryption = true;
    return changed(dev, ctx.now);
  });

export const encryptOff: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev } = switchDevice(state, route, f, ctx, 'encryption');
    if (params.validateCode !== dev.camera.verificationCode) stop('20010');
    if (!dev.capabilities.encryption) stop('60016');
    dev.capabilities.encryption = false;
    return changed(dev, ctx.now);
  });

export const alarmSoundSet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev } = switchDevice(state, route, f, ctx, 'alarm-sound');
    if (dev.camera.alarmSound === params.type) stop('60022');
    dev.camera.alarmSound = params.type as number;
    return changed(dev, ctx.now);
  });

/** /api/lapp/device/info: answered for offline devices too (status 0). */
export const deviceInfo: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev } = stateDevice(state, route, f, ctx, true);
    const c = dev.camera;
    return ok({
      deviceSerial: params.deviceSerial,
      deviceName: dev.name,
      model: dev.model,
      status: dev.online ? 1 : 0,
      defence: dev.defence,
      isEncrypt: dev.capabilities.encryption ? 1 : 0,
      alarmSoundMode: Math.min(c.alarmSound, 2),
      offlineNotify: c.offlineNotify ? 1 : 0,
      category: dev.model.split('-')[0] ?? 'CS',
      parentCategory: dev.kind === 'nvr' ? 'NVR' : c.hub ? 'AlarmHub' : 'IPC',
      updateTime: dev.updateTime,
      netType: c.signal === null ? 'wire' : 'wireless',
      signal: c.signal === null ? '' : `${c.signal}%`,
      riskLevel: 0,
      netAddress: '203.0.113.7',
      localAddress: '192.168.1.20',
      deviceVersion: c.firmware.version,
    });
  });

/** /api/lapp/device/status/get (channel as `channel` or `channelNo`). */
export const deviceStatus: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { dev } = stateDevice(state, route, f, ctx);
    const c = dev.camera;
    const disk = c.disk;
    return ok({
      privacyStatus: dev.capabilities.privacy ? (c.privacy ? 1 : 0) : 2,
      pirStatus: 1,
      alarmSoundMode: c.alarmSound,
      battryStatus: c.battery ?? -1,
      diskNum: disk.length,
      diskState: disk === '' ? '-' : disk,
      cloudType: 1,
      cloudStatus: dev.capabilities.cloudStorage ? 1 : -2,
      nvrDiskNum: dev.kind === 'nvr' ? disk.length : -1,
      nvrDiskState: dev.kind === 'nvr' ? disk || '-' : '',
      signal: c.signal ?? -1,
      wakeUpStatus: c.battery === null ? -1 : c.sleeping ? 1 : 0,
    });
  });

export const switchesArea: Area = {
  handlers: {
    'defence-set': defenceSet,
    'switch-set': switchSet,
    'switch-status': switchStatus,
    'encrypt-on': encryptOn,
    'encrypt-off': encryptOff,
    'alarm-sound-set': alarmSoundSet,
    'device-info': deviceInfo,
    'device-status': deviceStatus,
  },
  admin: { '/sim/device': { POST: ({ json, ctx }) => changeDevice(ctx.state, json, ctx.clock.now()) } },
  adminIndex: ['POST /sim/device {deviceSerial,online?,defence?,camera?}'],
};
