// Alarms (docs/api/more-api.md): alarm/list (and the per-device alarm/device/list) lists the
// alarms of the state, newest first, within the 7-day window; alarms are raised through
// POST /sim/alarm, `sim.raiseAlarm` or `raiseAlarm` (alarm-raise.ts).

import type { Area } from '../area';
import { answer, authenticate, chinaDate, chinaMidnight, ok, ownDevice, pageOf, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Route } from '../routes';
import { DAY_MS } from '../state';
import type { Alarm, SimulatorState } from '../state';
import { alarmPictureForm, pictureUrl } from './pictures';
import { publishDeviceStatus, raiseAlarm } from './alarm-raise';

export { publishDeviceStatus, raiseAlarm, type AlarmInput } from './alarm-raise';

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
    // Only the page asked for is made into items: a long list is paged through one page at a time.
    const listed = state.alarms
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
      .sort((a, b) => b.alarmTime - a.alarmTime);
    const { data, page } = pageOf(listed, params);
    return { ...ok(data.map((a) => alarmItem(state, a, ctx.publicOrigin))), page };
  });
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
