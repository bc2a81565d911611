// The simulator's routes of the live address (docs/api/watch-api.md section 1), the recordings
// by time (docs/api/media-api.md section 2.1), the message service's consumer (watch-api.md
// section 5) and voice (media-api.md section 3), written from the API notes like routes.ts, which
// lists them in ROUTES.

import { int, optChannel, serial, str, token, type Route } from './route-types';

const VOICE_CODES = ['20001', '20006', '20007', '20008', '20014', '20015', '20018', '20032', '60029', '111012'];

export const MEDIA_ROUTES: Route[] = [
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
];

export const VOICE_ROUTES: Route[] = [
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
];
