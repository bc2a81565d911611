// What a capture's success becomes (docs/behaviour.md sections 11 and 17): the picture URL, or
// with `download` the picture itself, fetched by the config node's picture desk (one deadline, at
// most 5 MiB, 2 at a time) and decrypted with the camera's verification code when encrypted.

import type { Failed, ResultContext, Shaped } from '../../runtime/call-path/pipeline';
import { EzvizError } from '../../client/errors/errors';
import { lookUpCodes } from '../../client/pictures/codes';
import { BadReply, capturePicUrl } from '../../client/replies/replies';

/** The `download` property: true (a checkbox), or the text "true" of a hand-edited flow. */
export function wantsDownload(v: unknown): boolean {
  return v === true || v === 'true';
}

/** What the URL's `isEncrypted` flag says (a hint only: the bytes decide), if it says. */
export function urlSaysEncrypted(url: string): boolean | undefined {
  try {
    const flag = new URL(url).searchParams.get('isEncrypted');
    return flag === '1' ? true : flag === '0' ? false : undefined;
  } catch {
    return undefined;
  }
}

/** The message's own code (msg.payload.verificationCode), if any. */
function messageCode(payload: unknown): unknown {
  if (payload === null || typeof payload !== 'object') return undefined;
  try {
    return (payload as Record<string, unknown>).verificationCode;
  } catch {
    return undefined;
  }
}

export async function captureResult({
  reply,
  input,
  def,
  service,
  t,
  node,
  payload,
}: ResultContext): Promise<Shaped | EzvizError | Failed> {
  const picUrl = capturePicUrl(reply);
  // A wrong shape is BAD_REPLY (source http), as for every reply (call-path.ts).
  if (picUrl === undefined) throw new BadReply('data.picUrl is not an http(s) URL');
  const hint = urlSaysEncrypted(picUrl);
  if (!wantsDownload(def.download)) {
    return {
      payload: picUrl,
      ezviz: { picUrl, picture: { url: picUrl, ...(hint === undefined ? {} : { encrypted: hint }) } },
    };
  }
  const deviceSerial = String(input.values.deviceSerial);
  const creds = (node as { credentials?: Record<string, unknown> } | undefined)?.credentials;
  const { codes } = lookUpCodes({
    message: messageCode(payload),
    node: creds?.verificationCode,
    book: service.codes,
    deviceSerial,
  });
  const picture = await service.pictures.get({ url: picUrl, deviceSerial, codes, operation: 'capture' });
  if (picture instanceof EzvizError) {
    // The capture itself succeeded: the URL is still of use (for about 2 hours).
    if (picture.source !== 'local') picture.message = t('errors.pictureFailed', { detail: picture.message });
    return { error: picture, ezviz: { picUrl } };
  }
  const { data, encrypted, bytes, type, count, suspect } = picture;
  const shown = { url: picUrl, encrypted, bytes, type, count, ...(suspect ? { suspect } : {}) };
  return { payload: data, ezviz: { picUrl, bytes, picture: shown } };
}
