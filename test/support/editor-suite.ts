// What the editor's browser files (test/browser/editor-*.test.ts) share: one simulator, one
// Node-RED and one Chromium per file with the editor open (the hooks of a suite, which the palette
// walks of first-flows.ts run in), the node types the package brings, and a
// few read-outs (help, validator messages). The editor-* files are the describe blocks of one
// editor suite, split so that they run in parallel.

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_TYPE, OPERATIONS } from '../../client/operations/operations';
import { STATE_NODES } from '../../client/operations/state-calls';
import { MEDIA_NODES } from '../../client/operations/voice';
import { UPKEEP_NODES } from '../../client/operations/settings';
import { HUB_NODE } from '../../client/operations/hub';
import { SIREN_NODE } from '../../client/operations/siren';
import { ROOT, screenshotOnFailure, skipWithoutChromium, startBrowserEnv, waitUntil } from './browser-env';
import type { BrowserEnv, EditorSession } from './browser-env';
import { closeDialogs } from './browser-editor';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const OPERATION_TYPES: string[] = Object.values(OPERATIONS).map((o) => o.type);
/** Palette nodes: the operation nodes and the alarm node (a source with its own dialog). */
export const NODE_SPECS = [
  ...[STATE_NODES, MEDIA_NODES, UPKEEP_NODES].flatMap((table) => Object.values(table)),
  HUB_NODE,
  SIREN_NODE,
];
export const PALETTE_TYPES: string[] = [
  ...OPERATION_TYPES,
  'ezviz-alarm',
  'ezviz-stream',
  ...NODE_SPECS.map((o) => o.type),
];
export const ALL_TYPES = [CONFIG_TYPE, ...PALETTE_TYPES];
export const PACKAGE = 'node-red-contrib-ezviz-open';
export const EXAMPLE_FILES = fs
  .readdirSync(path.join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.json'))
  .sort();
export const CJK = /[\u4e00-\u9fff]/;

export interface EditorSuite {
  env(): BrowserEnv;
  session(): EditorSession;
}

/** Registers the hooks of an editor suite in the current describe: the simulator and Node-RED
 * started (`o.redEnv` added to Node-RED's environment), `o.deploy`'s flows deployed, the editor
 * opened in `locale`; a failed test's screenshot and open dialogs closed; Node-RED's log shown once
 * if it has exited. */
export function editorSuite(
  locale = 'en-US',
  o: { deploy?: (env: BrowserEnv) => Promise<void>; redEnv?: Record<string, string> } = {},
): EditorSuite {
  let env: BrowserEnv | undefined;
  let session: EditorSession | undefined;
  let reportedDeath = false;

  before(async function () {
    skipWithoutChromium(this);
    this.timeout(120000);
    env = await startBrowserEnv({ redEnv: o.redEnv });
    // Flows deployed before the editor opens (an editor load saved: about 4 CPU-seconds).
    if (o.deploy) await o.deploy(env);
    session = await env.openEditor(locale);
  });

  after(async function () {
    this.timeout(30000);
    if (env) await env.stop();
  });

  afterEach(async function () {
    await screenshotOnFailure(this, session && session.page);
    if (session && this.currentTest && this.currentTest.state === 'failed') await closeDialogs(session.page);
    if (env && !env.nodeRedAlive() && !reportedDeath) {
      reportedDeath = true;
      console.log(`      Node-RED has exited; the end of its log:\n${env.nodeRedLog().slice(-4000)}`);
    }
  });

  return { env: () => env!, session: () => session! };
}

/** Deletes a node from the workspace (as the Delete key does). */
export async function removeNode(page: EditorSession['page'], id: string): Promise<void> {
  await page.evaluate((i) => {
    const RED = (globalThis as any).RED;
    RED.nodes.remove(i);
    RED.nodes.dirty(true);
    RED.view.redraw(true);
  }, id);
}

/** A translated validator message: a sentence, not a bare catalog key. */
export function assertTranslated(message: unknown, what: string): void {
  assert.equal(typeof message, 'string', `${what}: the validator returns a message`);
  const text = message as string;
  assert.ok(text.trim().length > 3, `${what}: message "${text}" is empty`);
  assert.ok(
    !/^[\w-]+(\/[\w-]+)?:[\w.]+$/.test(text) && !/^[\w-]+\.[\w.]+$/.test(text),
    `${what}: message "${text}" looks like an untranslated catalog key`,
  );
}

export interface HelpView {
  title: string;
  summary: string;
  text: string;
  sections: number;
  ports: number;
  messageProperties: number;
  links: string[];
}

/** Opens the help sidebar on `type` and reads what it shows. */
export async function showHelp(s: EditorSession, type: string): Promise<HelpView> {
  const { page } = s;
  await page.evaluate((t) => (globalThis as any).RED.sidebar.help.show(t), type);
  await waitUntil(page, () => (globalThis as any).$('.red-ui-help-title:visible').length === 1);
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
