// The status keys the shared catalog holds (docs/behaviour.md section 9), under `status.` of
// nodes/ezviz-config/locales/<lang>/ezviz-config.json: the codes with a text of their own, the
// plain keys and the switch states. status-keys.ts makes the full keys; tests hold both catalogs to
// these lists. Pure: no Node.js imports.

import { statesOf, SWITCH_NAMES } from '../operations/switches';

/**
 * Codes (or hint keys of per-section codes) with a status text of their own under
 * `status.code.<key>` in both catalogs, each "<short text> (<code>)".
 */
export const STATUS_CODE_KEYS: readonly string[] = [
  // API, token and account
  '10001',
  '10002',
  '10002-expired',
  '10004',
  '10005',
  '10007',
  '10017',
  '10029',
  '10030',
  // devices
  '20002',
  '20006',
  '20007',
  '20008',
  '20014-serial',
  '20014-network',
  '20018-user',
  '20018-account',
  '20032-user',
  '20032-channel',
  '49999',
  // PTZ and presets
  '60000',
  '60001',
  '60002',
  '60003',
  '60004',
  '60005',
  '60006',
  '60007',
  '60008',
  '60009',
  '60010',
  '60011',
  '60012',
  '60020-command',
  '60020-storage',
  // the alarm hub and the siren (docs/behaviour.md section 24)
  '60020-hub',
  '60020-siren',
  // cloud storage cards
  '60030',
  '60031',
  '60032',
  '60033',
  '60035',
  // capture (docs/api/more-api.md)
  '10028',
  '10051',
  '60017',
  // the message service (docs/api/watch-api.md section 5)
  '70101',
  // camera state (docs/api/watch-api.md)
  '20010',
  '60026',
  '60020-switch',
  // live addresses (docs/api/watch-api.md section 1)
  '20001',
  '60019-live',
  '10031-live',
  // pictures (docs/behaviour.md section 17): no code for the camera, a wrong one
  'PICTURE_LOCKED',
  'WRONG_CODE',
  // voice (docs/api/media-api.md section 3)
  '20015',
  '111000',
  '111012',
  '60029',
  // network, HTTP and local
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'NOT_HTTP',
  'BAD_REPLY',
  'REPLY_TOO_LARGE',
  'AREA_DOMAIN',
  'QUEUE_FULL',
  'STOPPED',
  'INVALID_CONFIG',
  'INTERNAL',
];
/** Plain status keys (under `status.`) that the nodes use besides the per-code ones. */
export const STATUS_KEYS: readonly string[] = [
  'requesting',
  'ok',
  'stopped',
  'noConfig',
  'noCredentials',
  'tokenExpired',
  'tokenFailed',
  'tokenOk',
  'error',
  // ezviz-alarm: the last poll's time and count (translated at run time: it has arguments), bad settings
  'polled',
  'invalidSettings',
  // ezviz-alarm's webhook: waiting for pushes (yellow without a signing secret), a refused push (time
  // and reason: translated at run time)
  'webhookReady',
  'webhookUnsigned',
  'pushRefused',
  // ezviz-device: what the last read found; ezviz-alarm: a filtered camera known to be disarmed
  'deviceOnline',
  'deviceOffline',
  'deviceArmed',
  'deviceDisarmed',
  'cameraDisarmed',
  // ezviz-recordings: how many recordings a listing found (with an argument)
  'recordings',
  // ezviz-alarm: a poll or consumer source failing three intervals in a row, and back again
  'stale',
  'recovered',
  // ezviz-alarm with picture download: an alarm left without its picture (with the code)
  'pictureFailed',
];

/** Every switch status key (tests: both catalogs hold them). */
export const SWITCH_STATUS_KEYS: readonly string[] = SWITCH_NAMES.flatMap((n) =>
  statesOf(n).map((s) => `switch.${n}.${s}`),
);
