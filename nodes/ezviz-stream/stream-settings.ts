// The settings of ezviz-stream (docs/behaviour.md section 25), read the same way by the runtime
// and the editor: the camera, the quality, the path (by default /ezviz/stream/<serial>-<channel>.flv),
// the viewers' limit, the idle close and the minutes a day. Pure.

export const QUALITIES = ['hd', 'smooth'] as const;
export type Quality = (typeof QUALITIES)[number];

export interface StreamSettings {
  deviceSerial: string;
  channelNo: number;
  quality: Quality;
  path: string;
  maxViewers: number;
  idleCloseS: number;
  maxMinutesPerDay: number;
}

export type StreamSettingName =
  'deviceSerial' | 'channelNo' | 'quality' | 'path' | 'maxViewers' | 'idleClose' | 'maxMinutesPerDay';

export type SettingsResult = { ok: true; settings: StreamSettings } | { ok: false; param: StreamSettingName };

export const LIMITS = Object.freeze({
  channelNo: { min: 1, max: 256, def: 1 },
  maxViewers: { min: 1, max: 100, def: 8 },
  idleClose: { min: 0, max: 3600, def: 10 },
  maxMinutesPerDay: { min: 0, max: 1440, def: 0 },
});

const SERIAL = /^[A-Za-z0-9]{1,32}$/;
const PATH = /^\/[A-Za-z0-9._~\-/]{1,200}$/;

/** The default path of a camera. */
export function defaultPath(serial: string, channel: number): string {
  return `/ezviz/stream/${serial.toUpperCase()}-${channel}.flv`;
}

function whole(v: unknown, l: { min: number; max: number; def: number }): number | undefined {
  if (v === undefined || v === null || String(v).trim() === '') return l.def;
  const n = Number(v);
  return Number.isInteger(n) && n >= l.min && n <= l.max ? n : undefined;
}

/** The node's settings as given (strings from the editor), or the first one that is wrong. */
export function streamSettings(def: Readonly<Record<string, unknown>>): SettingsResult {
  const serial = String(def.deviceSerial ?? '').trim();
  if (!SERIAL.test(serial)) return { ok: false, param: 'deviceSerial' };
  const channelNo = whole(def.channelNo, LIMITS.channelNo);
  if (channelNo === undefined) return { ok: false, param: 'channelNo' };
  const quality = String(def.quality || 'hd') as Quality;
  if (!QUALITIES.includes(quality)) return { ok: false, param: 'quality' };
  const given = String(def.path ?? '').trim();
  const path = given === '' ? defaultPath(serial, channelNo) : given.replace(/\/+$/, '');
  if (!PATH.test(path) || path.includes('//') || path.split('/').includes('..')) return { ok: false, param: 'path' };
  const maxViewers = whole(def.maxViewers, LIMITS.maxViewers);
  if (maxViewers === undefined) return { ok: false, param: 'maxViewers' };
  const idleCloseS = whole(def.idleClose, LIMITS.idleClose);
  if (idleCloseS === undefined) return { ok: false, param: 'idleClose' };
  const maxMinutesPerDay = whole(def.maxMinutesPerDay, LIMITS.maxMinutesPerDay);
  if (maxMinutesPerDay === undefined) return { ok: false, param: 'maxMinutesPerDay' };
  const deviceSerial = serial.toUpperCase();
  return { ok: true, settings: { deviceSerial, channelNo, quality, path, maxViewers, idleCloseS, maxMinutesPerDay } };
}
