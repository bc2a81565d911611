// Alarms (docs/api/more-api.md): alarm/list (and the per-device alarm/device/list) lists the
// alarms of the state, newest first, within the 7-day window; alarms are raised through
// POST /sim/alarm, `sim.raiseAlarm` or `raiseAlarm`.

import type { Area } from '../area';
import { answer, authenticate, chinaDate, chinaMidnight, ok, ownDevice, pageOf, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Route } from '../routes';
import { DAY_MS, normalizeAlarm, StateError } from '../state';
import type { Alarm, SimulatorState } from '../state';
import { alarmPictureForm, pictureUrl } from './pictures';
import { publishAlarm, publishMessage, type MqMessage } from './mq';
import { randomUUID } from 'crypto';
import { alarmCodeOf } from './alarm-words';

/** An alarm to raise (simulator/README.md, "Alarms"). */
export interface AlarmInput {
  deviceSerial: string;
  channelNo?: number;
  alarmType?: number;
  alarmName?: string;
  /** ms since the epoch (default: the clock's now). */
  alarmTime?: number;
  minutesAgo?: number;
  isChecked?: 0 | 1;
  isEncrypt?: 0 | 1;
  /** false: no picture (alarmPicUrl ''). */
  picture?: boolean;
  /** plain, encrypted, preamble or segments (default: encrypted when isEncrypt is 1). */
  pictureForm?: 'plain' | 'encrypted' | 'preamble' | 'segments' | 'cut';
  /** The picture grown to at least this many bytes (still a valid JPEG). */
  pictureBytes?: number;
  alarmId?: string;
  /** The word its messages carry (docs/api/events-api.md section 1); alone, it gives alarmType. */
  type?: string;
  /** A face's id: the messages' customInfo is base64 of {"faceId": ...}. */
  faceId?: string;
  /** The messages' customInfo as given. */
  customInfo?: string;
  /** The messages' location (an alarm hub's detector: its name). */
  location?: string;
  /** A detector of the device's hub: its alarm word and its name (location) by default. */
  detectorSerial?: string;
}

/** The query window of alarm/list (more-api: only the last 7 days). */
export const ALARM_WINDOW_MS = 7 * DAY_MS;

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
    alarmPicUrl: a.picture ? pictureUrl(origin, a.picture, alarmPictureForm(a) !== 'plain') : '',
    // Extra fields some editions carry; clients read what they know (customerType/customerInfo:
    // null in every documented example, docs/api/events-api.md section 3.1).
    deviceName: state.devices[a.deviceSerial]?.name ?? a.deviceSerial,
    alarmStart: chinaDate(a.alarmTime),
    customerType: null,
    customerInfo: null,
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
      .filter(
        (a) =>
          state.devices[a.deviceSerial]?.account === app.account &&
          (serial === undefined || a.deviceSerial === serial) &&
          a.alarmTime >= start &&
          a.alarmTime <= end &&
          (type === -1 || a.alarmType === type) &&
          (status === 2 || a.isChecked === status),
      )
      .reverse()
      .sort((a, b) => b.alarmTime - a.alarmTime)
      .map((a) => alarmItem(state, a, ctx.publicOrigin));
    const { data, page } = pageOf(items, params);
    return { ...ok(data), page };
  });
}

/** The alarm word of a hub detector's type (docs/api/events-api.md section 3.3). */
const DETECTOR_ALARMS: Readonly<Record<string, string>> = Object.freeze({
  pir: 'infrared',
  fire: 'fire',
  magnetometer: 'magnetometer',
  gas: 'gas',
  waterlogging: 'waterlogging',
  callhelp: 'emergency',
  curtain: 'curtain',
  move_magnetometer: 'move_magnetometer',
});

/** A detector's alarm (`detectorSerial` of the device's hub): its word from the detector's type and
 * its name in `location`, unless the input gives them. */
function fromDetector(state: SimulatorState, a: Record<string, unknown>): Record<string, unknown> {
  if (a.detectorSerial === undefined) return a;
  const dev = typeof a.deviceSerial === 'string' ? state.devices[a.deviceSerial] : undefined;
  const d = dev?.hub?.detectors.find((x) => x.detectorSerial === a.detectorSerial);
  if (!d) throw new StateError(`alarm: detectorSerial "${String(a.detectorSerial)}" is not a detector of the hub`);
  const { detectorSerial: _d, ...rest } = a;
  return { type: DETECTOR_ALARMS[d.detectorType.toLowerCase()] ?? 'alarmTrig', location: d.location, ...rest };
}

/** An alarm given by its word alone (`type`) gets the table's number for the list. */
function withNumber(state: SimulatorState, input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const a = fromDetector(state, input as Record<string, unknown>);
  if (typeof a.type !== 'string' || a.alarmType !== undefined) return a;
  const code = alarmCodeOf(a.type);
  if (code === undefined) throw new StateError(`alarm: type "${a.type}" is not in the table: give alarmType too`);
  return { ...a, alarmType: code };
}

/** Raises an alarm now (or at `alarmTime`/`minutesAgo`); input as a state file's alarm. Throws a
 * StateError naming the field when the input is malformed. With `origin` (the simulator's URL for
 * its picture) it is also a message of the message service (areas/mq.ts: consumers, webhook). */
export function raiseAlarm(state: SimulatorState, input: unknown, now: number, origin?: string): Alarm {
  const alarm = normalizeAlarm(withNumber(state, input), now, 'alarm', state.devices);
  // An alarm and its end ("restored" twin, another type) may share an alarmId; nothing else may.
  if (state.alarms.some((a) => a.alarmId === alarm.alarmId && a.alarmType === alarm.alarmType))
    throw new Error(`alarm: alarmId "${alarm.alarmId}" exists`);
  // Keep the list ordered by time (oldest first), the newest at the end.
  let i = state.alarms.length;
  while (i > 0 && state.alarms[i - 1].alarmTime > alarm.alarmTime) i -= 1;
  state.alarms.splice(i, 0, alarm);
  const limit = Math.max(1, state.settings.alarmLimit);
  if (state.alarms.length > limit) state.alarms.splice(0, state.alarms.length - limit);
  if (origin !== undefined) publishAlarm(state, alarm, origin);
  return alarm;
}

/** A `ys.devicestatus` message (docs/api/events-api.md section 4) of a device: `type` and `reported`
 * (an object or an array of objects) as given, to the account's consumers and webhook. */
export function publishDeviceStatus(state: SimulatorState, input: unknown, now: number): MqMessage {
  const a = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const serial = typeof a.deviceSerial === 'string' ? a.deviceSerial : '';
  const dev = Object.prototype.hasOwnProperty.call(state.devices, serial) ? state.devices[serial] : undefined;
  if (!dev) throw new StateError(`devicestatus: deviceSerial "${serial}" is not in devices`);
  if (typeof a.type !== 'string') throw new StateError('devicestatus: type must be a string');
  const reported = a.reported ?? {};
  if (typeof reported !== 'object' || reported === null)
    throw new StateError('devicestatus: reported must be an object or a list');
  const message: MqMessage = {
    header: { channelNo: 0, deviceId: serial, messageId: randomUUID(), messageTime: now, type: 'ys.devicestatus' },
    body: { type: a.type, reported },
    pictureList: [],
  };
  publishMessage(state, dev.account, message);
  return message;
}

export const alarmsArea: Area = {
  handlers: { 'alarm-list': alarmList, 'alarm-device-list': alarmList },
  admin: {
    '/sim/alarms': {
      GET: ({ ctx, req }) => ctx.state.alarms.map((a) => alarmItem(ctx.state, a, ctx.publicOrigin(req))),
    },
    '/sim/alarm': {
      POST: ({ ctx, req, json }) => {
        const list = Array.isArray(json) ? json : [json];
        const raised = list.map((a) => raiseAlarm(ctx.state, a, ctx.clock.now(), ctx.publicOrigin(req)));
        return { ok: true, alarms: raised.map((a) => alarmItem(ctx.state, a, ctx.publicOrigin(req))) };
      },
    },
    '/sim/devicestatus': {
      POST: ({ ctx, json }) => {
        const list = Array.isArray(json) ? json : [json];
        const sent = list.map((m) => publishDeviceStatus(ctx.state, m, ctx.clock.now()));
        return { ok: true, messages: sent.map((m) => m.header.messageId) };
      },
    },
  },
  adminIndex: [
    'GET  /sim/alarms',
    'POST /sim/alarm {deviceSerial,channelNo?,alarmType?,type?,detectorSerial?,faceId?,customInfo?,location?,alarmName?,alarmTime?,minutesAgo?,isChecked?,isEncrypt?,picture?,pictureForm?,pictureBytes?}',
    'POST /sim/devicestatus {deviceSerial,type,reported} (or a list): a ys.devicestatus message',
  ],
};
