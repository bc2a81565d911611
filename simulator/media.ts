// Pictures and alarms (spec/ezviz-more-api.md): device/capture hands out a picture URL that the
// simulator itself serves (/sim-pictures/<id>.jpg) for `pictureLifetimeMs`; alarm/list (and the
// per-device alarm/device/list) lists the alarms of the state, newest first, within the 7-day
// window; alarms are raised through POST /sim/alarm or `raiseAlarm`.

import { randomBytes } from 'crypto';
import {
  answer, authenticate, chinaDate, chinaMidnight, ok, ownDevice, pageOf, reachableCamera, stop,
} from './common';
import type { ApiResult, CallContext } from './common';
import type { Route } from './routes';
import { DAY_MS, normalizeAlarm } from './state';
import type { Alarm, SimulatorState } from './state';

/** Where pictures are served (GET; no API path starts with it). */
export const PICTURE_PREFIX = '/sim-pictures/';
/** The query window of alarm/list (more-api: only the last 7 days). */
export const ALARM_WINDOW_MS = 7 * DAY_MS;
/** Capture pictures kept at most (the oldest are forgotten first). */
const PICTURE_LIMIT = 1000;

export const pictureUrl = (origin: string, id: string): string => `${origin}${PICTURE_PREFIX}${id}.jpg`;

function forgetOldPictures(state: SimulatorState, now: number): void {
  for (const [id, p] of state.pictures) if (p.expireTime <= now) state.pictures.delete(id);
  while (state.pictures.size >= PICTURE_LIMIT) {
    const oldest = state.pictures.keys().next().value as string;
    state.pictures.delete(oldest);
  }
}

/**
 * /api/lapp/device/capture. Order: token, parameters (10001), serial (20014), device (20002),
 * account (20018), channel (20032), offline (20007), flags networkError (20006), timeout
 * (20008), dataException (49999), captureDenied (10051), a model that cannot capture (60017),
 * sooner than `captureMinIntervalMs` after the last capture of the camera (20008), the account's
 * daily count (10028), then the picture.
 */
export function deviceCapture(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, serial, channelNo, dev } = reachableCamera(state, route, f, ctx);
    if (dev.flags.captureDenied) stop('10051');
    if (!dev.capabilities.capture) stop('60017');
    const { now } = ctx;
    const camera = `${serial}/${channelNo}`;
    const last = state.lastCaptures.get(camera);
    const minGap = state.settings.captureMinIntervalMs;
    if (minGap > 0 && last !== undefined && now - last < minGap) stop('20008');
    const day = chinaMidnight(now);
    let count = state.captureCounts.get(app.account);
    if (!count || count.day !== day) {
      count = { day, count: 0 };
      state.captureCounts.set(app.account, count);
    }
    if (count.count >= state.settings.captureDailyLimit) stop('10028');
    count.count += 1;
    state.lastCaptures.set(camera, now);
    forgetOldPictures(state, now);
    const id = `cap-${randomBytes(12).toString('hex')}`;
    state.pictures.set(id, { deviceSerial: serial, channelNo, time: now, expireTime: now + state.settings.pictureLifetimeMs });
    return ok({ picUrl: pictureUrl(ctx.publicOrigin, id) });
  });
}

/** Whether `id` names a picture the simulator serves now: a capture not yet expired, an alarm's
 * picture, or a channel cover (`cover-<serial>-<channelNo>`). */
export function pictureExists(state: SimulatorState, id: string, now: number): boolean {
  const cap = state.pictures.get(id);
  if (cap) return cap.expireTime > now;
  const cover = /^cover-([A-Z0-9]{9})-(\d{1,4})$/.exec(id);
  if (cover) {
    const dev = Object.prototype.hasOwnProperty.call(state.devices, cover[1]) ? state.devices[cover[1]] : undefined;
    return !!dev && Object.prototype.hasOwnProperty.call(dev.channels, String(Number(cover[2])));
  }
  return id !== '' && state.alarms.some((a) => a.picture === id);
}

/** An alarm as alarm/list answers it. */
export function alarmItem(state: SimulatorState, a: Alarm, origin: string): Record<string, unknown> {
  return {
    alarmId: a.alarmId,
    alarmName: a.alarmName,
    alarmType: a.alarmType,
    alarmTime: a.alarmTime,
    channelNo: a.channelNo,
    isEncrypt: a.isEncrypt,
    isChecked: a.isChecked,
    deviceSerial: a.deviceSerial,
    alarmPicUrl: a.picture ? pictureUrl(origin, a.picture) : '',
    // Extra fields some editions carry; clients read what they know.
    deviceName: state.devices[a.deviceSerial]?.name ?? a.deviceSerial,
    alarmStart: chinaDate(a.alarmTime),
  };
}

/**
 * /api/lapp/alarm/list (optional `deviceSerial` filter) and /api/lapp/alarm/device/list
 * (`deviceSerial` required). Defaults: startTime midnight today (China time), endTime now,
 * alarmType -1 (all), status 0 (unread), pageStart 0, pageSize 10. A startTime more than 7 days
 * before now, or an endTime before startTime: 10001. Newest first.
 */
export function alarmList(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    const serial = params.deviceSerial as string | undefined;
    if (serial !== undefined) ownDevice(state, app, serial);
    const { now } = ctx;
    const start = (params.startTime as number | undefined) ?? chinaMidnight(now);
    const end = (params.endTime as number | undefined) ?? now;
    if (start < now - ALARM_WINDOW_MS || end < start) stop('10001');
    const status = (params.status as number | undefined) ?? 0;
    const type = (params.alarmType as number | undefined) ?? -1;
    const items = state.alarms
      .filter((a) => state.devices[a.deviceSerial]?.account === app.account &&
        (serial === undefined || a.deviceSerial === serial) &&
        a.alarmTime >= start && a.alarmTime <= end &&
        (type === -1 || a.alarmType === type) &&
        (status === 2 || a.isChecked === status))
      .reverse()
      .sort((a, b) => b.alarmTime - a.alarmTime)
      .map((a) => alarmItem(state, a, ctx.publicOrigin));
    const { data, page } = pageOf(items, params);
    return { ...ok(data), page };
  });
}

/** Raises an alarm now (or at `alarmTime`/`minutesAgo`); input as a state file's alarm. Throws a
 * StateError naming the field when the input is malformed. */
export function raiseAlarm(state: SimulatorState, input: unknown, now: number): Alarm {
  const alarm = normalizeAlarm(input, now, 'alarm', state.devices);
  if (state.alarms.some((a) => a.alarmId === alarm.alarmId)) throw new Error(`alarm: alarmId "${alarm.alarmId}" exists`);
  // Keep the list ordered by time (oldest first), the newest at the end.
  let i = state.alarms.length;
  while (i > 0 && state.alarms[i - 1].alarmTime > alarm.alarmTime) i -= 1;
  state.alarms.splice(i, 0, alarm);
  const limit = Math.max(1, state.settings.alarmLimit);
  if (state.alarms.length > limit) state.alarms.splice(0, state.alarms.length - limit);
  return alarm;
}
