// The alarm hub's detectors and a camera's siren (docs/api/hub-api.md sections 1 and 2): per device,
// read from the state file's `hub: {detectors, alarm, listShape}` and `siren: {supported}` (every
// field optional) with defaults; kept in the device record, so GET /sim/state shows them and the
// areas change them (areas/hub.ts). Whether a device is a hub at all is `camera.hub`.

import { StateError } from './read';

/** One detector as the hub's list reports it (the API's own field names and 0/1 flags). */
export interface HubDetector {
  detectorSerial: string;
  /** Type word, lower case as the vendor's examples write it (`magnetometer`, `pir`, ...). */
  detectorType: string;
  detectorTypeName: string;
  /** The name its owner gave it. */
  location: string;
  /** Connected to the hub (0/1). */
  detectorState: number;
  /** Faults, 0 recovered / 1 active: zone fault, battery under-voltage, wireless interference, offline. */
  zfStatus: number;
  uvStatus: number;
  iwcStatus: number;
  olStatus: number;
  /** Armed in home / away / sleep mode (0/1). */
  atHomeEnable: number;
  outerEnable: number;
  sleepEnable: number;
}

export interface HubState {
  detectors: HubDetector[];
  /** The hub's alarm is sounding (a detector went off); cancelAlarm clears it. */
  alarm: boolean;
  /** The detector list's reply: `result` (the vendor's examples: `{result: {code, msg, data}}`) or
   * `data` (at the top, as clients read it). */
  listShape: 'result' | 'data';
}

/** A tone a camera played (audition). */
export interface PlayedTone {
  voiceIndex: number;
  volume: number;
  at: number;
}

export interface SirenState {
  /** The camera has active defence (capability support_active_defense); else 60020. */
  supported: boolean;
  /** Sounding since (ms), or null. */
  since: number | null;
  /** Every start and stop, in order (`start`/`stop` and when), and the tones played. */
  log: Array<{ action: 'start' | 'stop'; at: number }>;
  tones: PlayedTone[];
}

type Obj = Record<string, unknown>;
const FLAGS = [
  'detectorState',
  'zfStatus',
  'uvStatus',
  'iwcStatus',
  'olStatus',
  'atHomeEnable',
  'outerEnable',
  'sleepEnable',
];

function fail(where: string, what: string): never {
  throw new StateError(`state: ${where} ${what}`);
}

function detector(raw: unknown, where: string): HubDetector {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) fail(where, 'must be an object');
  const d = raw as Obj;
  const text = (k: string, dflt?: string): string => {
    const v = d[k] ?? dflt;
    return typeof v === 'string' && v.length <= 100 ? v : fail(`${where}.${k}`, 'must be a string');
  };
  const out: Obj = {
    detectorSerial: text('detectorSerial'),
    detectorType: text('detectorType'),
    detectorTypeName: text('detectorTypeName', String(d.detectorType ?? '')),
    location: text('location', ''),
  };
  for (const k of FLAGS) {
    const v = d[k] ?? (k === 'detectorState' ? 1 : 0);
    out[k] = v === 0 || v === 1 ? v : fail(`${where}.${k}`, 'must be 0 or 1');
  }
  return out as unknown as HubDetector;
}

/** A device's `hub` object of a state file, with defaults (no detectors). */
export function normalizeHub(raw: unknown, where: string): HubState {
  const h = (raw === undefined || raw === null ? {} : raw) as Obj;
  if (typeof h !== 'object' || Array.isArray(h)) fail(where, 'must be an object');
  const list = h.detectors ?? [];
  if (!Array.isArray(list)) fail(`${where}.detectors`, 'must be a list');
  const shape = h.listShape ?? 'result';
  if (shape !== 'result' && shape !== 'data') fail(`${where}.listShape`, 'must be "result" or "data"');
  return {
    detectors: (list as unknown[]).map((d, i) => detector(d, `${where}.detectors[${i}]`)),
    alarm:
      h.alarm === undefined
        ? false
        : h.alarm === true || h.alarm === false
          ? h.alarm
          : fail(where, 'alarm must be true or false'),
    listShape: shape as HubState['listShape'],
  };
}

/** A device's `siren` object of a state file, with defaults (no active defence). */
export function normalizeSiren(raw: unknown, where: string): SirenState {
  const s = (raw === undefined || raw === null ? {} : raw) as Obj;
  if (typeof s !== 'object' || Array.isArray(s)) fail(where, 'must be an object');
  const supported = s.supported ?? false;
  if (typeof supported !== 'boolean') fail(`${where}.supported`, 'must be true or false');
  return { supported: supported as boolean, since: null, log: [], tones: [] };
}
