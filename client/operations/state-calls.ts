// The rows of camera state (docs/behaviour.md section 12, docs/api/watch-api.md sections 2-4): every
// call of the switches and of the device state, and the two nodes that make them. A row of the
// operation table like those of operations.ts (kept apart only for the 200-line limit). Pure data.

import { optChannel, p, serial } from './operations';
import type { CallSpec, OperationSpec, ParamSpec, StateCallName, StateNodeName } from './operations';
import { RECORDINGS_NODE } from './recordings';

const call = (operation: StateCallName, path: string, write: boolean, params: readonly ParamSpec[]): CallSpec =>
  Object.freeze({
    operation,
    path,
    section: write ? 'switch' : 'device',
    idempotent: true,
    cameraQueue: write,
    ...(write ? { spacingMs: 2000, queueBy: 'device' as const } : {}),
    params,
  });
const enable = [serial, optChannel, p('enable', 'switchState', true)];
const L = '/api/lapp';

/** Every call of camera state. A set is idempotent (twice leaves the same state) and goes through
 * the camera queue, 2 s apart per device; reads go straight out. */
export const STATE_CALLS: Readonly<Record<StateCallName, CallSpec>> = Object.freeze({
  'defence-set': call('defence-set', `${L}/device/defence/set`, true, [serial, p('isDefence', 'switchState', true)]),
  'privacy-set': call('privacy-set', `${L}/device/scene/switch/set`, true, enable),
  'microphone-set': call('microphone-set', `${L}/camera/video/sound/set`, true, enable),
  'prompt-sound-set': call('prompt-sound-set', `${L}/device/sound/switch/set`, true, enable),
  'status-light-set': call('status-light-set', `${L}/device/light/switch/set`, true, enable),
  'fullday-record-set': call('fullday-record-set', `${L}/device/fullday/record/switch/set`, true, enable),
  'motion-tracking-set': call('motion-tracking-set', `${L}/device/mobile/status/set`, true, enable),
  'offline-notify-set': call('offline-notify-set', `${L}/device/notify/switch`, true, [
    serial,
    p('enable', 'switchState', true),
  ]),
  'encryption-on': call('encryption-on', `${L}/device/encrypt/on`, true, [serial]),
  'encryption-off': call('encryption-off', `${L}/device/encrypt/off`, true, [
    serial,
    p('validateCode', 'verificationCode', true, { secret: true }),
  ]),
  'alarm-sound-set': call('alarm-sound-set', `${L}/device/alarm/sound/set`, true, [
    serial,
    p('type', 'switchState', true),
  ]),
  'privacy-status': call('privacy-status', `${L}/device/scene/switch/status`, false, [serial, optChannel]),
  'microphone-status': call('microphone-status', `${L}/camera/video/sound/status`, false, [serial, optChannel]),
  'prompt-sound-status': call('prompt-sound-status', `${L}/device/sound/switch/status`, false, [serial, optChannel]),
  'status-light-status': call('status-light-status', `${L}/device/light/switch/status`, false, [serial, optChannel]),
  'fullday-record-status': call('fullday-record-status', `${L}/device/fullday/record/switch/status`, false, [
    serial,
    optChannel,
  ]),
  'motion-tracking-status': call('motion-tracking-status', `${L}/device/mobile/status/get`, false, [
    serial,
    optChannel,
  ]),
  'device-info': call('device-info', `${L}/device/info`, false, [serial]),
  // The documentation names the channel `channel`, one client sends `channelNo`: we send both.
  'device-status': call('device-status', `${L}/device/status/get`, false, [
    serial,
    optChannel,
    p('channel', 'channel', false),
  ]),
});

const verificationCode = p('verificationCode', 'verificationCode', false, { secret: true, sent: false });

/** The two nodes of camera state: their parameters; the calls they make are STATE_CALLS. */
export const STATE_NODES: Readonly<Record<StateNodeName, OperationSpec>> = Object.freeze({
  switch: {
    operation: 'switch',
    type: 'ezviz-switch',
    path: STATE_CALLS['defence-set'].path,
    section: 'switch',
    idempotent: true,
    cameraQueue: false,
    params: [
      serial,
      optChannel,
      p('switch', 'switch', true, { sent: false }),
      p('state', 'switchState', true, { sent: false }),
      verificationCode,
    ],
  },
  device: {
    operation: 'device',
    type: 'ezviz-device',
    path: STATE_CALLS['device-info'].path,
    section: 'device',
    idempotent: true,
    cameraQueue: false,
    params: [serial, optChannel],
    options: [{ name: 'watch', kind: 'seconds', default: 0 }],
  },
  // ezviz-recordings (docs/behaviour.md section 18): its row is in recordings.ts with its list call.
  recordings: RECORDINGS_NODE,
});

/** ezviz-device `watch`: seconds between reads of its own, at least this many (0: off). */
export const MIN_WATCH_S = 60;
export const MAX_WATCH_S = 86400;

/** The `watch` setting: 0 (off) or seconds in [60, 86400]; below 60 is raised to 60. Undefined
 * when it is not a number. */
export function watchSeconds(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '' || raw === false) return 0;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,6}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 0) return undefined;
  return n === 0 ? 0 : Math.min(MAX_WATCH_S, Math.max(MIN_WATCH_S, n));
}
