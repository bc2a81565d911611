// The edit dialog of an operation node as a user meets it (test/browser/editor-dialogs.test.ts):
// its fields, a bad value of each typed parameter marked invalid with a translated message, a good
// one accepted, the friendly-name selects, the invalid triangle of a bad serial and its fix.

import { strict as assert } from 'assert';
import type { Page } from 'playwright-core';
import { OPERATIONS, type OperationSpec, type ParamKind } from '../../client/operations/operations';
import { DIRECTIONS, IMMEDIATELY, MIRROR_COMMANDS, SPEEDS } from '../../client/operations/enums';
import {
  chooseTypedInputType,
  dropNode,
  fieldInvalid,
  nodeProp,
  openNodeDialog,
  pressDone,
  triangleAfterRedraw,
  typeInto,
  validationMessage,
} from './browser-editor';
import { assertTranslated } from './editor-suite';
import { waitUntil } from './browser-env';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A bad and a good value for each parameter kind typed as text (list kinds are menus). */
export const TYPED_VALUES: Partial<Record<ParamKind, { bad: string; good: string }>> = {
  serial: { bad: 'bad serial!', good: 'C00000001' },
  channel: { bad: '0', good: '1' },
  index: { bad: '0', good: '3' },
  phone: { bad: 'call me', good: '13800000001' },
  duration: { bad: '-5', good: '2000' },
};

/** Parameters offered as a select of friendly names: TypedInput type and the names. */
export const SELECTS: Partial<Record<ParamKind, { type: string; names: string[] }>> = {
  direction: { type: 'direction', names: Object.keys(DIRECTIONS) },
  speed: { type: 'speed', names: Object.keys(SPEEDS) },
  mirror: { type: 'mirror', names: Object.keys(MIRROR_COMMANDS) },
  immediately: { type: 'immediately', names: Object.keys(IMMEDIATELY) },
};

/** Drops operation `spec` (the `i`-th of OPERATIONS) and checks its dialog with account `configId`. */
export async function checkOperationDialog(
  page: Page,
  spec: OperationSpec,
  i: number,
  configId: string,
): Promise<void> {
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
    await page.locator(`#${field} + .red-ui-typedInput-container button.red-ui-typedInput-option-trigger`).click();
    const menu = page.locator('.red-ui-typedInput-options:visible');
    await menu.waitFor({ state: 'visible' });
    await waitUntil(page, () => (globalThis as any).$('.red-ui-typedInput-options:animated').length === 0);
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
  assert.equal(await triangleAfterRedraw(page, id, true), true, 'invalid triangle shown');
  await openNodeDialog(page, id);
  assert.equal(await fieldInvalid(page, 'node-input-deviceSerial'), true, 'the bad field is marked on reopening');
  await typeInto(page, 'node-input-deviceSerial', 'c00000003');
  await pressDone(page);
  assert.equal(await nodeProp(page, id, 'valid'), true, 'valid after the fix');
  assert.equal(await triangleAfterRedraw(page, id, false), false, 'no triangle after the fix');
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
}

/** The edit dialog tests of the operations `from` to `to` (excluded; their places in OPERATIONS), each
 * after an account was made, `configId()` (test/browser/editor-dialogs.test.ts: the first five and
 * the others, each part with an account of its own). */
export function operationDialogTests(
  from: number,
  to: number | undefined,
  page: () => Page,
  configId: () => string,
): void {
  Object.values(OPERATIONS)
    .map((spec, i) => [spec, i] as const)
    .slice(from, to)
    .forEach(([spec, i]) => {
      it(`${spec.type}: shows its fields, rejects bad values, accepts good ones`, async function () {
        assert.ok(configId(), 'the config node test ran first');
        await checkOperationDialog(page(), spec, i, configId());
      });
    });
}
