// The panel's playback as the browser tests drive it (test/dashboard/timeline.ts,
// hidden.test.ts, clip-save.ts): a tap on a recording of the timeline, the played picture
// advancing, and the times the address calls send.

import type { Page } from 'playwright-core';
import { waitUntil } from './browser-env';

/** Waits for the panel's day of recordings ("recordings: tap one"). */
export async function recordingsShown(p: { page: Page }): Promise<void> {
  await p.page
    .getByRole('status')
    .filter({ hasText: /recordings: tap one/ })
    .waitFor({ timeout: 30000 });
}

/** Once the day's recordings show, `beforeTap` (e.g. clearing the simulator's log), then the longest
 * one tapped and played until it advances (tapLongest, advancing). */
export async function playLongest(
  p: { page: Page },
  beforeTap: () => void = () => undefined,
): Promise<{ time: number; frames: number }> {
  await recordingsShown(p);
  beforeTap();
  await tapLongest(p);
  return advancing(p);
}

/** Taps the longest SD-card recording of the bar in its middle (where its drawn bar is: the tap
 * targets of short recordings are wider than they are and overlap, a tap plays the moment under it). */
export async function tapLongest(p: { page: Page }): Promise<void> {
  const drawn = p.page.locator('.ezc-tl-draw-sd-card');
  await drawn.first().waitFor({ timeout: 30000 });
  let best: { x: number; width: number } | null = null;
  for (let i = 0; i < (await drawn.count()); i++) {
    const box = await drawn.nth(i).boundingBox();
    if (box && (!best || box.width > best.width)) best = box;
  }
  const bar = p.page.locator('.ezc-tl-bar');
  const at = (await bar.boundingBox())!;
  await bar.click({ position: { x: best!.x + best!.width / 2 - at.x, y: at.height / 2 } });
}

/** The playback's frames advance: the shown video's time and decoded frames grow. Resolves with
 * them once it played over 2 s (and 30 frames) in the element in front. */
export async function advancing(p: { page: Page }): Promise<{ time: number; frames: number }> {
  await waitUntil(
    p.page,
    () => {
      const v = document.querySelector('video.ezc-flv[data-active="true"]') as HTMLVideoElement | null;
      return !!v && v.currentTime > 2 && v.getVideoPlaybackQuality().totalVideoFrames > 30;
    },
    null,
    { timeout: 30000 },
  );
  return p.page.evaluate(() => {
    const v = document.querySelector('video.ezc-flv[data-active="true"]') as HTMLVideoElement;
    return { time: v.currentTime, frames: v.getVideoPlaybackQuality().totalVideoFrames };
  });
}

/** The live view plays: its video's time passes and it decoded frames. Resolves with its time and frames. */
export async function liveAdvancing(
  p: { page: Page },
  after = { time: 0, frames: 0 },
): Promise<{ time: number; frames: number }> {
  await waitUntil(
    p.page,
    (a) => {
      const v = document.querySelector('.ezc-live video') as HTMLVideoElement | null;
      return (
        !!v &&
        v.readyState >= 2 &&
        !v.paused &&
        v.currentTime > a.time + 1 &&
        v.getVideoPlaybackQuality().totalVideoFrames > a.frames + 10
      );
    },
    after,
    { timeout: 30000 },
  );
  return p.page.evaluate(() => {
    const v = document.querySelector('.ezc-live video') as HTMLVideoElement;
    return { time: v.currentTime, frames: v.getVideoPlaybackQuality().totalVideoFrames };
  });
}

/** The API's wall-clock text `yyyy-MM-dd HH:mm:ss` (host time, as the address call sends it) as ms. */
export function hostTime(text: string): number {
  const [y, mo, d, h, mi, s] = (/^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(text) ?? []).slice(1).map(Number);
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}
