// The editor's dialogs in Debian's Chromium, one editor for them all: the config dialog (the
// account made there, secrets as password fields, never in /flows, the credentials API or the
// reloaded editor), then each operation node's fields and validation, the storage open node's card
// password as a credential, the capture's Download box, the alarm node's interval, filters (kinds too) and
// sources (the later dialogs with an account made from a node's dialog with the + button). One
// file: its two halves in two files started two Node-REDs and loaded two editors, which no longer
// bought time once the suite was bound by CPU. Then, in the same Node-RED and editor, the palette,
// the help of every node and the examples (test/support/editor-nodes.ts), what a first-time user
// builds from the palette (test/support/first-flows.ts), and the editor in a second page of a
// browser that asks for Chinese (editor-nodes.ts again): each a Node-RED start and an editor load
// less than a file of its own. Skipped (and said so) when /usr/bin/chromium is missing; .ci/run
// installs it.

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_TYPE } from '../../client/operations/operations';
import { loadEditor, type BrowserEnv, type EditorSession } from '../support/browser-env';
import {
  addDemoAccount,
  chooseTypedInputType,
  deploy,
  fieldInvalid,
  nodeIds,
  nodeProp,
  dropNode,
  openNodeDialog,
  pressDone,
  typeInto,
  validationMessage,
  waitForNode,
  waitForTrayIdle,
} from '../support/browser-editor';
import { assertTranslated, editorSuite, removeNode } from '../support/editor-suite';
import { operationDialogTests } from '../support/editor-dialog-checks';
import { chineseBrowserTests, nodeEditorTests } from '../support/editor-nodes';
import { firstFlowTests } from '../support/first-flows';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Secrets typed into the config dialog: they must never come back from the server. */
const SECRET_TOKEN = 'at.browser-secret-token-7c1f';
const SECRET_APP_SECRET = 'browser-app-secret-93ad';

describe('browser: the config dialog and the edit dialogs in the Node-RED editor (Chromium)', function () {
  this.timeout(60000);
  const suite = editorSuite();
  let env: BrowserEnv;
  let session: EditorSession;
  let configId = '';
  before(function () {
    env = suite.env();
    session = suite.session();
  });

  describe('config node dialog', function () {
    let opId = '';

    it('opens from an operation node, shows region, URL, secrets as password fields, timeout and retries', async function () {
      const { page } = session;
      opId = await dropNode(page, 'ezviz-ptz-start', 260, 60);
      await openNodeDialog(page, opId);
      await page.locator('#node-input-btn-config-add').click();
      await page.locator('#node-config-dialog-ok').waitFor({ state: 'visible' });
      await waitForTrayIdle(page);
      const regions = await page
        .locator('#ezviz-config-region option')
        .evaluateAll((os: any[]) => os.map((o) => o.value));
      assert.deepEqual(regions, ['china', 'international', 'custom']);
      assert.equal(await page.locator('#node-config-input-accessToken').getAttribute('type'), 'password');
      assert.equal(await page.locator('#node-config-input-appSecret').getAttribute('type'), 'password');
      assert.equal(await page.locator('#node-config-input-appKey').getAttribute('type'), 'text');
      for (const f of ['name', 'timeout', 'maxRetries', 'retryDelay']) {
        assert.ok(await page.locator(`#node-config-input-${f}`).isVisible(), `field ${f} is shown`);
      }
      // China is the default region; its URL needs no typing.
      assert.equal(await page.locator('#ezviz-config-region').inputValue(), 'china');
      assert.equal(await page.locator('#ezviz-config-baseUrl-row').isVisible(), false);
    });

    it('rejects a bad URL and timeout, accepts good ones', async function () {
      const { page } = session;
      await page.locator('#ezviz-config-region').selectOption('custom');
      assert.ok(await page.locator('#node-config-input-baseUrl').isVisible(), 'custom region shows the URL field');
      await typeInto(page, 'node-config-input-baseUrl', 'ftp://example.com');
      assert.equal(await fieldInvalid(page, 'node-config-input-baseUrl'), true, 'ftp URL is marked invalid');
      await typeInto(page, 'node-config-input-baseUrl', env.sim.url);
      assert.equal(await fieldInvalid(page, 'node-config-input-baseUrl'), false, 'simulator URL is accepted');
      await typeInto(page, 'node-config-input-timeout', '-1');
      assert.equal(await fieldInvalid(page, 'node-config-input-timeout'), true, 'timeout -1 is marked invalid');
      await typeInto(page, 'node-config-input-timeout', '5000');
      assert.equal(await fieldInvalid(page, 'node-config-input-timeout'), false, 'timeout 5000 is accepted');
      await typeInto(page, 'node-config-input-maxRetries', 'many');
      assert.equal(await fieldInvalid(page, 'node-config-input-maxRetries'), true, 'retries "many" is marked invalid');
      await typeInto(page, 'node-config-input-maxRetries', '2');
      assert.equal(await fieldInvalid(page, 'node-config-input-maxRetries'), false);
    });

    it('asks for the app secret with an app key, then saves the account', async function () {
      const { page } = session;
      await typeInto(page, 'node-config-input-name', 'browser test account');
      await typeInto(page, 'node-config-input-appKey', 'demo-app-key');
      assert.equal(
        await fieldInvalid(page, 'node-config-input-appSecret'),
        true,
        'an app key without its secret is marked invalid',
      );
      await typeInto(page, 'node-config-input-appSecret', SECRET_APP_SECRET);
      await typeInto(page, 'node-config-input-accessToken', SECRET_TOKEN);
      assert.equal(await fieldInvalid(page, 'node-config-input-appSecret'), false);
      assert.equal(await fieldInvalid(page, 'node-config-input-accessToken'), false);
      await page.locator('#node-config-dialog-ok').click();
      await page.locator('#node-config-dialog-ok').waitFor({ state: 'detached' });
      await waitForTrayIdle(page);
      configId = await page.locator('#node-input-config').inputValue();
      assert.ok(configId && configId !== '_ADD_', 'the new account is selected in the node dialog');
      assert.equal(await nodeProp(page, configId, 'type'), CONFIG_TYPE);
      await typeInto(page, 'node-input-deviceSerial', 'C00000001');
      await pressDone(page);
      assert.equal(await nodeProp(page, opId, 'config'), configId);
      assert.equal(await nodeProp(page, opId, 'valid'), true);
    });

    it('keeps the secrets out of the deployed flow, the credentials API and the reloaded editor', async function () {
      const { page } = session;
      await deploy(page);
      const flows = await (await page.request.get(`${env.url}flows`)).text();
      assert.ok(flows.includes(configId), 'the account is deployed');
      assert.ok(flows.includes(env.sim.url), 'with its URL');
      for (const secret of [SECRET_TOKEN, SECRET_APP_SECRET])
        assert.ok(!flows.includes(secret), 'GET /flows holds no secret');
      const creds = await (await page.request.get(`${env.url}credentials/${CONFIG_TYPE}/${configId}`)).json();
      assert.equal(creds.has_accessToken, true);
      assert.equal(creds.has_appSecret, true);
      assert.equal(creds.appKey, 'demo-app-key');
      assert.ok(!('accessToken' in creds) && !('appSecret' in creds), `credentials API: ${JSON.stringify(creds)}`);
      const cred = fs.readFileSync(path.join(env.userDir, 'flows_cred.json'), 'utf8');
      assert.ok(cred.includes(SECRET_APP_SECRET), 'the runtime keeps the secret in flows_cred.json');
      assert.ok(
        !fs.readFileSync(path.join(env.userDir, 'flows.json'), 'utf8').includes(SECRET_APP_SECRET),
        'flows.json holds no secret',
      );

      await loadEditor(page, env.url);
      await waitForNode(page, opId);
      await openNodeDialog(page, opId);
      await page.locator('#node-input-btn-config-edit').click();
      await page.locator('#node-config-dialog-ok').waitFor({ state: 'visible' });
      await waitForTrayIdle(page);
      assert.equal(await page.locator('#node-config-input-appKey').inputValue(), 'demo-app-key');
      for (const f of ['accessToken', 'appSecret']) {
        const v = await page.locator(`#node-config-input-${f}`).inputValue();
        assert.ok(v !== '' && !v.includes('secret-'), `${f} shows only that it is set (${v.length} chars)`);
        assert.equal(await page.locator(`#node-config-input-${f}`).getAttribute('type'), 'password');
      }
      const everything = await page.evaluate(() => {
        const w = globalThis as any;
        const values = w
          .$('input, textarea')
          .map((_i: number, e: any) => e.value)
          .get()
          .join('\n');
        return `${w.document.documentElement.outerHTML}\n${values}\n${JSON.stringify(w.RED.nodes.createCompleteNodeSet({ credentials: true }))}`;
      });
      for (const secret of [SECRET_TOKEN, SECRET_APP_SECRET])
        assert.ok(!everything.includes(secret), 'no secret in the page');
      await page.locator('#node-config-dialog-cancel').click();
      await waitForTrayIdle(page);
      await page.locator('#node-dialog-cancel').click();
      await waitForTrayIdle(page);
    });
  });

  describe('edit dialogs', function () {
    // The dialogs of the first five operations (the others below, with an account of their own).
    operationDialogTests(
      0,
      5,
      () => session.page,
      () => configId,
    );

    it('ezviz-storage-open: the card password as a credential never reaches the flow', async function () {
      const { page } = session;
      const [id] = await nodeIds(page, 'ezviz-storage-open');
      await openNodeDialog(page, id);
      await chooseTypedInputType(page, 'node-input-cardPassword', 'cred');
      await typeInto(page, 'node-input-cardPassword', 'CARD-SECRET-4711');
      await pressDone(page);
      await deploy(page);
      const flows = await (await page.request.get(`${env.url}flows`)).text();
      assert.ok(!flows.includes('CARD-SECRET-4711'), 'GET /flows holds no card password');
      const creds = await (await page.request.get(`${env.url}credentials/ezviz-storage-open/${id}`)).json();
      assert.deepEqual(creds, { has_cardPassword: true });
      assert.ok(fs.readFileSync(path.join(env.userDir, 'flows_cred.json'), 'utf8').includes('CARD-SECRET-4711'));
    });
  });

  describe('the preset, capture, live and alarm dialogs', function () {
    let configId = '';

    before(async function () {
      // An account of their own, made as a user makes it: from a node's dialog, with the config
      // dialog's + button (the one above was made in the config dialog alone).
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
      // The dialogs of the sixth operation to the last (the first five above).
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
        assert.match(
          (await page.locator('#node-input-deviceSerial').getAttribute('placeholder')) || '',
          /every device/,
        );
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
        // the kinds (docs/behaviour.md section 27): every kind a box with its name, none ticked by default
        const boxes = page.locator('#ezviz-alarm-kinds input[type=checkbox]');
        assert.equal(await boxes.count(), 21, 'a box per kind');
        const names = (await page.locator('#ezviz-alarm-kinds label').allInnerTexts()).map((t) => t.trim());
        assert.ok(names.includes('Person') && names.includes('Face') && names.includes('Door or window'), names.join());
        assert.ok(
          names.every((n) => n.length > 1 && !n.includes('.')),
          'names translated',
        );
        assert.equal(await page.locator('#ezviz-alarm-kinds input:checked').count(), 0);
        await page.locator('#ezviz-alarm-kinds input[value="face"]').check();
        await page.locator('#ezviz-alarm-kinds input[value="human"]').check();
        await pressDone(page);
        assert.equal(await nodeProp(page, id, 'valid'), true);
        assert.deepEqual(await nodeProp(page, id, 'kinds'), ['human', 'face']);
        await openNodeDialog(page, id);
        assert.equal(await page.locator('#ezviz-alarm-kinds input:checked').count(), 2, 'ticked again on reopening');
        await page.locator('#ezviz-alarm-kinds input[value="face"]').uncheck();
        await pressDone(page);
        assert.deepEqual(await nodeProp(page, id, 'kinds'), ['human']);
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
          'ezviz-alarm-row-trustedProxies',
          'ezviz-alarm-row-onoffline',
        ];
        assert.deepEqual(
          await shown(rows),
          [false, true, false, false, false, false, false],
          'poll: the interval only',
        );
        assert.match(await page.locator('#ezviz-alarm-needs-poll').innerText(), /every account/);
        await page.locator('#node-input-source').selectOption('consumer');
        assert.deepEqual(
          await shown(rows),
          [true, true, false, false, false, false, true],
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
        assert.deepEqual(
          await page.locator('#node-input-group option').allInnerTexts(),
          ['group 1', 'group 2', 'group 3', 'group 4', 'group 5'],
          'the groups by number (the placeholder filled)',
        );
        await page.locator('#node-input-group').selectOption('3');
        await page.locator('#node-input-source').selectOption('webhook');
        assert.deepEqual(
          await shown(rows),
          [false, false, true, true, true, true, true],
          'webhook: path, URL, secret, trusted proxies, onoffline',
        );
        await typeInto(page, 'node-input-path', 'hooks/ezviz');
        const url = await page.locator('#ezviz-alarm-url').innerText();
        assert.match(url, /^https:\/\/127\.0\.0\.1:\d+\/hooks\/ezviz$/, `the URL to register: ${url}`);
        assert.match(await page.locator('#ezviz-alarm-needs-webhook').innerText(), /httpNodeAuth/);
        await typeInto(page, 'node-input-path', '/a b');
        assert.equal(await fieldInvalid(page, 'node-input-path'), true, 'a path with a space is refused');
        assert.equal(await page.locator('#node-input-secret').getAttribute('type'), 'password');
        await typeInto(page, 'node-input-trustedProxies', 'proxy.lan');
        assert.equal(await fieldInvalid(page, 'node-input-trustedProxies'), true, 'a host name is not an address');
        await typeInto(page, 'node-input-trustedProxies', 'loopback, 10.0.0.0/8');
        assert.equal(await fieldInvalid(page, 'node-input-trustedProxies'), false);
        await typeInto(page, 'node-input-path', '/hooks/ezviz');
        await page.locator('#node-input-secret').fill('whsec-editor-test');
        await pressDone(page);
        assert.equal(await nodeProp(page, id, 'valid'), true);
        assert.equal(await nodeProp(page, id, 'source'), 'webhook');
        assert.equal(await nodeProp(page, id, 'path'), '/hooks/ezviz');
        assert.equal(await nodeProp(page, id, 'trustedProxies'), 'loopback, 10.0.0.0/8');
        assert.equal(String(await nodeProp(page, id, 'group')), '3');
        await removeNode(page, id);
      });
    });
  });

  // The palette, help and examples (test/support/editor-nodes.ts): before the walks, whose Chinese
  // part switches this page's language.
  nodeEditorTests(suite);
  // What a first-time user builds from the palette, in this editor (test/support/first-flows.ts).
  firstFlowTests(suite);
  // The editor of a browser that asks for Chinese, a second page (test/support/editor-nodes.ts).
  chineseBrowserTests(suite);
});
