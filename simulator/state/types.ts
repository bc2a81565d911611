// The state's records besides devices (state/device-types.ts): settings, accounts, app keys,
// tokens, users (phones), cards, alarms, and the whole state's shape. Plain JSON-able data, so
// GET /sim/state shows it and a state file can replace it.

import type { Device } from './device-types';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface Settings {
  /** Lifetime of a token from token/get (docs/behaviour.md section 7: 7 days). */
  tokenLifetimeMs: number;
  /** How long a preset call keeps the camera busy (60009 meanwhile). */
  presetCallMs: number;
  /** Wrong card passwords per device before the lockout (60030). */
  cardAttemptLimit: number;
  /** Length of the lockout (spec: 24 hours). */
  cardLockoutMs: number;
  /** Pan/tilt speed in degrees per second for speed 0, 1, 2. */
  ptzDegPerSec: number[];
  /** Zoom change per second (factor units) while zooming. */
  zoomPerSec: number;
  /** device/list `updateTime` as a "yyyy-MM-dd HH:mm:ss" string (China time) or as ms since the
   * epoch: the more-api notes that editions disagree, so a client can be tried with both. */
  updateTimeFormat: 'string' | 'ms';
  /** Captures per account per day (China time) before 10028. */
  captureDailyLimit: number;
  /** Least time between two captures of one camera (20008 sooner); 0 = no check. */
  captureMinIntervalMs: number;
  /** How long a picture URL is served (more-api: about 2 hours). */
  pictureLifetimeMs: number;
  /** Alarms kept (the oldest are dropped past it). */
  alarmLimit: number;
}

export interface Account {
  userName: string;
}

export interface AppKey {
  appSecret: string;
  account: string;
  frozen: boolean;
  /** International key: token/get returns it, and its tokens are valid only on that server. */
  areaDomain?: string;
}

export interface Token {
  appKey: string;
  /** ms since the epoch. */
  expireTime: number;
}

/** A user known by phone number (storage operations, docs/api/open-api.md sections 4.1 and 4.2). */
export interface User {
  account: string;
  userName: string;
  /** Serials this user has. */
  devices: string[];
}

export type CardStatus = 'valid' | 'used' | 'expired' | 'inactive';

export interface Card {
  serviceType: string;
  /** Recording period in days (the record's totalDays). */
  totalDays: number;
  /** Length of the service the card buys, in days. */
  serviceDays: number;
  status: CardStatus;
  /** false: only `boundDevice` can use it (60033 elsewhere). */
  forSale: boolean;
  boundDevice?: string;
  /** The enable step fails (60035). */
  failing: boolean;
  /** Set when used. */
  usedBy?: string;
}

/** An alarm message (more-api, alarm/list). */
export interface Alarm {
  /** Unique, a string. */
  alarmId: string;
  deviceSerial: string;
  channelNo: number;
  /** e.g. 10000 infrared/PIR, 10002 motion, 10016 doorbell. */
  alarmType: number;
  alarmName: string;
  /** ms since the epoch. */
  alarmTime: number;
  isEncrypt: number;
  /** 0 unread, 1 read. */
  isChecked: number;
  /** Picture id served at /sim-pictures/<id>.jpg, or '' for an alarm without picture. */
  picture: string;
  /** How its picture is served (docs/api/media-api.md section 1): `plain`, `encrypted` (with the
   * device's verification code), `preamble` (encrypted, junk bytes before the marker) or
   * `segments` (two encrypted segments: two JPEGs). Default: `encrypted` when isEncrypt is 1. */
  pictureForm?: PictureForm;
  /** The picture grown to at least this many bytes (a valid JPEG; the benchmark's 1 MiB). */
  pictureBytes?: number;
  /** The word a message carries as `alarmType` (docs/api/events-api.md section 1): given, else the
   * table's word for alarmType (areas/alarm-words.ts), else the number. */
  word?: string;
  /** A message's `customInfo` as sent (base64 of a JSON object, or whatever the input gave). */
  customInfo?: string;
  /** A message's `location` (an alarm hub's detector: its name). */
  location?: string;
}

export type PictureForm = 'plain' | 'encrypted' | 'preamble' | 'segments' | 'cut';
export const PICTURE_FORMS: readonly PictureForm[] = ['plain', 'encrypted', 'preamble', 'segments', 'cut'];

export interface StateData {
  settings: Settings;
  accounts: Record<string, Account>;
  appKeys: Record<string, AppKey>;
  tokens: Record<string, Token>;
  users: Record<string, User>;
  devices: Record<string, Device>;
  cards: Record<string, Card>;
  /** Oldest first. */
  alarms: Alarm[];
}

/** The JSON a state file holds: like StateData, with every field optional and relative times. */
export type StateInput = Record<string, unknown>;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  tokenLifetimeMs: 7 * DAY_MS,
  presetCallMs: 2000,
  cardAttemptLimit: 5,
  cardLockoutMs: DAY_MS,
  ptzDegPerSec: [15, 30, 60],
  zoomPerSec: 1,
  updateTimeFormat: 'string',
  captureDailyLimit: 1000,
  captureMinIntervalMs: 0,
  pictureLifetimeMs: 2 * 60 * 60 * 1000,
  alarmLimit: 10000,
});
