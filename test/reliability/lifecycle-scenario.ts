// The lifecycle scenario (docs/reliability.md), run in a child process by lifecycle.test.ts: a simulator
// and a Node-RED runtime (the test helper) with every operation node and an alarm node; bursts of messages
// (timed ptz-start moves among them) and, while they are in flight, a redeploy through the
// runtime's flows API (full, modified nodes, modified config node). At the end the runtime stops
// and the simulator closes; the process must then exit on its own (no timer or socket left).
// It prints one line `RESULT <json>` for the parent test, then returns.

import { OPERATIONS, OperationName } from '../../client/operations/operations';
import { STATE_CALLS } from '../../client/operations/state-calls';
import { loadDefaultState } from '../../simulator';
import { helper, load, Msg, startSim, stopSim, TAB } from '../support/red';
import { scanSaid, stateSecrets } from './support';

const REDEPLOYS = Number(process.env.REDEPLOYS ?? 100);
const BURST = Number(process.env.BURST ?? 12);
const CAMERAS = 12;
const SEED = Number(process.env.RELIABILITY_SEED ?? 20260121);

let rnd = SEED >>> 0;
function random(): number {
  rnd = (rnd + 0x6d2b79f5) >>> 0;
  let t = rnd;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const camera = (i: number) => `L${String(i).padStart(8, '0')}`;
const OPS = Object.keys(OPERATIONS) as OperationName[];
const problems: string[] = [];
process.on('unhandledRejection', (r) => problems.push(`unhandledRejection: ${String((r as Error)?.stack ?? r)}`));
process.on('uncaughtExceptionMonitor', (e) => problems.push(`uncaughtException: ${String(e?.stack ?? e)}`));

function flowFor(url: string, round: number, variant: number): Record<string, unknown>[] {
  const flow: Record<string, unknown>[] = [
    { id: TAB, type: 'tab', label: 'lifecycle' },
    // variant 2 changes the config node: every node using it restarts with it.
    {
      id: 'cfg',
      type: 'ezviz-config',
      name: 'sim',
      baseUrl: url,
      timeout: variant === 2 ? 3000 + round : 3000,
      maxRetries: 2,
      retryDelay: 5,
    },
    { id: 'ok', type: 'helper', z: TAB },
    { id: 'err', type: 'helper', z: TAB },
  ];
  for (const op of OPS) {
    // variant 1 renames the PTZ nodes only (a modified-nodes deploy restarts just those).
    const renamed = variant === 1 && OPERATIONS[op].cameraQueue;
    flow.push({
      id: op,
      type: OPERATIONS[op].type,
      z: TAB,
      name: renamed ? `${op} ${round}` : op,
      config: 'cfg',
      wires: [['ok'], ['err']],
    });
  }
  // The alarm node: polls on its own timer and on every round's message; renamed with
  // the PTZ nodes. Its outputs go to helpers of their own (its messages answer no input).
  flow.push(
    {
      id: 'alarm',
      type: 'ezviz-alarm',
      z: TAB,
      name: variant === 1 ? `alarm ${round}` : 'alarm',
      config: 'cfg',
      interval: 10,
      deviceSerial: '',
      alarmType: '',
      wires: [['alarms'], ['alarm-err']],
    },
    { id: 'alarms', type: 'helper', z: TAB },
    { id: 'alarm-err', type: 'helper', z: TAB },
  );
  // ezviz-switch answers messages like the operation nodes; ezviz-device watches a
  // camera on its own timer (its first read at deploy, renamed with the PTZ nodes so that
  // redeploys restart it while reads are under way): no timer may be left once it closed.
  flow.push(
    {
      id: 'switch',
      type: 'ezviz-switch',
      z: TAB,
      name: variant === 1 ? `switch ${round}` : 'switch',
      config: 'cfg',
      switch: 'defence',
      switchType: 'switch',
      state: '',
      stateType: 'switchState',
      wires: [['ok'], ['err']],
    },
    {
      id: 'device',
      type: 'ezviz-device',
      z: TAB,
      name: variant === 1 ? `device ${round}` : 'device',
      config: 'cfg',
      deviceSerial: camera(round % CAMERAS),
      deviceSerialType: 'str',
      watch: 60,
      wires: [['watched'], ['watch-err']],
    },
    { id: 'watched', type: 'helper', z: TAB },
    { id: 'watch-err', type: 'helper', z: TAB },
  );
  for (const n of flow) if (n.z) Object.assign(n, { x: 100, y: 100 });
  return flow;
}

/** A step that does not end within STEP_BOUND_MS fails the run with its name (not a silent hang). */
const STEP_BOUND_MS = 30000;
function guard<T>(step: string, p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_r, reject) => {
    timer = setTimeout(() => reject(new Error(`${step} did not end within ${STEP_BOUND_MS} ms`)), STEP_BOUND_MS);
  });
  return Promise.race([p, bound]).finally(() => clearTimeout(timer));
}

async function main(): Promise<void> {
  const state = loadDefaultState() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  for (let i = 0; i < CAMERAS; i++) {
    state.devices[camera(i)] = { account: 'demo', channels: { 1: { presets: { 1: { pan: 10, tilt: 0, zoom: 1 } } } } };
  }
  const sim = await startSim({ state, logLimit: 1000000 });
  // An app key: every new config node fetches its token, often while a redeploy is under way.
  const creds = {
    cfg: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' },
    'storage-open': { cardPassword: 'CARD-LIFECYCLE-0001' },
  };
  state.cards['CARD-LIFECYCLE-0001'] = { serviceType: '7d-loop', totalDays: 7, serviceDays: 30 };
  await load(flowFor(sim.url, 0, 0), creds);

  const answers = new Map<string, number>();
  let lateAnswers = 0;
  let messages = 0;
  let inFlightAtDeploy = 0;
  const wrapped = new WeakSet<object>();
  const alarmsSent = new Set<string>();
  let alarmsRaised = 0;
  const watch = () => {
    for (const id of ['ok', 'err']) {
      const n = helper.getNode(id);
      if (wrapped.has(n)) continue;
      wrapped.add(n);
      n.on('input', (m: Msg) => answers.set(m._msgid, (answers.get(m._msgid) ?? 0) + 1));
    }
    const alarms = helper.getNode('alarms');
    if (alarms && !wrapped.has(alarms)) {
      wrapped.add(alarms);
      alarms.on('input', (m: Msg) => {
        const id = String(m.payload?.alarmId);
        if (alarmsSent.has(id)) problems.push(`alarm ${id} sent twice`);
        alarmsSent.add(id);
      });
    }
    for (const op of [...OPS, 'alarm', 'switch', 'device']) {
      const n = helper.getNode(op) as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      if (!n || wrapped.has(n)) continue;
      wrapped.add(n);
      let closed = false;
      n.on('close', () => {
        closed = true;
      });
      for (const m of ['send', 'error']) {
        const orig = n[m];
        n[m] = function (this: unknown, ...args: unknown[]) {
          if (closed) {
            lateAnswers++;
            problems.push(`${op}.${m} after close: ${JSON.stringify(args).slice(0, 200)}`);
          }
          return orig.apply(this, args);
        };
      }
    }
  };
  watch();

  const events = (helper as unknown as { _events: NodeJS.EventEmitter })._events;
  const redNodes = (
    helper as unknown as { _redNodes: { setFlows(f: unknown, c: unknown, t: string): Promise<unknown> } }
  )._redNodes;
  const kinds = { full: 0, nodes: 0, config: 0 };
  let starts = 0;
  for (let round = 1; round <= REDEPLOYS; round++) {
    // Some replies (and token requests) take a while, so that redeploys meet them in flight.
    for (let f = 0; f < 3; f++) {
      const paths = [
        ...OPS.map((o) => OPERATIONS[o].path),
        '/api/lapp/token/get',
        STATE_CALLS['defence-set'].path,
        STATE_CALLS['device-info'].path,
        STATE_CALLS['device-status'].path,
      ];
      sim.injectFault({
        kind: 'latency',
        ms: 20 + Math.floor(random() * 150),
        path: paths[Math.floor(random() * paths.length)],
      });
    }
    for (let k = 0; k < BURST; k++) {
      const ops = [...OPS, 'switch'];
      const op = k % 3 === 0 ? 'ptz-start' : ops[Math.floor(random() * ops.length)];
      const cam = camera(Math.floor(random() * CAMERAS));
      const duration = 20 + Math.floor(random() * 400);
      if (op === 'ptz-start') starts++;
      const id = `r${round}-${k}`;
      messages++;
      helper.getNode(op).receive({
        _msgid: id,
        payload: {
          deviceSerial: cam,
          channelNo: 1,
          direction: 'right',
          speed: 'slow',
          command: 'center',
          index: 1,
          duration,
          state: random() < 0.5,
        },
      });
    }
    sim.raiseAlarm({ deviceSerial: camera(Math.floor(random() * CAMERAS)), alarmId: `lc-${round}` });
    alarmsRaised++;
    helper.getNode('alarm').receive({ _msgid: `poll-${round}`, payload: round });
    await new Promise((r) => setTimeout(r, Math.floor(random() * 40)));
    inFlightAtDeploy += [...Array(BURST).keys()].filter((k) => !answers.has(`r${round}-${k}`)).length;
    const variant = round % 3;
    const type = variant === 0 ? 'full' : 'nodes';
    kinds[variant === 0 ? 'full' : variant === 1 ? 'nodes' : 'config']++;
    const started = new Promise<void>((resolve) => events.once('flows:started', () => resolve()));
    await guard(
      `redeploy ${round} (${type})`,
      redNodes.setFlows(flowFor(sim.url, round, variant), creds, type).then(() => started),
    );
    watch();
  }
  // Let the last moves run a little, then stop the runtime: pending timed moves stop at once.
  await new Promise((r) => setTimeout(r, 100));
  await guard('stopping the runtime', helper.unload());
  await new Promise((r) => setTimeout(r, 300));
  // Everything the nodes said in the whole run (the helper's spies outlive the redeploys).
  const scan = scanSaid(['CARD-LIFECYCLE-0001', ...stateSecrets(sim.state)]);

  const log = sim.requestLog();
  const view = sim.state.devices;
  const moving = Object.keys(view).filter((s) => Object.values(view[s].channels).some((c) => c.moving));
  // Every start that took effect is followed by a stop of its camera.
  const unstopped: string[] = [];
  log.forEach((e, i) => {
    if (e.path !== OPERATIONS['ptz-start'].path || e.code !== '200') return;
    const later = log
      .slice(i + 1)
      .some(
        (s) =>
          s.path === OPERATIONS['ptz-stop'].path &&
          s.code === '200' &&
          s.fields.deviceSerial === e.fields.deviceSerial &&
          s.fields.channelNo === e.fields.channelNo,
      );
    if (!later) unstopped.push(`${e.fields.deviceSerial}/${e.fields.channelNo}`);
  });
  const startsOk = log.filter((e) => e.path === OPERATIONS['ptz-start'].path && e.code === '200').length;
  const stopsOk = log.filter((e) => e.path === OPERATIONS['ptz-stop'].path && e.code === '200').length;
  let duplicates = 0;
  for (const [, n] of answers) if (n > 1) duplicates++;
  await stopSim(sim);
  const result = {
    redeploys: REDEPLOYS,
    kinds,
    messages,
    answered: answers.size,
    duplicates,
    inFlightAtDeploy,
    starts,
    startsOk,
    stopsOk,
    requests: log.length,
    unstopped,
    moving,
    lateAnswers,
    problems,
    secretHits: scan.hits,
    alarmsRaised,
    alarmsSent: alarmsSent.size,
    alarmPolls: log.filter((e) => e.path === '/api/lapp/alarm/list').length,
    deviceReads: log.filter((e) => e.path === STATE_CALLS['device-info'].path).length,
    thrown: scan.foreignErrors,
    linesScanned: scan.lines,
    connections: sim.connectionsOpened,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  // The leak check's own test plants a timer that is never cleared.
  if (process.env.RELIABILITY_PLANT_LEAK === '1') setInterval(() => undefined, 1000);
  // From here nothing may keep the process alive. If something does, name it (a timer that does
  // not itself keep the process alive) and fail.
  setTimeout(
    () => {
      const handles = (process as unknown as { _getActiveHandles(): object[] })
        ._getActiveHandles()
        .filter((h) => h !== process.stdout && h !== process.stderr && h !== process.stdin)
        .map((h) => {
          const o = h as {
            constructor?: { name?: string };
            remoteAddress?: string;
            remotePort?: number;
            _idleTimeout?: number;
          };
          return `${o.constructor?.name}${o.remotePort ? `:${o.remotePort}` : ''}${o._idleTimeout ? ` (${o._idleTimeout} ms)` : ''}`;
        });
      const info = (process as unknown as { getActiveResourcesInfo?(): string[] }).getActiveResourcesInfo?.() ?? [];
      process.stdout.write(`LEFT ${JSON.stringify({ resources: info, handles })}\n`);
      process.exit(3);
    },
    Number(process.env.EXIT_GRACE_MS ?? 8000),
  ).unref();
}

main().catch((e) => {
  process.stdout.write(`RESULT ${JSON.stringify({ fatal: String(e?.stack ?? e), problems })}\n`);
  process.exit(2);
});
