// The model of an alarm message's payload (docs/behaviour.md sections 11 and 15), shared by the reply
// fuzzers of the alarm node (poll, consumer) and the webhook push fuzzer: exactly the documented
// fields, each of its documented type.

import type { Msg } from '../support/red';
import { clean } from './reply-oracle';

export const ALARM_KEYS = [
  'alarmDate',
  'alarmId',
  'alarmName',
  'alarmPicUrl',
  'alarmTime',
  'alarmType',
  'channelNo',
  'deviceSerial',
  'isChecked',
  'isEncrypt',
  'source',
];

export const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
export const safe = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$|^[+-]\d{6}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The payload has the documented fields, each of its documented type. (Choices the contract
 * leaves open and the runtime makes: a documented number or flag the reply gives of another type
 * is null; a text of another type is empty.) */
export function checkShape(m: Msg, problems: string[]): void {
  const p = m.payload;
  clean(p, 'payload', problems);
  if (!isObj(p) || Object.keys(p).sort().join() !== ALARM_KEYS.join()) {
    problems.push(`payload keys: ${JSON.stringify(p)?.slice(0, 200)}`);
    return;
  }
  const intOrNull = (v: unknown) => v === null || safe(v);
  if (typeof p.alarmId !== 'string' || !p.alarmId) problems.push(`alarmId ${JSON.stringify(p.alarmId)}`);
  if (typeof p.alarmName !== 'string') problems.push(`alarmName ${JSON.stringify(p.alarmName)?.slice(0, 80)}`);
  if (!intOrNull(p.alarmType)) problems.push(`alarmType ${JSON.stringify(p.alarmType)}`);
  if (!safe(p.alarmTime) || p.alarmTime <= 0) problems.push(`alarmTime ${JSON.stringify(p.alarmTime)}`);
  else if (p.alarmDate !== new Date(p.alarmTime).toISOString() || !ISO.test(String(p.alarmDate))) {
    problems.push(`alarmDate ${JSON.stringify(p.alarmDate)} for alarmTime ${p.alarmTime}`);
  }
  if (typeof p.deviceSerial !== 'string' || !p.deviceSerial || m.topic !== p.deviceSerial) {
    problems.push(`deviceSerial ${JSON.stringify(p.deviceSerial)}, topic ${JSON.stringify(m.topic)}`);
  }
  if (!(p.channelNo === null || (safe(p.channelNo) && p.channelNo >= 0)))
    problems.push(`channelNo ${JSON.stringify(p.channelNo)}`);
  if (typeof p.alarmPicUrl !== 'string') problems.push(`alarmPicUrl ${JSON.stringify(p.alarmPicUrl)?.slice(0, 80)}`);
  for (const k of ['isEncrypt', 'isChecked']) {
    if (!(intOrNull(p[k]) || typeof p[k] === 'boolean')) problems.push(`${k} ${JSON.stringify(p[k])}`);
  }
}
