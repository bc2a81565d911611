// Recordings through a config node's service (docs/behaviour.md section 18): what a camera recorded in a
// window, for ezviz-recordings and the dashboard panel alike. The window (default: local midnight
// of today to now) is cut into days (the API takes a day per call); each piece is listed from the
// cloud (recType 1), the SD card (2), or both for `auto`, one call after another through the
// service's one call path (token, retries: a list is a read). The items are joined, sorted and
// each recording kept once (replies/recordings.ts). With `auto`, a source that fails (an error code,
// or a reply of the wrong shape: BAD_REPLY) while the other lists recordings is reported in
// `skipped`, not as the message's error (an offline camera still has its cloud recordings).

import type { CallResult, Fields, Owner } from '../../client/requests/call-types';
import type { CallService } from '../../client/service/camera-state';
import { badReplyError, EzvizError } from '../../client/errors/errors';
import { hooks } from '../../client/clock/clock';
import type { Translate } from '../../client/errors/translate';
import {
  RECORD_SOURCES,
  RECORDINGS_NODE,
  recordWindow,
  SOURCE_OF_REC_TYPE,
  splitWindow,
  VIDEO_BY_TIME,
} from '../../client/operations/recordings';
import { BadReply } from '../../client/replies/replies';
import { joinItems, recordingItem, replyItems, type RecordingItem } from '../../client/replies/recordings';
import { validationError, type ParsedInput } from '../../client/params/validate';

/** What a listing asks for: the values of RECORDINGS_NODE, validated (times in ms). */
export interface RecordingsAsk {
  deviceSerial: string | number;
  channelNo?: string | number;
  source?: string;
  start?: number;
  end?: number;
}

/** The validated values of a listing as its ask. */
export const recordingsAsk = (v: ParsedInput['values']): RecordingsAsk => ({
  ...v,
  deviceSerial: v.deviceSerial,
  source: v.source === undefined ? undefined : String(v.source),
  start: v.start === undefined ? undefined : Number(v.start),
  end: v.end === undefined ? undefined : Number(v.end),
});

/** A listing's outcome beside the items: the window listed (ISO) and the sources that failed. */
export interface RecordingsListing {
  items: RecordingItem[];
  window: { start: string; end: string };
  source: string;
  skipped: { source: string; code: string; message: string; hint?: string }[];
}

const fail = (error: EzvizError, fields: Fields): Extract<CallResult, { kind: 'error' }> => ({
  kind: 'error',
  error,
  fields,
  durationMs: 0,
});

/** One source over every piece of the window: its items, or the first failure. */
async function listSource(
  service: CallService,
  base: Fields,
  recType: number,
  pieces: { start: number; end: number }[],
  owner: Owner,
): Promise<{ items: RecordingItem[]; durationMs: number } | Exclude<CallResult, { kind: 'ok' }>> {
  const items: RecordingItem[] = [];
  let durationMs = 0;
  for (const piece of pieces) {
    const fields: Fields = { ...base, startTime: piece.start, endTime: piece.end, recType };
    const r = await service.call({ spec: VIDEO_BY_TIME, fields, owner });
    if (r.kind !== 'ok') return r;
    durationMs += r.durationMs;
    const list = replyItems(r.reply.data);
    list.forEach((raw, i) =>
      items.push(
        recordingItem(
          raw,
          SOURCE_OF_REC_TYPE[recType],
          String(base.deviceSerial),
          Number(base.channelNo ?? 1),
          `data[${i}]`,
        ),
      ),
    );
  }
  return { items, durationMs };
}

type SourceFailure = { recType: number; result: Extract<CallResult, { kind: 'error' }> };
interface Listed {
  items: RecordingItem[];
  failures: SourceFailure[];
  durationMs: number;
}

/** Every source in turn: the items they listed and the sources that failed (a reply of the wrong
 * shape fails its source with BAD_REPLY); a closed owner ends it (its result). */
async function listSources(
  service: CallService,
  t: Translate,
  base: Fields,
  recTypes: number[],
  pieces: { start: number; end: number }[],
  owner: Owner,
): Promise<Listed | CallResult> {
  const items: RecordingItem[] = [];
  const failures: SourceFailure[] = [];
  let durationMs = 0;
  for (const recType of recTypes) {
    let r: Awaited<ReturnType<typeof listSource>>;
    try {
      r = await listSource(service, base, recType, pieces, owner);
    } catch (e) {
      // A reply of the wrong shape fails its source only: with `auto` the other source's items stand.
      if (!(e instanceof BadReply)) throw e;
      r = fail(badReplyError(t, 'recordings', e.detail), { ...base, recType });
    }
    if ('kind' in r && r.kind === 'closed') return r;
    if ('kind' in r) failures.push({ recType, result: r as Extract<CallResult, { kind: 'error' }> });
    else {
      items.push(...r.items);
      durationMs += r.durationMs;
    }
  }
  return { items, failures, durationMs };
}

/** Lists a camera's recordings. The ok result's payload is a RecordingsListing. Never rejects. */
export async function listRecordings(
  service: CallService,
  t: Translate,
  v: RecordingsAsk,
  owner: Owner,
): Promise<CallResult> {
  const spec = RECORDINGS_NODE;
  const base: Fields = {
    deviceSerial: v.deviceSerial,
    ...(v.channelNo === undefined ? {} : { channelNo: v.channelNo }),
  };
  const window = recordWindow(v.start, v.end, hooks.now());
  if ('reason' in window) {
    const param = spec.params.find((p) => p.name === window.param)!;
    // The time as a time (ms since 1970 would say nothing to a reader).
    const given = v[window.param];
    const shown = typeof given === 'number' && Number.isFinite(given) ? new Date(given).toISOString() : given;
    return fail(validationError(t, spec, param, shown, window.reason), base);
  }
  const source = String(v.source ?? 'auto');
  const recTypes = RECORD_SOURCES[source] === 0 ? [1, 2] : [RECORD_SOURCES[source]];
  const pieces = splitWindow(window.start, window.end);
  const asked: Fields = { ...base, startTime: window.start, endTime: window.end, source };
  const listed = await listSources(service, t, base, recTypes, pieces, owner);
  if ('kind' in listed) return listed;
  const { items, failures, durationMs } = listed;
  if (failures.length === recTypes.length || (failures.length && items.length === 0)) {
    const { error } = failures[0].result;
    error.operation = 'recordings';
    return { ...failures[0].result, fields: asked };
  }
  const listing: RecordingsListing = {
    items: joinItems(items),
    source,
    window: { start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString() },
    skipped: failures.map((f) => ({
      source: SOURCE_OF_REC_TYPE[f.recType],
      code: f.result.error.code,
      message: f.result.error.message,
      ...(f.result.error.hint ? { hint: f.result.error.hint } : {}),
    })),
  };
  return { kind: 'ok', reply: { code: '200', msg: '' }, fields: asked, durationMs, payload: listing };
}
