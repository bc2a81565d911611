// What a capture's success becomes (docs/behaviour.md section 11): the picture URL, or with `download`
// the picture itself, fetched by the config node's service (one deadline, at most 5 MiB).

import type { Failed, ResultContext, Shaped } from '../call-path/pipeline';
import { EzvizError } from '../errors/errors';
import { BadReply, capturePicUrl } from '../replies/replies';

/** The `download` property: true (a checkbox), or the text "true" of a hand-edited flow. */
export function wantsDownload(v: unknown): boolean {
  return v === true || v === 'true';
}

export async function captureResult({ reply, def, service, t }: ResultContext): Promise<Shaped | EzvizError | Failed> {
  const picUrl = capturePicUrl(reply);
  // A wrong shape is BAD_REPLY (source http), as for every reply (call-path.ts).
  if (picUrl === undefined) throw new BadReply('data.picUrl is not an http(s) URL');
  if (!wantsDownload(def.download)) return { payload: picUrl, ezviz: { picUrl } };
  const picture = await service.picture(picUrl);
  if (picture instanceof EzvizError) {
    picture.message = t('errors.pictureFailed', { detail: picture.message });
    // The capture itself succeeded: the URL is still of use (for about 2 hours).
    return { error: picture, ezviz: { picUrl } };
  }
  return { payload: picture, ezviz: { picUrl, bytes: picture.length } };
}
