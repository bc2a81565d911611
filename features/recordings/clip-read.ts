// Reading a clip's window from the playback stream (docs/behaviour.md section 26): an FLV playback
// address of the window through the config node's shared addresses (service/live-addresses.ts),
// read from the keyframe at or before the start to the window's end; a session cut short (the
// service ends sessions after about a minute) is read on with an address from where it stopped
// (the last keyframe kept), as long as each session brings the clip further. A cloud address
// stays within one local day (docs/api/watch-api.md section 1): a cloud window across midnight is
// read up to 23:59:59 of its day, then on with a new address from 00:00:00 of the next, on the
// same timeline (reaching the day's end is progress, not a cut). Bounded by the clip's bytes and
// its own deadline; the node's close stops it.

import type { Owner } from '../../client/requests/call-types';
import type { CallService } from '../../client/service/camera-state';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { ClipAsk } from '../../client/operations/clips';
import { OPERATIONS } from '../../client/operations/operations';
import { validateInput } from '../../client/params/validate';
import { ClipTags } from './clip-tags';
import type { ClipJobs } from './clip-jobs';
import { readSession } from './playback-session';

/** Why a read ended: the window read whole, or not (and why), or the node closed. */
export type ReadEnd =
  | { kind: 'complete' }
  | {
      kind: 'incomplete';
      reason: 'cut' | 'maxBytes' | 'codec' | 'http' | 'address';
      detail: string;
      error?: EzvizError;
    }
  | { kind: 'timeout' }
  | { kind: 'closed' };

/** The largest FLV tag taken (a video frame of a 4K camera is well under it). */
const MAX_TAG_BYTES = 16 * 1024 * 1024;

/** One window's read: through which service, for which node, into which tags. */
interface Reading {
  service: CallService;
  t: Translate;
  ask: ClipAsk;
  w: { start: number; end: number; source: 'cloud' | 'sd-card' };
  tags: ClipTags;
  owner: Owner;
}

/** The next local midnight after `ms`. */
function nextMidnight(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

/** Where the address from `from` ends: the window's end, or for the cloud, when the window goes on
 * past midnight, 23:59:59 of the day of `from` (`next`: the midnight to read on from). */
function partEnd(r: Reading, from: number): { end: number; next?: number } {
  const midnight = nextMidnight(from);
  if (r.w.source !== 'cloud' || midnight > r.w.end) return { end: r.w.end };
  // A window ending at midnight ends with its day (its last address: to 23:59:59).
  return { end: midnight - 1000, next: midnight < r.w.end ? midnight : undefined };
}

/** A playback address (FLV) of the window from `from` (ms) to `end`, or the error. */
async function address(
  r: Reading,
  from: number,
  end: number,
  refresh: boolean,
): Promise<string | EzvizError | undefined> {
  const { service, t, ask, owner } = r;
  const { source } = r.w;
  const raw = {
    deviceSerial: ask.deviceSerial,
    channelNo: ask.channelNo,
    protocol: 'flv',
    source,
    start: from,
    end,
    ...(ask.verificationCode ? { verificationCode: ask.verificationCode } : {}),
  };
  const input = validateInput(t, OPERATIONS.live, raw);
  if (input instanceof EzvizError) return input;
  const result = await service.call({ spec: OPERATIONS.live, fields: input.fields, owner, refresh });
  if (result.kind === 'closed') return undefined;
  if (result.kind === 'error') return result.error;
  return result.live?.url ?? undefined;
}

/** Reads the window [start, end) into `tags`; one ReadEnd. */
export async function readClip(
  service: CallService,
  t: Translate,
  ask: ClipAsk,
  w: Reading['w'],
  tags: ClipTags,
  owner: Owner,
  jobs: ClipJobs,
): Promise<ReadEnd> {
  const deadline = jobs.deadline(ask.timeoutMs);
  try {
    return await sessions({ service, t, ask, w, tags, owner }, deadline.signal, deadline.expired);
  } finally {
    deadline.done();
  }
}

async function sessions(r: Reading, signal: AbortSignal, expired: () => boolean): Promise<ReadEnd> {
  const { service, ask, w, tags } = r;
  let from = w.start;
  let lastResume = -1;
  let refresh = false;
  const stopped = (): ReadEnd => (expired() ? { kind: 'timeout' } : { kind: 'closed' });
  for (let n = 0; n < 3 + Math.ceil((w.end - w.start) / 1000); n++) {
    const part = partEnd(r, from);
    const url = await address(r, from, part.end, refresh);
    if (signal.aborted || url === undefined) return stopped();
    if (url instanceof EzvizError) return { kind: 'incomplete', reason: 'address', detail: url.message, error: url };
    tags.beginSession();
    const limits = { maxTagBytes: Math.min(MAX_TAG_BYTES, ask.maxBytes), agent: service.agentFor?.bind(service) };
    const end = await readSession(url, (tag) => tags.push(tag), signal, limits);
    if (end.kind === 'end') return { kind: 'complete' };
    if (end.kind === 'aborted') return stopped();
    if (end.kind === 'full') return { kind: 'incomplete', reason: 'maxBytes', detail: String(ask.maxBytes) };
    if (end.kind === 'codec') return { kind: 'incomplete', reason: 'codec', detail: '' };
    if (tags.lastTs >= 0 && tags.durationMs() >= tags.windowMs) return { kind: 'complete' };
    if (part.next !== undefined && end.kind === 'cut' && dayRead(tags, part.end - w.start)) {
      // The day's end reached: on from midnight, on the same timeline (nothing dropped).
      tags.continueAfterLast();
      [from, lastResume, refresh] = [part.next, tags.lastTs, false];
      continue;
    }
    const detail = end.kind === 'http' ? `HTTP ${end.status}` : end.code ? `${end.why} ${end.code}` : end.why;
    // Cut short: on from the last keyframe kept (the whole window again when none came).
    const at = tags.resumePoint() ?? 0;
    if (at <= lastResume) return { kind: 'incomplete', reason: end.kind === 'http' ? 'http' : 'cut', detail };
    refresh = end.kind === 'http';
    lastResume = at;
    from = w.start + Math.floor(at / 1000) * 1000;
  }
  return { kind: 'incomplete', reason: 'cut', detail: 'sessions' };
}

/** Whether a session read its day to the end: its end-of-sequence tag came, or its frames reach the
 * day's last second (`dayMs`: 23:59:59 from the window's start). */
function dayRead(tags: ClipTags, dayMs: number): boolean {
  return tags.lastTs >= 0 && (tags.sessionEnded || tags.lastTs + tags.frameMs() >= dayMs);
}
