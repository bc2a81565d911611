// ezviz-clip's run for one validated message (docs/behaviour.md section 26): the window (an alarm's,
// or start/end; 10001 before anything is sent when it is backwards or too long), the recordings
// list (NO_RECORDING without reading a stream), the playback stream read (clip-read.ts), the file
// written (mp4.ts). A clip that is not whole is never called whole: CLIP_INCOMPLETE or
// CLIP_TIMEOUT carry what arrived in msg.ezviz. The ok result's payload is a ClipOutcome.

import { performance } from 'perf_hooks';
import type { CallResult, Fields, Owner } from '../../client/requests/call-types';
import type { CallService } from '../../client/service/camera-state';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import { clipAsk, clipFilename, clipWindow, CLIP_NODE, type ClipAsk } from '../../client/operations/clips';
import type { RecordingItem } from '../../client/replies/recordings';
import { validationError } from '../../client/params/validate';
import type { ClipJobs } from './clip-jobs';
import { findRecording } from './clip-recordings';
import { readClip, type ReadEnd } from './clip-read';
import { ClipTags } from './clip-tags';
import { clipFlv, clipMedia, clipMp4, type ClipMedia } from './mp4';

/** msg.ezviz.clip: what the clip is (or, when it failed, what arrived), in a recording item's
 * fields (the camera, the source, the window saved, its seconds), with its bytes and media. */
export interface ClipFacts extends RecordingItem, Partial<ClipMedia> {
  bytes: number;
}

export type ClipOutcome =
  | { ok: true; data: Buffer; filename: string; clip: ClipFacts }
  | { ok: false; error: EzvizError; ezviz: Record<string, unknown> };

function clipError(t: Translate, code: string, key: string, args: Record<string, unknown>, retriable: boolean) {
  return new EzvizError({
    code,
    message: t(`errors.clip.${key}`, args),
    operation: 'clip',
    source: 'local',
    retriable,
  });
}

const ok = (fields: Fields, t0: number, payload: ClipOutcome): CallResult => ({
  kind: 'ok',
  reply: { code: '200', msg: '' },
  fields,
  durationMs: Math.round(performance.now() - t0),
  payload,
});

/** Runs one clip: a CallResult whose ok payload is a ClipOutcome. Never rejects. */
export async function saveClip(
  service: CallService,
  t: Translate,
  values: Readonly<Record<string, string | number>>,
  owner: Owner,
  jobs: ClipJobs,
): Promise<CallResult> {
  const t0 = performance.now();
  const ask = clipAsk(values);
  const w = clipWindow(ask);
  const base: Fields = { deviceSerial: ask.deviceSerial, channelNo: ask.channelNo, source: ask.source };
  if ('reason' in w) {
    const param = CLIP_NODE.params.find((p) => p.name === w.param)!;
    const max = { max: ask.maxSeconds };
    const error = validationError(t, CLIP_NODE, param, values[w.param], w.reason);
    if (w.reason === 'clipSpan') error.message = t('validation.clipSpan', { ...max, param: w.param });
    return { kind: 'error', error, fields: base, durationMs: 0 };
  }
  const fields: Fields = { ...base, start: new Date(w.start).toISOString(), end: new Date(w.end).toISOString() };
  const found = await findRecording(service, t, ask, w, owner, jobs);
  if (found.kind === 'closed') return found;
  if (found.kind === 'failed') return { ...found.result, fields };
  if (found.kind === 'none') {
    const error = clipError(t, 'NO_RECORDING', w.alarm ? 'noRecordingAlarm' : 'noRecording', clipArgs(ask, w), w.alarm);
    return ok(fields, t0, { ok: false, error, ezviz: { nearest: found.nearest } });
  }
  const tags = new ClipTags(w.end - w.start, ask.maxBytes);
  const read = await readClip(service, t, ask, { ...w, source: found.source }, tags, owner, jobs);
  if (read.kind === 'closed') return { kind: 'closed' };
  return ok(fields, t0, await outcome(t, ask, { ...w, source: found.source }, tags, read, found.items));
}

const clipArgs = (ask: ClipAsk, w: { start: number; end: number }): Record<string, unknown> => ({
  camera: `${ask.deviceSerial}/${ask.channelNo}`,
  start: new Date(w.start).toISOString(),
  end: new Date(w.end).toISOString(),
  waitFor: Math.round(ask.waitForMs / 1000),
  timeout: Math.round(ask.timeoutMs / 1000),
  maxBytes: ask.maxBytes,
});

/** The file and its facts, or the error with what arrived. */
async function outcome(
  t: Translate,
  ask: ClipAsk,
  w: { start: number; end: number; source: 'cloud' | 'sd-card' },
  tags: ClipTags,
  read: Exclude<ReadEnd, { kind: 'closed' }>,
  recordings: RecordingItem[],
): Promise<ClipOutcome> {
  const media = clipMedia(tags);
  let data: Buffer | undefined;
  try {
    data = media ? (ask.format === 'flv' ? clipFlv(tags) : await clipMp4(tags)) : undefined;
  } catch {
    data = undefined;
  }
  const clip: ClipFacts = {
    deviceSerial: ask.deviceSerial,
    channelNo: ask.channelNo,
    source: w.source,
    start: new Date(w.start).toISOString(),
    end: new Date(w.end).toISOString(),
    seconds: Math.round(tags.durationMs()) / 1000,
    bytes: data?.length ?? 0,
    ...(media ?? {}),
  };
  if (read.kind === 'complete' && data && media) return { ok: true, data, filename: clipFilename(ask, w.start), clip };
  const args = { ...clipArgs(ask, w), seconds: clip.seconds, detail: read.kind === 'incomplete' ? read.detail : '' };
  const error =
    read.kind === 'timeout'
      ? clipError(t, 'CLIP_TIMEOUT', 'timeout', args, true)
      : read.kind === 'incomplete' && read.reason === 'address' && read.error && tags.lastTs < 0
        ? read.error
        : clipError(t, 'CLIP_INCOMPLETE', read.kind === 'incomplete' ? read.reason : 'unreadable', args, true);
  const ezviz: Record<string, unknown> = { clip: { ...clip, complete: false }, recordings };
  if (data) ezviz.partial = data;
  return { ok: false, error, ezviz };
}
