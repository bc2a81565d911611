// The editor of a Node-RED with adminAuth (test/support/red-admin.ts) in Chromium: a fresh profile,
// the login form filled, and the editor waited for until the package's nodes and its EZVIZ sidebar
// plugin are loaded. Shared by the account and sidebar browser tests.

import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, testContext, type EditorSession } from './browser-env';
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

/** One Chromium for the sessions open at a time (a file's en-US and zh-CN editors): each session is
 * a fresh context of it (its own cookies and storage: a login of its own), and the browser closes
 * with the last one. A Chromium start per session was seconds of each account and sidebar file. */
let shared: { browser: Promise<Browser>; users: number } | undefined;

async function freshContext(o: BrowserContextOptions): Promise<{ context: BrowserContext; release(): Promise<void> }> {
  const { chromium } = require('playwright-core') as typeof import('playwright-core');
  shared ??= { browser: chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS }), users: 0 };
  const mine = shared;
  mine.users++;
  let context: BrowserContext;
  try {
    context = await testContext(await mine.browser, o);
  } catch (e) {
    await release();
    throw e;
  }
  async function release(): Promise<void> {
    mine.users--;
    if (mine.users > 0) return;
    if (shared === mine) shared = undefined;
    await (await mine.browser).close().catch(() => undefined);
  }
  return { context, release };
}

/** A fresh browser context (profile, locale) logged in as `user`; kept in `sessions` to be closed. */
export async function openAdminEditor(
  url: string,
  locale: string,
  sessions: EditorSession[],
  user: keyof typeof USERS = 'admin',
): Promise<EditorSession> {
  const { context, release } = await freshContext({ locale, viewport: { width: 1400, height: 900 } });
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
      await release();
    },
  };
  sessions.push(s);
  await login(page, url, user);
  return s;
}
