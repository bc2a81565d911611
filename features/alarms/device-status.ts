// Device status as events (docs/behaviour.md section 27, docs/api/events-api.md section 4): a camera's
// battery (level, charging) and SD card (state, health, capacity) from `ys.devicestatus` messages
// and from ezviz-device reads, sent by the alarm node as `kind: battery` / `storage` messages only
// when they change. The message's encodings come from one public client (confidence low-medium):
// every value is checked, one not understood is null, and a message without a battery or storage
// report is not a status (it passes as any other message). Pure: no Node.js imports, no clock.

import { integer } from '../../client/replies/replies';
import type { SdCard } from '../../client/replies/device-state';

/** What one message or read says of a device's battery and SD card (null: not said). */
export interface StatusReport {
  deviceSerial: string;
  /** ms since the epoch. */
  time: number;
  /** From an ezviz-device read (the config node's feed), not from a message. */
  read?: true;
  battery?: { level: number | null; charging: boolean | null };
  storage?: { sdCard: SdCard | null; code: number | null; health: number | null; capacity: number | null };
}

/** msg.payload of a status message (the node adds `source`). */
export type StatusEvent =
  | {
      event: 'status';
      kind: 'battery';
      deviceSerial: string;
      time: number;
      battery: number | null;
      charging: boolean | null;
      low: boolean | null;
    }
  | {
      event: 'status';
      kind: 'storage';
      deviceSerial: string;
      time: number;
      sdCard: SdCard | null;
      code: number | null;
      health: number | null;
      capacity: number | null;
    };

/** A battery at or under this percent is low; it is low again only after it rose over LOW + 5. */
export const LOW_BATTERY = 20;
/** A level change this big (not low) is a message of its own. */
export const LEVEL_STEP = 10;
/** Devices remembered per node (the oldest forgotten). */
const MAX_DEVICES = 10000;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** SD `status` as the SD status call gives it (guess: the messages use the same). */
const SD_STATES: Record<number, SdCard> = { 0: 'ok', 1: 'error', 2: 'unformatted', 3: 'formatting' };

function percent(v: unknown): number | null {
  const s = typeof v === 'string' ? v.trim().replace(/%$/, '') : v;
  const n = typeof s === 'number' ? s : typeof s === 'string' && /^\d{1,3}(\.\d+)?$/.test(s) ? Number(s) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : null;
}

/** `powerStatus` 1 charging, 0 not, 2 full (not charging); `powerType` 0 on external power, 1 on battery. */
function charging(r: Record<string, unknown>): boolean | null {
  const status = integer(r.powerStatus);
  if (status === 1) return true;
  if (status === 0 || status === 2) return false;
  const type = integer(r.powerType);
  return type === 0 ? true : type === 1 ? false : null;
}

/** `reported`: an object, or an array of objects merged into one (at most 16 read). */
function merged(reported: unknown): Record<string, unknown> | undefined {
  if (isObject(reported)) return reported;
  if (!Array.isArray(reported)) return undefined;
  return Object.assign({}, ...reported.slice(0, 16).filter(isObject)) as Record<string, unknown>;
}

/** A `ys.devicestatus` message's header and body -> its report, or undefined when it is not a battery
 * or storage report (another `type`, `DEFENCE`, a body without what it needs). */
export function deviceStatusOf(
  header: Record<string, unknown>,
  body: Record<string, unknown>,
  time: number | undefined,
): StatusReport | undefined {
  const serial = typeof header.deviceId === 'string' ? header.deviceId.trim() : '';
  const r = merged(body.reported);
  if (!r || time === undefined || !/^[A-Za-z0-9]{1,64}$/.test(serial)) return undefined;
  const type = typeof body.type === 'string' ? body.type.trim().toLowerCase() : '';
  const out: StatusReport = { deviceSerial: serial.toUpperCase(), time };
  if (type === 'power_status' || 'powerRemaining' in r) {
    out.battery = { level: percent(r.powerRemaining), charging: charging(r) };
  }
  if (type === 'storage_status') {
    const code = integer(r.status) ?? null;
    const capacity = typeof r.capacity === 'number' || typeof r.capacity === 'string' ? Number(r.capacity) : NaN;
    out.storage = {
      sdCard: code === null ? null : (SD_STATES[code] ?? (code >= 4 && code <= 7 ? 'error' : null)),
      code,
      health: percent(r.healthLevel),
      capacity: Number.isFinite(capacity) && capacity >= 0 ? capacity : null,
    };
  }
  const said = (o: object | undefined) => !!o && Object.values(o).some((v) => v !== null);
  return said(out.battery) || said(out.storage) ? out : undefined;
}

/** An ezviz-device read (the config node's feed) as a report. */
export function readReport(s: { deviceSerial: string; time: number; battery: number | null; sdCard: SdCard | null }) {
  const out: StatusReport = { deviceSerial: s.deviceSerial, time: s.time, read: true };
  if (s.battery !== null) out.battery = { level: s.battery, charging: null };
  if (s.sdCard !== null) out.storage = { sdCard: s.sdCard, code: null, health: null, capacity: null };
  return out;
}

type Battery = Extract<StatusEvent, { kind: 'battery' }>;
type Storage = Extract<StatusEvent, { kind: 'storage' }>;
interface Known {
  battery?: Battery;
  /** The level of the battery message last sent. */
  sentLevel?: number | null;
  storage?: Storage;
  /** The health of the storage message last sent. */
  sentHealth?: number | null;
}

const differ = <T>(a: T | null | undefined, b: T | null) => b !== null && a !== undefined && a !== null && a !== b;

/** One node's memory of each device's status: a report -> the messages it makes (none when nothing
 * changed). A value a report does not say keeps the last one known. */
export class StatusChanges {
  private readonly known = new Map<string, Known>();

  next(r: StatusReport): StatusEvent[] {
    const k = this.known.get(r.deviceSerial) ?? {};
    this.known.delete(r.deviceSerial);
    this.known.set(r.deviceSerial, k);
    if (this.known.size > MAX_DEVICES) this.known.delete(this.known.keys().next().value as string);
    const out: StatusEvent[] = [];
    if (r.battery) {
      const e = this.battery(k, r, r.battery);
      if (e) out.push(e);
    }
    if (r.storage) {
      const last = k.storage;
      const s = r.storage;
      const e: Storage = {
        event: 'status',
        kind: 'storage',
        deviceSerial: r.deviceSerial,
        time: r.time,
        sdCard: s.sdCard ?? last?.sdCard ?? null,
        code: s.sdCard !== null ? s.code : (last?.code ?? null),
        health: s.health ?? last?.health ?? null,
        capacity: s.capacity ?? last?.capacity ?? null,
      };
      const health = e.health !== null && (k.sentHealth == null || Math.abs(e.health - k.sentHealth) >= 1);
      k.storage = e;
      if (!last || differ(last.sdCard, s.sdCard) || differ(last.capacity, s.capacity) || health) {
        k.sentHealth = e.health;
        out.push(e);
      }
    }
    return out;
  }

  /** Sent: the first, charging changed, low changed (once: not every lower level), a 10-point step. */
  private battery(k: Known, r: StatusReport, b: NonNullable<StatusReport['battery']>): Battery | undefined {
    const last = k.battery;
    const level = b.level ?? last?.battery ?? null;
    const wasLow = last?.low ?? null;
    const low = level === null ? wasLow : level <= (wasLow ? LOW_BATTERY + 5 : LOW_BATTERY);
    const e: Battery = {
      event: 'status',
      kind: 'battery',
      deviceSerial: r.deviceSerial,
      time: r.time,
      battery: level,
      charging: b.charging ?? last?.charging ?? null,
      low,
    };
    k.battery = e;
    const step = !low && level !== null && k.sentLevel != null && Math.abs(level - k.sentLevel) >= LEVEL_STEP;
    const send = !last || differ(last.charging, b.charging) || (low !== null && wasLow !== low) || step;
    if (send) k.sentLevel = level;
    return send ? e : undefined;
  }
}
