// The editor of a Node-RED with adminAuth (test/support/red-admin.ts) in Chromium: a fresh profile,
// the login form filled, and the editor waited for until the package's nodes and its EZVIZ sidebar
// plugin are loaded. Used by test/browser/admin-editor.test.ts
// (the account features and the EZVIZ sidebar).

import type { BrowserContext, Page } from 'playwright-core';
import { sharedBrowser, showEditorIn, type EditorSession, waitUntil } from './browser-env';
import { freePort, startAdminRed, USERS, type AdminRed, type AdminRedOptions } from './red-admin';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Node-RED for the editor in Chromium: its admin at /admin behind the login of USERS, an info log, a
 * free port; `o` the flows, their credentials and the process's environment. */
export async function startEditorRed(
  simUrl: string,
  o: Pick<AdminRedOptions, 'flows' | 'credentials' | 'env'>,
): Promise<AdminRed> {
  return startAdminRed({
    simUrl,
    port: await freePort(),
    httpAdminRoot: '/admin',
    adminAuth: true,
    logLevel: 'info',
    ...o,
  });
}

/** An account of the editor tests: the config node `id` named `name` at `baseUrl` (5 s deadline, no retry). */
export function editorAccount(id: string, name: string, baseUrl: string): Record<string, unknown> {
  return { id, type: 'ezviz-config', name, baseUrl, timeout: 5000, maxRetries: 0, retryDelay: 0 };
}

/** Logs `user` in at `url` and waits until the editor has loaded this package. */
export async function login(page: Page, url: string, user: keyof typeof USERS): Promise<void> {
  await page.goto(url, { timeout: 60000 });
  await page.locator('#node-dialog-login-username').waitFor({ state: 'visible', timeout: 60000 });
  await page.locator('#node-dialog-login-username').fill(user);
  await page.locator('#node-dialog-login-password').fill(USERS[user].password);
  await page.locator('#node-dialog-login-submit').click();
  // The editor loads once the login is accepted (no reload: a reload here could cut the login off).
  await adminEditorLoaded(page);
}

/** The logged-in editor of `page` in `locale` (showEditorIn: its language setting and a reload;
 * the login's token stays in the page's storage). */
export function showAdminEditorIn(page: Page, locale: string): Promise<void> {
  return showEditorIn(page, locale, async () => {
    await page.reload({ timeout: 60000 });
    await adminEditorLoaded(page);
  });
}

/** Waits until the editor has loaded this package's nodes and its EZVIZ sidebar plugin. */
async function adminEditorLoaded(page: Page): Promise<void> {
  await waitUntil(
    page,
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

/** A fresh browser context (profile, locale) logged in as `user`; kept in `sessions` to be closed. */
export async function openAdminEditor(
  url: string,
  locale: string,
  sessions: EditorSession[],
  user: keyof typeof USERS = 'admin',
): Promise<EditorSession> {
  // A fresh context (its own cookies and storage: a login of its own) of the test process's Chromium.
  const browser = sharedBrowser();
  let context: BrowserContext;
  try {
    context = await browser.context({ locale, viewport: { width: 1400, height: 900 } });
  } catch (e) {
    await browser.close();
    throw e;
  }
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.setDefaultTimeout(30000);
  let closed = false;
  const s: EditorSession = {
    context,
    page,
    pageErrors,
    async close() {
      if (closed) return;
      closed = true;
      await context.close().catch(() => undefined);
      await browser.close();
    },
  };
  sessions.push(s);
  await login(page, url, user);
  return s;
}
