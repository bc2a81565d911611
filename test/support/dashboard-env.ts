// The camera panel in a real Dashboard 2 (docs/behaviour.md section 14): the EZVIZ simulator in this
// process, Node-RED from devDependencies in a child process with a user directory in which both
// packages of this repository are installed as the demo installs them (symlinks; Dashboard 2
// comes from the repository's node_modules), a flow with one Dashboard 2 page holding panels,
// and Debian's Chromium on the dashboard page.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BrowserContext, Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../simulator';
import { demo, freePort, sharedBrowser, startTestRed } from './browser-env';
import { UNUSED_CORE_NODES } from './red-admin';

export type FlowNode = Record<string, unknown>;

/** Dashboard 2's base, theme, page and group (ids dash-base, dash-theme, dash-page, dash-group: an id equal to a type name reads as a circular config node dependency). */
export function dashboardNodes(): FlowNode[] {
  return [
    {
      id: 'dash-base',
      type: 'ui-base',
      name: 'EZVIZ',
      path: '/dashboard',
      includeClientData: true,
      acceptsClientConfig: ['ui-notification', 'ui-control'],
    },
    {
      id: 'dash-theme',
      type: 'ui-theme',
      name: 'Default',
      colors: {
        surface: '#ffffff',
        primary: '#0094ce',
        bgPage: '#eeeeee',
        groupBg: '#ffffff',
        groupOutline: '#cccccc',
      },
    },
    {
      id: 'dash-page',
      type: 'ui-page',
      name: 'Camera',
      ui: 'dash-base',
      path: '/camera',
      icon: '',
      layout: 'grid',
      theme: 'dash-theme',
      order: 1,
      className: '',
      visible: 'true',
      disabled: 'false',
    },
    {
      id: 'dash-group',
      type: 'ui-group',
      name: 'Camera',
      page: 'dash-page',
      width: '6',
      height: '1',
      order: 1,
      showTitle: true,
      className: '',
      visible: 'true',
      disabled: 'false',
    },
  ];
}

/** The same flow in a dark Dashboard 2 theme (a dark page: Vuetify's dark theme, as a user's colours give it). */
export function darkTheme(nodes: FlowNode[]): FlowNode[] {
  return nodes.map((n) =>
    n.id !== 'dash-theme'
      ? n
      : {
          ...n,
          name: 'Dark',
          colors: {
            surface: '#1e1e1e',
            primary: '#4fb3f0',
            bgPage: '#121212',
            groupBg: '#1e1e1e',
            groupOutline: '#3a3a3a',
          },
        },
  );
}

/** The config node `cfg` of the dashboard flows: the simulator's demo app key, 10 s deadline, three
 * retries 500 ms apart. */
export function dashboardAccount(simUrl: string): FlowNode {
  return {
    id: 'cfg',
    type: 'ezviz-config',
    name: 'simulator',
    baseUrl: simUrl,
    timeout: 10000,
    maxRetries: 3,
    retryDelay: 500,
    credentials: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' },
  };
}

/** A camera panel `id` on C00000001 of the config node `cfg`, in Dashboard 2's group dash-group (wired
 * to nothing); `props` overrides its properties (`group`: a page's group of dashboardPage). */
export function panelNode(id: string, props: FlowNode = {}): FlowNode {
  return {
    id,
    type: 'ui-ezviz-camera',
    z: 'tab',
    name: '',
    group: 'dash-group',
    order: 1,
    width: 6,
    height: 0,
    config: 'cfg',
    deviceSerial: 'C00000001',
    channelNo: 1,
    presetList: '1: Door, 2: Garden',
    show_live: false,
    x: 200,
    y: 100,
    wires: [[]],
    ...props,
  };
}

/** Another Dashboard 2 page, /dashboard/`name`, with its group (ids dash-page-`name`,
 * dash-group-`name`): a panel of its own on a page of its own in the flow of dashboardNodes. */
export function dashboardPage(name: string, order: number): FlowNode[] {
  const [, , page, group] = dashboardNodes();
  return [
    { ...page, id: `dash-page-${name}`, name, path: `/${name}`, order },
    { ...group, id: `dash-group-${name}`, name, page: `dash-page-${name}` },
  ];
}

/** A flow: the dashboard, a tab, a config node `cfg` for the simulator and one panel `cam` on
 * C00000001 (wired to nothing unless `extra` says so); `panel` overrides its properties. */
export function panelFlow(simUrl: string, panel: FlowNode = {}, extra: FlowNode[] = []): FlowNode[] {
  return [
    ...dashboardNodes(),
    { id: 'tab', type: 'tab', label: 'camera panel' },
    dashboardAccount(simUrl),
    panelNode('cam', panel),
    ...extra,
  ];
}

/** An inject `id` (named `name`) that points the panel `cam` at the camera `serial` (msg.ui_update). */
export function cameraInject(id: string, serial: string, y: number, name = id): FlowNode {
  return {
    id,
    type: 'inject',
    z: 'tab',
    name,
    props: [{ p: 'ui_update', v: JSON.stringify({ deviceSerial: serial }), vt: 'json' }],
    repeat: '',
    crontab: '',
    once: false,
    topic: '',
    x: 100,
    y,
    wires: [['cam']],
  };
}

/** An ezviz-stream node `stream1` of the config node `cfg` streaming C00000001/1 (smooth, 8
 * viewers, closed after 10 idle seconds), with the stream key `key`. */
export function streamSource(key: string, y: number): FlowNode {
  return {
    id: 'stream1',
    type: 'ezviz-stream',
    z: 'tab',
    name: 'door stream',
    config: 'cfg',
    deviceSerial: 'C00000001',
    channelNo: 1,
    quality: 'smooth',
    path: '',
    maxViewers: 8,
    idleClose: 10,
    maxMinutesPerDay: 0,
    x: 200,
    y,
    wires: [[], []],
    credentials: { key, verificationCode: '' },
  };
}

export interface DashboardEnv {
  sim: Simulator;
  /** Node-RED's root URL, ending with '/'. */
  url: string;
  /** The page with the panel. */
  pageUrl: string;
  userDir: string;
  log(): string;
  alive(): boolean;
  /** A browser on the panel's page (`path`: another Dashboard 2 page of the flow, e.g. 'dark';
   * `cookies`: what the browser carries from its first request, as a login leaves them; `fakeClock`:
   * the page's timers and Date on Playwright's clock, page.clock, installed before it loads). */
  open(o?: {
    phone?: boolean;
    locale?: string;
    path?: string;
    cookies?: Array<{ name: string; value: string }>;
    fakeClock?: boolean;
    /** The region the page is ready with (default: the camera panel; 'camera wall' for the wall). */
    region?: string;
    /** Called with the page before it loads (listeners that see the first load, e.g. its socket's frames). */
    beforeLoad?: (page: Page) => void;
    /** The page of an earlier `reuse` open of this environment with the same `phone` and `locale`
     * once its close() has parked it (on about:blank: nothing plays or polls there), the Dashboard 2
     * page loaded in it as an address bar does (its pageErrors emptied), instead of a new page in a
     * fresh context: the renderer stays (measured at load 14: a load in it about 2 CPU-s, a new page
     * 3.7). Its close() parks it again (env.stop closes it). For a test that judges neither a fresh
     * browser (its cookies, storage, clock: not with `cookies`, `fakeClock` or `beforeLoad`) nor what
     * the page's close does. */
    reuse?: boolean;
  }): Promise<PanelPage>;
  stop(): Promise<void>;
}

export interface PanelPage {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  close(): Promise<void>;
}

/** Writes the flow (credentials apart, as the runtime keeps them) into the user directory. */
function writeFlow(userDir: string, nodes: FlowNode[]): void {
  const creds: Record<string, unknown> = {};
  const flows = nodes.map((n) => {
    const { credentials, ...rest } = n;
    if (credentials) creds[String(n.id)] = credentials;
    return rest;
  });
  fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(flows, null, 2));
  fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify(creds, null, 2));
}

/** The environment that sets the child runtime's test hooks (test/support/runtime-preload.ts). */
function runtimeHooksEnv(liveSecondMs: number): Record<string, string> {
  const preload = path.join(__dirname, 'runtime-preload.js');
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(preload)}`.trim(),
    EZVIZ_TEST_LIVE_SECOND_MS: String(liveSecondMs),
  };
}

/** Starts the simulator and Node-RED with `flow(simUrl)` deployed. `userDir`: an existing user
 * directory (the packed-install test) instead of the demo's; `prepare`: what a test adds to the
 * user directory before Node-RED starts (a plugin of its own); `liveSecondMs`: the runtime's
 * hooks.liveSecondMs (a live address's lifetime shortened, test/support/runtime-preload.ts). */
export async function startDashboardEnv(
  flow: (simUrl: string) => FlowNode[],
  o: { userDir?: string; prepare?: (userDir: string) => void; liveSecondMs?: number } = {},
): Promise<DashboardEnv> {
  const sim = await startSimulator({ port: 0 });
  const own = !o.userDir;
  const userDir = o.userDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-dashboard-nr-'));
  const port = await freePort();
  let settingsPath = path.join(userDir, 'settings.js');
  if (own)
    settingsPath = demo.prepareUserDir({
      userDir,
      port,
      simUrl: sim.url,
      flows: false,
      nodesExcludes: UNUSED_CORE_NODES,
    }).settingsPath;
  else
    fs.writeFileSync(
      settingsPath,
      `module.exports = { uiHost: '127.0.0.1', uiPort: ${port}, flowFile: 'flows.json', credentialSecret: false, editorTheme: { tours: false }, diagnostics: { enabled: false } };\n`,
    );
  writeFlow(userDir, flow(sim.url));
  o.prepare?.(userDir);
  const hooksEnv = o.liveSecondMs ? runtimeHooksEnv(o.liveSecondMs) : undefined;
  const red = await startTestRed({ userDir, settingsPath, port, env: hooksEnv }, async () => {
    await sim.close();
    if (own) fs.rmSync(userDir, { recursive: true, force: true });
  });
  const pages = new Set<PanelPage>();
  /** The parked pages of `reuse` opens, by phone and locale. */
  const parked = new Map<string, PanelPage>();
  const browser = sharedBrowser();
  /** Loads the Dashboard 2 page `at` (or the panel's) in `page` and waits for the region `name`. */
  const load = async (page: Page, at: string | undefined, name: string): Promise<void> => {
    await page.goto(at ? `${red.url}dashboard/${at}` : env.pageUrl);
    await page.getByRole('region', { name }).waitFor({ timeout: 30000 });
  };
  const env: DashboardEnv = {
    sim,
    url: red.url,
    pageUrl: `${red.url}dashboard/camera`,
    userDir,
    log: () => red.log(),
    alive: () => red.proc.exitCode === null && red.proc.signalCode === null,
    async open({
      phone = false,
      locale = 'en-US',
      path: at,
      cookies = [],
      fakeClock = false,
      region,
      beforeLoad,
      reuse = false,
    } = {}) {
      const ready = region ?? (locale.startsWith('zh') ? '摄像机面板' : 'camera panel');
      const key = `${phone ? 'phone' : 'desktop'} ${locale}`;
      if (reuse && (cookies.length || fakeClock || beforeLoad)) throw new Error('reuse: a fresh browser asked for');
      const kept = reuse ? parked.get(key) : undefined;
      if (kept) {
        parked.delete(key);
        kept.pageErrors.length = 0;
        await load(kept.page, at, ready);
        return kept;
      }
      const context = await browser.context({
        locale,
        ...(phone
          ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
          : { viewport: { width: 1280, height: 900 } }),
      });
      if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: red.url })));
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      page.setDefaultTimeout(15000);
      const p: PanelPage = {
        context,
        page,
        pageErrors,
        async close() {
          if (reuse && pages.has(p) && !page.isClosed()) {
            await page.goto('about:blank').catch(() => undefined);
            parked.set(key, p);
            return;
          }
          pages.delete(p);
          await context.close().catch(() => undefined);
        },
      };
      pages.add(p);
      if (fakeClock) await page.clock.install();
      beforeLoad?.(page);
      await load(page, at, ready);
      return p;
    },
    async stop() {
      parked.clear();
      for (const p of [...pages]) {
        pages.delete(p);
        await p.context.close().catch(() => undefined);
      }
      await browser.close();
      await demo.stopProcess(red.proc, 'SIGINT', 5000);
      await sim.close();
      if (own) fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
  return env;
}

/** The widget's socket.io client as tests reach it in the page (app._context.provides.$socket). */
export interface SocketLike {
  emit(event: string, ...args: unknown[]): void;
  once(event: string, fn: (msg: unknown) => void): void;
  on(event: string, fn: (msg: unknown) => void): void;
}
