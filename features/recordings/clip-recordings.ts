// Whether a clip's window was recorded (docs/behaviour.md section 26), from the recordings list
// (docs/behaviour.md section 18): the recordings that overlap the window and the source to play them
// from. An alarm's window is asked for every 15 s until a recording reaches its end (recordings
// appear some time after the alarm), up to `waitFor`; the node's close ends the waiting. With no
// recording, the nearest ones (up to 3, within 6 hours) say what there is.

import type { CallResult, Owner } from '../../client/requests/call-types';
import type { CallService } from '../../client/service/camera-state';
import { hooks } from '../../client/clock/clock';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { ClipAsk } from '../../client/operations/clips';
import type { RecordingItem } from '../../client/replies/recordings';
import { listRecordings, type RecordingsListing } from './recordings';
import type { ClipJobs } from './clip-jobs';

/** Between two asks of the recordings list while an alarm's recording is awaited. */
export const RECORDED_POLL_MS = 15000;
const NEAR_MS = 6 * 3600 * 1000;

export type Recorded =
  | { kind: 'recorded'; items: RecordingItem[]; source: 'cloud' | 'sd-card'; complete: boolean }
  | { kind: 'none'; nearest: RecordingItem[] }
  | { kind: 'failed'; result: Extract<CallResult, { kind: 'error' }> };

interface Window {
  start: number;
  end: number;
  alarm: boolean;
}

const span = (i: RecordingItem): [number, number] => [Date.parse(i.start), Date.parse(i.end)];

async function list(
  service: CallService,
  t: Translate,
  ask: ClipAsk,
  start: number,
  end: number,
  owner: Owner,
): Promise<RecordingsListing | Exclude<CallResult, { kind: 'ok' }>> {
  const { deviceSerial, channelNo, source } = ask;
  const r = await listRecordings(service, t, { deviceSerial, channelNo, source, start, end }, owner);
  return r.kind === 'ok' ? (r.payload as RecordingsListing) : r;
}

/** A source the listing could not read, as the error of the clip: nothing recorded where the
 * others were read is not known to be unrecorded (a window across midnight, one piece unreadable). */
function skippedError(listing: RecordingsListing): Recorded | undefined {
  const skipped = listing.skipped[0];
  if (!skipped) return undefined;
  const error = new EzvizError({
    code: skipped.code,
    message: skipped.message,
    ...(skipped.hint ? { hint: skipped.hint } : {}),
    operation: 'recordings',
    source: /^\d+$/.test(skipped.code) ? 'api' : 'http',
    retriable: true,
  });
  return { kind: 'failed', result: { kind: 'error', error, fields: {}, durationMs: 0 } };
}

/** The source that recorded most of the window (the cloud on a tie: it needs no camera online). */
function bestSource(items: RecordingItem[], w: Window): 'cloud' | 'sd-card' {
  const covered = { cloud: 0, 'sd-card': 0 };
  for (const i of items) {
    const [s, e] = span(i);
    covered[i.source] += Math.min(e, w.end) - Math.max(s, w.start);
  }
  return covered['sd-card'] > covered.cloud ? 'sd-card' : 'cloud';
}

/** Up to 3 recordings nearest the window (within 6 hours), nearest first. */
async function nearest(service: CallService, t: Translate, ask: ClipAsk, w: Window, owner: Owner) {
  const listed = await list(service, t, ask, w.start - NEAR_MS, Math.min(w.end + NEAR_MS, hooks.now()), owner);
  if (!('items' in listed)) return [];
  const items = listed.items;
  const gap = (i: RecordingItem): number => {
    const [s, e] = span(i);
    return s >= w.end ? s - w.end : w.start - e;
  };
  return items.sort((a, b) => gap(a) - gap(b)).slice(0, 3);
}

/** Lists the window (an alarm's until it is recorded, or `waitFor` passed); closed: the node closed. */
export async function findRecording(
  service: CallService,
  t: Translate,
  ask: ClipAsk,
  w: Window,
  owner: Owner,
  jobs: ClipJobs,
): Promise<Recorded | { kind: 'closed' }> {
  const until = hooks.now() + ask.waitForMs;
  for (;;) {
    const listed = await list(service, t, ask, w.start, w.end, owner);
    if (!('items' in listed)) return listed.kind === 'error' ? { kind: 'failed', result: listed } : { kind: 'closed' };
    const over = listed.items.filter((i) => span(i)[0] < w.end && span(i)[1] > w.start);
    const complete = over.length > 0 && Math.max(...over.map((i) => span(i)[1])) >= w.end;
    if (!w.alarm || complete || hooks.now() >= until) {
      if (over.length) {
        const source = ask.source === 'auto' ? bestSource(over, w) : ask.source;
        return { kind: 'recorded', items: over, source, complete };
      }
      return skippedError(listed) ?? { kind: 'none', nearest: await nearest(service, t, ask, w, owner) };
    }
    if (!(await jobs.sleep(Math.min(RECORDED_POLL_MS, Math.max(1, until - hooks.now()))))) return { kind: 'closed' };
  }
}
