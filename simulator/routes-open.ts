// The simulator's routes of docs/api/open-api.md section 4 (cloud storage, PTZ, presets) and the
// token path (docs/behaviour.md section 7), written from the API notes like routes.ts, which lists
// them in ROUTES.

import { int, optChannel, serial, str, token, type Route, type RouteParam } from './route-types';

/** docs/api/open-api.md section 4.3: 0..11; docs/behaviour.md section 7: 16 is auto control. */
export const DIRECTION_CODES: readonly number[] = Object.freeze([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16]);

const channel = int('channelNo', true);
const phone: RouteParam = Object.freeze({ name: 'phone', type: 'phone', required: false });
const index = int('index', true, { min: 1, max: 12 });

const PTZ_CODES = ['20006', '20007', '20008', '60000', '60001', '60006', '60020'];

export const OPEN_ROUTES: Route[] = [
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
];
