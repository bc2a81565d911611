// A state file's device (with its channels and their storage periods) turned into the model,
// defaults filled in. Relative times (`startInDays`/`days`, `updatedInDays`) become absolute ms.

import { DAY_MS } from './types';
import type { Account } from './types';
import type { Channel, ChannelStorage, Device, Preset, StoragePeriod } from './device-types';
import { DEFAULT_LIMITS } from './device-types';
import { bool, num, obj, StateError, str, wholeSeconds } from './read';
import { normalizeCamera } from './camera';
import { normalizeHub, normalizeSiren } from './hub';

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

function channel(v: unknown, now: number, where: string, account: Account, dfltName: string, serial: string): Channel {
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

/** A device of a state file (`devices.<serial>`), defaults filled in. */
/** support_talk: 0, 1 or 3 (true 1, false 0). */
function talkOf(v: unknown, def: 0 | 1 | 3, where: string): 0 | 1 | 3 {
  if (v === undefined) return def;
  if (v === true || v === false) return v ? 1 : 0;
  if (v === 0 || v === 1 || v === 3) return v;
  throw new StateError(`state: ${where} must be 0, 1, 3 or a boolean`);
}

export function normalizeDevice(serial: string, v: unknown, now: number, accounts: Record<string, Account>): Device {
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
      channels[String(n)] = channel(
        {},
        now,
        `${where}.channels.${n}`,
        accounts[account],
        chName(n, rawChannels.length),
        serial,
      );
    }
  } else {
    const entries = Object.entries(obj(rawChannels, `${where}.channels`));
    for (const [k, raw] of entries) {
      if (!/^\d+$/.test(k)) throw new StateError(`state: ${where}.channels key "${k}" is not a number`);
      channels[String(Number(k))] = channel(
        raw,
        now,
        `${where}.channels.${k}`,
        accounts[account],
        chName(Number(k), entries.length),
        serial,
      );
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
  const updateTime =
    d.updateTime !== undefined
      ? num(d.updateTime, 0, `${where}.updateTime`)
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
      talk: talkOf(caps.talk, kind === 'nvr' ? 0 : 1, `${where}.capabilities.talk`),
      doorbell: bool(caps.doorbell, false, `${where}.capabilities.doorbell`),
    },
    maxPresets: num(d.maxPresets, 12, `${where}.maxPresets`),
    flags: {
      networkError: bool(flags.networkError, false, `${where}.flags.networkError`),
      timeout: bool(flags.timeout, false, `${where}.flags.timeout`),
      dataException: bool(flags.dataException, false, `${where}.flags.dataException`),
      ptzFails: bool(flags.ptzFails, false, `${where}.flags.ptzFails`),
      storageError: bool(flags.storageError, false, `${where}.flags.storageError`),
      captureDenied: bool(flags.captureDenied, false, `${where}.flags.captureDenied`),
      captureFails: bool(flags.captureFails, false, `${where}.flags.captureFails`),
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
    camera: normalizeCamera(d.camera, `${where}.camera`),
    hub: normalizeHub(d.hub, `${where}.hub`),
    siren: normalizeSiren(d.siren, `${where}.siren`),
  };
}
