// A timeline message of a browser checked (docs/behaviour.md section 21), pure: the camera is the
// node's, never the browser's; the day and the window are bounded (400 days back, a playback window
// of at most a day); an alarm is named by its id; a clip to save is the moment played back (`at`):
// CLIP_BEFORE_MS before it to CLIP_AFTER_MS after it, not past now. history.ts runs what passes.

import type { PanelSettings } from './settings';

export const HISTORY_ACTIONS = ['day', 'events', 'picture', 'playback', 'clip'] as const;
/** The clip a panel saves: from 5 s before the moment played back to 25 s after it. */
export const CLIP_BEFORE_MS = 5000;
export const CLIP_AFTER_MS = 25000;
const DAY_MS = 86400000;
/** How far back a browser may look (ms): the longest cloud plan keeps 30 days; SD cards more. */
export const MAX_AGE_MS = 400 * DAY_MS;
const SOURCES = ['cloud', 'sd-card'] as const;

export type HistoryAsk =
  | { action: 'day'; start: number }
  | { action: 'events'; start: number }
  | { action: 'picture'; alarmId: string }
  | { action: 'playback'; source: (typeof SOURCES)[number]; start: number; end: number; continued: boolean }
  | { action: 'clip'; source: (typeof SOURCES)[number]; start: number; end: number };

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Whether a browser message is one of the timeline's (the panel's other actions go to panel.ts). */
export function isHistoryMessage(msg: unknown): boolean {
  const a = msg && typeof msg === 'object' ? (msg as { action?: unknown }).action : undefined;
  return typeof a === 'string' && (HISTORY_ACTIONS as readonly string[]).includes(a);
}

/** Checks one timeline message against the panel's settings and the clock. Pure. */
export function checkHistory(msg: unknown, s: PanelSettings, now: number): HistoryAsk | { refused: string } {
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return { refused: 'shape' };
  const m = msg as Record<string, unknown>;
  if (!s.deviceSerial || 'deviceSerial' in m || 'channelNo' in m) return { refused: 'camera' };
  if (!s.show.timeline) return { refused: 'hidden' };
  if (m.action === 'picture') {
    return typeof m.alarmId === 'string' && m.alarmId.length > 0 && m.alarmId.length <= 256
      ? { action: 'picture', alarmId: m.alarmId }
      : { refused: 'alarm' };
  }
  if (m.action === 'clip') return clipAsk(m, now);
  if (!isTime(m.start) || m.start < now - MAX_AGE_MS || m.start > now) return { refused: 'time' };
  if (m.action === 'day' || m.action === 'events') return { action: m.action, start: m.start };
  if (m.action !== 'playback') return { refused: 'action' };
  if (typeof m.source !== 'string' || !(SOURCES as readonly string[]).includes(m.source)) return { refused: 'source' };
  if (!isTime(m.end) || m.end <= m.start || m.end - m.start > DAY_MS) return { refused: 'time' };
  const source = m.source as (typeof SOURCES)[number];
  return { action: 'playback', source, start: m.start, end: m.end, continued: m.continued === true };
}

/** A clip around the moment `at` played back (whole seconds), its end not past now. */
function clipAsk(m: Record<string, unknown>, now: number): HistoryAsk | { refused: string } {
  if (typeof m.source !== 'string' || !(SOURCES as readonly string[]).includes(m.source)) return { refused: 'source' };
  if (!isTime(m.at) || m.at < now - MAX_AGE_MS || m.at > now) return { refused: 'time' };
  const start = Math.floor((m.at - CLIP_BEFORE_MS) / 1000) * 1000;
  const end = Math.min(Math.ceil((m.at + CLIP_AFTER_MS) / 1000) * 1000, Math.floor(now / 1000) * 1000);
  if (end <= start) return { refused: 'time' };
  return { action: 'clip', source: m.source as (typeof SOURCES)[number], start, end };
}
