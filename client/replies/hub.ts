// The detector list of an alarm hub (docs/api/hub-api.md section 1) read field by field into
// people's values (docs/behaviour.md section 24): serial, name, type, online, battery low, armed per
// mode. The flags come as 0/1 numbers or strings; one that is missing or odd is null, never
// guessed. A reply that is not a list of detectors throws BadReply. Pure.

import { BadReply, integer } from './replies';

/** One detector as msg.payload.detectors lists it. */
export interface Detector {
  serial: string;
  /** The name its owner gave it (`location`), else the type's display name. */
  name: string;
  /** The type word, lower-case (`magnetometer`, `pir`, `waterlogging`...). */
  type: string;
  /** The type's display name as the platform gives it. */
  typeName: string | null;
  /** Connected to the hub and not reported offline. */
  online: boolean | null;
  batteryLow: boolean | null;
  /** Armed in each of the hub's modes. */
  armed: { home: boolean | null; away: boolean | null; sleep: boolean | null };
  /** The other faults the list reports: zone fault, wireless interference. */
  faults: { zone: boolean | null; interference: boolean | null };
}

const MAX_DETECTORS = 256;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : null;

/** A 0/1 flag as a boolean; null when absent or anything else. */
function flag(v: unknown): boolean | null {
  const n = integer(v);
  return n === 1 ? true : n === 0 ? false : null;
}

function detector(item: unknown, i: number): Detector {
  if (!isRecord(item)) throw new BadReply(`data[${i}]`);
  const serial = text(item.detectorSerial, 64);
  if (!serial) throw new BadReply(`data[${i}].detectorSerial`);
  const type = (text(item.detectorType, 64) ?? '').toLowerCase();
  const typeName = text(item.detectorTypeName, 100);
  const state = flag(item.detectorState);
  const offline = flag(item.olStatus);
  const online = state === false || offline === true ? false : state === true || offline === false ? true : null;
  return {
    serial,
    name: text(item.location, 100) ?? typeName ?? serial,
    type,
    typeName,
    online,
    batteryLow: flag(item.uvStatus),
    armed: { home: flag(item.atHomeEnable), away: flag(item.outerEnable), sleep: flag(item.sleepEnable) },
    faults: { zone: flag(item.zfStatus), interference: flag(item.iwcStatus) },
  };
}

/** The detectors of a list reply's data (an empty or absent list: none). */
export function detectorsOf(data: unknown): Detector[] {
  if (data === undefined || data === null) return [];
  if (!Array.isArray(data) || data.length > MAX_DETECTORS) throw new BadReply('data');
  return data.map(detector);
}
