// Every example, deployed as the demo deploys it, in the Node-RED editor in Debian's Chromium
// (test/browser/editor-examples.test.ts presses them all): the editor's validators accept every
// node, and each inject, pressed on the canvas, ends in the debug sidebar as its name says.
// Skipped (and said so) when /usr/bin/chromium is missing.

import { strict as assert } from 'assert';
import * as path from 'path';
import { demo, type BrowserEnv, type EditorSession } from './browser-env';
import { waitForNode } from './browser-editor';
import { editorPresses } from './editor-press';
import { errorIn, expectedCodes } from './examples-run';
import { editorSuite } from './editor-suite';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The suite of examples `from` (0-based) to `to` (excluded; without it, to the last), in the demo's
 * order (its tabs). */
export function exampleInjectsSuite(from: number, to?: number): void {
  const which = to === undefined ? `${from + 1} to the last` : `${from + 1} to ${to}`;
  describe(`browser: the examples in the Node-RED editor (Chromium), ${which}`, function () {
    this.timeout(60000);
    // Every example deployed as the demo deploys it, before the editor opens; the runtime's sleeps
    // a tenth of their time, as in the examples run (test/support/examples-clock.ts: the same
    // outcomes without the 2 s between two writes to a camera or the 4 s between two captures).
    const suite = editorSuite('en-US', {
      redEnv: {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(__dirname, 'examples-clock.js')}`.trim(),
      },
      async deploy(e) {
        const { flows, credentials } = demo.buildDemoFlows(e.sim.url);
        const body = flows.map((n) =>
          credentials[n.id as string] ? { ...n, credentials: credentials[n.id as string] } : n,
        );
        const res = await fetch(`${e.url}flows`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: {
            'Content-Type': 'application/json',
            'Node-RED-Deployment-Type': 'full',
            'Node-RED-API-Version': 'v1',
          },
        });
        assert.equal(res.status, 204, await res.text());
      },
    });
    let env: BrowserEnv;
    let session: EditorSession;
    before(function () {
      env = suite.env();
      session = suite.session();
    });

    describe(`every example, deployed as the demo deploys it: the injects of examples ${which}`, function () {
      it('each inject gives the documented result or error', async function () {
        const { flows } = demo.buildDemoFlows(env.sim.url);
        // Each press waits for its outcome and a short settle: the budget grows with the examples.
        const tabs = flows.filter((n) => n.type === 'tab').map((n) => n.id);
        const mine = new Set(tabs.slice(from, to ?? tabs.length));
        assert.equal(mine.size, (to ?? tabs.length) - from, `examples ${which} of ${tabs.length}`);
        const injects = flows.filter((n) => n.type === 'inject' && mine.has(n.z));
        const onTabs = flows.filter((n) => n.type === 'inject').every((n) => tabs.includes(n.z));
        assert.ok(onTabs, 'every inject is on an example tab (the files press them all)');
        this.timeout(30000 + 2500 * injects.length);
        // A preset call takes 2 s in the default state; short here so the buttons can follow each other.
        (env.sim.state as any).settings.presetCallMs = 100;
        const { page } = session;
        const all = flows.filter((n) => n.type === 'inject');
        await waitForNode(page, all[all.length - 1].id as string);
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
}
