// The switches of ezviz-switch (docs/behaviour.md section 12, docs/api/watch-api.md sections 2-3): per
// switch the states it takes, the call that sets each state with the value sent, the codes that
// mean "already in that state", its status call and the device/capacity flag that reports it.
// Pure: shared by the runtime, the editor (selects, capability hints) and the dashboard package.

import type { CallSpec, StateCallName } from './operations';
import { nameOf } from './numbers';
import { STATE_CALLS } from './state-calls';

export const SWITCH_NAMES = [
  'defence',
  'privacy',
  'microphone',
  'prompt-sound',
  'status-light',
  'fullday-record',
  'motion-tracking',
  'offline-notify',
  'encryption',
  'alarm-sound',
] as const;
export type SwitchName = (typeof SWITCH_NAMES)[number];

/** Every state word a switch may take (each switch takes some of them). */
export const STATE_WORDS = ['on', 'off', 'sleep', 'home', 'away', 'short', 'long', 'mute'] as const;
export type StateWord = (typeof STATE_WORDS)[number];

export interface SwitchSpec {
  name: SwitchName;
  /** state -> the call that sets it and the value of its state field (none for encryption). */
  states: Partial<Record<StateWord, { call: StateCallName; value?: number }>>;
  /** The field carrying the value (`enable`, `isDefence`, `type`). */
  field?: 'enable' | 'isDefence' | 'type';
  /** Whether a channel is sent (per-channel switches); defence, encryption, alarm sound and the
   * offline notification are per device. */
  perChannel: boolean;
  /** Reply codes meaning "already in that state": a success with `changed: false`. */
  already: readonly string[];
  /** The call reading its state, where the API has one (defence, encryption, alarm sound and
   * offline notification are read from device/info). */
  status?: StateCallName;
  /** The device/capacity flag that reports it; none known for the others (no hint then). */
  capacity?: string;
}

const onOff = (set: StateCallName): SwitchSpec['states'] => ({
  on: { call: set, value: 1 },
  off: { call: set, value: 0 },
});
const ALREADY = ['60022'] as const;

export const SWITCHES: Readonly<Record<SwitchName, SwitchSpec>> = Object.freeze({
  // docs/api/watch-api.md section 2: 0 disarm, 1 arm; on alarm hubs (security modes) 0 sleep, 8 home, 16 away.
  defence: {
    name: 'defence',
    field: 'isDefence',
    perChannel: false,
    already: ['60021', '60022'],
    capacity: 'support_defence',
    states: {
      on: { call: 'defence-set', value: 1 },
      off: { call: 'defence-set', value: 0 },
      sleep: { call: 'defence-set', value: 0 },
      home: { call: 'defence-set', value: 8 },
      away: { call: 'defence-set', value: 16 },
    },
  },
  privacy: {
    name: 'privacy',
    field: 'enable',
    perChannel: true,
    already: ALREADY,
    status: 'privacy-status',
    capacity: 'support_privacy',
    states: onOff('privacy-set'),
  },
  microphone: {
    name: 'microphone',
    field: 'enable',
    perChannel: true,
    already: ALREADY,
    status: 'microphone-status',
    capacity: 'support_audio_onoff',
    states: onOff('microphone-set'),
  },
  'prompt-sound': {
    name: 'prompt-sound',
    field: 'enable',
    perChannel: true,
    already: ALREADY,
    status: 'prompt-sound-status',
    states: onOff('prompt-sound-set'),
  },
  'status-light': {
    name: 'status-light',
    field: 'enable',
    perChannel: true,
    already: ALREADY,
    status: 'status-light-status',
    states: onOff('status-light-set'),
  },
  'fullday-record': {
    name: 'fullday-record',
    field: 'enable',
    perChannel: true,
    already: ALREADY,
    status: 'fullday-record-status',
    capacity: 'support_fullday_record',
    states: onOff('fullday-record-set'),
  },
  'motion-tracking': {
    name: 'motion-tracking',
    field: 'enable',
    perChannel: true,
    already: ALREADY,
    status: 'motion-tracking-status',
    capacity: 'support_intelligent_track',
    states: onOff('motion-tracking-set'),
  },
  'offline-notify': {
    name: 'offline-notify',
    field: 'enable',
    perChannel: false,
    already: ALREADY,
    states: onOff('offline-notify-set'),
  },
  // docs/api/watch-api.md section 3: encrypt/on (60019 already on), encrypt/off with the verification code (60016 already off).
  encryption: {
    name: 'encryption',
    perChannel: false,
    already: ['60016', '60019'],
    capacity: 'support_encrypt',
    states: { on: { call: 'encryption-on' }, off: { call: 'encryption-off' } },
  },
  'alarm-sound': {
    name: 'alarm-sound',
    field: 'type',
    perChannel: false,
    already: ALREADY,
    capacity: 'support_alarm_voice',
    states: {
      short: { call: 'alarm-sound-set', value: 0 },
      long: { call: 'alarm-sound-set', value: 1 },
      mute: { call: 'alarm-sound-set', value: 2 },
    },
  },
});

/** The switch of a name as a message or a setting may give it (any case, `_` or blank as `-`). */
export function switchOf(raw: unknown): SwitchName | undefined {
  return nameOf(SWITCH_NAMES, raw);
}

/** A state as a message may give it: true/false, 1/0 (number or text), on/off, or a mode word. */
export function stateOf(raw: unknown): StateWord | undefined {
  if (raw === true || raw === 1) return 'on';
  if (raw === false || raw === 0) return 'off';
  if (typeof raw !== 'string') return undefined;
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === '1') return 'on';
  if (v === 'false' || v === '0') return 'off';
  return (STATE_WORDS as readonly string[]).includes(v) ? (v as StateWord) : undefined;
}

/** The states a switch takes, in table order. */
export function statesOf(name: SwitchName): StateWord[] {
  return Object.keys(SWITCHES[name].states) as StateWord[];
}

/** What setting `state` on switch `name` sends: the call and its fields (without serial and
 * channel), or undefined when the switch does not take that state. */
export function switchCall(name: SwitchName, state: StateWord): { spec: CallSpec; value?: number } | undefined {
  const s = SWITCHES[name];
  const plan = Object.prototype.hasOwnProperty.call(s.states, state) ? s.states[state] : undefined;
  return plan && { spec: STATE_CALLS[plan.call], value: plan.value };
}

/** ezviz-switch's own parameter kinds: a switch name, a state word, the verification code (the
 * code on the device's label, 6 upper-case letters: kept as given, blanks refused). */
export function switchParam(kind: 'switch' | 'switchState' | 'verificationCode', raw: unknown): string | undefined {
  if (kind === 'switch') return switchOf(raw);
  if (kind === 'switchState') return stateOf(raw);
  const s = typeof raw === 'string' ? raw.trim() : '';
  // The label's code is six capital letters (spec: watch API section 1); a code changed in the
  // app may differ, so 4 to 32 letters and digits pass and the camera judges them (20010).
  return /^[A-Za-z0-9]{4,32}$/.test(s) ? s : undefined;
}
