// Replies of the settings and firmware calls (docs/api/media-api.md sections 5 and 6) read field
// by field into people's values (docs/behaviour.md section 20); a reply of another shape throws BadReply.
// Pure.

import { BadReply, integer } from './replies';
import {
  DAYS,
  MAX_SENSITIVITY,
  timeOf,
  type DayName,
  type Schedule,
  type SettingValue,
} from '../operations/setting-values';
import type { SettingName } from '../operations/settings';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Section 5.1: data [{type "0", channel, value}]; the motion entry of the channel asked, else the first. */
function sensitivity(data: unknown, channelNo: number | undefined): number {
  if (!Array.isArray(data) || data.length === 0 || data.length > 64) throw new BadReply('data');
  const entries = data.filter(isRecord).filter((e) => e.type === undefined || integer(e.type) === 0);
  const entry = entries.find((e) => channelNo !== undefined && integer(e.channel) === channelNo) ?? entries[0];
  const n = entry ? integer(entry.value) : undefined;
  if (n === undefined || n < 0 || n > MAX_SENSITIVITY) throw new BadReply('data.value');
  return n;
}

/** Section 5.2: data {startTime, stopTime, period, enable}; an empty period is every day. */
function schedule(data: unknown): Schedule {
  if (!isRecord(data)) throw new BadReply('data');
  const enable = integer(data.enable);
  if (enable !== 0 && enable !== 1) throw new BadReply('data.enable');
  const start = timeOf(data.startTime);
  if (!start || start === '24:00') throw new BadReply('data.startTime');
  const rawStop = typeof data.stopTime === 'string' ? data.stopTime.trim() : undefined;
  const stop = rawStop === 'n00:00' ? '24:00' : timeOf(rawStop);
  if (!stop) throw new BadReply('data.stopTime');
  const period = data.period === undefined || data.period === null ? '' : data.period;
  if (typeof period !== 'string' || !/^[0-6]?(,[0-6])*$/.test(period.replace(/\s+/g, '')) || period.length > 40) {
    throw new BadReply('data.period');
  }
  const numbers = new Set(
    period
      .replace(/\s+/g, '')
      .split(',')
      .filter((x) => x !== '')
      .map(Number),
  );
  const days: DayName[] = numbers.size === 0 ? [...DAYS] : DAYS.filter((_, i) => numbers.has(i));
  return { enabled: enable === 1, start, stop, days };
}

/** Section 5.3: data {enable 0/1}. */
function infrared(data: unknown): 'on' | 'off' {
  const n = isRecord(data) ? integer(data.enable) : undefined;
  if (n !== 0 && n !== 1) throw new BadReply('data.enable');
  return n === 1 ? 'on' : 'off';
}

/** A read of `name`: its value in people's form. */
export function settingFromData(name: SettingName, data: unknown, channelNo?: number): SettingValue {
  if (name === 'sensitivity') return sensitivity(data, channelNo);
  if (name === 'schedule') return schedule(data);
  return infrared(data);
}

/** ezviz-firmware check: {version, latest, upgradable, upgrading, progress}. */
export interface FirmwareState {
  version: string | null;
  latest: string | null;
  upgradable: boolean;
  upgrading: boolean;
  /** 1-100 while upgrading, else null. */
  progress: number | null;
}

const MAX_VERSION = 128;

function text(v: unknown, field: string): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || v.length > MAX_VERSION) throw new BadReply(field);
  return v.trim() || null;
}

/** Section 6: version/info data {currentVersion, latestVersion} (China adds isNeedUpgrade,
 * isUpgrading 0/1: used when present). "Upgradable": latest given and not the current one. */
export function firmwareFromData(data: unknown): Omit<FirmwareState, 'progress'> {
  if (!isRecord(data)) throw new BadReply('data');
  const version = text(data.currentVersion, 'data.currentVersion');
  const latest = text(data.latestVersion, 'data.latestVersion');
  const need = integer(data.isNeedUpgrade);
  const busy = integer(data.isUpgrading);
  const upgradable = need === 0 || need === 1 ? need === 1 : latest !== null && latest !== version;
  return { version, latest, upgradable, upgrading: busy === 1 };
}

/** Upgrade status: 0 upgrading, 1 rebooting, 2 upgraded, 3 failed. */
export type UpgradeStage = 'upgrading' | 'rebooting' | 'upgraded' | 'failed';
const STAGES: readonly UpgradeStage[] = ['upgrading', 'rebooting', 'upgraded', 'failed'];

/** Section 6: upgrade/status data {progress, status}; progress only while upgrading (1-100). */
export function upgradeStatusFromData(data: unknown): { stage: UpgradeStage; progress: number | null } {
  if (!isRecord(data)) throw new BadReply('data');
  const status = integer(data.status);
  if (status === undefined || status < 0 || status > 3) throw new BadReply('data.status');
  const p = integer(data.progress);
  const progress = status === 0 && p !== undefined && p >= 0 && p <= 100 ? p : status >= 1 && status <= 2 ? 100 : null;
  return { stage: STAGES[status], progress };
}
