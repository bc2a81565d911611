// The simulator's state: its types (types.ts, device-types.ts), the normalization of a state
// file (read.ts, normalize.ts, normalize-device.ts), the live store (store.ts) and the bundled
// default state (default.ts).

export { DAY_MS, DEFAULT_SETTINGS } from './types';
export type { Settings, Account, AppKey, Token, User, CardStatus, Card, Alarm, StateData, StateInput } from './types';
export { DEFAULT_LIMITS } from './device-types';
export type {
  Capabilities,
  DeviceFlags,
  PtzLimits,
  Moving,
  Preset,
  PresetCall,
  StoragePeriod,
  ChannelStorage,
  Channel,
  Device,
} from './device-types';
export { StateError } from './read';
export { normalizeState, normalizeSettings, normalizeAlarm, ALARM_NAMES } from './normalize';
export { SimulatorState } from './store';
export { loadDefaultState, readStateFile } from './default';
