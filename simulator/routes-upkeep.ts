// The simulator's routes of the settings and firmware calls (docs/api/media-api.md sections 5
// and 6; areas/settings.ts), written from the spec like routes.ts, which lists them in ROUTES.

import { int, optChannel, serial, str, token, type Route } from './route-types';

const GET_CODES = ['10004', '20014', '20018', '60020'];
const SET_CODES = [...GET_CODES, '20006', '20007', '20008', '20032'];

export const UPKEEP_ROUTES: Route[] = [
  // 5.1: get takes the serial only; set value 0-6, type 0 (the only one)
  {
    path: '/api/lapp/device/algorithm/config/get',
    op: 'sensitivity-get',
    section: 'setting',
    params: [token, serial],
    codes: GET_CODES,
  },
  {
    path: '/api/lapp/device/algorithm/config/set',
    op: 'sensitivity-set',
    section: 'setting',
    params: [token, serial, int('value', true, { min: 0, max: 6 }), optChannel, int('type', false, { values: [0] })],
    codes: SET_CODES,
  },
  // 5.2: times "H:mm"/"HH:mm" ("n" before a stop time: of the next day, "n00:00" midnight), period "0,1,..." (0 = Monday), enable "1"/"0"
  {
    path: '/api/lapp/device/defence/plan/get',
    op: 'schedule-get',
    section: 'setting',
    params: [token, serial, optChannel],
    codes: [...GET_CODES, '20032'],
  },
  {
    path: '/api/lapp/device/defence/plan/set',
    op: 'schedule-set',
    section: 'setting',
    params: [
      token,
      serial,
      optChannel,
      str('startTime', false),
      str('stopTime', false),
      str('period', false),
      int('enable', false, { values: [0, 1] }),
    ],
    codes: SET_CODES,
  },
  // 5.3: the infrared light; 60022 already so
  {
    path: '/api/lapp/device/infrared/switch/get',
    op: 'infrared-get',
    section: 'setting',
    params: [token, serial, optChannel],
    codes: [...GET_CODES, '20007', '20032'],
  },
  {
    path: '/api/lapp/device/infrared/switch/set',
    op: 'infrared-set',
    section: 'setting',
    params: [token, serial, int('enable', true, { values: [0, 1] }), optChannel],
    codes: [...SET_CODES, '60022'],
  },
  // 6: version, upgrade (60013 latest, 60014 upgrading, 60015 rebooting, 60018 failed), status
  {
    path: '/api/lapp/device/version/info',
    op: 'version-info',
    section: 'firmware',
    params: [token, serial],
    codes: ['20014', '20018'],
  },
  {
    path: '/api/lapp/device/upgrade',
    op: 'upgrade',
    section: 'firmware',
    params: [token, serial],
    codes: ['20006', '20007', '20008', '20014', '20018', '60013', '60014', '60015', '60018', '60020'],
  },
  {
    path: '/api/lapp/device/upgrade/status',
    op: 'upgrade-status',
    section: 'firmware',
    params: [token, serial],
    codes: ['20007', '20014', '20018'],
  },
];
