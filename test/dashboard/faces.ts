// A recognized face's name on the panel (docs/behaviour.md sections 21 and 27), in the real Dashboard 2
// with Chromium against the simulator: a face alarm pushed to an alarm node of the panel's config
// node (the webhook) shows in the event strip and on the timeline's mark with the face's name: from
// the camera's own face list (the simulator's shop camera knows Alice and Bob Chen), else from the
// config node's Faces list; an unknown face as any alarm (its kind and its own name). A page opened later (the day's list
// carries no face) still names them; in Chinese the label is the Chinese one. The panel on a page of
// its own (/dashboard/faces) with a config node of its own; its describe runs in
// test/dashboard/panel-pages.test.ts, whose Node-RED it shares.

import assert from 'assert';
import { waitUntil } from '../support/browser-env';
import {
  dashboardAccount,
  DashboardEnv,
  dashboardPage,
  FlowNode,
  PanelPage,
  panelNode,
} from '../support/dashboard-env';

const SECRET = 'panel-faces-secret';
const HOOK = {
  id: 'hook',
  type: 'ezviz-alarm',
  z: 'tab',
  config: 'cfg-faces',
  source: 'webhook',
  path: '/ezviz-faces-hook',
  interval: 60,
  deviceSerial: '',
  alarmType: '',
  credentials: { secret: SECRET },
  x: 200,
  y: 200,
  wires: [[], []],
};

/** The aria-labels of the strip's items, newest first. */
const stripLabels = (p: PanelPage): Promise<string[]> =>
  p.page.evaluate(() =>
    Array.from(document.querySelectorAll('.ezc-strip-item')).map((b) => b.getAttribute('aria-label') ?? ''),
  );

/** The page `faces` with the panel `cam-faces` on the shop camera (the timeline shown) of the config
 * node `cfg-faces` (its Faces list), and the webhook's alarm node of that config node. */
export function facesNodes(simUrl: string): FlowNode[] {
  return [
    ...dashboardPage('faces', 4),
    { ...dashboardAccount(simUrl), id: 'cfg-faces', faceNames: '77aa Carol\n1a2b3c Not Alice' },
    panelNode('cam-faces', {
      group: 'dash-group-faces',
      config: 'cfg-faces',
      deviceSerial: 'C00000006',
      show_timeline: true,
    }),
    HOOK,
  ];
}

/** The describe of the faces tests, on the environment `envOf` gives (its flow holds facesNodes). */
export function describeFaces(envOf: () => DashboardEnv): void {
  describe("dashboard: a recognized face's name on the panel (Chromium)", function () {
    this.timeout(120000);
    let env: DashboardEnv;
    const pages: PanelPage[] = [];

    async function sim(path: string, method: string, body: unknown): Promise<void> {
      const r = await fetch(`${env.sim.url.replace(/\/$/, '')}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.strictEqual(r.status, 200, await r.text());
    }
    /** A face alarm `seconds` after the first test began (the alarm node sends nothing older than its deploy). */
    let base = 0;
    const face = (faceId: string, seconds: number) =>
      sim('/sim/alarm', 'POST', {
        deviceSerial: 'C00000006',
        type: 'SmartFaceDet',
        faceId,
        alarmTime: base + seconds * 1000,
      });

    before(() => {
      env = envOf();
    });
    after(async () => {
      for (const p of pages.splice(0)) await p.close();
    });

    it("a pushed face alarm shows with its name: the camera's list first, else the config node's; an unknown face as any alarm", async () => {
      const p = await env.open({ path: 'faces', reuse: true });
      pages.push(p);
      await p.page
        .getByRole('status')
        .filter({ hasText: /recordings: tap one/ })
        .waitFor({ timeout: 30000 });
      await sim('/sim/webhook', 'PUT', { url: `${env.url}ezviz-faces-hook`, secret: SECRET });
      base = Date.now();
      await face('0000', 0);
      await face('77aa', 2);
      await face('1a2b3c', 4);
      await waitUntil(p.page, (n) => document.querySelectorAll('.ezc-strip-item[data-kind="face"]').length === n, 3, {
        timeout: 15000,
      });
      const labels = await stripLabels(p);
      assert.match(labels[0], /^alarm .*: Face: Alice$/, `the camera's own list before the config node's (${labels})`);
      assert.match(labels[1], /^alarm .*: Face: Carol$/, "the config node's list");
      assert.match(labels[2], /^alarm .*: Face \(Alarm\)$/, "an unknown face: the kind and the alarm's own name");
      const under = await p.page.locator('.ezc-strip-item .ezc-strip-time').allInnerTexts();
      assert.match(under[0], /^Alice /, `the name under the picture: ${under.join(' | ')}`);
      assert.match(under[2], /^Face /);
      // Seconds apart, the three are one mark: the newest's, named.
      assert.strictEqual(await p.page.locator('.ezc-tl-mark[aria-label$=": Face: Alice and 2 more"]').count(), 1);
      assert.strictEqual(await p.page.locator('.ezc-strip-item .mdi-face-recognition').count(), 3, "the kind's icon");
      assert.deepStrictEqual(p.pageErrors, []);
    });

    it('a page opened later still names them; in Chinese with the Chinese label', async () => {
      await face('5d6e', 6);
      const p = await env.open({ path: 'faces', locale: 'zh-CN', reuse: true });
      pages.push(p);
      await waitUntil(p.page, (n) => document.querySelectorAll('.ezc-strip-item[data-kind="face"]').length === n, 4, {
        timeout: 30000,
      });
      const labels = await stripLabels(p);
      assert.match(labels[0], /人脸：Bob Chen$/, labels[0]);
      assert.match(labels[1], /人脸：Alice$/, labels[1]);
      assert.match(labels[2], /人脸：Carol$/, labels[2]);
      assert.match(labels[3], /人脸（Alarm）$/, labels[3]);
      assert.deepStrictEqual(p.pageErrors, []);
    });
  });
}
