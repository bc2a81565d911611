// The editor's config dialog and the edit dialogs of the storage and PTZ operation nodes, in
// Debian's Chromium: the account made in the config dialog (secrets as password fields, never in
// /flows, the credentials API or the reloaded editor), then each node's fields and validation.
// Skipped (and said so) when /usr/bin/chromium is missing; .ci/run installs it.

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_TYPE } from '../../nodes/shared/operations/operations';
import { loadEditor, type BrowserEnv, type EditorSession } from '../support/browser-env';
import {
  chooseTypedInputType,
  deploy,
  fieldInvalid,
  nodeIds,
  nodeProp,
  dropNode,
  openNodeDialog,
  pressDone,
  typeInto,
  waitForNode,
  waitForTrayIdle,
} from '../support/browser-editor';
import { editorSuite } from '../support/editor-suite';
import { operationDialogTests } from '../support/editor-dialog-checks';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Secrets typed into the config dialog: they must never come back from the server. */
const SECRET_TOKEN = 'at.browser-secret-token-7c1f';
const SECRET_APP_SECRET = 'browser-app-secret-93ad';

describe('browser: the config dialog and the storage and PTZ dialogs in the Node-RED editor (Chromium)', function () {
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
    // The dialogs of the first five operations (editor-dialogs-2 the others).
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
});
