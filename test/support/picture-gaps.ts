// How long the panel's picture stood still (docs/behaviour.md section 21: across a session's end
// the picture stops for at most 1 s), measured in the page on every animation frame: the front
// video element (`selector`) and its currentTime. Shared by the live view's cap tests
// (test/support/live-cap.ts) and the timeline's capped playback (test/dashboard/timeline.ts).
//
// The page sees a change only at its next animation frame, so a gap is measured to within the
// longest time between two frames: a few tens of ms on a quiet machine, more when the two cores
// are busy with another file's Chromium (CI failed once at 1004 ms). `withinTarget` allows that
// resolution and no more: a session started 1.5 s late is still caught on any machine whose
// frames come at least twice a second.

import type { PanelPage } from './dashboard-env';

export interface PictureGaps {
  /** The longest time (ms) without a new picture in front. */
  maxGap: number;
  /** The longest time (ms) between two animation frames: the measurement's resolution. */
  longestFrame: number;
  /** Media (ms) the front element advanced: the sum of its currentTime's steps. */
  playedMs: number;
  /** Video elements that were in front. */
  sessions: number;
  /** Frames on which the picture in front changed. */
  changes: number;
}

/** The picture stood still at most 1 s, within the measurement's resolution. */
export const GAP_TARGET_MS = 1000;

/** Watches the front video (`selector`) for `ms`. */
export function measureGaps(p: PanelPage, selector: string, ms: number): Promise<PictureGaps> {
  return p.page.evaluate(
    ({ span, selector }) =>
      new Promise<PictureGaps>((resolve) => {
        let last = performance.now();
        let frame = last;
        const t0 = last;
        let maxGap = 0;
        let longestFrame = 0;
        let played = 0;
        let changes = 0;
        let front: HTMLVideoElement | null = null;
        let time = -1;
        const seen = new Set<Element>();
        const tick = (): void => {
          const now = performance.now();
          longestFrame = Math.max(longestFrame, now - frame);
          frame = now;
          const v = document.querySelector(selector) as HTMLVideoElement | null;
          if (v && (v !== front || v.currentTime !== time)) {
            if (v === front && v.currentTime > time) played += v.currentTime - time;
            seen.add(v);
            maxGap = Math.max(maxGap, now - last);
            last = now;
            front = v;
            time = v.currentTime;
            changes += 1;
          }
          if (now - t0 < span) requestAnimationFrame(tick);
          else
            resolve({
              maxGap: Math.round(Math.max(maxGap, now - last)),
              longestFrame: Math.round(longestFrame),
              playedMs: Math.round(played * 1000),
              sessions: seen.size,
              changes,
            });
        };
        requestAnimationFrame(tick);
      }),
    { span: ms, selector },
  );
}

/** Whether the longest still picture is within the target, allowing the measurement's resolution. */
export function withinTarget(m: Pick<PictureGaps, 'maxGap' | 'longestFrame'>): boolean {
  return m.maxGap <= GAP_TARGET_MS + m.longestFrame;
}
