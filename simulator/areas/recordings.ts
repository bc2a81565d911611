// Recordings (docs/api/media-api.md section 2.1, docs/behaviour.md section 18): /api/lapp/video/by/time
// lists what a camera recorded between startTime and endTime (epoch ms; default today 00:00,
// China time, to now) on its SD card (recType 2), in cloud storage (1), or where the platform
// chooses (0: cloud when the channel has cloud storage, else the card). Nothing is stored: the
// recordings are computed from the serial, channel and day, the same on every call:
//   - motion clips through the day (15 to 120 s, 10 to 20 a day) on a camera with a working SD
//     card (camera.disk starts with 0) and, while a cloud storage period runs, in the cloud;
//   - continuous recording to the card, one item per hour, on a camera whose `fulldayRecord`
//     switch is on (C00000006, the shop, in the default state), and to the cloud, hour by hour
//     while a period runs, on a channel whose `storage.continuous` is set (across midnight);
//   - nothing after now, nothing in a window of a camera without card or cloud storage (an empty
//     list: the vendor documents no code for either).
// Items overlap the window (a clip that began before it is listed whole). The simulator takes at
// most one day per call (10001 beyond: the vendor advises a day at a time).

import type { Area } from '../area';
import { answer, authenticate, chinaMidnight, lookupChannel, ok, ownDevice, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Route } from '../routes';
import type { Channel, Device, SimulatorState } from '../state';

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
/** The longest window one call takes (ms). */
export const MAX_WINDOW_MS = DAY;

export interface Recording {
  start: number;
  end: number;
  /** 1 cloud, 2 the device's card. */
  recType: 1 | 2;
  continuous: boolean;
}

/** A small deterministic generator (mulberry32) seeded by a text. */
function generator(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return mulberry32(h);
}

/** A small deterministic generator (mulberry32) seeded by a number: numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The motion clips of one China day (its midnight `day`), sorted, never overlapping. */
export function motionClips(serial: string, channelNo: number, day: number): { start: number; end: number }[] {
  const rnd = generator(`${serial}/${channelNo}/${day}`);
  const count = 10 + Math.floor(rnd() * 11);
  const slot = DAY / count;
  const out: { start: number; end: number }[] = [];
  for (let i = 0; i < count; i++) {
    const seconds = 15 + Math.floor(rnd() * 106);
    const start = Math.floor((day + i * slot + rnd() * (slot - seconds * 1000 - 1000)) / 1000) * 1000;
    out.push({ start, end: start + seconds * 1000 });
  }
  return out;
}

const cardWorks = (dev: Device): boolean => (dev.camera?.disk ?? '').startsWith('0');

/** Whether a cloud storage period of the channel covers `at`. */
function cloudAt(ch: Channel, at: number): boolean {
  const s = ch.storage;
  if (!s || s.disabled) return false;
  return [...s.periods, ...(s.secondPeriods ?? [])].some((p) => p.startTime <= at && at < p.expireTime);
}

const hasCloud = (ch: Channel): boolean =>
  !!ch.storage &&
  !ch.storage.disabled &&
  (ch.storage.periods.length > 0 || (ch.storage.secondPeriods ?? []).length > 0);

/** What the camera recorded from `from` to `to` (ms) on `recType` 1 or 2, up to `now`. */
export function recordingsOf(
  serial: string,
  dev: Device,
  channelNo: number,
  ch: Channel,
  recType: 1 | 2,
  from: number,
  to: number,
  now: number,
): Recording[] {
  const out: Recording[] = [];
  const continuous =
    recType === 2 ? dev.camera?.fulldayRecord === true : ch.storage.continuous === true && !ch.storage.disabled;
  if (recType === 2 && !cardWorks(dev)) return out;
  for (let day = chinaMidnight(from - 120000); day < to; day += DAY) {
    if (continuous) {
      for (let h = day; h < day + DAY && h < now; h += HOUR)
        if (recType === 2 || cloudAt(ch, h)) out.push({ start: h, end: Math.min(h + HOUR, now), recType, continuous });
      continue;
    }
    for (const c of motionClips(serial, channelNo, day)) {
      if (c.end > now || (recType === 1 && !cloudAt(ch, c.start))) continue;
      out.push({ ...c, recType, continuous: false });
    }
  }
  return out.filter((r) => r.start < to && r.end > from);
}

/** One item as the API lists it (docs/api/media-api.md section 2.1: the fields the vendor's
 * player copies, and those of its SDK's record object). */
function item(serial: string, channelNo: number, r: Recording, dev: Device): Record<string, unknown> {
  const fileId = `${serial}${channelNo}${r.recType}${r.start}`;
  return {
    fileId,
    deviceSerial: serial,
    channelNo,
    recType: r.recType,
    startTime: r.start,
    endTime: r.end,
    downloadPath: '',
    ownerId: dev.account,
    iStorageVersion: 1,
    videoType: r.continuous ? 0 : 1,
    coverPic: '',
    fileSize: Math.round((r.end - r.start) / 1000) * 12000,
    encryption: dev.capabilities.encryption ? 1 : 0,
  };
}

/**
 * Order: token and parameters (10001, 10002, 10005), serial (20014), device (20002), account
 * (20018), channel (20032), window (10001: reversed or longer than a day), then for the card
 * (recType 2, or 0 without cloud storage) the camera online (20007) and its flags (20006, 20008,
 * 49999); cloud lists answer offline cameras too (49999 aside).
 */
export function videoByTime(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    const serial = params.deviceSerial as string;
    const channelNo = (params.channelNo as number | undefined) ?? 1;
    const dev = ownDevice(state, app, serial);
    const ch = lookupChannel(dev, channelNo);
    const from = (params.startTime as number | undefined) ?? chinaMidnight(ctx.now);
    const to = (params.endTime as number | undefined) ?? ctx.now;
    if (to <= from || to - from > MAX_WINDOW_MS) stop('10001');
    const asked = (params.recType as number | undefined) ?? 0;
    const recType: 1 | 2 = asked === 1 || (asked === 0 && hasCloud(ch)) ? 1 : 2;
    if (dev.flags.dataException) stop('49999');
    if (recType === 2) {
      if (!dev.online || !ch.online) stop('20007');
      if (dev.flags.networkError) stop('20006');
      if (dev.flags.timeout) stop('20008');
    }
    const list = recordingsOf(serial, dev, channelNo, ch, recType, from, to, ctx.now);
    return ok(list.map((r) => item(serial, channelNo, r, dev)));
  });
}

export const recordingsArea: Area = {
  handlers: { 'video-by-time': videoByTime },
};
