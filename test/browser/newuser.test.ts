// What a first-time user does, in Chromium: drag an inject, a ptz start and two debug
// nodes from the palette as they come, wire them, create the account in the config dialog,
// deploy, press the inject, and read in the debug sidebar a success and (with a wrong serial) the
// error's code and text; the status under the node says it in short. A copy of a storage open
// node whose card password credential was not copied shows as invalid. Then the same editor,
// switched to Chinese, shows the status in Chinese. Skipped (and said so) when /usr/bin/chromium is missing; .ci/run installs it.

import { strict as assert } from 'assert';
import { waitUntil } from '../support/browser-env';
import { editorSuite } from '../support/editor-suite';
import {
  deploy,
  dropNode,
  dropOperationFlow,
  fieldInvalid,
  nodeProp,
  nthDebugMessage,
  openNodeDialog,
  pickOption,
  pressDone,
  pressInject,
  recordDebugMessages,
  typeInto,
  waitForStatus,
  waitForTrayIdle,
  editorInChinese,
} from '../support/browser-editor';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe('browser: a first-time user builds a flow from the palette (Chromium)', function () {
  this.timeout(120000);
  const suite = editorSuite();
  const ids = { inject: '', ptz: '', ok: '', err: '', config: '' };

  it('drags inject, ptz start and two debug nodes, wires them; the new ptz start takes direction and speed from msg.payload', async function () {
    const { page } = suite.session();
    const dropped = await dropOperationFlow(page, 'ezviz-ptz-start');
    Object.assign(ids, { inject: dropped.inject, ptz: dropped.op, ok: dropped.ok, err: dropped.err });
    // As they come from the palette: the debug nodes show msg.payload, the inject a timestamp.
    for (const d of [ids.ok, ids.err]) {
      const complete = await nodeProp(page, d, 'complete'); // "false" (the palette's default) or "payload"
      assert.ok(complete === 'false' || complete === 'payload', `debug node shows msg.payload: ${complete}`);
    }
    // Nothing preselected that would override a value of msg.payload unseen.
    for (const p of ['direction', 'speed', 'duration', 'deviceSerial']) {
      assert.equal(await nodeProp(page, ids.ptz, p), '', `a new ptz start has ${p} empty (msg.payload.${p})`);
    }
  });

  it('creates the account in the config dialog: no field singled out before typing, the region explained', async function () {
    const { page } = suite.session();
    await openNodeDialog(page, ids.ptz);
    await page.locator('#node-input-btn-config-add').click();
    await page.locator('#node-config-dialog-ok').waitFor({ state: 'visible' });
    await waitForTrayIdle(page);
    // Nothing typed yet: token, app key and app secret are marked alike (not "token required").
    const marks: boolean[] = [];
    for (const f of ['accessToken', 'appKey', 'appSecret'])
      marks.push(await fieldInvalid(page, `node-config-input-${f}`));
    assert.ok(
      marks.every((m) => m === marks[0]),
      `token, app key, app secret marked alike: ${marks}`,
    );
    const tip = await page.locator('#ezviz-config-region-tip').innerText();
    assert.match(tip, /where you registered/, tip);
    await page.locator('#ezviz-config-region').selectOption('custom');
    await typeInto(page, 'node-config-input-baseUrl', suite.env().sim.url);
    await typeInto(page, 'node-config-input-appKey', 'demo-app-key');
    await typeInto(page, 'node-config-input-appSecret', 'demo-app-secret');
    for (const f of ['accessToken', 'appKey', 'appSecret']) {
      assert.equal(await fieldInvalid(page, `node-config-input-${f}`), false, `${f} accepted with key and secret`);
    }
    await page.locator('#node-config-dialog-ok').click();
    await page.locator('#node-config-dialog-ok').waitFor({ state: 'detached' });
    await waitForTrayIdle(page);
    ids.config = await page.locator('#node-input-config').inputValue();
    assert.ok(ids.config && ids.config !== '_ADD_', 'the new account is selected');
    // The labels say what they are: duration has its unit.
    const labels = await page.locator('.red-ui-editor label').allInnerTexts();
    assert.ok(
      labels.some((l) => /Duration \(ms\)/.test(l)),
      labels.join(' | '),
    );
    await typeInto(page, 'node-input-deviceSerial', 'C00000001');
    await pickOption(page, 'node-input-direction', 'right');
    await pickOption(page, 'node-input-speed', 'fast');
    await pressDone(page);
    assert.equal(await nodeProp(page, ids.ptz, 'valid'), true);
  });

  it('deploys, presses the inject: the success in the debug sidebar, a green status', async function () {
    const { page } = suite.session();
    await deploy(page);
    await page.evaluate(() => (globalThis as any).RED.sidebar.show('debug'));
    await recordDebugMessages(page);
    await pressInject(page, ids.inject);
    const ok = await nthDebugMessage(page, 1, 15000);
    assert.equal(ok.id, ids.ok, `the success goes to the first debug node: ${JSON.stringify(ok)}`);
    assert.match(ok.msg, /"code":\s*"200"/);
    await waitForStatus(page, ids.ptz, 'OK');
    const start = suite
      .env()
      .sim.requestLog()
      .filter((e) => e.path === '/api/lapp/device/ptz/start');
    assert.equal(start.length, 1);
    assert.deepEqual(
      [start[0].fields.deviceSerial, start[0].fields.direction, start[0].fields.speed],
      ['C00000001', '3', '2'],
    );
  });

  it('with a wrong serial: the error code and text in the debug sidebar, "no such device (20002)" under the node', async function () {
    const { page } = suite.session();
    await openNodeDialog(page, ids.ptz);
    await typeInto(page, 'node-input-deviceSerial', 'C99999999');
    await pressDone(page);
    await deploy(page);
    await pressInject(page, ids.inject);
    const err = await nthDebugMessage(page, 2, 15000);
    assert.equal(err.id, ids.err, `the error goes to the second debug node: ${JSON.stringify(err)}`);
    const payload = JSON.parse(err.msg);
    assert.equal(payload.code, '20002');
    assert.equal(payload.source, 'api');
    assert.match(payload.message, /does not exist/);
    // ... and the sidebar shows it to the eye: code and text, not the inject's timestamp.
    const list = page.locator('.red-ui-debug-content-list');
    await waitUntil(page, () => /20002/.test((globalThis as any).$('.red-ui-debug-content-list').text()));
    const text = await list.innerText();
    assert.ok(/20002/.test(text) && /does not exist/.test(text), text);
    await waitForStatus(page, ids.ptz, 'no such device (20002)');
  });

  it('a copy of a storage open node without its card password (never copied) is marked invalid', async function () {
    const { page } = suite.session();
    const id = await dropNode(page, 'ezviz-storage-open', 380, 300);
    await openNodeDialog(page, id);
    await page.locator('#node-input-config').selectOption(ids.config);
    await typeInto(page, 'node-input-deviceSerial', 'C00000001');
    assert.equal(
      await page.evaluate(() => (globalThis as any).$('#node-input-cardPassword').typedInput('type')),
      'cred',
    );
    await typeInto(page, 'node-input-cardPassword', 'CARD-VALID-0004');
    await pressDone(page);
    assert.equal(await nodeProp(page, id, 'valid'), true, 'the original with its credential');
    await deploy(page);
    assert.equal(await nodeProp(page, id, 'valid'), true, 'deployed');
    // Copy and paste, as Ctrl-C / Ctrl-V do.
    const copy = await page.evaluate((i) => {
      const RED = (globalThis as any).RED;
      const before = new Set<string>();
      RED.nodes.eachNode((n: any) => before.add(n.id));
      RED.view.select(i);
      RED.actions.invoke('core:copy-selection-to-internal-clipboard');
      RED.actions.invoke('core:paste-from-internal-clipboard');
      let added = '';
      RED.nodes.eachNode((n: any) => {
        if (!before.has(n.id) && n.type === 'ezviz-storage-open') added = n.id;
      });
      return added;
    }, id);
    assert.ok(copy, 'pasted a copy');
    await page.mouse.click(500, 520); // drop the pasted node
    const state = await page.evaluate((i) => {
      const RED = (globalThis as any).RED;
      const n = RED.nodes.node(i);
      RED.editor.validateNode(n);
      return { valid: n.valid, errors: n.validationErrors, creds: n.credentials };
    }, copy);
    assert.equal(state.valid, false, `the copy without its card password: ${JSON.stringify(state)}`);
    assert.ok(
      state.errors.some((e: string) => /not copied/.test(e)),
      JSON.stringify(state.errors),
    );
    // The original is still fine.
    assert.equal(await nodeProp(page, id, 'valid'), true);
  });

  it('the same in a Chinese editor: the status in Chinese, the error in the debug sidebar', async function () {
    // The editor switched to Chinese (its language setting and a reload), the flow deployed before.
    const { page } = suite.session();
    await editorInChinese(page, suite.env().url, ids.ptz);
    // The status kept from before, translated by this editor.
    await waitForStatus(page, ids.ptz, '设备不存在 (20002)');
    await pressInject(page, ids.inject);
    const err = await nthDebugMessage(page, 1, 15000);
    assert.equal(err.id, ids.err);
    assert.equal(JSON.parse(err.msg).code, '20002');
    await waitUntil(page, () => /20002/.test((globalThis as any).$('.red-ui-debug-content-list').text()));
    await waitForStatus(page, ids.ptz, '设备不存在 (20002)');
  });
});
