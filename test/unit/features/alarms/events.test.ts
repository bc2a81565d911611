// Pictures and events (docs/behaviour.md section 11), the pure parts: capture spacing, the picture URL
// check, alarm settings, the query window, paging, the alarm mapping, de-duplication, and the
// poller driven by a fake clock and a scripted alarm list (no network).

import assert from 'assert';
import {
  ALARM_WINDOW_MS,
  alarmSettings,
  DEFAULT_INTERVAL_S,
  MAX_PAGES,
  morePages,
  OVERLAP_MS,
  PAGE_SIZE,
  pageFields,
  queryWindow,
  readPage,
  WINDOW_MARGIN_MS,
} from '../../../../features/alarms/alarms';
import { mapAlarm, newAlarms, SeenAlarms, SEEN_MAX } from '../../../../features/alarms/alarm-items';
import { AlarmPoller, forgetSeenCopies, PollOutcome, SEEN_KEY } from '../../../../features/alarms/alarm-poller';
import { EzvizError } from '../../../../client/errors/errors';
import { hooks, resetHooks } from '../../../../client/clock/clock';
import { OPERATIONS } from '../../../../client/operations/operations';
import { isPictureUrl } from '../../../../client/wire/picture';
import type { ContextLike } from '../../../../client/camera/presets';
import { capturePicUrl } from '../../../../client/replies/replies';
import type { CallResult, Fields, Owner } from '../../../../client/requests/call-types';
import { CallSpacing } from '../../../../client/requests/spacing';

const T0 = Date.parse('2026-03-01T00:00:00Z');

describe('capture: the table row and the picture URL', () => {
  it('is an idempotent camera-queue operation with a 4 s spacing and a download option', () => {
    const c = OPERATIONS.capture;
    assert.strictEqual(c.path, '/api/lapp/device/capture');
    assert.strictEqual(c.type, 'ezviz-capture');
    assert.deepStrictEqual(
      c.params.map((p) => [p.name, p.required]),
      [
        ['deviceSerial', true],
        ['channelNo', true],
        ['verificationCode', false],
      ],
    );
    // The code opens a downloaded picture: a secret (its own credential), never sent to the API.
    const code = c.params.find((p) => p.name === 'verificationCode')!;
    assert.deepStrictEqual([code.secret, code.sent], [true, false]);
    assert.strictEqual(c.idempotent, true);
    assert.strictEqual(c.cameraQueue, true);
    assert.strictEqual(c.spacingMs, 4000);
    assert.deepStrictEqual(c.options, [{ name: 'download', kind: 'boolean', default: false }]);
  });

  it('data.picUrl must be an absolute http(s) URL string', () => {
    const reply = (data: unknown) => ({ code: '200', msg: '', data });
    assert.strictEqual(capturePicUrl(reply({ picUrl: 'https://x.ys7.com/a.jpg?t=1' })), 'https://x.ys7.com/a.jpg?t=1');
    assert.strictEqual(
      capturePicUrl(reply({ picUrl: 'http://127.0.0.1:8089/sim-pictures/1.jpg' })),
      'http://127.0.0.1:8089/sim-pictures/1.jpg',
    );
    for (const bad of [
      undefined,
      null,
      'x',
      [],
      { picUrl: 7 },
      { picUrl: '' },
      { picUrl: 'ftp://h/a.jpg' },
      { picUrl: 'javascript:alert(1)' },
      { picUrl: '/relative.jpg' },
      { picUrl: ' https://h/a.jpg' },
      { picUrl: 'https://' },
      { picUrl: { href: 'https://h' } },
      { picUrl: 'https://h/' + 'a'.repeat(5000) },
      [{ picUrl: 'https://h/a' }],
    ]) {
      assert.strictEqual(capturePicUrl(reply(bad)), undefined, JSON.stringify(bad));
    }
    assert.strictEqual(isPictureUrl('HTTPS://H.example/p.jpg'), true);
  });
});

describe('capture: spacing per camera', () => {
  it('holds a second call to the same camera until the gap has passed; other cameras at once', () => {
    const s = new CallSpacing();
    assert.strictEqual(s.wait('A/1', 4000, T0), 0);
    s.mark('A/1', T0);
    assert.strictEqual(s.wait('A/1', 4000, T0 + 1000), 3000);
    assert.strictEqual(s.wait('A/2', 4000, T0 + 1000), 0);
    assert.strictEqual(s.wait('B/1', 4000, T0 + 1000), 0);
    assert.strictEqual(s.wait('A/1', 4000, T0 + 3999), 1);
    assert.strictEqual(s.wait('A/1', 4000, T0 + 4000), 0);
    assert.strictEqual(s.size, 0, 'an old entry is forgotten');
  });

  it('a clock that went back holds a camera no longer than one gap', () => {
    const s = new CallSpacing();
    s.mark('A/1', T0);
    assert.strictEqual(s.wait('A/1', 4000, T0 - 60000), 4000);
  });
});

describe('alarm: settings', () => {
  it('interval default 60, at least 10 (raised, flagged), numbers as text; filters optional', () => {
    assert.deepStrictEqual(alarmSettings({}), { ok: true, settings: { interval: DEFAULT_INTERVAL_S }, clamped: false });
    assert.deepStrictEqual(alarmSettings({ interval: '30' }), { ok: true, settings: { interval: 30 }, clamped: false });
    assert.deepStrictEqual(alarmSettings({ interval: 5 }), { ok: true, settings: { interval: 10 }, clamped: true });
    assert.deepStrictEqual(alarmSettings({ interval: 10, deviceSerial: ' c00000001 ', alarmType: '10002' }), {
      ok: true,
      settings: { interval: 10, deviceSerial: 'C00000001', alarmType: 10002 },
      clamped: false,
    });
    assert.deepStrictEqual(alarmSettings({ alarmType: '-1' }), {
      ok: true,
      settings: { interval: 60 },
      clamped: false,
    });
    for (const [k, v] of [
      ['interval', 'x'],
      ['interval', -5],
      ['interval', 1e9],
      ['interval', {}],
      ['deviceSerial', 'C 1'],
      ['deviceSerial', 7],
      ['alarmType', 'motion'],
      ['alarmType', 1.5],
      ['alarmType', -2],
    ] as Array<[string, unknown]>) {
      const r = alarmSettings({ [k]: v });
      assert.strictEqual(r.ok, false, `${k}=${JSON.stringify(v)}`);
      assert.strictEqual(!r.ok && r.param, k);
    }
  });
});

describe('alarm: window and paging', () => {
  it('the first poll starts at the deploy; later ones overlap the last; never past 7 days', () => {
    const deploy = T0;
    assert.deepStrictEqual(queryWindow(deploy + 1000, deploy), { startTime: deploy, endTime: deploy + 1000 });
    const last = deploy + 3600000;
    assert.deepStrictEqual(queryWindow(last + 60000, deploy, last), {
      startTime: last - OVERLAP_MS,
      endTime: last + 60000,
    });
    // deployed 8 days ago: the window's edge (with its margin) wins
    const now = deploy + 8 * 24 * 3600000;
    const w = queryWindow(now, deploy);
    assert.strictEqual(w.startTime, now - ALARM_WINDOW_MS + WINDOW_MARGIN_MS);
    assert.ok(now - w.startTime < ALARM_WINDOW_MS);
  });

  it('page fields: status 2, pageSize 50, alarmType only when filtered; no serial sent', () => {
    const w = { startTime: 1, endTime: 2 };
    assert.deepStrictEqual(pageFields(w, 0, { interval: 60 }), {
      startTime: 1,
      endTime: 2,
      status: 2,
      pageStart: 0,
      pageSize: 50,
    });
    assert.deepStrictEqual(pageFields(w, 3, { interval: 60, alarmType: 10002, deviceSerial: 'C1' }), {
      startTime: 1,
      endTime: 2,
      status: 2,
      pageStart: 3,
      pageSize: 50,
      alarmType: 10002,
    });
  });

  it('reads pages; pages on while full, within total, newer than the floor, up to MAX_PAGES', () => {
    assert.strictEqual(readPage({}, undefined), undefined);
    assert.strictEqual(readPage(null, undefined), undefined);
    assert.deepStrictEqual(readPage([], { total: '3' }), { items: [], total: 3 });
    assert.deepStrictEqual(readPage([1], { total: -1 }), { items: [1] });
    const full = { items: new Array(PAGE_SIZE).fill({}) };
    assert.strictEqual(morePages(0, full, T0, T0 - 1), true);
    assert.strictEqual(morePages(0, { items: [{}] }, T0, 0), false);
    assert.strictEqual(morePages(0, { ...full, total: PAGE_SIZE }, T0, 0), false);
    assert.strictEqual(morePages(1, { ...full, total: 3 * PAGE_SIZE }, T0, 0), true);
    assert.strictEqual(morePages(0, full, T0 - 2, T0 - 1), false, 'the page reached back before the floor');
    assert.strictEqual(morePages(MAX_PAGES - 1, full, T0, 0), false);
  });
});

/** An item of the alarm list: a motion alarm of C00000001/1 with a picture, not checked; `extra` over it. */
const item = (id: string, time: number, extra: Record<string, unknown> = {}) => ({
  alarmId: id,
  alarmName: 'Motion',
  alarmType: 10002,
  alarmTime: time,
  channelNo: 1,
  isEncrypt: 0,
  isChecked: 0,
  deviceSerial: 'C00000001',
  alarmPicUrl: 'https://p.example/a.jpg',
  ...extra,
});

describe('alarm: mapping and de-duplication', () => {
  it('maps the documented fields, type-checked, with an ISO alarmDate; drops unknown fields', () => {
    const a = mapAlarm({ ...item('a1', T0), extra: 'x', __proto__: { polluted: 1 } });
    assert.deepStrictEqual(a, {
      alarmId: 'a1',
      alarmName: 'Motion',
      alarmType: 10002,
      alarmTime: T0,
      alarmDate: '2026-03-01T00:00:00.000Z',
      deviceSerial: 'C00000001',
      channelNo: 1,
      alarmPicUrl: 'https://p.example/a.jpg',
      isEncrypt: 0,
      isChecked: 0,
      kind: 'motion',
      type: 'motiondetect',
      code: 10002,
      name: 'Motion detection alarm',
      state: null,
    });
    const odd = mapAlarm(
      item('a2', T0, {
        alarmName: 7,
        alarmType: '10016',
        channelNo: 'x',
        alarmPicUrl: 'javascript:x',
        isEncrypt: true,
        isChecked: {},
        deviceSerial: 'c00000001',
        alarmTime: String(T0),
      }),
    );
    assert.deepStrictEqual(odd, {
      alarmId: 'a2',
      alarmName: '',
      alarmType: 10016,
      alarmTime: T0,
      alarmDate: '2026-03-01T00:00:00.000Z',
      deviceSerial: 'C00000001',
      channelNo: null,
      alarmPicUrl: '',
      isEncrypt: true,
      isChecked: null,
      kind: 'doorbell',
      type: 'doorbell',
      code: 10016,
      name: 'Doorbell ring alarm',
      state: null,
    });
    for (const bad of [
      null,
      'x',
      [],
      item('', T0),
      item('a', NaN),
      item('a', -1),
      item('a', T0, { deviceSerial: '' }),
      item('a', T0, { deviceSerial: 'C 1' }),
      item('a', T0, { alarmTime: '2026-03-01 00:00:00' }),
      { alarmId: {} },
    ]) {
      assert.strictEqual(mapAlarm(bad), undefined, JSON.stringify(bad));
    }
  });

  it('new alarms: oldest first, each once, not before the floor, filtered, invalid ones counted', () => {
    const seen = new SeenAlarms();
    seen.add('old-seen', T0 + 5);
    const items = [
      item('c', T0 + 30),
      item('b', T0 + 20),
      item('b', T0 + 20),
      item('old-seen', T0 + 5),
      item('pre', T0 - 1),
      item('other', T0 + 25, { deviceSerial: 'C00000002' }),
      item('pir', T0 + 26, { alarmType: 10000 }),
      { junk: 1 },
      item('a', T0 + 10),
    ];
    const all = newAlarms(items, seen, T0, { interval: 60 });
    assert.deepStrictEqual(
      all.alarms.map((a) => a.alarmId),
      ['a', 'b', 'other', 'pir', 'c'],
    );
    assert.strictEqual(all.invalid, 1);
    const one = newAlarms(items, seen, T0, { interval: 60, deviceSerial: 'C00000001', alarmType: 10002 });
    assert.deepStrictEqual(
      one.alarms.map((a) => a.alarmId),
      ['a', 'b', 'c'],
    );
  });

  it('same time: listed order reversed (the API lists newest first)', () => {
    const r = newAlarms([item('second', T0), item('first', T0)], new SeenAlarms(), 0, { interval: 60 });
    assert.deepStrictEqual(
      r.alarms.map((a) => a.alarmId),
      ['first', 'second'],
    );
  });

  it('the seen set is bounded, survives JSON, ignores junk, prunes by age', () => {
    const s = new SeenAlarms();
    for (let i = 0; i < SEEN_MAX + 10; i++) s.add(`id${i}`, T0 + i);
    assert.strictEqual(s.size, SEEN_MAX);
    assert.strictEqual(s.has('id0'), false);
    assert.strictEqual(s.has(`id${SEEN_MAX + 9}`), true);
    const back = new SeenAlarms(JSON.parse(JSON.stringify(s)));
    assert.strictEqual(back.size, SEEN_MAX);
    assert.strictEqual(back.has('id10'), true);
    back.prune(T0 + 100);
    assert.strictEqual(back.has('id99'), false);
    assert.strictEqual(back.has('id100'), true);
    for (const junk of [null, 7, 'x', { ids: 'x' }, { ids: [[1, 2], ['a'], ['b', 'x'], null] }]) {
      assert.strictEqual(new SeenAlarms(junk).size, 0);
    }
  });
});

// ---- the poller, with a scripted alarm list and a fake clock -------------------------------------

interface Fake {
  now: number;
  timers: Array<{ at: number; fn: () => void; cancelled: boolean }>;
}

function fakeTime(start: number): Fake {
  const f: Fake = { now: start, timers: [] };
  hooks.now = () => f.now;
  hooks.timer = (fn, ms) => {
    const t = { at: f.now + ms, fn, cancelled: false };
    f.timers.push(t);
    return () => {
      t.cancelled = true;
    };
  };
  return f;
}

/** Moves the fake clock to the next pending timer and fires it. */
function fireNext(f: Fake): number {
  const live = f.timers.filter((t) => !t.cancelled).sort((a, b) => a.at - b.at);
  assert.ok(live.length, 'a timer is pending');
  const t = live[0];
  f.timers.splice(f.timers.indexOf(t), 1);
  const waited = t.at - f.now;
  f.now = t.at;
  t.fn();
  return waited;
}

class MemoryContext implements ContextLike {
  data = new Map<string, unknown>();
  get(key: string, _s: string | undefined, cb: (err: Error | null | undefined, value?: unknown) => void): void {
    cb(null, this.data.get(key) === undefined ? undefined : JSON.parse(JSON.stringify(this.data.get(key))));
  }
  set(key: string, value: unknown, _s: string | undefined, cb: (err?: Error | null) => void): void {
    this.data.set(key, JSON.parse(JSON.stringify(value)));
    cb(null);
  }
}

const flush = () => new Promise((r) => setImmediate(r));

describe('alarm: the poller (fake clock, scripted list)', () => {
  let list: Array<Record<string, unknown>>;
  let requests: Fields[];
  let answer: (fields: Fields) => CallResult;
  afterEach(() => {
    resetHooks();
    forgetSeenCopies();
  });

  function listAnswer(fields: Fields): CallResult {
    const start = Number(fields.pageStart);
    const size = Number(fields.pageSize);
    const items = list
      .filter((a) => Number(a.alarmTime) >= Number(fields.startTime) && Number(a.alarmTime) <= Number(fields.endTime))
      .sort((a, b) => Number(b.alarmTime) - Number(a.alarmTime));
    return {
      kind: 'ok',
      fields,
      durationMs: 1,
      reply: {
        code: '200',
        msg: 'ok',
        data: items.slice(start * size, (start + 1) * size),
        page: { total: items.length, page: start, size },
      },
    };
  }

  function poller(ctx: ContextLike, deployedAt: number, sent: string[], id = 'n1', settings = { interval: 60 }) {
    const owner: Owner & { closed: boolean } = { id, closed: false, timedStopDone: () => undefined };
    const p = new AlarmPoller({
      id,
      settings,
      deployedAt,
      context: ctx,
      t: (k) => k,
      owner,
      call: async (fields) => {
        requests.push(fields);
        return answer(fields);
      },
      onAlarm: (a) => sent.push(a.alarmId),
      warn: () => undefined,
    });
    return { p, owner };
  }

  beforeEach(() => {
    list = [];
    requests = [];
    answer = listAnswer;
  });

  const alarm = (id: string, time: number) => item(id, time, { isChecked: 1, alarmPicUrl: '' });

  it('polls at start and every interval; each alarm once, oldest first; nothing older than the deploy', async () => {
    const f = fakeTime(T0);
    list.push(alarm('before', T0 - 1000));
    const sent: string[] = [];
    const outcomes: PollOutcome[] = [];
    const { p } = poller(new MemoryContext(), T0, sent);
    p.start((o) => outcomes.push(o));
    assert.strictEqual(fireNext(f), 0, 'the first poll at once');
    await flush();
    assert.deepStrictEqual(sent, []);
    assert.strictEqual(requests[0].startTime, T0);
    assert.strictEqual(requests[0].status, 2);
    list.push(alarm('x2', T0 + 20000), alarm('x1', T0 + 10000));
    assert.strictEqual(fireNext(f), 60000);
    await flush();
    assert.deepStrictEqual(sent, ['x1', 'x2']);
    list.push(alarm('x3', T0 + 70000));
    fireNext(f);
    await flush();
    assert.deepStrictEqual(sent, ['x1', 'x2', 'x3'], 'the overlap lists x1, x2 again: not sent twice');
    assert.ok(Number(requests[2].startTime) < T0 + 20000, 'the later poll overlaps the last one');
    assert.deepStrictEqual(
      outcomes.map((o) => o.kind === 'ok' && o.count),
      [0, 2, 1],
    );
    p.close();
    assert.strictEqual(f.timers.filter((t) => !t.cancelled).length, 0, 'no timer left');
  });

  it('pages through 120 new alarms (3 pages of 50) and sends them oldest first', async () => {
    const f = fakeTime(T0);
    const sent: string[] = [];
    const { p } = poller(new MemoryContext(), T0, sent);
    for (let i = 0; i < 120; i++) list.push(alarm(`a${String(i).padStart(3, '0')}`, T0 + 1000 + i));
    f.now = T0 + 5000;
    const o = await p.poll();
    assert.deepStrictEqual(o.kind === 'ok' && o.count, 120);
    assert.deepStrictEqual(
      requests.map((r) => r.pageStart),
      [0, 1, 2],
    );
    assert.ok(requests.every((r) => r.pageSize === 50));
    assert.deepStrictEqual(sent, [...sent].sort());
    assert.strictEqual(new Set(sent).size, 120);
    p.close();
  });

  it('a failed page fails the poll and sends nothing; the next poll sends them', async () => {
    const f = fakeTime(T0);
    const sent: string[] = [];
    const { p } = poller(new MemoryContext(), T0, sent);
    for (let i = 0; i < 60; i++) list.push(alarm(`a${i}`, T0 + 1000 + i));
    f.now = T0 + 5000;
    answer = (fields) =>
      fields.pageStart === 1
        ? {
            kind: 'error',
            fields,
            durationMs: 1,
            error: new EzvizError({
              code: '49999',
              message: 'x',
              operation: 'alarm-list',
              source: 'api',
              retriable: true,
            }),
          }
        : listAnswer(fields);
    const o = await p.poll();
    assert.strictEqual(o.kind, 'error');
    assert.strictEqual(o.kind === 'error' && o.request.pageStart, 1);
    assert.deepStrictEqual(sent, []);
    answer = listAnswer;
    await p.poll();
    assert.strictEqual(sent.length, 60);
    p.close();
  });

  it('BAD_REPLY when data is not a list', async () => {
    fakeTime(T0);
    const { p } = poller(new MemoryContext(), T0, []);
    answer = (fields) => ({ kind: 'ok', fields, durationMs: 1, reply: { code: '200', msg: '', data: { alarms: [] } } });
    const o = await p.poll();
    assert.ok(o.kind === 'error' && o.error.code === 'BAD_REPLY' && o.error.source === 'http');
    p.close();
  });

  it('after 10029 the next polls back off (2x, 4x..., at most 5 minutes) until a good one; after 10007 an hour', async () => {
    const f = fakeTime(T0);
    const { p } = poller(new MemoryContext(), T0, []);
    const err =
      (code: string) =>
      (fields: Fields): CallResult => ({
        kind: 'error',
        fields,
        durationMs: 1,
        error: new EzvizError({
          code,
          message: code,
          operation: 'alarm-list',
          source: 'api',
          retriable: code === '10029',
        }),
      });
    answer = err('10029');
    p.start(() => undefined);
    fireNext(f);
    await flush();
    // 10029 in a row: 2x, 4x the 60 s interval, then at most 5 minutes (it silenced alarms for 5 minutes at once)
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      waits.push(fireNext(f));
      await flush();
    }
    assert.deepStrictEqual(waits, [120000, 240000, 300000, 300000]);
    answer = listAnswer;
    assert.strictEqual(fireNext(f), 300000);
    await flush();
    assert.strictEqual(fireNext(f), 60000, 'a good poll: the interval again');
    answer = err('10029');
    await flush();
    assert.strictEqual(fireNext(f), 120000, 'the next 10029 starts again at 2x');
    answer = err('10007');
    await flush();
    assert.strictEqual(fireNext(f), 3600000);
    answer = listAnswer;
    await flush();
    assert.strictEqual(fireNext(f), 60000);
    p.close();
  });

  it('de-duplicates across a restart through the context store; an input poll during a poll waits for it', async () => {
    const f = fakeTime(T0);
    const ctx = new MemoryContext();
    const sent: string[] = [];
    const first = poller(ctx, T0, sent);
    list.push(alarm('a1', T0 + 10000));
    f.now = T0 + 20000;
    await first.p.poll();
    assert.deepStrictEqual(sent, ['a1']);
    assert.ok(ctx.data.get(SEEN_KEY), 'saved in the context');
    first.p.close();
    forgetSeenCopies(); // a restart: only the context store remembers

    // Redeployed 5 s after a1 in the server's time but the server's clock is ahead of ours:
    // a1 counts as newer than the deploy, still not sent twice.
    const sent2: string[] = [];
    const second = poller(ctx, T0 + 5000, sent2);
    list.push(alarm('a2', T0 + 21000));
    f.now = T0 + 30000;
    const [o1, o2] = await Promise.all([second.p.poll(), second.p.poll()]);
    assert.ok(o1.kind === 'ok' && o2.kind === 'ok');
    assert.deepStrictEqual(sent2, ['a2']);
    second.p.close();
  });

  it('no poll after close; a poll under way sends nothing once closed', async () => {
    const f = fakeTime(T0);
    const sent: string[] = [];
    const { p, owner } = poller(new MemoryContext(), T0, sent);
    list.push(alarm('a1', T0 + 1000));
    f.now = T0 + 2000;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    answer = listAnswer;
    const slow = async (fields: Fields) => {
      await gate;
      return listAnswer(fields);
    };
    (p as unknown as { o: { call: typeof slow } }).o.call = slow;
    const running = p.poll();
    p.close();
    owner.closed = true;
    release();
    assert.strictEqual((await running).kind, 'closed');
    assert.deepStrictEqual(sent, []);
    assert.strictEqual((await p.poll()).kind, 'closed');
    assert.strictEqual(f.timers.length, 0);
  });
});
