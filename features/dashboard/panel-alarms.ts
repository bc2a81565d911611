// The panel's events strip through the dashboard door (docs/behaviour.md section 21): a camera's latest
// alarms of a window (alarm/list with the camera's serial, one page of 50, newest first, through
// the config node's one call path) and an alarm's picture through the config node's picture desk
// (2 at a time, 5 MiB, the timeout) decrypted with the account's code for that camera. The code
// never leaves the runtime; the picture URL stays with the panel's runtime (the browser gets the
// alarm's id, time and name, a recognized face's name, and the decrypted bytes when it asks).

import type { Owner } from '../../client/requests/call-types';
import type { ConfigNodeLike } from '../../runtime/call-path/lifecycle';
import { EzvizError, type ErrorInfo } from '../../client/errors/errors';
import { ALARM_LIST } from '../../client/operations/alarm-calls';
import { mapAlarm, type AlarmPayload } from '../alarms/alarm-items';
import { readPage } from '../alarms/alarms';
import { faceBookOf } from '../alarms/face-list';

/** The alarms of one ask, at most. */
export const PANEL_ALARMS = 50;

export type PanelAlarms = { ok: true; alarms: AlarmPayload[] } | { ok: false; error: ErrorInfo } | { ok: 'closed' };
export type PanelPicture = { ok: true; data: Buffer; type: string } | { ok: false; error: ErrorInfo };

const badReply = (detail: string): ErrorInfo =>
  new EzvizError({
    code: 'BAD_REPLY',
    message: detail,
    operation: 'alarm-list',
    source: 'http',
    retriable: false,
  }).toJSON();

/** A camera's alarms between `start` and `end` (ms; the API keeps 7 days), newest first. */
export async function cameraAlarms(
  cfg: ConfigNodeLike,
  camera: { deviceSerial: string; channelNo: number },
  window: { start: number; end: number },
  owner: Owner,
): Promise<PanelAlarms> {
  const fields = {
    deviceSerial: camera.deviceSerial,
    startTime: window.start,
    endTime: window.end,
    status: 2,
    pageStart: 0,
    pageSize: PANEL_ALARMS,
  };
  const r = await cfg.service.call({ spec: ALARM_LIST, fields, owner });
  if (r.kind === 'closed' || owner.closed) return { ok: 'closed' };
  if (r.kind === 'error') return { ok: false, error: r.error.toJSON() };
  const page = readPage(r.reply.data, r.reply.page);
  if (!page) return { ok: false, error: badReply('data is not an array') };
  const alarms: AlarmPayload[] = [];
  for (const item of page.items) {
    const a = mapAlarm(item);
    if (
      a &&
      a.deviceSerial === camera.deviceSerial.toUpperCase() &&
      (a.channelNo === null || a.channelNo === camera.channelNo)
    )
      alarms.push(a);
  }
  alarms.sort((x, y) => y.alarmTime - x.alarmTime);
  const kept = alarms.slice(0, PANEL_ALARMS);
  await nameFaces(cfg, kept, owner);
  return owner.closed ? { ok: 'closed' } : { ok: true, alarms: kept };
}

/** Each recognized face named as the alarm node names it (docs/behaviour.md section 27): by the
 * camera's own face list (asked once per camera and config node), else the config node's list. */
async function nameFaces(cfg: ConfigNodeLike, alarms: AlarmPayload[], owner: Owner): Promise<void> {
  const book = faceBookOf(cfg.service);
  for (const [i, a] of alarms.entries()) {
    if (!a.face || a.face.name) continue;
    const id = a.face.id;
    const name = (await book.name(a.deviceSerial, id, owner).catch(() => undefined)) ?? cfg.faceNames?.get(id);
    alarms[i] = { ...a, face: { id, name: name ?? null } };
  }
}

/** An alarm's picture, decrypted with the account's code for its camera. */
export async function alarmPicture(
  cfg: ConfigNodeLike,
  alarm: { alarmPicUrl: string; deviceSerial: string },
): Promise<PanelPicture> {
  const service = cfg.service;
  const r = await service.pictures.get({
    url: alarm.alarmPicUrl,
    deviceSerial: alarm.deviceSerial,
    codes: service.codes.codes(alarm.deviceSerial),
    operation: 'alarm-list',
  });
  if (r instanceof EzvizError) return { ok: false, error: r.toJSON() };
  return { ok: true, data: r.data, type: r.type };
}
