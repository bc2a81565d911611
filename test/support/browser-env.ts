// Real-browser test environment: the EZVIZ simulator (in-process, free port), Node-RED from
// devDependencies in a child process (free port, temporary userDir with this package symlinked,
// the same way the demo installs it) and Debian's Chromium driven by playwright-core.
// Never downloads a browser: without Debian's Chromium the suites skip themselves.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { ChildProcess } from 'child_process';
import type { Browser, BrowserContext, BrowserContextOptions, Dialog, JSHandle, Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../simulator';
import { UNUSED_CORE_NODES, freePort, projectRoot } from './red-admin';
import { withCodeCache } from './code-cache-env';

/** Debian's headless shell (package chromium-headless-shell: Chromium's engine without the full
 * browser's window machinery, as Playwright itself runs headless pages) when installed, else
 * Debian's chromium; EZVIZ_CHROMIUM names another. Measured on this suite's panel pages: a third
 * less CPU for the same tests (look and live 68-77 -> 41-43 CPU-seconds), H.264 through MSE alike. */
export const CHROMIUM =
  process.env.EZVIZ_CHROMIUM ||
  (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
/** The full browser, for the one test that minimizes a real window (hideable-page.ts):
 * EZVIZ_CHROMIUM_WINDOWED names another. */
export const CHROMIUM_WINDOWED = process.env.EZVIZ_CHROMIUM_WINDOWED || '/usr/bin/chromium';
/** Chromium's switches for the tests. Playwright passes the background ones itself (its defaults
 * include --disable-background-networking, --disable-component-update, --disable-sync and
 * --no-first-run; they are repeated here for the windowed browser hideable-page.ts starts without
 * Playwright). Measured without a gain, 2026-11-29 (load 6-13, three editor loads, 21-33 CPU-s,
 * differences within the runs' spread): V8's optimizing tiers off (--js-flags=--no-opt,
 * --no-maglev); shared memory in /dev/shm (a tmpfs; Playwright's --disable-dev-shm-usage puts it
 * in /tmp, on disk here); 24 of the palette's 86 core nodes no test uses left out of Node-RED
 * (nodesExcludes; per Node-RED start, measured alone, 8 of them save about 0.1 CPU-s:
 * UNUSED_CORE_NODES in test/support/red-admin.ts). A cache of compiled scripts cannot carry between files: a trace of an editor
 * load shows about 0.5 s of parsing and compiling (of some 5 CPU-s), V8 writes its code cache only
 * at a script's second load in a profile kept on disk (a context is a fresh incognito profile) and
 * uses it from the third, and the editor's URL carries each file's own Node-RED port.
 * `--js-flags=--single-threaded`: V8 compiles and collects garbage on the page's own thread, not on
 * worker threads beside it. On this 2-core machine a renderer's kernel time was mostly its memory
 * returned while another of its threads ran on the other core (each madvise of a compile zone's
 * pages flushed that core's TLB by an interrupt); measured 2026-11-29, load 7-9, with / without:
 * look and editor-nodes 63.9 / 71.3, 71.1 / 75.1, 64.2 / 64.8 CPU-s, dashboard/live and wall 41.9 /
 * 46.0, look alone 21.7 and 21.1 / 23.2 (a tenth fewer context switches and madvise calls); at load
 * 2-3, dashboard/live with look's tests 38.5 and 37.2 / 40.5 and 39.8. Every
 * test passing, hls.js and mpegts.js playing. Measured without a gain the same evening: one
 * renderer for all (--renderer-process-limit=1, --disable-site-isolation-trials: a file's renderers
 * are its contexts, 2-4, each a BrowserContext of its own), --num-raster-threads=1, V8's garbage
 * collector alone on the thread (--single-threaded-gc), V8's zones in malloc
 * (--no-managed-zone-memory). Not usable: --single-process (Chromium ends at the second context)
 * and the compositor on the main thread (--disable-threaded-compositing: the videos stop). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--js-flags=--single-threaded',
];

/** What every test page runs before its own scripts: CSS transitions and animations off, and
 * jQuery's effects (`$.fx.off`) once the page's jQuery is there. The tests read what a dialog,
 * menu or notification shows and wait for it; its slide is no test's subject and was about half
 * of what opening and closing an editor dialog cost (0.8 -> 0.45 CPU-seconds, measured). */
export const STILL_PAGE = `(() => {
  const still = () => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.appendChild(style);
    if (window.jQuery && window.jQuery.fx) window.jQuery.fx.off = true;
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', still, { once: true });
  else still();
})();`;

/** A fresh context of `browser` for a test page: service workers blocked (Dashboard 2's offline
 * cache, which no test is about, took about 0.3 CPU-seconds a second of every open page, three
 * times the rest of a playing panel's) and its pages still (STILL_PAGE). */
export async function testContext(browser: Browser, o: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...o });
  await context.addInitScript(STILL_PAGE);
  return context;
}

/** The test process's Chromium: started at the first page and shared by every environment of the
 * process. In a mocha worker (MOCHA_WORKER_ID: `npm test`'s parallel run reuses a worker for file
 * after file) it stays until the worker exits (Playwright kills it and removes its profile then):
 * a Chromium start and close is about 1.3 CPU-seconds (measured: 1.35 with a page, at load 10-13),
 * an idle one about 0.005 a second, and the next browser file of a worker first starts its own
 * Node-RED, which took longer than any short linger, so nearly every browser file paid a start.
 * Elsewhere (a file run alone, the fast loop) it is closed 2 s after its last user let go, unless
 * another took it meanwhile, so that the process can end. A Chromium that died is started again at
 * the next use. */
const processBrowser: { browser?: Promise<Browser>; users: number; idle?: NodeJS.Timeout } = { users: 0 };
const BROWSER_LINGER_MS = 2000;
const KEEP_BROWSER = process.env.MOCHA_WORKER_ID !== undefined;

/** Takes the test process's Chromium (starting it when none runs); give it back with releaseBrowser. */
function useBrowser(): Promise<Browser> {
  clearTimeout(processBrowser.idle);
  processBrowser.idle = undefined;
  processBrowser.users++;
  if (!processBrowser.browser) {
    // playwright-core is loaded here, at the first page: seconds of loading that the files which
    // only take ROOT or the demo's helpers from this module (the examples run) do not pay.
    const { chromium } = require('playwright-core') as typeof import('playwright-core');
    const launched = chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    processBrowser.browser = launched;
    const forget = (): void => {
      if (processBrowser.browser === launched) processBrowser.browser = undefined;
    };
    launched.then((b) => b.on('disconnected', forget), forget);
  }
  return processBrowser.browser;
}

/** Gives the test process's Chromium back; the last user's release closes it after BROWSER_LINGER_MS
 * (not in a mocha worker: KEEP_BROWSER). */
function releaseBrowser(): void {
  processBrowser.users = Math.max(0, processBrowser.users - 1);
  if (processBrowser.users > 0 || KEEP_BROWSER) return;
  clearTimeout(processBrowser.idle);
  processBrowser.idle = setTimeout(() => {
    const b = processBrowser.browser;
    processBrowser.browser = undefined;
    processBrowser.idle = undefined;
    if (b) b.then((x) => x.close()).catch(() => undefined);
  }, BROWSER_LINGER_MS);
}

/** An environment's pages: each a fresh context (its own cookies and storage, as with a profile of
 * its own; testContext) of the test process's Chromium (useBrowser), taken at the first page and
 * given back by close(), which also closes the contexts still open (the browser may outlive the
 * file: KEEP_BROWSER). */
export function sharedBrowser(): {
  context(o: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
} {
  let browser: Promise<Browser> | undefined;
  const contexts = new Set<BrowserContext>();
  return {
    async context(o) {
      browser ??= useBrowser();
      const context = await testContext(await browser, o);
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      return context;
    },
    async close() {
      if (!browser) return;
      browser = undefined;
      await Promise.all([...contexts].map((c) => c.close().catch(() => undefined)));
      releaseBrowser();
    },
  };
}

// The project root and free ports: the same helpers as the admin API tests use.
export { freePort, projectRoot };

export const ROOT = projectRoot();
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

interface DemoModule {
  EXAMPLE_BASE_URL: string;
  prepareUserDir(o: {
    userDir: string;
    port: number;
    host?: string;
    simUrl?: string;
    flows?: boolean;
    codeEditor?: 'ace';
    nodesExcludes?: string[];
  }): {
    settingsPath: string;
    flowsWritten: boolean;
  };
  buildDemoFlows(simUrl: string): {
    flows: Array<Record<string, unknown>>;
    credentials: Record<string, Record<string, string>>;
  };
  readExamples(): Array<{ file: string; nodes: Array<Record<string, unknown>> }>;
  startNodeRed(o: {
    userDir: string;
    settingsPath: string;
    port: number;
    quiet?: boolean;
    redJs?: string;
    nodeBinary?: string;
    /** Added to this process's environment. */
    env?: Record<string, string>;
  }): Promise<{ proc: ChildProcess; url: string; log(): string }>;
  stopProcess(proc: ChildProcess | null | undefined, signal?: string, graceMs?: number): Promise<void>;
}

/** The demo's parts (scripts/demo/): its user directory (user-dir.js) and process helpers
 * (processes.js), shared so tests run what users run. */
export const demo: DemoModule = {
  ...require(path.join(ROOT, 'scripts', 'demo', 'user-dir.js')),
  ...require(path.join(ROOT, 'scripts', 'demo', 'processes.js')),
};

/** Why the browser suites cannot run here (`executable` missing), or null when they can. */
export function chromiumMissing(executable = CHROMIUM): string | null {
  try {
    fs.accessSync(executable, fs.constants.X_OK);
    return null;
  } catch {
    return `${executable} not found (install it: apt-get install chromium chromium-headless-shell)`;
  }
}

/** Marks the suite skipped, saying so on the console, when Chromium (`executable`) is missing (an
 * error when EZVIZ_REQUIRE_BROWSER=1, as .ci/run sets). */
export function skipWithoutChromium(ctx: Mocha.Context, executable = CHROMIUM): void {
  const why = chromiumMissing(executable);
  if (why && process.env.EZVIZ_REQUIRE_BROWSER === '1') {
    throw new Error(`browser tests required (EZVIZ_REQUIRE_BROWSER=1) but ${why}`);
  }
  if (why) {
    console.log(`      browser tests SKIPPED: ${why}`);
    ctx.skip();
  }
}

export interface BrowserEnv {
  sim: Simulator;
  /** Node-RED editor URL, ending with '/'. */
  url: string;
  userDir: string;
  nodeRedLog(): string;
  /** Whether the Node-RED process is still running. */
  nodeRedAlive(): boolean;
  /** A fresh browser (own profile) with the editor loaded in `locale`. */
  openEditor(locale?: string): Promise<EditorSession>;
  stop(): Promise<void>;
}

export interface EditorSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page's scripts since it was opened. */
  pageErrors: string[];
  close(): Promise<void>;
}

const cleanups = new Set<() => void>();
process.on('exit', () => {
  for (const fn of cleanups) fn();
});

/** Node-RED of the tests (demo.startNodeRed, quiet): EZVIZ_NODE_RED / EZVIZ_NODE_BINARY name another
 * Node-RED and Node.js, e.g. the Node-RED 5 on Node.js 22 that scripts/compat-nr5.sh installs into
 * .compat/; when it does not start, `undo` runs (what the caller started for it) and the error is thrown. */
export async function startTestRed(
  o: { userDir: string; settingsPath: string; port: number; env?: Record<string, string> },
  undo: () => Promise<void>,
): Promise<{ proc: ChildProcess; url: string; log(): string }> {
  try {
    return await demo.startNodeRed({
      ...o,
      env: withCodeCache(o.env),
      quiet: true,
      redJs: process.env.EZVIZ_NODE_RED ? path.join(process.env.EZVIZ_NODE_RED, 'red.js') : undefined,
      nodeBinary: process.env.EZVIZ_NODE_BINARY || undefined,
    });
  } catch (err) {
    await undo();
    throw err;
  }
}

/** Starts the simulator and Node-RED (no flows deployed); `o.redEnv` is added to Node-RED's environment. */
export async function startBrowserEnv(o: { redEnv?: Record<string, string> } = {}): Promise<BrowserEnv> {
  const sim = await startSimulator({ port: 0 });
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-browser-nr-'));
  const port = await freePort();
  const { settingsPath } = demo.prepareUserDir({
    userDir,
    port,
    simUrl: sim.url,
    flows: false,
    codeEditor: 'ace',
    nodesExcludes: UNUSED_CORE_NODES,
  });
  const red = await startTestRed({ userDir, settingsPath, port, env: o.redEnv }, async () => {
    await sim.close();
    fs.rmSync(userDir, { recursive: true, force: true });
  });
  const killRed = (): void => {
    if (red.proc.exitCode === null) red.proc.kill('SIGKILL');
  };
  cleanups.add(killRed);
  const sessions = new Set<EditorSession>();
  const browser = sharedBrowser();

  async function openEditor(locale = 'en-US'): Promise<EditorSession> {
    const context = await browser.context({ locale, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.setDefaultTimeout(10000);
    const session: EditorSession = {
      context,
      page,
      pageErrors,
      async close() {
        sessions.delete(session);
        await context.close().catch(() => undefined);
      },
    };
    sessions.add(session);
    await loadEditor(page, red.url);
    return session;
  }

  return {
    sim,
    url: red.url,
    userDir,
    nodeRedLog: () => red.log(),
    nodeRedAlive: () => red.proc.exitCode === null && red.proc.signalCode === null,
    openEditor,
    async stop() {
      for (const s of [...sessions]) await s.close();
      await browser.close();
      await demo.stopProcess(red.proc, 'SIGINT', 5000);
      cleanups.delete(killRed);
      await sim.close();
      fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
}

/** How often `waitUntil` tries its condition. Playwright's waitForFunction tries on every animation
 * frame by default, which keeps the page drawing 60 frames a second while it waits: measured on an
 * idle editor page, 0.14-0.19 CPU-seconds a second of waiting, against 0.02-0.03 with a 30-250 ms
 * interval; the browser tests wait in it for some 160 s of a run. */
export const POLL_MS = 50;

/** The page's `waitForFunction`, tried every POLL_MS instead of every animation frame (the tests'
 * one way to wait for a condition in a page; ESLint's no-restricted-properties keeps it so). */
export function waitUntil<R, Arg>(
  page: Page,
  fn: (arg: Arg) => R | Promise<R>,
  arg?: Arg,
  options: { timeout?: number } = {},
): Promise<JSHandle<R>> {
  // eslint-disable-next-line no-restricted-properties -- the one call; every other wait comes here
  return page.waitForFunction(fn as never, arg as never, { polling: POLL_MS, ...options }) as Promise<JSHandle<R>>;
}

/** Opens the editor and waits until the palette holds the EZVIZ nodes and the flows are loaded. */
export async function loadEditor(page: Page, url: string): Promise<void> {
  // The editor's page with all its scripts: seconds on a busy machine (CI once passed 10 s).
  await page.goto(url, { timeout: 30000 });
  await waitUntil(
    page,
    () => {
      const w = globalThis as any; // eslint-disable-line @typescript-eslint/no-explicit-any
      return Boolean(
        w.RED &&
        w.RED.nodes &&
        w.RED.nodes.getType &&
        w.RED.nodes.getType('ezviz-ptz-start') &&
        w.$('.red-ui-palette-node[data-palette-type="inject"]').length > 0 &&
        w.$('#red-ui-palette-container-EZVIZ .red-ui-palette-node').length > 0 &&
        // the deployed flows are in (their revision is known) and the loading bar is gone
        w.RED.nodes.version() &&
        !w.$('#red-ui-loading-progress').is(':visible'),
      );
    },
    null,
    { timeout: 30000 },
  );
}

/** Shows the editor of `page` in `locale` as a user switches it: the editor's language setting
 * (View > Language, kept in the page's localStorage as `editor-language`) and `reload`, which loads
 * the page again and waits for the editor. The page's renderer, compiled scripts and cache are kept:
 * about 1.5 CPU-seconds less than a fresh context loading the editor (measured: 3.7-4.1 against
 * 4.5-5.6). The browser's own language stays; test/support/editor-nodes.ts covers an editor
 * that follows a zh-CN browser. */
export async function showEditorIn(page: Page, locale: string, reload: () => Promise<void>): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('editor-language', l), locale);
  // Changes not deployed make the editor ask before the page unloads: leave, as the user would.
  const leave = (d: Dialog): void => {
    if (d.type() === 'beforeunload') d.accept().catch(() => undefined);
  };
  page.on('dialog', leave);
  try {
    await reload();
  } finally {
    page.off('dialog', leave);
  }
  const shown = await page.evaluate(() => (globalThis as any).RED.i18n.lang()); // eslint-disable-line @typescript-eslint/no-explicit-any
  if (shown !== locale) throw new Error(`the editor shows ${shown}, not ${locale}`);
}

/** Saves a screenshot of `page` into test-artifacts/ when the current test failed. */
export async function screenshotOnFailure(ctx: Mocha.Context, page: Page | undefined, label = ''): Promise<void> {
  const test = ctx.currentTest;
  if (!page || page.isClosed() || !test || test.state !== 'failed') return;
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const name = `${test.titlePath().slice(1).join(' ')}${label ? ` ${label}` : ''}`
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 120);
  const file = path.join(ARTIFACTS, `${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true });
    console.log(`      screenshot: ${path.relative(ROOT, file)}`);
  } catch (err) {
    console.log(`      screenshot failed: ${(err as Error).message}`);
  }
}
