// A dashboard page the test can really hide, as a tab in the background or a minimized window is:
// Chromium started here with a DevTools port and driven through Playwright's connectOverCDP with
// `noDefaults`. (A page Playwright launches stays "visible" whatever its window does: Playwright
// turns on focus emulation for each of its pages.) Minimizing the window makes the page hidden,
// and Chromium itself fires `visibilitychange`; restoring it makes it visible again.

import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_WINDOWED, demo, freePort, STILL_PAGE, waitUntil } from './browser-env';
import type { DashboardEnv, PanelPage } from './dashboard-env';

export interface HideablePage extends PanelPage {
  /** Minimizes (true) or restores (false) the window; resolves when the page's visibilityState says so. */
  setHidden(hidden: boolean): Promise<void>;
  /** The visibilitychange events the page saw, in order ('hidden', 'visible'). */
  changes(): Promise<string[]>;
}

async function devtoolsUp(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`Chromium's DevTools port ${port} did not answer in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Opens the env's dashboard page (desktop size) in a Chromium of its own whose window the test minimizes. */
export async function openHideable(env: DashboardEnv): Promise<HideablePage> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-dashboard-hideable-'));
  const port = await freePort();
  const proc = spawn(
    CHROMIUM_WINDOWED,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--window-size=1280,900',
      '--lang=en-US',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const close = async (): Promise<void> => {
    await demo.stopProcess(proc, 'SIGTERM', 5000);
    // Chromium's helper processes may still write to the profile for a moment after the browser
    // process exited (CI saw ENOTEMPTY): retry, and leave a stubborn temporary folder to the OS.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      /* a temporary folder left behind is no failure of the test */
    }
  };
  try {
    await devtoolsUp(port, 30000);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { noDefaults: true });
    const context = browser.contexts()[0];
    const page = context.pages()[0] ?? (await context.newPage());
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.setDefaultTimeout(15000);
    // As the shared browser's pages (testContext): still, and without Dashboard 2's service worker
    // (this context cannot block it, so the page is given no navigator.serviceWorker to register it).
    await page.addInitScript(STILL_PAGE);
    await page.addInitScript(() => {
      delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
    });
    await page.addInitScript(() => {
      const w = window as unknown as { visibilityChanges: string[] };
      w.visibilityChanges = [];
      document.addEventListener('visibilitychange', () => w.visibilityChanges.push(document.visibilityState));
    });
    await page.goto(env.pageUrl);
    await page.getByRole('region', { name: 'camera panel' }).waitFor({ timeout: 30000 });
    const cdp = await context.newCDPSession(page);
    const { windowId } = await cdp.send('Browser.getWindowForTarget');
    return {
      context,
      page,
      pageErrors,
      async setHidden(hidden: boolean) {
        await cdp.send('Browser.setWindowBounds', {
          windowId,
          bounds: { windowState: hidden ? 'minimized' : 'normal' },
        });
        await waitUntil(page, (h) => document.visibilityState === (h ? 'hidden' : 'visible'), hidden, {
          timeout: 10000,
        });
      },
      changes: () =>
        page.evaluate(() => (window as unknown as { visibilityChanges: string[] }).visibilityChanges.slice()),
      async close() {
        await browser.close().catch(() => undefined);
        await close();
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}
