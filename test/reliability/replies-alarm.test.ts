// Fuzzed replies to the alarm node's polls (docs/reliability.md, docs/behaviour.md section 15). A server of the test's own
// (reply-world.ts) answers `/api/lapp/alarm/list` with generated replies (reply-gen.ts): any status,
// headers, delivery and body, `data` any JSON or an array of alarms whose documented fields have
// wrong types, missing ids, duplicate alarmIds within and across pages and polls, times before the
// deploy, in the future or absurd, and a page object of every kind (endless paging claims
// included). Each ezviz-alarm node has its own config node (its own token: the key of its script)
// and polls only when a message comes in (no timed polls). Judged against the contract (docs/behaviour.md
// s8 and s11), with the model below and reply-oracle.ts, not against the package's code:
// - the runtime survives: no uncaught exception, no unhandled rejection, nothing thrown out of a node;
// - every poll ends in exactly one outcome within its bound (done, output 2 or a Catch node);
// - every request asks for status 2, pages of at most 50 from pageStart 0 on, a window of at most
//   7 days; paging stops (a bounded number of requests per poll however the page object lies);
// - every alarm sent has exactly the documented fields of the documented types, comes from an item
//   the server listed, is not older than the deploy, matches the node's filters, and no alarmId is
//   sent twice by one node; every alarm surely valid in a successful poll is sent;
// - a failed poll's error fits the reply (BAD_REPLY, REPLY_TOO_LARGE, HTTP_<status>, the API code,
//   ETIMEDOUT); retries only after transient failures;
// - nothing reaches a foreign host (redirects not followed), the token only the configured one,
//   no secret in any output or log.
// Seeded: a failure prints the seed and batch (RELIABILITY_SEED=<seed> RELIABILITY_REPLY_ONLY=alarm:<batch>).

import assert from 'assert';
import fc from 'fast-check';
import { forgetSeenCopies } from '../../features/alarms/alarm-poller';
import { helper, hooks, load, Msg, resetHooks, secrets, TAB, unload } from '../support/red';
import { fillAlarm, Ports, replyArb, slow } from './reply-gen';
import { checkErrorShape, classify, errorMismatch, transient } from './reply-oracle';
import { checkShape, isObj, safe } from './alarm-shape';
import { bodyText, prewarm, quiet, Received, Reply, World } from './reply-world';
import { replySuite } from './reply-suite';
import { countOutcome, FULL, lightSpies, scanSaid, section, SEED, size, summary, takeTrapped } from './support';

/** Generated replies served on the alarm list path: full run, `npm test`. */
const TARGET = size(10000, 150);
/** Alarm nodes (each with its config node) per batch. */
const BATCH = size(400, 60);
const TIMEOUT_MS = 700;
const LONG_TIMEOUT_MS = 8000;
const MAX_RETRIES = 2;
const MARGIN_MS = 5000;
const MAX_SLEEP_MS = 30000;
const ALARMS = '/api/lapp/alarm/list';
const WEEK_MS = 7 * 864e5;
/** The model's bound on the pages of one poll: the contract names none, only that paging ends. */
const MAX_PAGES = 100;
/** Filters of the nodes: none, alarmType 10002, deviceSerial C00000001. */
const FILTERS: ReadonlyArray<{ alarmType?: string; deviceSerial?: string }> = [
  {},
  { alarmType: '10002' },
  { deviceSerial: 'C00000001' },
];
const ONLY = process.env.RELIABILITY_REPLY_ONLY;

interface AlarmCase {
  polls: number;
  wired: boolean;
  filter: number;
  endless: boolean;
  replies: Reply[];
}

function caseArb(ports: Ports): fc.Arbitrary<AlarmCase> {
  return fc.record({
    polls: fc.integer({ min: 1, max: 4 }),
    wired: fc.boolean(),
    filter: fc.constantFrom(0, 0, 0, 1, 2),
    // After its generated replies, the server claims an endless list of full pages.
    endless: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 20, arbitrary: fc.constant(false) }),
    replies: fc.array(replyArb('alarm-list', ports), { minLength: 1, maxLength: 8 }),
  });
}

const alarm = (alarmId: string, alarmTime: number) => ({
  alarmId,
  alarmName: 'm',
  alarmType: 10002,
  alarmTime,
  channelNo: 1,
  isEncrypt: 0,
  isChecked: 0,
  deviceSerial: 'C00000001',
  alarmPicUrl: '',
});
const listReply = (data: unknown[], page: unknown): Reply => ({
  status: 200,
  headers: [['Content-Type', 'application/json']],
  delivery: 'whole',
  body: { t: 'text', s: JSON.stringify({ code: '200', msg: 'ok', data, page }) },
});

/** A full page of fresh alarms of the poll's end (none older than the deploy: only the page count
 * can end the paging), and a page object claiming a billion. */
function endlessPage(r: Received, end: number): Reply {
  const start = Number(r.fields.pageStart) || 0;
  return listReply(
    Array.from({ length: 50 }, (_, j) => alarm(`end-${end}-${start}-${j}`, end)),
    { total: 1e9, page: start, size: 50 },
  );
}

/** After the generated replies: the same two alarms at every poll (each must be sent once). */
const repeatPage = (deploy: number) =>
  listReply([alarm('al-0', deploy + 1), alarm('rep-1', deploy + 2)], { total: 2, page: 0, size: 50 });

// ---- the model of an alarm (docs/behaviour.md section 11) --------------------------------------------------

/** A number written as text: a lenient reading may take it (then as that number). */
const digits = (v: unknown) => typeof v === 'string' && /^\s*-?\d{1,15}\s*$/.test(v);

/** Whether payload field `k` is what the reply item gave, as the contract allows it to be read. */
function fieldFits(k: string, got: unknown, v: unknown): boolean {
  switch (k) {
    case 'alarmId':
      return got === v || (safe(v) && got === String(v));
    case 'alarmTime':
      return got === v || (digits(v) && got === Number(v));
    case 'deviceSerial':
      // A serial is case-insensitive: written as it came or in upper case, blanks around dropped.
      return typeof v === 'string' && (got === v || got === v.trim().toUpperCase());
    case 'alarmName':
      // A long text may be cut (the contract sets no length).
      return typeof v === 'string'
        ? got === v || (v.length > 255 && typeof got === 'string' && v.startsWith(got))
        : got === '';
    case 'alarmPicUrl':
      // Only an http(s) address is a picture URL; anything else may be blanked.
      return typeof v === 'string' ? got === v || got === '' : got === '';
    case 'alarmType':
    case 'channelNo':
      // (A negative channel is no channel: it may be null.)
      return safe(v)
        ? got === v || (k === 'channelNo' && v < 0 && got === null)
        : digits(v)
          ? got === Number(v) || got === null
          : got === null;
    default: // isEncrypt, isChecked: a number or a boolean as it came
      return safe(v) || typeof v === 'boolean'
        ? got === v
        : digits(v)
          ? got === Number(v) || got === null
          : got === null;
  }
}

/** Whether an item is surely an alarm the node must send (given it is new, after the deploy and
 * matching the filters): the required fields plainly right, every documented field of its type. */
function surelyValid(it: unknown): it is Record<string, unknown> {
  if (!isObj(it)) return false;
  const { alarmId: id, alarmTime: t, deviceSerial: s } = it;
  if (!(typeof id === 'string' && id.length >= 1 && id.length <= 64 && /^[\x21-\x7e]+$/.test(id))) return false;
  if (!(safe(t) && t > 0 && t < 8.64e15) || !(typeof s === 'string' && /^[A-Z0-9]{1,32}$/.test(s))) return false;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(it, k);
  if (has('alarmName') && !(typeof it.alarmName === 'string' && it.alarmName.length <= 255)) return false;
  if (has('alarmPicUrl') && typeof it.alarmPicUrl !== 'string') return false;
  for (const k of ['alarmType', 'isEncrypt', 'isChecked'])
    if (has(k) && !safe(it[k]) && typeof it[k] !== 'boolean') return false;
  return !has('channelNo') || (safe(it.channelNo) && it.channelNo >= 0);
}

function matchesFilter(filter: number, a: { alarmType?: unknown; deviceSerial?: unknown }): boolean {
  const f = FILTERS[filter];
  if (f.alarmType !== undefined && String(a.alarmType) !== f.alarmType) return false;
  return f.deviceSerial === undefined || String(a.deviceSerial).trim().toUpperCase() === f.deviceSerial;
}

/** The items of a served reply (a JSON envelope whose data is an array), else none. */
function itemsOf(r: Received): unknown[] {
  try {
    const v = JSON.parse(bodyText(r.reply!.body));
    return isObj(v) && Array.isArray(v.data) ? v.data : [];
  } catch {
    return [];
  }
}

// ---- a batch --------------------------------------------------------------------------------

interface Run {
  problems: string[];
  replies: number;
  polls: number;
  alarms: number;
  loose: number;
  flakes: number;
}

function problem(run: Run, where: string, what: string): void {
  if (run.problems.length < 40) run.problems.push(`${where}: ${what}`);
}

const replay = (batch: number) =>
  `replay: RELIABILITY_SEED=${SEED} RELIABILITY_REPLY_ONLY=alarm:${batch}${FULL ? ' RELIABILITY_FULL=1' : ''}`;

interface Poll {
  id: string;
  t0: number;
  outcomes: Array<{ port: string; msg: Msg; at: number }>;
}

interface BatchState {
  cases: AlarmCase[];
  tokens: string[];
  polls: Poll[][];
  /** Alarms sent by each node (output 1), in order. */
  sent: Msg[][];
  deployBefore: number;
  deployAfter: number;
  timeoutOf(i: number): number;
}

function alarmFlow(
  batch: number,
  s: BatchState,
  url: string,
): { flow: Record<string, unknown>[]; credentials: Record<string, unknown> } {
  const ids = s.cases.map((_, i) => `an${batch}-${i}`);
  const flow: Record<string, unknown>[] = [
    { id: TAB, type: 'tab', label: 'alarm replies' },
    { id: 'ok', type: 'helper', z: TAB },
    { id: 'err', type: 'helper', z: TAB },
    { id: 'catch', type: 'catch', z: TAB, scope: ids, uncaught: false, wires: [['caught']] },
    { id: 'caught', type: 'helper', z: TAB },
    { id: 'complete', type: 'complete', z: TAB, scope: ids, uncaught: false, wires: [['completed']] },
    { id: 'completed', type: 'helper', z: TAB },
  ];
  const credentials: Record<string, unknown> = {};
  s.cases.forEach((c, i) => {
    flow.push({
      id: `ac${batch}-${i}`,
      type: 'ezviz-config',
      name: `a${i}`,
      baseUrl: url,
      timeout: s.timeoutOf(i),
      maxRetries: MAX_RETRIES,
      retryDelay: 1,
    });
    credentials[`ac${batch}-${i}`] = { accessToken: s.tokens[i] };
    flow.push({
      id: ids[i],
      type: 'ezviz-alarm',
      z: TAB,
      name: '',
      config: `ac${batch}-${i}`,
      interval: 3600,
      deviceSerial: FILTERS[c.filter].deviceSerial ?? '',
      alarmType: FILTERS[c.filter].alarmType ?? '',
      wires: [['ok'], c.wired ? ['err'] : []],
    });
  });
  for (const n of flow) if (n.z) Object.assign(n, { x: 100, y: 100 });
  return { flow, credentials };
}

/** Serves the batch's replies: a node's generated ones in turn, then an empty list (or, for the
 * endless ones, full pages without end). Returns the count of generated replies served. */
function serve(world: World, s: BatchState): { generated: number } {
  const byToken = new Map(s.tokens.map((t, i) => [t, i]));
  const count = { generated: 0 };
  world.keyOf = (r) => r.fields.accessToken ?? '';
  world.script = (r) => {
    const i = byToken.get(r.fields.accessToken ?? '');
    if (i === undefined || r.url.split('?')[0] !== ALARMS) return undefined;
    const end = /^\d{1,16}$/.test(r.fields.endTime ?? '') ? Number(r.fields.endTime) : Date.now();
    const c = s.cases[i];
    if (r.attempt < c.replies.length) {
      count.generated++;
      return fillAlarm(c.replies[r.attempt], end, s.deployBefore);
    }
    return c.endless ? endlessPage(r, end) : repeatPage(s.deployAfter);
  };
  return count;
}

async function drive(world: World, batch: number, s: BatchState): Promise<void> {
  const waiters = new Map<string, () => void>();
  const byId = new Map<string, Poll>();
  for (const port of ['err', 'caught', 'completed'] as const) {
    helper.getNode(port).on('input', (m: Msg) => {
      const p = byId.get(m._msgid);
      if (!p) return;
      p.outcomes.push({ port, msg: m, at: Date.now() });
      if (port !== 'err') waiters.get(m._msgid)?.();
    });
  }
  s.cases.forEach((_, i) => {
    // What the node sends on output 1, as it sends it.
    const n = helper.getNode(`an${batch}-${i}`) as unknown as { send(m: unknown): void };
    const send = n.send.bind(n);
    n.send = (m: unknown) => {
      if (Array.isArray(m) && m[0]) s.sent[i].push(m[0] as Msg);
      send(m);
    };
  });
  await Promise.all(
    s.cases.map(async (c, i) => {
      for (let k = 0; k < c.polls; k++) {
        const poll: Poll = { id: `P${batch}-${i}-${k}`, t0: Date.now(), outcomes: [] };
        s.polls[i].push(poll);
        byId.set(poll.id, poll);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 120000);
          waiters.set(poll.id, () => {
            clearTimeout(timer);
            resolve();
          });
          helper.getNode(`an${batch}-${i}`).receive({ _msgid: poll.id, payload: k });
        });
        waiters.delete(poll.id);
      }
    }),
  );
}

/** The fields of one alarm-list request (docs/behaviour.md section 11, docs/api/more-api.md). */
function checkRequest(r: Received, c: AlarmCase, s: BatchState, problems: string[]): void {
  const f = r.fields;
  if (f.status !== '2') problems.push(`status ${f.status}`);
  if (!/^\d+$/.test(f.pageSize ?? '') || Number(f.pageSize) < 1 || Number(f.pageSize) > 50)
    problems.push(`pageSize ${f.pageSize}`);
  if (!/^\d+$/.test(f.pageStart ?? '')) problems.push(`pageStart ${f.pageStart}`);
  const start = Number(f.startTime);
  const end = Number(f.endTime);
  if (
    !/^\d+$/.test(f.startTime ?? '') ||
    !/^\d+$/.test(f.endTime ?? '') ||
    start > end ||
    end - start > WEEK_MS ||
    end < s.deployBefore ||
    end > r.at + 1000
  )
    problems.push(`window ${f.startTime}..${f.endTime} (7 days at most, ending now)`);
  const want = FILTERS[c.filter].alarmType;
  if (f.alarmType !== want && !(want === undefined && f.alarmType === '-1'))
    problems.push(`alarmType ${f.alarmType}, filter ${want}`);
}

function judgeCase(
  run: Run,
  batch: number,
  i: number,
  s: BatchState,
  reqs: Received[],
  errors: Map<string, unknown>,
): void {
  const c = s.cases[i];
  const where = `node ${i} (${replay(batch)})`;
  const short = s.timeoutOf(i) === TIMEOUT_MS;
  const problems: string[] = [];
  for (const r of reqs) checkRequest(r, c, s, problems);
  // Each request belongs to the poll under way when its endTime was taken (the poll's "now"; all
  // its pages carry it): a request this busy process reads late is still counted with its poll.
  for (const r of reqs) r.tag = s.polls[i].reduce((k, p, j) => (p.t0 <= Number(r.fields.endTime) ? j : k), -1);
  if (process.env.RELIABILITY_DEBUG_NODE === String(i)) {
    for (const r of reqs)
      console.log(
        `tag ${String(r.tag)} attempt ${r.attempt} page ${r.fields.pageStart} +${r.at - s.deployAfter}: HTTP ${r.reply?.status} ${r.reply?.delivery} ${r.reply ? bodyText(r.reply.body).slice(0, 120) : ''}`,
      );
    for (const p of s.polls[i])
      console.log(
        p.id,
        p.t0 - s.deployAfter,
        JSON.stringify(p.outcomes.map((o) => [o.port, o.at - s.deployAfter, o.msg.error])),
      );
  }
  const served: Record<string, unknown>[] = [];
  const mustSend = new Map<string, unknown>();
  for (const r of reqs) {
    const k = r.reply ? classify('alarm-list', r.reply).k : 'broken';
    if (k === 'ok' || k === 'either') for (const it of itemsOf(r)) if (isObj(it)) served.push(it);
  }
  s.polls[i].forEach((poll, k) => {
    run.polls++;
    summary.messages++;
    const ports = poll.outcomes
      .map((o) => o.port)
      .sort()
      .join('+');
    const wantPorts = c.wired ? ['completed', 'completed+err'] : ['completed', 'caught'];
    if (!wantPorts.includes(ports)) {
      problems.push(`poll ${k}: outcome ${ports || 'none'} (${c.wired ? 'output 2 wired' : 'unwired'})`);
      if (!ports) summary.lost++;
      else if (poll.outcomes.length > 1 + (c.wired ? 1 : 0)) summary.duplicates++;
      if (!ports) return;
    }
    countOutcome(`replies-alarm:${ports}`);
    const mine = reqs.filter((r) => r.tag === k);
    const last = poll.outcomes.reduce((a, o) => Math.max(a, o.at), 0);
    const bound = (mine.length + 1) * s.timeoutOf(i) + MARGIN_MS;
    if (last - poll.t0 > bound)
      problems.push(`poll ${k}: ended after ${last - poll.t0} ms (bound ${bound} ms, ${mine.length} requests)`);
    // Paging: from 0 on, one page after the other, each page retried within the budget, and ends.
    const byPage = new Map<number, Received[]>();
    for (const r of mine)
      byPage.set(Number(r.fields.pageStart), [...(byPage.get(Number(r.fields.pageStart)) ?? []), r]);
    const pages = [...byPage.keys()].sort((a, b) => a - b);
    if (pages.some((p, j) => p !== j))
      problems.push(`poll ${k}: pages ${pages.join(',').slice(0, 100)} (from 0, one after the other)`);
    if (pages.length > MAX_PAGES) problems.push(`poll ${k}: ${pages.length} pages (paging did not stop)`);
    const err =
      poll.outcomes.find((o) => o.port === 'err')?.msg.error ?? (ports === 'caught' ? errors.get(poll.id) : undefined);
    const timedOut = (err as { code?: string } | undefined)?.code === 'ETIMEDOUT';
    const exact = !short && !timedOut;
    if (!exact) run.loose++;
    for (const [p, list] of byPage) {
      if (list.length > 1 + MAX_RETRIES) {
        // With what a replay needs to tell the polls apart: each request's window end and arrival
        // against the poll's start, and the polls' starts and outcomes.
        const rel = (ms: number) => ms - s.deployAfter;
        problems.push(
          `poll ${k}: page ${p} asked ${list.length} times (at most ${1 + MAX_RETRIES}): ` +
            list.map((r) => `attempt ${r.attempt} end +${rel(Number(r.fields.endTime))} at +${rel(r.at)}`).join(', ') +
            `; polls ${s.polls[i].map((q) => `+${rel(q.t0)}:${q.outcomes.map((o) => `${o.port}@+${rel(o.at)}`).join('/')}`).join(' ')}`,
        );
      }
      if (exact) {
        list.slice(0, -1).forEach((r, j) => {
          // Retries come 1 ms apart here (retryDelay 1): the next ask half a deadline or more later
          // followed the client's own timeout, a reply this busy process sent too late (seen at
          // full counts under load), not the reply the server meant.
          if (list[j + 1].at - r.at >= s.timeoutOf(i) / 2) return;
          if (transient(classify('alarm-list', r.reply!)) === false)
            problems.push(`poll ${k}: page ${p} retried after a non-transient reply (attempt ${j + 1})`);
        });
      }
    }
    if (ports === 'completed') {
      // A good poll: the last reply of each page was a list; its sure alarms must all be sent.
      for (const [p, list] of byPage) {
        const cls = classify('alarm-list', list[list.length - 1].reply!);
        if (exact && cls.k !== 'ok' && cls.k !== 'either')
          problems.push(`poll ${k}: success after a reply of class ${cls.k} (page ${p})`);
        if (!exact || (cls.k !== 'ok' && cls.k !== 'either')) continue;
        for (const it of itemsOf(list[list.length - 1])) {
          if (surelyValid(it) && (it.alarmTime as number) >= s.deployAfter && matchesFilter(c.filter, it))
            mustSend.set(it.alarmId as string, it);
        }
      }
      return;
    }
    if (!checkErrorShape(err, 'alarm-list', problems)) return;
    const e = err as Record<string, unknown>;
    const lastReq = mine[mine.length - 1];
    if (!lastReq) {
      if (e.source === 'network') run.flakes++;
      else if (e.source !== 'local') problems.push(`poll ${k}: error ${e.source} ${e.code} without any request`);
    } else if (exact) {
      const m = errorMismatch(classify('alarm-list', lastReq.reply!), e);
      if (m)
        problems.push(
          `poll ${k}: ${m}: ${String(e.message).slice(0, 200)} (last reply HTTP ${lastReq.reply!.status} ${lastReq.reply!.delivery} ${bodyText(lastReq.reply!.body).slice(0, 160)})`,
        );
    } else if (timedOut && !short) run.flakes++;
  });
  // The alarms sent: documented, listed by the server, after the deploy, filtered, each once.
  const ids = new Set<string>();
  for (const m of s.sent[i]) {
    run.alarms++;
    const before = problems.length;
    checkShape(m, problems);
    if (problems.length > before) continue;
    const p = m.payload as Record<string, unknown>;
    if (ids.has(p.alarmId as string)) problems.push(`alarm ${p.alarmId} sent twice`);
    ids.add(p.alarmId as string);
    if ((p.alarmTime as number) < s.deployBefore)
      problems.push(`alarm ${p.alarmId} of ${p.alarmDate} is older than the deploy`);
    if (!matchesFilter(c.filter, p))
      problems.push(`alarm ${p.alarmId} (${p.alarmType}, ${p.deviceSerial}) does not match filter ${c.filter}`);
    const from = served.filter((it) => fieldFits('alarmId', p.alarmId, it.alarmId));
    if (
      !from.some((it) =>
        [
          'alarmTime',
          'deviceSerial',
          'alarmName',
          'alarmPicUrl',
          'alarmType',
          'channelNo',
          'isEncrypt',
          'isChecked',
        ].every((k) => fieldFits(k, p[k], it[k])),
      )
    ) {
      problems.push(
        `alarm ${JSON.stringify(p).slice(0, 300)} is no item the server listed (${from.length} with its id: ${JSON.stringify(from[0])?.slice(0, 300)})`,
      );
    }
  }
  for (const [id, it] of mustSend)
    if (!ids.has(id)) problems.push(`alarm ${JSON.stringify(it).slice(0, 200)} of a good poll was not sent`);
  for (const p of problems.slice(0, 5)) problem(run, where, p);
}

async function runBatch(world: World, batch: number, cases: AlarmCase[], run: Run): Promise<void> {
  const tokens = cases.map((_, i) => `at.alarmfz-${batch}-${i}-${(i * 7919 + batch * 31).toString(36)}`);
  for (const t of tokens) secrets.add(t);
  const s: BatchState = {
    cases,
    tokens,
    polls: cases.map(() => []),
    sent: cases.map(() => []),
    deployBefore: 0,
    deployAfter: 0,
    timeoutOf: (i) => (cases[i].replies.some(slow) ? TIMEOUT_MS : LONG_TIMEOUT_MS),
  };
  for (const c of cases) for (const r of c.replies) prewarm(r);
  const count = serve(world, s);
  world.resetCounts();
  const { flow, credentials } = alarmFlow(batch, s, world.plainUrl);
  s.deployBefore = Date.now();
  await load(flow, credentials);
  s.deployAfter = Date.now();
  lightSpies();
  await drive(world, batch, s);
  await quiet(world);
  const requests = world.take();
  run.replies += count.generated;
  summary.requests += requests.length;
  const errors = new Map<string, unknown>();
  const spy = (helper as unknown as { _NodePrototype: { error: { args: unknown[][] } } })._NodePrototype.error;
  for (const a of spy.args) {
    const e = a[0] as { name?: string; toJSON?: () => unknown } | undefined;
    const m = a[1] as Msg | undefined;
    if (m?._msgid && !errors.has(m._msgid))
      errors.set(m._msgid, e?.name === 'EzvizError' ? e.toJSON!() : { foreign: String(e) });
  }
  const byCase = cases.map(() => [] as Received[]);
  const index = new Map(tokens.map((t, i) => [t, i]));
  for (const r of requests) {
    const i = index.get(r.fields.accessToken ?? '');
    if (r.listener !== 'plain')
      problem(run, `${r.listener} ${r.host}${r.url}`, 'a request reached another host (a redirect followed?)');
    else if (i === undefined || r.url.split('?')[0] !== ALARMS)
      problem(run, r.url, `a request without a node's token: ${r.body.slice(0, 100)}`);
    else byCase[i].push(r);
  }
  cases.forEach((_, i) => judgeCase(run, batch, i, s, byCase[i], errors));
  const scan = scanSaid(tokens);
  summary.thrown += scan.foreignErrors.length;
  for (const e of scan.foreignErrors) problem(run, `batch ${batch}`, `thrown out of a node: ${e}`);
  for (const h of scan.hits) problem(run, `batch ${batch}`, `secret: ${h}`);
  await unload();
  forgetSeenCopies();
}

describe('reliability: fuzzed replies to the alarm node', function () {
  this.timeout(0);
  const suite = replySuite();

  it(
    `alarm list: ${TARGET} generated replies to the polls of many alarm nodes at once: one outcome per poll in its bound, ` +
      'documented alarms each sent once and none lost, nothing older than the deploy, paging that ends, fitting errors, ' +
      'nothing elsewhere',
    async () => {
      const started = Date.now();
      const ports: Ports = { plain: suite.world.plainPort, foreign: suite.world.foreignPort, tls: suite.world.tlsPort };
      const sleeps: number[] = [];
      hooks.sleep = (ms: number) => {
        sleeps.push(ms);
        return Promise.resolve();
      };
      hooks.random = () => 0.5;
      // No timed polls: every poll is an input message's.
      hooks.timer = () => () => undefined;
      const run: Run = { problems: [], replies: 0, polls: 0, alarms: 0, loose: 0, flakes: 0 };
      const arb = caseArb(ports);
      const only = ONLY ? (ONLY.split(':')[0] === 'alarm' ? [Number(ONLY.split(':')[1])] : []) : undefined;
      for (let b = 0; only ? b < only.length : run.replies < TARGET; b++) {
        const batch = only ? only[b] : b;
        const cases = fc.sample(arb, { numRuns: BATCH, seed: SEED + 13 * 7919 + batch * 104729 });
        // In every batch, a node the server soon answers with endless full pages.
        cases[0] = { ...cases[0], endless: true, polls: 3, replies: cases[0].replies.slice(0, 1) };
        await runBatch(suite.world, batch, cases, run);
        for (const ms of sleeps.splice(0)) {
          if (!(Number.isFinite(ms) && ms >= 0 && ms <= MAX_SLEEP_MS))
            problem(run, 'back-off', `asked to sleep ${ms} ms`);
        }
        const trapped = takeTrapped();
        for (const t of trapped) problem(run, `batch ${batch} (${replay(batch)})`, t.slice(0, 600));
        summary.thrown += trapped.length;
        if (run.problems.length) break;
      }
      resetHooks();
      summary.replies.alarm = (summary.replies.alarm ?? 0) + run.replies;
      section(
        'replies alarm',
        started,
        `${run.replies} generated replies, ${run.polls} polls, ${run.alarms} alarms sent, ` +
          `${run.flakes} busy-machine timeouts, ${run.loose} polls judged by shape only`,
      );
      assert.deepStrictEqual(run.problems, [], `seed ${SEED}`);
      if (!only) assert.ok(run.replies >= TARGET, `${run.replies} generated replies served`);
    },
  );
});
