// The model of an alarm message's payload (docs/behaviour.md sections 11 and 15), shared by the reply
// fuzzers of the alarm node (poll, consumer) and the webhook push fuzzer: exactly the documented
// fields, each of its documented type.

import type { Msg } from '../support/red';
import { clean } from './reply-oracle';
import { KINDS } from '../../features/alarms/alarm-kinds';

export const ALARM_KEYS = [
  'alarmDate',
  'alarmId',
  'alarmName',
  'alarmPicUrl',
  'alarmTime',
  'alarmType',
  'channelNo',
  'code',
  'deviceSerial',
  'isChecked',
  'isEncrypt',
  'kind',
  'name',
  'source',
  'state',
  'type',
];
/** Keys of what was recognized, where the message carries it (docs/behaviour.md section 27). */
export const ALARM_OPTIONAL_KEYS = ['customInfo', 'detector', 'face'];

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
  const keys = isObj(p) ? Object.keys(p).filter((k) => !ALARM_OPTIONAL_KEYS.includes(k)) : [];
  if (!isObj(p) || keys.sort().join() !== ALARM_KEYS.join()) {
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
  checkKind(p, problems);
}

const textOrNull = (v: unknown) => v === null || typeof v === 'string';

/** What the alarm was and recognized (docs/behaviour.md section 27), each of its type. */
function checkKind(p: Record<string, unknown>, problems: string[]): void {
  if (!(KINDS as readonly unknown[]).includes(p.kind)) problems.push(`kind ${JSON.stringify(p.kind)}`);
  if (!textOrNull(p.type)) problems.push(`type ${JSON.stringify(p.type)?.slice(0, 80)}`);
  if (!(p.code === null || safe(p.code))) problems.push(`code ${JSON.stringify(p.code)}`);
  if (typeof p.name !== 'string') problems.push(`name ${JSON.stringify(p.name)?.slice(0, 80)}`);
  if (!(p.state === null || p.state === 'start' || p.state === 'end'))
    problems.push(`state ${JSON.stringify(p.state)}`);
  const f = p.face;
  if (f !== undefined && !(isObj(f) && typeof f.id === 'string' && f.id && textOrNull(f.name)))
    problems.push(`face ${JSON.stringify(f)?.slice(0, 80)}`);
  const d = p.detector;
  if (d !== undefined && !(isObj(d) && textOrNull(d.serial) && typeof d.name === 'string' && textOrNull(d.type)))
    problems.push(`detector ${JSON.stringify(d)?.slice(0, 80)}`);
  if (p.customInfo !== undefined && !isObj(p.customInfo))
    problems.push(`customInfo ${JSON.stringify(p.customInfo)?.slice(0, 80)}`);
}
