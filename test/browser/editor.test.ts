// The package as a user meets it in the Node-RED editor, in Debian's Chromium: palette, edit
// dialogs with validation, the config dialog's secrets, help, the examples menu, an imported
// example deployed and run against the simulator, every example inject, the editor in Chinese.
// Skipped (and said so) when /usr/bin/chromium is missing; .ci/run installs it.

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_TYPE, OPERATIONS, type ParamKind } from '../../nodes/shared/operations/operations';
import { STATE_NODES } from '../../nodes/shared/operations/state-calls';
import { MEDIA_NODES } from '../../nodes/shared/operations/voice';
import { UPKEEP_NODES } from '../../nodes/shared/operations/settings';
import { DIRECTIONS, IMMEDIATELY, MIRROR_COMMANDS, SPEEDS } from '../../nodes/shared/operations/enums';
import {
  ROOT,
  demo,
  screenshotOnFailure,
  skipWithoutChromium,
  startBrowserEnv,
  loadEditor,
  type BrowserEnv,
  type EditorSession,
} from '../support/browser-env';
import {
  chooseTypedInputType,
  closeDialogs,
  debugMessages,
  deploy,
  dropNode,
  fieldInvalid,
  nodeIds,
  nodeProp,
  nthDebugMessage,
  openExamples,
  openNodeDialog,
  pressDone,
  pressInject,
  recordDebugMessages,
  triangleShown,
  typeInto,
  validationMessage,
  waitForNode,
  waitForTrayIdle,
} from '../support/browser-editor';
import { errorIn, expectedCodes } from '../support/examples-run';

/* eslint-disable @typescript-eslint/no-explicit-any */

const OPERATION_TYPES: string[] = Object.values(OPERATIONS).map((o) => o.type);
/** Palette nodes: the operation nodes and the alarm node (a source with its own dialog). */
const NODE_SPECS = [STATE_NODES, MEDIA_NODES, UPKEEP_NODES].flatMap((table) => Object.values(table));
const PALETTE_TYPES: string[] = [...OPERATION_TYPES, 'ezviz-alarm', ...NODE_SPECS.map((o) => o.type)];
const ALL_TYPES = [CONFIG_TYPE, ...PALETTE_TYPES];
const PACKAGE = 'node-red-contrib-ezviz-open';
const EXAMPLE_FILES = fs
  .readdirSync(path.join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.json'))
  .sort();
const CJK = /[\u4e00-\u9fff]/;

/** Secrets typed into the config dialog: they must never come back from the server. */
const SECRET_TOKEN = 'at.browser-secret-token-7c1f';
const SECRET_APP_SECRET = 'browser-app-secret-93ad';

/** A bad and a good value for each parameter kind typed as text (list kinds are menus). */
const TYPED_VALUES: Partial<Record<ParamKind, { bad: string; good: string }>> = {
  serial: { bad: 'bad serial!', good: 'C00000001' },
  channel: { bad: '0', good: '1' },
  index: { bad: '0', good: '3' },
  phone: { bad: 'call me', good: '13800000001' },
  duration: { bad: '-5', good: '2000' },
};

/** Parameters offered as a select of friendly names: TypedInput type and the names. */
const SELECTS: Partial<Record<ParamKind, { type: string; names: string[] }>> = {
  direction: { type: 'direction', names: Object.keys(DIRECTIONS) },
  speed: { type: 'speed', names: Object.keys(SPEEDS) },
  mirror: { type: 'mirror', names: Object.keys(MIRROR_COMMANDS) },
  immediately: { type: 'immediately', names: Object.keys(IMMEDIATELY) },
};

/** Deletes a node from the workspace (as the Delete key does). */
async function removeNode(page: EditorSession['page'], id: string): Promise<void> {
  await page.evaluate((i) => {
    const RED = (globalThis as any).RED;
    RED.nodes.remove(i);
    RED.nodes.dirty(true);
    RED.view.redraw(true);
  }, id);
}

/** A translated validator message: a sentence, not a bare catalog key. */
function assertTranslated(message: unknown, what: string): void {
  assert.equal(typeof message, 'string', `${what}: the validator returns a message`);
  const text = message as string;
  assert.ok(text.trim().length > 3, `${what}: message "${text}" is empty`);
  assert.ok(
    !/^[\w-]+(\/[\w-]+)?:[\w.]+$/.test(text) && !/^[\w-]+\.[\w.]+$/.test(text),
    `${what}: message "${text}" looks like an untranslated catalog key`,
  );
}

describe('browser: the EZVIZ nodes in the Node-RED editor (Chromium)', function () {
  this.timeout(60000);
  let env: BrowserEnv;
  let session: EditorSession;
  let configId = '';

  before(async function () {
    skipWithoutChromium(this);
    this.timeout(90000);
    env = await startBrowserEnv();
    session = await env.openEditor('en-US');
  });

  after(async function () {
    this.timeout(30000);
    if (env) await env.stop();
  });

  let reportedDeath = false;
  afterEach(async function () {
    await screenshotOnFailure(this, session && session.page);
    if (session && this.currentTest && this.currentTest.state === 'failed') await closeDialogs(session.page);
    if (env && !env.nodeRedAlive() && !reportedDeath) {
      reportedDeath = true;
      console.log(`      Node-RED has exited; the end of its log:\n${env.nodeRedLog().slice(-4000)}`);
    }
  });

  describe('palette', function () {
    it('loads the editor without script errors', function () {
      assert.deepEqual(session.pageErrors, []);
    });

    it('shows the operation nodes and the alarm node under EZVIZ, the config node only as a config node', async function () {
      const { page } = session;
      const header = await page.locator('#red-ui-palette-header-EZVIZ').innerText();
      assert.equal(header.trim(), 'EZVIZ');
      const inPalette = await page.evaluate(() =>
        (globalThis as any)
          .$('#red-ui-palette-container-EZVIZ .red-ui-palette-node')
          .map((_i: number, e: any) => e.getAttribute('data-palette-type'))
          .get(),
      );
      assert.deepEqual([...inPalette].sort(), [...PALETTE_TYPES].sort());
      const registered = await page.evaluate(
        (types) =>
          types.map((t) => {
            const def = (globalThis as any).RED.nodes.getType(t);
            return def ? { type: t, category: def.category, color: def.color } : null;
          }),
        ALL_TYPES,
      );
      for (const [i, def] of registered.entries()) assert.ok(def, `${ALL_TYPES[i]} is registered in the editor`);
      assert.equal(registered[0]!.category, 'config');
      assert.equal(await page.locator(`.red-ui-palette-node[data-palette-type="${CONFIG_TYPE}"]`).count(), 0);
      const colors = new Set(registered.slice(1).map((d) => String(d!.color).toLowerCase()));
      assert.ok(colors.size <= 3, `one colour family, got ${[...colors].join(', ')}`);
    });

    it('gives every palette node a label and a white SVG icon of the package', async function () {
      const { page } = session;
      for (const type of PALETTE_TYPES) {
        const node = page.locator(`.red-ui-palette-node[data-palette-type="${type}"]`);
        const label = (await node.locator('.red-ui-palette-label').innerText()).trim();
        assert.ok(label.length > 0 && !label.includes('ezviz-'), `${type}: palette label "${label}"`);
        const iconUrl = await node.locator('.red-ui-palette-icon').evaluate((e: any) => {
          const style = (globalThis as any).getComputedStyle(e);
          return style.backgroundImage || style.maskImage || style.webkitMaskImage || '';
        });
        const m = /url\("?([^")]+)"?\)/.exec(iconUrl);
        assert.ok(m, `${type}: icon url in "${iconUrl}"`);
        assert.ok(m![1].includes(`icons/${PACKAGE}/`) && m![1].endsWith('.svg'), `${type}: icon ${m![1]}`);
        const res = await page.request.get(m![1]);
        assert.equal(res.status(), 200, `${type}: icon ${m![1]} loads`);
        const svg = await res.text();
        assert.ok(/<svg[\s>]/.test(svg), `${type}: icon is an SVG`);
        assert.ok(
          /fill="(#fff|#ffffff|white)"/i.test(svg) || /fill:\s*(#fff|#ffffff|white)/i.test(svg),
          `${type}: icon is white`,
        );
      }
    });
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
    Object.values(OPERATIONS).forEach((spec, i) => {
      it(`${spec.type}: shows its fields, rejects bad values, accepts good ones`, async function () {
        assert.ok(configId, 'the config node test ran first');
        const { page } = session;
        const id = await dropNode(page, spec.type, 260, 120 + i * 45);
        await openNodeDialog(page, id);
        // Fields: account, one TypedInput per parameter with its label, name.
        assert.ok(await page.locator('#node-input-config').isVisible(), 'account select');
        assert.ok(await page.locator('#node-input-name').isVisible(), 'name field');
        for (const p of spec.params) {
          const container = page.locator(`#node-input-${p.name} + .red-ui-typedInput-container`);
          assert.ok(await container.isVisible(), `${p.name}: TypedInput shown`);
          const label = (await page.locator(`label[for="node-input-${p.name}"]`).innerText()).trim();
          assert.ok(label.length > 1 && !label.includes('.label'), `${p.name}: label "${label}"`);
          assert.ok((await page.locator(`#node-input-${p.name}Type`).count()) === 1, `${p.name}Type field`);
        }
        // The account made in the config dialog test is offered; pick it.
        await page.locator('#node-input-config').selectOption(configId);

        for (const p of spec.params) {
          const values = TYPED_VALUES[p.kind];
          if (!values) continue;
          const field = `node-input-${p.name}`;
          const type = await page.evaluate((f) => (globalThis as any).$(`#${f}`).typedInput('type'), field);
          if (type !== 'str' && type !== 'num') await chooseTypedInputType(page, field, 'str');
          await typeInto(page, field, values.bad);
          assert.equal(await fieldInvalid(page, field), true, `${p.name} "${values.bad}" is marked invalid`);
          assertTranslated(await validationMessage(page, id, p.name, values.bad), `${p.name} "${values.bad}"`);
          await typeInto(page, field, values.good);
          assert.equal(await fieldInvalid(page, field), false, `${p.name} "${values.good}" is accepted`);
        }

        // Direction, speed, mirror command and isImmediately: a select of the friendly names.
        const picked: Record<string, string> = {};
        for (const p of spec.params) {
          const select = SELECTS[p.kind];
          if (!select) continue;
          const field = `node-input-${p.name}`;
          await chooseTypedInputType(page, field, select.type);
          await page
            .locator(`#${field} + .red-ui-typedInput-container button.red-ui-typedInput-option-trigger`)
            .click();
          const menu = page.locator('.red-ui-typedInput-options:visible');
          await menu.waitFor({ state: 'visible' });
          await page.waitForFunction(() => (globalThis as any).$('.red-ui-typedInput-options:animated').length === 0);
          const offered = await menu
            .locator('a')
            .evaluateAll((as: any[]) => as.map((a) => [a.getAttribute('value'), a.textContent]));
          for (const name of select.names) {
            const hit = offered.find(([v]) => v === name);
            assert.ok(hit, `${p.name}: "${name}" offered (${offered.map(([v]) => v).join(', ')})`);
            assert.ok(String(hit![1]).trim().length > 0, `${p.name}: "${name}" has a label`);
          }
          const choice = select.names[select.names.length - 1];
          await menu.locator(`a[value="${choice}"]`).click();
          await menu.waitFor({ state: 'hidden' });
          const shown = await page.evaluate((f) => (globalThis as any).$(`#${f}`).typedInput('value'), field);
          assert.equal(shown, choice, `${p.name}: "${choice}" chosen in the dialog`);
          picked[p.name] = choice;
        }

        // Saved with a bad serial: the node shows the invalid triangle; fixed, it does not.
        await typeInto(page, 'node-input-deviceSerial', 'no/serial');
        await pressDone(page);
        assert.equal(await nodeProp(page, id, 'valid'), false, 'saved with a bad serial: invalid');
        assert.equal(await triangleShown(page, id), true, 'invalid triangle shown');
        await openNodeDialog(page, id);
        assert.equal(await fieldInvalid(page, 'node-input-deviceSerial'), true, 'the bad field is marked on reopening');
        await typeInto(page, 'node-input-deviceSerial', 'c00000003');
        await pressDone(page);
        assert.equal(await nodeProp(page, id, 'valid'), true, 'valid after the fix');
        assert.equal(await triangleShown(page, id), false, 'no triangle after the fix');
        assert.equal(await nodeProp(page, id, 'config'), configId);
        for (const [name, choice] of Object.entries(picked)) {
          assert.equal(await nodeProp(page, id, name), choice, `${name} saved as chosen`);
          assert.equal(
            await nodeProp(page, id, `${name}Type`),
            SELECTS[
              Object.values(OPERATIONS)
                .flatMap((o) => o.params)
                .find((q) => q.name === name)!.kind
            ]!.type,
            `${name}Type saved`,
          );
        }
      });
    });

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

  describe('help', function () {
    ALL_TYPES.forEach((type) => {
      it(`${type}: renders in the help sidebar`, async function () {
        const { page } = session;
        const help = await showHelp(session, type);
        assert.ok(help.title.trim().length > 0 && help.title !== type, `title "${help.title}"`);
        assert.ok(help.summary.length > 20, `one-sentence summary: "${help.summary}"`);
        assert.ok(
          help.links.some((h) => /ys7\.com|ezvizlife\.com|ezviz/i.test(h)),
          `references: ${help.links.join(', ')}`,
        );
        if (type !== CONFIG_TYPE) {
          assert.ok(help.sections >= 3, `Inputs, Outputs, Details (${help.sections} sections)`);
          assert.equal(help.ports, 2, 'Outputs lists two ports');
          assert.ok(help.messageProperties > 0, 'message properties listed');
          const spec = [...Object.values(OPERATIONS), ...NODE_SPECS].find((o) => o.type === type);
          const names = spec
            ? spec.params.map((p) => p.name)
            : ['interval', 'alarmId', 'alarmType', 'deviceSerial', 'alarmDate'];
          for (const name of names) assert.ok(help.text.includes(name), `help mentions ${name}`);
        }
        assert.ok(
          !/node-red-contrib-ezviz-open\/|\bezviz-[a-z-]+\.[a-z]+\.|\b(params|editor|errors|status)\.[a-zA-Z]+\./.test(
            help.text,
          ),
          'no catalog keys in the help',
        );
        await page.waitForTimeout(10);
      });
    });
  });

  describe('examples', function () {
    it('lists the examples under Import > Examples and imports one with its credentials', async function () {
      const { page } = session;
      const names0 = EXAMPLE_FILES.map((f) => f.replace(/\.json$/, ''));
      let tree = await openExamples(page, PACKAGE, names0[0]);
      const names = EXAMPLE_FILES.map((f) => f.replace(/\.json$/, ''));
      for (const name of names) {
        await tree.locator('.red-ui-treeList-label-text', { hasText: name }).first().waitFor({ state: 'visible' });
      }
      const ptzBefore = (await nodeIds(page, 'ezviz-ptz-start')).length;
      await tree.locator('.red-ui-treeList-label', { hasText: '02-ptz-control' }).first().click();
      await page.locator('#red-ui-clipboard-dialog-ok').click();
      await page.waitForFunction((n) => {
        let count = 0;
        (globalThis as any).RED.nodes.eachNode((x: any) => {
          if (x.type === 'ezviz-ptz-start') count += 1;
        });
        return count > n;
      }, ptzBefore);
      const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', '02-ptz-control.json'), 'utf8'));
      const cfg = example.find((n: any) => n.type === CONFIG_TYPE);
      const imported = await page.evaluate((name) => {
        let found: any = null;
        (globalThis as any).RED.nodes.eachConfig((n: any) => {
          if (n.name === name) found = n;
        });
        return found && { id: found.id, credentials: found.credentials, baseUrl: found.baseUrl };
      }, cfg.name);
      assert.ok(imported, 'the example brings its account');
      assert.equal(imported.baseUrl, 'http://127.0.0.1:8089');
      assert.equal(
        imported.credentials && imported.credentials.appKey,
        cfg.credentials.appKey,
        'app key kept on import',
      );
      assert.equal(
        imported.credentials && imported.credentials.appSecret,
        cfg.credentials.appSecret,
        'app secret kept on import',
      );

      // A second example brings the same demo account (same config node id): Node-RED 4.1 says that
      // some nodes already exist; "Import copy" imports the flow and finds the account, so there is
      // still one (issue 22: two accounts had separate state). The card password stays a credential.
      const configsOf = (): Promise<string[]> =>
        page.evaluate((type) => {
          const ids: string[] = [];
          (globalThis as any).RED.nodes.eachConfig((n: any) => {
            if (n.type === type) ids.push(n.id);
          });
          return ids.sort();
        }, CONFIG_TYPE);
      const accountsBefore = await configsOf();
      assert.ok(accountsBefore.includes(cfg.id), 'the demo account came with the first example');
      const openBefore = await nodeIds(page, 'ezviz-storage-open');
      tree = await openExamples(page, PACKAGE, '01-cloud-storage');
      await tree.locator('.red-ui-treeList-label', { hasText: '01-cloud-storage' }).first().click();
      await page.locator('#red-ui-clipboard-dialog-ok').click();
      const prompt = page.locator('.red-ui-notification', { hasText: 'already exist' });
      await prompt.waitFor({ state: 'visible' });
      await prompt.locator('button', { hasText: 'Import copy' }).click();
      await page.waitForFunction((n) => {
        let count = 0;
        (globalThis as any).RED.nodes.eachNode((x: any) => {
          if (x.type === 'ezviz-storage-open') count += 1;
        });
        return count > n;
      }, openBefore.length);
      assert.deepEqual(await configsOf(), accountsBefore, 'no second demo account');
      const storage = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', '01-cloud-storage.json'), 'utf8')).find(
        (n: any) => n.type === 'ezviz-storage-open',
      );
      const openId = (await nodeIds(page, 'ezviz-storage-open')).find((i) => !openBefore.includes(i))!;
      const card = await page.evaluate((i) => {
        const n = (globalThis as any).RED.nodes.node(i);
        return n && { type: n.cardPasswordType, value: n.cardPassword, credentials: n.credentials, config: n.config };
      }, openId);
      assert.equal(card && card.config, cfg.id, 'the copy uses the existing account');
      assert.ok(card, 'storage-open imported');
      assert.equal(card!.type, 'cred');
      assert.equal(card!.value, '', 'the card password is not a property');
      assert.equal(
        card!.credentials && card!.credentials.cardPassword,
        storage.credentials.cardPassword,
        'card password kept as a credential',
      );
    });

    it('runs the imported example against the simulator: results and errors in the debug sidebar', async function () {
      const { page } = session;
      const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', '02-ptz-control.json'), 'utf8'));
      const ptzStart = example.find((n: any) => n.type === 'ezviz-ptz-start');
      const startId = await page.evaluate((name) => {
        let found = '';
        (globalThis as any).RED.nodes.eachNode((n: any) => {
          if (n.type === 'ezviz-ptz-start' && n.name === name) found = n.id;
        });
        return found;
      }, ptzStart.name);
      assert.ok(startId, 'the imported ptz-start node');
      // Point the example's account at this test's simulator, as a user would for another port.
      await openNodeDialog(page, startId);
      await page.locator('#node-input-btn-config-edit').click();
      await page.locator('#node-config-dialog-ok').waitFor({ state: 'visible' });
      await waitForTrayIdle(page);
      assert.equal(await page.locator('#ezviz-config-region').inputValue(), 'custom');
      await typeInto(page, 'node-config-input-baseUrl', env.sim.url);
      await page.locator('#node-config-dialog-ok').click();
      await page.locator('#node-config-dialog-ok').waitFor({ state: 'detached' });
      await waitForTrayIdle(page);
      await pressDone(page);
      await deploy(page);

      await page.evaluate(() => (globalThis as any).RED.sidebar.show('debug'));
      await recordDebugMessages(page);
      const injectId = async (topic: string): Promise<string> =>
        page.evaluate((tp) => {
          let found = '';
          const RED = (globalThis as any).RED;
          RED.nodes.eachNode((n: any) => {
            if (
              n.type === 'inject' &&
              n.topic === tp &&
              RED.nodes.workspace(n.z) &&
              /PTZ/.test(RED.nodes.workspace(n.z).label)
            )
              found = n.id;
          });
          return found;
        }, topic);

      await pressInject(page, await injectId('C00000001 left'));
      const ok = await nthDebugMessage(page, 1);
      assert.equal(ok.name, 'ptz-start: result');
      assert.match(ok.msg, /"code":\s*"200"/);
      await pressInject(page, await injectId('C00000002: offline (20007)'));
      const err = await nthDebugMessage(page, 2);
      assert.equal(err.name, 'ptz-start: error');
      assert.match(err.msg, /"code":\s*"20007"/);
      // ... and the sidebar shows both.
      const sidebar = page.locator('.red-ui-debug-content-list .red-ui-debug-msg');
      await sidebar.nth(1).waitFor({ state: 'visible' });
      const text = await page.locator('.red-ui-debug-content-list').innerText();
      assert.ok(text.includes('ptz-start: result') && text.includes('ptz-start: error'), text);
      assert.ok(text.includes('C00000002: offline (20007)'), 'the topic of the inject');
      assert.ok(text.includes('20007'), 'the error code');
      assert.ok(env.sim.requestLog().some((e) => e.path === '/api/lapp/device/ptz/start' && e.code === '20007'));
      // Stop the camera again, as the example's comment asks.
      await pressInject(page, await injectId('stop'));
      const stopped = await nthDebugMessage(page, 3);
      assert.equal(stopped.name, 'ptz-stop: result');
      assert.match(stopped.msg, /"code":\s*"200"/);
    });
  });

  describe('every example, deployed as the demo deploys it', function () {
    let run: EditorSession | undefined;
    afterEach(async function () {
      await screenshotOnFailure(this, run && run.page, 'examples');
    });
    after(async function () {
      if (run) await run.close();
    });

    it('each inject of each example gives the documented result or error', async function () {
      const { flows, credentials } = demo.buildDemoFlows(env.sim.url);
      // Each press waits until the sidebar is quiet for 0.6 s: the budget grows with the examples
      // (58 injects in eight examples of 0.3; 90 s was too short on a loaded machine).
      this.timeout(30000 + 2500 * flows.filter((n) => n.type === 'inject').length);
      const body = flows.map((n) =>
        credentials[n.id as string] ? { ...n, credentials: credentials[n.id as string] } : n,
      );
      // A preset call takes 2 s in the default state; short here so the buttons can follow each other.
      (env.sim.state as any).settings.presetCallMs = 100;
      run = await env.openEditor('en-US');
      const { page } = run;
      const res = await page.request.post(`${env.url}flows`, {
        data: body,
        headers: { 'Node-RED-Deployment-Type': 'full', 'Node-RED-API-Version': 'v1' },
      });
      assert.equal(res.status(), 204, await res.text());
      await loadEditor(page, env.url);
      const injects = flows.filter((n) => n.type === 'inject');
      await waitForNode(page, injects[injects.length - 1].id as string);
      // The editor's validators accept every node of the examples (no invalid triangles).
      const invalid = await page.evaluate(() => {
        const RED = (globalThis as any).RED;
        const bad: string[] = [];
        const check = (n: any) => {
          RED.editor.validateNode(n);
          if (n.valid === false) bad.push(`${n.type} "${n.name || n.id}": ${(n.validationErrors || []).join(', ')}`);
        };
        RED.nodes.eachNode(check);
        RED.nodes.eachConfig(check);
        return bad;
      });
      assert.deepEqual(invalid, [], 'example nodes the editor marks invalid');
      await page.evaluate(() => (globalThis as any).RED.sidebar.show('debug'));
      await recordDebugMessages(page);
      // Each inject ends as its name says (the examples' convention, test/support/examples-run.ts):
      // an error in the debug sidebar only with "(code)" at the end of its name, and then that code.
      // test/nodes/examples.test.ts runs the same against the simulator's command line; here the
      // sidebar of a real editor shows them.
      const problems: string[] = [];
      let seen = 0;
      for (const inject of injects) {
        await pressInject(page, inject.id as string);
        let count = seen;
        for (let quiet = 0; quiet < 6;) {
          // until nothing new for 0.6 s
          await page.waitForTimeout(100);
          const now = (await debugMessages(page)).length;
          quiet = now === count ? quiet + 1 : 0;
          count = now;
        }
        const fresh = (await debugMessages(page)).slice(seen);
        seen = count;
        const want = expectedCodes(String(inject.name));
        const errors = fresh
          .map((m) => {
            try {
              return errorIn(JSON.parse(m.msg));
            } catch {
              return undefined;
            }
          })
          .filter((e) => e !== undefined);
        const label = `"${inject.name}"`;
        if (!want.length && errors.length)
          problems.push(`${label}: error ${errors.map((e) => e!.code).join(', ')} in the sidebar`);
        if (want.length && !errors.some((e) => want.includes(e!.code)))
          problems.push(`${label}: no error ${want.join('/')}: ${fresh.map((m) => m.msg).join(' | ')}`);
      }
      assert.deepEqual(problems, []);
      const shown = await page.locator('.red-ui-debug-content-list .red-ui-debug-msg').count();
      // The sidebar keeps the last 99 messages (Node-RED's debug-utils.js: numMessages 100, and the
      // oldest goes as the list reaches 100).
      assert.equal(shown, Math.min(seen, 99), 'the debug sidebar shows every message (its last 99)');
      const log = JSON.stringify(env.sim.requestLog());
      assert.ok(!log.includes('CARD-VALID-0001') && !log.includes('demo-app-secret'), 'simulator log masks secrets');
    });
  });

  describe('in Chinese (zh-CN)', function () {
    let zh: EditorSession | undefined;
    afterEach(async function () {
      await screenshotOnFailure(this, zh && zh.page, 'zh-CN');
    });
    after(async function () {
      if (zh) await zh.close();
    });

    it('shows the dialogs of every node with Chinese labels', async function () {
      zh = await env.openEditor('zh-CN');
      const { page } = zh;
      assert.equal(await page.evaluate(() => (globalThis as any).RED.i18n.lang()), 'zh-CN');
      for (const [i, spec] of Object.values(OPERATIONS).entries()) {
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
      }
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
      const [anyNode] = await nodeIds(page, 'ezviz-ptz-start');
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
      if (!zh) zh = await env.openEditor('zh-CN');
      for (const type of ALL_TYPES) {
        const help = await showHelp(zh!, type);
        assert.ok(CJK.test(help.summary), `${type}: summary "${help.summary}" is Chinese`);
        assert.ok(CJK.test(help.title), `${type}: title "${help.title}" is Chinese`);
      }
    });
  });
});

interface HelpView {
  title: string;
  summary: string;
  text: string;
  sections: number;
  ports: number;
  messageProperties: number;
  links: string[];
}

/** Opens the help sidebar on `type` and reads what it shows. */
async function showHelp(s: EditorSession, type: string): Promise<HelpView> {
  const { page } = s;
  await page.evaluate((t) => (globalThis as any).RED.sidebar.help.show(t), type);
  await page.waitForFunction(() => (globalThis as any).$('.red-ui-help-title:visible').length === 1);
  return page.evaluate(() => {
    const $ = (globalThis as any).$;
    const title = $('.red-ui-help-title:visible').first();
    const body = title.nextAll('.red-ui-help').first();
    const firstP = body.find('p').first().text().trim();
    return {
      title: title.text(),
      summary: firstP,
      text: body.text(),
      sections: body.find('h3').length,
      ports: body.find('ol.node-ports > li').length,
      messageProperties: body.find('dl.message-properties').length,
      links: body
        .find('a')
        .map((_i: number, a: any) => a.getAttribute('href') || '')
        .get(),
    };
  });
}
