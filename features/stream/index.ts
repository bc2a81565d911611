// The stream relay's face (docs/behaviour.md section 25): the relay, the HTTP connector of a
// cloud session, and the pure parts the tests and the benchmark drive.

export { StreamRelay } from './relay';
export { httpConnect } from './upstream';
export type { AddressAnswer, UpstreamOptions } from './upstream';
export { Anchor, switchPoint, Timeline } from './timeline';
export { chainAfterMs, ChainPlan, spliceAfterMs } from './plan';
export { LastPictures } from './splice';
export { overBounds } from './viewers';
export type { Viewer } from './viewers';
export { DEFAULT_LIMITS } from './types';
export type {
  Connect,
  RelayEvent,
  RelayEventName,
  RelayLimits,
  RelayOptions,
  RelayReports,
  RelayStats,
  StreamFailure,
  UpstreamHandle,
  UpstreamHandlers,
  ViewerSink,
} from './types';
export { registerStream, streamEntry } from './registry';
export type { StreamEntry } from './registry';
