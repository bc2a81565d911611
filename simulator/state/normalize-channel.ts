// A state file's channel (`devices.<serial>.channels.<no>`, with its storage periods) turned into
// the model (normalize-device.ts reads a device's channels through it), defaults filled in.
// Relative times (`startInDays`/`days`) become absolute ms.

import { DAY_MS } from './types';
import type { Account } from './types';
import type { Channel, ChannelStorage, Preset, StoragePeriod } from './device-types';
import { bool, num, obj, StateError, str, wholeSeconds } from './read';

function periods(v: unknown, now: number, where: string, dfltType: string): StoragePeriod[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new StateError(`state: ${where} must be an array`);
  return v
    .map((raw, i) => {
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
    })
    .sort((a, b) => a.startTime - b.startTime);
}

export function normalizeChannel(
  v: unknown,
  now: number,
  where: string,
  account: Account,
  dfltName: string,
  serial: string,
): Channel {
  const c = obj(v, where);
  // An NVR channel nobody set up: listed by camera/list, named after the serial, offline (two
  // public clients saw such channels on real NVRs).
  const configured = bool(c.configured, true, `${where}.configured`);
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
  if (s.continuous !== undefined) storage.continuous = bool(s.continuous, false, `${where}.storage.continuous`);
  if (s.secondType !== undefined) {
    storage.secondType = str(s.secondType, undefined, `${where}.storage.secondType`);
    storage.secondPeriods = periods(s.secondPeriods, now, `${where}.storage.secondPeriods`, storage.secondType);
  }
  const moving = c.moving === undefined || c.moving === null ? null : obj(c.moving, `${where}.moving`);
  const call = c.presetCall === undefined || c.presetCall === null ? null : obj(c.presetCall, `${where}.presetCall`);
  return {
    name: str(c.name, configured ? dfltName : serial, `${where}.name`),
    online: bool(c.online, configured, `${where}.online`),
    configured,
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
