// Reply fuzzing of ezviz-firmware (docs/behaviour.md section 20, docs/api/media-api.md
// section 6): the check (version/info and upgrade/status), the upgrade and the following of its
// progress answered by generated replies (reply-gen: any status, body and delivery, replies after
// the client's deadline: "the server acted, the reply came late"; upkeep-replies: the documented
// data with wrong types, missing fields, odd values, and the codes of these calls), one message
// per node, many nodes at once, the follow's 10 s waits and its 30-minute bound on the injectable
// clock (a virtual clock that moves as the follow timers fire). Judged per message by this suite's
// own reading of the replies (upkeep-replies.ts), not the package's:
// - exactly one final outcome; with `progress` ticked, progress messages before it (each a change);
//   nothing thrown; no secret (token) in what the nodes said;
// - a check: never an upgrade, at most 1 + maxRetries version reads; a success only after a
//   version reply a client may read, with its values; an error that fits its fault;
// - an upgrade: sent exactly once whatever its reply (5xx, cut, dropped, late); an uncertain one
//   fails with retriable false; the following ends at the first status that ends it (upgraded:
//   output 1, failed: 60018, an error that is not transient: that error) and goes through the
//   rest (transient failures, 20007, 60015, upgrading, rebooting) until 30 minutes passed
//   (UPGRADE_TIMEOUT); nothing is sent after the end;
// - closing the nodes while they follow sends nothing more and leaves no timer.
// Self-check: planted faults (the upgrade sent again after an uncertain reply, a failed version
// read reported as a success) make the fuzzer fail.

import assert from 'assert';
import fc from 'fast-check';
import * as firmwareService from '../../features/upkeep/firmware';
import { FOLLOW_EVERY_MS, FOLLOW_FOR_MS } from '../../features/upkeep/firmware-follow';
import { UPKEEP_CALLS } from '../../client/operations/settings';
import { helper, hooks, load, resetHooks, unload } from '../support/red';
import { fakeOk, mustFail, plantAfter } from './planted';
import type { Ports } from './reply-gen';
import { replyArb, slow } from './reply-gen';
import { checkErrorShape, classify, clean, errorMismatch, LIMIT, transient, type Class } from './reply-oracle';
import { prewarm, quiet, type Received, type Reply, type World } from './reply-world';
import { readsMaybeUsed, readUsed, replySuite, spare, timedOutLast, watchDeadlines, worldFlow } from './reply-suite';
import { countOutcome, lightSpies, scanSaid, section, SEED, size, summary, takeTrapped, until } from './support';
import { instantTimers } from '../support/fake-time';
import { statusReading, versionReading, type UpkeepFuzzOp } from './upkeep-replies';

const TARGET = size(1300, 150);
const BATCH = size(300, 60);
const TIMEOUT_MS = 700;
const MAX_RETRIES = 2;
const TOKEN = 'at.firmware-fuzz-3a7e11c4';
const START = Date.parse('2026-03-01T08:00:00Z');
const VERSION = UPKEEP_CALLS['firmware-version'].path;
const STATUS = UPKEEP_CALLS['firmware-status'].path;
const UPGRADE = UPKEEP_CALLS['firmware-upgrade'].path;
const POLLS = FOLLOW_FOR_MS / FOLLOW_EVERY_MS + 1;

type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Tail = 'upgraded' | 'failed' | 'forever' | 'gone';
interface Case {
  action: 'check' | 'upgrade';
  progress: boolean;
  upgrade: Reply;
  version: Reply[];
  status: Reply[];
  tail: Tail;
}
interface Out {
  port: string;
  msg: Msg;
  at: number;
}

const pathOf = (r: Received): string => r.url.split('?')[0];
const json = (o: unknown): Reply => ({
  status: 200,
  headers: [['Content-Type', 'application/json']],
  delivery: 'whole',
  body: { t: 'text', s: JSON.stringify(o) },
});
/** What the status says once the generated replies are used up. */
function tailReply(t: Tail, n: number): Reply | undefined {
  if (t === 'upgraded') return json({ code: '200', msg: 'ok', data: { status: 2, progress: 100 } });
  if (t === 'failed') return json({ code: '200', msg: 'ok', data: { status: 3 } });
  if (t === 'forever')
    return json({
      code: '200',
      msg: 'ok',
      data: { status: n % 7 === 6 ? 1 : 0, progress: Math.min(99, 1 + (n >> 2)) },
    });
  return undefined; // 404 (not scripted)
}

function caseArb(ports: Ports): fc.Arbitrary<Case> {
  const gen = (op: UpkeepFuzzOp) => replyArb(op, ports);
  const answered = (op: UpkeepFuzzOp) => gen(op).filter((r) => ['ok', 'either'].includes(classify(op, r).k));
  const three = (op: UpkeepFuzzOp) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.array(gen(op), { minLength: 3, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.tuple(answered(op), gen(op), gen(op)) },
    );
  return fc.record({
    action: fc.constantFrom<Case['action']>('check', 'upgrade', 'upgrade'),
    progress: fc.boolean(),
    upgrade: fc.oneof(
      { weight: 2, arbitrary: gen('firmware-upgrade') },
      { weight: 1, arbitrary: answered('firmware-upgrade') },
    ),
    version: three('firmware-version'),
    status: fc.array(gen('firmware-status'), { maxLength: 8 }),
    tail: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom<Tail>('upgraded', 'failed', 'gone') },
      { weight: 1, arbitrary: fc.constant<Tail>('forever') },
    ),
  });
}

/** How a status reply bears on the following: it goes on, it ends it, or the contract allows both. */
function bearing(c: Class, reply: Reply | undefined): { k: 'continue' | 'end' | 'maybe'; stage?: string } {
  if (c.k === 'ok' || c.k === 'either') {
    const r = statusReading(c.envelope.data);
    const stage = r.values[0]?.stage;
    if (r.k === 'bad') return { k: 'end' };
    const busy = stage === 'upgrading' || stage === 'rebooting';
    return { k: c.k === 'ok' ? (busy ? 'continue' : 'end') : 'maybe', stage };
  }
  if (c.k === 'api' && ['20007', '60015'].includes(c.code)) return { k: 'continue' };
  // A length over the limit declared for a body that is not there: too large (not transient), or broken.
  if (c.k === 'broken' && typeof reply?.length === 'number' && reply.length > LIMIT) return { k: 'maybe' };
  const tr = transient(c);
  return { k: tr === true ? 'continue' : tr === false ? 'end' : 'maybe' };
}

const opOf = (r: Received): UpkeepFuzzOp =>
  pathOf(r) === VERSION ? 'firmware-version' : pathOf(r) === STATUS ? 'firmware-status' : 'firmware-upgrade';
/** What the world answers a request it has no reply for. */
const NOT_SCRIPTED: Reply = {
  status: 404,
  headers: [['Content-Type', 'text/plain']],
  delivery: 'whole',
  body: { t: 'text', s: 'not scripted' },
};
const classOf = (r: Received): Class => classify(opOf(r), r.reply ?? NOT_SCRIPTED);

/** Whether a read's reply fits `c`. */
const fitting =
  (fits: (c: Class) => boolean) =>
  (r: Received): boolean =>
    fits(classOf(r));

const trace = (rs: Received[]): string =>
  rs.map((r) => `${classOf(r).k} ${r.reply?.status ?? 404} ${r.reply?.delivery ?? ''}`).join(', ');

/** A check's payload (and an upgrade's final one): the documented fields, typed, as the version reply said. */
function checkPayload(p: Msg, serial: string, versions: Received[], extra: string[], say: (m: string) => void): void {
  const keys = ['version', 'latest', 'upgradable', 'upgrading', 'progress', ...extra];
  if (!p || typeof p !== 'object' || Object.keys(p).sort().join() !== keys.sort().join())
    return say(`payload ${JSON.stringify(p)}`);
  const problems: string[] = [];
  clean(p, 'payload', problems);
  problems.forEach(say);
  for (const k of ['version', 'latest'])
    if (p[k] !== null && (typeof p[k] !== 'string' || p[k] === '')) say(`${k} ${JSON.stringify(p[k])}`);
  if (typeof p.upgradable !== 'boolean' || typeof p.upgrading !== 'boolean') say(`flags ${JSON.stringify(p)}`);
  if (p.progress !== null && !(Number.isInteger(p.progress) && p.progress >= 0 && p.progress <= 100))
    say(`progress ${p.progress}`);
  // An upgrade's end whose last version read the client gave up on at its deadline (a process this
  // busy may not read a prompt reply in time; ETIMEDOUT fits any reply): the version could not be
  // read, and the state says so, whatever the world answered.
  if (p.status === 'upgraded' && timedOutLast(serial, VERSION)) {
    if (p.version !== null || p.latest !== null || p.upgradable !== false)
      say(`version ${p.version}/${p.latest} after a version read that timed out`);
    return;
  }
  // Of the reads the node may have used, the one whose version it gave (the likeliest when none).
  const readings = readsMaybeUsed(serial, versions, fitting(answered))
    .map((r) => classOf(r))
    .flatMap((c) => (c.k === 'ok' || c.k === 'either' ? [versionReading(c.envelope.data)] : []));
  const read =
    readings.find((r) => r.k === 'ok' && r.values[0].version === p.version && r.values[0].latest === p.latest) ??
    readings[0];
  if (read?.k === 'ok') {
    const v = read.values[0];
    if (p.version !== v.version || p.latest !== v.latest)
      say(`version ${p.version}/${p.latest}, the reply said ${v.version}/${v.latest}`);
    const final = p.status === 'upgraded'; // (the state after the upgrade: no longer upgrading)
    if (!final && p.upgradable !== v.upgradable) say(`upgradable ${p.upgradable}, the reply said ${v.upgradable}`);
    if (v.upgrading && !final && p.upgrading !== true) say('upgrading false, the reply said isUpgrading 1');
  }
}

const answered = (c: Class): boolean => c.k === 'ok' || c.k === 'either';

function judgeCheck(
  serial: string,
  reqs: Received[],
  out: Out,
  say: (m: string) => void,
  problems: string[],
  extra: string[] = [],
): void {
  const versions = reqs.filter((r) => pathOf(r) === VERSION);
  const statuses = reqs.filter((r) => pathOf(r) === STATUS);
  if (reqs.some((r) => pathOf(r) === UPGRADE)) say('a check sent an upgrade');
  if (versions.length > 1 + MAX_RETRIES || statuses.length > 1 + MAX_RETRIES)
    say(`${versions.length} version, ${statuses.length} status reads`);
  if (!versions.length) return say('no version read');
  const err = out.msg.error;
  const used = readUsed(serial, versions, fitting(out.port === 'ok' ? answered : (c) => !errorMismatch(c, err ?? {})));
  const last = classOf(used!);
  if (out.port === 'ok') {
    if (!(last.k === 'ok' || last.k === 'either')) return say(`success after a version reply of ${last.k}`);
    checkPayload(out.msg.payload, serial, versions, extra, say);
    const p = out.msg.payload;
    if (p?.progress !== null && p?.upgrading !== true) say('progress without upgrading');
    return;
  }
  const shape: unknown = err;
  const ops = ['firmware', 'firmware-version', 'firmware-status'];
  if (!checkErrorShape(shape, ops.includes(err?.operation) ? err.operation : 'firmware', problems)) return;
  const m = errorMismatch(last, err);
  if (m && !(err.code === 'BAD_REPLY' && err.source === 'http'))
    say(`check: ${m} (version replies ${trace(versions)})`);
  if (
    transient(last) === true &&
    err.retriable === true &&
    versions.length < 1 + MAX_RETRIES &&
    err.code !== 'ETIMEDOUT'
  ) {
    say(`gave up after ${versions.length} version reads`);
  }
}

/** Uncertain: the server may have acted (no clear refusal came back). */
const uncertain = (c: Class): boolean =>
  !['api', 'http'].includes(c.k) || (c.k === 'http' && (c.status >= 500 || !!c.cut));

function judgeUpgrade(c: Case, serial: string, reqs: Received[], out: Out, say: (m: string) => void): void {
  const ups = reqs.filter((r) => pathOf(r) === UPGRADE);
  if (ups.length !== 1) {
    if (ups.length > 1 && counting) summary.duplicates++;
    return say(`${ups.length} upgrade requests (${ups.map((r) => classOf(r).k)})`);
  }
  const uc = classOf(ups[0]);
  const after = reqs.filter((r) => r !== ups[0]);
  if (after.some((r) => r.at < ups[0].at)) say('a read before the upgrade');
  const err = out.msg.error;
  if (out.port === 'err' && err?.code === 'ETIMEDOUT' && !after.length) {
    // A reply this busy process read after the deadline: a late one (sent once, never to be tried again).
    if (err.retriable !== false) say(`a late upgrade reply is retriable ${err.retriable}`);
    return;
  }
  const started = uc.k === 'ok' || uc.k === 'either' || (uc.k === 'api' && uc.code === '60014');
  const latest = uc.k === 'api' && uc.code === '60013';
  const followed = after.some((r) => pathOf(r) === STATUS) && !latest;
  if ((!started && !latest) || (uc.k === 'either' && !followed && out.port === 'err')) {
    if (after.length) say(`reads after an upgrade reply of ${uc.k}`);
    if (out.port === 'ok') return say(`success after an upgrade reply of ${uc.k}`);
    const m = errorMismatch(uc, err);
    if (m && !(uc.k === 'either' && err.code === 'BAD_REPLY')) say(`upgrade: ${m}`);
    if (uncertain(uc) && err.retriable !== false) say(`an uncertain upgrade (${uc.k}) is retriable ${err.retriable}`);
    return;
  }
  if (latest) {
    if (out.port === 'ok' && out.msg.payload?.status !== 'latest') say(`status ${out.msg.payload?.status} after 60013`);
    return judgeCheck(serial, after, out, say, [], ['status']);
  }
  judgeFollow(c, serial, after, out, say);
}

function judgeFollow(c: Case, serial: string, reqs: Received[], out: Out, say: (m: string) => void): void {
  const statuses = reqs.filter((r) => pathOf(r) === STATUS);
  if (statuses.length > (1 + MAX_RETRIES) * POLLS) say(`${statuses.length} status reads in 30 minutes`);
  const kinds = statuses.map((r) => bearing(classOf(r), r.reply));
  const err = out.msg.error;
  const stageAt = (stage: string) => kinds.findIndex((b) => b.stage === stage);
  // Replies the node may not have seen (attempts it gave up on, read late: spare); zero when it met
  // every deadline. Each one the judge passes over below uses one up.
  let unseen = spare(serial, statuses);
  const fits = (i: number): boolean =>
    kinds[i].k !== 'continue' &&
    (!errorMismatch(classOf(statuses[i]), err) ||
      (err.code === 'BAD_REPLY' && err.source === 'http' && kinds[i].k === 'maybe'));
  /** An error's end: the last read, or one before the reads it may not have seen that fits. */
  const lastFitting = (): number => {
    for (let i = statuses.length - 1; i >= Math.max(0, statuses.length - 1 - unseen); i--) if (fits(i)) return i;
    return statuses.length - 1;
  };
  // The status reply the following ended at.
  const j =
    out.port === 'ok'
      ? stageAt('upgraded')
      : err?.code === '60018' && stageAt('failed') >= 0
        ? stageAt('failed')
        : err?.code === 'UPGRADE_TIMEOUT'
          ? statuses.length
          : lastFitting();
  if (j < 0) return say(`${out.port} ${err?.code ?? ''} without a status that says so (${kinds.map((b) => b.k)})`);
  const early = kinds.slice(0, j).flatMap((b, i) => (b.k === 'end' ? [i] : []));
  if (early.length > unseen)
    say(`followed on after a status reply of ${classOf(statuses[early[0]]).k} ${kinds[early[0]].stage ?? ''}`);
  unseen = Math.max(0, unseen - early.length);
  const tailEnd = statuses.slice(j + 1);
  const versions = reqs.filter((r) => pathOf(r) === VERSION);
  if (out.port === 'ok') {
    // The end: the state after the upgrade (one check: its version and status reads).
    if (tailEnd.length > 1 + MAX_RETRIES + unseen || versions.length > 1 + MAX_RETRIES)
      say(`${tailEnd.length} status, ${versions.length} version reads at the end`);
    if (versions.some((r) => r.at < statuses[j].at)) say('a version read while following');
    if (out.msg.payload?.status !== 'upgraded' || out.msg.payload?.upgrading !== false)
      say(`payload ${JSON.stringify(out.msg.payload)}`);
    return checkPayload(out.msg.payload, serial, versions, ['status'], say);
  }
  if (tailEnd.length > unseen || versions.length) say(`${tailEnd.length + versions.length} reads after the end`);
  if (err.retriable !== false) say(`an upgrade's end is retriable ${err.retriable}`);
  if (err.code === 'UPGRADE_TIMEOUT') {
    if (out.at - START < FOLLOW_FOR_MS) say(`UPGRADE_TIMEOUT after ${(out.at - START) / 60000} virtual minutes`);
    return;
  }
  if (c.tail === 'forever' && j >= c.status.length) say(`${err.code} while the status said upgrading`);
  if (err.code === '60018' && kinds[j]?.stage === 'failed') return;
  const last = classOf(statuses[j]);
  if (kinds[j].k === 'continue')
    return say(`ended with ${err.code} at a status reply of ${last.k} it should go through`);
  const m = errorMismatch(last, err);
  if (m && !(err.code === 'BAD_REPLY' && err.source === 'http' && kinds[j].k === 'maybe')) say(`status: ${m}`);
}

/** Off while the self-check runs with planted faults (their duplicates and outcomes are not the run's). */
let counting = true;

function judge(c: Case, serial: string, reqs: Received[], outs: Out[], problems: string[]): void {
  const say = (m: string): void =>
    void problems.push(`${serial} ${c.action}${c.progress ? ' +progress' : ''} tail ${c.tail}: ${m}`);
  const finals = outs.filter((o) => !(o.port === 'ok' && o.msg.topic === 'progress'));
  const progress = outs.filter((o) => o.port === 'ok' && o.msg.topic === 'progress');
  if (finals.length !== 1) return say(`${finals.length} outcomes`);
  const out = finals[0];
  if (progress.length && (!c.progress || c.action !== 'upgrade')) say(`${progress.length} progress messages unasked`);
  if (progress.some((o) => outs.indexOf(o) > outs.indexOf(out))) say('a progress message after the end');
  progress.forEach((o, i) => {
    const p = o.msg.payload;
    if (
      !p ||
      p.deviceSerial !== serial ||
      !['upgrading', 'rebooting'].includes(p.status) ||
      !(p.progress === null || (Number.isInteger(p.progress) && p.progress >= 0 && p.progress <= 100))
    )
      say(`progress ${JSON.stringify(p)}`);
    if (i > 0 && JSON.stringify(progress[i - 1].msg.payload) === JSON.stringify(p))
      say(`progress ${JSON.stringify(p)} twice`);
  });
  if (counting)
    countOutcome(
      `replies-firmware:${c.action} ${out.port === 'ok' ? (out.msg.payload?.status ?? 'checked') : out.msg.error?.code}`,
    );
  if (c.action === 'check') judgeCheck(serial, reqs, out, say, problems);
  else judgeUpgrade(c, serial, reqs, out, say);
}

/** Follow timers that fire at once, moving a virtual clock to when they were due; counted. */
function virtualTime(): { live: () => number } {
  let now = START;
  hooks.now = () => now;
  hooks.sleep = () => Promise.resolve();
  hooks.random = () => 0.5;
  return instantTimers((ms) => {
    const due = now + ms;
    return () => {
      now = Math.max(now, due);
    };
  });
}

interface Run {
  replies: number;
  upgrades: number;
  slowOnes: number;
  closed: number;
}

async function runBatch(
  world: World,
  batch: number,
  cases: Case[],
  problems: string[],
  closeAfter?: number,
): Promise<Run> {
  const serials = cases.map((_, i) => `FW${batch}X${i}`);
  const bySerial = new Map(serials.map((s, i) => [s, cases[i]]));
  const run: Run = { replies: 0, upgrades: 0, slowOnes: 0, closed: 0 };
  for (const c of cases) [c.upgrade, ...c.version, ...c.status].forEach(prewarm);
  world.keyOf = (r) => r.fields.deviceSerial ?? '';
  world.script = (r) => {
    const c = bySerial.get(r.fields.deviceSerial ?? '');
    if (!c) return undefined;
    const p = pathOf(r);
    const reply =
      p === UPGRADE
        ? r.attempt === 0
          ? c.upgrade
          : json({ code: '200', msg: 'again' })
        : p === VERSION
          ? c.version[r.attempt]
          : p === STATUS
            ? (c.status[r.attempt] ?? (c.action === 'upgrade' ? tailReply(c.tail, r.attempt) : undefined))
            : undefined;
    if (reply && (p !== STATUS || r.attempt < c.status.length)) run.replies++;
    return reply;
  };
  world.resetCounts();
  const unwatch = watchDeadlines();
  const time = virtualTime();
  const flow = worldFlow(
    world,
    { timeout: TIMEOUT_MS, maxRetries: MAX_RETRIES },
    cases.map((c, i) => ({
      id: `n${i}`,
      type: 'ezviz-firmware',
      action: c.action,
      actionType: 'firmwareAction',
      progress: c.progress,
      x: 10,
      y: 10,
    })),
  );
  await load(flow, { cfg: { accessToken: TOKEN } });
  let loaded = true;
  try {
    lightSpies();
    const outs = new Map<string, Out[]>();
    for (const port of ['ok', 'err']) {
      helper
        .getNode(port)
        .on('input', (msg: Msg) =>
          outs.set(msg._msgid, [...(outs.get(msg._msgid) ?? []), { port, msg, at: hooks.now() }]),
        );
    }
    const base = world.seen();
    cases.forEach((_, i) =>
      helper.getNode(`n${i}`).receive({ _msgid: `m${i}`, topic: 'fw', payload: { deviceSerial: serials[i] } }),
    );
    const finals = () => [...outs.values()].filter((l) => l.some((o) => o.msg.topic !== 'progress')).length;
    let closedAt = Infinity;
    if (closeAfter !== undefined) {
      await until(() => world.seen() >= base + closeAfter, 3000, 1);
      closedAt = Date.now();
      loaded = false;
      await unload();
    } else {
      // Each message: the upgrade, 30 virtual minutes of instant polls, a check; slow replies cost a deadline each.
      await until(() => finals() >= cases.length, 60000);
    }
    await quiet(world);
    const reqs = world.take();
    summary.requests += reqs.length;
    if (closeAfter !== undefined) {
      const late = reqs.filter((r) => r.at > closedAt + 500);
      if (late.length)
        problems.push(`batch ${batch}: ${late.length} requests after the close (${late.map(pathOf).slice(0, 5)})`);
      for (const s of serials)
        if (reqs.filter((r) => r.fields.deviceSerial === s && pathOf(r) === UPGRADE).length > 1)
          problems.push(`${s}: upgrade twice`);
      run.closed = cases.length - finals();
    } else {
      summary.messages += cases.length;
      cases.forEach((c, i) =>
        judge(
          c,
          serials[i],
          reqs.filter((r) => r.fields.deviceSerial === serials[i]),
          outs.get(`m${i}`) ?? [],
          problems,
        ),
      );
    }
    if (time.live()) problems.push(`batch ${batch}: ${time.live()} follow timers left`);
    run.upgrades = reqs.filter((r) => pathOf(r) === UPGRADE).length;
    run.slowOnes = cases.filter((c) => [c.upgrade, ...c.version, ...c.status].some(slow)).length;
    const scan = scanSaid([TOKEN]);
    for (const h of scan.hits) problems.push(`batch ${batch}: secret ${h}`);
    for (const e of scan.foreignErrors) problems.push(`batch ${batch}: thrown ${e}`);
  } finally {
    if (loaded) await unload();
    unwatch();
  }
  if (time.live()) problems.push(`batch ${batch}: ${time.live()} follow timers left after the close`);
  resetHooks();
  return run;
}

describe('reliability: fuzzed replies to ezviz-firmware', function () {
  this.timeout(0);
  const suite = replySuite(TOKEN);

  async function fuzz(
    target: number,
    seed: number,
    batch = BATCH,
  ): Promise<{ problems: string[]; total: Run; messages: number }> {
    const problems: string[] = [];
    const arb = caseArb(suite.ports);
    const total: Run = { replies: 0, upgrades: 0, slowOnes: 0, closed: 0 };
    let messages = 0;
    for (let b = 0; total.replies < target && problems.length === 0; b++) {
      const cases = fc.sample(arb, { numRuns: batch, seed: seed + b * 104729 });
      const r = await runBatch(suite.world, b, cases, problems);
      for (const k of Object.keys(total) as Array<keyof Run>) total[k] += r[k];
      messages += cases.length;
      for (const t of takeTrapped()) problems.push(`batch ${b}: ${t.slice(0, 600)}`);
    }
    return { problems, total, messages };
  }

  it(
    `${TARGET} generated replies to checks, upgrades and the following of their progress: one outcome per message, ` +
      'the upgrade sent exactly once (never again after an uncertain reply), the following ended by the status that ends it or ' +
      'after 30 virtual minutes, fitting errors, no secret',
    async () => {
      const started = Date.now();
      const { problems, total, messages } = await fuzz(TARGET, SEED + 32 * 7907);
      summary.replies.firmware = (summary.replies.firmware ?? 0) + total.replies;
      section(
        'replies firmware',
        started,
        `${messages} messages, ${total.replies} generated replies, ${total.upgrades} upgrades sent ` +
          `(once each), ${total.slowOnes} cases with a slow or late reply`,
      );
      assert.deepStrictEqual(problems.slice(0, 20), [], `seed ${SEED}`);
    },
  );

  it(`closing the nodes at ${size(8, 4)} generated moments of their upgrades: nothing sent after the close, no timer left`, async () => {
    const started = Date.now();
    const problems: string[] = [];
    const arb = caseArb(suite.ports).map((c) => ({ ...c, action: 'upgrade' as const, tail: 'forever' as const }));
    let closed = 0;
    for (let b = 0; b < size(8, 4) && problems.length === 0; b++) {
      const cases = fc.sample(arb, { numRuns: 20, seed: SEED + 3207 + b });
      closed += (await runBatch(suite.world, 1000 + b, cases, problems, (b * 37) % 200)).closed;
      for (const t of takeTrapped()) problems.push(`batch ${b}: ${t.slice(0, 600)}`);
    }
    section('replies firmware close', started, `${size(8, 4)} closes, ${closed} messages still following when closed`);
    assert.deepStrictEqual(problems.slice(0, 20), [], `seed ${SEED}`);
  });

  it('self-check: the upgrade sent again after an uncertain reply and a failed check reported as a success make the fuzzer fail', async () => {
    const failing = async () => {
      const { problems } = await fuzz(150, SEED + 32 * 7907 + 1, 60); // (the same at full counts)
      if (problems.length) throw new Error(`Got ${problems[0]}`);
    };
    counting = false;
    const again = await mustFail(
      'the upgrade sent again after an uncertain reply',
      plantAfter(firmwareService, 'startUpgrade', (r, a, run) =>
        r.kind === 'error' && (r.error.source === 'network' || /^HTTP_5/.test(r.error.code)) ? run(...a) : r,
      ),
      failing,
    );
    const liar = await mustFail(
      'a failed check reported as a success',
      plantAfter(firmwareService, 'checkFirmware', (r) =>
        r.kind === 'error'
          ? fakeOk(r, { version: null, latest: null, upgradable: false, upgrading: false, progress: null })
          : r,
      ),
      failing,
    );
    counting = true;
    assert.match(again, /^Got \S+ upgrade.*: 2 upgrade requests/, again);
    assert.match(liar, /^Got \S+ (check|upgrade).*: success after a version reply of/, liar);
    section(
      'replies firmware self-check',
      Date.now(),
      `caught: upgrade again (${again.slice(0, 80)}); failed check as success ` + `(${liar.slice(0, 80)})`,
    );
  });
});
