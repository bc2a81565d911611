// Reply fuzzing of ezviz-switch and ezviz-device: every camera-state call answered by
// generated replies (reply-gen: any status, body, delivery; device/info, status/get and switch
// status data with wrong types, -1/-2, missing fields), one message per node, many nodes at once.
// Judged per message: exactly one outcome within its bound; a success only from replies that
// allow it (a switch: 200 or "already so", then changed says which; the device: info answered,
// status and lens answered or offline/unsupported), with the typed payload of docs/behaviour.md section 12 (no
// -1 that looks real); an error that fits the last reply of a call; at most 1 + maxRetries
// requests per call, and a transient failure retried up to that budget; no secret said.

import assert from 'assert';
import fc from 'fast-check';
import { STATE_CALLS } from '../../client/operations/state-calls';
import { SWITCHES, SWITCH_NAMES, statesOf, type StateWord, type SwitchName } from '../../client/operations/switches';
import { helper, hooks, load, resetHooks, unload } from '../support/red';
import type { Ports } from './reply-gen';
import { replyArb, slow } from './reply-gen';
import {
  checkErrorShape,
  classify,
  clean,
  errorMismatch,
  transient,
  type Class,
  type StateFuzzOp,
} from './reply-oracle';
import { prewarm, quiet, type Received, type Reply, type World } from './reply-world';
import { readUsed, replySuite, watchDeadlines, worldFlow } from './reply-suite';
import { lightSpies, scanSaid, section, SEED, size, summary, takeTrapped, until } from './support';

const TARGET = size(2000, 60);
const BATCH = size(60, 15);
const TIMEOUT_MS = 700;
const MAX_RETRIES = 2;
const MARGIN_MS = 5000;
const CODE = 'QZXWVU';
const INFO = STATE_CALLS['device-info'].path;
const STATUS = STATE_CALLS['device-status'].path;
const LENS = STATE_CALLS['privacy-status'].path;

type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Case {
  kind: 'switch' | 'device';
  sw: SwitchName;
  state: StateWord;
  replies: Record<string, Reply[]>;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const pathOf = (r: Received) => r.url.split('?')[0];
const setPath = (c: Case) => STATE_CALLS[SWITCHES[c.sw].states[c.state]!.call].path;
const opOf = (path: string): StateFuzzOp =>
  path === INFO ? 'device-info' : path === STATUS ? 'device-status' : path === LENS ? 'switch-status' : 'switch-set';

function caseArb(ports: Ports): fc.Arbitrary<Case> {
  const three = (op: StateFuzzOp) => fc.array(replyArb(op, ports), { minLength: 3, maxLength: 3 });
  const sw = fc
    .constantFrom(...SWITCH_NAMES)
    .chain((name) => fc.record({ name: fc.constant(name), state: fc.constantFrom(...statesOf(name)) }));
  return fc.oneof(
    fc.tuple(sw, three('switch-set')).map(([s, replies]) => {
      const c: Case = { kind: 'switch', sw: s.name, state: s.state, replies: {} };
      c.replies[setPath(c)] = replies;
      return c;
    }),
    fc.tuple(three('device-info'), three('device-status'), three('switch-status')).map(([i, st, l]) => ({
      kind: 'device' as const,
      sw: 'defence' as const,
      state: 'on' as const,
      replies: { [INFO]: i, [STATUS]: st, [LENS]: l },
    })),
  );
}

const BOOL = ['online', 'armed', 'privacy', 'encrypted', 'sleeping'];
const ENUMS: Record<string, string[]> = {
  alarmSound: ['short', 'long', 'mute', 'custom'],
  sdCard: ['ok', 'unformatted', 'error', 'formatting', 'none'],
  cloudStorage: ['unsupported', 'disabled', 'not-activated', 'activated', 'expired'],
};

/** The device payload of docs/behaviour.md section 12: every field, typed or null. */
function checkDevice(p: unknown, serial: string, problems: string[]): void {
  if (!isObj(p)) {
    problems.push(`payload ${JSON.stringify(p)}`);
    return;
  }
  const keys = [
    'deviceSerial',
    'channelNo',
    'name',
    'model',
    'firmware',
    ...BOOL,
    'alarmSound',
    'battery',
    'signal',
    'sdCard',
    'cloudStorage',
    'updated',
  ];
  if (p.firmware !== null && (typeof p.firmware !== 'string' || p.firmware === ''))
    problems.push(`firmware ${JSON.stringify(p.firmware)}`);
  if (Object.keys(p).sort().join() !== keys.sort().join()) problems.push(`payload keys ${Object.keys(p)}`);
  if (p.deviceSerial !== serial || p.channelNo !== 1) problems.push('payload camera');
  for (const k of BOOL) if (p[k] !== null && typeof p[k] !== 'boolean') problems.push(`${k} ${JSON.stringify(p[k])}`);
  for (const [k, vs] of Object.entries(ENUMS))
    if (p[k] !== null && !vs.includes(p[k] as string)) problems.push(`${k} ${JSON.stringify(p[k])}`);
  for (const k of ['battery', 'signal']) {
    const v = p[k];
    if (v !== null && !(Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100))
      problems.push(`${k} ${JSON.stringify(v)}`);
  }
  for (const k of ['name', 'model', 'updated'])
    if (p[k] !== null && typeof p[k] !== 'string') problems.push(`${k} ${JSON.stringify(p[k])}`);
  clean(p, 'payload', problems);
}

/** Whether a device read may succeed after these last replies, and what an error must fit. */
function deviceAllows(last: Map<string, Class>): { ok: boolean; fits: Class[] } {
  const info = last.get(INFO);
  const answered = (c: Class | undefined, optional: boolean) =>
    !!c && (c.k === 'ok' || c.k === 'either' || (optional && c.k === 'api' && ['20007', '60020'].includes(c.code)));
  const dataOk = (c: Class | undefined, optional: boolean) =>
    !c ||
    (c.k !== 'ok' && c.k !== 'either') ||
    isObj(c.envelope.data) ||
    (optional && (c.envelope.data === undefined || c.envelope.data === null));
  const ok =
    answered(info, false) &&
    answered(last.get(STATUS), true) &&
    answered(last.get(LENS), true) &&
    dataOk(info, false) &&
    dataOk(last.get(STATUS), true) &&
    dataOk(last.get(LENS), true);
  return { ok, fits: [...last.values()] };
}

/** The call whose failure a device read reports: the first of info, status, lens that failed. */
function firstFailed(c: Case, reqs: Received[]): string | undefined {
  return [INFO, STATUS, LENS].find((p) => {
    const mine = reqs.filter((r) => pathOf(r) === p);
    if (!mine.length) return false;
    const cls = classify(opOf(p), mine[mine.length - 1].reply!);
    return !(
      cls.k === 'ok' ||
      cls.k === 'either' ||
      (p !== INFO && cls.k === 'api' && ['20007', '60020'].includes(cls.code))
    );
  });
}

/** Whether a call's reply may be the one the node ended on with `out`: a success's (answered, or
 * "already so" for a switch, "not on this model" for the status and lens) or one its error fits. */
function fitsOutcome(c: Case, p: string, cls: Class, out: { port: string; msg: Msg }): boolean {
  if (out.port !== 'ok') return errorMismatch(cls, out.msg.error ?? {}) === undefined;
  if (cls.k === 'ok' || cls.k === 'either') return true;
  const already = c.kind === 'switch' ? SWITCHES[c.sw].already : p === INFO ? [] : ['20007', '60020'];
  return cls.k === 'api' && already.includes(cls.code);
}

function judge(
  c: Case,
  serial: string,
  reqs: Received[],
  out: { port: string; msg: Msg } | undefined,
  problems: string[],
): void {
  const say = (m: string): void => void problems.push(`${serial} ${c.kind} ${c.sw} ${c.state}: ${m}`);
  if (!out) return say('no outcome within its bound');
  const paths = c.kind === 'switch' ? [setPath(c)] : [INFO, STATUS, LENS];
  const last = new Map<string, Class>();
  for (const p of paths) {
    const mine = reqs.filter((r) => pathOf(r) === p);
    if (mine.length > 1 + MAX_RETRIES) say(`${mine.length} requests to ${p}`);
    if (mine.length === 0) continue;
    // The reply the node went on from: the last, or (attempts the client gave up on, read late)
    // one before it that fits the outcome.
    const cls = classify(
      opOf(p),
      readUsed(serial, mine, (r) => fitsOutcome(c, p, classify(opOf(p), r.reply!), out))!.reply!,
    );
    last.set(p, cls);
    // A failure the node itself calls retriable (transient, the call idempotent) must have used
    // the retry budget (a dropped connection may also read as a malformed reply: not retriable).
    // A device read asks three calls at once and reports the first failure of info, status, lens
    // (named `device` whichever it is): the error's retriable flag speaks of that call, no other.
    const named = c.kind === 'switch' || p === firstFailed(c, reqs);
    if (
      out.port === 'err' &&
      named &&
      transient(cls) === true &&
      out.msg.error?.retriable === true &&
      mine.length < 1 + MAX_RETRIES &&
      out.msg.error?.code !== 'ETIMEDOUT'
    )
      say(`gave up on ${p} after ${mine.length} (last ${cls.k})`);
  }
  if (out.port === 'ok') {
    if (c.kind === 'switch') {
      const cls = last.get(paths[0]);
      const already = cls?.k === 'api' && SWITCHES[c.sw].already.includes(cls.code);
      if (!cls || !(cls.k === 'ok' || cls.k === 'either' || already)) say(`success after ${cls?.k}`);
      if (JSON.stringify(out.msg.payload) !== JSON.stringify({ switch: c.sw, state: c.state, changed: !already })) {
        say(`payload ${JSON.stringify(out.msg.payload)}`);
      }
    } else {
      if (!deviceAllows(last).ok) say(`success after ${[...last.values()].map((x) => x.k)}`);
      checkDevice(out.msg.payload, serial, problems);
    }
    return;
  }
  const err = out.msg.error;
  if (!checkErrorShape(err, c.kind as never, problems)) return;
  const fits = c.kind === 'switch' ? [...last.values()] : deviceAllows(last).fits;
  if (fits.length === 0) return say(`error ${err.code} without a request`);
  if (
    fits.every((cls) => errorMismatch(cls, err) !== undefined) &&
    !(err.code === 'BAD_REPLY' && err.source === 'http')
  ) {
    say(
      `error ${err.source} ${err.code} fits none of ${[...last.values()].map((x) => x.k + ('code' in x ? x.code : ''))}`,
    );
  }
}

async function runBatch(world: World, batch: number, cases: Case[], problems: string[]): Promise<number> {
  const serials = cases.map((_, i) => `FZ${batch}X${i}`);
  const bySerial = new Map(serials.map((s, i) => [s, cases[i]]));
  let generated = 0;
  for (const c of cases) for (const list of Object.values(c.replies)) list.forEach(prewarm);
  world.keyOf = (r) => r.fields.deviceSerial ?? '';
  world.script = (r) => {
    const reply = bySerial.get(r.fields.deviceSerial ?? '')?.replies[pathOf(r)]?.[r.attempt];
    if (reply) generated++;
    return reply;
  };
  world.resetCounts();
  const unwatch = watchDeadlines();
  const flow = worldFlow(
    world,
    { timeout: TIMEOUT_MS, maxRetries: MAX_RETRIES },
    cases.map((c, i) => ({
      id: `n${i}`,
      type: c.kind === 'switch' ? 'ezviz-switch' : 'ezviz-device',
      verificationCode: '',
      verificationCodeType: 'cred',
      x: 10,
      y: 10,
    })),
  );
  const credentials: Record<string, Record<string, string>> = { cfg: { accessToken: 'at.state-fuzz-token' } };
  cases.forEach((c, i) => {
    if (c.kind === 'switch') credentials[`n${i}`] = { verificationCode: CODE };
  });
  const outs = new Map<string, { port: string; msg: Msg }>();
  try {
    await load(flow, credentials);
    lightSpies();
    for (const port of ['ok', 'err'])
      helper.getNode(port).on('input', (msg: Msg) => outs.set(String(msg.topic), { port, msg }));
    cases.forEach((c, i) =>
      helper.getNode(`n${i}`).receive({
        topic: String(i),
        payload:
          c.kind === 'switch'
            ? { deviceSerial: serials[i], switch: c.sw, state: c.state }
            : { deviceSerial: serials[i] },
      }),
    );
    const bound = (1 + MAX_RETRIES) * TIMEOUT_MS + MARGIN_MS;
    await until(() => outs.size >= cases.length, bound);
    await quiet(world); // nothing more may come; a request this busy process read late is counted
  } finally {
    unwatch();
  }
  const reqs = world.take();
  summary.requests += reqs.length;
  summary.messages += cases.length;
  cases.forEach((c, i) =>
    judge(
      c,
      serials[i],
      reqs.filter((r) => r.fields.deviceSerial === serials[i]),
      outs.get(String(i)),
      problems,
    ),
  );
  const scan = scanSaid([CODE]);
  for (const h of scan.hits) problems.push(`batch ${batch}: secret ${h}`);
  for (const e of scan.foreignErrors) problems.push(`batch ${batch}: thrown ${e}`);
  if (reqs.some((r) => r.fields.validateCode !== undefined && r.fields.validateCode !== CODE))
    problems.push('a wrong code sent');
  await unload();
  return generated;
}

describe('reliability: fuzzed replies to ezviz-switch and ezviz-device', function () {
  this.timeout(0);
  const suite = replySuite(CODE);

  it(
    `camera state: ${TARGET} generated replies to every switch set, device/info, status/get and the lens status: one ` +
      'outcome per message in its bound, success only where the replies allow it, typed payloads, fitting errors, ' +
      'retries within budget, no secret',
    async () => {
      const started = Date.now();
      const ports: Ports = { plain: suite.world.plainPort, foreign: suite.world.foreignPort, tls: suite.world.tlsPort };
      hooks.sleep = () => Promise.resolve();
      hooks.random = () => 0.5;
      const problems: string[] = [];
      const arb = caseArb(ports);
      let replies = 0;
      let slowOnes = 0;
      for (let b = 0; replies < TARGET && problems.length === 0; b++) {
        const cases = fc.sample(arb, { numRuns: BATCH, seed: SEED + 19 * 7919 + b * 104729 });
        slowOnes += cases.filter((c) => Object.values(c.replies).some((l) => l.some(slow))).length;
        replies += await runBatch(suite.world, b, cases, problems);
        for (const t of takeTrapped()) problems.push(`batch ${b}: ${t.slice(0, 600)}`);
      }
      resetHooks();
      summary.replies.state = (summary.replies.state ?? 0) + replies;
      section(
        'replies state',
        started,
        `${replies} generated replies to the switch and device calls, ${slowOnes} cases with a slow reply`,
      );
      assert.deepStrictEqual(problems.slice(0, 20), [], `seed ${SEED}`);
    },
  );
});
