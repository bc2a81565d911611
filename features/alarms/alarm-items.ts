// The alarms of one poll (docs/behaviour.md section 11): reply items -> checked payloads (only the
// documented fields, each type-checked), the bounded set of alarm ids already sent (kept in the
// node context), and what of a poll is new. Pure: no Node.js imports, no clock.

import type { AlarmSettings } from './alarms';
import { integer } from '../../client/replies/replies';
import { kindFields, type KindFields } from './alarm-recognized';

/** Alarm ids remembered (and kept in the node context): enough for the overlap of many polls. */
export const SEEN_MAX = 5000;

/** The msg.payload of one alarm: section 11's fields, then what it was (section 27). */
export type AlarmPayload = BaseAlarm & KindFields;

interface BaseAlarm {
  alarmId: string;
  alarmName: string;
  alarmType: number | null;
  alarmTime: number;
  alarmDate: string;
  deviceSerial: string;
  channelNo: number | null;
  alarmPicUrl: string;
  isEncrypt: number | boolean | null;
  isChecked: number | boolean | null;
}

function time(v: unknown): number | undefined {
  const n = integer(v);
  return n !== undefined && n > 0 && n < 8.64e15 ? n : undefined;
}

function int(v: unknown): number | null {
  return integer(v) ?? null;
}

function flag(v: unknown): number | boolean | null {
  if (typeof v === 'boolean') return v;
  const n = int(v);
  return n === null ? null : n;
}

function text(v: unknown, max: number): string {
  return typeof v === 'string' ? v.slice(0, max) : '';
}

/** The alarmTime of a reply item as an alarm reads it (undefined: none usable); never converts an
 * object to a number (a `{"toString":1}` would throw). */
export function alarmTimeOf(item: unknown): number | undefined {
  return item && typeof item === 'object' && !Array.isArray(item)
    ? time((item as Record<string, unknown>).alarmTime)
    : undefined;
}

/** One reply item -> the payload of docs/behaviour.md section 11, or undefined when it lacks what an
 * alarm needs (an id, a time, a device). Only the documented fields, each type-checked. */
export function mapAlarm(item: unknown): AlarmPayload | undefined {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const o = item as Record<string, unknown>;
  const id =
    typeof o.alarmId === 'string'
      ? o.alarmId
      : typeof o.alarmId === 'number' && Number.isSafeInteger(o.alarmId)
        ? String(o.alarmId)
        : '';
  const at = alarmTimeOf(o);
  const serial = typeof o.deviceSerial === 'string' ? o.deviceSerial.trim() : '';
  if (!id || id.length > 256 || at === undefined || !/^[A-Za-z0-9]{1,64}$/.test(serial)) return undefined;
  const channel = int(o.channelNo);
  const pic = text(o.alarmPicUrl, 4096);
  const name = text(o.alarmName, 256);
  const kind = kindFields(o, name);
  return {
    alarmId: id,
    alarmName: name,
    alarmType: int(o.alarmType) ?? kind.code,
    alarmTime: at,
    alarmDate: new Date(at).toISOString(),
    deviceSerial: serial.toUpperCase(),
    channelNo: channel !== null && channel >= 0 ? channel : null,
    alarmPicUrl: /^https?:\/\//i.test(pic) ? pic : '',
    isEncrypt: flag(o.isEncrypt),
    isChecked: flag(o.isChecked),
    ...kind,
  };
}

/** The key an alarm is sent once by: its id, and its state where it is an end (an alarm and its end
 * may share an alarmId: each is a message of its own, docs/behaviour.md section 27). */
export function alarmKey(a: Pick<AlarmPayload, 'alarmId' | 'state'>): string {
  return a.state === 'end' ? `${a.alarmId}\u0000end` : a.alarmId;
}

/** Whether an alarm passes a node's filters of type (number) and kinds. */
export function typeMatches(settings: AlarmSettings, a: Pick<AlarmPayload, 'alarmType' | 'kind'>): boolean {
  return (
    (settings.alarmType === undefined || a.alarmType === settings.alarmType) &&
    (settings.kinds === undefined || settings.kinds.includes(a.kind))
  );
}

/** Alarm ids already sent, oldest first, at most SEEN_MAX; what the node context keeps. */
export class SeenAlarms {
  private readonly ids = new Map<string, number>();

  constructor(saved?: unknown) {
    const list = saved && typeof saved === 'object' ? (saved as { ids?: unknown }).ids : undefined;
    if (!Array.isArray(list)) return;
    for (const e of list.slice(-SEEN_MAX)) {
      if (Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number') this.ids.set(e[0], e[1]);
    }
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string, alarmTime: number): void {
    this.ids.delete(id);
    this.ids.set(id, alarmTime);
    while (this.ids.size > SEEN_MAX) this.ids.delete(this.ids.keys().next().value as string);
  }

  /** Forgets ids of alarms older than `before` (no poll can list them again). */
  prune(before: number): void {
    for (const [id, at] of this.ids) if (at < before) this.ids.delete(id);
  }

  get size(): number {
    return this.ids.size;
  }

  /** A JSON value for the context store. */
  toJSON(): { ids: Array<[string, number]> } {
    return { ids: [...this.ids] };
  }
}

/** The alarms of one poll still to send: valid, not older than `floor`, matching the filters,
 * not seen, each once; oldest first. `invalid` counts items that were not alarms. */
export function newAlarms(
  items: readonly unknown[],
  seen: SeenAlarms,
  floor: number,
  settings: AlarmSettings,
): { alarms: AlarmPayload[]; invalid: number } {
  const out = new Map<string, AlarmPayload>();
  let invalid = 0;
  for (const item of items) {
    const a = mapAlarm(item);
    if (!a) {
      invalid++;
      continue;
    }
    const key = alarmKey(a);
    if (a.alarmTime < floor || seen.has(key) || out.has(key)) continue;
    if (settings.deviceSerial !== undefined && a.deviceSerial !== settings.deviceSerial) continue;
    if (!typeMatches(settings, a)) continue;
    out.set(key, a);
  }
  // The API lists newest first; sort by time (a stable sort keeps the listed order reversed for ties).
  const alarms = [...out.values()].reverse().sort((x, y) => x.alarmTime - y.alarmTime);
  return { alarms, invalid };
}
