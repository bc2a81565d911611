// An alarm of a state file or of POST /sim/alarm turned into the model (normalize.ts reads the
// state's list through it), defaults filled in; `minutesAgo` becomes an absolute time.

import { randomUUID } from 'crypto';
import type { Alarm, PictureForm } from './types';
import { PICTURE_FORMS } from './types';
import type { Device } from './device-types';
import { bool, num, obj, StateError, str } from './read';

/** Default names of the alarm types the more-api names (others: "Alarm"). */
export const ALARM_NAMES: Readonly<Record<number, string>> = Object.freeze({
  10000: 'Infrared detection alarm',
  10002: 'Motion detection alarm',
  10016: 'Doorbell ring',
});

/**
 * An alarm from a state file or from /sim/alarm: `deviceSerial` (a device of the state) and
 * optionally `channelNo` (1), `alarmType` (10002), `alarmName`, `alarmTime` (ms) or
 * `minutesAgo` (0), `isChecked` (0), `isEncrypt` (the device's encryption), `picture` (true:
 * a picture served by the simulator, the default; false: none), `alarmId` (generated).
 */
export function normalizeAlarm(v: unknown, now: number, where: string, devices: Record<string, Device>): Alarm {
  const a = obj(v, where);
  const deviceSerial = str(a.deviceSerial, undefined, `${where}.deviceSerial`);
  const dev = Object.prototype.hasOwnProperty.call(devices, deviceSerial) ? devices[deviceSerial] : undefined;
  if (!dev) throw new StateError(`state: ${where}.deviceSerial "${deviceSerial}" is not in devices`);
  const channelNo = num(a.channelNo, 1, `${where}.channelNo`);
  if (!Object.prototype.hasOwnProperty.call(dev.channels, String(channelNo))) {
    throw new StateError(`state: ${where}.channelNo ${channelNo} is not a channel of ${deviceSerial}`);
  }
  const alarmType = num(a.alarmType, 10002, `${where}.alarmType`);
  if (!Number.isInteger(alarmType) || alarmType < 0)
    throw new StateError(`state: ${where}.alarmType must be an integer >= 0`);
  const alarmTime =
    a.alarmTime !== undefined
      ? num(a.alarmTime, 0, `${where}.alarmTime`)
      : now - num(a.minutesAgo, 0, `${where}.minutesAgo`) * 60000;
  const alarmId = str(a.alarmId, randomUUID(), `${where}.alarmId`);
  const isChecked = num(a.isChecked, 0, `${where}.isChecked`);
  if (isChecked !== 0 && isChecked !== 1) throw new StateError(`state: ${where}.isChecked must be 0 or 1`);
  const isEncrypt = num(a.isEncrypt, dev.capabilities.encryption ? 1 : 0, `${where}.isEncrypt`);
  let picture: string;
  if (typeof a.picture === 'string') picture = a.picture;
  else picture = bool(a.picture, true, `${where}.picture`) ? `alarm-${alarmId.replace(/[^A-Za-z0-9-]/g, '')}` : '';
  const form = a.pictureForm === undefined ? undefined : str(a.pictureForm, undefined, `${where}.pictureForm`);
  if (form !== undefined && !(PICTURE_FORMS as readonly string[]).includes(form)) {
    throw new StateError(`state: ${where}.pictureForm must be one of ${PICTURE_FORMS.join(', ')}`);
  }
  const bytes = a.pictureBytes === undefined ? undefined : num(a.pictureBytes, 0, `${where}.pictureBytes`);
  const extra = alarmExtras(a, where);
  if (bytes !== undefined && !(Number.isInteger(bytes) && bytes >= 0 && bytes <= 4 * 1024 * 1024)) {
    throw new StateError(`state: ${where}.pictureBytes must be a whole number from 0 to 4194304`);
  }
  return {
    alarmId,
    deviceSerial,
    channelNo,
    alarmType,
    alarmName: str(a.alarmName, ALARM_NAMES[alarmType] ?? 'Alarm', `${where}.alarmName`),
    alarmTime: Math.floor(alarmTime),
    isEncrypt,
    isChecked,
    picture,
    ...(form === undefined ? {} : { pictureForm: form as PictureForm }),
    ...(bytes === undefined ? {} : { pictureBytes: bytes }),
    ...extra,
  };
}

/** What a message of the alarm carries beyond the list (docs/api/events-api.md section 3): `type`
 * (the word), `customInfo` (as given) or `faceId` (a face: customInfo = base64 of {"faceId": ...}),
 * `location` (a detector's name). */
function alarmExtras(a: Record<string, unknown>, where: string): Pick<Alarm, 'word' | 'customInfo' | 'location'> {
  const out: Pick<Alarm, 'word' | 'customInfo' | 'location'> = {};
  if (a.type !== undefined) out.word = str(a.type, undefined, `${where}.type`);
  if (a.faceId !== undefined) {
    const id = str(a.faceId, undefined, `${where}.faceId`);
    out.customInfo = Buffer.from(JSON.stringify({ faceId: id })).toString('base64');
  }
  if (a.customInfo !== undefined) out.customInfo = str(a.customInfo, undefined, `${where}.customInfo`);
  if (a.location !== undefined) out.location = str(a.location, undefined, `${where}.location`);
  return out;
}
