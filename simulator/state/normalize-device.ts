// A state file's device (with its channels and their storage periods) turned into the model,
// defaults filled in. Relative times (`startInDays`/`days`, `updatedInDays`) become absolute ms.

import { DAY_MS } from './types';
import type { Account } from './types';
import type { Channel, Device } from './device-types';
import { DEFAULT_LIMITS } from './device-types';
import { bool, num, obj, StateError, str, wholeSeconds } from './read';
import { normalizeCamera } from './camera';
import { normalizeChannel } from './normalize-channel';
import { normalizeHub, normalizeSiren } from './hub';

/** support_talk: 0, 1 or 3 (true 1, false 0). */
function talkOf(v: unknown, def: 0 | 1 | 3, where: string): 0 | 1 | 3 {
  if (v === undefined) return def;
  if (v === true || v === false) return v ? 1 : 0;
  if (v === 0 || v === 1 || v === 3) return v;
  throw new StateError(`state: ${where} must be 0, 1, 3 or a boolean`);
}

/** A device of a state file (`devices.<serial>`), defaults filled in. */
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
      channels[String(n)] = normalizeChannel(
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
      channels[String(Number(k))] = normalizeChannel(
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
