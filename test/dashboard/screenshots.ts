// The README's screenshots of the camera panel (docs/camera-panel-{light,dark}-{desktop,phone}.png):
// the real Dashboard 2 in Chromium against the simulator, in its light and a dark theme, the live
// view playing, a snapshot taken; and the camera wall (docs/camera-wall-*.png, `-- --wall` for these
// alone). Not a test (the default run does not take pictures):
// `npm run screenshots` (after a build) writes them to docs/, or to test-artifacts/ with `--artifacts`.

import * as fs from 'fs';
import * as path from 'path';
import { ARTIFACTS, ROOT, waitUntil } from '../support/browser-env';
import { darkTheme, panelFlow, startDashboardEnv } from '../support/dashboard-env';
import { videoPlays } from '../support/dashboard-page';
import { allPictures, HOOK_PATH, HOOK_SECRET, wallFlow } from '../support/wall-flow';

async function shoot(dir: string, theme: 'light' | 'dark'): Promise<void> {
  const flow = (url: string) => panelFlow(url, { show_live: true, wires: [[]] });
  const env = await startDashboardEnv(theme === 'dark' ? (url) => darkTheme(flow(url)) : flow);
  try {
    for (const phone of [false, true]) {
      const p = await env.open({ phone });
      try {
        await videoPlays(p);
        await p.page.getByRole('button', { name: 'snapshot', exact: true }).click();
        await p.page.getByRole('img', { name: 'snapshot of C00000001/1' }).waitFor();
        await waitUntil(
          p.page,
          () => (document.querySelector('.ezc-picture') as HTMLImageElement | null)?.naturalWidth,
        );
        await waitUntil(p.page, () => document.querySelectorAll('.ezc-switch[data-state="unknown"]').length === 0);
        const file = path.join(dir, `camera-panel-${theme}-${phone ? 'phone' : 'desktop'}.png`);
        await p.page.screenshot({ path: file, fullPage: true });
        const size = fs.statSync(file).size;
        if (size <= 5000) throw new Error(`${file}: only ${size} bytes`);
        console.log(`screenshots: ${path.relative(ROOT, file)} (${size} bytes)`);
      } finally {
        await p.close();
      }
    }
  } finally {
    await env.stop();
  }
}

/** The camera wall (docs/camera-wall-{light,dark}-{desktop,phone}.png): 16 cameras, one alarming at the
 * front and playing live. */
async function shootWall(dir: string, theme: 'light' | 'dark'): Promise<void> {
  const flow = (url: string) => wallFlow(url);
  const env = await startDashboardEnv(theme === 'dark' ? (url) => darkTheme(flow(url)) : flow);
  const sim = env.sim.url.replace(/\/$/, '');
  const post = (at: string, body: unknown, method = 'POST') =>
    fetch(`${sim}${at}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  try {
    await post('/sim/webhook', { url: `${env.url}${HOOK_PATH.slice(1)}`, secret: HOOK_SECRET }, 'PUT');
    for (const phone of [false, true]) {
      const p = await env.open({ phone, region: 'camera wall' });
      try {
        await allPictures(p, 16);
        await post('/sim/alarm', { deviceSerial: 'C00000006', alarmType: 10002 });
        await waitUntil(p.page, () => {
          const v = document.querySelector('.ezw-tile video') as HTMLVideoElement | null;
          return !!v && v.readyState >= 2 && v.currentTime > 0.5;
        });
        const file = path.join(dir, `camera-wall-${theme}-${phone ? 'phone' : 'desktop'}.png`);
        await p.page.screenshot({ path: file, fullPage: !phone });
        console.log(`screenshots: ${path.relative(ROOT, file)} (${fs.statSync(file).size} bytes)`);
      } finally {
        await p.close();
      }
    }
  } finally {
    await env.stop();
  }
}

async function main(): Promise<void> {
  const dir = process.argv.includes('--artifacts') ? ARTIFACTS : path.join(ROOT, 'docs');
  fs.mkdirSync(dir, { recursive: true });
  const only = process.argv.includes('--wall');
  for (const theme of ['light', 'dark'] as const) {
    if (!only) await shoot(dir, theme);
    await shootWall(dir, theme);
  }
}

main().catch((e) => {
  console.error(`screenshots: ${(e as Error)?.stack ?? e}`);
  process.exit(1);
});
