// The editor of a Node-RED with adminAuth (test/support/red-admin.ts) in Chromium: a fresh profile,
// the login form filled, and the editor waited for until the package's nodes and its EZVIZ sidebar
// plugin are loaded. Shared by the account and sidebar browser tests.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, type EditorSession } from './browser-env';
import { USERS } from './red-admin';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Logs `user` in at `url` and waits until the editor has loaded this package. */
export async function login(page: Page, url: string, user: keyof typeof USERS): Promise<void> {
  await page.goto(url, { timeout: 60000 });
  await page.locator('#node-dialog-login-username').waitFor({ state: 'visible', timeout: 60000 });
  await page.locator('#node-dialog-login-username').fill(user);
  await page.locator('#node-dialog-login-password').fill(USERS[user].password);
  await page.locator('#node-dialog-login-submit').click();
  // The editor loads once the login is accepted (no reload: a reload here could cut the login off).
  await page.waitForFunction(
    () => {
      const w = globalThis as any;
      return Boolean(
        w.RED &&
        w.RED.user &&
        w.RED.user.hasPermission &&
        w.RED.nodes &&
        w.RED.nodes.getType &&
        w.RED.nodes.getType('ezviz-ptz-start') &&
        w.$('#red-ui-palette-container-EZVIZ .red-ui-palette-node').length > 0 &&
        w.RED.plugins &&
        w.RED.plugins.getPlugin &&
        w.RED.plugins.getPlugin('ezviz-sidebar') &&
        w.RED.nodes.version() &&
        !w.$('#red-ui-loading-progress').is(':visible'),
      );
    },
    null,
    { timeout: 60000 },
  );
}

/** A Chromium of its own (profile, locale) logged in as `user`; kept in `sessions` to be closed. */
export async function openAdminEditor(
  url: string,
  locale: string,
  sessions: EditorSession[],
  user: keyof typeof USERS = 'admin',
): Promise<EditorSession> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-browser-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    locale,
    viewport: { width: 1400, height: 900 },
  });
  const page = context.pages()[0] || (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.setDefaultTimeout(30000);
  const s: EditorSession = {
    context,
    page,
    pageErrors,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
  sessions.push(s);
  await login(page, url, user);
  return s;
}
