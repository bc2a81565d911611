// Runs the example flows as a newcomer does: the simulator started from its command line
// (the package's `ezviz-simulator` bin, on a free port instead of 8089), a fresh Node-RED user
// directory with this package installed, each example imported on top of the ones before (nodes
// whose id is already there, the shared demo account, are found, not duplicated) and deployed,
// then every inject pressed, top to bottom, while the debug sidebar (Node-RED's comms websocket),
// the node statuses and Node-RED's log are recorded.
//
// The convention the examples follow (CONTRIBUTING.md, "Examples"): an inject that ends on
// output 2 on purpose names the code(s) it expects in parentheses at the end of its name, like
// a status text: `C00000002: offline (20007)`, `bad direction (10001)`. Every other press must
// bring no error to the debug sidebar or the log.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { ChildProcess } from 'child_process';
import { demo, freePort } from './browser-env';
import { UNUSED_CORE_NODES, request } from './red-admin';
import { withCodeCache } from './code-cache-env';

/* eslint-disable @typescript-eslint/no-explicit-any */

export type FlowNode = Record<string, any>;

/** One thing seen after a press: a debug sidebar message, a status, or a log line. */
export interface Seen {
  kind: 'debug' | 'status' | 'log';
  /** Debug: the debug node's id; status: the node's id. */
  node?: string;
  /** Debug: the shown value (parsed when JSON); status: {fill, shape, text}; log: the line. */
  value: any;
}

/** The error codes an inject's name says it expects (`... (20007)`, `... (60000, 60020)`), or []. */
export function expectedCodes(name: string): string[] {
  const m = /\(([^()]*)\)\s*$/.exec(name || '');
  if (!m || !/^\s*\d{5}(\s*[,/]\s*\d{5})*\s*$/.test(m[1])) return [];
  return m[1].split(/[,/]/).map((c) => c.trim());
}

/** The error (output 2) shape {code, message, operation, source} in a shown value, if it is one. */
export function errorIn(value: any): { code: string; message: string } | undefined {
  for (const v of [value, value?.error, value?.payload]) {
    if (
      v &&
      typeof v === 'object' &&
      typeof v.code === 'string' &&
      typeof v.source === 'string' &&
      typeof v.operation === 'string' &&
      typeof v.message === 'string'
    )
      return { code: v.code, message: v.message };
  }
  return undefined;
}

export interface ExampleWorld {
  simUrl: string;
  redUrl: string;
  /** Node-RED's user directory, its working directory too (where a file node writes). */
  userDir: string;
  /** Imports `nodes` like the editor's import (ids already present are kept, not added), deploys.
   * Resolves to what happened since: the list grows until the next press (nothing is dropped). */
  importAndDeploy(nodes: FlowNode[]): Promise<Seen[]>;
  /** Deploys the flows with `edit` applied to each node (`credentials` set on a node change only
   * those named), like an edit in the editor; resolves as importAndDeploy. */
  redeploy(edit: (n: FlowNode) => FlowNode): Promise<Seen[]>;
  /** Presses an inject and resolves, once its outcome came (a debug message or a status of a node
   * wired after it) and things were quiet again, to what happened since the press: the list grows
   * with what comes later, until the next press or deploy or `settled()`. */
  press(id: string): Promise<Seen[]>;
  /** Waits until things are quiet and closes the last press's list. */
  settled(): Promise<void>;
  redLog(): string;
  stop(): Promise<void>;
}

/** A preset call's length in the examples run (the CLI simulator's default state: 2 s): set over
 * the admin endpoint (POST /sim/settings), the simulator started as the README says. */
export const EXAMPLES_PRESET_CALL_MS = 200;
/** How long nothing must happen after a press's outcome (after a deploy) before the next step: the
 * steps of a chain overlap (a node is blue until it sends), so a gap means the chain has ended. What
 * comes later still joins its press's list. */
const PRESS_SETTLE_MS = 150;
const DEPLOY_SETTLE_MS = 300;

const ws = require(require.resolve('ws', { paths: [path.dirname(require.resolve('node-red/package.json'))] }));

async function json(
  url: string,
  o: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<any> {
  const r = await request(url, {
    method: o.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', 'Node-RED-API-Version': 'v2', ...o.headers },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  if (r.status >= 300) throw new Error(`${o.method ?? 'GET'} ${url}: HTTP ${r.status} ${r.text}`);
  return r.json;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The ids of the nodes a message from `id` can reach through the wires (`id` included). */
export function reachable(wires: Map<string, string[]>, id: string): Set<string> {
  const seen = new Set<string>([id]);
  for (const todo = [id]; todo.length;) {
    for (const next of wires.get(todo.pop()!) ?? [])
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
  }
  return seen;
}

/** A press's outcome has come: a debug message from a node the inject reaches (`nodes`), or a
 * status of such a node that is not blue (blue: a call under way). */
export function outcomeCame(seen: Seen[], nodes: Set<string>): boolean {
  return seen.some(
    (e) => e.node !== undefined && nodes.has(e.node) && (e.kind === 'debug' || e.value?.fill !== 'blue'),
  );
}

/** Whether things are quiet at `now` (the simulator's preset calls aside, presetCalling): the
 * outcome came (an awaited one is given up 10 s after the last event), nothing new for `settleMs`,
 * none of `nodes` blue (any node, without them). The steps of a chain overlap (a node is blue until
 * it sends), so a gap after the outcome means the chain has ended. */
export function quietNow(
  s: { now: number; lastEvent: number; busy: Iterable<string>; outcome: boolean },
  o: { settleMs: number; nodes?: Set<string> },
): boolean {
  if (!s.outcome && s.now - s.lastEvent < 10000) return false;
  if (s.now - s.lastEvent < o.settleMs) return false;
  return ![...s.busy].some((n) => !o.nodes || o.nodes.has(n));
}

/** Whether a preset call is under way at `now` in a simulator state (`GET /sim/state`'s shape). */
export function presetCalling(state: { devices?: Record<string, any> }, now: number): boolean {
  return Object.values(state.devices ?? {}).some((dev: any) =>
    Object.values(dev.channels ?? {}).some((ch: any) => ch?.presetCall && ch.presetCall.until > now),
  );
}

/** Starts the simulator CLI and a fresh Node-RED (its runtime sleeps shortened: examples-clock.ts),
 * and connects to the editor's comms. */
export async function startExampleWorld(): Promise<ExampleWorld> {
  const start = (demo as unknown as { startSimulatorProcess(o: object): Promise<{ proc: ChildProcess; url: string }> })
    .startSimulatorProcess;
  const sim = await start({ port: await freePort(), quiet: true });
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-examples-nr-'));
  const port = await freePort();
  const { settingsPath } = demo.prepareUserDir({
    userDir,
    port,
    simUrl: sim.url,
    flows: false,
    nodesExcludes: UNUSED_CORE_NODES,
  });
  const preload = `--require ${path.join(__dirname, 'examples-clock.js')}`;
  let red: { proc: ChildProcess; url: string; log(): string };
  try {
    await json(`${sim.url}/sim/settings`, { method: 'POST', body: { presetCallMs: EXAMPLES_PRESET_CALL_MS } });
    red = await demo.startNodeRed({
      userDir,
      settingsPath,
      port,
      quiet: true,
      env: withCodeCache({ NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim() }),
    });
  } catch (err) {
    await demo.stopProcess(sim.proc);
    throw err;
  }
  const socket = new ws(`${red.url.replace(/^http/, 'ws')}comms`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const events = recordEvents(socket, red.proc);
  return worldOf(sim, red, userDir, events, async () => {
    socket.close();
    await demo.stopProcess(red.proc);
    await demo.stopProcess(sim.proc);
    fs.rmSync(userDir, { recursive: true, force: true });
  });
}

interface Events {
  /** What came since the last take. */
  take(): Seen[];
  /** When the last event came (Date.now()), or the last step began. */
  last(): number;
  /** A step begins now (a deploy, a press): quiet counts from here. */
  touch(): void;
  /** Nodes showing a blue status (at work). */
  busy: Set<string>;
  /** The runtime's runtime-deploy notifications so far (a revision each, sent once flows started). */
  deploys: string[];
  /** Resolves once the runtime says revision `rev` is started (a runtime-deploy notification after
   * the first `after`): POST /flows answers before the new flows start, later on a busy machine. */
  started(rev: string, after: number, ms: number): Promise<void>;
}

/** Records the debug sidebar and statuses (comms) and Node-RED's errors and warnings (its log). */
function recordEvents(socket: any, proc: ChildProcess): Events {
  let seen: Seen[] = [];
  let lastEvent = Date.now();
  const busy = new Set<string>();
  socket.send(JSON.stringify({ subscribe: 'debug' }));
  socket.send(JSON.stringify({ subscribe: 'status/#' }));
  socket.send(JSON.stringify({ subscribe: 'notification/runtime-deploy' }));
  const deploys: string[] = [];
  const onDeployed = new Set<() => void>();
  socket.on('message', (data: Buffer) => {
    for (const m of [].concat(JSON.parse(data.toString()))) {
      const { topic, data: d } = m as { topic: string; data: any };
      if (topic === 'notification/runtime-deploy') {
        deploys.push(String(d?.revision ?? ''));
        for (const fn of onDeployed) fn();
        continue;
      }
      if (topic === 'debug') {
        let value = d.msg;
        try {
          value = JSON.parse(d.msg);
        } catch {
          /* a string or number as shown */
        }
        seen.push({ kind: 'debug', node: d.id, value });
      } else if (topic.startsWith('status/')) {
        const node = topic.slice('status/'.length);
        if (d?.fill === 'blue') busy.add(node);
        else busy.delete(node);
        seen.push({ kind: 'status', node, value: d });
      } else continue;
      lastEvent = Date.now();
    }
  });
  // Node-RED's log, line by line: errors and warnings are what the user would see there.
  let partial = '';
  const onLog = (c: Buffer): void => {
    const lines = (partial + c.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const value of lines)
      if (/\[(error|warn)\]/.test(value)) {
        seen.push({ kind: 'log', value });
        lastEvent = Date.now();
      }
  };
  proc.stdout!.on('data', onLog);
  proc.stderr!.on('data', onLog);
  return {
    take() {
      const out = seen;
      seen = [];
      return out;
    },
    last: () => lastEvent,
    touch() {
      lastEvent = Date.now();
    },
    busy,
    deploys,
    started(rev, after, ms) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (!deploys.slice(after).includes(rev)) return;
          clearTimeout(timer);
          onDeployed.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          onDeployed.delete(check);
          reject(
            new Error(
              `the runtime did not start flow revision ${rev} within ${ms} ms (notified: ${deploys.slice(after).join(', ') || 'none'})`,
            ),
          );
        }, ms);
        onDeployed.add(check);
        check();
      });
    },
  };
}

/** The world's steps over the recorded events: each deploy and press owns what comes until the next. */
function worldOf(
  sim: { url: string },
  red: { url: string; log(): string },
  userDir: string,
  events: Events,
  stop: () => Promise<void>,
): ExampleWorld {
  const wires = new Map<string, string[]>();
  /** The last step's list: what comes before the next step joins it. */
  let open: Seen[] = [];
  const next = (): Seen[] => {
    open.push(...events.take());
    open = [];
    return open;
  };
  /** Quiet (quietNow): the outcome came (when one is awaited), nothing new for `settleMs`, none of
   * `nodes` blue (any node, without them), no preset call under way in the simulator. */
  const quiet = async (o: { settleMs: number; nodes?: Set<string>; outcome?: () => boolean }): Promise<void> => {
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline) {
      await sleep(25);
      open.push(...events.take());
      const state = { now: Date.now(), lastEvent: events.last(), busy: events.busy, outcome: o.outcome?.() ?? true };
      if (!quietNow(state, o)) continue;
      const simState = await json(`${sim.url}/sim/state`);
      const { now } = await json(`${sim.url}/sim/clock`);
      if (!presetCalling(simState, now)) return;
    }
  };
  /** Deploys `flows` (full) over revision `rev` and waits until they started and things are quiet. */
  const deploy = async (flows: FlowNode[], rev: string): Promise<void> => {
    for (const n of flows) wires.set(n.id, ((n.wires ?? []) as string[][]).flat());
    const after = events.deploys.length;
    const deployed = await json(`${red.url}flows`, {
      method: 'POST',
      body: { flows, rev },
      headers: { 'Node-RED-Deployment-Type': 'full' },
    });
    await events.started(String(deployed.rev), after, 30000);
    events.touch();
    await quiet({ settleMs: DEPLOY_SETTLE_MS });
  };
  return {
    simUrl: sim.url,
    redUrl: red.url,
    userDir,
    redLog: () => red.log(),
    async importAndDeploy(nodes) {
      const mine = next();
      const current = await json(`${red.url}flows`);
      const have = new Set((current.flows as FlowNode[]).map((n) => n.id));
      const swapped = JSON.parse(JSON.stringify(nodes).split(demo.EXAMPLE_BASE_URL).join(sim.url)) as FlowNode[];
      await deploy([...current.flows, ...swapped.filter((n) => !have.has(n.id))], current.rev);
      return mine;
    },
    async redeploy(edit) {
      const mine = next();
      const current = await json(`${red.url}flows`);
      await deploy((current.flows as FlowNode[]).map(edit), current.rev);
      return mine;
    },
    async press(id) {
      const mine = next();
      const nodes = reachable(wires, id);
      const r = await request(`${red.url}inject/${id}`, { method: 'POST' });
      if (r.status !== 200) throw new Error(`inject ${id}: HTTP ${r.status} ${r.text}`);
      events.touch();
      const outcome = (): boolean => outcomeCame(mine, nodes);
      await quiet({ settleMs: PRESS_SETTLE_MS, nodes, outcome });
      return mine;
    },
    async settled() {
      await quiet({ settleMs: PRESS_SETTLE_MS });
      next();
    },
    stop,
  };
}
