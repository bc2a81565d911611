// The picture of a capture (docs/behaviour.md section 11, `download`): one GET of the URL the API gave,
// through the config node's client and so bounded like every reply (section 8): the config
// node's timeout is one deadline from the wire to the last byte, redirects are not followed, at
// most MAX_PICTURE_BYTES are read. Nothing of the account goes with it: no token, no secret, no
// cookie (the picture host is not the API host). Never rejects.

import type { GetOutcome } from './wire';

/** At most this many bytes of a picture are read (docs/behaviour.md section 11). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

export type PictureOutcome =
  | { ok: true; data: Buffer; contentType: string }
  | { ok: false; source: 'network'; code: string }
  | { ok: false; source: 'http'; code: string; status?: number; reason: 'status' | 'size' | 'notImage' };

/** Whether `s` is an absolute http(s) URL (what a capture's `picUrl` must be). */
export function isPictureUrl(s: unknown): s is string {
  if (typeof s !== 'string' || s.length > 4096) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && s.trim() === s;
  } catch {
    return false;
  }
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47];

/** The marker of an encrypted picture (docs/api/media-api.md section 1): decrypted by
 * client/pictures, so it passes here whatever the content type says. */
const ENCRYPTED_MARKER = Buffer.from('hikencodepicture', 'latin1');

function looksLikePicture(data: Buffer, contentType: string): boolean {
  if (/^image\//i.test(contentType)) return true;
  const starts = (sig: number[]) => sig.every((b, i) => data[i] === b);
  return starts(JPEG) || starts(PNG) || data.indexOf(ENCRYPTED_MARKER) >= 0;
}

/** GETs `url` through a config node's client (`get`: one deadline, no redirects, its proxy
 * tunnels), at most `maxBytes`, and checks that a picture came back. */
export async function fetchPicture(
  get: (url: string, maxBytes: number) => Promise<GetOutcome>,
  url: string,
  maxBytes = MAX_PICTURE_BYTES,
): Promise<PictureOutcome> {
  const r = await get(url, maxBytes);
  if (!r.ok) {
    if (r.source === 'network') return { ok: false, source: 'network', code: r.code };
    return {
      ok: false,
      source: 'http',
      code: r.code,
      status: r.status,
      reason: r.code === 'REPLY_TOO_LARGE' ? 'size' : 'status',
    };
  }
  if (!looksLikePicture(r.body, r.contentType))
    return { ok: false, source: 'http', code: 'BAD_REPLY', status: r.status, reason: 'notImage' };
  return { ok: true, data: r.body, contentType: r.contentType };
}
