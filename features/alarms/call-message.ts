// A doorbell or door-station call (`ys.calling`, docs/api/media-api.md section 4) -> what the
// alarm node sends with its option `calls` (docs/behaviour.md section 19): `{event: "call",
// action ("ring" | "answered" | "hung-up"), deviceSerial, channelNo, time (ISO), picture}`. The
// body varies by model: every field is read defensively. Pure: no Node.js imports, no clock.

import { integer } from '../../client/replies/replies';

export interface CallEvent {
  event: 'call';
  action: 'ring' | 'answered' | 'hung-up';
  deviceSerial: string;
  channelNo: number;
  /** ISO time of the call. */
  time: string;
  /** The caller's snapshot (https), '' when the message has none. */
  picture: string;
}

const ACTIONS: Readonly<Record<string, CallEvent['action']>> = {
  0: 'ring',
  1: 'answered',
  2: 'hung-up',
  ring: 'ring',
  answered: 'answered',
  'hung-up': 'hung-up',
  hangup: 'hung-up',
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const httpUrl = (v: unknown): string =>
  typeof v === 'string' && v.length <= 2048 && /^https?:\/\/[^\s]+$/i.test(v) ? v : '';

/** "yyyy-MM-dd HH:mm:ss" in China time (UTC+8) -> ms. */
function chinaTime(s: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(s.trim());
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - 8 * 3600 * 1000 : undefined;
}

/** `timestamp` (epoch seconds, or ms, or a China-time date), else the header's messageTime (ms). */
function callTime(body: Record<string, unknown>, header: Record<string, unknown>): number | undefined {
  const ts = integer(body.timestamp);
  const t =
    ts !== undefined
      ? ts < 1e11
        ? ts * 1000
        : ts
      : typeof body.timestamp === 'string'
        ? chinaTime(body.timestamp)
        : integer(header.messageTime);
  return t !== undefined && t > 0 && t < 8.64e15 ? t : undefined;
}

/** The picture: body.coverUrl.url, else the first http(s) URL of pictureList. */
function picture(body: Record<string, unknown>, pictures: unknown): string {
  const cover = isObject(body.coverUrl) ? httpUrl(body.coverUrl.url) : httpUrl(body.coverUrl);
  if (cover) return cover;
  if (!Array.isArray(pictures)) return '';
  for (const p of pictures.slice(0, 10)) if (isObject(p) && httpUrl(p.url)) return p.url as string;
  return '';
}

/** A `ys.calling` message -> the call, or undefined when it lacks a serial, an action or a time. */
export function callEvent(
  header: Record<string, unknown>,
  body: Record<string, unknown>,
  pictures: unknown,
): CallEvent | undefined {
  const serial = typeof header.deviceId === 'string' ? header.deviceId.trim() : '';
  if (!/^[A-Za-z0-9]{1,64}$/.test(serial)) return undefined;
  const raw = body.action;
  const action =
    typeof raw === 'number' || typeof raw === 'string'
      ? Object.prototype.hasOwnProperty.call(ACTIONS, String(raw).trim().toLowerCase())
        ? ACTIONS[String(raw).trim().toLowerCase()]
        : undefined
      : undefined;
  const time = callTime(body, header);
  if (!action || time === undefined) return undefined;
  const ch = integer(header.channelNo ?? body.channelNo);
  return {
    event: 'call',
    action,
    deviceSerial: serial.toUpperCase(),
    channelNo: ch !== undefined && ch >= 1 && ch <= 9999 ? ch : 1,
    time: new Date(time).toISOString(),
    picture: picture(body, pictures),
  };
}
