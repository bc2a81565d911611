// The EZVIZ Open API simulator: public exports (docs/architecture.md, "Simulator API").

export { startSimulator, API_PATHS, MAX_BODY_BYTES, maskFields } from './server';
export type {
  Simulator,
  SimulatorOptions,
  FaultSpec,
  Fault,
  FaultKind,
  LogEntry,
  LogFilter,
  AlarmInput,
} from './server';
export { FakeClock, SystemClock } from './clock';
export type { Clock } from './clock';
export { SimulatorState, loadDefaultState, readStateFile, normalizeState, DAY_MS } from './state';
export type {
  StateData,
  StateInput,
  Settings,
  Account,
  AppKey,
  Token,
  User,
  Device,
  Channel,
  Capabilities,
  DeviceFlags,
  PtzLimits,
  Preset,
  PresetCall,
  Moving,
  StoragePeriod,
  ChannelStorage,
  Card,
  CardStatus,
  Alarm,
} from './state';
export { messageFor, KNOWN_CODES, SUCCESS_MSG } from './messages';
export { SERIAL_RE } from './common';
export type { ApiResult } from './common';
export { positionOf, directionSupported } from './areas/ptz-model';
export { viewOf, addService } from './areas/storage';
export { ROUTES, routeFor, parseParams, COMMON_CODES, LIMIT_CODES, MAX_PAGE_SIZE } from './routes';
export type { Route, RouteOp, RouteParam, Section } from './routes';
export { capacityOf } from './areas/devices';
export { mulberry32 } from './areas/recordings';
export { raiseAlarm, ALARM_WINDOW_MS } from './areas/alarms';
export { messageService, webhookPusher, MessageService, CONSUMER_IDLE_MS, MQ_GROUPS } from './areas/mq';
export type { MqMessage } from './areas/mq';
export { WebhookPusher, ACK_TIMEOUT_MS, MAX_RESENDS } from './areas/mq-push';
export type { PushRecord, WebhookConfig } from './areas/mq-push';
export { pictureBytes, PICTURE_SIZE, PICTURE_PREFIX } from './areas/pictures';
