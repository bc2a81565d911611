// A clip the camera panel saves (docs/behaviour.md sections 21 and 26): the window a browser asks
// for around the moment it plays back, saved by ezviz-clip's own run (recordings/clip-run.ts: the
// recordings list, the playback stream read in the runtime, the MP4 written) through the panel's
// config node, with the config node's verification code for an encrypted camera (the one lookup,
// pictures/codes.ts). What leaves is the file and what it is; never a playback address, a token or
// a code. The panel's close (its signal) stops the stream.

import type { Owner } from '../../client/requests/call-types';
import type { ConfigNodeLike } from '../../runtime/call-path/lifecycle';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import { CLIP_NODE } from '../../client/operations/clips';
import { validateInput } from '../../client/params/validate';
import { lookUpCodes } from '../../client/pictures/codes';
import { ClipJobs } from '../recordings/clip-jobs';
import { saveClip, type ClipOutcome } from '../recordings/clip-run';
import type { PanelClip, PanelClipAsk } from './panel-types';

/** Saves the window as MP4 through `cfg`; never rejects. */
export async function panelClip(
  t: Translate,
  cfg: ConfigNodeLike,
  ask: PanelClipAsk,
  owner: Owner,
  signal?: AbortSignal,
): Promise<PanelClip> {
  const found = lookUpCodes({ book: cfg.service.codes, deviceSerial: ask.deviceSerial });
  const raw = { ...ask, format: 'mp4', ...(found.origin === 'none' ? {} : { verificationCode: found.codes[0] }) };
  const input = validateInput(t, CLIP_NODE, raw);
  if (input instanceof EzvizError) return { ok: false, error: input.toJSON() };
  const jobs = new ClipJobs();
  const stop = (): void => jobs.close();
  signal?.addEventListener('abort', stop);
  try {
    if (signal?.aborted) return { ok: 'closed' };
    const r = await saveClip(cfg.service, t, input.values, owner, jobs);
    if (r.kind === 'closed' || owner.closed || signal?.aborted) return { ok: 'closed' };
    if (r.kind === 'error') return { ok: false, error: r.error.toJSON() };
    const out = r.payload as ClipOutcome;
    return out.ok
      ? { ok: true, file: out.data, filename: out.filename, seconds: out.clip.seconds }
      : { ok: false, error: out.error.toJSON() };
  } finally {
    signal?.removeEventListener('abort', stop);
    jobs.close();
  }
}
