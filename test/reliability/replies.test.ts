// Fuzzed replies (docs/reliability.md). For every operation and for token/get, a server of the test's own
// (reply-world.ts) answers with generated replies (reply-gen.ts): any status, headers, body and
// delivery. Many cameras run at once through one flow, each with a short script of messages, and
// every reply is judged against the contract's model (reply-oracle.ts). Invariants:
// - the runtime survives: no uncaught exception, no unhandled rejection, nothing thrown out of a node;
// - every message gets exactly one outcome, within its bound (timeout x attempts + margin);
// - a success holds only documented fields of documented types, those of a good reply as they came;
//   an error fits the reply (BAD_REPLY, REPLY_TOO_LARGE, HTTP_<status>, the API code, ETIMEDOUT);
// - non-idempotent operations are sent once, idempotent ones retried only after a transient
//   failure and within their budget; back-off (Retry-After included) never asks for more than 30 s;
// - no secret reaches any host but the configured one or a permitted areaDomain; redirects are
//   not followed (the foreign host hears nothing);
// - a camera is never started (or sent to a preset) while the package believes it moves, and an
//   explicit stop is always sent;
// - token/get: at most one token request per config node, whatever the replies say.
// Seeded: a failure prints the seed, operation and batch to replay it
// (RELIABILITY_SEED=<seed> RELIABILITY_REPLY_ONLY=<op>:<batch>).

import assert from 'assert';
import fc from 'fast-check';
import { monitorEventLoopDelay } from 'perf_hooks';
import { OPERATIONS, OperationName, TOKEN_PATH } from '../../client/operations/operations';
import { helper, hooks, load, Msg, resetHooks, secrets, TAB, unload } from '../support/red';
import { fillToken, goodReply, Ports, replyArb, slow } from './reply-gen';
import { areaTarget, Class, classify, checkErrorShape, checkSuccess, errorMismatch, transient } from './reply-oracle';
import { prewarm, quiet, Received, Reply, World } from './reply-world';
import { replySuite } from './reply-suite';
import { countOutcome, FULL, inPart, lightSpies, scanSaid, section, SEED, size, summary, takeTrapped } from './support';

/** Generated replies per operation (served on its path), full run and `npm test`. */
const TARGET = size(10000, 150);
const BATCH = size(1000, 150);
/** Config nodes: the first half with the short timeout (cameras whose replies include slow ones:
 * the deadline is what is tested), the others with a long one (no busy-machine timeouts). */
const CONFIGS = 8;
const SHORT_CONFIGS = 2;
/** Cameras in flight per config node: below the client's 32 sockets (waiting for one is not bounded). */
const PER_CONFIG = 28;
const TIMEOUT_MS = 700;
const LONG_TIMEOUT_MS = 8000;
const timeoutOf = (cfg: number) => (cfg < SHORT_CONFIGS ? TIMEOUT_MS : LONG_TIMEOUT_MS);
const MAX_RETRIES = 2;
/** Margin of the outcome bound for a busy machine (2 cores shared). */
const MARGIN_MS = 5000;
const MAX_SLEEP_MS = 30000;
const TOKEN = 'at.fuzz-typed-token-7f3a';
const ONLY = process.env.RELIABILITY_REPLY_ONLY; // "<op>:<batch>"

const OPS = Object.keys(OPERATIONS) as OperationName[];
const PATH_OP = new Map<string, OperationName>(OPS.map((o) => [OPERATIONS[o].path, o]));
const STOP = OPERATIONS['ptz-stop'].path;
const START = OPERATIONS['ptz-start'].path;
const MOVE = OPERATIONS['preset-call'].path;

/** Which operations a camera's script mixes for the operation under test. */
function scriptOps(op: OperationName): OperationName[] {
  if (op === 'ptz-start') return ['ptz-start', 'ptz-start', 'ptz-start', 'ptz-stop'];
  if (op === 'ptz-stop') return ['ptz-stop', 'ptz-stop', 'ptz-start'];
  if (op === 'preset-call') return ['preset-call', 'preset-call', 'ptz-start'];
  return [op];
}

interface Step {
  op: OperationName;
  wired: boolean;
}
interface Case {
  steps: Step[];
  replies: Record<string, Reply[]>;
}

function caseArb(op: OperationName, ports: Ports): fc.Arbitrary<Case> {
  const mix = scriptOps(op);
  const paths = [
    ...new Set(
      mix.flatMap((o) =>
        o === 'ptz-start' || o === 'preset-call' ? [OPERATIONS[o].path, STOP] : [OPERATIONS[o].path],
      ),
    ),
  ];
  const steps =
    mix.length === 1
      ? fc.array(fc.record({ op: fc.constant(op), wired: fc.boolean() }), { minLength: 1, maxLength: 1 })
      : fc.array(fc.record({ op: fc.constantFrom(...mix), wired: fc.boolean() }), { minLength: 1, maxLength: 4 });
  const lists = fc.record(
    Object.fromEntries(
      paths.map((p) => [p, fc.array(replyArb(PATH_OP.get(p)!, ports), { minLength: 1, maxLength: 6 })]),
    ),
  );
  return fc.record({ steps, replies: lists }) as fc.Arbitrary<Case>;
}

// ---- outcomes -------------------------------------------------------------------------------

interface Outcome {
  port: 'ok' | 'err' | 'caught';
  msg: Msg;
  at: number;
}

class Outcomes {
  readonly map = new Map<string, Outcome[]>();
  private waiters = new Map<string, () => void>();
  listen(): void {
    for (const port of ['ok', 'err', 'caught'] as const) {
      helper.getNode(port).on('input', (m: Msg) => {
        const list = this.map.get(m._msgid) ?? [];
        list.push({ port, msg: m, at: Date.now() });
        this.map.set(m._msgid, list);
        this.waiters.get(m._msgid)?.();
      });
    }
  }
  wait(id: string, ms: number): Promise<void> {
    if (this.map.has(id)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.set(id, () => {
        this.waiters.delete(id);
        done();
      });
    });
  }
}

/** The EzvizErrors handed to done(err), by message id (Node-RED reports them with node.error). */
function doneErrors(): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const spy = (helper as unknown as { _NodePrototype: { error: { args: unknown[][] } } })._NodePrototype.error;
  for (const a of spy.args) {
    const e = a[0] as { name?: string; toJSON?: () => Record<string, unknown> } | undefined;
    const m = a[1] as Msg | undefined;
    if (m?._msgid && !out.has(m._msgid))
      out.set(m._msgid, e?.name === 'EzvizError' ? e.toJSON!() : { foreign: String(e) });
  }
  return out;
}

// ---- shared state of a run ------------------------------------------------------------------

interface Run {
  problems: string[];
  flakes: number;
  /** Messages judged by shape only (a deadline met: attempts may be numbered out of order). */
  loose: number;
  replies: number;
  messages: number;
}

function pushProblem(run: Run, where: string, what: string): void {
  if (run.problems.length < 40) run.problems.push(`${where}: ${what}`);
}

function sleepsRecorder(): number[] {
  const sleeps: number[] = [];
  hooks.sleep = (ms: number) => {
    sleeps.push(ms);
    return Promise.resolve();
  };
  hooks.random = () => 0.5;
  return sleeps;
}

function checkSleeps(run: Run, sleeps: number[]): void {
  for (const s of sleeps.splice(0)) {
    if (!(Number.isFinite(s) && s >= 0 && s <= MAX_SLEEP_MS)) pushProblem(run, 'back-off', `asked to sleep ${s} ms`);
  }
}

function replay(op: string, batch: number): string {
  return `replay: RELIABILITY_SEED=${SEED} RELIABILITY_REPLY_ONLY=${op}:${batch}${FULL ? ' RELIABILITY_FULL=1' : ''}`;
}

function batches(op: string): number[] | undefined {
  if (!ONLY) return undefined;
  const [o, b] = ONLY.split(':');
  return o === op ? [Number(b)] : [];
}

// ---- operations -----------------------------------------------------------------------------

function opFlow(
  op: OperationName,
  url: string,
): { flow: Record<string, unknown>[]; credentials: Record<string, unknown> } {
  const flow: Record<string, unknown>[] = [
    { id: TAB, type: 'tab', label: 'replies' },
    { id: 'ok', type: 'helper', z: TAB },
    { id: 'ok2', type: 'helper', z: TAB },
    { id: 'err', type: 'helper', z: TAB },
    { id: 'catch', type: 'catch', z: TAB, scope: null, uncaught: false, wires: [['caught']] },
    { id: 'caught', type: 'helper', z: TAB },
  ];
  const credentials: Record<string, unknown> = {};
  for (let c = 0; c < CONFIGS; c++) {
    flow.push({
      id: `cfg${c}`,
      type: 'ezviz-config',
      name: `world${c}`,
      baseUrl: url,
      timeout: timeoutOf(c),
      maxRetries: MAX_RETRIES,
      retryDelay: 1,
    });
    credentials[`cfg${c}`] = { accessToken: TOKEN };
    for (const o of new Set(scriptOps(op))) {
      for (const wired of [true, false]) {
        // Output 1 goes to two nodes: Node-RED clones the message (a deep payload would overflow).
        flow.push({
          id: `${o}-${c}-${wired ? 'w' : 'c'}`,
          type: OPERATIONS[o].type,
          z: TAB,
          name: o,
          config: `cfg${c}`,
          wires: [['ok', 'ok2'], wired ? ['err'] : []],
        });
      }
    }
  }
  for (const n of flow) if (n.z) Object.assign(n, { x: 100, y: 100 });
  return { flow, credentials };
}

function bound(op: OperationName, cfg: number): number {
  const attempts = OPERATIONS[op].idempotent ? 1 + MAX_RETRIES : 1;
  const stops = op === 'ptz-start' || op === 'preset-call' ? 1 + MAX_RETRIES : 0;
  return (attempts + stops) * timeoutOf(cfg) + MARGIN_MS;
}

interface Sent {
  id: string;
  op: OperationName;
  step: number;
  t0: number;
  wired: boolean;
  cfg: number;
}

async function runOpBatch(
  world: World,
  op: OperationName,
  opIndex: number,
  batch: number,
  cases: Case[],
  outcomes: Outcomes,
  run: Run,
  cards: Set<string>,
): Promise<void> {
  const serials = cases.map((_, i) => `Z${opIndex}B${batch.toString(36).toUpperCase()}C${i}`);
  const byCase = new Map(serials.map((s, i) => [s, cases[i]]));
  let generated = 0;
  world.script = (r: Received) => {
    const c = byCase.get(r.fields.deviceSerial);
    const u = r.url.split('?')[0];
    const pop = PATH_OP.get(u);
    if (!c || !pop) return undefined;
    const list = c.replies[u];
    if (list && r.attempt < list.length) {
      if (u === OPERATIONS[op].path) generated++;
      return list[r.attempt];
    }
    return goodReply(pop);
  };
  world.resetCounts();
  // Large bodies are made before the batch (not while the clock of its requests runs).
  for (const c of cases) for (const list of Object.values(c.replies)) for (const r of list) prewarm(r);
  const sent: Sent[][] = cases.map(() => []);
  const T0 = Date.now();
  // A pool of workers per config node, each running whole camera scripts: cameras with slow
  // replies through the short-timeout config nodes, the others through the long-timeout ones.
  const queues = [0, 1].map((q) =>
    cases
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => Object.values(c.replies).some((l) => l.some(slow)) === (q === 0))
      .map(({ i }) => i),
  );
  const worker = async (cfg: number) => {
    const queue = queues[cfg < SHORT_CONFIGS ? 0 : 1];
    for (;;) {
      const i = queue.shift();
      if (i === undefined) return;
      const serial = serials[i];
      const card = `CARD-FZ-${serial}-${(i * 7919).toString(36)}`;
      if (op === 'storage-open') cards.add(card);
      for (let k = 0; k < cases[i].steps.length; k++) {
        const step = cases[i].steps[k];
        const id = `${serial}-${k}`;
        world.tags.set(serial, k);
        const s: Sent = { id, op: step.op, step: k, t0: Date.now(), wired: step.wired, cfg };
        sent[i].push(s);
        helper.getNode(`${step.op}-${cfg}-${step.wired ? 'w' : 'c'}`).receive({
          _msgid: id,
          payload: {
            // The step is written into the request (direction, index), so a request that reaches the
            // server late (after its message timed out) is still told apart from the next one's.
            deviceSerial: serial,
            channelNo: 1,
            direction: step.op === 'ptz-stop' ? 4 + k : k,
            speed: 1,
            command: 0,
            index: k + 1,
            cardPassword: card,
          },
        });
        await outcomes.wait(id, bound(step.op, cfg) + 3000);
      }
      world.tags.delete(serial);
    }
  };
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const queueEnd = [0, 0];
  await Promise.all(
    Array.from({ length: CONFIGS * PER_CONFIG }, async (_, w) => {
      await worker(w % CONFIGS);
      const q = w % CONFIGS < SHORT_CONFIGS ? 0 : 1;
      queueEnd[q] = Math.max(queueEnd[q], Date.now() - T0);
    }),
  );
  if (process.env.RELIABILITY_DEBUG)
    console.log(`batch ${batch}: slow cameras done +${queueEnd[0]} ms, others +${queueEnd[1]} ms`);
  lag.disable();
  if (process.env.RELIABILITY_DEBUG) {
    for (let c = 0; c < CONFIGS; c++) {
      const a = (helper.getNode(`cfg${c}`) as any).service?.client?.httpAgent; // eslint-disable-line
      const n = (o: Record<string, unknown[]>) => Object.values(o ?? {}).reduce((x, l) => x + l.length, 0);
      if (a) console.log(`cfg${c}: sockets ${n(a.sockets)}, free ${n(a.freeSockets)}, waiting ${n(a.requests)}`);
    }
  }
  if (process.env.RELIABILITY_DEBUG)
    console.log(
      `batch ${batch}: event loop lag max ${Math.round(lag.max / 1e6)} ms, p99 ${Math.round(lag.percentile(99) / 1e6)} ms`,
    );
  await quiet(world);
  const requests = world.take();
  const errors = doneErrors();
  run.replies += generated;

  const bySerial = new Map<string, Received[]>();
  for (const r of requests) {
    if (r.listener !== 'plain') {
      pushProblem(run, `${r.listener} ${r.host}${r.url}`, 'a request reached another host (a redirect followed?)');
      continue;
    }
    const p = r.url.split('?')[0];
    const d = Number(r.fields.direction);
    // (Stops keep the tag of their arrival: a stop sent before a start may carry the direction of
    // an earlier explicit stop.)
    if (p === START) r.tag = d;
    else if (p === MOVE) r.tag = Number(r.fields.index) - 1;
    else if (p !== STOP) r.tag = 0;
    const list = bySerial.get(r.fields.deviceSerial) ?? [];
    list.push(r);
    bySerial.set(r.fields.deviceSerial, list);
    if (r.fields.accessToken !== TOKEN) pushProblem(run, r.url, `request without the token: ${r.body.slice(0, 100)}`);
  }

  cases.forEach((c, i) => {
    const serial = serials[i];
    const reqs = bySerial.get(serial) ?? [];
    // A camera is never started (or sent to a preset) while the package believes it moves: in the
    // order the server saw the requests, a start whose message succeeded makes it move, a stop
    // answered well ends that (the package may think otherwise, never the other way round).
    // (A request of a message before the start that set the camera moving was sent before that
    // start, whenever this busy process read it.)
    let moving = false;
    let movingSince = -1;
    for (const r of reqs) {
      const p = r.url.split('?')[0];
      if ((p === START || p === MOVE) && moving && Number(r.tag) > movingSince) {
        pushProblem(
          run,
          `${serial} (${replay(op, batch)})`,
          `${PATH_OP.get(p)} of step ${String(r.tag)} sent while the camera moves (no stop succeeded since a start did)`,
        );
      }
      const k = p === STOP && r.reply ? classify('ptz-stop', r.reply).k : undefined;
      if (k === 'ok' || k === 'either') moving = false;
      if (p === START && outcomes.map.get(`${serial}-${String(r.tag)}`)?.[0]?.port === 'ok') {
        moving = true;
        movingSince = Number(r.tag);
      }
    }
    if (process.env.RELIABILITY_DEBUG_CAMERA === serial) {
      for (const r of reqs)
        console.log(
          `${r.url} tag ${String(r.tag)} attempt ${r.attempt} +${r.at - T0} dir ${r.fields.direction}: ${showReply(r).slice(0, 200)}`,
        );
      for (const s of sent[i])
        console.log(
          s.id,
          s.op,
          JSON.stringify(outcomes.map.get(s.id)?.map((o) => [o.port, o.msg.error ?? o.msg.payload, o.at - T0])),
        );
    }
    // Any deadline met on this camera (a process this busy reads requests late): stops, numbered by
    // arrival, may then be counted with the wrong message.
    const cameraTimedOut = sent[i].some((s) => {
      const o = outcomes.map.get(s.id)?.[0];
      const e = o?.port === 'err' ? o.msg.error : errors.get(s.id);
      return !!e && (e as { code?: string }).code === 'ETIMEDOUT';
    });
    const stopBudget = sent[i].filter((s) => s.op !== 'ptz-mirror').length * (1 + MAX_RETRIES);
    const stopsSent = reqs.filter((r) => r.url.split('?')[0] === STOP).length;
    const explicit = sent[i].filter((s) => s.op === 'ptz-stop').length;
    // A stop whose own deadline passed may be missing from the log: this busy process can read a
    // request only after its client gave up and closed the connection. (Seen once at full counts
    // under load, not on replay; a replay under load showed the stop ending ETIMEDOUT, the camera
    // kept marked moving, its stop request not in the log, the close's stops logged later.)
    if (stopsSent < explicit && !cameraTimedOut)
      pushProblem(run, `${serial} (${replay(op, batch)})`, `${stopsSent} stops sent for ${explicit} explicit stops`);
    if (stopsSent > stopBudget)
      pushProblem(run, `${serial} (${replay(op, batch)})`, `${stopsSent} stops sent for ${sent[i].length} messages`);
    for (const s of sent[i]) {
      run.messages++;
      summary.messages++;
      const where = `${s.id} (${s.op}, ${replay(op, batch)})`;
      const got = outcomes.map.get(s.id) ?? [];
      if (got.length !== 1) {
        pushProblem(run, where, got.length ? `answered ${got.length} times` : 'no outcome');
        if (!got.length) {
          summary.lost++;
          continue;
        }
        summary.duplicates++;
      }
      const out = got[0];
      countOutcome(`replies:${out.port}`);
      const elapsed = out.at - s.t0;
      if (elapsed > bound(s.op, s.cfg))
        pushProblem(run, where, `outcome after ${elapsed} ms (bound ${bound(s.op, s.cfg)} ms)`);
      const short = s.cfg < SHORT_CONFIGS;
      if (out.port === 'caught' && s.wired) pushProblem(run, where, 'Catch node used although output 2 is wired');
      if (out.port === 'err' && !s.wired) pushProblem(run, where, 'output 2 used although unwired');
      const mine = reqs.filter((r) => r.tag === s.step);
      const own = mine.filter((r) => r.url.split('?')[0] === OPERATIONS[s.op].path);
      const stops = mine.filter((r) => r.url.split('?')[0] === STOP);
      const spec = OPERATIONS[s.op];
      const limit = spec.idempotent ? 1 + MAX_RETRIES : 1;
      // (Stops are told apart by the order they came in, which a busy process may blur: their
      // budget is checked per camera below.)
      if (own.length > limit && s.op !== 'ptz-stop')
        pushProblem(run, where, `sent ${own.length} times (at most ${limit})`);
      const classes = own.map((r) => (r.reply ? classify(s.op, r.reply) : ({ k: 'broken' } as Class)));
      // Retries only after transient failures, and until the budget is used up.
      if (spec.idempotent && !short && !cameraTimedOut && s.op !== 'ptz-stop') {
        classes.slice(0, -1).forEach((c, j) => {
          if (transient(c) === false)
            pushProblem(
              run,
              where,
              `retried after a non-transient reply (${c.k} ${JSON.stringify(c).slice(0, 80)}, attempt ${j + 1})`,
            );
        });
      }
      const last: Class | undefined =
        classes[classes.length - 1] ??
        (stops.length && stops[stops.length - 1].reply
          ? classify('ptz-stop', stops[stops.length - 1].reply!)
          : undefined);
      // What the client saw of each attempt is known when none of them met its deadline (a long-
      // timeout config node and no ETIMEDOUT); else a request read late by this busy process may
      // be numbered after the retry that followed it: then only the shape is judged.
      const err0 = out.port === 'err' ? out.msg.error : errors.get(s.id);
      // Stops carry no step of their own (numbered by arrival): ptz-stop messages are judged by
      // shape, and their stops by the camera's budget.
      const exact =
        !short && !cameraTimedOut && s.op !== 'ptz-stop' && !(err0 && (err0 as { code?: string }).code === 'ETIMEDOUT');
      if (!exact) run.loose++;
      if (out.port === 'ok') {
        if (!exact) {
          const problems: string[] = [];
          checkSuccess(s.op, out.msg, { k: 'either', envelope: {} }, problems);
          for (const p of problems) pushProblem(run, where, p);
        } else if (!last || (last.k !== 'ok' && last.k !== 'either')) {
          pushProblem(
            run,
            where,
            `success after a reply of class ${last?.k ?? '(none sent)'}: ${JSON.stringify(out.msg.payload)?.slice(0, 200)}`,
          );
        } else {
          const problems: string[] = [];
          checkSuccess(s.op, out.msg, last, problems);
          for (const p of problems) pushProblem(run, where, p);
        }
        continue;
      }
      const err = out.port === 'err' ? out.msg.error : errors.get(s.id);
      const problems: string[] = [];
      if (err && (err as { foreign?: string }).foreign)
        problems.push(`done(err) with a foreign error: ${(err as { foreign: string }).foreign}`);
      else if (checkErrorShape(err, s.op, problems)) {
        const e = err as Record<string, unknown>;
        if (own.length === 0 && stops.length === 0) {
          // Nothing reached the server: a local refusal or a network failure (a kept-alive
          // connection the server had closed; a timeout on a machine so busy the request never left).
          if (e.source === 'network') {
            run.flakes++;
            if (process.env.RELIABILITY_DEBUG)
              console.log(
                `flake ${s.id}: sent +${s.t0 - T0}, answered +${out.at - T0}, requests at ${reqs.map((r) => `+${r.at - T0}`).join(',')}`,
              );
          } else if (e.source !== 'local')
            problems.push(
              `error ${e.source} ${e.code} without any request (camera requests ${reqs.length}, tags ${reqs.map((r) => String(r.tag)).join(',')}, all ${requests.length}, open sockets ${world.open()}, elapsed ${elapsed})`,
            );
        } else if (last && exact) {
          const m = errorMismatch(last, e);
          if (m) problems.push(`${m} (last reply: ${showReply(own[own.length - 1] ?? stops[stops.length - 1])})`);
          else if (e.code === 'ETIMEDOUT' && last.k !== 'timeout' && last.k !== 'broken') {
            run.flakes++;
            if (process.env.RELIABILITY_DEBUG)
              console.log(
                `flake ${s.id}: sent +${s.t0 - T0}, answered +${out.at - T0}, requests at ${reqs.map((r) => `+${r.at - T0} ${showReply(r).slice(0, 60)}`).join(',')}`,
              );
          }
          if (
            spec.idempotent &&
            own.length &&
            own.length < limit &&
            transient(last) === true &&
            e.source !== 'local' &&
            e.code !== 'REPLY_TOO_LARGE'
          ) {
            problems.push(`gave up after ${own.length} of ${limit} attempts on a transient failure (${e.code})`);
          }
        }
        if (last && !spec.idempotent && own.length && e.retriable === true && e.code !== 'QUEUE_FULL') {
          problems.push(`retriable: true on a non-idempotent request that reached the server (${e.code})`);
        }
      }
      for (const p of problems) pushProblem(run, where, p);
    }
  });
}

function showReply(r: Received | undefined): string {
  if (!r?.reply) return '(none)';
  const b = r.reply.body;
  const body =
    b.t === 'text'
      ? b.s.slice(0, 160)
      : b.t === 'big'
        ? `big ${JSON.stringify(b.parts.map((p) => (typeof p === 'string' ? p.slice(0, 40) : [p[0], p[1]])))}`
        : '(none)';
  return `HTTP ${r.reply.status} ${r.reply.delivery}${r.reply.gzip ? ' gzip' : ''} length=${r.reply.length} ${JSON.stringify(r.reply.headers)} ${body}`;
}

// ---- token/get ------------------------------------------------------------------------------

const TOKEN_CONFIGS = size(150, 80);
const BASES = (w: World) => [
  w.plainUrl,
  `https://open.ys7.com:${w.tlsPort}`,
  `https://open.ezvizlife.com:${w.tlsPort}`,
  `https://127.0.0.1:${w.tlsPort}`,
];

interface TokenCase {
  base: number;
  token: Reply;
  ops: Reply[];
}

function tokenCaseArb(ports: Ports): fc.Arbitrary<TokenCase> {
  const opReply = fc.oneof(
    { weight: 6, arbitrary: fc.constant(goodReply('storage-info')) },
    {
      weight: 1,
      arbitrary: fc.constant<Reply>({
        status: 200,
        headers: [],
        delivery: 'whole',
        body: { t: 'text', s: '{"code":"10002","msg":"accessToken expired"}' },
      }),
    },
  );
  return fc.record({
    base: fc.nat(3),
    token: replyArb('token', ports),
    ops: fc.array(opReply, { minLength: 6, maxLength: 6 }),
  });
}

const originOf = (u: string) => {
  try {
    return new URL(u).origin;
  } catch {
    return '?';
  }
};

/** Token batches deployed together, as one flow, so that the waits of each (its slow token
 * replies, the quiet after it, the deploy) overlap; every batch keeps its cases (seed), names and
 * replay, and only batches whose replies are all needed run (see the test). One: four were tried
 * at load 13 on the 2 cores (a batch's messages took 3.4-4.6 s against 2.4-6 s alone, no gain
 * shown) and served fewer replies a batch (more 700 ms token requests timed out before the server
 * read them); to be measured on a quiet machine. */
const TOKEN_GROUP = 1;

interface TokenBatch {
  batch: number;
  cases: TokenCase[];
}

/** One config node of the token fuzz: case `i` of batch `batch`. */
interface TokenConfig {
  batch: number;
  i: number;
  c: TokenCase;
  filled: { reply: Reply; token?: string };
  appKey: string;
  appSecret: string;
  base: string;
  slow: boolean;
  sent: Array<{ id: string; t0: number }>;
  tokenRequests: Received[];
}

const b36 = (batch: number) => batch.toString(36).toUpperCase();
const tokenBound = (k: TokenConfig) => (k.slow ? TIMEOUT_MS : LONG_TIMEOUT_MS) * (1 + 1 + MAX_RETRIES) + MARGIN_MS;
const holds = (r: Received, word: string) => r.body.includes(word) || r.url.includes(word) || r.headers.includes(word);
const anyOf = (words: string[]) => new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

function tokenConfigs(world: World, group: TokenBatch[]): TokenConfig[][] {
  const bases = BASES(world).filter((b) => world.tlsPort || b.startsWith('http:'));
  const now = Date.now();
  return group.map(({ batch, cases }) =>
    cases.map((c, i) => {
      const filled = fillToken(c.token, now);
      return {
        batch,
        i,
        c,
        filled,
        appKey: `TK${b36(batch)}X${i}`,
        appSecret: `fz-secret-${batch}-${i}-${(i * 7919 + batch).toString(36)}`,
        base: bases[c.base % bases.length],
        slow: slow(filled.reply),
        sent: [],
        tokenRequests: [],
      };
    }),
  );
}

function tokenFlow(all: TokenConfig[], keys: string[]) {
  const flow: Record<string, unknown>[] = [
    { id: TAB, type: 'tab', label: 'tokens' },
    { id: 'ok', type: 'helper', z: TAB },
    { id: 'ok2', type: 'helper', z: TAB },
    { id: 'err', type: 'helper', z: TAB },
    { id: 'catch', type: 'catch', z: TAB, scope: null, uncaught: false, wires: [['caught']] },
    { id: 'caught', type: 'helper', z: TAB },
  ];
  const credentials: Record<string, unknown> = {};
  for (const k of all) {
    if (k.filled.token) {
      secrets.add(k.filled.token);
      keys.push(k.filled.token);
    }
    secrets.add(k.appSecret);
    keys.push(k.appSecret);
    flow.push({
      id: `tc${k.batch}-${k.i}`,
      type: 'ezviz-config',
      name: `t${k.i}`,
      baseUrl: k.base,
      timeout: k.slow ? TIMEOUT_MS : LONG_TIMEOUT_MS,
      maxRetries: MAX_RETRIES,
      retryDelay: 1,
    });
    credentials[`tc${k.batch}-${k.i}`] = { appKey: k.appKey, appSecret: k.appSecret };
    flow.push({
      id: `ti${k.batch}-${k.i}`,
      type: OPERATIONS['storage-info'].type,
      z: TAB,
      name: '',
      config: `tc${k.batch}-${k.i}`,
      wires: [['ok', 'ok2'], k.i % 2 ? ['err'] : []],
    });
  }
  for (const n of flow) if (n.z) Object.assign(n, { x: 100, y: 100 });
  return { flow, credentials };
}

/** Each batch's config nodes, 48 at a time per batch, two messages each, one after the other: the
 * second must not fetch another token. */
async function sendTokenMessages(configs: TokenConfig[][], outcomes: Outcomes): Promise<void> {
  await Promise.all(
    configs.map(async (list) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 48 }, async () => {
          for (;;) {
            const k = list[next++];
            if (!k) return;
            for (let m = 0; m < 2; m++) {
              const id = `T${b36(k.batch)}X${k.i}M${m}`;
              k.sent.push({ id, t0: Date.now() });
              helper
                .getNode(`ti${k.batch}-${k.i}`)
                .receive({ _msgid: id, payload: { deviceSerial: id, channelNo: 1 } });
              await outcomes.wait(id, tokenBound(k) + 3000);
            }
          }
        }),
      );
    }),
  );
}

/** Where the secrets of the group went: an app secret only in its own token request to the
 * configured server; a token only to the configured server or an areaDomain the contract permits.
 * Every request is searched for the words of every batch of the group (one pattern per batch
 * first, then the batch's config nodes one by one where it matched). Token requests are sorted to
 * their config nodes. */
function judgeTokenRequests(
  requests: Received[],
  configs: TokenConfig[][],
  byKey: Map<string, TokenConfig>,
  run: Run,
): void {
  const words = configs.map((list) =>
    anyOf(list.flatMap((k) => (k.filled.token ? [k.appSecret, k.filled.token] : [k.appSecret]))),
  );
  const batchOf = (r: Received) => {
    const m = /^T([0-9A-Z]+)X\d+M\d$/.exec(r.fields.deviceSerial ?? '');
    return byKey.get(r.fields.appKey ?? '')?.batch ?? (m ? parseInt(m[1], 36) : undefined);
  };
  const replays = configs.map((list) => replay('token', list[0]?.batch ?? 0)).join('; ');
  for (const r of requests) {
    const p = r.url.split('?')[0];
    const origin = originOf(`${r.scheme}://${r.host}`);
    const own = batchOf(r);
    const where = `${r.listener} ${r.scheme}://${r.host}${r.url} (${own === undefined ? replays : replay('token', own)})`;
    const ki = byKey.get(r.fields.appKey ?? '');
    const text = `${r.body}\n${r.url}\n${r.headers}`;
    const near = configs.filter((_, j) => words[j].test(text)).flat();
    for (const k of near) {
      if (!holds(r, k.appSecret)) continue;
      if (p !== TOKEN_PATH || origin !== originOf(k.base) || ki !== k)
        pushProblem(run, where, `app secret of config ${k.i} of batch ${k.batch} sent here`);
    }
    if (p === TOKEN_PATH && ki !== undefined) {
      ki.tokenRequests.push(r);
      continue;
    }
    for (const k of near) {
      const token = k.filled.token;
      if (!token || !holds(r, token)) continue;
      const area = tokenArea(k.filled.reply);
      const target = areaTarget(k.base, area);
      const allowed =
        target === 'base'
          ? [originOf(k.base)]
          : target === 'refused'
            ? []
            : target === undefined
              ? [originOf(k.base), ...(typeof area === 'string' ? [originOf(area.trim())] : [])]
              : [target];
      if (!allowed.includes(origin)) {
        pushProblem(
          run,
          where,
          `token of config ${k.i} of batch ${k.batch} (base ${k.base}, areaDomain ${JSON.stringify(area)?.slice(0, 80)}) sent to ${origin}; allowed: ${JSON.stringify(allowed)}`,
        );
      }
    }
  }
}

/** Each config node's messages: one outcome each, in its bound, fitting its token reply. */
function judgeTokenMessages(
  all: TokenConfig[],
  outcomes: Outcomes,
  errors: Map<string, Record<string, unknown>>,
  run: Run,
): void {
  const goodInfo = classify('storage-info', goodReply('storage-info'));
  for (const k of all) {
    const n = k.tokenRequests.length;
    if (n > 1)
      pushProblem(run, `config ${k.i} (${replay('token', k.batch)})`, `${n} token requests (at most one per 30 s)`);
    const cls = classify('token', k.filled.reply);
    for (const s of k.sent) {
      run.messages++;
      summary.messages++;
      const where = `${s.id} (token reply ${showReply(k.tokenRequests[0])}, ${replay('token', k.batch)})`;
      const got = outcomes.map.get(s.id) ?? [];
      if (got.length !== 1) {
        pushProblem(run, where, got.length ? `answered ${got.length} times` : 'no outcome');
        if (!got.length) summary.lost++;
        else summary.duplicates++;
        if (!got.length) continue;
      }
      const out = got[0];
      countOutcome(`replies:${out.port}`);
      if (out.at - s.t0 > tokenBound(k))
        pushProblem(run, where, `outcome after ${out.at - s.t0} ms (bound ${tokenBound(k)} ms)`);
      const problems: string[] = [];
      if (out.port === 'ok') {
        if (cls.k !== 'ok' && cls.k !== 'either')
          problems.push(`success although the token reply was of class ${cls.k}`);
        else checkSuccess('storage-info', out.msg, goodInfo, problems);
      } else {
        const err = out.port === 'err' ? out.msg.error : errors.get(s.id);
        if (err && (err as { foreign?: string }).foreign)
          problems.push(`done(err) with a foreign error: ${(err as { foreign: string }).foreign}`);
        else checkErrorShape(err, 'storage-info', problems);
      }
      for (const p of problems) pushProblem(run, where, p);
    }
  }
}

/** A group of token batches (TOKEN_GROUP) in one flow: each config node's two messages sent,
 * then what the servers heard and what the nodes said judged, the flow unloaded. */
async function runTokenGroup(world: World, group: TokenBatch[], run: Run, keys: string[]): Promise<void> {
  const configs = tokenConfigs(world, group);
  const all = configs.flat();
  const byKey = new Map(all.map((k) => [k.appKey, k]));
  const byBatch = new Map(configs.map((list, j) => [group[j].batch, list]));
  const groupKeys: string[] = [];
  const { flow, credentials } = tokenFlow(all, groupKeys);
  keys.push(...groupKeys);
  world.keyOf = (r) => r.fields.appKey ?? r.fields.deviceSerial ?? '';
  let generated = 0;
  world.script = (r) => {
    const p = r.url.split('?')[0];
    if (p === TOKEN_PATH) {
      const k = byKey.get(r.fields.appKey);
      if (k === undefined) return undefined;
      if (r.attempt === 0) generated++;
      return r.attempt === 0 ? k.filled.reply : goodReply('token', `at.fz-second-${r.fields.appKey}`);
    }
    const m = /^T([0-9A-Z]+)X(\d+)M(\d)$/.exec(r.fields.deviceSerial ?? '');
    const k = m ? byBatch.get(parseInt(m[1], 36))?.[Number(m[2])] : undefined;
    if (p !== OPERATIONS['storage-info'].path || !m || !k) return undefined;
    return k.c.ops[Math.min(5, Number(m[3]) * 3 + r.attempt)];
  };
  world.resetCounts();
  const t: number[] = [Date.now()];
  await load(flow, credentials);
  lightSpies();
  const outcomes = new Outcomes();
  outcomes.listen();
  t.push(Date.now());
  await sendTokenMessages(configs, outcomes);
  t.push(Date.now());
  await quiet(world);
  t.push(Date.now());
  const requests = world.take();
  const errors = doneErrors();
  run.replies += generated;
  judgeTokenRequests(requests, configs, byKey, run);
  judgeTokenMessages(all, outcomes, errors, run);
  t.push(Date.now());
  // What the nodes said, scanned before the unload (which drops it).
  const scan = scanSaid(groupKeys);
  t.push(Date.now());
  if (process.env.RELIABILITY_DEBUG)
    console.log(
      `token group ${group.map((g) => g.batch)}: ${generated} replies; load ${t[1] - t[0]} send ${t[2] - t[1]} quiet ${t[3] - t[2]} judge ${t[4] - t[3]} scan ${t[5] - t[4]} ms`,
    );
  summary.thrown += scan.foreignErrors.length;
  const at = group.map((g) => replay('token', g.batch)).join('; ');
  for (const e of scan.foreignErrors) pushProblem(run, `thrown out of a node (${at})`, e);
  for (const h of scan.hits) pushProblem(run, `secret (${at})`, h);
  await unload();
  world.keyOf = (r) => r.fields.deviceSerial ?? r.fields.appKey ?? '';
}

/** The areaDomain a token reply names (undefined when it names none or is no envelope). */
function tokenArea(reply: Reply): unknown {
  try {
    const v = JSON.parse(reply.body.t === 'text' ? reply.body.s : '');
    return v && typeof v === 'object' && v.data && typeof v.data === 'object' ? v.data.areaDomain : undefined;
  } catch {
    return undefined;
  }
}

// ---- the suite ------------------------------------------------------------------------------

describe('reliability: fuzzed replies', function () {
  this.timeout(0);
  const suite = replySuite(TOKEN);
  let loaded = false;

  afterEach(async () => {
    resetHooks();
    if (loaded) await unload();
    loaded = false;
  });

  OPS.forEach((op, opIndex) => {
    if (!inPart(opIndex, 'replies')) return;
    it(
      `${op}: ${TARGET} generated replies, concurrent cameras: one outcome each in its bound, documented payloads, ` +
        'fitting errors, sent once or retried within budget, nothing elsewhere, no start while moving',
      async () => {
        const started = Date.now();
        const ports: Ports = {
          plain: suite.world.plainPort,
          foreign: suite.world.foreignPort,
          tls: suite.world.tlsPort,
        };
        const { flow, credentials } = opFlow(op, suite.world.plainUrl);
        const sleeps = sleepsRecorder();
        await load(flow, credentials);
        lightSpies();
        loaded = true;
        const outcomes = new Outcomes();
        outcomes.listen();
        const run: Run = { problems: [], flakes: 0, loose: 0, replies: 0, messages: 0 };
        const cards = new Set<string>();
        const arb = caseArb(op, ports);
        const only = batches(op);
        for (let b = 0; only ? b < only.length : run.replies < TARGET; b++) {
          const batch = only ? only[b] : b;
          const cases = fc.sample(arb, { numRuns: BATCH, seed: SEED + opIndex * 7919 + batch * 104729 });
          await runOpBatch(suite.world, op, opIndex, batch, cases, outcomes, run, cards);
          checkSleeps(run, sleeps);
          const trapped = takeTrapped();
          for (const t of trapped) pushProblem(run, `batch ${batch} (${replay(op, batch)})`, t.slice(0, 600));
          summary.thrown += trapped.length;
          if (run.problems.length) break;
        }
        for (const c of cards) secrets.add(c);
        const scan = scanSaid([...cards, TOKEN]);
        summary.thrown += scan.foreignErrors.length;
        run.problems.push(
          ...scan.foreignErrors.map((e) => `thrown out of a node: ${e}`),
          ...scan.hits.map((h) => `secret: ${h}`),
        );
        summary.replies[op] = (summary.replies[op] ?? 0) + run.replies;
        section(
          `replies ${op}`,
          started,
          `${run.replies} generated replies, ${run.messages} messages, ` +
            `${run.flakes} busy-machine timeouts, ${run.loose} judged by shape only`,
        );
        assert.deepStrictEqual(run.problems, [], `seed ${SEED}`);
        if (!only) assert.ok(run.replies >= TARGET, `${run.replies} generated replies served`);
      },
    );
  });

  if (inPart(OPS.length, 'replies'))
    it(
      `token/get: ${TARGET} generated token replies (areaDomain, expireTime, accessToken of every kind), one config ` +
        'node each, two messages: one token request at most, secrets only where the contract permits, one outcome each',
      async () => {
        const started = Date.now();
        const ports: Ports = {
          plain: suite.world.plainPort,
          foreign: suite.world.foreignPort,
          tls: suite.world.tlsPort,
        };
        const sleeps = sleepsRecorder();
        const run: Run = { problems: [], flakes: 0, loose: 0, replies: 0, messages: 0 };
        const keys: string[] = [];
        const arb = tokenCaseArb(ports);
        const only = batches('token');
        for (let b = 0; only ? b < only.length : run.replies < TARGET;) {
          // A batch serves at most TOKEN_CONFIGS replies: the batches of a group are all needed, so
          // the run ends at the batch it would end at one batch at a time (the same cases).
          const n = only ? 1 : Math.min(TOKEN_GROUP, Math.ceil((TARGET - run.replies) / TOKEN_CONFIGS));
          const group = Array.from({ length: n }, (_, j) => {
            const batch = only ? only[b + j] : b + j;
            const cases = fc.sample(arb, { numRuns: TOKEN_CONFIGS, seed: SEED + 9 * 7919 + batch * 104729 });
            for (const c of cases) prewarm(c.token);
            return { batch, cases };
          });
          b += n;
          await runTokenGroup(suite.world, group, run, keys);
          checkSleeps(run, sleeps);
          const trapped = takeTrapped();
          const at = group.map((g) => `batch ${g.batch} (${replay('token', g.batch)})`).join(', ');
          for (const t of trapped) pushProblem(run, at, t.slice(0, 600));
          summary.thrown += trapped.length;
          if (run.problems.length) break;
        }
        const scan = scanSaid(keys);
        summary.thrown += scan.foreignErrors.length;
        run.problems.push(
          ...scan.foreignErrors.map((e) => `thrown out of a node: ${e}`),
          ...scan.hits.map((h) => `secret: ${h}`),
        );
        summary.replies.token = (summary.replies.token ?? 0) + run.replies;
        section(
          'replies token',
          started,
          `${run.replies} generated token replies, ${run.messages} messages` +
            `${suite.world.tlsPort ? '' : ' (no openssl: https bases skipped)'}`,
        );
        assert.deepStrictEqual(run.problems, [], `seed ${SEED}`);
        if (!only) assert.ok(run.replies >= TARGET, `${run.replies} generated token replies served`);
      },
    );
});
