// What each alarm was, on the panel (docs/behaviour.md section 21, docs/alarm-kinds.md), in the real
// Dashboard 2 with Chromium against the simulator: the event strip and the timeline's marks show each
// alarm's kind by an icon and its name (en-US and zh-CN), and the kind filter's chips keep the strip
// and the marks to the kinds chosen (none chosen: all). The panel on a page of its own
// (/dashboard/kinds); its describe runs in test/dashboard/panel-pages.test.ts, whose Node-RED it shares.

import assert from 'assert';
import { waitUntil } from '../support/browser-env';
import { DashboardEnv, dashboardPage, FlowNode, PanelPage, panelNode } from '../support/dashboard-env';

async function raise(env: DashboardEnv, type: string, minutesAgo: number): Promise<void> {
  const r = await fetch(`${env.sim.url.replace(/\/$/, '')}/sim/alarm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deviceSerial: 'C00000001', type, minutesAgo }),
  });
  assert.strictEqual(r.status, 200, await r.text());
}

const kindsOf = (p: PanelPage, selector: string): Promise<string[]> =>
  p.page.evaluate(
    (sel) => Array.from(document.querySelectorAll(sel)).map((e) => e.getAttribute('data-kind') ?? ''),
    selector,
  );

/** The page `kinds` with the panel `cam-kinds` on C00000001, the timeline shown. */
export function kindsNodes(): FlowNode[] {
  return [...dashboardPage('kinds', 3), panelNode('cam-kinds', { group: 'dash-group-kinds', show_timeline: true })];
}

/** The describe of the kinds tests, on the environment `envOf` gives (its flow holds kindsNodes). */
export function describeKinds(envOf: () => DashboardEnv): void {
  describe("dashboard: the alarms' kinds on the panel (Chromium)", function () {
    this.timeout(120000);
    let env: DashboardEnv;
    const pages: PanelPage[] = [];

    before(async () => {
      env = envOf();
      // Minutes apart, so that each is a mark of its own (marks about 6 minutes apart merge).
      await raise(env, 'SmartHumanDet', 30);
      await raise(env, 'doorbell', 20);
      await raise(env, 'SmartHumanDet', 10);
    });
    after(async () => {
      for (const p of pages.splice(0)) await p.close();
    });

    it('the strip and the marks show each alarm by its kind: an icon and its name', async () => {
      const p = await env.open({ path: 'kinds', reuse: true });
      pages.push(p);
      await p.page.locator('.ezc-strip-item').nth(2).waitFor({ timeout: 30000 });
      assert.deepStrictEqual(await kindsOf(p, '.ezc-strip-item'), ['human', 'doorbell', 'human']);
      assert.deepStrictEqual((await kindsOf(p, '.ezc-tl-mark')).sort(), ['doorbell', 'human', 'human']);
      assert.strictEqual(await p.page.getByRole('button', { name: /^alarm .*: Person/ }).count(), 4, 'marks and items');
      assert.strictEqual(await p.page.getByRole('button', { name: /^alarm .*: Doorbell/ }).count(), 2);
      assert.strictEqual(await p.page.locator('.ezc-tl-icon.mdi-human').count(), 2, "the marks' icons");
      assert.strictEqual(await p.page.locator('.ezc-strip-item .mdi-doorbell').count(), 1, "the strip's icons");
      assert.ok((await p.page.locator('.ezc-strip-item').first().innerText()).includes('Person'), 'the name in words');
    });

    it('a kind chosen keeps the strip and the marks to it; none chosen shows all again', async () => {
      const p = pages[0];
      const filter = p.page.getByRole('group', { name: 'alarm kinds' });
      assert.deepStrictEqual(await kindsOf(p, '.ezc-kinds .v-chip'), ['human', 'doorbell']);
      await filter.locator('.v-chip[data-kind="doorbell"]').click();
      await waitUntil(p.page, (n) => document.querySelectorAll('.ezc-strip-item').length === n, 1);
      assert.deepStrictEqual(await kindsOf(p, '.ezc-strip-item'), ['doorbell']);
      assert.deepStrictEqual(await kindsOf(p, '.ezc-tl-mark'), ['doorbell']);
      await filter.locator('.v-chip[data-kind="doorbell"]').click();
      await waitUntil(p.page, (n) => document.querySelectorAll('.ezc-strip-item').length === n, 3);
      assert.strictEqual(await p.page.locator('.ezc-tl-mark').count(), 3);
      assert.deepStrictEqual(p.pageErrors, []);
    });

    it('in Chinese: the kinds by their Chinese names', async () => {
      const p = await env.open({ path: 'kinds', locale: 'zh-CN', reuse: true });
      pages.push(p);
      await p.page.locator('.ezc-strip-item').nth(2).waitFor({ timeout: 30000 });
      assert.strictEqual(await p.page.getByRole('button', { name: /人形/ }).count(), 4);
      assert.strictEqual(await p.page.getByRole('button', { name: /门铃/ }).count(), 2);
      assert.ok((await p.page.locator('.ezc-kinds').innerText()).includes('人形'));
    });
  });
}
