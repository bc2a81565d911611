// ezviz-voice through a config node's service (docs/behaviour.md section 19, docs/api/media-api.md
// section 3): the payload checked before anything is sent (a Buffer of wav, mp3 or aac within 5 MB
// and 60 s, or a voice file's URL), the upload once per content and account (voice-files.ts; an
// upload may be retried: the same name is replaced), then one send through the camera's queue,
// never sent twice (after an uncertain failure the message fails, retriable false).

import type { CallResult, Fields, Owner } from '../../client/requests/call-types';
import { failedAt } from '../../client/requests/call-types';
import { badReplyError, EzvizError } from '../../client/errors/errors';
import { hooks } from '../../client/clock/clock';
import type { Translate } from '../../client/errors/translate';
import { readAudio, sizeText, type AudioFacts } from './audio';
import { MAX_VOICE_BYTES, MAX_VOICE_MS, MAX_VOICE_URL, VOICE_SEND, VOICE_UPLOAD } from '../../client/operations/voice';
import type { ParsedInput } from '../../client/params/validate';
import { contentHash, voiceName } from '../../client/service/voice-files';
import type { EzvizService } from '../../client/service/service';

const CONTENT_TYPES: Record<AudioFacts['format'], string> = { wav: 'audio/wav', mp3: 'audio/mpeg', aac: 'audio/aac' };

/** A voice file's URL as msg.payload may give it: http(s), no blanks or control characters. */
export function voiceUrl(v: string): string | undefined {
  const s = v.trim();
  if (s.length > MAX_VOICE_URL || !/^https?:\/\/[^\s\u0000-\u001f\u007f]+$/i.test(s)) return undefined;
  try {
    return new URL(s).hostname ? s : undefined;
  } catch {
    return undefined;
  }
}

/** The payload's error (10001, source validation): what is wrong, never the bytes themselves. */
function refused(t: Translate, reason: string, args: Record<string, unknown> = {}): EzvizError {
  return new EzvizError({
    code: '10001',
    message: t(`validation.voice.${reason}`, args),
    operation: 'voice',
    source: 'validation',
    retriable: false,
  });
}

/** What msg.payload holds: audio facts and bytes, a URL, or the refusal. */
export function readVoicePayload(
  t: Translate,
  payload: unknown,
): { audio: AudioFacts; data: Uint8Array } | { fileUrl: string } | EzvizError {
  if (typeof payload === 'string') {
    const url = voiceUrl(payload);
    return url ? { fileUrl: url } : refused(t, 'notUrl', { length: payload.length });
  }
  if (!Buffer.isBuffer(payload)) {
    const kind = payload === null ? 'null' : Array.isArray(payload) ? 'array' : typeof payload;
    return refused(t, 'notAudio', { type: kind });
  }
  const facts = readAudio(payload);
  if (typeof facts === 'object') return { audio: facts, data: payload };
  return refused(t, facts, {
    size: sizeText(payload.length),
    max: sizeText(MAX_VOICE_BYTES),
    maxS: MAX_VOICE_MS / 1000,
  });
}

/** data.url (or fileUrl) of an upload reply: an object or the first element of an array. */
export function uploadedUrl(data: unknown): string | undefined {
  const d = Array.isArray(data) ? data[0] : data;
  if (!d || typeof d !== 'object') return undefined;
  const o = d as { url?: unknown; fileUrl?: unknown };
  const url = typeof o.url === 'string' ? o.url : o.fileUrl;
  return typeof url === 'string' ? voiceUrl(url) : undefined;
}

/** The file's URL: the cached one, or an upload (one per content at a time). */
async function upload(
  service: EzvizService,
  t: Translate,
  audio: AudioFacts,
  data: Uint8Array,
  owner: Owner,
): Promise<{ fileUrl: string; uploaded: boolean } | CallResult> {
  const hash = contentHash(data);
  const known = service.voices.get(hash, hooks.now());
  if (known) return { fileUrl: known, uploaded: false };
  return service.voices.once(hash, async () => {
    const again = service.voices.get(hash, hooks.now());
    if (again) return { fileUrl: again, uploaded: false };
    const name = voiceName(hash);
    const r = await service.call({
      spec: VOICE_UPLOAD,
      fields: { voiceName: name, force: 'true' },
      owner,
      file: { field: 'voiceFile', filename: `${name}.${audio.format}`, contentType: CONTENT_TYPES[audio.format], data },
    });
    if (r.kind !== 'ok') return r;
    const fileUrl = uploadedUrl(r.reply.data);
    if (!fileUrl) {
      return failedAt(badReplyError(t, 'voice-upload', 'data.url is not an http(s) URL'), {});
    }
    service.voices.set(hash, fileUrl, hooks.now());
    return { fileUrl, uploaded: true };
  });
}

/** One message of ezviz-voice: checked, uploaded when needed, played once. Never rejects. */
export async function playVoice(
  service: EzvizService,
  t: Translate,
  input: ParsedInput,
  owner: Owner,
  payload: unknown,
): Promise<CallResult> {
  const fields: Fields = { ...input.fields };
  if (fields.channelNo === undefined) fields.channelNo = 1; // the API's default: one queue per camera
  const read = readVoicePayload(t, payload);
  if (read instanceof EzvizError) return failedAt(read, fields);
  let fileUrl: string;
  let facts: Record<string, unknown> = {};
  if ('fileUrl' in read) fileUrl = read.fileUrl;
  else {
    const up = await upload(service, t, read.audio, read.data, owner);
    // (an upload shared by several messages: each fails with its own camera)
    if ('kind' in up) return up.kind === 'error' ? { ...up, fields } : up;
    fileUrl = up.fileUrl;
    facts = { ...read.audio, uploaded: up.uploaded };
  }
  const sent: Fields = { ...fields, fileUrl };
  const r = await service.call({ spec: VOICE_SEND, fields: sent, owner });
  if (r.kind === 'error' && r.error.source === 'api' && r.error.code === '10001') service.voices.forget(fileUrl);
  if (r.kind !== 'ok') return r;
  return { ...r, payload: { played: true, fileUrl }, ezviz: { voice: { fileUrl, ...facts } } };
}
