// The simulator's routes of the alarm hub and the siren (docs/api/hub-api.md sections 1 and 2;
// areas/hub.ts), written from the notes like routes.ts, which lists them in ROUTES. The detector
// calls are `lapp` form posts (the list in the `result` wrapper); active defence and audition are
// v3 calls: the token and the serial in headers, `meta` replies, errors with HTTP 4xx.

import { int, serial, str, token, type Route } from './route-types';

/** Codes of every detector call (section 1). */
const HUB_CODES = ['20006', '20007', '20008', '20014', '20018', '60020'];
/** Codes of the v3 calls (section 2): 60012 unknown error. */
const SIREN_CODES = ['20006', '20007', '20008', '20014', '20018', '60012', '60020'];

export const HUB_ROUTES: Route[] = [
  {
    path: '/api/lapp/detector/list',
    op: 'detector-list',
    section: 'hub',
    envelope: 'result',
    params: [token, serial],
    codes: HUB_CODES,
  },
  {
    path: '/api/lapp/detector/status/set',
    op: 'detector-status-set',
    section: 'hub',
    params: [
      token,
      serial,
      str('detectorSerial', true),
      int('safeMode', true, { values: [0, 1, 2] }),
      int('enable', true, { values: [0, 1] }),
    ],
    codes: [...HUB_CODES, '60022'],
  },
  {
    path: '/api/lapp/detector/cancelAlarm',
    op: 'detector-cancel-alarm',
    section: 'hub',
    params: [token, serial],
    codes: HUB_CODES,
  },
  {
    path: '/api/lapp/detector/name/change',
    op: 'detector-name-change',
    section: 'hub',
    params: [token, serial, str('detectorSerial', true), str('newName', true)],
    codes: HUB_CODES,
  },
  {
    path: '/api/v3/device/defence',
    op: 'device-defence',
    section: 'siren',
    envelope: 'v3',
    params: [token, serial, int('status', true, { values: [1, 2] })],
    codes: SIREN_CODES,
  },
  {
    path: '/api/v3/device/audition',
    op: 'device-audition',
    section: 'siren',
    envelope: 'v3',
    params: [
      token,
      serial,
      int('voiceIndex', true, { values: [200, 201, 202] }),
      int('volume', false, { min: 1, max: 100 }),
    ],
    codes: SIREN_CODES,
  },
];
