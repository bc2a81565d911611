// The simulator's own route table, written from the API documents (docs/api/open-api.md,
// docs/api/more-api.md, docs/behaviour.md section 7), independently of the package's OPERATIONS table: path,
// parameters with their types and required flags, the section whose message texts apply, and the
// reply codes each path can answer. The server dispatches on it and every handler reads its
// parameters through `parseParams`, so the table is what the simulator actually serves.
// test/simulator/tables.test.ts holds it against the package's table. The shapes and the common parameter
// rows are in route-types.ts, the camera state's routes in routes-watch.ts, the parsing in route-params.ts.

import { UPKEEP_ROUTES } from './routes-upkeep'; // docs/api/media-api.md sections 5 and 6
import { int, optChannel, serial, str, token, type Route, type RouteOp, type RouteParam } from './route-types';
import { WATCH_ROUTES } from './routes-watch'; // docs/api/watch-api.md sections 2-4
import { HUB_ROUTES } from './routes-hub'; // docs/api/hub-api.md sections 1 and 2

export type { Route, RouteOp, RouteParam, Section } from './route-types';
export { SWITCH_PATHS } from './routes-watch';
export { ParamError, fieldOf, mergeFields, parseParams, type Params } from './route-params';

/** docs/api/open-api.md section 4.3: 0..11; docs/behaviour.md section 7: 16 is auto control. */
export const DIRECTION_CODES: readonly number[] = Object.freeze([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16]);
/** more-api: pageSize at most 50. */
export const MAX_PAGE_SIZE = 50;

const channel = int('channelNo', true);
const phone: RouteParam = Object.freeze({ name: 'phone', type: 'phone', required: false });
const index = int('index', true, { min: 1, max: 12 });
const paging = [int('pageStart', false, { min: 0 }), int('pageSize', false, { min: 1, max: MAX_PAGE_SIZE })];

/** Codes of table 7.1, answered by every path (the token path has its own, docs/behaviour.md section 7). */
export const COMMON_CODES: readonly string[] = Object.freeze(['10001', '10002', '10005', '20002', '49999']);
/** Codes any path can answer through fault injection or call limits (docs/behaviour.md section 7, more-api). */
export const LIMIT_CODES: readonly string[] = Object.freeze(['10006', '10007', '10029', '20008']);

const PTZ_CODES = ['20006', '20007', '20008', '60000', '60001', '60006', '60020'];
const VOICE_CODES = ['20001', '20006', '20007', '20008', '20014', '20015', '20018', '20032', '60029', '111012'];

export const ROUTES: readonly Route[] = Object.freeze(
  [
    {
      path: '/api/lapp/token/get',
      op: 'token',
      section: 'token',
      params: [str('appKey', true), str('appSecret', true, { secret: true })],
      codes: ['10001', '10005', '10017', '10030', '49999'],
    },
    // --- docs/api/open-api.md section 4 ---
    {
      path: '/api/lapp/cloud/storage/open',
      op: 'storage-open',
      section: '4.1',
      params: [
        token,
        serial,
        str('cardPassword', true, { secret: true }),
        phone,
        optChannel,
        int('isImmediately', false, { values: [0, 1] }),
      ],
      codes: ['10004', '20014', '20018', '20032', '60012', '60020', '60030', '60031', '60032', '60033', '60035'],
    },
    {
      path: '/api/lapp/cloud/storage/device/info',
      op: 'storage-info',
      section: '4.2',
      params: [token, serial, phone, optChannel],
      // 60020: docs/behaviour.md sections 6 and 7, device/info does not support NVRs.
      codes: ['10004', '20014', '20018', '20032', '60012', '60020'],
    },
    {
      path: '/api/lapp/device/ptz/start',
      op: 'ptz-start',
      section: '4.3',
      params: [
        token,
        serial,
        channel,
        int('direction', true, { values: DIRECTION_CODES }),
        int('speed', true, { values: [0, 1, 2] }),
      ],
      codes: ['20014', '20018', '20032', ...PTZ_CODES, '60002', '60003', '60004', '60005', '60009'],
    },
    {
      path: '/api/lapp/device/ptz/stop',
      op: 'ptz-stop',
      section: '4.4',
      // docs/behaviour.md section 7: ptz/stop takes an optional direction.
      params: [token, serial, channel, int('direction', false, { values: DIRECTION_CODES })],
      codes: ['20014', '20018', '20032', ...PTZ_CODES, '60009'],
    },
    {
      path: '/api/lapp/device/ptz/mirror',
      op: 'ptz-mirror',
      section: '4.5',
      params: [token, serial, channel, int('command', true, { values: [0, 1, 2] })],
      codes: ['20014', '20018', '20032', ...PTZ_CODES, '60009'],
    },
    {
      path: '/api/lapp/device/preset/add',
      op: 'preset-add',
      section: '4.6',
      params: [token, serial, channel],
      codes: ['20014', '20018', '20032', ...PTZ_CODES, '60007', '60008'],
    },
    {
      path: '/api/lapp/device/preset/move',
      op: 'preset-move',
      section: '4.7',
      params: [token, serial, channel, index],
      codes: ['20014', '20018', '20032', ...PTZ_CODES, '60009', '60010', '60011'],
    },
    {
      path: '/api/lapp/device/preset/clear',
      op: 'preset-clear',
      section: '4.8',
      params: [token, serial, channel, index],
      codes: ['20014', '20018', '20032', ...PTZ_CODES, '60009'],
    },
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
        int('startTime', false, { min: 0 }),
        int('endTime', false, { min: 0 }),
        int('alarmType', false, { min: -1 }),
        int('status', false, { values: [0, 1, 2] }),
        ...paging,
        // Not in the more-api table; accepted as a filter (the per-device variant below requires it).
        str('deviceSerial', false),
      ],
      codes: ['20014', '20018'],
    },
    {
      path: '/api/lapp/alarm/device/list',
      op: 'alarm-device-list',
      section: 'alarm',
      params: [
        token,
        serial,
        int('startTime', false, { min: 0 }),
        int('endTime', false, { min: 0 }),
        int('alarmType', false, { min: -1 }),
        int('status', false, { values: [0, 1, 2] }),
        ...paging,
      ],
      codes: ['20014', '20018'],
    },
    // --- docs/api/watch-api.md section 1: v2 (China, custom hosts) and the international path ---
    ...['/api/lapp/v2/live/address/get', '/api/lapp/live/address/get'].map(
      (path) =>
        ({
          path,
          op: path.includes('/v2/') ? 'live-address' : 'live-address-intl',
          section: 'live',
          params: [
            token,
            serial,
            optChannel,
            int('protocol', false, { values: [1, 2, 3, 4, 5] }),
            str('code', false, { secret: true }),
            int('expireTime', false, { min: 30, max: 62208000 }),
            int('type', false, { values: [1, 2, 3] }),
            int('quality', false, { values: [1, 2] }),
            str('startTime', false),
            str('stopTime', false),
            int('supportH265', false, { values: [0, 1] }),
            int('mute', false, { values: [0, 1] }),
          ],
          codes: ['20001', '20006', '20007', '20008', '20014', '20018', '60019', '60026', '10031'],
        }) as Route,
    ),
    // --- docs/api/media-api.md section 2.1: recordings by time (epoch ms; recType 0 auto, 1 cloud, 2 card) ---
    {
      path: '/api/lapp/video/by/time',
      op: 'video-by-time',
      section: 'recordings',
      params: [
        token,
        serial,
        optChannel,
        int('startTime', false, { min: 0 }),
        int('endTime', false, { min: 0 }),
        int('recType', false, { values: [0, 1, 2] }),
      ],
      codes: ['20006', '20007', '20008', '20014', '20018', '20032'],
    },
    // --- docs/api/watch-api.md section 5 (no official page: as independent clients use them) ---
    ...[1, 2, 3, 4, 5].map((g) => ({
      path: `/api/lapp/mq/v1/consumer/group${g}`,
      op: 'mq-consumer' as const,
      section: 'mq' as const,
      params: [token],
      codes: [] as string[],
    })),
    {
      path: '/api/lapp/mq/v1/consumer/messages',
      op: 'mq-messages',
      section: 'mq',
      params: [token, str('consumerId', true), int('preCommit', false, { values: [0, 1] })],
      codes: ['70101'],
    },
    {
      path: '/api/lapp/mq/v1/consumer/offsets',
      op: 'mq-offsets',
      section: 'mq',
      params: [token, str('consumerId', true)],
      codes: ['70101'],
    },
    ...WATCH_ROUTES,
    // --- docs/api/media-api.md section 3: voice (the file part `voiceFile` is no field) ---
    {
      path: '/api/lapp/voice/upload',
      op: 'voice-upload',
      section: 'voice',
      multipart: true,
      params: [token, str('voiceName', false), str('force', false)],
      codes: ['111000'],
    },
    {
      path: '/api/lapp/voice/send',
      op: 'voice-send',
      section: 'voice',
      params: [token, serial, optChannel, str('fileUrl', true)],
      codes: VOICE_CODES,
    },
    {
      path: '/api/lapp/voice/sendonce',
      op: 'voice-sendonce',
      section: 'voice',
      multipart: true,
      params: [token, serial, optChannel],
      codes: [...VOICE_CODES, '111000'],
    },
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
