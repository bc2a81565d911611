// The simulator's routes of camera state (docs/api/watch-api.md sections 2-4: arming, the on/off
// switches, encryption, the alarm sound, device info and status; areas/switches.ts), written from
// the API notes like routes.ts, which lists them in ROUTES.

import { int, optChannel, serial, str, token, type Route } from './route-types';

const SET_CODES = ['20006', '20007', '20008', '20014', '20018', '60020', '60022'];
const enable = int('enable', true, { values: [0, 1] });
/** Set and status paths of the on/off switches (section 3), by the switch they serve. */
export const SWITCH_PATHS: Readonly<Record<string, { set: string; status?: string }>> = Object.freeze({
  privacy: { set: '/api/lapp/device/scene/switch/set', status: '/api/lapp/device/scene/switch/status' },
  microphone: { set: '/api/lapp/camera/video/sound/set', status: '/api/lapp/camera/video/sound/status' },
  'prompt-sound': { set: '/api/lapp/device/sound/switch/set', status: '/api/lapp/device/sound/switch/status' },
  'status-light': { set: '/api/lapp/device/light/switch/set', status: '/api/lapp/device/light/switch/status' },
  'fullday-record': {
    set: '/api/lapp/device/fullday/record/switch/set',
    status: '/api/lapp/device/fullday/record/switch/status',
  },
  'motion-tracking': { set: '/api/lapp/device/mobile/status/set', status: '/api/lapp/device/mobile/status/get' },
  'offline-notify': { set: '/api/lapp/device/notify/switch' },
});
export const WATCH_ROUTES: Route[] = [
  // Section 2: 0/1 on cameras, 0/8/16 on hubs; 60021 already in that state.
  {
    path: '/api/lapp/device/defence/set',
    op: 'defence-set',
    section: 'switch',
    params: [token, serial, int('isDefence', true, { values: [0, 1, 8, 16] })],
    codes: ['20006', '20007', '20008', '20014', '20018', '60020', '60021'],
  },
  ...Object.values(SWITCH_PATHS).flatMap((s): Route[] => [
    {
      path: s.set,
      op: 'switch-set',
      section: 'switch',
      params: [token, serial, enable, optChannel],
      codes: [...SET_CODES, '20032'],
    },
    ...(s.status
      ? [
          {
            path: s.status,
            op: 'switch-status' as const,
            section: 'switch' as const,
            params: [token, serial, optChannel],
            codes: ['20006', '20007', '20008', '20014', '20018', '20032', '60020'],
          },
        ]
      : []),
  ]),
  {
    path: '/api/lapp/device/encrypt/on',
    op: 'encrypt-on',
    section: 'switch',
    params: [token, serial],
    codes: ['20006', '20007', '20008', '20014', '20018', '60020', '60019'],
  },
  {
    path: '/api/lapp/device/encrypt/off',
    op: 'encrypt-off',
    section: 'switch',
    params: [token, serial, str('validateCode', true, { secret: true })],
    codes: ['20006', '20007', '20008', '20010', '20014', '20018', '60020', '60016'],
  },
  {
    path: '/api/lapp/device/alarm/sound/set',
    op: 'alarm-sound-set',
    section: 'switch',
    params: [token, serial, int('type', true, { values: [0, 1, 2] })],
    codes: SET_CODES,
  },
  // Section 4: info answers for an offline device (status 0); status/get takes `channel` or `channelNo`.
  {
    path: '/api/lapp/device/info',
    op: 'device-info',
    section: 'device',
    params: [token, serial],
    codes: ['20014', '20018'],
  },
  {
    path: '/api/lapp/device/status/get',
    op: 'device-status',
    section: 'device',
    params: [token, serial, optChannel, int('channel', false)],
    codes: ['20006', '20007', '20008', '20014', '20018', '20032'],
  },
];
