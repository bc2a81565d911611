// The camera state behind the switches and the device state calls (docs/behaviour.md section 12): per
// device, the switches, the hub modes, the battery, the SD card and the verification code. Read
// from a device of the state file (`camera: {...}`, every field optional) with defaults; kept in
// the device record, so GET /sim/state shows it and POST /sim/device changes it.

/** Switch states of a device (per device; the simulator's cameras have one lens cover each). */
export interface CameraState {
  privacy: boolean;
  microphone: boolean;
  promptSound: boolean;
  statusLight: boolean;
  fulldayRecord: boolean;
  motionTracking: boolean;
  offlineNotify: boolean;
  /** 0 short, 1 long, 2 mute, 3 custom voice. */
  alarmSound: number;
  /** An alarm hub (security modes): defence 0 sleep, 8 home, 16 away. */
  hub: boolean;
  /** Battery in % (1-100); null: mains powered (battryStatus -1). */
  battery: number | null;
  /** A battery camera asleep (wakeUpStatus 1); sets wake it. */
  sleeping: boolean;
  /** Wi-Fi signal 0-100; null: wired (-1). */
  signal: number | null;
  /** diskState: one character per card (0 ok, 1 error, 2 unformatted, 3 formatting), "" no card. */
  disk: string;
  /** The video its FLV streams carry (docs/api/media-api.md section 7): `h264` (codec id 7) or
   * `h265` (codec id 12). */
  videoCodec: 'h264' | 'h265';
  /** The code on the device's label: encrypt/off needs it (20010 otherwise). */
  verificationCode: string;
  /** Switches and settings the device cannot do (60020): names of SWITCH_FIELDS, `encryption`,
   * `sensitivity`, `schedule`, `infrared`, `upgrade`. */
  unsupported: string[];
  /** Motion-detection sensitivity 0-6 (media-api section 5.1). */
  sensitivity: number;
  /** The arming plan as the API holds it (5.2): "HH:mm", "HH:mm" or "n00:00", "0,1,...", 0/1. */
  schedule: { startTime: string; stopTime: string; period: string; enable: number };
  /** The infrared light (5.3). */
  infrared: boolean;
  /** Firmware (section 6): the version, the latest one, and whether an upgrade succeeds (it takes
   * a minute) or fails (after 30 s). */
  firmware: { version: string; latest: string; upgrade: 'ok' | 'fail' };
  /** When the running (or last) upgrade started (ms since the epoch); null: none since start. */
  upgradeStarted: number | null;
}

/** Switch name -> field of CameraState (privacy support comes from capabilities.privacy). */
export const SWITCH_FIELDS = {
  privacy: 'privacy',
  microphone: 'microphone',
  'prompt-sound': 'promptSound',
  'status-light': 'statusLight',
  'fullday-record': 'fulldayRecord',
  'motion-tracking': 'motionTracking',
  'offline-notify': 'offlineNotify',
} as const;

export type SwitchField = (typeof SWITCH_FIELDS)[keyof typeof SWITCH_FIELDS];

import { StateError } from './read';

type Obj = Record<string, unknown>;

function fail(where: string, what: string): never {
  throw new StateError(`state: ${where} ${what}`);
}

const boolOr = (v: unknown, d: boolean, where: string): boolean =>
  v === undefined ? d : typeof v === 'boolean' ? v : fail(where, 'must be true or false');

function numOr(v: unknown, d: number | null, where: string, min: number, max: number): number | null {
  if (v === undefined) return d;
  if (v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    fail(where, `must be a whole number from ${min} to ${max}`);
  return v as number;
}

/** A device's `camera` object of a state file, with defaults. */
export function normalizeCamera(raw: unknown, where: string): CameraState {
  const c = (raw === undefined || raw === null ? {} : raw) as Obj;
  if (typeof c !== 'object' || Array.isArray(c)) fail(where, 'must be an object');
  const disk =
    c.disk === undefined
      ? '0'
      : typeof c.disk === 'string' && /^[0-3]{0,8}$/.test(c.disk)
        ? c.disk
        : fail(`${where}.disk`, 'must be up to 8 of the characters 0-3');
  const unsupported =
    c.unsupported === undefined
      ? []
      : Array.isArray(c.unsupported) && c.unsupported.every((x) => typeof x === 'string')
        ? (c.unsupported as string[]).slice()
        : fail(`${where}.unsupported`, 'must be a list of switch names');
  const code =
    c.verificationCode === undefined
      ? 'ABCDEF'
      : typeof c.verificationCode === 'string'
        ? c.verificationCode
        : fail(`${where}.verificationCode`, 'must be a string');
  return {
    privacy: boolOr(c.privacy, false, `${where}.privacy`),
    microphone: boolOr(c.microphone, true, `${where}.microphone`),
    promptSound: boolOr(c.promptSound, true, `${where}.promptSound`),
    statusLight: boolOr(c.statusLight, true, `${where}.statusLight`),
    fulldayRecord: boolOr(c.fulldayRecord, false, `${where}.fulldayRecord`),
    motionTracking: boolOr(c.motionTracking, false, `${where}.motionTracking`),
    offlineNotify: boolOr(c.offlineNotify, true, `${where}.offlineNotify`),
    alarmSound: numOr(c.alarmSound, 0, `${where}.alarmSound`, 0, 3) as number,
    hub: boolOr(c.hub, false, `${where}.hub`),
    battery: numOr(c.battery, null, `${where}.battery`, 1, 100),
    sleeping: boolOr(c.sleeping, false, `${where}.sleeping`),
    signal: numOr(c.signal, null, `${where}.signal`, 0, 100),
    disk,
    videoCodec:
      c.videoCodec === undefined || c.videoCodec === 'h264' || c.videoCodec === 'h265'
        ? ((c.videoCodec ?? 'h264') as 'h264' | 'h265')
        : fail(`${where}.videoCodec`, 'must be "h264" or "h265"'),
    verificationCode: code,
    unsupported,
    ...normalizeUpkeep(c, where),
  };
}

export const FIRMWARE_VERSION = 'V5.3.0 build 230215';

/** The settings and firmware of a device's `camera` object (docs/behaviour.md section 20), with defaults. */
export function normalizeUpkeep(
  c: Obj,
  where: string,
): Pick<CameraState, 'sensitivity' | 'schedule' | 'infrared' | 'firmware' | 'upgradeStarted'> {
  const s = (c.schedule ?? {}) as Obj;
  const f = (c.firmware ?? {}) as Obj;
  if (typeof s !== 'object' || typeof f !== 'object') fail(where, 'schedule and firmware must be objects');
  const text = (v: unknown, d: string, re: RegExp, at: string): string =>
    v === undefined ? d : typeof v === 'string' && re.test(v) ? v : fail(`${where}.${at}`, `must match ${re}`);
  const version = text(f.version, FIRMWARE_VERSION, /^.{1,64}$/, 'firmware.version');
  return {
    sensitivity: numOr(c.sensitivity, 3, `${where}.sensitivity`, 0, 6) as number,
    schedule: {
      startTime: text(s.startTime, '00:00', /^\d{1,2}:\d{2}$/, 'schedule.startTime'),
      stopTime: text(s.stopTime, 'n00:00', /^n?\d{1,2}:\d{2}$/, 'schedule.stopTime'),
      period: text(s.period, '0,1,2,3,4,5,6', /^[0-6]?(,[0-6])*$/, 'schedule.period'),
      enable: numOr(s.enable, 1, `${where}.schedule.enable`, 0, 1) as number,
    },
    infrared: boolOr(c.infrared, true, `${where}.infrared`),
    firmware: {
      version,
      latest: text(f.latest, version, /^.{1,64}$/, 'firmware.latest'),
      upgrade:
        f.upgrade === undefined
          ? 'ok'
          : f.upgrade === 'ok' || f.upgrade === 'fail'
            ? f.upgrade
            : fail(`${where}.firmware.upgrade`, 'must be "ok" or "fail"'),
    },
    upgradeStarted: numOr(c.upgradeStarted, null, `${where}.upgradeStarted`, 0, Number.MAX_SAFE_INTEGER),
  };
}
