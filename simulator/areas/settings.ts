// Device settings and firmware (docs/api/media-api.md sections 5 and 6) over a device's
// `camera` state (state/camera.ts): motion sensitivity (China accounts only: an app key with an
// areaDomain is refused, 60020), the arming plan, the infrared light (60022 already so), and the
// firmware: version/info, an upgrade that takes a minute (progress over 45 s, then the device
// reboots: status 1, then offline 20007, then upgraded) or fails after 30 s (status 3). A device
// lacking a setting lists it in `camera.unsupported` (60020).

import type { Area, Handler } from '../area';
import { answer, authenticate, lookupChannel, ok, ownDevice, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Params, Route } from '../routes';
import type { Device, SimulatorState } from '../state';

/** How long the simulated upgrade takes: progress, reboot, offline, done. */
export const UPGRADE_MS = { progress: 45000, reboot: 52000, done: 60000, fails: 30000 };

function device(
  state: SimulatorState,
  route: Route,
  f: URLSearchParams,
  ctx: CallContext,
  what: string,
  online = true,
): { params: Params; dev: Device; intl: boolean } {
  const { app, params } = authenticate(state, route, f, ctx);
  const dev = ownDevice(state, app, params.deviceSerial as string);
  if (params.channelNo !== undefined) lookupChannel(dev, params.channelNo as number);
  if (dev.flags.dataException) stop('49999');
  if (online && !dev.online) stop('20007');
  if (online && dev.flags.networkError) stop('20006');
  if (dev.camera.unsupported.includes(what)) stop('60020');
  return { params, dev, intl: !!app.areaDomain };
}

const changed = (dev: Device, now: number): ApiResult => {
  dev.camera.sleeping = false;
  dev.updateTime = now;
  return ok();
};

// The reads of the detection settings answer from the platform's copy: an offline device is read
// too (their codes have no 20007; a write reaches the device and has it).
const sensitivityGet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { dev, intl } = device(state, route, f, ctx, 'sensitivity', false);
    if (intl) stop('60020');
    return ok(Object.keys(dev.channels).map((no) => ({ type: '0', channel: no, value: dev.camera.sensitivity })));
  });

const sensitivitySet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev, intl } = device(state, route, f, ctx, 'sensitivity');
    if (intl) stop('60020');
    dev.camera.sensitivity = params.value as number;
    return changed(dev, ctx.now);
  });

const scheduleGet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { dev } = device(state, route, f, ctx, 'schedule', false);
    const s = dev.camera.schedule;
    return ok({ startTime: s.startTime, stopTime: s.stopTime, period: s.period, enable: s.enable });
  });

/** "H:mm"/"HH:mm" -> minutes; with `next`, "n" before any time is that time of the next day
 * ("n00:00" 1440, "n06:00" 1800: an overnight window); undefined otherwise. */
function minutes(v: string, next: boolean): number | undefined {
  const m = /^(n?)(\d{1,2}):(\d{2})$/.exec(v);
  if (!m || (m[1] && !next) || Number(m[2]) > 23 || Number(m[3]) > 59) return undefined;
  return (m[1] ? 1440 : 0) + Number(m[2]) * 60 + Number(m[3]);
}

const scheduleSet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev } = device(state, route, f, ctx, 'schedule');
    const start = String(params.startTime ?? '00:00');
    const stopTime = String(params.stopTime ?? 'n00:00');
    const period = String(params.period ?? '0,1,2,3,4,5,6');
    const a = minutes(start, false);
    const b = minutes(stopTime, true);
    // The stop comes after the start, at most 24 h later (docs/api/media-api.md section 5.2).
    if (a === undefined || b === undefined || b <= a || b - a > 1440 || !/^[0-6](,[0-6])*$/.test(period)) stop('10001');
    dev.camera.schedule = { startTime: start, stopTime, period, enable: (params.enable ?? 1) as number };
    return changed(dev, ctx.now);
  });

const infraredGet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev } = device(state, route, f, ctx, 'infrared');
    return ok({
      deviceSerial: params.deviceSerial,
      channelNo: params.channelNo ?? 1,
      enable: dev.camera.infrared ? 1 : 0,
    });
  });

const infraredSet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev } = device(state, route, f, ctx, 'infrared');
    const on = params.enable === 1;
    if (dev.camera.infrared === on) stop('60022');
    dev.camera.infrared = on;
    return changed(dev, ctx.now);
  });

/** Where the device's upgrade stands at `now` (a finished one is applied: the new version). */
function upgradeStage(dev: Device, now: number): { status: number; progress: number } | 'offline' | null {
  const c = dev.camera;
  if (c.upgradeStarted === null) return null;
  const e = now - c.upgradeStarted;
  if (c.firmware.upgrade === 'fail')
    return e >= UPGRADE_MS.fails
      ? { status: 3, progress: 0 }
      : { status: 0, progress: Math.max(1, Math.floor((e / UPGRADE_MS.fails) * 60)) };
  if (e < UPGRADE_MS.progress)
    return { status: 0, progress: Math.max(1, Math.min(99, Math.floor((e / UPGRADE_MS.progress) * 100))) };
  if (e < UPGRADE_MS.reboot) return { status: 1, progress: 100 };
  if (e < UPGRADE_MS.done) return 'offline';
  c.firmware.version = c.firmware.latest;
  return { status: 2, progress: 100 };
}

const versionInfo: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { dev } = device(state, route, f, ctx, 'version', false);
    upgradeStage(dev, ctx.now);
    return ok({ currentVersion: dev.camera.firmware.version, latestVersion: dev.camera.firmware.latest });
  });

const upgrade: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { dev } = device(state, route, f, ctx, 'upgrade');
    const stage = upgradeStage(dev, ctx.now);
    if (stage === 'offline') return stop('20007');
    if (stage && stage.status === 1) stop('60015');
    if (stage && stage.status === 0) stop('60014');
    if (dev.camera.firmware.version === dev.camera.firmware.latest) stop('60013');
    dev.camera.upgradeStarted = ctx.now;
    return ok();
  });

const upgradeStatus: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { dev } = device(state, route, f, ctx, 'upgrade', false);
    const stage = upgradeStage(dev, ctx.now);
    if (stage === 'offline' || (!dev.online && stage === null)) stop('20007');
    return ok(stage ?? { status: 2, progress: 100 });
  });

export const settingsArea: Area = {
  handlers: {
    'sensitivity-get': sensitivityGet,
    'sensitivity-set': sensitivitySet,
    'schedule-get': scheduleGet,
    'schedule-set': scheduleSet,
    'infrared-get': infraredGet,
    'infrared-set': infraredSet,
    'version-info': versionInfo,
    upgrade,
    'upgrade-status': upgradeStatus,
  },
};
