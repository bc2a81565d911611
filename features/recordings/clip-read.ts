// Reading a clip's window from the playback stream (docs/behaviour.md section 26): an FLV playback
// address of the window through the config node's shared addresses (service/live-addresses.ts),
// read from the keyframe at or before the start to the window's end; a session cut short (the
// service ends sessions after about a minute) is read on with an address from where it stopped
// (the last keyframe kept), as long as each session brings the clip further. Bounded by the
// clip's bytes and its own deadline; the node's close stops it.

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

/** A playback address (FLV) of the window from `from` (ms) to its end, or the error. */
async function address(r: Reading, from: number, refresh: boolean): Promise<string | EzvizError | undefined> {
  const { service, t, ask, owner } = r;
  const { source, end } = r.w;
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
    const url = await address(r, from, refresh);
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
