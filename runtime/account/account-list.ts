// The account's devices and channels as the editor's picker lists them (docs/behaviour.md section 10):
// device/list and camera/list pages read field by field (docs/api/more-api.md), type-checked and cut
// to length, then merged into devices with their channels. Pure: account.ts sends the requests.

import { integer } from '../../client/replies/replies';

/** Longest text kept from a name or model. */
const MAX_TEXT = 128;

export interface ChannelEntry {
  channelNo: number;
  name: string;
  /** true online, false offline, null unknown */
  online: boolean | null;
}

export interface DeviceEntry {
  serial: string;
  name: string;
  model: string;
  online: boolean | null;
  /** The device's channels, by number (a single camera: channel 1). */
  channels: ChannelEntry[];
}

const SERIAL = /^[A-Za-z0-9]{1,64}$/;

function text(v: unknown): string {
  return typeof v === 'string' ? v.slice(0, MAX_TEXT) : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

function onlineOf(v: unknown): boolean | null {
  if (v === 1 || v === '1') return true;
  if (v === 0 || v === '0') return false;
  return null;
}

function channelOf(v: unknown): number | undefined {
  const n = integer(v);
  return n !== undefined && n >= 1 && n <= 9999 ? n : undefined;
}

/** Items of one device/list page; undefined when `data` is not an array. Items without a usable serial are skipped. */
export function readDevicePage(data: unknown): DeviceEntry[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const out: DeviceEntry[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const d = item as Record<string, unknown>;
    if (typeof d.deviceSerial !== 'string' || !SERIAL.test(d.deviceSerial)) continue;
    out.push({
      serial: d.deviceSerial.toUpperCase(),
      name: text(d.deviceName),
      model: text(d.deviceType),
      online: onlineOf(d.status),
      channels: [],
    });
  }
  return out;
}

/** Items of one camera/list page: [serial, channel]; undefined when `data` is not an array. */
export function readCameraPage(data: unknown): Array<{ serial: string; channel: ChannelEntry }> | undefined {
  if (!Array.isArray(data)) return undefined;
  const out: Array<{ serial: string; channel: ChannelEntry }> = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const c = item as Record<string, unknown>;
    const channelNo = channelOf(c.channelNo);
    if (typeof c.deviceSerial !== 'string' || !SERIAL.test(c.deviceSerial) || channelNo === undefined) continue;
    out.push({
      serial: c.deviceSerial.toUpperCase(),
      channel: { channelNo, name: text(c.channelName), online: onlineOf(c.status) },
    });
  }
  return out;
}

/**
 * Devices with their channels: each channel goes to its device (a channel of a device that the
 * device list does not hold, e.g. shared with the account, gets an entry of its own); a device
 * without listed channels gets channel 1. Sorted by name, then serial; channels by number.
 */
export function mergeAccount(
  devices: DeviceEntry[],
  channels: Array<{ serial: string; channel: ChannelEntry }>,
): DeviceEntry[] {
  const bySerial = new Map<string, DeviceEntry>();
  for (const d of devices) if (!bySerial.has(d.serial)) bySerial.set(d.serial, { ...d, channels: [] });
  for (const { serial, channel } of channels) {
    let d = bySerial.get(serial);
    if (!d) {
      d = { serial, name: '', model: '', online: null, channels: [] };
      bySerial.set(serial, d);
    }
    if (!d.channels.some((c) => c.channelNo === channel.channelNo)) d.channels.push(channel);
  }
  const out = [...bySerial.values()];
  for (const d of out) {
    if (!d.channels.length) d.channels.push({ channelNo: 1, name: d.name, online: d.online });
    d.channels.sort((a, b) => a.channelNo - b.channelNo);
  }
  return out.sort((a, b) => (a.name || a.serial).localeCompare(b.name || b.serial) || a.serial.localeCompare(b.serial));
}
