// A timeline message of a browser checked (docs/behaviour.md section 21), pure: the camera is the
// node's, never the browser's; the day and the window are bounded (400 days back, a playback window
// of at most a day); an alarm is named by its id. history.ts runs what passes.

import type { PanelSettings } from './settings';

export const HISTORY_ACTIONS = ['day', 'events', 'picture', 'playback'] as const;
const DAY_MS = 86400000;
/** How far back a browser may look (ms): the longest cloud plan keeps 30 days; SD cards more. */
export const MAX_AGE_MS = 400 * DAY_MS;
const SOURCES = ['cloud', 'sd-card'] as const;

export type HistoryAsk =
  | { action: 'day'; start: number }
  | { action: 'events'; start: number }
  | { action: 'picture'; alarmId: string }
  | { action: 'playback'; source: (typeof SOURCES)[number]; start: number; end: number; continued: boolean };

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
  if (!isTime(m.start) || m.start < now - MAX_AGE_MS || m.start > now) return { refused: 'time' };
  if (m.action === 'day' || m.action === 'events') return { action: m.action, start: m.start };
  if (m.action !== 'playback') return { refused: 'action' };
  if (typeof m.source !== 'string' || !(SOURCES as readonly string[]).includes(m.source)) return { refused: 'source' };
  if (!isTime(m.end) || m.end <= m.start || m.end - m.start > DAY_MS) return { refused: 'time' };
  const source = m.source as (typeof SOURCES)[number];
  return { action: 'playback', source, start: m.start, end: m.end, continued: m.continued === true };
}
