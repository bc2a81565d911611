// A message of the message service (docs/api/watch-api.md section 5), as the consumer fetches
// it and as a webhook push carries it: `{header: {channelNo, deviceId, messageId, messageTime,
// type}, body: {...}, pictureList: [{id, url, shortUrl}]}` -> what the alarm node sends. An
// `ys.alarm` becomes an alarm-list item read by alarm-items.ts's mapAlarm, so every source builds
// the payload of docs/behaviour.md section 11 in one place; `ys.onoffline` becomes the online/offline
// payload of section 15. Pure: no Node.js imports, no clock.

import { alarmKey, AlarmPayload, mapAlarm } from './alarm-items';
import { integer } from '../../client/replies/replies';
import { callEvent, type CallEvent } from './call-message';
import { rowOfWord } from './alarm-kinds';
import { localName } from './alarm-recognized';
import { deviceStatusOf, type StatusReport } from './device-status';
import { otherMessage, type OtherMessage } from './other-message';

export type { CallEvent } from './call-message';
export { MAX_OTHER_BODY, type OtherMessage } from './other-message';

export type AlarmSourceKind = 'poll' | 'consumer' | 'webhook';

/** The msg.payload of an alarm: section 11's plus where it came from. */
export type SourcedAlarm = AlarmPayload & { source: AlarmSourceKind };

/** The msg.payload of `ys.onoffline` (docs/behaviour.md section 15). */
export interface OnOffline {
  event: 'online' | 'offline';
  deviceSerial: string;
  deviceName: string;
  /** ms since the epoch (the message's time). */
  time: number;
}

export type MessageEvent =
  | { kind: 'alarm'; messageId: string; time: number; alarm: AlarmPayload }
  | { kind: 'onoffline'; messageId: string; time: number; event: OnOffline }
  /** `callingId`: the call's own id ('' when the message has none): a ring sent again under a new
   * message id is the same ring. */
  | { kind: 'call'; messageId: string; time: number; event: CallEvent; callingId: string }
  /** A `ys.devicestatus` battery or storage report (sent with the option `status`, else as `message`). */
  | { kind: 'status'; messageId: string; time: number; report: StatusReport; message?: OtherMessage }
  /** A message of another type (`message`: sent with the option `others`), or one that lacks what
   * its type needs (no `message`: acknowledged, never sent). */
  | { kind: 'other'; messageId: string; time?: number; message?: OtherMessage };

/** Words 0.3 read that the vendor's table (alarms/alarm-kinds.ts) does not have, kept as they were. */
export const ALARM_TYPE_WORDS: Readonly<Record<string, number>> = Object.freeze({ motion: 10002, callbell: 10016 });

/** Pictures looked at (a message may list thousands: only the first usable URL is taken). */
const PICTURES_READ = 10;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** "yyyy-MM-dd HH:mm:ss" in China time (UTC+8), as the vendor writes dates, -> ms. */
function chinaTime(s: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(s.trim());
  if (!m) return undefined;
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - 8 * 3600 * 1000;
  return Number.isFinite(ms) ? ms : undefined;
}

/** A time as ms (a number, digits, or a China-time date), or undefined. */
export function messageTime(v: unknown): number | undefined {
  const n = integer(v) ?? (typeof v === 'string' ? chinaTime(v) : undefined);
  return n !== undefined && n > 0 && n < 8.64e15 ? n : undefined;
}

/** A message's alarmType as mapAlarm reads it: a word the table does not know but 0.3 did -> its number. */
function alarmType(v: unknown): unknown {
  if (typeof v !== 'string' || /^-?\d+$/.test(v) || rowOfWord(v)) return v;
  return ALARM_TYPE_WORDS[v.trim().toLowerCase()] ?? v;
}

function pictureUrl(list: unknown): string {
  if (!Array.isArray(list)) return '';
  for (const p of list.slice(0, PICTURES_READ)) {
    const url = isObject(p) ? p.url : undefined;
    if (typeof url === 'string' && /^https?:\/\//i.test(url)) return url;
  }
  return '';
}

function idOf(v: unknown): string {
  if (typeof v === 'string') return v.length <= 256 ? v : '';
  return typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : '';
}

/** The alarm-list item an `ys.alarm` message stands for (mapAlarm checks every field). */
function alarmItem(
  header: Record<string, unknown>,
  body: Record<string, unknown>,
  pictures: unknown,
  messageId: string,
): Record<string, unknown> {
  const named = typeof body.alarmName === 'string' ? body.alarmName : body.describe;
  return {
    alarmId: idOf(body.alarmId) || messageId,
    alarmName: typeof named === 'string' ? named : '',
    alarmType: alarmType(body.alarmType),
    alarmTime: messageTime(body.alarmTime) ?? messageTime(header.messageTime),
    deviceSerial: typeof header.deviceId === 'string' ? header.deviceId : body.deviceSerial,
    channelNo: header.channelNo ?? body.channelNo ?? body.channel,
    alarmPicUrl: pictureUrl(pictures),
    isEncrypt: body.isEncrypt ?? body.crypt ?? null,
    isChecked: body.isChecked ?? 0,
    // What was recognized (docs/api/events-api.md section 3): read by alarm-recognized.ts.
    customInfo: body.customInfo ?? body.customerInfo,
    location: body.location,
    detectorSerial: body.detectorSerial,
  };
}

function onOffline(
  header: Record<string, unknown>,
  body: Record<string, unknown>,
  time: number,
): OnOffline | undefined {
  const type = typeof body.msgType === 'string' ? body.msgType.trim().toUpperCase() : '';
  const serial = typeof header.deviceId === 'string' ? header.deviceId.trim() : '';
  if ((type !== 'ONLINE' && type !== 'OFFLINE') || !/^[A-Za-z0-9]{1,64}$/.test(serial)) return undefined;
  return {
    event: type === 'ONLINE' ? 'online' : 'offline',
    deviceSerial: serial.toUpperCase(),
    deviceName: typeof body.deviceName === 'string' ? body.deviceName.slice(0, 256) : '',
    time,
  };
}

/** One message -> what it means, or undefined when it has no usable `header.messageId`. */
export function readMessage(v: unknown): MessageEvent | undefined {
  if (!isObject(v) || !isObject(v.header)) return undefined;
  const header = v.header;
  const messageId = idOf(header.messageId);
  if (!messageId) return undefined;
  const body = isObject(v.body) ? v.body : {};
  const time = messageTime(header.messageTime);
  if (header.type === 'ys.alarm') {
    const alarm = mapAlarm(alarmItem(header, body, v.pictureList, messageId));
    if (alarm) return { kind: 'alarm', messageId, time: time ?? alarm.alarmTime, alarm };
  } else if (header.type === 'ys.onoffline' && time !== undefined) {
    const event = onOffline(header, body, time);
    if (event) return { kind: 'onoffline', messageId, time, event };
  } else if (header.type === 'ys.calling') {
    const event = callEvent(header, body, v.pictureList);
    if (event) return { kind: 'call', messageId, time: Date.parse(event.time), event, callingId: idOf(body.callingId) };
  } else if (header.type !== 'ys.alarm' && header.type !== 'ys.onoffline') {
    const message = otherMessage(header, v.body);
    const report = header.type === 'ys.devicestatus' ? deviceStatusOf(header, body, time) : undefined;
    return report
      ? { kind: 'status', messageId, time: report.time, report, message }
      : { kind: 'other', messageId, time, message };
  }
  return { kind: 'other', messageId, time };
}

/** What makes `e` the same event as one seen before: its message id, and an alarm's id (with its
 * state where it is an end, docs/behaviour.md section 27) or a call's id with its action (the platform may send one alarm or one ring again under a new message id). */
export function sameEventKeys(e: MessageEvent): string[] {
  const keys = [`m:${e.messageId}`];
  if (e.kind === 'alarm') keys.push(`a:${alarmKey(e.alarm)}`);
  else if (e.kind === 'call' && e.callingId) keys.push(`c:${e.callingId}:${e.event.action}`);
  return keys;
}

/** The payload an alarm leaves with, whatever the source (docs/behaviour.md sections 15 and 27): its
 * name in the node's language, a face's name from the camera's own list where the alarm has one
 * (face-line.ts), else from `faceName` (the config node's list). */
export function sourcedAlarm(
  alarm: AlarmPayload,
  source: AlarmSourceKind,
  lang: 'en' | 'zh' = 'en',
  faceName?: (id: string) => string | undefined,
): SourcedAlarm {
  const out: SourcedAlarm = { ...alarm, name: localName(alarm, lang), source };
  if (alarm.face) out.face = { id: alarm.face.id, name: alarm.face.name ?? faceName?.(alarm.face.id) ?? null };
  return out;
}
