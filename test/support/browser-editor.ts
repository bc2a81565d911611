// Page-level helpers for the browser tests: what a user does in the Node-RED editor (drag from
// the palette, double-click, type, press Done and Deploy), plus read-outs of the editor's state.
// Page-side code reaches the editor through globalThis (RED, $): the test build has no DOM types.

import { strict as assert } from 'assert';
import type { Locator, Page } from 'playwright-core';
import { loadEditor, showEditorIn, waitUntil } from './browser-env';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Ids of the nodes of `type` in the editor (all tabs). */
export function nodeIds(page: Page, type: string): Promise<string[]> {
  return page.evaluate((t) => {
    const ids: string[] = [];
    (globalThis as any).RED.nodes.eachNode((n: any) => {
      if (n.type === t) ids.push(n.id);
    });
    return ids;
  }, type);
}

/** One property of an editor node (or of a config node). */
export function nodeProp(page: Page, id: string, prop: string): Promise<any> {
  return page.evaluate(
    ([i, p]) => {
      const n = (globalThis as any).RED.nodes.node(i);
      return n ? n[p] : undefined;
    },
    [id, prop] as const,
  );
}

/** Waits until the workspace holds more than `n` nodes of `type` (a drop or an import has landed). */
export function moreNodesOf(page: Page, type: string, n: number, timeout?: number): Promise<unknown> {
  return waitUntil(
    page,
    ([t, k]) => {
      let count = 0;
      (globalThis as any).RED.nodes.eachNode((x: any) => {
        if (x.type === t) count += 1;
      });
      return count > k;
    },
    [type, n] as const,
    timeout === undefined ? {} : { timeout },
  );
}

/** Drags a palette node onto the workspace at (x, y) of the chart; returns the new node's id. */
export async function dropNode(page: Page, type: string, x: number, y: number): Promise<string> {
  const before = await nodeIds(page, type);
  const paletteNode = page.locator(`.red-ui-palette-node[data-palette-type="${type}"]`);
  // A drag as a user's hand makes it: press on the palette node, move in steps, release over the
  // chart. (Playwright's dragTo checks the drop point first and refuses while the palette node's
  // help popover, shown on hover, lies over it.) A drag the editor missed (a busy machine) is
  // made again, at most three times, as a user would.
  for (let attempt = 1; ; attempt++) {
    await paletteNode.scrollIntoViewIfNeeded();
    const from = await paletteNode.boundingBox();
    const chart = await page.locator('#red-ui-workspace-chart').boundingBox();
    if (!from || !chart) throw new Error(`palette node ${type} or the chart is not visible`);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 2 });
    await page.mouse.move(chart.x + x, chart.y + y, { steps: 3 });
    await page.mouse.up();
    try {
      await moreNodesOf(page, type, before.length, 5000);
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  const after = await nodeIds(page, type);
  const added = after.filter((id) => !before.includes(id));
  if (added.length !== 1) throw new Error(`expected one new ${type} node, got ${added.length}`);
  return added[0];
}

/** The node's shape on the canvas. */
export function nodeShape(page: Page, id: string) {
  return page.locator(`[id="${id}"] .red-ui-flow-node`).first();
}

/** Double-clicks the node on the canvas and waits for its edit dialog. */
export async function openNodeDialog(page: Page, id: string): Promise<void> {
  await page.evaluate((i) => {
    const RED = (globalThis as any).RED;
    const n = RED.nodes.node(i);
    if (n && RED.workspaces.active() !== n.z) RED.workspaces.show(n.z);
  }, id);
  await waitForTrayIdle(page);
  // On a busy machine the editor can take the two clicks as two single clicks (the node just
  // gets selected): double-click again, as a user would, a few times at most.
  const ok = page.locator('#node-dialog-ok');
  for (let attempt = 1; ; attempt++) {
    await nodeShape(page, id).dblclick();
    try {
      await ok.waitFor({ state: 'visible', timeout: 4000 });
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  await waitForTrayIdle(page);
}

/** Waits until the edit trays are still (the editor ignores clicks while one moves): the top tray
 * has slid in and its slide is over, or none is open. Node-RED's tray slides with a CSS transition
 * (0.25 s: its style's `right` goes to 0, a closing tray's away from 0 until it is removed 0.25 s
 * later) and focuses its form 0.15 s in; a jQuery animation is waited for too. */
export async function waitForTrayIdle(page: Page): Promise<void> {
  await waitUntil(page, () => {
    const w = globalThis as any;
    if (w.$('.red-ui-tray:animated').length) return false;
    const trays = w.document.querySelectorAll('#red-ui-editor-stack > .red-ui-tray');
    const top = trays[trays.length - 1];
    return !top || (top.style.right === '0px' && top.getAnimations().length === 0);
  });
}

/** Presses Done of the node dialog and waits until it has closed. */
export async function pressDone(page: Page): Promise<void> {
  await page.locator('#node-dialog-ok').click();
  await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
  await waitForTrayIdle(page);
}

/** The visible text input of the TypedInput that replaced `#<fieldId>`. */
export function typedInputField(page: Page, fieldId: string) {
  return page.locator(`#${fieldId} + .red-ui-typedInput-container input.red-ui-typedInput-input`);
}

/** Types `value` into a plain input or the text part of a TypedInput and leaves the field. */
export async function typeInto(page: Page, fieldId: string, value: string): Promise<void> {
  const isTyped = (await page.locator(`#${fieldId} + .red-ui-typedInput-container`).count()) > 0;
  const input = isTyped ? typedInputField(page, fieldId) : page.locator(`#${fieldId}`);
  await input.click();
  await input.fill(value);
  await input.press('Tab');
}

/** Selects the TypedInput type `type` of `#<fieldId>` through its type menu. */
export async function chooseTypedInputType(page: Page, fieldId: string, type: string): Promise<void> {
  const current = await page.evaluate((f) => (globalThis as any).$(`#${f}`).typedInput('type'), fieldId);
  if (current === type) return;
  await page.locator(`#${fieldId} + .red-ui-typedInput-container button.red-ui-typedInput-type-select`).click();
  const menu = page.locator('.red-ui-typedInput-options:visible');
  await menu.waitFor({ state: 'visible' });
  // The menu slides open; a click while it moves can land on the wrong entry.
  await waitUntil(page, () => (globalThis as any).$('.red-ui-typedInput-options:animated').length === 0);
  await menu.locator(`[value="${type}"]`).click();
  await waitUntil(page, ([f, t]) => (globalThis as any).$(`#${f}`).typedInput('type') === t, [fieldId, type] as const);
}

/** Whether the editor marks `#<fieldId>` (or its TypedInput) as invalid. */
export function fieldInvalid(page: Page, fieldId: string): Promise<boolean> {
  return page.evaluate((f) => {
    const $ = (globalThis as any).$;
    const field = $(`#${f}`);
    return field.hasClass('input-error') || field.next('.red-ui-typedInput-container').hasClass('input-error');
  }, fieldId);
}

/** The validator's message for `value` of `prop` of node `id`'s type (what the tooltip shows). */
export function validationMessage(page: Page, id: string, prop: string, value: string): Promise<unknown> {
  return page.evaluate(
    ([i, p, v]) => {
      const RED = (globalThis as any).RED;
      const node = RED.nodes.node(i);
      const def = RED.nodes.getType(node.type);
      const spec = (def.defaults && def.defaults[p]) || (def.credentials && def.credentials[p]);
      return spec && spec.validate ? spec.validate.call(node, v, { label: p }) : true;
    },
    [id, prop, value] as const,
  );
}

/** Whether the canvas shows the node's "invalid properties" triangle. */
export function triangleShown(page: Page, id: string): Promise<boolean> {
  return page.evaluate((i) => {
    const el = (globalThis as any).document.querySelector(`[id="${i}"] .red-ui-flow-node-error`);
    return Boolean(el) && !el.classList.contains('hide') && el.getAttribute('display') !== 'none';
  }, id);
}

/** Whether the node shows the invalid triangle once the workspace has drawn the node's state: waits
 * up to `ms` for `expected` (the editor redraws after Done at its next frame, later on a busy
 * machine: CI once read the old triangle), then answers what is shown. */
export async function triangleAfterRedraw(page: Page, id: string, expected: boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    const shown = await triangleShown(page, id);
    if (shown === expected || Date.now() > end) return shown;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Cancels every open edit dialog (after a failed test, so the next one starts clean). */
export async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    const cancel = page.locator('#node-config-dialog-cancel:visible, #node-dialog-cancel:visible').first();
    if (!(await cancel.count())) return;
    await cancel.click().catch(() => undefined);
    await waitForTrayIdle(page).catch(() => undefined);
  }
}

/** Waits until the editor has loaded the flow that holds node `id`. */
export async function waitForNode(page: Page, id: string): Promise<void> {
  await waitUntil(page, (i) => Boolean((globalThis as any).RED.nodes.node(i)), id, { timeout: 15000 });
}

/** Presses Deploy and waits for the editor's "deployed" notification and then for the runtime's
 * word that the deployed revision has started: the editor says "deployed" when POST /flows answers,
 * before the new flows start (later on a busy machine), and an inject pressed in between answers
 * 404 (seen under load: the press's debug message never came). */
export async function deploy(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = globalThis as any;
    w.__ezvizDeployed = false;
    if (w.__ezvizDeployWatch) return;
    w.__ezvizDeployWatch = true;
    w.RED.events.on('deploy', () => {
      w.__ezvizDeployed = true;
    });
    // runtime-deploy: sent (and retained) once a revision's flows have started.
    w.RED.comms.subscribe('notification/runtime-deploy', (_topic: string, msg: any) => {
      w.__ezvizStartedRev = msg && msg.revision;
    });
  });
  await page.locator('#red-ui-header-button-deploy').click();
  // A flow with invalid nodes asks for confirmation first.
  const confirm = page.locator('#red-ui-deploy-dialog-confirm-deploy-deploy');
  if (await confirm.isVisible({ timeout: 500 }).catch(() => false)) await confirm.click();
  await waitUntil(
    page,
    () => {
      const w = globalThis as any;
      return w.__ezvizDeployed === true && !w.RED.nodes.dirty() && w.__ezvizStartedRev === w.RED.nodes.version();
    },
    null,
    { timeout: 15000 },
  );
}

/** The editor at `url` switched to Chinese (its language setting and a reload), once it holds the
 * node `id` of the deployed flow: the debug sidebar shown, its messages recorded from now on. */
export async function editorInChinese(page: Page, url: string, id: string): Promise<void> {
  await showEditorIn(page, 'zh-CN', () => loadEditor(page, url));
  await waitUntil(page, (i) => Boolean((globalThis as any).RED.nodes.node(i)), id);
  await page.evaluate(() => (globalThis as any).RED.sidebar.show('debug'));
  await recordDebugMessages(page);
}

/** Collects every debug message the editor receives from now on into window.__ezvizDebug. */
export async function recordDebugMessages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = globalThis as any;
    if (w.__ezvizDebug) return;
    w.__ezvizDebug = [];
    w.RED.comms.subscribe('debug', (_topic: string, msg: any) => {
      w.__ezvizDebug.push(msg);
    });
  });
}

export interface DebugMessage {
  id: string;
  name?: string;
  topic?: string;
  property?: string;
  msg: string;
  format?: string;
}

export function debugMessages(page: Page): Promise<DebugMessage[]> {
  return page.evaluate(() => (globalThis as any).__ezvizDebug.slice());
}

/** Waits for the `n`-th (1-based) recorded debug message and returns it. */
export async function nthDebugMessage(page: Page, n: number, timeout = 10000): Promise<DebugMessage> {
  await waitUntil(page, (k) => (globalThis as any).__ezvizDebug.length >= k, n, { timeout });
  return (await debugMessages(page))[n - 1];
}

/** Clicks the button of an inject node on the canvas (showing its tab first). */
export async function pressInject(page: Page, id: string): Promise<void> {
  await page.evaluate((i) => {
    const RED = (globalThis as any).RED;
    const n = RED.nodes.node(i);
    if (RED.workspaces.active() !== n.z) RED.workspaces.show(n.z);
    RED.view.reveal(i, false);
  }, id);
  const button = page.locator(`[id="${id}"] .red-ui-flow-node-button`).first();
  await button.click();
}

/** Opens Import (main menu) on its Examples tab and unfolds `pkg` until `example` shows. */
export async function openExamples(page: Page, pkg: string, example: string): Promise<Locator> {
  await page.locator('#red-ui-header-button-sidemenu').click();
  await page.locator('#menu-item-import').click();
  await page.locator('#red-ui-tab-red-ui-clipboard-dialog-import-tab-examples').click();
  const tree = page.locator('#red-ui-clipboard-dialog-import-tab-examples');
  const entry = tree.locator('.red-ui-treeList-label-text', { hasText: example }).first();
  // The list loads from the server; a click on the package while it loads, or on a package the
  // dialog kept unfolded, leaves it folded: click until the example shows.
  for (let attempt = 0; attempt < 4 && !(await entry.isVisible()); attempt += 1) {
    await tree.locator('.red-ui-treeList-label', { hasText: pkg }).first().click();
    await entry.waitFor({ state: 'visible', timeout: 2500 }).catch(() => undefined);
  }
  await entry.waitFor({ state: 'visible' });
  return tree;
}

/** Drags a wire from output `port` of `from` to the input of `to`, as a user does. */
export async function wire(page: Page, from: string, port: number, to: string): Promise<void> {
  const out = page.locator(`[id="${from}"] .red-ui-flow-port-output`).nth(port);
  const inp = page.locator(`[id="${to}"] .red-ui-flow-port-input`).first();
  const a = (await out.boundingBox())!;
  const b = (await inp.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  const linked = await page.evaluate(
    ([f, p, t]) => {
      const RED = (globalThis as any).RED;
      return RED.nodes.filterLinks({ source: RED.nodes.node(f), sourcePort: p, target: RED.nodes.node(t) }).length;
    },
    [from, port, to] as const,
  );
  assert.equal(linked, 1, `wire ${from}:${port} -> ${to}`);
}

/** What a newcomer builds first: inject -> the node of `type` -> a debug node on each output,
 * dragged from the palette and wired by hand. Returns the four node ids. */
export async function dropOperationFlow(
  page: Page,
  type: string,
): Promise<{ inject: string; op: string; ok: string; err: string }> {
  const inject = await dropNode(page, 'inject', 140, 120);
  const op = await dropNode(page, type, 380, 120);
  const ok = await dropNode(page, 'debug', 640, 80);
  const err = await dropNode(page, 'debug', 640, 180);
  await wire(page, inject, 0, op);
  await wire(page, op, 0, ok);
  await wire(page, op, 1, err);
  return { inject, op, ok, err };
}

/** Picks `value` in the option menu of a TypedInput select (direction, speed, ...). */
export async function pickOption(page: Page, field: string, value: string): Promise<void> {
  const trigger = page.locator(`#${field} + .red-ui-typedInput-container button.red-ui-typedInput-option-trigger`);
  const menu = page.locator('.red-ui-typedInput-options:visible');
  // A click the menu did not open on is made again, at most three times, as a user would (a
  // serial run once saw the trigger focused and no menu for 10 s; not seen alone or under load).
  for (let attempt = 1; ; attempt++) {
    await trigger.click();
    try {
      await menu.waitFor({ state: 'visible', timeout: 3000 });
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  await waitUntil(page, () => (globalThis as any).$('.red-ui-typedInput-options:animated').length === 0);
  await menu.locator(`a[value="${value}"]`).click();
  await menu.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate((f) => (globalThis as any).$(`#${f}`).typedInput('value'), field), value);
}

/** The status text shown under a node on the canvas. */
export function statusLabel(page: Page, id: string): Promise<string> {
  return page
    .locator(`[id="${id}"] .red-ui-flow-node-status-label`)
    .first()
    .textContent()
    .then((t) => (t || '').trim());
}

export async function waitForStatus(page: Page, id: string, text: string): Promise<void> {
  await waitUntil(
    page,
    ([i, t]) => {
      const el = (globalThis as any).document.querySelector(`[id="${i}"] .red-ui-flow-node-status-label`);
      return el && el.textContent.trim() === t;
    },
    [id, text] as const,
    { timeout: 15000 },
  ).catch(async () => {
    assert.fail(`status of ${id}: "${await statusLabel(page, id)}", want "${text}"`);
  });
}

/** In the open node dialog: adds an account (the config dialog's + button) on the custom URL
 * `baseUrl` with the simulator's demo app key and secret, and selects it; returns its id. */
export async function addDemoAccount(page: Page, baseUrl: string): Promise<string> {
  await page.locator('#node-input-btn-config-add').click();
  await page.locator('#node-config-dialog-ok').waitFor({ state: 'visible' });
  await waitForTrayIdle(page);
  await page.locator('#ezviz-config-region').selectOption('custom');
  await typeInto(page, 'node-config-input-baseUrl', baseUrl);
  await typeInto(page, 'node-config-input-appKey', 'demo-app-key');
  await typeInto(page, 'node-config-input-appSecret', 'demo-app-secret');
  await page.locator('#node-config-dialog-ok').click();
  await page.locator('#node-config-dialog-ok').waitFor({ state: 'detached' });
  await waitForTrayIdle(page);
  return page.locator('#node-input-config').inputValue();
}
