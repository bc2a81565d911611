// A camera's state for people (docs/behaviour.md section 12): device/info, device/status/get and the
// lens-cover status merged into one typed payload. Every field is checked; a value the device
// does not report (-1, -2, absent, of the wrong kind) is null, never a number that looks real.
// A reply whose data is not an object is BAD_REPLY. Pure (the dashboard package reads it too).

import { STORAGE_STATUS } from '../operations/enums';
import { BadReply, integer, isoDate } from './replies';

export type AlarmSound = 'short' | 'long' | 'mute' | 'custom';
export type SdCard = 'ok' | 'unformatted' | 'error' | 'formatting' | 'none';

export interface DeviceState {
  deviceSerial: string;
  channelNo: number;
  name: string | null;
  model: string | null;
  /** The firmware version, where device/info gives it (`deviceVersion`, as the device list names it). */
  firmware: string | null;
  online: boolean | null;
  armed: boolean | null;
  privacy: boolean | null;
  encrypted: boolean | null;
  alarmSound: AlarmSound | null;
  battery: number | null;
  signal: number | null;
  sdCard: SdCard | null;
  cloudStorage: string | null;
  sleeping: boolean | null;
  updated: string | null;
}

/** The fields compared by `watch`: the state, not the camera's address, nor `updated` (when the
 * platform last heard from the camera moves without anything changing). */
export const WATCHED_FIELDS = [
  'name',
  'model',
  'firmware',
  'online',
  'armed',
  'privacy',
  'encrypted',
  'alarmSound',
  'battery',
  'signal',
  'sdCard',
  'cloudStorage',
  'sleeping',
] as const;

type Data = Record<string, unknown>;

/** The data object of one reply: undefined when the call was not answered for this camera (the
 * caller passes null: offline or unsupported), BadReply when it is not an object. */
function dataOf(data: unknown, where: string): Data | undefined {
  if (data === null || data === undefined) return undefined;
  if (typeof data !== 'object' || Array.isArray(data)) throw new BadReply(`${where}: data is not an object`);
  return data as Data;
}

const own = (d: Data | undefined, k: string): unknown =>
  d && Object.prototype.hasOwnProperty.call(d, k) ? d[k] : undefined;

const MAX_TEXT = 256;
function text(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_TEXT ? v : null;
}

/** 0/1 -> false/true; anything else (-1, 2 unsupported, absent) null. */
function flag(v: unknown): boolean | null {
  const n = integer(v);
  return n === 1 ? true : n === 0 ? false : null;
}

/** A percentage 0-100 (a number, its text, or a text such as "100%"); else null. */
function percent(v: unknown, min = 0): number | null {
  const n = typeof v === 'string' && /^\d{1,3}%$/.test(v) ? Number(v.slice(0, -1)) : integer(v);
  return n !== undefined && n >= min && n <= 100 ? n : null;
}

const SOUNDS: Record<number, AlarmSound> = { 0: 'short', 1: 'long', 2: 'mute', 3: 'custom' };
const DISK: Record<string, SdCard> = { 0: 'ok', 1: 'error', 2: 'unformatted', 3: 'formatting', '-': 'none' };

/** `diskState` has one character per card: the first card's; no card (diskNum 0) is "none". */
function sdCard(status: Data | undefined): SdCard | null {
  const state = own(status, 'diskState');
  if (typeof state === 'string' && state.length > 0 && state.length <= 64) return DISK[state[0]] ?? null;
  return integer(own(status, 'diskNum')) === 0 ? 'none' : null;
}

/** device/info `defence`: 0 disarmed (hub: sleep), 1 armed, 8 home, 16 away (hubs: armed). */
function armed(v: unknown): boolean | null {
  const n = integer(v);
  return n === 0 ? false : n === 1 || n === 8 || n === 16 ? true : null;
}

function sound(status: Data | undefined, info: Data | undefined): AlarmSound | null {
  for (const v of [own(status, 'alarmSoundMode'), own(info, 'alarmSoundMode')]) {
    const n = integer(v);
    if (n !== undefined && SOUNDS[n]) return SOUNDS[n];
  }
  return null;
}

/** Privacy: the lens-cover status where it answered, else status/get `privacyStatus` (0 off,
 * 1 on; -1 initial, 2 unsupported, -2 not reported: null). */
function privacy(lens: Data | undefined, status: Data | undefined): boolean | null {
  const covered = flag(own(lens, 'enable'));
  return covered !== null ? covered : flag(own(status, 'privacyStatus'));
}

export interface StateReplies {
  /** data of device/info (required). */
  info: unknown;
  /** data of device/status/get; null when not answered (offline, unsupported). */
  status: unknown;
  /** data of the lens-cover status; null when not answered. */
  lens: unknown;
}

/** The merged payload of one read of camera `deviceSerial`/`channelNo`. */
export function deviceState(r: StateReplies, deviceSerial: string, channelNo: number): DeviceState {
  const info = dataOf(r.info, 'device/info');
  if (!info) throw new BadReply('device/info: data is not an object');
  const status = dataOf(r.status, 'device/status/get');
  const lens = dataOf(r.lens, 'scene/switch/status');
  const cloud = integer(own(status, 'cloudStatus'));
  const online = integer(own(info, 'status'));
  return {
    deviceSerial,
    channelNo,
    name: text(own(info, 'deviceName')),
    model: text(own(info, 'model')),
    firmware: text(own(info, 'deviceVersion')),
    online: online === 1 ? true : online === 0 ? false : null,
    armed: armed(own(info, 'defence')),
    privacy: privacy(lens, status),
    encrypted: flag(own(info, 'isEncrypt')),
    alarmSound: sound(status, info),
    // battryStatus (sic) in the documentation; the correct spelling is read too.
    battery: percent(own(status, 'battryStatus') ?? own(status, 'batteryStatus'), 1),
    signal: percent(own(status, 'signal')) ?? percent(own(info, 'signal')),
    sdCard: sdCard(status),
    cloudStorage: cloud === undefined ? null : (STORAGE_STATUS[String(cloud)] ?? null),
    sleeping: flag(own(status, 'wakeUpStatus')),
    updated: isoDate(integer(own(info, 'updateTime'))),
  };
}

/** The fields of `now` that differ from `before` (all of them for a first read). */
export function changedFields(before: DeviceState | undefined, now: DeviceState): string[] {
  return WATCHED_FIELDS.filter((k) => !before || before[k] !== now[k]);
}
