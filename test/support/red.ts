// Node-RED test support: the helper with our nine nodes and the real message catalog, flow
// builders, message waiting, and the record of everything the nodes said (sent messages,
// statuses, log lines) that test/support/said-checks.ts checks after each test and each file.

import * as http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';
import helper from 'node-red-node-test-helper';
import type { Node } from 'node-red';
import { hooks, resetHooks } from '../../client/clock/clock';
import { forgetHandOvers } from '../../client/service/handover';
import { CATALOG_NS } from '../../runtime/i18n/i18n';
import type {
  MediaNodeName,
  OperationName,
  StateNodeName,
  UpkeepNodeName,
  GuardNodeName,
} from '../../client/operations/operations';
import { MEDIA_NODES } from '../../client/operations/voice';
import { STATE_NODES } from '../../client/operations/state-calls';
import { UPKEEP_NODES } from '../../client/operations/settings';
import { HUB_NODE } from '../../client/operations/hub';
import { SIREN_NODE } from '../../client/operations/siren';
import { OPERATIONS } from '../../client/operations/operations';
import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import type { SimulatorOptions } from '../../simulator';

// The Node-RED runtime under test: the devDependency, or another install named by EZVIZ_NODE_RED
// (scripts/compat-nr5.sh sets it to .compat/node_modules/node-red for the Node-RED 5 run).
// @node-red/util comes from the same install, so the catalogs go to that runtime's i18n.
const NODE_RED = require.resolve(process.env.EZVIZ_NODE_RED || 'node-red');
const { i18n } = require(require.resolve('@node-red/util', { paths: [path.dirname(NODE_RED)] }));

helper.init(NODE_RED);

const ROOT = path.resolve(__dirname, '..', '..', '..');
let catalogReady: Promise<void> | undefined;

/** Registers the config node's catalog with Node-RED's i18n (the helper does not). */
export function loadCatalog(): Promise<void> {
  if (!catalogReady) {
    i18n.init({ lang: 'en-US' });
    catalogReady = i18n
      .registerMessageCatalog(CATALOG_NS, path.join(ROOT, 'nodes', 'ezviz-config', 'locales'), 'ezviz-config.json')
      .then(() => undefined);
  }
  return catalogReady!;
}

/** The translated text of a key of the shared catalog (what the nodes show). */
export function text(key: string, args?: Record<string, unknown>): string {
  return i18n._(`${CATALOG_NS}:${key}`, args);
}

type NodeModule = (RED: unknown) => void;

/** The RED of the last flow loaded (its httpNode: Node-RED's HTTP node app, served by tests). */
let lastRed: { httpNode?: unknown } | undefined;

/** Node-RED's HTTP node app of the flow loaded now (an express app: mount it on a server). */
export function httpNodeApp(): (req: unknown, res: unknown) => void {
  const app = lastRed?.httpNode;
  if (typeof app !== 'function') throw new Error('no flow loaded: RED.httpNode unknown');
  return app as (req: unknown, res: unknown) => void;
}

/** Node-RED's translations in this process, by language, key and arguments: the runtime's
 * translator (runtime/i18n/i18n.ts) passes markers for its values, so a status or message text is
 * looked up once, not at every input (i18next's lookup was 0.7 of reliability/replies' 13 CPU-s). */
const translated = new Map<string, string>();
function translate(...args: unknown[]): string {
  let key: string;
  try {
    key = `${i18n.i.language}\0${JSON.stringify(args)}`;
  } catch {
    return i18n._(...args);
  }
  let out = translated.get(key);
  if (out === undefined) {
    out = i18n._(...args) as string;
    translated.set(key, out);
  }
  return out;
}

function realI18n(fn: NodeModule): NodeModule {
  // The helper replaces RED._ with the identity; put Node-RED's real translator back.
  return (RED: unknown) => {
    lastRed = RED as { httpNode?: unknown };
    (RED as { _: unknown })._ = translate;
    return fn(RED);
  };
}

const mod = (type: string): NodeModule => realI18n(require(`../../nodes/${type}/${type}`));

export const NODES: NodeModule[] = [
  mod('ezviz-config'),
  ...Object.values(OPERATIONS).map((o) => mod(o.type)),
  mod('ezviz-alarm'),
  ...Object.values(STATE_NODES).map((o) => mod(o.type)),
  ...Object.values(MEDIA_NODES).map((o) => mod(o.type)),
  ...Object.values(UPKEEP_NODES).map((o) => mod(o.type)),
  mod(HUB_NODE.type),
  mod(SIREN_NODE.type),
  mod('ezviz-stream'),
]; // (the helper loads the core Catch node itself)

// ---- what the nodes said ----------------------------------------------------------------------

/** Everything seen in the whole run: JSON of sent messages, statuses and log lines. */
export const said: string[] = [];
/** Secret strings used anywhere in the run (tokens, app secrets, card passwords). */
export const secrets = new Set<string>(['demo-app-secret', 'at.demo-token']);
const sims = new Set<Simulator>();

const binary = (x: unknown): x is ArrayBufferView | ArrayBuffer => ArrayBuffer.isView(x) || x instanceof ArrayBuffer;
/** A Buffer (or other binary) as the scan shows it: its JSON, a list of byte values, can hold no
 * secret (no letters, a comma every 3 digits at most), and walking a clip's megabytes number by
 * number took minutes. */
const shownBinary = (x: ArrayBufferView | ArrayBuffer): string => `[${x.constructor.name} ${x.byteLength} bytes]`;

/** An object or array with its binary members shown as such (the same object when it has none). */
function withoutBinary(val: object): object {
  const values = Object.values(val);
  if (!values.some(binary)) return val;
  if (Array.isArray(val)) return val.map((x: unknown) => (binary(x) ? shownBinary(x) : x));
  return Object.fromEntries(Object.entries(val).map(([k, x]) => [k, binary(x) ? shownBinary(x) : x]));
}

/** JSON of anything a node said, for the secrets scan (shared with test/reliability). */
export function serialise(v: unknown): string {
  if (binary(v)) return shownBinary(v);
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(v, (k, val) => shown(k, val)) ?? String(v);
  } catch {
    return String(v);
  }

  function shown(k: string, val: unknown): unknown {
    const out = replaced(k, val);
    return out && typeof out === 'object' && !binary(out) ? withoutBinary(out) : out;
  }

  function replaced(k: string, val: unknown): unknown {
    // A card password or verification code the user put into msg.payload stays there (the
    // payload is untouched by contract): the user's own value, not a leak.
    if (
      k === 'payload' &&
      val &&
      typeof val === 'object' &&
      !Array.isArray(val) &&
      ['cardPassword', 'verificationCode'].some((s) => Object.prototype.hasOwnProperty.call(val, s))
    ) {
      const { cardPassword: _mine, verificationCode: _code, ...rest } = val as Record<string, unknown>;
      return rest;
    }
    if (typeof val === 'bigint') return `${val}n`;
    if (val instanceof Error) return { ...val, name: val.name, message: val.message, stack: val.stack };
    if (val && typeof val === 'object') {
      if (seen.has(val)) return '[circular]';
      seen.add(val);
    }
    if (typeof val === 'function') return undefined;
    return val;
  }
}

/** Every status text a node showed in this process (test/support/said-checks.ts checks them). */
export const statusTexts = new Set<string>();

function record(): void {
  const proto = (helper as unknown as { _NodePrototype: Record<string, { args?: unknown[][] }> })._NodePrototype;
  for (const m of ['send', 'status', 'warn', 'error', 'log', 'debug', 'trace']) {
    const args = proto[m]?.args;
    if (args) for (const a of args) said.push(`${m}: ${serialise(a)}`);
  }
  for (const a of proto.status?.args ?? []) {
    const text = (a[0] as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string' && text !== '') statusTexts.add(text);
  }
  try {
    for (const a of helper.log().args) said.push(`RED.log: ${serialise(a)}`);
  } catch {
    /* no flow loaded */
  }
  for (const sim of sims) for (const token of Object.keys(sim.state.tokens)) secrets.add(token);
}

/** A server on 127.0.0.1 answering with `handler` (Node-RED's httpNode routes unless told: the
 * stream and webhook paths), and its origin. */
export async function serveHttp(
  handler: http.RequestListener = httpNodeApp() as http.RequestListener,
): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Closes a server of serveHttp (if any), its open connections cut. */
export async function closeServer(server: http.Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
}

// ---- flows --------------------------------------------------------------------------------------

export interface ConfigProps {
  baseUrl?: string;
  timeout?: number | string;
  maxRetries?: number | string;
  retryDelay?: number | string;
}

export interface Creds {
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
}

export interface FlowOptions {
  /** Node properties of the operation node (P and PType). */
  props?: Record<string, unknown>;
  config?: ConfigProps;
  creds?: Creds;
  /** Credentials of the operation node (cardPassword). */
  nodeCreds?: Record<string, string>;
  /** Wire output 2 to the helper node `err` (default true). */
  errorWired?: boolean;
  /** Add a Catch node wired to helper `caught`. */
  withCatch?: boolean;
  /** Number of operation nodes (ids op, op2, ...), all wired to `ok` / `err`. */
  count?: number;
}

export const TAB = 'tab1';

/** The config node `cfg` of a test flow at the simulator `url`: a 2 s deadline, three retries 10 ms
 * apart; `config` over that. */
export function simConfig(url: string, config: ConfigProps = {}): Record<string, unknown> {
  return {
    id: 'cfg',
    type: 'ezviz-config',
    name: 'sim',
    baseUrl: url,
    timeout: 2000,
    maxRetries: 3,
    retryDelay: 10,
    ...config,
  };
}

/** The settings of a ptz-start node on channel 1 of `serial` (a string), with the direction and the
 * speed each given as [value, editor type]. */
export function ptzStartSettings(serial: string, direction: [string, string], speed: [string, string]) {
  return {
    deviceSerial: serial,
    deviceSerialType: 'str',
    channelNo: '1',
    channelNoType: 'num',
    direction: direction[0],
    directionType: direction[1],
    speed: speed[0],
    speedType: speed[1],
  };
}

/** A flow: one config node `cfg`, operation node(s) `op`, helpers `ok`, `err` (and `caught`). */
export function buildFlow(
  operation: OperationName | StateNodeName | MediaNodeName | UpkeepNodeName | GuardNodeName,
  url: string,
  o: FlowOptions = {},
): {
  flow: Record<string, unknown>[];
  credentials: Record<string, Record<string, string>>;
} {
  const type = (
    operation === 'switch' || operation === 'device' || operation === 'recordings'
      ? STATE_NODES[operation]
      : operation === 'voice' || operation === 'clip'
        ? MEDIA_NODES[operation]
        : operation === 'setting' || operation === 'firmware'
          ? UPKEEP_NODES[operation]
          : operation === 'hub'
            ? HUB_NODE
            : operation === 'siren'
              ? SIREN_NODE
              : OPERATIONS[operation]
  ).type;
  const flow: Record<string, unknown>[] = [
    { id: TAB, type: 'tab', label: 'test' },
    simConfig(url, o.config),
    { id: 'ok', type: 'helper', z: TAB },
    { id: 'err', type: 'helper', z: TAB },
  ];
  const credentials: Record<string, Record<string, string>> = {
    cfg: { ...(o.creds ?? { accessToken: 'at.demo-token' }) } as Record<string, string>,
  };
  const count = o.count ?? 1;
  for (let i = 0; i < count; i++) {
    const id = i === 0 ? 'op' : `op${i + 1}`;
    flow.push({
      id,
      type,
      z: TAB,
      name: '',
      config: 'cfg',
      ...o.props,
      wires: [['ok'], o.errorWired === false ? [] : ['err']],
    });
    if (o.nodeCreds) credentials[id] = o.nodeCreds;
  }
  if (o.withCatch) {
    flow.push({ id: 'catch', type: 'catch', z: TAB, scope: null, uncaught: false, wires: [['caught']] });
    flow.push({ id: 'caught', type: 'helper', z: TAB });
  }
  for (const n of flow) if (n.z) Object.assign(n, { x: 100, y: 100 });
  return { flow, credentials };
}

/** The secret credentials a test deploys join the scan: tokens, app secrets, webhook secrets, card
 * passwords and verification codes (each code of an account's `verificationCodes` list). */
function learnSecrets(credentials: Record<string, unknown>): void {
  for (const creds of Object.values(credentials)) {
    if (!creds || typeof creds !== 'object') continue;
    for (const [name, value] of Object.entries(creds as Record<string, unknown>)) {
      if (typeof value !== 'string' || value.trim().length < 4) continue;
      if (name === 'verificationCodes') {
        for (const line of value.split(/\r?\n/)) {
          const code = /^\s*[^#\s=:]+\s*[\s=:]\s*(\S{4,})\s*$/.exec(line)?.[1];
          if (code) secrets.add(code);
        }
      } else if (['accessToken', 'appSecret', 'secret', 'cardPassword', 'verificationCode', 'key'].includes(name)) {
        secrets.add(value.trim());
      }
    }
  }
}

export async function load(flow: Record<string, unknown>[], credentials: Record<string, unknown> = {}): Promise<void> {
  learnSecrets(credentials);
  await loadCatalog();
  await helper.load(NODES as never, flow as never, credentials as never);
}

export async function loadOp(
  operation: OperationName | StateNodeName | MediaNodeName | UpkeepNodeName | GuardNodeName,
  url: string,
  o: FlowOptions = {},
): Promise<void> {
  const { flow, credentials } = buildFlow(operation, url, o);
  await load(flow, credentials);
}

/** Unloads the flow, after recording what its nodes said. */
export async function unload(): Promise<void> {
  record();
  await helper.unload();
  forgetHandOvers(); // the next test starts a fresh runtime: nothing carried over from this one
}

/**
 * Stops the flows like a Node-RED shutdown, keeping the context stores' data (helper.unload()
 * would wipe every context of unknown nodes), then closes the context stores (flushing files).
 */
export async function unloadKeepingContext(): Promise<void> {
  record();
  const h = helper as unknown as {
    _redNodes: { clearRegistry(): void; stopFlows(): Promise<void> };
    _logSpy?: { restore(): void };
    _sandbox: { restore(): void };
    _context: { close(): Promise<void> };
  };
  h._redNodes.clearRegistry();
  h._logSpy?.restore();
  h._sandbox.restore();
  await h._redNodes.stopFlows();
  await h._context.close();
  forgetHandOvers(); // a restart is a new process
}

export function node<T = Node>(id: string): T {
  return helper.getNode(id) as unknown as T;
}

/** The last status node `id` showed (the helper's spy on the node prototype's status). */
export function lastStatus(id = 'op'): Record<string, unknown> {
  const spy = helper.getNode(id).status as unknown as { args: unknown[][] };
  return spy.args[spy.args.length - 1][0] as Record<string, unknown>;
}

export type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The next message a helper node receives. */
export function nextMessage(id: string, timeoutMs = 3000): Promise<Msg> {
  return new Promise((resolve, reject) => {
    const n = helper.getNode(id);
    const timer = setTimeout(() => reject(new Error(`no message at ${id} within ${timeoutMs} ms`)), timeoutMs);
    n.once('input', (msg: Msg) => {
      clearTimeout(timer);
      resolve(msg);
    });
  });
}

/** Collects every message of the helper nodes `ok`, `err` (and `caught`). */
export function collect(
  ids: string[] = ['ok', 'err'],
): Record<string, Msg[]> & { wait(total: number, ms?: number): Promise<void> } {
  const out: Record<string, Msg[]> = {};
  let waiter: { total: number; resolve: () => void } | undefined;
  const count = () => ids.reduce((n, id) => n + out[id].length, 0);
  for (const id of ids) {
    out[id] = [];
    helper.getNode(id).on('input', (msg: Msg) => {
      out[id].push(msg);
      if (waiter && count() >= waiter.total) waiter.resolve();
    });
  }
  return Object.assign(out, {
    wait(total: number, ms = 5000): Promise<void> {
      if (count() >= total) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`got ${count()} of ${total} messages within ${ms} ms`)), ms);
        waiter = {
          total,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    },
  });
}

/** Sends `msg` into the operation node and resolves with the first message on `ok` or `err`. */
export function run(msg: Msg, id = 'op', timeoutMs = 5000): Promise<{ port: 'ok' | 'err'; msg: Msg }> {
  return new Promise((resolve, reject) => {
    const ok = helper.getNode('ok');
    const err = helper.getNode('err');
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error('no output within ' + timeoutMs + ' ms'));
    }, timeoutMs);
    const onOk = (m: Msg) => {
      cleanup();
      resolve({ port: 'ok', msg: m });
    };
    const onErr = (m: Msg) => {
      cleanup();
      resolve({ port: 'err', msg: m });
    };
    function cleanup() {
      clearTimeout(timer);
      ok.removeListener('input', onOk);
      err.removeListener('input', onErr);
    }
    ok.on('input', onOk);
    err.on('input', onErr);
    helper.getNode(id).receive(msg);
  });
}

// ---- simulators ---------------------------------------------------------------------------------

export async function startSim(opts: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ port: 0, ...opts });
  sims.add(sim);
  return sim;
}

export async function stopSim(sim: Simulator | undefined): Promise<void> {
  if (!sim) return;
  for (const token of Object.keys(sim.state.tokens)) secrets.add(token);
  await sim.close();
}

/**
 * Mocha hooks of a node test that wants a fresh simulator for every test: `use` receives it
 * before each test (`options()` is called then too, e.g. for a new fake clock); after each test
 * the hooks are reset, the flow is unloaded and the simulator stopped.
 */
export function simulatorPerTest(use: (sim: Simulator) => void, options: () => SimulatorOptions = () => ({})): void {
  let sim: Simulator | undefined;
  beforeEach(async () => {
    sim = await startSim(options());
    use(sim);
  });
  afterEach(async () => {
    resetHooks();
    await unload();
    await stopSim(sim);
  });
}

/** The same with one simulator for the whole suite (`describe`); the flow is unloaded after each test. */
export function simulatorPerSuite(use: (sim: Simulator) => void, options: () => SimulatorOptions = () => ({})): void {
  let sim: Simulator | undefined;
  before(async () => {
    sim = await startSim(options());
    use(sim);
  });
  after(async () => {
    await stopSim(sim);
  });
  afterEach(async () => {
    await unload();
  });
}

/** Instant, counted retry sleeps and a fixed random number. */
export function fastRetries(): { sleeps: number[] } {
  const sleeps: number[] = [];
  hooks.sleep = (ms: number) => {
    sleeps.push(ms);
    return Promise.resolve();
  };
  hooks.random = () => 0.5;
  return { sleeps };
}

export { helper, hooks, resetHooks };

export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
