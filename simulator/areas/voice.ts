// Voice (docs/api/media-api.md section 3): voice/upload (multipart: voiceFile, voiceName, force)
// keeps the file per account and answers `data {name, url}` with a URL signed for a day;
// voice/send plays an uploaded file on a camera, voice/sendonce a file sent along. Files are wav,
// mp3 or aac, at most 5 MB and 60 s (else 10001). A camera without a speaker (talk 0) answers
// 20015. What each camera played is in the request log (`played`) and GET /sim/voice. Doorbells
// ring through POST /sim/call: a `ys.calling` message to consumers and the webhook (doorbell.ts).

import { randomBytes } from 'crypto';
import type { Area } from '../area';
import { answer, answering, authenticate, lookupChannel, ok, ownDevice, stop } from '../common';
import type { ApiResult, CallContext, FilePart, Played } from '../common';
import type { Route } from '../routes';
import type { Device, SimulatorState } from '../state';
import { ring } from './doorbell';
import { audioOf, MAX_VOICE_BYTES } from './voice-audio';

/** An uploaded file's URL is signed for a day. */
export const VOICE_URL_LIFETIME_MS = 24 * 3600 * 1000;
export const VOICE_PREFIX = '/sim-voice/';

interface VoiceFile {
  id: string;
  account: string;
  name: string;
  format: string;
  durationMs: number;
  bytes: number;
  expires: number;
}
interface VoiceState {
  files: Map<string, VoiceFile>;
  played: Array<Played & { time: number }>;
  uploads: number;
}

const voices = new WeakMap<SimulatorState, VoiceState>();

/** The voice files and plays of `state` (tests: uploads, played). */
export function voiceState(state: SimulatorState): VoiceState {
  let v = voices.get(state);
  if (!v) voices.set(state, (v = { files: new Map(), played: [], uploads: 0 }));
  return v;
}

/** The file part's audio, or 10001 (missing, empty, too big, not wav/mp3/aac, over 60 s). */
function audioPart(ctx: CallContext): { part: FilePart; format: string; durationMs: number } {
  const part = ctx.files?.voiceFile;
  if (!part || part.data.length === 0 || part.data.length > MAX_VOICE_BYTES) return stop('10001');
  const audio = audioOf(part.data);
  return audio ? { part, ...audio } : stop('10001');
}

/** A camera that can play: device, channel (default 1), online, its flags, a speaker (20015). */
function speaker(state: SimulatorState, account: string, serial: string, channelNo: number | undefined): Device {
  const dev = ownDevice(state, { account }, serial);
  const ch = lookupChannel(dev, channelNo ?? 1);
  answering(dev, ch.online);
  if (dev.capabilities.talk === 0) stop('20015');
  return dev;
}

function play(state: SimulatorState, p: Played, now: number): ApiResult {
  const v = voiceState(state);
  v.played.push({ ...p, time: now });
  if (v.played.length > 1000) v.played.splice(0, v.played.length - 1000);
  return { code: '200', played: p };
}

function upload(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    const name = (params.voiceName as string | undefined) ?? `voice-${randomBytes(4).toString('hex')}`;
    if (name.length > 50) stop('10001');
    const audio = audioPart(ctx);
    const v = voiceState(state);
    const same = [...v.files.values()].find((x) => x.account === app.account && x.name === name);
    if (same && params.force !== 'true') stop('10001');
    if (same) v.files.delete(same.id);
    const id = randomBytes(12).toString('hex');
    const expires = Math.floor((ctx.now + VOICE_URL_LIFETIME_MS) / 1000);
    v.files.set(id, {
      id,
      account: app.account,
      name,
      format: audio.format,
      durationMs: audio.durationMs,
      bytes: audio.part.data.length,
      expires,
    });
    v.uploads++;
    return ok({
      name,
      url: `${ctx.publicOrigin}${VOICE_PREFIX}${id}.${audio.format}?Expires=${expires}&Signature=sim`,
    });
  });
}

function send(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    const serial = params.deviceSerial as string;
    const channelNo = (params.channelNo as number | undefined) ?? 1;
    speaker(state, app.account, serial, channelNo);
    const id = /\/sim-voice\/([0-9a-f]{24})\./.exec(String(params.fileUrl))?.[1];
    const file = id ? voiceState(state).files.get(id) : undefined;
    // An unknown URL, another account's file, or one whose signature expired: "voice not found".
    if (!file || file.account !== app.account || ctx.now >= file.expires * 1000) stop('10001');
    return play(
      state,
      {
        deviceSerial: serial,
        channelNo,
        voiceName: file!.name,
        format: file!.format,
        durationMs: file!.durationMs,
        bytes: file!.bytes,
        via: 'send',
      },
      ctx.now,
    );
  });
}

function sendOnce(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, params } = authenticate(state, route, f, ctx);
    const serial = params.deviceSerial as string;
    const channelNo = (params.channelNo as number | undefined) ?? 1;
    const audio = audioPart(ctx);
    speaker(state, app.account, serial, channelNo);
    return play(
      state,
      {
        deviceSerial: serial,
        channelNo,
        voiceName: audio.part.filename,
        format: audio.format,
        durationMs: audio.durationMs,
        bytes: audio.part.data.length,
        via: 'sendonce',
      },
      ctx.now,
    );
  });
}

export const voiceArea: Area = {
  handlers: { 'voice-upload': upload, 'voice-send': send, 'voice-sendonce': sendOnce },
  admin: {
    '/sim/voice': {
      GET: ({ ctx }) => {
        const v = voiceState(ctx.state);
        return { uploads: v.uploads, files: [...v.files.values()], played: v.played.slice() };
      },
      DELETE: ({ ctx }) => {
        voices.delete(ctx.state);
        return { ok: true };
      },
    },
    '/sim/call': { POST: ({ ctx, json, req }) => ring(ctx.state, json, ctx.clock.now(), ctx.publicOrigin(req)) },
  },
  adminIndex: [
    'GET  /sim/voice (uploaded voice files, what each camera played)',
    'DELETE /sim/voice',
    'POST /sim/call {deviceSerial,channelNo?,action? (ring|answered|hung-up),picture?,callingId?} (a doorbell rings: ys.calling)',
  ],
};
