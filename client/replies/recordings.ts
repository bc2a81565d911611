// Pure: the items of `/api/lapp/video/by/time` replies (docs/api/media-api.md section 2.1) become
// ezviz-recordings' msg.payload (docs/behaviour.md section 18): `{deviceSerial, channelNo, source, start,
// end, seconds}` (start and end ISO), sorted by start, the same recording listed twice (by two
// pieces of a split window) once. An item is what ezviz-live needs to play the recording back:
// fed to it as msg.payload, its serial, channel, source and window are read from there.

import { BadReply, integer } from './replies';

/** One recording as the node sends it. */
export interface RecordingItem {
  deviceSerial: string;
  channelNo: number;
  source: 'cloud' | 'sd-card';
  /** ISO. */
  start: string;
  end: string;
  seconds: number;
}

/** The list of one reply: `data` an array, or absent / null when nothing was recorded. */
export function replyItems(data: unknown): unknown[] {
  if (data === undefined || data === null) return [];
  if (!Array.isArray(data)) throw new BadReply('data is not a list');
  return data;
}

const LOCAL = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/;

/** A time of an item: epoch ms (a number or digits) or `yyyy-MM-dd HH:mm:ss` (local time). */
function itemTime(v: unknown, where: string): number {
  const n = integer(v);
  if (n !== undefined && n >= 946684800000 && n < 4102444800000) return n; // 2000..2099
  const m = typeof v === 'string' ? LOCAL.exec(v) : null;
  if (m) {
    const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
    const ms = new Date(y, mo - 1, d, h, mi, s).getTime();
    if (Number.isFinite(ms) && y >= 2000 && y <= 2099) return ms;
  }
  throw new BadReply(`${where} is not a time`);
}

/** One reply item, listed with `source`, for `deviceSerial`/`channelNo` as asked. */
export function recordingItem(
  raw: unknown,
  source: RecordingItem['source'],
  deviceSerial: string,
  channelNo: number,
  where: string,
): RecordingItem {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new BadReply(`${where} is not an object`);
  const r = raw as Record<string, unknown>;
  const start = itemTime(r.startTime, `${where}.startTime`);
  const end = itemTime(r.endTime ?? r.stopTime, `${where}.endTime`);
  if (end < start) throw new BadReply(`${where}.endTime is before its startTime`);
  return {
    deviceSerial,
    channelNo,
    source,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    seconds: Math.round((end - start) / 1000),
  };
}

/** Sorted by start (then end, then source), each recording once. */
export function joinItems(items: readonly RecordingItem[]): RecordingItem[] {
  const seen = new Set<string>();
  const out: RecordingItem[] = [];
  const sorted = [...items].sort((a, b) =>
    a.start < b.start
      ? -1
      : a.start > b.start
        ? 1
        : a.end < b.end
          ? -1
          : a.end > b.end
            ? 1
            : a.source < b.source
              ? -1
              : a.source > b.source
                ? 1
                : 0,
  );
  for (const it of sorted) {
    const key = `${it.source} ${it.start} ${it.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(it);
  }
  return out;
}
