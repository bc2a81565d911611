// The EZVIZ Open API simulator: public exports (docs/architecture.md, "Simulator API").

export { startSimulator, API_PATHS, MAX_BODY_BYTES, maskFields } from './server';
export type { Simulator, SimulatorOptions, FaultSpec, Fault, FaultKind, LogEntry, LogFilter } from './server';
export { FakeClock, SystemClock } from './clock';
export type { Clock } from './clock';
export { SimulatorState, loadDefaultState, readStateFile, normalizeState, DAY_MS } from './state';
export type {
  StateData, StateInput, Settings, Account, AppKey, Token, User, Device, Channel, Capabilities,
  DeviceFlags, PtzLimits, Preset, PresetCall, Moving, StoragePeriod, ChannelStorage, Card, CardStatus,
} from './state';
export { messageFor, KNOWN_CODES, SUCCESS_MSG } from './messages';
export { SERIAL_RE, positionOf, viewOf, addService } from './model';
export type { ApiResult } from './model';
