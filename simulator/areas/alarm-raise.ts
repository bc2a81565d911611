// Alarms raised (POST /sim/alarm, `sim.raiseAlarm`; alarms.ts lists them): an alarm given as a
// state file's, by its word or by a hub's detector, kept in the state's list in time order and
// published to the message service (mq.ts); and the `ys.devicestatus` messages of POST
// /sim/devicestatus.

import { randomUUID } from 'crypto';
import { normalizeAlarm, StateError } from '../state';
import type { Alarm, SimulatorState } from '../state';
import { publishAlarm, publishMessage, type MqMessage } from './mq';
import { alarmCodeOf } from './alarm-words';

/** An alarm to raise (simulator/README.md, "Alarms"). */
export interface AlarmInput {
  deviceSerial: string;
  channelNo?: number;
  alarmType?: number;
  alarmName?: string;
  /** ms since the epoch (default: the clock's now). */
  alarmTime?: number;
  minutesAgo?: number;
  isChecked?: 0 | 1;
  isEncrypt?: 0 | 1;
  /** false: no picture (alarmPicUrl ''). */
  picture?: boolean;
  /** plain, encrypted, preamble or segments (default: encrypted when isEncrypt is 1). */
  pictureForm?: 'plain' | 'encrypted' | 'preamble' | 'segments' | 'cut';
  /** The picture grown to at least this many bytes (still a valid JPEG). */
  pictureBytes?: number;
  alarmId?: string;
  /** The word its messages carry (docs/api/events-api.md section 1); alone, it gives alarmType. */
  type?: string;
  /** A face's id: the messages' customInfo is base64 of {"faceId": ...}. */
  faceId?: string;
  /** The messages' customInfo as given. */
  customInfo?: string;
  /** The messages' location (an alarm hub's detector: its name). */
  location?: string;
  /** A detector of the device's hub: its alarm word and its name (location) by default. */
  detectorSerial?: string;
}

/** The alarm word of a hub detector's type (docs/api/events-api.md section 3.3). */
const DETECTOR_ALARMS: Readonly<Record<string, string>> = Object.freeze({
  pir: 'infrared',
  fire: 'fire',
  magnetometer: 'magnetometer',
  gas: 'gas',
  waterlogging: 'waterlogging',
  callhelp: 'emergency',
  curtain: 'curtain',
  move_magnetometer: 'move_magnetometer',
});

/** A detector's alarm (`detectorSerial` of the device's hub): its word from the detector's type and
 * its name in `location`, unless the input gives them. */
function fromDetector(state: SimulatorState, a: Record<string, unknown>): Record<string, unknown> {
  if (a.detectorSerial === undefined) return a;
  const dev = typeof a.deviceSerial === 'string' ? state.devices[a.deviceSerial] : undefined;
  const d = dev?.hub?.detectors.find((x) => x.detectorSerial === a.detectorSerial);
  if (!d) throw new StateError(`alarm: detectorSerial "${String(a.detectorSerial)}" is not a detector of the hub`);
  const { detectorSerial: _d, ...rest } = a;
  return { type: DETECTOR_ALARMS[d.detectorType.toLowerCase()] ?? 'alarmTrig', location: d.location, ...rest };
}

/** An alarm given by its word alone (`type`) gets the table's number for the list. */
function withNumber(state: SimulatorState, input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const a = fromDetector(state, input as Record<string, unknown>);
  if (typeof a.type !== 'string' || a.alarmType !== undefined) return a;
  const code = alarmCodeOf(a.type);
  if (code === undefined) throw new StateError(`alarm: type "${a.type}" is not in the table: give alarmType too`);
  return { ...a, alarmType: code };
}

/** Raises an alarm now (or at `alarmTime`/`minutesAgo`); input as a state file's alarm. Throws a
 * StateError naming the field when the input is malformed. With `origin` (the simulator's URL for
 * its picture) it is also a message of the message service (areas/mq.ts: consumers, webhook). */
export function raiseAlarm(state: SimulatorState, input: unknown, now: number, origin?: string): Alarm {
  const alarm = normalizeAlarm(withNumber(state, input), now, 'alarm', state.devices);
  // An alarm and its end ("restored" twin, another type) may share an alarmId; nothing else may.
  if (state.alarms.some((a) => a.alarmId === alarm.alarmId && a.alarmType === alarm.alarmType))
    throw new Error(`alarm: alarmId "${alarm.alarmId}" exists`);
  // Keep the list ordered by time (oldest first), the newest at the end.
  let i = state.alarms.length;
  while (i > 0 && state.alarms[i - 1].alarmTime > alarm.alarmTime) i -= 1;
  state.alarms.splice(i, 0, alarm);
  const limit = Math.max(1, state.settings.alarmLimit);
  if (state.alarms.length > limit) state.alarms.splice(0, state.alarms.length - limit);
  if (origin !== undefined) publishAlarm(state, alarm, origin);
  return alarm;
}

/** A `ys.devicestatus` message (docs/api/events-api.md section 4) of a device: `type` and `reported`
 * (an object or an array of objects) as given, to the account's consumers and webhook. */
export function publishDeviceStatus(state: SimulatorState, input: unknown, now: number): MqMessage {
  const a = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const serial = typeof a.deviceSerial === 'string' ? a.deviceSerial : '';
  const dev = Object.prototype.hasOwnProperty.call(state.devices, serial) ? state.devices[serial] : undefined;
  if (!dev) throw new StateError(`devicestatus: deviceSerial "${serial}" is not in devices`);
  if (typeof a.type !== 'string') throw new StateError('devicestatus: type must be a string');
  const reported = a.reported ?? {};
  if (typeof reported !== 'object' || reported === null)
    throw new StateError('devicestatus: reported must be an object or a list');
  const message: MqMessage = {
    header: { channelNo: 0, deviceId: serial, messageId: randomUUID(), messageTime: now, type: 'ys.devicestatus' },
    body: { type: a.type, reported },
    pictureList: [],
  };
  publishMessage(state, dev.account, message);
  return message;
}
