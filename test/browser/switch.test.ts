// ezviz-switch as a user meets it, in Chromium: drag an inject, an ezviz-switch and two
// debug nodes from the palette, wire them, create the account, pick a camera with the picker
// (a camera whose capabilities lack the switch is marked, not refused), choose defence on, deploy,
// press: `armed` under the node and {switch, state, changed} in the debug sidebar; in a Chinese
// editor the status reads 已布防. Skipped (and said so) when /usr/bin/chromium is missing.

import { strict as assert } from 'assert';
import type { Page } from 'playwright-core';
import { waitUntil } from '../support/browser-env';
import { editorSuite } from '../support/editor-suite';
import {
  addDemoAccount,
  deploy,
  dropOperationFlow,
  nodeProp,
  nthDebugMessage,
  openNodeDialog,
  pickOption,
  pressDone,
  pressInject,
  recordDebugMessages,
  waitForStatus,
  editorInChinese,
} from '../support/browser-editor';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Opens the picker of the open dialog, waits for its list, and chooses `serial`. */
async function pickCamera(page: Page, serial: string): Promise<void> {
  await page.locator('.ezviz-picker-open').click();
  await waitUntil(page, () => (globalThis as any).$('.ezviz-picker-list li').length > 0, null, { timeout: 20000 });
  await page.locator(`.ezviz-picker-item[data-serial="${serial}"]`).first().click();
  await waitUntil(page, (s) => (globalThis as any).$('#node-input-deviceSerial').typedInput('value') === s, serial);
}

/** The capability hints the dialog shows (their catalog keys), once the capacity has been read. */
async function hints(page: Page): Promise<string[]> {
  await waitUntil(page, () => /\S/.test((globalThis as any).$('.ezviz-capacity-summary').text()), null, {
    timeout: 20000,
  });
  return page.locator('.ezviz-capacity-hint').evaluateAll((els: any[]) => els.map((e) => e.getAttribute('data-hint')));
}

describe('browser: ezviz-switch from the palette to "armed" (Chromium)', function () {
  this.timeout(120000);
  const suite = editorSuite();
  const ids = { inject: '', sw: '', ok: '', err: '' };

  it('drags inject, switch and two debug nodes; picks a camera; a switch the camera lacks is marked; defence on', async function () {
    const { page } = suite.session();
    const dropped = await dropOperationFlow(page, 'ezviz-switch');
    Object.assign(ids, { inject: dropped.inject, sw: dropped.op, ok: dropped.ok, err: dropped.err });
    await openNodeDialog(page, ids.sw);
    assert.ok(await addDemoAccount(page, suite.env().sim.url), 'the new account is selected');
    // The doorbell has no lens cover: privacy is marked as not reported, the node still takes it.
    await pickOption(page, 'node-input-switch', 'privacy');
    await pickCamera(page, 'C00000003');
    assert.ok((await hints(page)).includes('noSwitch'), 'privacy on a camera without a lens cover is marked');
    await pickCamera(page, 'C00000001');
    await pickOption(page, 'node-input-switch', 'defence');
    assert.ok(!(await hints(page)).includes('noSwitch'), 'defence on a camera that reports it: no mark');
    await pickOption(page, 'node-input-state', 'on');
    await pressDone(page);
    assert.equal(await nodeProp(page, ids.sw, 'valid'), true);
    assert.equal(await nodeProp(page, ids.sw, 'deviceSerial'), 'C00000001');
  });

  it('deploys and presses: {switch, state, changed} in the debug sidebar, "armed" under the node', async function () {
    const { page } = suite.session();
    await deploy(page);
    await page.evaluate(() => (globalThis as any).RED.sidebar.show('debug'));
    await recordDebugMessages(page);
    await pressInject(page, ids.inject);
    const ok = await nthDebugMessage(page, 1, 15000);
    assert.equal(ok.id, ids.ok, JSON.stringify(ok));
    assert.deepEqual(JSON.parse(ok.msg), { switch: 'defence', state: 'on', changed: true });
    await waitUntil(page, () => /changed/.test((globalThis as any).$('.red-ui-debug-content-list').text()));
    await waitForStatus(page, ids.sw, 'armed');
    assert.equal(suite.env().sim.state.devices.C00000001.defence, 1, "the simulator's camera is armed");
    const set = suite.env().sim.requestLog({ path: '/api/lapp/device/defence/set' });
    assert.deepEqual(
      set.map((e) => e.fields.isDefence),
      ['1'],
    );
  });

  it('in a Chinese editor the status reads 已布防; pressed again: changed false, still armed', async function () {
    // The same editor switched to Chinese (its language setting and a reload).
    const { page } = suite.session();
    await editorInChinese(page, suite.env().url, ids.sw);
    await waitForStatus(page, ids.sw, '已布防');
    await pressInject(page, ids.inject);
    const again = await nthDebugMessage(page, 1, 15000);
    assert.deepEqual(JSON.parse(again.msg), { switch: 'defence', state: 'on', changed: false });
    await waitForStatus(page, ids.sw, '已布防');
  });
});
