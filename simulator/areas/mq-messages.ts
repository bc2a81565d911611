// The messages of the message service (docs/api/watch-api.md section 5; mq.ts publishes them):
// a raised alarm's `ys.alarm` and a device's `ys.onoffline`, each with the account it goes to.

import { randomUUID } from 'crypto';
import { chinaDate } from '../common';
import { alarmPictureForm, pictureUrl } from './pictures';
import type { MqMessage } from './mq-push';
import { ALARM_WORDS } from './alarm-words';
import type { Alarm, SimulatorState } from '../state';

/** A message and the account whose consumers and webhook receive it. */
export interface Addressed {
  account: string;
  message: MqMessage;
}

/** The message of a raised alarm (its picture as alarm/list lists it) and the account it goes to. */
export function alarmMessage(state: SimulatorState, a: Alarm, origin: string): Addressed | undefined {
  const dev = Object.prototype.hasOwnProperty.call(state.devices, a.deviceSerial)
    ? state.devices[a.deviceSerial]
    : undefined;
  if (!dev) return undefined;
  const url = a.picture ? pictureUrl(origin, a.picture, alarmPictureForm(a) !== 'plain') : '';
  const message: MqMessage = {
    header: {
      channelNo: a.channelNo,
      deviceId: a.deviceSerial,
      messageId: randomUUID(),
      messageTime: a.alarmTime,
      type: 'ys.alarm',
    },
    body: {
      alarmId: a.alarmId,
      alarmTime: chinaDate(a.alarmTime),
      // A message gives the word (docs/api/events-api.md section 1); a number the table lacks as it is.
      alarmType: a.word ?? ALARM_WORDS.get(a.alarmType) ?? a.alarmType,
      alarmName: a.alarmName,
      channelName: dev.channels[String(a.channelNo)]?.name ?? '',
      describe: a.alarmName,
      isEncrypt: a.isEncrypt,
      deviceSerial: a.deviceSerial,
      ...(a.customInfo === undefined ? {} : { customType: `${dev.model}_FACE`, customInfo: a.customInfo }),
      ...(a.location === undefined ? {} : { location: a.location }),
    },
    pictureList: url ? [{ id: a.picture, url, shortUrl: url }] : [],
  };
  return { account: dev.account, message };
}

/** A device goes online or offline (POST /sim/device with `online`): its state changes; its `ys.onoffline` message. */
export function onOfflineMessage(state: SimulatorState, serial: string, online: boolean, now: number): Addressed {
  const dev = Object.prototype.hasOwnProperty.call(state.devices, serial) ? state.devices[serial] : undefined;
  if (!dev) throw new Error(`onoffline: deviceSerial "${serial}" is not in devices`);
  dev.online = online;
  dev.updateTime = now;
  const message: MqMessage = {
    header: { channelNo: 0, deviceId: serial, messageId: randomUUID(), messageTime: now, type: 'ys.onoffline' },
    body: {
      msgType: online ? 'ONLINE' : 'OFFLINE',
      deviceName: dev.name,
      deviceSerial: serial,
      time: chinaDate(now),
    },
    pictureList: [],
  };
  return { account: dev.account, message };
}
