// The pure parts of "what it costs and whether it is alive" (docs/behaviour.md section 23): the
// call counters (minute buckets, the last hour, today since local midnight, 25 hours kept, limit
// errors, what a context store hands back checked), the book of alarm sources (stale after three
// failures in a row, once; recovered; a webhook never stale) and the health wrapper's outcomes.

import assert from 'assert';
import {
  CallCounters,
  MAX_CODES,
  MAX_LIMIT_ERRORS,
  OTHER_CODE,
  startOfDay,
} from '../../../../client/requests/counters';
import { SourceBook, STALE_AFTER } from '../../../../client/service/source-book';
import { watchSource, type HealthOutcome } from '../../../../features/alarms/source-health';
import { EzvizError } from '../../../../client/errors/errors';
import { defaultHooks, hooks } from '../../../../client/clock/clock';

const MIN = 60000;
const NOON = new Date(2026, 10, 26, 12, 0, 0).getTime();

describe('usage: call counters', () => {
  it('sums the last hour and today by path and outcome', () => {
    const c = new CallCounters();
    c.record('/a', '200', NOON - 3 * 60 * MIN); // today, not the last hour
    c.record('/a', '200', NOON - 30 * MIN);
    c.record('/a', '10029', NOON - 1000);
    c.record('/b', 'ECONNRESET', NOON);
    const s = c.snapshot(NOON);
    assert.deepStrictEqual(s.lastHour, { '/a': { 200: 1, 10029: 1 }, '/b': { ECONNRESET: 1 } });
    assert.deepStrictEqual(s.today, { '/a': { 200: 2, 10029: 1 }, '/b': { ECONNRESET: 1 } });
    assert.deepStrictEqual(s.totals, { lastHour: 3, today: 4 });
    assert.deepStrictEqual(s.limits, [{ code: '10029', path: '/a', at: NOON - 1000 }]);
  });

  it('the work of a call stays constant: no entry per call, minutes bounded to 25 hours, codes per path and minute bounded', () => {
    const c = new CallCounters();
    const inside = c as unknown as { minutes: Map<number, Map<string, Map<string, number>>> };
    const entries = () => {
      let n = 0;
      for (const b of inside.minutes.values()) for (const codes of b.values()) n += codes.size;
      return n;
    };
    // 100,000 calls of one path and code in one minute: one minute, one path, one code.
    for (let i = 0; i < 100000; i++) c.record('/api/lapp/cloud/storage/device/info', '200', NOON + (i % 50000));
    assert.deepStrictEqual([inside.minutes.size, entries()], [1, 1]);
    assert.strictEqual(c.snapshot(NOON + MIN).totals.lastHour, 100000);
    // A call a minute for 30 hours: at most 25 hours of minutes are held, one entry each.
    for (let m = 0; m < 30 * 60; m++) c.record('/p', '200', NOON + m * MIN);
    assert.ok(inside.minutes.size <= 25 * 60 + 1, String(inside.minutes.size));
    assert.ok(entries() <= 25 * 60 + 2, String(entries()));
    // A server answering a new code every time fills a path of the minute with MAX_CODES codes, then OTHER.
    const late = NOON + 31 * 60 * MIN;
    for (let i = 0; i < 5000; i++) c.record('/q', `X${i}`, late);
    const q = c.snapshot(late).lastHour['/q'];
    assert.strictEqual(Object.keys(q).length, MAX_CODES + 1);
    assert.strictEqual(q[OTHER_CODE], 5000 - MAX_CODES);
    // What a redeploy carries comes back the same.
    const again = new CallCounters();
    again.adopt(JSON.parse(JSON.stringify(c.carry())), late);
    assert.deepStrictEqual(again.snapshot(late), c.snapshot(late));
  });

  it("today starts at local midnight; yesterday's calls are in the last hour only when within it", () => {
    const midnight = startOfDay(NOON);
    assert.strictEqual(new Date(midnight).getHours(), 0);
    const c = new CallCounters();
    c.record('/a', '200', midnight - 10 * MIN);
    const s = c.snapshot(midnight + 10 * MIN);
    assert.deepStrictEqual(s.today, {});
    assert.deepStrictEqual(s.lastHour, { '/a': { 200: 1 } });
  });

  it('forgets what is older than 25 hours; keeps the newest limit errors only', () => {
    const c = new CallCounters();
    c.record('/old', '200', NOON - 26 * 60 * MIN);
    for (let i = 0; i < MAX_LIMIT_ERRORS + 5; i++) c.record('/a', '10007', NOON + i);
    const carried = c.carry();
    assert.ok(!carried.minutes.some(([m]) => m === Math.floor((NOON - 26 * 60 * MIN) / MIN)), 'the old minute is gone');
    const s = c.snapshot(NOON + 100);
    assert.strictEqual(s.limits.length, MAX_LIMIT_ERRORS);
    assert.strictEqual(s.limits[0].at, NOON + MAX_LIMIT_ERRORS + 4, 'newest first');
  });

  it("takes over a predecessor's counts; ignores anything malformed from a context store", () => {
    const a = new CallCounters();
    a.record('/a', '200', NOON - MIN);
    a.record('/a', '10028', NOON - MIN);
    const b = new CallCounters();
    b.record('/a', '200', NOON);
    b.adopt(a.carry(), NOON);
    for (const junk of [
      null,
      7,
      'x',
      { minutes: 'x' },
      {
        minutes: [
          [1.5, []],
          ['m', []],
          [
            Math.floor(NOON / MIN),
            [
              ['/a', -3],
              ['/b', 'x'],
              [5, 1],
            ],
          ],
        ],
      },
      { limits: [{ code: 1 }, null, { code: '10029', path: '/c', at: 'now' }] },
    ]) {
      b.adopt(junk, NOON);
    }
    const s = b.snapshot(NOON);
    assert.deepStrictEqual(s.today, { '/a': { 200: 2, 10028: 1 } });
    assert.deepStrictEqual(
      s.limits.map((l) => l.code),
      ['10028'],
    );
    b.record('/a', '200', NOON + 1);
    assert.deepStrictEqual(b.snapshot(NOON + 1).today['/a'], { 200: 3, 10028: 1 }, 'counts on after adopting');
  });

  it('counts a request that went on the wire, not a refused connection', () => {
    const c = new CallCounters();
    hooks.now = () => NOON;
    try {
      c.count('http://127.0.0.1:1/api/lapp/token/get', {
        ok: false,
        source: 'network',
        code: 'ECONNREFUSED',
        sent: false,
      });
      c.count('/api/x', { ok: false, source: 'network', code: 'ETIMEDOUT', sent: true });
      c.count('/api/x', { ok: false, source: 'http', code: 'HTTP_502', status: 502, nonJson: true });
      c.count('http://127.0.0.1:1/api/lapp/token/get', { ok: true, reply: { code: '200', msg: 'ok' }, status: 200 });
      c.count('not a url', { ok: true, reply: { code: '200', msg: 'ok' }, status: 200 });
    } finally {
      hooks.now = defaultHooks.now;
    }
    assert.deepStrictEqual(c.snapshot(NOON).today, {
      '/api/x': { ETIMEDOUT: 1, HTTP_502: 1 },
      '/api/lapp/token/get': { 200: 1 },
      '?': { 200: 1 },
    });
  });
});

describe('usage: the book of alarm sources', () => {
  const err = (code: string) => ({ code, message: `failed ${code}` });

  it(`a poll source is stale after ${STALE_AFTER} failures in a row, once, since the first; a success recovers it`, () => {
    const b = new SourceBook();
    b.open('n1', 'front door', 'poll', 60000);
    assert.strictEqual(b.failed('n1', 1000, err('49999')), undefined);
    assert.strictEqual(b.ok('n1', 2000, 1), undefined, 'one failure and back: no recovery to speak of');
    assert.strictEqual(b.failed('n1', 3000, err('49999')), undefined);
    assert.strictEqual(b.failed('n1', 4000, err('HTTP_500')), undefined);
    assert.strictEqual(b.failed('n1', 5000, err('ETIMEDOUT')), 'stale');
    assert.strictEqual(b.failed('n1', 6000, err('ETIMEDOUT')), undefined, 'said once');
    const e = b.list()[0];
    assert.deepStrictEqual(
      { ...e },
      {
        id: 'n1',
        name: 'front door',
        kind: 'poll',
        intervalMs: 60000,
        lastOkAt: 2000,
        lastCount: 1,
        lastFailAt: 6000,
        lastError: err('ETIMEDOUT'),
        failuresInRow: 4,
        staleSince: 3000,
        refused: 0,
      },
    );
    assert.strictEqual(b.ok('n1', 7000, 0), 'recovered');
    assert.strictEqual(b.get('n1')?.staleSince, undefined);
  });

  it('a webhook is never stale; refusals are counted; a closed source leaves; unknown ids are ignored', () => {
    const b = new SourceBook();
    b.open('w', 'hook', 'webhook', 5000);
    for (let i = 0; i < 5; i++) assert.strictEqual(b.failed('w', i, err('x')), undefined);
    b.refused('w');
    assert.strictEqual(b.get('w')?.refused, 1);
    assert.strictEqual(b.get('w')?.intervalMs, undefined);
    assert.strictEqual(b.failed('nope', 1, err('x')), undefined);
    assert.strictEqual(b.ok('nope', 1, 1), undefined);
    b.close('w');
    assert.deepStrictEqual(b.list(), []);
  });

  it('the health wrapper passes outcomes on and adds stale (with a STALE error) and recovered', () => {
    const b = new SourceBook();
    const seen: Array<{ kind: string; stale?: boolean } | HealthOutcome> = [];
    const t = (key: string, args?: Record<string, unknown>) => `${key} ${JSON.stringify(args)}`;
    const w = watchSource(b, { id: 'n', name: 'n' }, 'consumer', 5000, t as never, (o) => seen.push(o as never));
    const e = new EzvizError({ code: '49999', message: 'm', operation: 'alarm-list', source: 'api', retriable: true });
    for (let i = 0; i < 4; i++) w.report({ kind: 'error', error: e, request: {} });
    w.report({ kind: 'ok', time: 9, count: 2 });
    w.report({ kind: 'closed' });
    assert.deepStrictEqual(
      seen.map((o) => o.kind + ('stale' in o && (o as { stale?: boolean }).stale === true ? '(stale)' : '')),
      ['error', 'error', 'error', 'stale', 'error(stale)', 'recovered', 'closed'],
    );
    const stale = seen[3] as Extract<HealthOutcome, { kind: 'stale' }>;
    assert.strictEqual(stale.error.code, 'STALE');
    assert.strictEqual(stale.error.toJSON().since, new Date(stale.since).toISOString());
    w.close();
    assert.deepStrictEqual(b.list(), []);
  });
});
