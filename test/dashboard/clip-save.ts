// The panel's download control (docs/behaviour.md sections 21 and 26) in the real Dashboard 2 with
// Chromium: a tap on the timeline plays the shop camera's SD recording back; `save as MP4` saves
// the moment being played (5 s before it to 25 s after) through the runtime (ezviz-clip's run
// reads the playback stream in Node-RED) and the browser receives the file as a download: ffprobe
// reads it (H.264 320x180, the 30 s window and at most a keyframe interval more), its name is the
// clip's, its window holds the moment played, and the socket frame that carried it names no
// address of the camera's stream. The panel on a page of its own (/dashboard/clip); its describe
// runs in test/dashboard/hidden.test.ts, whose Node-RED it shares.

import assert from 'assert';
import * as fs from 'fs';
import { skipWithoutChromium } from '../support/browser-env';
import { DashboardEnv, dashboardPage, FlowNode, PanelPage, panelNode } from '../support/dashboard-env';
import { probeBytes, withFfmpeg } from '../support/media-probe';
import { hostTime, playLongest } from '../support/playback';

const ADDRESS = /\/api\/lapp(\/v2)?\/live\/address\/get$/;

/** The page `clip` with the panel `cam-clip` on the shop camera, the live view on. */
export function clipSaveNodes(): FlowNode[] {
  return [
    ...dashboardPage('clip', 2),
    panelNode('cam-clip', { group: 'dash-group-clip', deviceSerial: 'C00000006', show_live: true }),
  ];
}

/** The describe of the clip's download, on the environment `envOf` gives (its flow holds clipSaveNodes). */
export function describeClipSave(envOf: () => DashboardEnv): void {
  describe("dashboard: the timeline's download control saves the moment played as MP4 (Chromium)", function () {
    this.timeout(180000);
    let env: DashboardEnv;
    let p: PanelPage;

    before(function () {
      skipWithoutChromium(this);
      env = envOf();
    });
    after(async () => {
      if (p) await p.close();
    });

    withFfmpeg('plays back, saves the moment: a download ffprobe reads, through the runtime', async () => {
      const frames: string[] = [];
      p = await env.open({
        path: 'clip',
        beforeLoad: (page) =>
          page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload)))),
      });
      await playLongest(p, () => env.sim.clearLog());
      const tapped = env.sim.requestLog().find((e) => ADDRESS.test(e.path) && e.fields.protocol === '4');
      assert.ok(tapped, 'the playback asked for its address');
      const t0 = hostTime(String(tapped.fields.startTime));

      const download = p.page.waitForEvent('download', { timeout: 60000 });
      const played = await p.page.evaluate(() => {
        const v = document.querySelector('video.ezc-flv[data-active="true"]') as HTMLVideoElement;
        return v.currentTime;
      });
      await p.page.getByRole('button', { name: 'save as MP4' }).click();
      const file = await download;
      const name = file.suggestedFilename();
      assert.match(name, /^C00000006-1-\d{8}-\d{6}\.mp4$/);
      const bytes = fs.readFileSync((await file.path())!);
      await p.page
        .getByRole('note')
        .filter({ hasText: `saved ${name}` })
        .waitFor({ timeout: 10000 });

      const probe = await probeBytes(bytes);
      assert.equal(probe.errors, '');
      const video = probe.streams.find((s) => s.codec_type === 'video')!;
      assert.deepEqual([video.codec_name, video.width, video.height], ['h264', 320, 180]);
      assert.ok(probe.duration >= 30 && probe.duration <= 32.2, `duration ${probe.duration} s for a 30 s window`);

      // The window holds the moment played: it starts 5 s before it (the played second, within a few).
      const m = /-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)\.mp4$/.exec(name)!;
      const start = hostTime(`${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`);
      assert.ok(
        start >= t0 - 5000 && start <= t0 + played * 1000 + 5000,
        `the clip starts ${(start - t0) / 1000} s from the tap, ${played} s played`,
      );
      const reply = frames.filter((f) => f.includes('"clip"'));
      assert.ok(reply.length >= 1, 'the clip came over the socket');
      for (const f of reply)
        assert.ok(!/openlive|https?:\/\//.test(f), `no stream address in the clip's frame: ${f.slice(0, 200)}`);
      assert.deepStrictEqual(p.pageErrors, []);
    });
  });
}
