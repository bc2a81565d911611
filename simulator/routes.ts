// The simulator's own route table, written from the API documents (docs/api/open-api.md,
// docs/api/more-api.md, docs/behaviour.md section 7), independently of the package's OPERATIONS table: path,
// parameters with their types and required flags, the section whose message texts apply, and the
// reply codes each path can answer. The server dispatches on it and every handler reads its
// parameters through `parseParams`, so the table is what the simulator actually serves.
// test/simulator/tables.test.ts holds it against the package's table. The shapes and the common parameter
// rows are in route-types.ts, the parsing in route-params.ts; the routes by area: open-api.md section 4
// in routes-open.ts, live, recordings, messages and voice in routes-media.ts, the camera state's in
// routes-watch.ts, settings and firmware in routes-upkeep.ts, the hub and siren in routes-hub.ts.

import { OPEN_ROUTES } from './routes-open'; // docs/api/open-api.md section 4
import { MEDIA_ROUTES, VOICE_ROUTES } from './routes-media'; // docs/api/watch-api.md sections 1 and 5, media-api.md 2.1 and 3
import { UPKEEP_ROUTES } from './routes-upkeep'; // docs/api/media-api.md sections 5 and 6
import { int, optChannel, serial, str, token, type Route, type RouteOp } from './route-types';
import { WATCH_ROUTES } from './routes-watch'; // docs/api/watch-api.md sections 2-4
import { HUB_ROUTES } from './routes-hub'; // docs/api/hub-api.md sections 1 and 2

export type { Route, RouteOp, RouteParam, Section } from './route-types';
export { SWITCH_PATHS } from './routes-watch';
export { DIRECTION_CODES } from './routes-open';
export { ParamError, fieldOf, mergeFields, parseParams, type Params } from './route-params';

/** more-api: pageSize at most 50. */
export const MAX_PAGE_SIZE = 50;

const channel = int('channelNo', true);
const paging = [int('pageStart', false, { min: 0 }), int('pageSize', false, { min: 1, max: MAX_PAGE_SIZE })];
/** The filters of both alarm lists. */
const alarmFilters = [
  int('startTime', false, { min: 0 }),
  int('endTime', false, { min: 0 }),
  int('alarmType', false, { min: -1 }),
  int('status', false, { values: [0, 1, 2] }),
  ...paging,
];

/** Codes of table 7.1, answered by every path (the token path has its own, docs/behaviour.md section 7). */
export const COMMON_CODES: readonly string[] = Object.freeze(['10001', '10002', '10005', '20002', '49999']);
/** Codes any path can answer through fault injection or call limits (docs/behaviour.md section 7, more-api). */
export const LIMIT_CODES: readonly string[] = Object.freeze(['10006', '10007', '10029', '20008']);

export const ROUTES: readonly Route[] = Object.freeze(
  [
    ...OPEN_ROUTES,
    // --- docs/api/more-api.md ---
    { path: '/api/lapp/device/list', op: 'device-list', section: 'list', params: [token, ...paging], codes: [] },
    { path: '/api/lapp/camera/list', op: 'camera-list', section: 'list', params: [token, ...paging], codes: [] },
    {
      path: '/api/lapp/device/capacity',
      op: 'device-capacity',
      section: 'capacity',
      params: [token, serial, optChannel],
      codes: ['20014', '20018', '20032'],
    },
    {
      path: '/api/lapp/device/capture',
      op: 'device-capture',
      section: 'capture',
      params: [token, serial, channel, { name: 'quality', type: 'ignored', required: false }],
      codes: ['20014', '20018', '20032', '20006', '20007', '20008', '60017', '60020', '60026', '10028', '10051'],
    },
    {
      path: '/api/lapp/alarm/list',
      op: 'alarm-list',
      section: 'alarm',
      params: [
        token,
        ...alarmFilters,
        // Not in the more-api table; accepted as a filter (the per-device variant below requires it).
        str('deviceSerial', false),
      ],
      codes: ['20014', '20018'],
    },
    {
      path: '/api/lapp/alarm/device/list',
      op: 'alarm-device-list',
      section: 'alarm',
      params: [token, serial, ...alarmFilters],
      codes: ['20014', '20018'],
    },
    {
      // A GET (doc 5224): the serial in the query, the token in a header (areas/faces.ts).
      path: '/api/v3/device/life/remind/face/recognize/list',
      op: 'face-list',
      section: 'alarm',
      envelope: 'v3',
      method: 'GET',
      params: [token, serial],
      codes: ['20007', '20018', '60020'],
    },
    ...MEDIA_ROUTES,
    ...WATCH_ROUTES,
    ...VOICE_ROUTES,
    ...UPKEEP_ROUTES,
    ...HUB_ROUTES,
  ].map((r) => Object.freeze({ ...r, params: Object.freeze(r.params), codes: Object.freeze(r.codes) })) as Route[],
);

const BY_PATH: ReadonlyMap<string, Route> = new Map(ROUTES.map((r) => [r.path, r]));

/** The route of an API path, if the simulator serves it. */
export function routeFor(path: string): Route | undefined {
  return BY_PATH.get(path);
}

/** Every API path the simulator serves. */
export const API_PATHS: readonly string[] = Object.freeze(ROUTES.map((r) => r.path));

/** Names of secret parameters of any route (masked in the request log). */
export const SECRET_PARAMS: ReadonlySet<string> = new Set(
  ROUTES.flatMap((r) => r.params.filter((p) => p.secret).map((p) => p.name)),
);

/** Whether `route` may answer `code` (200, table 7.1, or the route's own list). The server
 * refuses to send any other code: a handler answering one is a simulator bug (HTTP 500). */
export function codeAllowed(route: Route, code: string): boolean {
  return code === '200' || COMMON_CODES.includes(code) || route.codes.includes(code);
}

/** The route of an operation. */
export function routeOf(op: RouteOp): Route {
  const r = ROUTES.find((x) => x.op === op);
  if (!r) throw new Error(`simulator: no route for ${op}`);
  return r;
}
