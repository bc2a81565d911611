// The status keys the shared catalog holds (docs/behaviour.md section 9), under `status.` of
// nodes/ezviz-config/locales/<lang>/ezviz-config.json: the codes with a text of their own (from
// errors/api-codes.ts), the
// plain keys and the switch states. status-keys.ts makes the full keys; tests hold both catalogs to
// these lists. Pure: no Node.js imports.

import { codesWith } from '../../client/errors/api-codes';
import { statesOf, SWITCH_NAMES } from '../../client/operations/switches';

/** Codes (or hint keys of per-section codes) with a status text of their own under
 * `status.code.<key>` in both catalogs, each "<short text> (<code>)": the rows of the one table of
 * codes (errors/api-codes.ts) that have one. */
export const STATUS_CODE_KEYS: readonly string[] = codesWith('status');

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
