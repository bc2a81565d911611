// A state file's JSON turned into the model (StateData), defaults filled in; throws a
// StateError naming the field on malformed input. A state file may use relative times
// (`expiresInDays`, `startInDays`/`days`, `minutesAgo`), which become absolute ms. A device:
// normalize-device.ts (its channels: normalize-channel.ts); an alarm: normalize-alarm.ts.

import { DAY_MS, DEFAULT_SETTINGS } from './types';
import type { Account, AppKey, Card, CardStatus, Settings, StateData, Token, User } from './types';
import type { Device } from './device-types';
import { normalizeDevice } from './normalize-device';
import { normalizeAlarm } from './normalize-alarm';
import { bool, num, obj, StateError, str } from './read';

export { ALARM_NAMES, normalizeAlarm } from './normalize-alarm';

const CARD_STATUSES: readonly CardStatus[] = ['valid', 'used', 'expired', 'inactive'];

/** A state file's `settings` (every field optional) turned into the model's, defaults filled in. */
export function normalizeSettings(input: unknown): Settings {
  const s = obj(input, 'settings');
  return {
    tokenLifetimeMs: num(s.tokenLifetimeMs, DEFAULT_SETTINGS.tokenLifetimeMs, 'settings.tokenLifetimeMs'),
    presetCallMs: num(s.presetCallMs, DEFAULT_SETTINGS.presetCallMs, 'settings.presetCallMs'),
    cardAttemptLimit: num(s.cardAttemptLimit, DEFAULT_SETTINGS.cardAttemptLimit, 'settings.cardAttemptLimit'),
    cardLockoutMs: num(s.cardLockoutMs, DEFAULT_SETTINGS.cardLockoutMs, 'settings.cardLockoutMs'),
    ptzDegPerSec:
      Array.isArray(s.ptzDegPerSec) &&
      s.ptzDegPerSec.length === 3 &&
      s.ptzDegPerSec.every((x) => typeof x === 'number' && x > 0)
        ? (s.ptzDegPerSec as number[]).slice()
        : s.ptzDegPerSec === undefined
          ? DEFAULT_SETTINGS.ptzDegPerSec.slice()
          : (() => {
              throw new StateError('state: settings.ptzDegPerSec must be three positive numbers');
            })(),
    zoomPerSec: num(s.zoomPerSec, DEFAULT_SETTINGS.zoomPerSec, 'settings.zoomPerSec'),
    updateTimeFormat: (() => {
      const f = str(s.updateTimeFormat, DEFAULT_SETTINGS.updateTimeFormat, 'settings.updateTimeFormat');
      if (f !== 'string' && f !== 'ms')
        throw new StateError('state: settings.updateTimeFormat must be "string" or "ms"');
      return f;
    })(),
    captureDailyLimit: num(s.captureDailyLimit, DEFAULT_SETTINGS.captureDailyLimit, 'settings.captureDailyLimit'),
    captureMinIntervalMs: num(
      s.captureMinIntervalMs,
      DEFAULT_SETTINGS.captureMinIntervalMs,
      'settings.captureMinIntervalMs',
    ),
    pictureLifetimeMs: num(s.pictureLifetimeMs, DEFAULT_SETTINGS.pictureLifetimeMs, 'settings.pictureLifetimeMs'),
    alarmLimit: num(s.alarmLimit, DEFAULT_SETTINGS.alarmLimit, 'settings.alarmLimit'),
  };
}

/** Turns a state file's JSON into the model, filling defaults; throws on malformed input. */
export function normalizeState(input: unknown, now: number): StateData {
  const root = obj(input, 'the state');
  const settings = normalizeSettings(root.settings);

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
    const expireTime =
      t.expireTime !== undefined
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
    devices[serial] = normalizeDevice(serial, raw, now, accounts);
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
  const alarms = rawAlarms
    .map((raw, i) => normalizeAlarm(raw, now, `alarms[${i}]`, devices))
    .sort((a, b) => a.alarmTime - b.alarmTime);

  return { settings, accounts, appKeys, tokens, users, devices, cards, alarms };
}
