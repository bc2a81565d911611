// The editor in Chinese (zh-CN), in Debian's Chromium: every node's dialog with Chinese labels,
// tips and validator messages, the config dialog, the help of every node. Skipped (and said so)
// when /usr/bin/chromium is missing; .ci/run installs it.

import { strict as assert } from 'assert';
import { OPERATIONS } from '../../client/operations/operations';
import type { EditorSession } from '../support/browser-env';
import {
  dropNode,
  nodeIds,
  openNodeDialog,
  typeInto,
  validationMessage,
  waitForTrayIdle,
} from '../support/browser-editor';
import { ALL_TYPES, CJK, editorSuite, showHelp } from '../support/editor-suite';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe('browser: the EZVIZ nodes in the Node-RED editor in Chinese (Chromium)', function () {
  this.timeout(60000);
  const suite = editorSuite('zh-CN');
  let session: EditorSession;
  before(function () {
    session = suite.session();
  });

  describe('in Chinese (zh-CN)', function () {
    it('opens the editor in Chinese', async function () {
      assert.equal(await session.page.evaluate(() => (globalThis as any).RED.i18n.lang()), 'zh-CN');
    });

    // One test per dialog (a test each, so that a loaded machine's slow dialog does not time out
    // the others); together they are the dialogs of every node.
    Object.values(OPERATIONS).forEach((spec, i) => {
      it(`shows the dialog of ${spec.type} with Chinese labels`, async function () {
        const { page } = session;
        const id = await dropNode(page, spec.type, 260 + (i % 2) * 160, 60 + i * 45);
        await openNodeDialog(page, id);
        for (const p of spec.params) {
          const label = (await page.locator(`label[for="node-input-${p.name}"]`).innerText()).trim();
          assert.ok(CJK.test(label), `${spec.type} ${p.name}: label "${label}" is Chinese`);
        }
        const tip = await page
          .locator('.form-tips')
          .first()
          .innerText()
          .catch(() => '');
        assert.ok(!tip || CJK.test(tip), `${spec.type}: tip "${tip}" is Chinese`);
        await typeInto(page, 'node-input-deviceSerial', 'bad serial!');
        const msg = await validationMessage(page, id, 'deviceSerial', 'bad serial!');
        assert.ok(typeof msg === 'string' && CJK.test(msg), `${spec.type}: validation message "${msg}" is Chinese`);
        await page.locator('#node-dialog-cancel').click();
        await waitForTrayIdle(page);
      });
    });

    it('shows the dialog of ezviz-alarm with Chinese labels', async function () {
      const { page } = session;
      const alarmId = await dropNode(page, 'ezviz-alarm', 420, 60);
      await openNodeDialog(page, alarmId);
      for (const f of ['interval', 'deviceSerial', 'alarmType']) {
        const label = (await page.locator(`label[for="node-input-${f}"]`).innerText()).trim();
        assert.ok(CJK.test(label), `ezviz-alarm ${f}: label "${label}" is Chinese`);
      }
      assert.ok(CJK.test(await page.locator('#ezviz-tip-alarm').innerText()), 'ezviz-alarm: tip is Chinese');
      const bad = await validationMessage(page, alarmId, 'interval', '5');
      assert.ok(typeof bad === 'string' && CJK.test(bad), `ezviz-alarm: validation message "${bad}" is Chinese`);
      await page.locator('#node-dialog-cancel').click();
      await waitForTrayIdle(page);
    });

    it('shows the config dialog with Chinese labels', async function () {
      const { page } = session;
      const [anyNode] = await nodeIds(page, 'ezviz-ptz-start');
      assert.ok(anyNode, 'the ptz-start node of the dialog test above');
      await openNodeDialog(page, anyNode);
      await page.locator('#node-input-btn-config-add').click();
      await page.locator('#node-config-dialog-ok').waitFor({ state: 'visible' });
      await waitForTrayIdle(page);
      // AccessToken, AppKey and AppSecret keep the EZVIZ console's own words in Chinese too.
      for (const f of [
        'ezviz-config-region',
        'node-config-input-baseUrl',
        'node-config-input-timeout',
        'node-config-input-maxRetries',
        'node-config-input-retryDelay',
      ]) {
        const label = (await page.locator(`label[for="${f}"]`).innerText()).trim();
        assert.ok(CJK.test(label), `config ${f}: label "${label}" is Chinese`);
      }
      const options = await page.locator('#ezviz-config-region option').allInnerTexts();
      assert.ok(CJK.test(options[0]), `region "${options[0]}" is Chinese`);
    });

    it('shows the help of every node in Chinese', async function () {
      for (const type of ALL_TYPES) {
        const help = await showHelp(session, type);
        assert.ok(CJK.test(help.summary), `${type}: summary "${help.summary}" is Chinese`);
        assert.ok(CJK.test(help.title), `${type}: title "${help.title}" is Chinese`);
      }
    });
  });
});
