// Reply fuzzing of ezviz-setting (docs/behaviour.md section 20, docs/api/media-api.md
// section 5): every read and write of the three settings answered by generated replies
// (reply-gen: any status, body and delivery, replies after the client's deadline; upkeep-replies:
// the documented data with wrong types, missing fields, odd values, and the codes of these calls),
// one message per node, many nodes at once. Judged per message, by this suite's own reading of
// the replies (upkeep-replies.ts), not the package's:
// - exactly one outcome within its bound; nothing thrown; no secret (token) in what the nodes said;
// - at most 1 + maxRetries reads and 1 + maxRetries writes per message, and a transient failure
//   the node calls retriable used that budget;
// - a write only after a read that gave a value, and only when that value is not the one asked;
// - a success only when the replies said so: a read's value is what the last read said; a write's
//   `changed` is true only after a write answered 200, false only when the read already said the
//   value (nothing written) or the write said "already so" (60022 for infrared);
// - an error that fits its fault (the last reply of the call that failed: HTTP_xxx, BAD_REPLY,
//   REPLY_TOO_LARGE, ETIMEDOUT, the api code), "not on this model or region" (60020, HTTP 404, the
//   platform's 404) an api error naming the capability.
// Self-check: planted faults (a write retried beyond the budget, a failed read reported as a
// success) make the fuzzer fail.

import assert from 'assert';
import fc from 'fast-check';
import * as settingsService from '../../features/upkeep/settings';
import { RequestLoop } from '../../client/requests/request-loop';
import { SETTINGS, UPKEEP_CALLS, type SettingName } from '../../client/operations/settings';
import { helper, hooks, load, resetHooks, unload } from '../support/red';
import { fakeOk, mustFail, plant, plantAfter } from './planted';
import type { Ports } from './reply-gen';
import { replyArb, slow } from './reply-gen';
import { checkErrorShape, classify, clean, errorMismatch, transient, type Class } from './reply-oracle';
import { prewarm, quiet, type Received, type Reply, type World } from './reply-world';
import { readsMaybeUsed, readUsed, replySuite, watchDeadlines, worldFlow } from './reply-suite';
import { countOutcome, lightSpies, scanSaid, section, SEED, size, summary, takeTrapped, until } from './support';
import { PLANS, settingReading, type SettingValue, type UpkeepFuzzOp } from './upkeep-replies';

const TARGET = size(1000, 100);
const BATCH = size(350, 70);
/** The client's deadline, under the world's late reply (2.5 s). Full runs failed with successes
 * after failed reads that passed alone: the judge took the last read the world logged for the one
 * used, which a busy process may log out of the client's order (readUsed, watchDeadlines). */
const TIMEOUT_MS = 1200;
const MAX_RETRIES = 2;
const MARGIN_MS = 5000;
const TOKEN = 'at.setting-fuzz-5d1c9e0b';
const NAMES: SettingName[] = ['sensitivity', 'schedule', 'infrared'];
/** Codes meaning "not on this model or region" (docs/behaviour.md section 20). */
const NOT_OFFERED = ['60020', '404', 'HTTP_404'];

type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Case {
  name: SettingName;
  value?: SettingValue;
  channel?: number;
  get: Reply[];
  set: Reply[];
}

const pathOf = (r: Received): string => r.url.split('?')[0];
const getPath = (c: Case): string => UPKEEP_CALLS[SETTINGS[c.name].get].path;
const setPath = (c: Case): string => UPKEEP_CALLS[SETTINGS[c.name].set].path;
const getOp = (c: Case): UpkeepFuzzOp => `${c.name}-get` as UpkeepFuzzOp;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const level = (n: number): string => (n <= 1 ? 'low' : n <= 4 ? 'medium' : 'high');

function caseArb(ports: Ports): fc.Arbitrary<Case> {
  // Three generated replies, or (a server that keeps failing) three transient failures.
  const failing = (op: UpkeepFuzzOp) => replyArb(op, ports).filter((r) => transient(classify(op, r)) === true);
  // Or an answer first (a reply a client may take), so that reads and writes also succeed.
  const answered = (op: UpkeepFuzzOp) =>
    replyArb(op, ports).filter((r) => ['ok', 'either'].includes(classify(op, r).k));
  const three = (op: UpkeepFuzzOp) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.array(replyArb(op, ports), { minLength: 3, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.array(failing(op), { minLength: 3, maxLength: 3 }) },
      { weight: 2, arbitrary: fc.tuple(answered(op), replyArb(op, ports), replyArb(op, ports)) },
    );
  const valueOf = (name: SettingName): fc.Arbitrary<SettingValue | undefined> =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant(undefined) },
      {
        weight: 2,
        arbitrary:
          name === 'sensitivity'
            ? fc.integer({ min: 0, max: 6 })
            : name === 'infrared'
              ? fc.constantFrom<SettingValue>('on', 'off')
              : fc.constantFrom<SettingValue>(...PLANS.map((p) => p.value)),
      },
    );
  return fc
    .constantFrom(...NAMES)
    .chain((name) =>
      fc.record({
        name: fc.constant(name),
        value: valueOf(name),
        channel: fc.constantFrom(undefined, 1),
        get: three(`${name}-get` as UpkeepFuzzOp),
        set: three('setting-set'),
      }),
    )
    .map((c) => c as Case);
}

/** The class of a request's reply, and the value a read's data says. */
/** What the world answers a request it has no reply for (beyond the three of a call). */
const NOT_SCRIPTED: Reply = {
  status: 404,
  headers: [['Content-Type', 'text/plain']],
  delivery: 'whole',
  body: { t: 'text', s: 'not scripted' },
};
const classOf = (c: Case, r: Received): Class =>
  classify(pathOf(r) === getPath(c) ? getOp(c) : 'setting-set', r.reply ?? NOT_SCRIPTED);

/** A read's class, and the value its data says. */
function reading(c: Case, g: Received) {
  const k = classOf(c, g);
  return { k, read: k.k === 'ok' || k.k === 'either' ? settingReading(getOp(c), k.envelope.data) : undefined };
}

/**
 * The read the node went on from: the last; else, when the client gave up on attempts (a process
 * this busy may read one after the retry it used: readsMaybeUsed), a good read among the last, the
 * one whose value `matches` if any. Only a failed read is retried, so in the client's own order a
 * good read can only be its last.
 */
function settingUsed(
  c: Case,
  serial: string,
  gets: Received[],
  matches: (values: SettingValue[]) => boolean = () => true,
) {
  const good = (g: Received): boolean => {
    const r = reading(c, g).read;
    return !!r && r.k !== 'bad';
  };
  const maybe = readsMaybeUsed(serial, gets, good).map((g) => reading(c, g));
  const used =
    maybe.find((r) => matches(r.read!.values)) ??
    maybe[0] ??
    (gets.length ? reading(c, gets[gets.length - 1]) : undefined);
  return { lastGet: used?.k, read: used?.read };
}

/** The class of the reply the node went on from among `reqs` (one call): the last, or (attempts the
 * client gave up on, read late) one before it that `fits` the outcome. */
const usedClass = (c: Case, serial: string, reqs: Received[], fits: (k: Class) => boolean): Class =>
  classOf(
    c,
    readUsed(serial, reqs, (r) => fits(classOf(c, r)))!,
  );

function judgeSuccess(
  c: Case,
  serial: string,
  gets: Received[],
  sets: Received[],
  msg: Msg,
  say: (m: string) => void,
): void {
  const { lastGet, read } = settingUsed(c, serial, gets, (values) =>
    values.some((v) => c.value === undefined && same(v, msg.payload?.value)),
  );
  if (!read || read.k === 'bad') return say(`success after a read of ${lastGet?.k ?? 'nothing'}`);
  const p = msg.payload;
  clean(p, 'payload', []);
  const keys = [
    'setting',
    'value',
    ...(c.name === 'sensitivity' ? ['level'] : []),
    ...(c.value === undefined ? [] : ['changed']),
  ];
  if (!p || typeof p !== 'object' || Object.keys(p).sort().join() !== keys.sort().join() || p.setting !== c.name) {
    return say(`payload ${JSON.stringify(p)}`);
  }
  if (c.name === 'sensitivity' && p.level !== level(p.value)) say(`level ${p.level} for ${p.value}`);
  if (c.value === undefined) {
    if (!read.values.some((v) => same(v, p.value)))
      say(`read ${JSON.stringify(p.value)}, the reply said ${JSON.stringify(read.values)}`);
    if (read.k === 'ok' && !same(read.values[0], p.value))
      say(`read ${JSON.stringify(p.value)} for ${JSON.stringify(read.values[0])}`);
    return;
  }
  if (!same(p.value, c.value)) say(`wrote ${JSON.stringify(p.value)}, asked ${JSON.stringify(c.value)}`);
  if (!sets.length) {
    if (p.changed !== false) say('changed without a write');
    if (!read.values.some((v) => same(v, c.value)))
      say(`nothing written, the read said ${JSON.stringify(read.values)}`);
    return;
  }
  const isAlready = (k: Class): boolean => k.k === 'api' && c.name === 'infrared' && k.code === '60022';
  const last = usedClass(c, serial, sets, (k) => k.k === 'ok' || k.k === 'either' || isAlready(k));
  const already = isAlready(last);
  if (!(last.k === 'ok' || last.k === 'either' || already)) return say(`success after a write of ${last.k}`);
  if (p.changed !== !already) say(`changed ${p.changed} after a write of ${last.k}`);
}

function judgeError(
  c: Case,
  serial: string,
  gets: Received[],
  sets: Received[],
  err: Msg,
  say: (m: string) => void,
  problems: string[],
): void {
  const failed = sets.length ? sets : gets;
  if (!failed.length) return say(`error ${err?.code} without a request`);
  const ops = [getOp(c), 'setting', `${c.name}-set`];
  const shape: unknown = err;
  if (!checkErrorShape(shape, ops.includes(err?.operation) ? err.operation : 'setting', problems)) return;
  const last = usedClass(c, serial, failed, (k) => errorMismatch(k, err) === undefined);
  // "Not on this model or region": an api error whose hint (error.hint, beside the API's own
  // words in message: docs/behaviour.md section 20) names the capability.
  if (
    NOT_OFFERED.includes(err.code) &&
    (err.source !== 'api' || !String(err.hint).includes(SETTINGS[c.name].capacity))
  ) {
    say(`${err.source} ${err.code} without the hint: ${err.message} (hint ${err.hint})`);
  }
  const asSent =
    NOT_OFFERED.includes(err.code) && err.source === 'api' && err.code === 'HTTP_404'
      ? { ...err, source: 'http' }
      : err;
  const mismatch = errorMismatch(last, asSent);
  if (mismatch && !(err.code === 'BAD_REPLY' && err.source === 'http')) {
    say(
      `${sets.length ? 'write' : 'read'}: ${mismatch} (replies ${failed.map((r) => `${classOf(c, r).k} ${r.reply?.status} ${r.reply?.delivery}`)})`,
    );
  }
  if (
    err.code === 'BAD_REPLY' &&
    last.k === 'ok' &&
    settingReading(getOp(c), last.envelope.data).k === 'ok' &&
    !sets.length
  ) {
    say('BAD_REPLY for a read the contract makes clear');
  }
  // A failure the node calls retriable (transient, the call idempotent) used the retry budget.
  if (
    transient(last) === true &&
    err.retriable === true &&
    failed.length < 1 + MAX_RETRIES &&
    err.code !== 'ETIMEDOUT'
  ) {
    say(`gave up after ${failed.length} (last ${last.k})`);
  }
}

let counting = true;

function judge(
  c: Case,
  serial: string,
  reqs: Received[],
  out: { port: string; msg: Msg } | undefined,
  n: number,
  problems: string[],
): void {
  const say = (m: string): void => void problems.push(`${serial} ${c.name} ${JSON.stringify(c.value)}: ${m}`);
  if (!out) return say('no outcome within its bound');
  if (n !== 1) say(`${n} outcomes`);
  const gets = reqs.filter((r) => pathOf(r) === getPath(c));
  const sets = reqs.filter((r) => pathOf(r) === setPath(c));
  if (gets.length + sets.length !== reqs.length) say(`other requests: ${reqs.map(pathOf)}`);
  if (gets.length > 1 + MAX_RETRIES) say(`${gets.length} reads`);
  if (sets.length > 1 + MAX_RETRIES) say(`${sets.length} writes`);
  if (sets.length) {
    if (c.value === undefined) say('a read wrote');
    const { lastGet, read } = settingUsed(c, serial, gets);
    if (!read || read.k === 'bad') say(`written after a read of ${lastGet?.k}`);
    else if (read.k === 'ok' && same(read.values[0], c.value)) say('written though the read said it was so');
  }
  if (counting)
    countOutcome(
      `replies-setting:${
        out.port === 'ok'
          ? c.value === undefined
            ? 'read'
            : out.msg.payload?.changed
              ? 'changed'
              : 'already so'
          : out.msg.error?.code
      }`,
    );
  if (out.port === 'ok') judgeSuccess(c, serial, gets, sets, out.msg, say);
  else judgeError(c, serial, gets, sets, out.msg.error, say, problems);
}

async function runBatch(world: World, batch: number, cases: Case[], problems: string[]): Promise<number> {
  const serials = cases.map((_, i) => `ST${batch}X${i}`);
  const bySerial = new Map(serials.map((s, i) => [s, cases[i]]));
  let generated = 0;
  for (const c of cases) [...c.get, ...c.set].forEach(prewarm);
  world.keyOf = (r) => r.fields.deviceSerial ?? '';
  world.script = (r) => {
    const c = bySerial.get(r.fields.deviceSerial ?? '');
    const reply = c && (pathOf(r) === getPath(c) ? c.get : pathOf(r) === setPath(c) ? c.set : [])[r.attempt];
    if (reply) generated++;
    return reply;
  };
  world.resetCounts();
  const client = { timeout: TIMEOUT_MS, maxRetries: MAX_RETRIES };
  const flow = worldFlow(
    world,
    client,
    cases.map((_, i) => ({ id: `n${i}`, type: 'ezviz-setting', x: 10, y: 10 })),
  );
  const unwatch = watchDeadlines();
  await load(flow, { cfg: { accessToken: TOKEN } });
  try {
    lightSpies();
    await answerAndJudge(world, batch, cases, serials, problems);
  } finally {
    await unload();
    unwatch();
  }
  return generated;
}

async function answerAndJudge(
  world: World,
  batch: number,
  cases: Case[],
  serials: string[],
  problems: string[],
): Promise<void> {
  const outs = new Map<string, Array<{ port: string; msg: Msg }>>();
  for (const port of ['ok', 'err']) {
    helper
      .getNode(port)
      .on('input', (msg: Msg) => outs.set(String(msg.topic), [...(outs.get(String(msg.topic)) ?? []), { port, msg }]));
  }
  cases.forEach((c, i) =>
    helper.getNode(`n${i}`).receive({
      topic: String(i),
      payload: {
        deviceSerial: serials[i],
        setting: c.name,
        ...(c.value === undefined ? {} : { value: c.value }),
        ...(c.channel ? { channelNo: c.channel } : {}),
      },
    }),
  );
  // Spaced writes (2 s per camera) sleep on hooks.sleep, instant here; each call at most 1 + maxRetries deadlines.
  const bound = 2 * (1 + MAX_RETRIES) * TIMEOUT_MS + MARGIN_MS;
  await until(() => outs.size >= cases.length, bound);
  await quiet(world); // nothing more may come; a request this busy process read late is counted
  const reqs = world.take();
  summary.requests += reqs.length;
  summary.messages += cases.length;
  cases.forEach((c, i) =>
    judge(
      c,
      serials[i],
      reqs.filter((r) => r.fields.deviceSerial === serials[i]),
      outs.get(String(i))?.[0],
      outs.get(String(i))?.length ?? 0,
      problems,
    ),
  );
  const scan = scanSaid([TOKEN]);
  for (const h of scan.hits) problems.push(`batch ${batch}: secret ${h}`);
  for (const e of scan.foreignErrors) problems.push(`batch ${batch}: thrown ${e}`);
}

describe('reliability: fuzzed replies to ezviz-setting', function () {
  this.timeout(0);
  const suite = replySuite(TOKEN);

  /** Batches of generated cases until `target` replies were served; the problems found. */
  async function fuzz(
    target: number,
    seed: number,
    batch = BATCH,
  ): Promise<{ problems: string[]; replies: number; slowOnes: number }> {
    hooks.sleep = () => Promise.resolve();
    hooks.random = () => 0.5;
    const problems: string[] = [];
    const arb = caseArb(suite.ports);
    let replies = 0;
    let slowOnes = 0;
    try {
      for (let b = 0; replies < target && problems.length === 0; b++) {
        const cases = fc.sample(arb, { numRuns: batch, seed: seed + b * 104729 });
        slowOnes += cases.filter((c) => [...c.get, ...c.set].some(slow)).length;
        replies += await runBatch(suite.world, b, cases, problems);
        for (const t of takeTrapped()) problems.push(`batch ${b}: ${t.slice(0, 600)}`);
      }
    } finally {
      resetHooks();
    }
    return { problems, replies, slowOnes };
  }

  it(
    `${TARGET} generated replies to the reads and writes of sensitivity, schedule and infrared: one outcome per message, ` +
      'reads and writes within the retry budget, a write only after a read that differs, success and changed only as the ' +
      'replies say, fitting errors, no secret',
    async () => {
      const started = Date.now();
      const { problems, replies, slowOnes } = await fuzz(TARGET, SEED + 32 * 7919);
      summary.replies.setting = (summary.replies.setting ?? 0) + replies;
      section(
        'replies setting',
        started,
        `${replies} generated replies to the setting reads and writes, ${slowOnes} cases with a slow ` +
          'or late reply',
      );
      assert.deepStrictEqual(problems.slice(0, 20), [], `seed ${SEED}`);
    },
  );

  it('self-check: a write retried beyond the budget and a failed read reported as a success make the fuzzer fail', async () => {
    const failing = async () => {
      const { problems } = await fuzz(150, SEED + 32 * 7919 + 1, 70); // (the same at full counts)
      if (problems.length) throw new Error(`Got ${problems[0]}`);
    };
    counting = false;
    // Writes get two retries more than the config node's maxRetries.
    type Send = RequestLoop['send'];
    const beyond = await mustFail(
      'a write retried beyond the budget',
      plant(
        RequestLoop.prototype,
        'send',
        (original) =>
          function (this: RequestLoop, ...a: Parameters<Send>) {
            if (!a[0].operation.endsWith('-set')) return original.apply(this, a);
            const opts = (this as unknown as { opts: { maxRetries: number } }).opts;
            return original.apply(
              Object.create(this, { opts: { value: { ...opts, maxRetries: opts.maxRetries + 2 } } }),
              a,
            );
          } as Send,
      ),
      failing,
    );
    const liar = await mustFail(
      'a failed read reported as a success',
      plantAfter(settingsService, 'runSetting', (r, a) =>
        r.kind === 'error' && a[2].value === undefined ? fakeOk(r, { setting: a[2].setting, value: 3 }) : r,
      ),
      failing,
    );
    counting = true;
    assert.match(beyond, /^Got \S+ \S+ \S+: [45] writes/, beyond);
    assert.match(liar, /^Got \S+ \S+ undefined: success after a read of/, liar);
    section(
      'replies setting self-check',
      Date.now(),
      `caught: beyond the budget (${beyond.slice(0, 80)}); failed read as success ` + `(${liar.slice(0, 80)})`,
    );
  });
});
