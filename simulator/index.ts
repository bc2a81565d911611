// The EZVIZ Open API simulator: public exports (docs/architecture.md, "Simulator API").

export { startSimulator, API_PATHS, MAX_BODY_BYTES, maskFields } from './server';
export type { Simulator, SimulatorOptions, FaultSpec, Fault, FaultKind, LogEntry, LogFilter, AlarmInput } from './server';
export { FakeClock, SystemClock } from './clock';
export type { Clock } from './clock';
export { SimulatorState, loadDefaultState, readStateFile, normalizeState, DAY_MS } from './state';
export type {
  StateData, StateInput, Settings, Account, AppKey, Token, User, Device, Channel, Capabilities,
  DeviceFlags, PtzLimits, Preset, PresetCall, Moving, StoragePeriod, ChannelStorage, Card, CardStatus, Alarm,
} from './state';
export { messageFor, KNOWN_CODES, SUCCESS_MSG } from './messages';
export { SERIAL_RE, positionOf, viewOf, addService, directionSupported } from './model';
export type { ApiResult } from './model';
export { ROUTES, routeFor, parseParams, COMMON_CODES, LIMIT_CODES, MAX_PAGE_SIZE } from './routes';
export type { Route, RouteOp, RouteParam, Section } from './routes';
export { capacityOf } from './account';
export { raiseAlarm, PICTURE_PREFIX, ALARM_WINDOW_MS } from './media';
export { pictureBytes, PICTURE_SIZE } from './picture';
