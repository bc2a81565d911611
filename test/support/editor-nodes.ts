// The package's nodes as a user finds them in the Node-RED editor, registered by
// test/browser/editor-dialogs.test.ts in its Node-RED and editor (they were a file of their own,
// editor-nodes, with a Node-RED start and an editor load of its own). In the editor page, after the
// dialogs' tests (nodeEditorTests): the palette, the help of every node, the examples under Import >
// Examples, an imported example deployed and run against the simulator. Then, after the first-time
// user's walks (chineseBrowserTests), in a second page of a browser that asks for Chinese (zh-CN):
// every node's dialog with Chinese labels, tips and validator messages, the config dialog and the
// help of every node.

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_TYPE, OPERATIONS } from '../../client/operations/operations';
import { ROOT, screenshotOnFailure, type BrowserEnv, type EditorSession } from './browser-env';
import {
  closeDialogs,
  debugMessages,
  deploy,
  dropNode,
  moreNodesOf,
  nodeIds,
  nthDebugMessage,
  openExamples,
  openNodeDialog,
  pressDone,
  pressInject,
  recordDebugMessages,
  typeInto,
  validationMessage,
  waitForTrayIdle,
} from './browser-editor';
import {
  ALL_TYPES,
  CJK,
  EXAMPLE_FILES,
  NODE_SPECS,
  PACKAGE,
  PALETTE_TYPES,
  showHelp,
  type EditorSuite,
} from './editor-suite';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The palette, help and examples tests, in `suite`'s editor page (registered in the current
 * describe). The example they import is deployed with what the page holds; the debug messages
 * they count are their own (those recorded before them left aside). */
export function nodeEditorTests(suite: EditorSuite): void {
  describe('the EZVIZ nodes in the editor: palette, help, examples', function () {
    let env: BrowserEnv;
    let session: EditorSession;
    before(function () {
      env = suite.env();
      session = suite.session();
    });

    after(async function () {
      // The notifications the import and the deploy left are put away (as the switch walk of
      // test/support/first-flows.ts does): under Node-RED 5 they stay over the walks' drop area.
      if (session)
        await session.page.evaluate(() => document.querySelectorAll('.red-ui-notification').forEach((n) => n.remove()));
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

    describe('help', function () {
      ALL_TYPES.forEach((type) => {
        it(`${type}: renders in the help sidebar`, async function () {
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
              : type === 'ezviz-stream'
                ? ['deviceSerial', 'path', 'maxViewers', 'idleClose', 'maxMinutesPerDay', 'key']
                : ['interval', 'alarmId', 'alarmType', 'deviceSerial', 'alarmDate'];
            for (const name of names) assert.ok(help.text.includes(name), `help mentions ${name}`);
          }
          assert.ok(
            !/node-red-contrib-ezviz-open\/|\bezviz-[a-z-]+\.[a-z]+\.|\b(params|editor|errors|status)\.[a-zA-Z]+\./.test(
              help.text,
            ),
            'no catalog keys in the help',
          );
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
        await moreNodesOf(page, 'ezviz-ptz-start', ptzBefore);
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
        // still one (two accounts once had separate state). The card password stays a credential.
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
        await moreNodesOf(page, 'ezviz-storage-open', openBefore.length);
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
        const earlier = (await debugMessages(page)).length; // none yet: the walks that record too come later
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
        const ok = await nthDebugMessage(page, earlier + 1);
        assert.equal(ok.name, 'ptz-start: result');
        assert.match(ok.msg, /"code":\s*"200"/);
        await pressInject(page, await injectId('C00000002: offline (20007)'));
        const err = await nthDebugMessage(page, earlier + 2);
        assert.equal(err.name, 'ptz-start: error');
        assert.match(err.msg, /"code":\s*"20007"/);
        // ... and the sidebar shows both.
        const sidebar = page.locator('.red-ui-debug-content-list .red-ui-debug-msg');
        await sidebar.nth(earlier + 1).waitFor({ state: 'visible' });
        const text = await page.locator('.red-ui-debug-content-list').innerText();
        assert.ok(text.includes('ptz-start: result') && text.includes('ptz-start: error'), text);
        assert.ok(text.includes('C00000002: offline (20007)'), 'the topic of the inject');
        assert.ok(text.includes('20007'), 'the error code');
        assert.ok(env.sim.requestLog().some((e) => e.path === '/api/lapp/device/ptz/start' && e.code === '20007'));
        // Stop the camera again, as the example's comment asks.
        await pressInject(page, await injectId('stop'));
        const stopped = await nthDebugMessage(page, earlier + 3);
        assert.equal(stopped.name, 'ptz-stop: result');
        assert.match(stopped.msg, /"code":\s*"200"/);
      });
    });
  });
}

/** The editor in a second page, of a browser that asks for Chinese (registered in the current
 * describe; after the walks, whose page was switched to Chinese by its language setting). */
export function chineseBrowserTests(suite: EditorSuite): void {
  let zh: EditorSession; // the zh-CN page

  describe('in Chinese (zh-CN): a second page, of a browser that asks for Chinese', function () {
    before(async function () {
      this.timeout(120000);
      // A fresh context in zh-CN (the editor follows the browser's language; the walks switched the
      // first page's language setting instead), on a flow tab of its own: the others hold the
      // dialogs' nodes, the examples imported and the walks' flows.
      zh = await suite.env().openEditor('zh-CN');
      await zh.page.evaluate(() => (globalThis as any).RED.actions.invoke('core:add-flow'));
    });

    afterEach(async function () {
      if (!zh) return;
      await screenshotOnFailure(this, zh.page, 'zh-CN');
      if (this.currentTest && this.currentTest.state === 'failed') await closeDialogs(zh.page);
    });

    it('opens the editor in Chinese', async function () {
      assert.equal(await zh.page.evaluate(() => (globalThis as any).RED.i18n.lang()), 'zh-CN');
    });

    // One test per dialog (a test each, so that a loaded machine's slow dialog does not time out
    // the others); together they are the dialogs of every node.
    Object.values(OPERATIONS).forEach((spec, i) => {
      it(`shows the dialog of ${spec.type} with Chinese labels`, async function () {
        const { page } = zh;
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
      const { page } = zh;
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
      const { page } = zh;
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
        const help = await showHelp(zh, type);
        assert.ok(CJK.test(help.summary), `${type}: summary "${help.summary}" is Chinese`);
        assert.ok(CJK.test(help.title), `${type}: title "${help.title}" is Chinese`);
      }
    });
  });
}
