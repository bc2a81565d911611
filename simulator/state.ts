// The simulator's state model: app keys, tokens, accounts, users (phones), devices with
// channels, cards. It is plain JSON-able data, so GET /sim/state shows it and a state file can
// replace it. A state file may use relative times (`expiresInDays`, `startInDays`/`days`), which
// are turned into absolute ms (whole seconds) when the state is loaded.

import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Clock } from './clock';
import { SystemClock } from './clock';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface Settings {
  /** Lifetime of a token from token/get (design.md s7: 7 days). */
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

/** A user known by phone number (storage operations, spec 4.1 and 4.2). */
export interface User {
  account: string;
  userName: string;
  /** Serials this user has. */
  devices: string[];
}

export interface Capabilities {
  ptz: boolean;
  mirror: boolean;
  /** Mirror commands the device takes (0 up/down, 1 left/right, 2 center); others 60020. */
  mirrorModes: number[];
  presets: boolean;
  cloudStorage: boolean;
  encryption: boolean;
  /** Diagonal moves (directions 4..7). */
  diagonal: boolean;
  /** Zoom (directions 8, 9). */
  zoom: boolean;
  /** Focus (directions 10, 11). */
  focus: boolean;
  /** Auto control (direction 16). */
  auto: boolean;
  /** device/capture works (else 60017). */
  capture: boolean;
  /** Arming (support_defence), privacy mask, cruise: reported by device/capacity only. */
  defence: boolean;
  privacy: boolean;
  cruise: boolean;
}

/** Conditions with no natural trigger, set per device (simulator/README.md). */
export interface DeviceFlags {
  /** 20006 on PTZ and preset operations. */
  networkError: boolean;
  /** 20008 on PTZ and preset operations. */
  timeout: boolean;
  /** 49999 on every operation for this device. */
  dataException: boolean;
  /** 60006 on PTZ and preset operations. */
  ptzFails: boolean;
  /** 60012 on the storage operations. */
  storageError: boolean;
  /** 10051 on device/capture (no permission to capture). */
  captureDenied: boolean;
}

export interface PtzLimits {
  panMin: number;
  panMax: number;
  tiltMin: number;
  tiltMax: number;
  zoomMin: number;
  zoomMax: number;
}

export interface Moving {
  direction: number;
  speed: number;
  /** When the movement started (ms); the position is computed from it lazily. */
  since: number;
}

export interface Preset {
  pan: number;
  tilt: number;
  zoom: number;
}

export interface PresetCall {
  index: number;
  /** When the camera arrives (ms). */
  until: number;
}

export interface StoragePeriod {
  /** Service type (e.g. "7d-loop"); equal types renew, others overlap (spec s3). */
  type: string;
  /** Recording period in days. */
  totalDays: number;
  startTime: number;
  expireTime: number;
}

export interface ChannelStorage {
  /** userName of the service (the account's or the phone user's). */
  userName: string;
  /** Status -1. */
  disabled: boolean;
  /** The service chain of the main type: the current period and periods queued after it. */
  periods: StoragePeriod[];
  /** A second service type (serviceDetail): cards of this type go to `secondPeriods`. */
  secondType?: string;
  secondPeriods?: StoragePeriod[];
}

export interface Channel {
  /** channelName in camera/list. */
  name: string;
  /** A channel of an online NVR may be offline itself (20007, status 0 in camera/list). */
  online: boolean;
  /** isShared in camera/list. */
  shared: boolean;
  /** videoLevel in camera/list (0 smooth .. 3 ultra HD). */
  videoLevel: number;
  pan: number;
  tilt: number;
  zoom: number;
  moving: Moving | null;
  mirror: { upDown: boolean; leftRight: boolean };
  presets: Record<string, Preset>;
  /** The preset the camera stands at after a completed call (60010), null after any move. */
  atPreset: number | null;
  presetCall: PresetCall | null;
  storage: ChannelStorage;
}

export interface Device {
  account: string;
  name: string;
  model: string;
  /** `nvr`: a recorder with channels (cloud storage device/info refuses it, 60020). */
  kind: 'camera' | 'nvr';
  /** `Hikvision`: refuses speed 0 (60020) and, unless capabilities say otherwise, capture (60017). */
  brand: string;
  /** deviceVersion in device/list. */
  version: string;
  /** Arming state (device/list `defence`). */
  defence: number;
  /** When the device record last changed (ms; device/list `updateTime`). */
  updateTime: number;
  online: boolean;
  capabilities: Capabilities;
  /** Presets this model can hold: 12 (60008 past it) or fewer (60007 past it). */
  maxPresets: number;
  flags: DeviceFlags;
  limits: PtzLimits;
  channels: Record<string, Channel>;
  cardAttempts: { failures: number; lockedUntil: number };
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
}

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

export const DEFAULT_LIMITS: Readonly<PtzLimits> = Object.freeze({
  panMin: -170, panMax: 170, tiltMin: -30, tiltMax: 60, zoomMin: 1, zoomMax: 4,
});

// ---------------------------------------------------------------------------------------------
// Normalisation of a state file into StateData

type Obj = Record<string, unknown>;

class StateError extends Error {}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function obj(v: unknown, where: string): Obj {
  if (v === undefined || v === null) return {};
  if (!isObj(v)) throw new StateError(`state: ${where} must be an object`);
  return v;
}

function num(v: unknown, dflt: number, where: string): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new StateError(`state: ${where} must be a number`);
  return v;
}

function bool(v: unknown, dflt: boolean, where: string): boolean {
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'boolean') throw new StateError(`state: ${where} must be true or false`);
  return v;
}

function str(v: unknown, dflt: string | undefined, where: string): string {
  if (v === undefined || v === null) {
    if (dflt === undefined) throw new StateError(`state: ${where} is required`);
    return dflt;
  }
  if (typeof v !== 'string') throw new StateError(`state: ${where} must be a string`);
  return v;
}

const wholeSeconds = (ms: number): number => Math.floor(ms / 1000) * 1000;

function periods(v: unknown, now: number, where: string, dfltType: string): StoragePeriod[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new StateError(`state: ${where} must be an array`);
  return v.map((raw, i) => {
    const p = obj(raw, `${where}[${i}]`);
    const w = `${where}[${i}]`;
    let startTime: number;
    let expireTime: number;
    if (p.startTime !== undefined || p.expireTime !== undefined) {
      startTime = num(p.startTime, NaN, `${w}.startTime`);
      expireTime = num(p.expireTime, NaN, `${w}.expireTime`);
    } else {
      startTime = wholeSeconds(now + num(p.startInDays, 0, `${w}.startInDays`) * DAY_MS);
      expireTime = startTime + num(p.days, NaN, `${w}.days`) * DAY_MS;
    }
    if (!Number.isFinite(startTime) || !Number.isFinite(expireTime) || expireTime < startTime) {
      throw new StateError(`state: ${w} needs startTime/expireTime or days (and startInDays)`);
    }
    return {
      type: str(p.type, dfltType, `${w}.type`),
      totalDays: num(p.totalDays, 7, `${w}.totalDays`),
      startTime,
      expireTime,
    };
  }).sort((a, b) => a.startTime - b.startTime);
}

function channel(v: unknown, now: number, where: string, account: Account, dfltName: string): Channel {
  const c = obj(v, where);
  const mirror = obj(c.mirror, `${where}.mirror`);
  const presets: Record<string, Preset> = {};
  for (const [k, raw] of Object.entries(obj(c.presets, `${where}.presets`))) {
    if (!/^\d+$/.test(k)) throw new StateError(`state: ${where}.presets key "${k}" is not a number`);
    const pr = obj(raw, `${where}.presets.${k}`);
    presets[String(Number(k))] = {
      pan: num(pr.pan, 0, `${where}.presets.${k}.pan`),
      tilt: num(pr.tilt, 0, `${where}.presets.${k}.tilt`),
      zoom: num(pr.zoom, 1, `${where}.presets.${k}.zoom`),
    };
  }
  const s = obj(c.storage, `${where}.storage`);
  const storage: ChannelStorage = {
    userName: str(s.userName, account.userName, `${where}.storage.userName`),
    disabled: bool(s.disabled, false, `${where}.storage.disabled`),
    periods: periods(s.periods, now, `${where}.storage.periods`, 'standard'),
  };
  if (s.secondType !== undefined) {
    storage.secondType = str(s.secondType, undefined, `${where}.storage.secondType`);
    storage.secondPeriods = periods(s.secondPeriods, now, `${where}.storage.secondPeriods`, storage.secondType);
  }
  const moving = c.moving === undefined || c.moving === null ? null : obj(c.moving, `${where}.moving`);
  const call = c.presetCall === undefined || c.presetCall === null ? null : obj(c.presetCall, `${where}.presetCall`);
  return {
    name: str(c.name, dfltName, `${where}.name`),
    online: bool(c.online, true, `${where}.online`),
    shared: bool(c.shared, false, `${where}.shared`),
    videoLevel: num(c.videoLevel, 2, `${where}.videoLevel`),
    pan: num(c.pan, 0, `${where}.pan`),
    tilt: num(c.tilt, 0, `${where}.tilt`),
    zoom: num(c.zoom, 1, `${where}.zoom`),
    moving: moving && {
      direction: num(moving.direction, NaN, `${where}.moving.direction`),
      speed: num(moving.speed, 1, `${where}.moving.speed`),
      since: num(moving.since, now, `${where}.moving.since`),
    },
    mirror: {
      upDown: bool(mirror.upDown, false, `${where}.mirror.upDown`),
      leftRight: bool(mirror.leftRight, false, `${where}.mirror.leftRight`),
    },
    presets,
    atPreset: c.atPreset === undefined || c.atPreset === null ? null : num(c.atPreset, 0, `${where}.atPreset`),
    presetCall: call && {
      index: num(call.index, NaN, `${where}.presetCall.index`),
      until: num(call.until, now, `${where}.presetCall.until`),
    },
    storage,
  };
}

function device(serial: string, v: unknown, now: number, accounts: Record<string, Account>): Device {
  const where = `devices.${serial}`;
  const d = obj(v, where);
  const account = str(d.account, undefined, `${where}.account`);
  if (!accounts[account]) throw new StateError(`state: ${where}.account "${account}" is not in accounts`);
  const caps = obj(d.capabilities, `${where}.capabilities`);
  const flags = obj(d.flags, `${where}.flags`);
  const limits = obj(d.limits, `${where}.limits`);
  const attempts = obj(d.cardAttempts, `${where}.cardAttempts`);
  const ptz = bool(caps.ptz, true, `${where}.capabilities.ptz`);
  const name = str(d.name, serial, `${where}.name`);
  const channels: Record<string, Channel> = {};
  const rawChannels = d.channels === undefined ? [1] : d.channels;
  const chName = (n: number, count: number): string => (count === 1 ? name : `${name} ${String(n).padStart(2, '0')}`);
  if (Array.isArray(rawChannels)) {
    for (const n of rawChannels) {
      if (!Number.isInteger(n)) throw new StateError(`state: ${where}.channels must hold channel numbers`);
      channels[String(n)] = channel({}, now, `${where}.channels.${n}`, accounts[account], chName(n, rawChannels.length));
    }
  } else {
    const entries = Object.entries(obj(rawChannels, `${where}.channels`));
    for (const [k, raw] of entries) {
      if (!/^\d+$/.test(k)) throw new StateError(`state: ${where}.channels key "${k}" is not a number`);
      channels[String(Number(k))] = channel(raw, now, `${where}.channels.${k}`, accounts[account], chName(Number(k), entries.length));
    }
  }
  const kind = str(d.kind, 'camera', `${where}.kind`);
  if (kind !== 'camera' && kind !== 'nvr') throw new StateError(`state: ${where}.kind must be "camera" or "nvr"`);
  const brand = str(d.brand, 'EZVIZ', `${where}.brand`);
  const mirror = bool(caps.mirror, ptz, `${where}.capabilities.mirror`);
  const zoom = bool(caps.zoom, ptz, `${where}.capabilities.zoom`);
  const modes = caps.mirrorModes === undefined ? (mirror ? [0, 1, 2] : []) : caps.mirrorModes;
  if (!Array.isArray(modes) || !modes.every((m) => m === 0 || m === 1 || m === 2)) {
    throw new StateError(`state: ${where}.capabilities.mirrorModes must be a list of 0, 1, 2`);
  }
  const updateTime = d.updateTime !== undefined ? num(d.updateTime, 0, `${where}.updateTime`)
    : wholeSeconds(now + num(d.updatedInDays, -1, `${where}.updatedInDays`) * DAY_MS);
  return {
    account,
    name,
    model: str(d.model, 'CS-SIM', `${where}.model`),
    kind,
    brand,
    version: str(d.version, 'V5.3.8 build 240801', `${where}.version`),
    defence: num(d.defence, 0, `${where}.defence`),
    updateTime,
    online: bool(d.online, true, `${where}.online`),
    capabilities: {
      ptz,
      mirror,
      mirrorModes: mirror ? (modes as number[]).slice() : [],
      presets: bool(caps.presets, ptz, `${where}.capabilities.presets`),
      cloudStorage: bool(caps.cloudStorage, true, `${where}.capabilities.cloudStorage`),
      encryption: bool(caps.encryption, false, `${where}.capabilities.encryption`),
      diagonal: bool(caps.diagonal, ptz, `${where}.capabilities.diagonal`),
      zoom,
      focus: bool(caps.focus, zoom, `${where}.capabilities.focus`),
      auto: bool(caps.auto, ptz, `${where}.capabilities.auto`),
      capture: bool(caps.capture, brand !== 'Hikvision', `${where}.capabilities.capture`),
      defence: bool(caps.defence, true, `${where}.capabilities.defence`),
      privacy: bool(caps.privacy, false, `${where}.capabilities.privacy`),
      cruise: bool(caps.cruise, false, `${where}.capabilities.cruise`),
    },
    maxPresets: num(d.maxPresets, 12, `${where}.maxPresets`),
    flags: {
      networkError: bool(flags.networkError, false, `${where}.flags.networkError`),
      timeout: bool(flags.timeout, false, `${where}.flags.timeout`),
      dataException: bool(flags.dataException, false, `${where}.flags.dataException`),
      ptzFails: bool(flags.ptzFails, false, `${where}.flags.ptzFails`),
      storageError: bool(flags.storageError, false, `${where}.flags.storageError`),
      captureDenied: bool(flags.captureDenied, false, `${where}.flags.captureDenied`),
    },
    limits: {
      panMin: num(limits.panMin, DEFAULT_LIMITS.panMin, `${where}.limits.panMin`),
      panMax: num(limits.panMax, DEFAULT_LIMITS.panMax, `${where}.limits.panMax`),
      tiltMin: num(limits.tiltMin, DEFAULT_LIMITS.tiltMin, `${where}.limits.tiltMin`),
      tiltMax: num(limits.tiltMax, DEFAULT_LIMITS.tiltMax, `${where}.limits.tiltMax`),
      zoomMin: num(limits.zoomMin, DEFAULT_LIMITS.zoomMin, `${where}.limits.zoomMin`),
      zoomMax: num(limits.zoomMax, DEFAULT_LIMITS.zoomMax, `${where}.limits.zoomMax`),
    },
    channels,
    cardAttempts: {
      failures: num(attempts.failures, 0, `${where}.cardAttempts.failures`),
      lockedUntil: num(attempts.lockedUntil, 0, `${where}.cardAttempts.lockedUntil`),
    },
  };
}

const CARD_STATUSES: readonly CardStatus[] = ['valid', 'used', 'expired', 'inactive'];

/** Turns a state file's JSON into the model, filling defaults; throws on malformed input. */
export function normalizeState(input: unknown, now: number): StateData {
  const root = obj(input, 'the state');
  const s = obj(root.settings, 'settings');
  const settings: Settings = {
    tokenLifetimeMs: num(s.tokenLifetimeMs, DEFAULT_SETTINGS.tokenLifetimeMs, 'settings.tokenLifetimeMs'),
    presetCallMs: num(s.presetCallMs, DEFAULT_SETTINGS.presetCallMs, 'settings.presetCallMs'),
    cardAttemptLimit: num(s.cardAttemptLimit, DEFAULT_SETTINGS.cardAttemptLimit, 'settings.cardAttemptLimit'),
    cardLockoutMs: num(s.cardLockoutMs, DEFAULT_SETTINGS.cardLockoutMs, 'settings.cardLockoutMs'),
    ptzDegPerSec: Array.isArray(s.ptzDegPerSec) && s.ptzDegPerSec.length === 3 &&
      s.ptzDegPerSec.every((x) => typeof x === 'number' && x > 0)
      ? (s.ptzDegPerSec as number[]).slice()
      : (s.ptzDegPerSec === undefined ? DEFAULT_SETTINGS.ptzDegPerSec.slice()
        : (() => { throw new StateError('state: settings.ptzDegPerSec must be three positive numbers'); })()),
    zoomPerSec: num(s.zoomPerSec, DEFAULT_SETTINGS.zoomPerSec, 'settings.zoomPerSec'),
    updateTimeFormat: (() => {
      const f = str(s.updateTimeFormat, DEFAULT_SETTINGS.updateTimeFormat, 'settings.updateTimeFormat');
      if (f !== 'string' && f !== 'ms') throw new StateError('state: settings.updateTimeFormat must be "string" or "ms"');
      return f;
    })(),
    captureDailyLimit: num(s.captureDailyLimit, DEFAULT_SETTINGS.captureDailyLimit, 'settings.captureDailyLimit'),
    captureMinIntervalMs: num(s.captureMinIntervalMs, DEFAULT_SETTINGS.captureMinIntervalMs, 'settings.captureMinIntervalMs'),
    pictureLifetimeMs: num(s.pictureLifetimeMs, DEFAULT_SETTINGS.pictureLifetimeMs, 'settings.pictureLifetimeMs'),
    alarmLimit: num(s.alarmLimit, DEFAULT_SETTINGS.alarmLimit, 'settings.alarmLimit'),
  };

  const accounts: Record<string, Account> = {};
  for (const [id, raw] of Object.entries(obj(root.accounts, 'accounts'))) {
    const a = obj(raw, `accounts.${id}`);
    accounts[id] = { userName: str(a.userName, id, `accounts.${id}.userName`) };
  }

  const appKeys: Record<string, AppKey> = {};
  for (const [key, raw] of Object.entries(obj(root.appKeys, 'appKeys'))) {
    const a = obj(raw, `appKeys.${key}`);
    const account = str(a.account, undefined, `appKeys.${key}.account`);
    if (!accounts[account]) throw new StateError(`state: appKeys.${key}.account "${account}" is not in accounts`);
    appKeys[key] = {
      appSecret: str(a.appSecret, undefined, `appKeys.${key}.appSecret`),
      account,
      frozen: bool(a.frozen, false, `appKeys.${key}.frozen`),
    };
    if (a.areaDomain !== undefined && a.areaDomain !== null) {
      appKeys[key].areaDomain = str(a.areaDomain, undefined, `appKeys.${key}.areaDomain`);
    }
  }

  const tokens: Record<string, Token> = {};
  for (const [n, [tok, raw]] of Object.entries(obj(root.tokens, 'tokens')).entries()) {
    // Error texts name the entry by position, never by the token itself (it is a secret).
    const tw = `tokens entry ${n + 1}`;
    const t = obj(raw, `${tw}`);
    const appKey = str(t.appKey, undefined, `${tw}.appKey`);
    if (!appKeys[appKey]) throw new StateError(`state: ${tw}.appKey "${appKey}" is not in appKeys`);
    const expireTime = t.expireTime !== undefined
      ? num(t.expireTime, 0, `${tw}.expireTime`)
      : t.expiresInDays !== undefined
        ? now + num(t.expiresInDays, 0, `${tw}.expiresInDays`) * DAY_MS
        : now + settings.tokenLifetimeMs;
    tokens[tok] = { appKey, expireTime };
  }

  const users: Record<string, User> = {};
  for (const [phone, raw] of Object.entries(obj(root.users, 'users'))) {
    const u = obj(raw, `users.${phone}`);
    const account = str(u.account, undefined, `users.${phone}.account`);
    if (!accounts[account]) throw new StateError(`state: users.${phone}.account "${account}" is not in accounts`);
    const devs = u.devices === undefined ? [] : u.devices;
    if (!Array.isArray(devs) || !devs.every((x) => typeof x === 'string')) {
      throw new StateError(`state: users.${phone}.devices must be an array of serials`);
    }
    users[phone] = { account, userName: str(u.userName, phone, `users.${phone}.userName`), devices: devs.slice() };
  }

  const devices: Record<string, Device> = {};
  for (const [serial, raw] of Object.entries(obj(root.devices, 'devices'))) {
    devices[serial] = device(serial, raw, now, accounts);
  }

  const cards: Record<string, Card> = {};
  for (const [n, [pw, raw]] of Object.entries(obj(root.cards, 'cards')).entries()) {
    // Error texts name the entry by position, never by the card password (a secret).
    const cw = `cards entry ${n + 1}`;
    const c = obj(raw, `${cw}`);
    const status = str(c.status, 'valid', `${cw}.status`) as CardStatus;
    if (!CARD_STATUSES.includes(status)) {
      throw new StateError(`state: ${cw}.status must be one of ${CARD_STATUSES.join(', ')}`);
    }
    cards[pw] = {
      serviceType: str(c.serviceType, 'standard', `${cw}.serviceType`),
      totalDays: num(c.totalDays, 7, `${cw}.totalDays`),
      serviceDays: num(c.serviceDays, 30, `${cw}.serviceDays`),
      status,
      forSale: bool(c.forSale, true, `${cw}.forSale`),
      failing: bool(c.failing, false, `${cw}.failing`),
    };
    if (c.boundDevice !== undefined) cards[pw].boundDevice = str(c.boundDevice, undefined, `${cw}.boundDevice`);
    if (c.usedBy !== undefined) cards[pw].usedBy = str(c.usedBy, undefined, `${cw}.usedBy`);
  }

  const rawAlarms = root.alarms === undefined || root.alarms === null ? [] : root.alarms;
  if (!Array.isArray(rawAlarms)) throw new StateError('state: alarms must be an array');
  const alarms = rawAlarms.map((raw, i) => normalizeAlarm(raw, now, `alarms[${i}]`, devices))
    .sort((a, b) => a.alarmTime - b.alarmTime);

  return { settings, accounts, appKeys, tokens, users, devices, cards, alarms };
}

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
  if (!Number.isInteger(alarmType) || alarmType < 0) throw new StateError(`state: ${where}.alarmType must be an integer >= 0`);
  const alarmTime = a.alarmTime !== undefined ? num(a.alarmTime, 0, `${where}.alarmTime`)
    : now - num(a.minutesAgo, 0, `${where}.minutesAgo`) * 60000;
  const alarmId = str(a.alarmId, randomUUID(), `${where}.alarmId`);
  const isChecked = num(a.isChecked, 0, `${where}.isChecked`);
  if (isChecked !== 0 && isChecked !== 1) throw new StateError(`state: ${where}.isChecked must be 0 or 1`);
  const isEncrypt = num(a.isEncrypt, dev.capabilities.encryption ? 1 : 0, `${where}.isEncrypt`);
  let picture: string;
  if (typeof a.picture === 'string') picture = a.picture;
  else picture = bool(a.picture, true, `${where}.picture`) ? `alarm-${alarmId.replace(/[^A-Za-z0-9-]/g, '')}` : '';
  return {
    alarmId, deviceSerial, channelNo, alarmType,
    alarmName: str(a.alarmName, ALARM_NAMES[alarmType] ?? 'Alarm', `${where}.alarmName`),
    alarmTime: Math.floor(alarmTime), isEncrypt, isChecked, picture,
  };
}

// ---------------------------------------------------------------------------------------------

const deepCopy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * The live state. One instance may be shared by several simulators (areaDomain tests):
 * `startSimulator({state: sim1.state})`. Tests may read and change its fields directly.
 */
export class SimulatorState implements StateData {
  settings!: Settings;
  accounts!: Record<string, Account>;
  appKeys!: Record<string, AppKey>;
  tokens!: Record<string, Token>;
  users!: Record<string, User>;
  devices!: Record<string, Device>;
  cards!: Record<string, Card>;
  alarms!: Alarm[];
  /** Pictures handed out by device/capture (not part of the saved state): id -> when it was
   * taken, of which camera, and until when it is served. */
  pictures: Map<string, { deviceSerial: string; channelNo: number; time: number; expireTime: number }> = new Map();
  /** Captures per account and day (not part of the saved state). */
  captureCounts: Map<string, { day: number; count: number }> = new Map();
  /** Time of the last capture per "serial/channel" (not part of the saved state). */
  lastCaptures: Map<string, number> = new Map();
  /** The clock used to resolve relative times when loading (and on reset). */
  readonly clock: Clock;
  private initial: StateInput;

  constructor(input: StateInput = loadDefaultState(), clock: Clock = new SystemClock()) {
    this.clock = clock;
    this.initial = deepCopy(input);
    this.apply(normalizeState(this.initial, clock.now()));
  }

  /** Replaces the whole state in place (shared holders see it) and makes it the reset point. */
  load(input: StateInput): void {
    const copy = deepCopy(input);
    this.apply(normalizeState(copy, this.clock.now()));
    this.initial = copy;
  }

  /** Back to the state given at start (or to the last `load`), relative times from now. */
  reset(): void {
    this.apply(normalizeState(this.initial, this.clock.now()));
  }

  toJSON(): StateData {
    return {
      settings: this.settings, accounts: this.accounts, appKeys: this.appKeys, tokens: this.tokens,
      users: this.users, devices: this.devices, cards: this.cards, alarms: this.alarms,
    };
  }

  private apply(d: StateData): void {
    this.settings = d.settings;
    this.accounts = d.accounts;
    this.appKeys = d.appKeys;
    this.tokens = d.tokens;
    this.users = d.users;
    this.devices = d.devices;
    this.cards = d.cards;
    this.alarms = d.alarms;
    this.pictures = new Map();
    this.captureCounts = new Map();
    this.lastCaptures = new Map();
  }
}

function defaultStatePath(): string {
  const candidates = [
    path.join(__dirname, 'default-state.json'), // running from the sources (ts-node and the like)
    path.join(__dirname, '..', '..', 'simulator', 'default-state.json'), // from dist/simulator
  ];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`simulator: default-state.json not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The bundled default state (simulator/default-state.json), a fresh copy on every call. */
export function loadDefaultState(): StateInput {
  return readStateFile(defaultStatePath());
}

/** Reads a state file (JSON). */
export function readStateFile(file: string): StateInput {
  const text = fs.readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new Error(`simulator: ${file} is not valid JSON: ${(e as Error).message}`);
  }
  if (!isObj(parsed)) throw new Error(`simulator: ${file} must hold a JSON object`);
  return parsed;
}

export { StateError };
