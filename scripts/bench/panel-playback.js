'use strict';
/* global document, window, requestAnimationFrame */
// The panel's playback for `npm run bench:panel` (docs/behaviour.md section 21), in its own Node-RED
// with the simulator's shop camera (C00000006: continuous SD recording): a tap on the timeline to
// the first frame of the recording (--taps N, default 5; mpegts.js loaded on the first), and with
// the simulator's stream cap at 10 s the longest time without a new frame over --span s (default
// 60) of playback, measured in the page (requestAnimationFrame: the front video and its time).

const path = require('path');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A tap in the middle of the longest SD-card recording (where it is drawn: short recordings' targets overlap). */
async function tapLongest(page) {
  const drawn = page.locator('.ezc-tl-draw-sd-card');
  await drawn.first().waitFor({ timeout: 30000 });
  let best = null;
  for (let i = 0; i < (await drawn.count()); i++) {
    const box = await drawn.nth(i).boundingBox();
    if (box && (!best || box.width > best.width)) best = box;
  }
  const bar = page.locator('.ezc-tl-bar');
  const at = await bar.boundingBox();
  await bar.click({ position: { x: best.x + best.width / 2 - at.x, y: at.height / 2 } });
}

/** ms from a tap to the first frame shown (the front video's time past zero). */
async function tapToFrame(page) {
  const waitFrame = page.evaluate(
    () =>
      new Promise((resolve) => {
        const tick = () => {
          const v = document.querySelector('video.ezc-flv[data-active="true"]');
          if (v && v.currentTime > 0) return resolve(Math.round(performance.now() - window.__ezTap));
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  await page.evaluate(() => {
    window.__ezTap = performance.now();
  });
  await tapLongest(page);
  return waitFrame;
}

function gaps(page, span) {
  return page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        let last = performance.now();
        const t0 = last;
        let maxGap = 0;
        let key = null;
        const seen = new Set();
        const tick = () => {
          const now = performance.now();
          const v = document.querySelector('video.ezc-flv[data-active="true"]');
          if (v && (`${v.currentTime}` !== key || !seen.has(v))) {
            seen.add(v);
            maxGap = Math.max(maxGap, now - last);
            last = now;
            key = `${v.currentTime}`;
          }
          if (now - t0 < ms) requestAnimationFrame(tick);
          else resolve({ maxGapMs: Math.round(Math.max(maxGap, now - last)), sessions: seen.size });
        };
        requestAnimationFrame(tick);
      }),
    span,
  );
}

async function setCap(env, cap) {
  await fetch(`${env.sim.url.replace(/\/$/, '')}/sim/stream`, {
    method: 'POST',
    body: JSON.stringify({ cap }),
    headers: { 'content-type': 'application/json' },
  });
}

/** Runs the playback measures; `root`: the repository. */
async function playback(root, { taps = 5, span = 60000 } = {}) {
  const { startDashboardEnv, panelFlow } = require(path.join(root, 'dist', 'test', 'support', 'dashboard-env.js'));
  const env = await startDashboardEnv((url) => panelFlow(url, { deviceSerial: 'C00000006', show_live: true }));
  try {
    const p = await env.open();
    const first = [];
    for (let i = 0; i < taps; i++) {
      first.push(await tapToFrame(p.page));
      await sleep(1000);
      await p.page.getByRole('button', { name: 'live', exact: true }).click();
      await p.page.locator('video.ezc-flv').waitFor({ state: 'detached' });
    }
    await setCap(env, 10);
    await tapLongest(p.page);
    await p.page.locator('video.ezc-flv[data-active="true"]').waitFor();
    const capped = await gaps(p.page, span);
    await p.close();
    return { tapToFirstFrameMs: first, capped: { capSeconds: 10, spanSeconds: span / 1000, ...capped } };
  } finally {
    await setCap(env, 0).catch(() => undefined);
    await env.stop();
  }
}

module.exports = { playback };
