// Node-RED as users run it, in a child process, with the admin API settings the editor's account
// routes must live with: httpAdminRoot and adminAuth (an admin with every permission and a user
// who may only read). Used by the endpoint tests (test/nodes/ezviz-config/account-admin.test.ts) and by the
// browser tests of the account features. The runtime is the devDependency, or EZVIZ_NODE_RED
// (with EZVIZ_NODE_BINARY, else this Node.js) as in scripts/compat-nr5.sh.

import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import type { ChildProcess } from 'child_process';
import { withCodeCache } from './code-cache-env';

/** The project root (holds package.json), from src (test/support) or build (dist/test/support). */
export function projectRoot(): string {
  let dir = __dirname;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'node-red-contrib-ezviz-open')
      return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('project root not found');
    dir = up;
  }
}

const ROOT = projectRoot();
// The demo's user directory and process helpers (scripts/demo/), as browser-env.ts takes them.
const demo = {
  ...require(path.join(ROOT, 'scripts', 'demo', 'user-dir.js')),
  ...require(path.join(ROOT, 'scripts', 'demo', 'processes.js')),
};

/** The core nodes no test and no example uses, left out of the tests' Node-REDs (the settings'
 * nodesExcludes): MQTT, the HTML, XML, YAML and CSV parsers, TCP, UDP and WebSocket. Loading them
 * (mqtt, cheerio and their modules) was about 0.1 of a Node-RED start's 2 CPU-s: four starts to
 * ready and stop from a warm code cache (test/support/code-cache.ts), 2026-11-29, with them / without, 7.7 /
 * 7.1 and 7.3 / 6.9 CPU-s at load 6-8, 7.6 / 6.8 and 7.0 / 7.2 at load 7-9; every editor load
 * reads their definitions too. (Leaving out 24 nodes had shown no gain measured on editor loads,
 * whose spread is larger than this.) */
export const UNUSED_CORE_NODES = [
  '10-mqtt.js',
  '70-HTML.js',
  '70-XML.js',
  '70-YAML.js',
  '70-CSV.js',
  '31-tcpin.js',
  '32-udp.js',
  '22-websocket.js',
];

/** The users of adminAuth: name -> password and permissions. */
export const USERS = {
  admin: { password: 'admin-pass-4e1b', permissions: '*' },
  reader: { password: 'reader-pass-77c2', permissions: 'read' },
} as const;

export interface AdminRedOptions {
  simUrl: string;
  port: number;
  /** e.g. '/admin' (Node-RED's httpAdminRoot); '' for none. */
  httpAdminRoot?: string;
  /** Turn adminAuth on with USERS. */
  adminAuth?: boolean;
  /** Flows to deploy and their credentials (node id -> values). */
  flows?: Array<Record<string, unknown>>;
  credentials?: Record<string, Record<string, string>>;
  /** Console log level of Node-RED (default 'debug': the secrets scan reads everything it says). */
  logLevel?: string;
  /** Added to Node-RED's environment (e.g. TZ: middayZone()). */
  env?: Record<string, string>;
}

/** A fixed-offset time zone (Etc/GMT...) where it is about midday now: a runtime in it counts
 * "today" without a midnight inside a test (a run at 23:59 once read today's calls after 00:00). */
export function middayZone(now = Date.now()): string {
  const offset = 12 - new Date(now).getUTCHours(); // -11 .. +12 hours from UTC
  // Etc/GMT's sign is the other way round: Etc/GMT-5 is five hours ahead of UTC.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

export interface AdminRed {
  proc: ChildProcess;
  userDir: string;
  /** The editor's URL (under httpAdminRoot), ending with '/'. */
  url: string;
  /** Everything Node-RED printed since it started. */
  log(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

/** A bcrypt hash of `password` made with the bcryptjs that Node-RED itself uses. */
function bcryptHash(password: string): string {
  const red = path.dirname(
    require.resolve(
      process.env.EZVIZ_NODE_RED ? path.join(process.env.EZVIZ_NODE_RED, 'package.json') : 'node-red/package.json',
    ),
  );
  let bcrypt: { hashSync(p: string, rounds: number): string };
  try {
    bcrypt = require(require.resolve('bcryptjs', { paths: [red, ROOT] }));
  } catch {
    bcrypt = require('bcryptjs');
  }
  return bcrypt.hashSync(password, 8);
}

/** Starts Node-RED with this package, the settings asked for and the flows given. */
export async function startAdminRed(o: AdminRedOptions): Promise<AdminRed> {
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-admin-nr-'));
  demo.prepareUserDir({
    userDir,
    port: o.port,
    simUrl: o.simUrl,
    flows: false,
    codeEditor: 'ace',
    nodesExcludes: UNUSED_CORE_NODES,
  });
  const extra: Record<string, unknown> = {
    logging: { console: { level: o.logLevel || 'debug', metrics: false, audit: true } },
  };
  if (o.httpAdminRoot) extra.httpAdminRoot = o.httpAdminRoot;
  if (o.adminAuth) {
    extra.adminAuth = {
      type: 'credentials',
      users: Object.entries(USERS).map(([username, u]) => ({
        username,
        password: bcryptHash(u.password),
        permissions: u.permissions,
      })),
    };
  }
  const settingsPath = path.join(userDir, 'settings-admin.js');
  fs.writeFileSync(
    settingsPath,
    `// Written by test/support/red-admin.ts
module.exports = Object.assign(require('./settings.js'), ${JSON.stringify(extra, null, 2)});
`,
  );
  if (o.flows) {
    fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(o.flows, null, 2));
    fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify(o.credentials || {}, null, 2));
  }
  let red: { proc: ChildProcess; url: string; log(): string };
  try {
    red = await demo.startNodeRed({
      userDir,
      settingsPath,
      port: o.port,
      quiet: true,
      adminRoot: o.httpAdminRoot || '',
      env: withCodeCache(o.env),
      redJs: process.env.EZVIZ_NODE_RED ? path.join(process.env.EZVIZ_NODE_RED, 'red.js') : undefined,
      nodeBinary: process.env.EZVIZ_NODE_BINARY || undefined,
    });
  } catch (err) {
    fs.rmSync(userDir, { recursive: true, force: true });
    throw err;
  }
  let all = red.log();
  red.proc.stdout?.on('data', (c: Buffer) => {
    all += c.toString();
  });
  red.proc.stderr?.on('data', (c: Buffer) => {
    all += c.toString();
  });
  // The editor answers once the server runs; the flows (and the HTTP routes their nodes add)
  // start after that: with flows, wait for them.
  for (const end = Date.now() + 30000; o.flows && !/Started flows/.test(all) && Date.now() < end;) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    proc: red.proc,
    userDir,
    url: red.url,
    log: () => all,
    alive: () => red.proc.exitCode === null && red.proc.signalCode === null,
    async stop() {
      await demo.stopProcess(red.proc, 'SIGINT', 5000);
      fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
}

export interface HttpReply {
  status: number;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One HTTP request to 127.0.0.1; the reply as text and (when it parses) JSON. */
export function request(
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: o.method || 'GET', headers: o.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode || 0, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

/** An access token of adminAuth for `user` (Node-RED's /auth/token, as the editor's login does). */
export async function adminToken(red: AdminRed, user: keyof typeof USERS): Promise<string> {
  const body = new URLSearchParams({
    client_id: 'node-red-editor',
    grant_type: 'password',
    scope: USERS[user].permissions,
    username: user,
    password: USERS[user].password,
  }).toString();
  const r = await request(`${red.url}auth/token`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (r.status !== 200 || !r.json?.access_token) throw new Error(`login of ${user} failed: HTTP ${r.status} ${r.text}`);
  return r.json.access_token as string;
}

/** POSTs `body` as JSON to `ezviz-open/<route>` under the editor's URL, as the editor does. */
export function postAccount(red: AdminRed, route: string, body: unknown, token?: string): Promise<HttpReply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return request(`${red.url}ezviz-open/${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A server whose device and channel lists never end (every page full), or, with `onePage`, answer
 * one page of that many devices: the picker's list is bounded and says so. */
export function startEndlessAccount(
  onePage?: number,
): Promise<{ url: string; listRequests: () => number; close(): Promise<void> }> {
  let lists = 0;
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c;
    });
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      const q = new URLSearchParams(body);
      const start = Number(q.get('pageStart') ?? 0);
      let data: unknown = [];
      if (req.url === '/api/lapp/token/get')
        data = { accessToken: 'at.endless-token', expireTime: Date.now() + 7 * 86400000 };
      else if (req.url === '/api/lapp/device/list' || req.url === '/api/lapp/camera/list') {
        lists++;
        const n = onePage ?? 50;
        data =
          onePage !== undefined && start > 0
            ? []
            : Array.from({ length: n }, (_, i) => {
                const serial = `E${String((onePage ? 0 : start * 50) + i).padStart(5, '0')}`;
                return onePage
                  ? { deviceSerial: serial }
                  : { deviceSerial: serial, channelNo: 1, deviceName: serial, status: 1 };
              });
      }
      res.end(JSON.stringify({ code: '200', msg: 'ok', data }));
    });
  });
  return new Promise((resolve) => {
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        listRequests: () => lists,
        close: () => new Promise<void>((r) => srv.close(() => r())),
      });
    });
  });
}
