// Every example, deployed as the demo deploys it, in the Node-RED editor in Debian's Chromium: the
// editor's validators accept every node, and each inject, pressed on the canvas, ends in the debug
// sidebar as its name says. Skipped (and said so) when /usr/bin/chromium is missing.

import { strict as assert } from 'assert';
import { demo, loadEditor, type BrowserEnv, type EditorSession } from '../support/browser-env';
import { waitForNode } from '../support/browser-editor';
import { editorPresses } from '../support/editor-press';
import { errorIn, expectedCodes } from '../support/examples-run';
import { editorSuite } from '../support/editor-suite';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe('browser: the examples in the Node-RED editor (Chromium)', function () {
  this.timeout(60000);
  const suite = editorSuite();
  let env: BrowserEnv;
  let session: EditorSession;
  before(function () {
    env = suite.env();
    session = suite.session();
  });

  describe('every example, deployed as the demo deploys it', function () {
    it('each inject of each example gives the documented result or error', async function () {
      const { flows, credentials } = demo.buildDemoFlows(env.sim.url);
      // Each press waits for its outcome and a short settle: the budget grows with the examples.
      this.timeout(30000 + 2500 * flows.filter((n) => n.type === 'inject').length);
      const body = flows.map((n) =>
        credentials[n.id as string] ? { ...n, credentials: credentials[n.id as string] } : n,
      );
      // A preset call takes 2 s in the default state; short here so the buttons can follow each other.
      (env.sim.state as any).settings.presetCallMs = 100;
      const { page } = session;
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
      const presses = await editorPresses(page, env.sim, flows);
      // Each inject ends as its name says (the examples' convention, test/support/examples-run.ts):
      // an error in the debug sidebar only with "(code)" at the end of its name, and then that code.
      // test/nodes/examples.test.ts runs the same against the simulator's command line; here the
      // sidebar of a real editor shows them.
      const problems: string[] = [];
      for (const inject of injects) {
        const fresh = await presses.press(inject.id as string);
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
      assert.equal(shown, Math.min(presses.count(), 99), 'the debug sidebar shows every message (its last 99)');
      const log = JSON.stringify(env.sim.requestLog());
      assert.ok(!log.includes('CARD-VALID-0001') && !log.includes('demo-app-secret'), 'simulator log masks secrets');
    });
  });
});
