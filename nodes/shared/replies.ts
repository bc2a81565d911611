// Pure mappings of API replies to `msg.payload` (design.md section 4).

import type { ApiReply } from './client';
import { STORAGE_STATUS } from './enums';

/** ms since the epoch (design.md s7) -> ISO text; null when absent or not a time. */
export function isoDate(ms: unknown): string | null {
  const n = typeof ms === 'string' && /^\d+$/.test(ms) ? Number(ms) : ms;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return null;
  const d = new Date(n);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function withDates(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  out.statusText = STORAGE_STATUS[String(record.status)] ?? 'unknown';
  out.startDate = isoDate(record.startTime);
  out.expireDate = isoDate(record.expireTime);
  return out;
}

/** storage-info: the reply's data with `statusText` and ISO `startDate`/`expireDate` added
 * (also inside `serviceDetail`, which has the same fields). */
export function storageInfoPayload(reply: ApiReply): Record<string, unknown> {
  const data = reply.data && typeof reply.data === 'object' ? (reply.data as Record<string, unknown>) : {};
  const out = withDates(data);
  if (data.serviceDetail && typeof data.serviceDetail === 'object') {
    out.serviceDetail = withDates(data.serviceDetail as Record<string, unknown>);
  }
  return out;
}

/** preset-add: `{index}` plus `presetName` when one was given. */
export function presetAddPayload(reply: ApiReply, presetName?: string): { index: number; presetName?: string } {
  const raw = (reply.data as { index?: unknown } | undefined)?.index;
  const index = typeof raw === 'number' ? raw : Number(raw);
  return presetName === undefined ? { index } : { index, presetName };
}

/** Every other operation: the reply's `{code, msg}`. */
export function plainPayload(reply: ApiReply): { code: string; msg: string } {
  return { code: reply.code, msg: reply.msg };
}
