// What an API area (simulator/areas/*.ts) plugs into the server: its API handlers by route op
// (the rows of routes.ts), optionally admin endpoints under /sim/ and paths it serves itself
// (pictures, streams). areas/index.ts lists the areas; the server, api.ts and admin.ts take
// everything from that list, so a new area is one new file plus its rows.

import type * as http from 'http';
import type { Clock } from './clock';
import type { ApiResult, CallContext } from './common';
import type { FaultList } from './faults';
import type { RequestLog } from './request-log';
import type { Route, RouteOp } from './routes';
import type { SimulatorState } from './state';

/** An API handler: the state, its route (routes.ts), the request's fields and context -> the
 * reply code and data. Throws only on simulator bugs (wrap the body in common.ts `answer`). */
export type Handler = (state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext) => ApiResult;

/** What served paths and admin endpoints see of the running server. */
export interface ServerContext {
  readonly state: SimulatorState;
  readonly clock: Clock;
  readonly scheme: 'http' | 'https';
  /** The host the server listens on. */
  readonly host: string;
  /** Added to every API reply (ms, wall-clock). */
  readonly latencyMs: number;
  readonly log: RequestLog;
  readonly faults: FaultList;
  /** The server's own URL (known once it listens). */
  url(): string;
  /** The origin clients reached the server by (its Host header when that is a plain
   * host[:port]), for the URLs it hands out; else url(). */
  publicOrigin(req: http.IncomingMessage): string;
  /** Told of every API request a latency fault holds back, with the fault's delay (SimulatorOptions.onHeld). */
  held?(req: http.IncomingMessage, ms: number): void;
  /** Resolves after `ms` of wall-clock time (at once for 0); close() drops pending waits. */
  wait(ms: number): Promise<void>;
  /** True once close() has begun. */
  closing(): boolean;
}

/** One admin request: its JSON body (undefined when empty), query string and the server. */
export interface AdminCall {
  json: unknown;
  query: URLSearchParams;
  req: http.IncomingMessage;
  ctx: ServerContext;
}

/** Admin endpoints: path -> method -> the reply body (sent as JSON, 200). A thrown error is
 * answered with its `status` (default 400) and `{error: message}`. */
export type AdminRoutes = Record<string, Record<string, (call: AdminCall) => unknown>>;

/** A path prefix an area serves itself (not an API path, not /sim/). */
export interface ServedPath {
  prefix: string;
  /** Its line in the admin index (GET /sim). */
  index: string;
  /** Fault kinds a fault with `path: prefix` may have (faults without a path never hit it). */
  faultKinds: readonly string[];
  serve(req: http.IncomingMessage, res: http.ServerResponse, path: string, ctx: ServerContext): Promise<void>;
}

export interface Area {
  /** The handler of each of the area's route ops (routes.ts rows). */
  handlers: Partial<Record<RouteOp, Handler>>;
  /** Admin endpoints under /sim/ and their lines in the admin index. */
  admin?: AdminRoutes;
  adminIndex?: readonly string[];
  served?: readonly ServedPath[];
}
