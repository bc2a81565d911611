// The voice rows (docs/behaviour.md section 19, docs/api/media-api.md section 3): the node ezviz-voice
// and the two calls it makes, an upload (multipart, the file once per content and account) and a
// send (the file's URL to a camera's speaker), with the limits the API documents. Pure data.

import { optChannel, serial } from './operations';
import type { CallSpec, MediaNodeName, OperationSpec } from './operations';
import { CLIP_NODE } from './clips';

/** The largest voice file the API takes (5 MB). */
export const MAX_VOICE_BYTES = 5 * 1024 * 1024;
/** The longest voice file the API takes (60 s). */
export const MAX_VOICE_MS = 60000;
/** An uploaded file's URL lives a day (signed, `Expires`): reused for at most this long. */
export const VOICE_URL_REUSE_MS = 23 * 3600 * 1000;
/** The longest voice file URL sent as it came (`msg.payload` a URL). */
export const MAX_VOICE_URL = 2048;

/** Uploading the same content again replaces the file of that name (`force`): it may be retried. */
export const VOICE_UPLOAD: Readonly<CallSpec> = Object.freeze({
  operation: 'voice-upload',
  path: '/api/lapp/voice/upload',
  section: 'voice',
  idempotent: true,
  cameraQueue: false,
  multipart: true,
  params: [],
});

/** Playing is never sent twice: a speaker would say it twice. Queued per camera (one file at a time). */
export const VOICE_SEND: Readonly<CallSpec> = Object.freeze({
  operation: 'voice-send',
  path: '/api/lapp/voice/send',
  section: 'voice',
  idempotent: false,
  cameraQueue: true,
  params: [serial, optChannel],
});

/** The media nodes: voice (its parameters are the camera; msg.payload is the audio or a voice
 * file's URL) and clip (operations/clips.ts). */
export const MEDIA_NODES: Readonly<Record<MediaNodeName, OperationSpec>> = Object.freeze({
  voice: {
    operation: 'voice',
    type: 'ezviz-voice',
    path: VOICE_SEND.path,
    section: 'voice',
    idempotent: false,
    cameraQueue: true,
    params: [serial, optChannel],
  },
  clip: CLIP_NODE,
});
