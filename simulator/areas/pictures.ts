// Pictures (docs/api/more-api.md): device/capture hands out a picture URL that the simulator
// itself serves (GET /sim-pictures/<id>.jpg) for `pictureLifetimeMs`, as it serves alarm
// pictures and channel covers. Every picture is one real baseline JPEG (picture-bytes.ts).

import { randomBytes } from 'crypto';
import type { Area, ServedPath } from '../area';
import { answer, chinaMidnight, ok, reachableCamera, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import { sendJson } from '../io';
import type { Route } from '../routes';
import { servedFaults, servedRequest } from '../served';
import type { SimulatorState } from '../state';
import type { Alarm, PictureForm } from '../state/types';
import { verificationCodeOf } from './live';
import { encryptPicture, paddedJpeg } from './picture-crypt';
import { pictureBytes } from './picture-bytes';

export { pictureBytes, PICTURE_SIZE } from './picture-bytes';

/** Where pictures are served (GET; no API path starts with it). */
export const PICTURE_PREFIX = '/sim-pictures/';
/** Capture pictures kept at most (the oldest are forgotten first). */
const PICTURE_LIMIT = 1000;

/** A picture's URL. An alarm's or a capture's (`encrypted` given) carries the vendor's flags, as the
 * cloud sends them: `?isEncrypted=1&isCloudStored=0` encrypted, `?isEncrypted=0&isCloudStored=0`
 * plain; a doorbell call's cover (`encrypted` left out) none. */
export const pictureUrl = (origin: string, id: string, encrypted?: boolean): string =>
  `${origin}${PICTURE_PREFIX}${id}.jpg${encrypted === undefined ? '' : `?isEncrypted=${encrypted ? 1 : 0}&isCloudStored=0`}`;

function forgetOldPictures(state: SimulatorState, now: number): void {
  for (const [id, p] of state.pictures) if (p.expireTime <= now) state.pictures.delete(id);
  while (state.pictures.size >= PICTURE_LIMIT) {
    const oldest = state.pictures.keys().next().value as string;
    state.pictures.delete(oldest);
  }
}

/**
 * /api/lapp/device/capture. Order: token, parameters (10001), serial (20014), device (20002),
 * account (20018), channel (20032), offline (20007), flags networkError (20006), timeout
 * (20008), dataException (49999), captureDenied (10051), a model that cannot capture (60020), the
 * lens covered (60026), a device that reports the capture failed (flag captureFails: 60017),
 * sooner than `captureMinIntervalMs` after the last capture of the camera (20008), the account's
 * daily count (10028), then the picture.
 */
export function deviceCapture(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { app, serial, channelNo, dev } = reachableCamera(state, route, f, ctx);
    if (dev.flags.captureDenied) stop('10051');
    // Two public clients against the real service: a model that cannot capture through the cloud
    // (Hikvision domes) answers 60020; 60017 is a capture the device tried and reported failed.
    if (!dev.capabilities.capture) stop('60020');
    if (dev.capabilities.privacy && dev.camera.privacy) stop('60026');
    if (dev.flags.captureFails) stop('60017');
    const { now } = ctx;
    const camera = `${serial}/${channelNo}`;
    const last = state.lastCaptures.get(camera);
    const minGap = state.settings.captureMinIntervalMs;
    if (minGap > 0 && last !== undefined && now - last < minGap) stop('20008');
    const day = chinaMidnight(now);
    let count = state.captureCounts.get(app.account);
    if (!count || count.day !== day) {
      count = { day, count: 0 };
      state.captureCounts.set(app.account, count);
    }
    if (count.count >= state.settings.captureDailyLimit) stop('10028');
    count.count += 1;
    state.lastCaptures.set(camera, now);
    forgetOldPictures(state, now);
    const id = `cap-${randomBytes(12).toString('hex')}`;
    // Encryption on: the picture is encrypted with the code valid when it was taken.
    const code = dev.capabilities.encryption ? verificationCodeOf(dev) : undefined;
    state.pictures.set(id, {
      deviceSerial: serial,
      channelNo,
      time: now,
      expireTime: now + state.settings.pictureLifetimeMs,
      code,
    });
    return ok({ picUrl: pictureUrl(ctx.publicOrigin, id, code !== undefined) });
  });
}

/** Whether `id` names a picture the simulator serves now: a capture not yet expired, an alarm's
 * picture, or a channel cover (`cover-<serial>-<channelNo>`). */
export function pictureExists(state: SimulatorState, id: string, now: number): boolean {
  const cap = state.pictures.get(id);
  if (cap) return cap.expireTime > now;
  const cover = /^cover-([A-Z0-9]{9})-(\d{1,4})$/.exec(id);
  if (cover) {
    const dev = Object.prototype.hasOwnProperty.call(state.devices, cover[1]) ? state.devices[cover[1]] : undefined;
    return !!dev && Object.prototype.hasOwnProperty.call(dev.channels, String(Number(cover[2])));
  }
  return id !== '' && state.alarms.some((a) => a.picture === id);
}

/** GET (or HEAD) /sim-pictures/<id>.jpg: the picture while `pictureExists`, else 404. Faults
 * with `path: PICTURE_PREFIX` hit it (latency, http500, nonjson, drop). */
const servePicture: ServedPath['serve'] = async (req, res, path, ctx) => {
  const served = servedRequest(req, path, ctx);
  const { method, finish } = served;
  if (method !== 'GET' && method !== 'HEAD') {
    sendJson(
      res,
      405,
      { code: '405', msg: `Method ${method} not allowed; pictures take GET.` },
      { Allow: 'GET, HEAD' },
    );
    finish(405);
    return;
  }
  if (await servedFaults(req, res, ctx, PICTURE_PREFIX, served)) return;
  const m = /^\/sim-pictures\/([A-Za-z0-9-]{1,100})\.jpg$/.exec(path);
  if (!m || !pictureExists(ctx.state, m[1], ctx.clock.now())) {
    sendJson(res, 404, { code: '404', msg: `Not found: ${path}` });
    finish(404);
    return;
  }
  const jpeg = servedPicture(ctx.state, m[1]);
  // The vendor's host answers binary/octet-stream for encrypted pictures (docs/api/media-api.md 1.4).
  res.writeHead(200, {
    'Content-Type': jpeg.indexOf('hikencodepicture') >= 0 ? 'binary/octet-stream' : 'image/jpeg',
    'Content-Length': jpeg.length,
    'Cache-Control': 'private, max-age=60',
  });
  res.end(method === 'HEAD' ? undefined : jpeg);
  finish(200);
};

/** Pictures made (grown, encrypted) kept for the next request: the same bytes for every alarm
 * with the same form, size and code (the benchmark's 1 MiB pictures are made once). */
const made = new Map<string, Buffer>();

function madePicture(form: PictureForm, bytes: number, code: string): Buffer {
  const key = `${form}|${bytes}|${code}`;
  let b = made.get(key);
  if (!b) {
    const jpeg = bytes > 0 ? paddedJpeg(pictureBytes(), bytes) : pictureBytes();
    if (form === 'plain') b = jpeg;
    else if (form === 'segments') b = encryptPicture([jpeg, jpeg], code);
    else if (form === 'cut') b = cutShort(encryptPicture(jpeg, code));
    else b = encryptPicture(jpeg, code, form === 'preamble' ? { preamble: Buffer.from('EZVIZ-PREAMBLE\r\n\0\0') } : {});
    if (made.size >= 16) made.delete(made.keys().next().value as string);
    made.set(key, b);
  }
  return b;
}

/** An encrypted picture cut after half its whole blocks, as an interrupted upload leaves it: it
 * still decrypts to a JPEG start, but its last block's padding does not agree. */
function cutShort(file: Buffer): Buffer {
  const header = 48;
  const blocks = Math.floor((file.length - header) / 16);
  return file.subarray(0, header + Math.max(1, Math.floor(blocks / 2)) * 16);
}

/** How an alarm's picture is served: its `pictureForm`, else encrypted when `isEncrypt` is 1. */
export function alarmPictureForm(a: Alarm): PictureForm {
  return a.pictureForm ?? (a.isEncrypt === 1 ? 'encrypted' : 'plain');
}

/** The bytes served for picture `id` (that exists): a capture encrypted with the code of its
 * time, an alarm's picture in its form with its device's code, a cover plain. */
export function servedPicture(state: SimulatorState, id: string): Buffer {
  const cap = state.pictures.get(id);
  if (cap) return cap.code === undefined ? pictureBytes() : madePicture('encrypted', 0, cap.code);
  const alarm = state.alarms.find((a) => a.picture === id);
  if (!alarm) return pictureBytes();
  const dev = Object.prototype.hasOwnProperty.call(state.devices, alarm.deviceSerial)
    ? state.devices[alarm.deviceSerial]
    : undefined;
  const form = alarmPictureForm(alarm);
  return madePicture(form, alarm.pictureBytes ?? 0, dev ? verificationCodeOf(dev) : 'ABCDEF');
}

export const picturesArea: Area = {
  handlers: { 'device-capture': deviceCapture },
  served: [
    {
      prefix: PICTURE_PREFIX,
      index: 'GET  /sim-pictures/<id>.jpg',
      faultKinds: ['latency', 'http500', 'nonjson', 'drop'],
      serve: servePicture,
    },
  ],
};
