// Input and reply fuzzing of ezviz-recordings (docs/behaviour.md section 18): generated payloads
// (serial, channel, source, start, end of any value) and generated faults on the list call. The
// suite's own oracle says which inputs are valid (the window: start default local midnight of
// `end ?? now`, end default now, end after start, at most 31 days); for each message exactly one
// outcome; a refused one sends nothing; a valid one sends per day and source one call of at most
// a day, recType 1 or 2, and succeeds with items sorted, each once, ISO times, or fails with an
// api/network/http error (never validation). Counts: 200 inputs and 60 faulted replies
// (RELIABILITY_FULL=1: 2000 and 600). Self-check (planted.ts): with a wrong listRecordings
// planted (one that lists everything twice, one that refuses any message with a start) the same
// property must fail.

import assert from 'assert';
import fc from 'fast-check';
import { FakeClock } from '../../simulator';
import { EzvizError } from '../../client/errors/errors';
import type { Simulator } from '../../simulator';
import { hooks, loadOp, resetHooks, run, simulatorPerSuite, unload } from '../support/red';
import { expectParam, isBlank } from './oracle';
import { SEED, section, size } from './support';
import { mustFail, plantAfter, plantAround, plantTwice } from './planted';
import * as recordingsService from '../../features/recordings/recordings';

const LIST = '/api/lapp/video/by/time';
const KINDS = ['20008', '49999', 'http500', 'nonjson', 'drop'] as const;
type Kind = (typeof KINDS)[number];
type Err = { code: string; source: string };
/** The errors each fault may end in (the last attempt's reply; a busy machine may time out). */
const FITS: Record<Kind, (e: Err) => boolean> = {
  20008: (e) => (e.source === 'api' && e.code === '20008') || e.code === 'ETIMEDOUT',
  49999: (e) => (e.source === 'api' && e.code === '49999') || e.code === 'ETIMEDOUT',
  http500: (e) => (e.source === 'http' && e.code === 'HTTP_500') || e.code === 'ETIMEDOUT',
  nonjson: (e) => e.source === 'http' || e.code === 'ETIMEDOUT',
  drop: (e) => e.source === 'network' || e.source === 'http',
};
const NOW = Date.parse('2026-03-01T08:00:00Z');
const DAY = 86400000;
const midnight = (ms: number): number => {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};

/** The oracle's reading of a time: epoch ms, or undefined when it is not one. */
function timeOf(raw: unknown): number | undefined {
  let ms: number | undefined;
  if (raw instanceof Date) ms = raw.getTime();
  else if (typeof raw === 'number') ms = raw;
  else if (typeof raw === 'string') {
    const s = raw.trim();
    const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(s);
    if (/^\d{12,15}$/.test(s)) ms = Number(s);
    else if (/^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)?$/.test(s)) ms = Date.parse(s);
    else if (m) {
      const [y, mo, d, h, mi, se] = m.slice(1).map(Number);
      const t = new Date(y, mo - 1, d, h, mi, se);
      ms = t.getDate() === d && t.getMonth() === mo - 1 && t.getHours() === h && mi < 60 && se < 60 ? t.getTime() : NaN;
    }
  }
  if (ms === undefined || !Number.isInteger(ms)) return undefined;
  const y = new Date(ms).getFullYear();
  return y >= 2000 && y <= 2099 ? ms : undefined;
}

/** Days of the window cut at local midnights (the calls per source). */
function pieces(start: number, end: number): number {
  let n = 0;
  for (let from = start; from < end; n++) {
    const d = new Date(midnight(from));
    from = Math.min(end, new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime());
  }
  return n;
}

const SOURCES: Record<string, number> = { auto: 0, cloud: 1, 'sd-card': 2 };
function sourceOf(raw: unknown): string | undefined {
  if (typeof raw === 'string' && Object.prototype.hasOwnProperty.call(SOURCES, raw.trim().toLowerCase()))
    return raw.trim().toLowerCase();
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*[0-2]\s*$/.test(raw) ? Number(raw) : NaN;
  return Object.keys(SOURCES).find((k) => SOURCES[k] === n);
}

/** Valid or not, and for a valid message the window and the number of calls. */
function oracle(
  p: Record<string, unknown>,
): { valid: false } | { valid: true; start: number; end: number; sources: number } {
  const serial = expectParam('serial', true, p.deviceSerial);
  if (serial === 'missing' || serial === 'invalid') return { valid: false };
  if (expectParam('channel', false, p.channelNo) === 'invalid') return { valid: false };
  const src = isBlank(p.source) ? 'auto' : sourceOf(p.source);
  const s = isBlank(p.start) ? undefined : timeOf(p.start);
  const e = isBlank(p.end) ? undefined : timeOf(p.end);
  if (!src || (!isBlank(p.start) && s === undefined) || (!isBlank(p.end) && e === undefined)) return { valid: false };
  const start = s ?? midnight(e ?? NOW);
  const end = e ?? NOW;
  if (end <= start || end - start > 31 * DAY) return { valid: false };
  return { valid: true, start, end, sources: src === 'auto' ? 2 : 1 };
}

const junk = fc.oneof(
  fc.constantFrom(null, undefined, '', ' ', true, {}, [], NaN, -1, 1.5, 1e21, 'soon', new Date(NaN)),
  fc.string({ maxLength: 8 }),
  fc.integer(),
);
const time = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: NOW - 40 * DAY, max: NOW + DAY }) },
  { weight: 2, arbitrary: fc.integer({ min: NOW - 3 * DAY, max: NOW }).map((ms) => new Date(ms).toISOString()) },
  { weight: 1, arbitrary: fc.integer({ min: NOW - 2 * DAY, max: NOW }).map((ms) => new Date(ms)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('2026-03-01 01:00:00', '2026-02-28 23:59:59', '2026-02-30 10:00:00', String(NOW - DAY)),
  },
  { weight: 1, arbitrary: junk },
);
const payload = fc.record(
  {
    deviceSerial: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('C00000001', 'c00000006', ' C00000002 ', 'C00000014', 'C0000000B') },
      { weight: 1, arbitrary: junk },
    ),
    channelNo: fc.oneof(fc.constantFrom(undefined, 1, '1', 2), junk),
    source: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(undefined, 'auto', 'cloud', 'sd-card', 'Cloud', 0, 1, '2') },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom('live', 3, 'tape'), junk) },
    ),
    start: fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: time }),
    end: fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: time }),
  },
  { requiredKeys: [] },
);

describe('reliability: fuzzed inputs and replies of ezviz-recordings', function () {
  this.timeout(600000);
  let sim: Simulator;
  simulatorPerSuite(
    (s) => {
      sim = s;
    },
    () => ({ clock: new FakeClock(NOW) }),
  );
  beforeEach(async () => {
    hooks.now = () => NOW;
    hooks.sleep = () => Promise.resolve();
    await loadOp('recordings', sim.url);
  });
  afterEach(async () => {
    await unload();
    resetHooks();
    sim.clearFaults();
  });

  /** One message: its outcome checked against the oracle and the calls it made. */
  async function check(p: Record<string, unknown>, fault?: Kind, count = 0): Promise<void> {
    const faulted = fault !== undefined;
    sim.clearLog();
    const expect = oracle(p);
    const { port, msg } = await run({ payload: p }, 'op', 20000);
    const calls = sim.requestLog({ path: LIST });
    const what = JSON.stringify(p);
    if (!expect.valid) {
      assert.strictEqual(port, 'err', what);
      assert.deepStrictEqual([msg.error.code, msg.error.source], ['10001', 'validation'], what);
      assert.strictEqual(calls.length, 0, `nothing sent: ${what}`);
      return;
    }
    // Each list call at most 1 + maxRetries (3) times: never more requests than that.
    assert.ok(
      calls.length <= expect.sources * pieces(expect.start, expect.end) * 4,
      `${calls.length} requests: ${what}`,
    );
    if (port === 'err') {
      assert.notStrictEqual(msg.error.source, 'validation', `${what}: ${msg.error.message}`);
      assert.ok(calls.length >= 1, what);
      // (every attempt of the first call faulted: the error is the fault's; fewer: the camera's own answer may follow)
      if (fault && count >= 4)
        assert.ok(FITS[fault](msg.error), `${fault} reported as ${msg.error.source} ${msg.error.code}: ${what}`);
      return;
    }
    const sent = calls.filter((c) => c.httpStatus === 200);
    for (const c of calls) {
      const a = Number(c.fields.startTime);
      const b = Number(c.fields.endTime);
      assert.ok(a >= expect.start && b <= expect.end && b > a && b - a <= DAY + 3600000, `${what}: ${a}..${b}`);
      assert.ok(['1', '2'].includes(String(c.fields.recType)), what);
    }
    if (!faulted && !msg.ezviz.skipped)
      assert.strictEqual(sent.length, expect.sources * pieces(expect.start, expect.end), what);
    const items = msg.payload as { start: string; end: string; source: string }[];
    assert.ok(Array.isArray(items), what);
    const keys = items.map((i) => `${i.source} ${i.start} ${i.end}`);
    assert.strictEqual(new Set(keys).size, keys.length, `each once: ${what}`);
    items.forEach((it, k) => {
      assert.strictEqual(new Date(it.start).toISOString(), it.start);
      if (k) assert.ok(it.start >= items[k - 1].start, `sorted: ${what}`);
    });
    assert.deepStrictEqual(msg.ezviz.window, {
      start: new Date(expect.start).toISOString(),
      end: new Date(expect.end).toISOString(),
    });
  }

  const inputs = (numRuns: number, seed = SEED) =>
    fc.assert(
      fc.asyncProperty(payload, async (p) => check(p as Record<string, unknown>)),
      { numRuns, seed, endOnFailure: true },
    );

  it(`inputs: ${size(2000, 200)} generated payloads, one outcome each, as the oracle says`, async () => {
    await inputs(size(2000, 200));
  });

  it('self-check: a planted fault makes the input fuzzer fail (lists twice; refuses a valid start)', async () => {
    const twice = await mustFail('lists twice', plantTwice(recordingsService, 'listRecordings'), () =>
      inputs(100, SEED + 7),
    );
    const refuses = await mustFail(
      'refuses a valid start',
      plantAround(recordingsService, 'listRecordings', (run, [service, t, req, owner]) =>
        req.start === undefined
          ? run(service, t, req, owner)
          : run(service, t, { ...req, start: 'not a time' } as never, owner),
      ),
      () => inputs(100, SEED + 8),
    );
    section(
      'recordings self-check',
      Date.now(),
      `planted faults caught: lists twice (${twice.slice(0, 80)}); ` +
        `refuses a valid start (${refuses.slice(0, 80)})`,
    );
  });

  const replies = (numRuns: number, seed = SEED + 1) =>
    fc.assert(
      fc.asyncProperty(payload, fc.constantFrom(...KINDS), fc.integer({ min: 1, max: 6 }), async (p, kind, count) => {
        sim.clearFaults();
        sim.injectFault({ kind, count, path: LIST });
        await check(p as Record<string, unknown>, kind, count);
      }),
      { numRuns, seed, endOnFailure: true },
    );

  it(`replies: ${size(600, 60)} messages with faults on the list call (20008, 49999, HTTP 500, not JSON, dropped)`, async () => {
    await replies(size(600, 60));
  });

  it('self-check: a planted fault makes the reply fuzzer fail (a failed list reported as a refused input)', async () => {
    const caught = await mustFail(
      'failure as validation',
      plantAfter(recordingsService, 'listRecordings', (r) =>
        r.kind !== 'error' || r.error.source === 'validation'
          ? r
          : { ...r, error: new EzvizError({ ...r.error.toJSON(), code: '10001', source: 'validation' }) },
      ),
      () => replies(100, SEED + 9),
    );
    section('recordings reply self-check', Date.now(), `planted fault caught: ${caught.slice(0, 80)}`);
  });
});
