// A device of the state: capabilities, flags, PTZ limits, channels with their position,
// presets and cloud storage.

import type { HubState, SirenState } from './hub';
import type { CameraState } from './camera';

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
  /** A speaker (support_talk: 0 none, 1 full duplex, 3 half duplex); voice send to 0 answers 20015. */
  talk: 0 | 1 | 3;
  /** A doorbell or door station: POST /sim/call rings it (ys.calling messages). */
  doorbell: boolean;
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
  /** 60017 on device/capture: the device reported a failed capture. */
  captureFails: boolean;
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
  /** Service type (e.g. "7d-loop"); equal types renew, others overlap (docs/api/open-api.md section 3). */
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
  /** The cloud records continuously while a period runs (one item an hour), not motion clips. */
  continuous?: boolean;
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
  /** false: an NVR channel nobody set up (named after the serial, offline by default). */
  configured: boolean;
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
  /** Switches, hub, battery, SD card, verification code (camera.ts). */
  camera: CameraState;
  /** An alarm hub's detectors and alarm (hub.ts; a hub is `camera.hub`). */
  hub: HubState;
  /** Active defence and tones (hub.ts). */
  siren: SirenState;
}

export const DEFAULT_LIMITS: Readonly<PtzLimits> = Object.freeze({
  panMin: -170,
  panMax: 170,
  tiltMin: -30,
  tiltMax: 60,
  zoomMin: 1,
  zoomMax: 4,
});
