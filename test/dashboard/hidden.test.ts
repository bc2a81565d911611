// A hidden page pauses the panel's streams (docs/behaviour.md sections 14 and 21), in the real
// Dashboard 2 with a Chromium whose window the test minimizes (test/support/hideable-page.ts):
// Chromium itself makes the page hidden and fires visibilitychange, as for a tab in the
// background. A playback closes its FLV session (the simulator's open sessions go to 0, no new
// address, no new GET while hidden) and, visible again, plays on from where it stopped with a
// fresh address; the live view stops its HLS segment GETs and plays again when visible.
// The same Node-RED serves the clip's download of clip-save.ts and the timeline of timeline.ts (each
// panel on a page of its own, the timeline's last: it registers the simulator's webhook and caps its
// streams): one Node-RED start for the three files they were.

import assert from 'assert';
import { CHROMIUM_WINDOWED, skipWithoutChromium } from '../support/browser-env';
import { DashboardEnv, panelFlow } from '../support/dashboard-env';
import { dashboardSuite } from '../support/dashboard-suite';
import { clipSaveNodes, describeClipSave } from './clip-save';
import { describeTimeline, timelineNodes } from './timeline';
import { HideablePage, openHideable } from '../support/hideable-page';
import { advancing, hostTime, liveAdvancing, playLongest } from '../support/playback';

const ADDRESS = /\/api\/lapp(\/v2)?\/live\/address\/get$/;

/** The simulator's FLV sessions open now (GET /sim/stream). */
async function openSessions(env: DashboardEnv): Promise<number> {
  const r = await fetch(`${env.sim.url.replace(/\/$/, '')}/sim/stream`);
  return ((await r.json()) as { open: number }).open;
}

/** Waits until the simulator has `n` FLV sessions open; fails after `ms`. */
async function sessionsBecome(env: DashboardEnv, n: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while ((await openSessions(env)) !== n) {
    if (Date.now() > until) throw new Error(`${await openSessions(env)} FLV sessions open after ${ms} ms, want ${n}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('dashboard: the shop camera played back and live, hidden and saved (Chromium)', function () {
  const envOf = dashboardSuite((url) => [
    ...panelFlow(url, { deviceSerial: 'C00000006', show_live: true, wires: [[]] }),
    ...clipSaveNodes(),
    ...timelineNodes(url),
  ]);

  describe('dashboard: a hidden page pauses playback and live (Chromium, a minimized window)', function () {
    this.timeout(180000);
    let env: DashboardEnv;
    let p: HideablePage;

    before(async function () {
      skipWithoutChromium(this, CHROMIUM_WINDOWED);
      env = envOf();
      p = await openHideable(env);
    });
    after(async () => {
      if (p) await p.close();
    });

    it('a playback closes its FLV session while hidden and plays on from there with a fresh address when visible', async () => {
      const before = await playLongest(p, () => env.sim.clearLog());
      assert.strictEqual(await openSessions(env), 1, 'one FLV session while it plays');
      const first = env.sim.requestLog().filter((e) => ADDRESS.test(e.path) && e.fields.protocol === '4');
      assert.strictEqual(first.length, 1, `one playback address: ${first.length}`);

      await p.setHidden(true);
      await sessionsBecome(env, 0, 5000);
      const atHide = env.sim.requestLog().length;
      await new Promise((r) => setTimeout(r, 4000));
      assert.strictEqual(await openSessions(env), 0, 'no FLV session opens while hidden');
      const whileHidden = env.sim
        .requestLog()
        .slice(atHide)
        .map((e) => e.path);
      assert.deepStrictEqual(
        whileHidden.filter((x) => ADDRESS.test(x) || /\.flv$/.test(x)),
        [],
        'no address and no stream GET while hidden',
      );
      assert.strictEqual(await p.page.locator('video.ezc-flv').count(), 0, 'the players are gone');
      await p.page.getByRole('note').filter({ hasText: 'playback paused' }).waitFor();

      await p.setHidden(false);
      await advancing(p);
      assert.strictEqual(await openSessions(env), 1, 'one FLV session again');
      const asks = env.sim.requestLog().filter((e) => ADDRESS.test(e.path) && e.fields.protocol === '4');
      assert.strictEqual(asks.length, 2, `a fresh address on resuming: ${asks.length}`);
      const step = hostTime(asks[1].fields.startTime) - hostTime(asks[0].fields.startTime);
      // It resumes where the picture stopped (at least what was shown before hiding), not from the tap's moment.
      assert.ok(
        step >= Math.floor(before.time) * 1000 && step <= 60000,
        `resumed ${step} ms after the first start (${before.time} s shown before)`,
      );
      assert.strictEqual(asks[1].fields.type, '2', "still the SD card's recording");
      assert.deepStrictEqual(await p.changes(), ['hidden', 'visible'], 'Chromium fired visibilitychange itself');
      assert.deepStrictEqual(p.pageErrors, []);
    });

    it('the live view stops its segment GETs while hidden and plays again when visible', async () => {
      await p.page.getByRole('button', { name: 'live', exact: true }).click();
      await p.page.locator('video.ezc-flv').waitFor({ state: 'detached' });
      await sessionsBecome(env, 0, 5000);
      let segments = 0;
      p.page.on('request', (r) => {
        if (/\.ts(\?|$)/.test(r.url())) segments += 1;
      });
      const live = await liveAdvancing(p);
      assert.ok(segments > 0 || live.frames > 0, 'segments while it plays');

      await p.setHidden(true);
      await new Promise((r) => setTimeout(r, 500));
      const atHide = segments;
      await new Promise((r) => setTimeout(r, 5000));
      assert.strictEqual(segments, atHide, `${segments - atHide} segment requests while hidden`);
      await p.page.getByRole('note').filter({ hasText: 'paused' }).waitFor();

      await p.setHidden(false);
      await liveAdvancing(p);
      assert.ok(segments > atHide, 'segments again once visible');
      assert.deepStrictEqual(p.pageErrors, []);
    });
  });

  describeClipSave(envOf);
  describeTimeline(envOf);
});
