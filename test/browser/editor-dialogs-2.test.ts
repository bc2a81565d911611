// The editor's edit dialogs of the preset, capture and live operation nodes and of the alarm
// node, in Debian's Chromium: each node's fields and validation, the capture's Download box, the
// alarm node's interval, filters and sources. Their account is made first in the config dialog
// (editor-dialogs-1 checks that dialog). Skipped (and said so) when /usr/bin/chromium is missing.

import { strict as assert } from 'assert';
import { CONFIG_TYPE } from '../../nodes/shared/operations/operations';
import type { BrowserEnv, EditorSession } from '../support/browser-env';
import {
  addDemoAccount,
  dropNode,
  fieldInvalid,
  nodeProp,
  openNodeDialog,
  pressDone,
  typeInto,
  validationMessage,
} from '../support/browser-editor';
import { editorSuite, removeNode, assertTranslated } from '../support/editor-suite';
import { operationDialogTests } from '../support/editor-dialog-checks';

describe('browser: the preset, capture, live and alarm dialogs in the Node-RED editor (Chromium)', function () {
  this.timeout(60000);
  const suite = editorSuite();
  let env: BrowserEnv;
  let session: EditorSession;
  let configId = '';
  before(function () {
    env = suite.env();
    session = suite.session();
  });

  before(async function () {
    // The account, made as a user makes it: from a node's dialog, with the config dialog's + button.
    const { page } = session;
    const id = await dropNode(page, 'ezviz-ptz-start', 260, 60);
    await openNodeDialog(page, id);
    configId = await addDemoAccount(page, env.sim.url);
    assert.ok(configId && configId !== '_ADD_', 'the new account is selected in the node dialog');
    assert.equal(await nodeProp(page, configId, 'type'), CONFIG_TYPE);
    await pressDone(page);
    await removeNode(page, id);
  });

  describe('edit dialogs', function () {
    // The dialogs of the sixth operation to the last (editor-dialogs-1 the first five).
    operationDialogTests(
      5,
      undefined,
      () => session.page,
      () => configId,
    );

    it('ezviz-capture: the Download checkbox, unticked by default, is saved as a boolean', async function () {
      const { page } = session;
      const id = await dropNode(page, 'ezviz-capture', 460, 420);
      assert.equal(await nodeProp(page, id, 'download'), false, 'download defaults to false');
      await openNodeDialog(page, id);
      const box = page.locator('#node-input-download');
      assert.equal(await box.getAttribute('type'), 'checkbox');
      assert.equal(await box.isChecked(), false);
      const label = (await page.locator('label[for="node-input-download"]').innerText()).trim();
      assert.equal(label, 'Download');
      const hint = (await box.locator('xpath=following-sibling::span[1]').innerText()).trim();
      assert.match(hint, /Buffer/);
      await page.locator('#node-input-config').selectOption(configId);
      await typeInto(page, 'node-input-deviceSerial', 'C00000001');
      await box.check();
      await pressDone(page);
      assert.equal(await nodeProp(page, id, 'download'), true);
      assert.equal(await nodeProp(page, id, 'valid'), true);
      await openNodeDialog(page, id);
      assert.equal(await page.locator('#node-input-download').isChecked(), true, 'shown ticked on reopening');
      await page.locator('#node-input-download').uncheck();
      await pressDone(page);
      assert.equal(await nodeProp(page, id, 'download'), false);
      await removeNode(page, id);
    });

    it('ezviz-alarm: interval (at least 10 s), device and type filters, validated as the runtime reads them', async function () {
      const { page } = session;
      const id = await dropNode(page, 'ezviz-alarm', 460, 470);
      assert.equal(await nodeProp(page, id, 'interval'), 60, 'interval defaults to 60 s');
      await openNodeDialog(page, id);
      const labels: Record<string, string> = {};
      for (const f of ['config', 'interval', 'deviceSerial', 'alarmType', 'name']) {
        assert.ok(await page.locator(`#node-input-${f}`).isVisible(), `${f} field shown`);
        labels[f] = (await page.locator(`label[for="node-input-${f}"]`).innerText()).trim();
        assert.ok(labels[f].length > 1 && !labels[f].includes('.'), `${f}: label "${labels[f]}"`);
      }
      assert.equal(labels.interval, 'Poll every');
      assert.match((await page.locator('#node-input-deviceSerial').getAttribute('placeholder')) || '', /every device/);
      assert.ok((await page.locator('#ezviz-tip-alarm').innerText()).includes('once'), 'the tip explains the node');
      await page.locator('#node-input-config').selectOption(configId);
      for (const [field, bad, good] of [
        ['interval', '5', '10'],
        ['interval', 'often', '30'],
        ['deviceSerial', 'bad serial!', 'c00000001'],
        ['alarmType', 'motion', '10002'],
      ]) {
        await typeInto(page, `node-input-${field}`, bad);
        assert.equal(await fieldInvalid(page, `node-input-${field}`), true, `${field} "${bad}" is marked invalid`);
        assertTranslated(await validationMessage(page, id, field, bad), `${field} "${bad}"`);
        await typeInto(page, `node-input-${field}`, good);
        assert.equal(await fieldInvalid(page, `node-input-${field}`), false, `${field} "${good}" is accepted`);
      }
      await pressDone(page);
      assert.equal(await nodeProp(page, id, 'valid'), true);
      assert.equal(String(await nodeProp(page, id, 'interval')), '30');
      assert.equal(await nodeProp(page, id, 'deviceSerial'), 'c00000001');
      assert.equal(await nodeProp(page, id, 'alarmType'), '10002');
      const label = await page.locator(`[id="${id}"] .red-ui-flow-node-label`).textContent();
      assert.match(String(label), /alarm C00000001/);
      // empty filters are fine (every device, every type)
      await openNodeDialog(page, id);
      await typeInto(page, 'node-input-deviceSerial', '');
      await typeInto(page, 'node-input-alarmType', '');
      await pressDone(page);
      assert.equal(await nodeProp(page, id, 'valid'), true);
      // Not deployed by the later tests: a polling node would report its account's errors there.
      await removeNode(page, id);
    });

    it('ezviz-alarm: the source choice shows what each needs (group, fetch interval; path, the full URL, signing secret)', async function () {
      const { page } = session;
      const id = await dropNode(page, 'ezviz-alarm', 460, 520);
      assert.equal(await nodeProp(page, id, 'source'), 'poll', 'poll by default');
      await openNodeDialog(page, id);
      await page.locator('#node-input-config').selectOption(configId);
      const shown = async (ids: string[]) => Promise.all(ids.map((r) => page.locator(`#${r}`).isVisible()));
      const rows = [
        'ezviz-alarm-row-group',
        'ezviz-alarm-row-interval',
        'ezviz-alarm-row-path',
        'ezviz-alarm-row-url',
        'ezviz-alarm-row-secret',
        'ezviz-alarm-row-onoffline',
      ];
      assert.deepEqual(await shown(rows), [false, true, false, false, false, false], 'poll: the interval only');
      assert.match(await page.locator('#ezviz-alarm-needs-poll').innerText(), /every account/);
      await page.locator('#node-input-source').selectOption('consumer');
      assert.deepEqual(
        await shown(rows),
        [true, true, false, false, false, true],
        'consumer: group, interval, onoffline',
      );
      assert.equal(
        await page.locator('#node-input-interval').inputValue(),
        '5',
        'the consumer default replaces the poll default',
      );
      assert.equal((await page.locator('label[for="node-input-interval"]').innerText()).trim(), 'Fetch every');
      assert.match(await page.locator('#ezviz-alarm-needs-consumer').innerText(), /message service/);
      await typeInto(page, 'node-input-interval', '1');
      assert.equal(await fieldInvalid(page, 'node-input-interval'), true, 'a consumer fetches every 2 s at most');
      await typeInto(page, 'node-input-interval', '2');
      assert.equal(await fieldInvalid(page, 'node-input-interval'), false);
      await page.locator('#node-input-group').selectOption('3');
      await page.locator('#node-input-source').selectOption('webhook');
      assert.deepEqual(
        await shown(rows),
        [false, false, true, true, true, true],
        'webhook: path, URL, secret, onoffline',
      );
      await typeInto(page, 'node-input-path', 'hooks/ezviz');
      const url = await page.locator('#ezviz-alarm-url').innerText();
      assert.match(url, /^https:\/\/127\.0\.0\.1:\d+\/hooks\/ezviz$/, `the URL to register: ${url}`);
      assert.match(await page.locator('#ezviz-alarm-needs-webhook').innerText(), /httpNodeAuth/);
      await typeInto(page, 'node-input-path', '/a b');
      assert.equal(await fieldInvalid(page, 'node-input-path'), true, 'a path with a space is refused');
      assert.equal(await page.locator('#node-input-secret').getAttribute('type'), 'password');
      await typeInto(page, 'node-input-path', '/hooks/ezviz');
      await page.locator('#node-input-secret').fill('whsec-editor-test');
      await pressDone(page);
      assert.equal(await nodeProp(page, id, 'valid'), true);
      assert.equal(await nodeProp(page, id, 'source'), 'webhook');
      assert.equal(await nodeProp(page, id, 'path'), '/hooks/ezviz');
      assert.equal(String(await nodeProp(page, id, 'group')), '3');
      await removeNode(page, id);
    });
  });
});
