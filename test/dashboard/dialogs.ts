// The edit dialogs of the panel and the wall in Node-RED's editor with Chromium: both build their
// rows from the shared dialog code (dashboard/editor/dialog.js, served from the package's
// resources/), so the test opens each one and checks that every setting has its field, every label
// is translated, the flow's values are shown (a setting the flow leaves out as the runtime's
// default), the dialog's own steps work (the wall's "add" and its cost line) and Done keeps a change.
// Its panel `cam` and wall `dwall` are on a Dashboard 2 page (no browser loads it) and a flow tab of
// their own in wall.test.ts's Node-RED; the dialogs open in the editor that wall-stream.ts's last test
// loaded (in a page of their own when it did not run, e.g. with --grep).

import assert from 'assert';
import type { BrowserContext, Page } from 'playwright-core';
import { loadEditor, sharedBrowser, waitUntil } from '../support/browser-env';
import { closeDialogs, openNodeDialog, waitForTrayIdle } from '../support/browser-editor';
import { dashboardPage, DashboardEnv, type FlowNode, panelNode } from '../support/dashboard-env';

/* eslint-disable @typescript-eslint/no-explicit-any -- the editor's page globals (RED, $) are untyped */

const WALL = {
  id: 'dwall',
  type: 'ui-ezviz-wall',
  z: 'tab-dialogs',
  name: 'all cameras',
  group: 'dash-group-dialogs',
  order: 2,
  width: 0,
  height: 0,
  config: 'cfg',
  source: 'list',
  cameras: 'C00000001/1',
  refresh: 10,
  alarmLive: 60,
  maxLive: 2,
  liveQuality: 'hd',
  liveProtocol: 'flv',
  moveUsers: '',
  switchUsers: '',
  streamNodes: '',
  x: 200,
  y: 200,
  wires: [[]],
};

/** The open dialog: the settings of `type` with no field, and the labels not translated. */
function dialogGaps(page: Page, type: string): Promise<{ missing: string[]; raw: string[] }> {
  return page.evaluate((t) => {
    const RED = (globalThis as any).RED;
    const $ = (globalThis as any).$;
    // `order`: Dashboard 2's layout sets it, no field (as with its own widgets).
    const settings = Object.keys(RED.nodes.getType(t).defaults).filter((k) => k !== 'order');
    const missing = settings.filter((k) => !$(`#node-input-${k}`).length);
    const raw = $('#dialog-form [data-i18n]')
      .map(
        (_i: number, e: HTMLElement) => e.textContent || e.getAttribute('placeholder') || e.getAttribute('aria-label'),
      )
      .get()
      .filter((s: string | null) => !s || s.includes(`${t}.`));
    return { missing, raw };
  }, type);
}

const value = (page: Page, selector: string): Promise<unknown> =>
  page.evaluate((s) => {
    const el = (globalThis as any).$(s);
    return el.attr('type') === 'checkbox' ? el.prop('checked') : el.val();
  }, selector);

async function done(page: Page): Promise<void> {
  await page.locator('#node-dialog-ok').click();
  await waitForTrayIdle(page);
}

/** The dialogs' nodes (of the config node `cfg`): a Dashboard 2 page and group, a flow tab
 * `tab-dialogs`, the panel `cam` on C00000001 with the presets "1: Door" and the wall `dwall`. */
export function dialogsNodes(): FlowNode[] {
  return [
    ...dashboardPage('dialogs', 3),
    { id: 'tab-dialogs', type: 'tab', label: 'dialogs' },
    panelNode('cam', { z: 'tab-dialogs', group: 'dash-group-dialogs', presetList: '1: Door' }),
    WALL,
  ];
}

/** The dialogs' tests, in `editor.page` when a test before loaded the editor there. */
export function describeDialogs(env: () => DashboardEnv, editor: { page?: Page }): void {
  describe('dashboard: the edit dialogs of the panel and the wall (Chromium)', function () {
    this.timeout(120000);
    let context: BrowserContext | undefined;
    let page: Page;
    const browser = sharedBrowser();

    before(async () => {
      if (editor.page) {
        page = editor.page;
        await closeDialogs(page);
        return;
      }
      context = await browser.context({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
      page = await context.newPage();
      await loadEditor(page, env().url);
    });

    afterEach(async () => {
      if (page) await closeDialogs(page);
    });

    after(async () => {
      await context?.close();
      await browser.close();
    });

    it("the panel's dialog: every setting's field, translated labels, the flow's values, a change kept", async () => {
      await openNodeDialog(page, 'cam');
      assert.deepStrictEqual(await dialogGaps(page, 'ui-ezviz-camera'), { missing: [], raw: [] });
      const serial = await page.evaluate(() => (globalThis as any).$('#node-input-deviceSerial').typedInput('value'));
      assert.strictEqual(serial, 'C00000001');
      assert.strictEqual(await value(page, '#node-input-presetList'), '1: Door');
      assert.strictEqual(await value(page, '#node-input-show_live'), false, 'show_live: false in the flow');
      assert.strictEqual(await value(page, '#node-input-show_ptz'), true);
      assert.strictEqual(await value(page, '#node-input-liveExpire'), '3600', 'left out: the default');
      assert.strictEqual(await value(page, '#node-input-liveQuality'), 'smooth');
      assert.strictEqual(await page.locator('#node-input-size').isVisible(), true, "Dashboard 2's size picker");
      await page.locator('#node-input-name').fill('front door');
      await done(page);
      const name = await page.evaluate(() => (globalThis as any).RED.nodes.node('cam').name);
      assert.strictEqual(name, 'front door');
    });

    it("the wall's dialog: every setting's field, translated labels, its values, the cost, add keeps a camera", async () => {
      await openNodeDialog(page, 'dwall');
      assert.deepStrictEqual(await dialogGaps(page, 'ui-ezviz-wall'), { missing: [], raw: [] });
      assert.strictEqual(await value(page, '#node-input-liveProtocol'), 'flv');
      assert.strictEqual(await value(page, '#node-input-liveQuality'), 'hd');
      const cost = String(await page.locator('#ezviz-wall-cost').textContent());
      assert.ok(/\d/.test(cost) && !cost.includes('ui-ezviz-wall.'), `the cost line, translated: ${cost}`);
      await page.evaluate(() => {
        const $ = (globalThis as any).$;
        $('#node-input-deviceSerial').typedInput('value', 'c00000002');
        $('#node-input-channelNo').typedInput('value', '1');
      });
      await page.locator('#ezviz-wall-add').click();
      await waitUntil(page, () => String((globalThis as any).$('#node-input-cameras').val()).includes('C00000002/1'));
      await done(page);
      const cameras = await page.evaluate(() => (globalThis as any).RED.nodes.node('dwall').cameras);
      assert.strictEqual(cameras, 'C00000001/1, C00000002/1');
    });
  });
}
