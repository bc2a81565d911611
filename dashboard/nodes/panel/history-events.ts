// The events strip's runtime (docs/behaviour.md section 21): a day's alarms of the panel's camera (the
// API keeps 7 days: an older day is empty without a call), kept in the timeline's day cache
// (day-cache.ts: 30 s, at most 8 days), and an alarm's picture
// fetched and decrypted by the main package (the verification code never leaves the runtime; the
// picture's URL neither: a browser names the alarm by its id), at most 16 pictures kept. What a
// browser gets of an alarm: its id, time, name, type, kind, a recognized face's name and whether it has a picture. An alarm the config
// node's alarm sources receive joins the kept day at once (`seen`: no call).

import type { FedAlarm, PanelAlarms, PanelPicture } from 'node-red-contrib-ezviz-open/dashboard';
import { errorOf } from './replies';
import { DayLists } from './day-cache';

const DAY_MS = 86400000;
/** The alarm list's window (the API's 7 days, a minute off its edge). */
const ALARM_DAYS_MS = 7 * DAY_MS - 60000;
const PICTURES_KEPT = 16;

type Alarm = Extract<PanelAlarms, { ok: true }>['alarms'][number];

/** An alarm as a browser sees it. */
export interface AlarmView {
  id: string;
  time: number;
  name: string;
  type: number | null;
  /** What it was (docs/alarm-kinds.md): `motion`, `human`, ... `other`; the browser names it. */
  kind: string;
  /** The name of the face the camera recognized (docs/behaviour.md section 27), null when none is known. */
  face: string | null;
  picture: boolean;
}

export type EventsAnswer =
  { ok: true; events: AlarmView[] } | { ok: false; error: { code: string; message: string } } | null;

/** A kind as the alarm node's payload has it (a word of docs/alarm-kinds.md), else `other`. */
const kindOf = (k: unknown): string => (typeof k === 'string' && /^[a-z][a-z-]{0,23}$/.test(k) ? k : 'other');

/** A face's name as a browser gets it (at most 64 characters), else null. */
const faceOf = (f: { name?: unknown } | undefined): string | null =>
  f && typeof f.name === 'string' && f.name.trim() ? f.name.trim().slice(0, 64) : null;

const viewOf = (a: Alarm | FedAlarm): AlarmView => ({
  id: a.alarmId,
  time: a.alarmTime,
  name: a.alarmName,
  type: a.alarmType,
  kind: kindOf(a.kind),
  face: faceOf(a.face),
  picture: !!a.alarmPicUrl,
});
const newest = (x: AlarmView, y: AlarmView): number => y.time - x.time;

/** The day's listed alarms with what the sources told of them (a face's name: the list carries none),
 * and the alarms heard in the day that the list does not have yet, newest first. */
function withHeard(listed: Alarm[], heard: Alarm[], start: number): Alarm[] {
  const byId = new Map(heard.map((a) => [a.alarmId, a]));
  const out = listed.map((a) => {
    const h = byId.get(a.alarmId);
    return h?.face && !a.face?.name ? { ...a, face: h.face } : a;
  });
  const ids = new Set(listed.map((a) => a.alarmId));
  for (const h of heard) if (!ids.has(h.alarmId) && h.alarmTime >= start && h.alarmTime < start + DAY_MS) out.push(h);
  return out.sort((x, y) => y.alarmTime - x.alarmTime);
}

export class AlarmEvents extends DayLists<{ at: number; answer: Promise<EventsAnswer>; alarms: Alarm[] }> {
  /** Alarms the sources received lately (their pictures may be asked for after their day's list went). */
  private recent: Alarm[] = [];
  private readonly pictures = new Map<string, Promise<PanelPicture>>();

  /** The alarms of the day from `start` (ms), newest first. */
  day(start: number): Promise<EventsAnswer> {
    const kept = this.days.get(start);
    if (kept) return kept.answer;
    const now = this.now();
    const window = { start: Math.max(start, now - ALARM_DAYS_MS), end: Math.min(start + DAY_MS, now) };
    const entry = { at: now, alarms: [] as Alarm[], answer: Promise.resolve<EventsAnswer>({ ok: true, events: [] }) };
    if (window.end > window.start) {
      const camera = this.camera();
      entry.answer = this.api.alarms(this.cfg, camera, window, this.owner).then((r): EventsAnswer => {
        if (r.ok === 'closed') return null;
        if (!r.ok) {
          this.days.delete(start);
          return { ok: false, error: errorOf(r.error) };
        }
        const serial = this.settings.deviceSerial.toUpperCase();
        const heard = this.recent.filter((a) => a.deviceSerial.toUpperCase() === serial);
        entry.alarms = withHeard(r.alarms, heard, start);
        return { ok: true, events: entry.alarms.map(viewOf) };
      });
    }
    this.days.set(start, entry);
    return entry.answer;
  }

  /** An alarm the config node's sources received (PanelApi.watchAlarms): for this camera, it joins
   * the kept day it falls in (a later ask has it without a call) and the alarms whose picture may
   * be asked for, and comes back as a browser sees it; another camera's: null. */
  seen(a: FedAlarm): AlarmView | null {
    const serial = String(a.deviceSerial).toUpperCase();
    if (serial !== this.settings.deviceSerial.toUpperCase()) return null;
    if (a.channelNo !== null && a.channelNo !== this.settings.channelNo) return null;
    const alarm = a as Alarm;
    const view = viewOf(alarm);
    this.recent = [alarm, ...this.recent.filter((r) => r.alarmId !== a.alarmId)].slice(0, PICTURES_KEPT);
    for (const [start, e] of this.days.entries()) {
      if (a.alarmTime < start || a.alarmTime >= start + DAY_MS) continue;
      if (e.alarms.some((x) => x.alarmId === a.alarmId)) continue;
      e.alarms = [alarm, ...e.alarms].sort((x, y) => y.alarmTime - x.alarmTime);
      e.answer = e.answer.then((r) =>
        r && r.ok ? { ok: true, events: [view, ...r.events.filter((v) => v.id !== view.id)].sort(newest) } : r,
      );
    }
    return view;
  }

  /** Whether the picture of alarm `id` is kept or under way (an ask costs no download). */
  hasPicture(id: string): boolean {
    return this.pictures.has(id);
  }

  /** The decrypted picture of one of the listed alarms, or null when no listed alarm has that id. */
  picture(id: string): Promise<PanelPicture> | null {
    const kept = this.pictures.get(id);
    if (kept) return kept;
    let alarm = this.recent.find((a) => a.alarmId === id);
    for (const e of this.days.values()) alarm = alarm ?? e.alarms.find((a) => a.alarmId === id);
    if (!alarm || !alarm.alarmPicUrl) return null;
    const p = this.api.alarmPicture(this.cfg, alarm).then((r) => {
      if (!r.ok) this.pictures.delete(id);
      return r;
    });
    this.pictures.set(id, p);
    while (this.pictures.size > PICTURES_KEPT) this.pictures.delete(this.pictures.keys().next().value as string);
    return p;
  }

  clear(): void {
    this.recent = [];
    this.days.clear();
    this.pictures.clear();
  }
}
