// The stream minutes of the ezviz-stream nodes using one config node (docs/behaviour.md sections
// 23 and 25): each node writes here while it runs, and what it counted today when it closes (its
// redeployed successor takes that on, so a redeploy neither resets `maxMinutesPerDay` nor the
// count); the editor's EZVIZ sidebar reads the minutes per camera today (what a metered live
// service counts). Pure: times are given. Bounded: at most MAX_LEFT closed nodes remembered.

import { startOfDay } from '../requests/counters';

/** What a node counted on one day (ms of camera open), handed to its successor. */
export interface DayCount {
  day: number;
  ms: number;
}

/** A running stream node as the book reads it. */
export interface StreamNodeEntry {
  id: string;
  deviceSerial: string;
  channelNo: number;
  /** Its count now, and its viewers. */
  read(now: number): { count: DayCount; viewers: number };
}

/** One camera's stream today, as the sidebar shows it. */
export interface StreamCamera {
  deviceSerial: string;
  channelNo: number;
  /** Camera minutes today, every stream node of the camera together (one decimal). */
  minutes: number;
  /** Viewers now. */
  viewers: number;
}

const MAX_LEFT = 200;

export class StreamBook {
  private readonly live = new Map<string, StreamNodeEntry>();
  /** What closed nodes counted, by node id. */
  private readonly left = new Map<string, { deviceSerial: string; channelNo: number; count: DayCount }>();

  /** A node starts; what its predecessor (the same id) counted, if anything. */
  open(entry: StreamNodeEntry): DayCount | undefined {
    const before = this.left.get(entry.id);
    this.left.delete(entry.id);
    this.live.set(entry.id, entry);
    return before?.count;
  }

  /** A node closes with what it counted today. */
  close(id: string, count: DayCount): void {
    const entry = this.live.get(id);
    if (!entry) return;
    this.live.delete(id);
    for (const [k, v] of this.left) if (v.count.day !== count.day) this.left.delete(k);
    if (this.left.size >= MAX_LEFT) this.left.delete(this.left.keys().next().value as string);
    this.left.set(id, { deviceSerial: entry.deviceSerial, channelNo: entry.channelNo, count });
  }

  /** The cameras with a stream node or minutes today, by serial and channel. */
  cameras(now: number): StreamCamera[] {
    const day = startOfDay(now);
    const byCamera = new Map<string, { deviceSerial: string; channelNo: number; ms: number; viewers: number }>();
    const add = (deviceSerial: string, channelNo: number, ms: number, viewers: number) => {
      const key = `${deviceSerial}\u0000${channelNo}`;
      const c = byCamera.get(key) ?? { deviceSerial, channelNo, ms: 0, viewers: 0 };
      c.ms += ms;
      c.viewers += viewers;
      byCamera.set(key, c);
    };
    for (const e of this.live.values()) {
      const { count, viewers } = e.read(now);
      add(e.deviceSerial, e.channelNo, count.day === day ? count.ms : 0, viewers);
    }
    for (const e of this.left.values()) if (e.count.day === day) add(e.deviceSerial, e.channelNo, e.count.ms, 0);
    return [...byCamera.values()]
      .map((c) => ({
        deviceSerial: c.deviceSerial,
        channelNo: c.channelNo,
        minutes: Math.round(c.ms / 6000) / 10,
        viewers: c.viewers,
      }))
      .sort((a, b) => a.deviceSerial.localeCompare(b.deviceSerial) || a.channelNo - b.channelNo);
  }
}
