// The panel's timeline at run time without a browser (docs/behaviour.md section 21): a day's list and a
// playback address asked by a browser are checked (the camera the node's, times bounded, the
// part shown), limited (5 a second per browser and per camera), and a day's list is kept 30 s;
// a tap leaves on the output, the addresses a playing stream takes on its way do not. Driven by a
// fake clock against a recording stand-in of the main package's dashboard API (the real one
// runs in test/dashboard/timeline.ts).

import assert from 'assert';
import type { PanelApi, PanelOperation, PanelValues } from '../../features/dashboard/dashboard-api';
import { TABLES } from '../../features/dashboard/dashboard-api';
import { nodeOnFakeClock, standInApi } from '../support/panel-runtime';
import { History } from '../../dashboard/nodes/panel/history';
import { CLIP_AWAIT_MS, CLIP_RELIST_MS } from '../../dashboard/nodes/panel/history-days';
import { checkHistory, isHistoryMessage, MAX_AGE_MS } from '../../dashboard/nodes/panel/history-checks';
import type { Conn } from '../../dashboard/nodes/panel/panel';
import { readSettings } from '../../dashboard/nodes/panel/settings';

const NOW = Date.parse('2026-11-26T10:00:00Z');
const DAY = Date.parse('2026-11-26T00:00:00Z');
const settings = (more: Record<string, unknown> = {}) =>
  readSettings({ deviceSerial: 'C00000006', ...more }, TABLES.TOGGLES);

type Listed = { start: string; end: string; seconds: number; source: string; downloadPath?: string };
const ONE_HOUR: Listed = {
  start: '2026-11-26T01:00:00.000Z',
  end: '2026-11-26T02:00:00.000Z',
  seconds: 3600,
  source: 'sd-card',
  downloadPath: '/secret/path',
};

/** The stand-in API; `listed`: the recordings it lists (a test may add to them). */
function recordingApi(listed: Listed[] = [ONE_HOUR]): {
  api: PanelApi;
  calls: Array<{ op: PanelOperation; values: PanelValues }>;
} {
  const calls: Array<{ op: PanelOperation; values: PanelValues }> = [];
  const api = standInApi({
    call: async (_cfg: unknown, op: PanelOperation, values: PanelValues) => {
      calls.push({ op, values });
      if (op === 'recordings') {
        return { kind: 'ok', payload: [...listed], ezviz: {} };
      }
      return {
        kind: 'ok',
        payload: { url: 'https://sim/x.flv', expires: '2026-11-26T11:00:00.000Z', id: 'a' },
        ezviz: { operation: 'live' },
      };
    },
    alarms: async (_cfg: unknown, camera: unknown, window: unknown) => {
      calls.push({
        op: 'alarms' as PanelOperation,
        values: { ...(camera as object), ...(window as object) } as PanelValues,
      });
      return {
        ok: true,
        alarms: [
          {
            alarmId: 'A1',
            alarmName: 'door',
            alarmType: 10000,
            kind: 'pir',
            alarmTime: NOW - 60000,
            deviceSerial: 'C00000006',
            channelNo: 1,
            alarmPicUrl: 'https://pictures/secret.jpg',
            isEncrypt: true,
          },
        ],
      };
    },
    alarmPicture: async (_cfg: unknown, alarm: { alarmPicUrl: string }) => {
      calls.push({ op: 'picture' as PanelOperation, values: { source: alarm.alarmPicUrl } });
      return { ok: true, data: Buffer.from([0xff, 0xd8, 0xff]), type: 'image/jpeg' };
    },
  });
  return { api, calls };
}

class FakeConn implements Conn {
  emitted: Array<Record<string, unknown>> = [];
  constructor(readonly id: string) {}
  once(): void {
    /* a browser that never leaves */
  }
  emit(_event: string, reply: unknown) {
    this.emitted.push(reply as Record<string, unknown>);
  }
}

describe("dashboard runtime: the timeline's messages are checked", () => {
  const s = settings();
  it("takes a day and a playback window of the panel's camera", () => {
    assert.ok(
      isHistoryMessage({ action: 'day' }) &&
        isHistoryMessage({ action: 'playback' }) &&
        !isHistoryMessage({ action: 'move' }),
    );
    assert.deepStrictEqual(checkHistory({ action: 'day', start: DAY }, s, NOW), { action: 'day', start: DAY });
    assert.deepStrictEqual(
      checkHistory({ action: 'playback', source: 'cloud', start: DAY, end: DAY + 60000, continued: true }, s, NOW),
      { action: 'playback', source: 'cloud', start: DAY, end: DAY + 60000, continued: true },
    );
  });
  it('a clip to save: the moment played, 5 s before it to 25 s after, whole seconds, not past now', () => {
    assert.ok(isHistoryMessage({ action: 'clip' }));
    assert.deepStrictEqual(checkHistory({ action: 'clip', source: 'sd-card', at: DAY + 3600500 }, s, NOW), {
      action: 'clip',
      source: 'sd-card',
      start: DAY + 3595000,
      end: DAY + 3626000,
    });
    assert.deepStrictEqual(checkHistory({ action: 'clip', source: 'cloud', at: NOW - 10000 }, s, NOW), {
      action: 'clip',
      source: 'cloud',
      start: NOW - 15000,
      end: NOW,
    });
    const cases: Array<[unknown, string]> = [
      [{ action: 'clip', source: 'cloud', at: NOW + 1 }, 'time'],
      [{ action: 'clip', source: 'cloud', start: DAY }, 'time'],
      [{ action: 'clip', source: 'cloud', at: NOW - MAX_AGE_MS - 1 }, 'time'],
      [{ action: 'clip', source: 'nas', at: DAY }, 'source'],
      [{ action: 'clip', source: 'cloud', at: DAY, deviceSerial: 'C00000001' }, 'camera'],
    ];
    for (const [m, reason] of cases)
      assert.deepStrictEqual(checkHistory(m, s, NOW), { refused: reason }, JSON.stringify(m));
  });
  it('refuses another camera, unbounded or odd times, an unknown source, a hidden timeline', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'shape'],
      [[], 'shape'],
      [{ action: 'day', start: DAY, deviceSerial: 'C00000001' }, 'camera'],
      [{ action: 'day', start: DAY, channelNo: 2 }, 'camera'],
      [{ action: 'day' }, 'time'],
      [{ action: 'day', start: '2026-11-26' }, 'time'],
      [{ action: 'day', start: DAY + 0.5 }, 'time'],
      [{ action: 'day', start: NOW + 1 }, 'time'],
      [{ action: 'day', start: NOW - MAX_AGE_MS - 1 }, 'time'],
      [{ action: 'playback', source: 'cloud', start: DAY, end: DAY }, 'time'],
      [{ action: 'playback', source: 'cloud', start: DAY, end: DAY + 86400001 }, 'time'],
      [{ action: 'playback', source: 'nas', start: DAY, end: DAY + 1000 }, 'source'],
      [{ action: 'playback', source: 'toString', start: DAY, end: DAY + 1000 }, 'source'],
    ];
    for (const [m, reason] of cases)
      assert.deepStrictEqual(checkHistory(m, s, NOW), { refused: reason }, JSON.stringify(m));
    assert.deepStrictEqual(checkHistory({ action: 'day', start: DAY }, settings({ show_timeline: false }), NOW), {
      refused: 'hidden',
    });
    assert.deepStrictEqual(checkHistory({ action: 'day', start: DAY }, settings({ deviceSerial: '' }), NOW), {
      refused: 'camera',
    });
  });
});

describe("dashboard runtime: the timeline's calls are bounded (fake clock)", () => {
  const { sent, node, clock } = nodeOnFakeClock<Record<string, unknown>>(NOW);
  const flush = () => clock.tickAsync(0);

  it("a day's list is kept 30 s: viewers and repeats within it cost one call; the browser gets windows only", async () => {
    const { api, calls } = recordingApi();
    const h = new History(node, api, null, settings(), () => Date.now());
    const a = new FakeConn('a');
    const b = new FakeConn('b');
    for (let i = 0; i < 20; i++) h.fromBrowser(i % 2 ? a : b, { action: 'day', start: DAY });
    await flush();
    assert.deepStrictEqual(
      calls.map((c) => c.op),
      ['recordings'],
    );
    assert.deepStrictEqual(calls[0].values, {
      deviceSerial: 'C00000006',
      channelNo: 1,
      source: 'auto',
      start: DAY,
      end: NOW,
    });
    assert.strictEqual(a.emitted.length + b.emitted.length, 20);
    assert.deepStrictEqual(a.emitted[0], {
      action: 'day',
      ok: true,
      start: DAY,
      items: [
        { start: Date.parse('2026-11-26T01:00:00Z'), end: Date.parse('2026-11-26T02:00:00Z'), source: 'sd-card' },
      ],
    });
    await clock.tickAsync(30000);
    h.fromBrowser(a, { action: 'day', start: DAY });
    await flush();
    assert.strictEqual(calls.length, 2, 'listed again after 30 s');
    assert.deepStrictEqual(sent, [], 'a listing puts nothing on the output');
  });

  it('playback: an FLV address of the window; 5 asks a second per browser; a tap on the output, a continuation not', async () => {
    const { api, calls } = recordingApi();
    const h = new History(node, api, null, settings(), () => Date.now());
    const a = new FakeConn('a');
    const ask = { action: 'playback', source: 'sd-card', start: DAY + 3600000, end: DAY + 7200000 };
    h.fromBrowser(a, ask);
    for (let i = 0; i < 9; i++) h.fromBrowser(a, { ...ask, continued: true });
    await flush();
    assert.strictEqual(calls.length, 5);
    assert.deepStrictEqual(calls[0].values, {
      deviceSerial: 'C00000006',
      channelNo: 1,
      protocol: 'flv',
      quality: 'smooth',
      source: 'sd-card',
      start: DAY + 3600000,
      end: DAY + 7200000,
    });
    assert.strictEqual(a.emitted.filter((r) => r.refused === 'rate').length, 5);
    assert.deepStrictEqual(
      a.emitted.find((r) => r.ok),
      {
        action: 'playback',
        ok: true,
        start: DAY + 3600000,
        end: DAY + 7200000,
        source: 'sd-card',
        url: 'https://sim/x.flv',
        expires: '2026-11-26T11:00:00.000Z',
      },
    );
    assert.strictEqual(sent.length, 1, 'the tap only');
    assert.deepStrictEqual((sent[0].payload as Record<string, unknown>).action, 'playback');
    assert.deepStrictEqual(sent[0]._client, { socketId: 'a' }, 'who tapped, as on every output message');
    await clock.tickAsync(1000);
    h.fromBrowser(new FakeConn('b'), ask);
    await flush();
    assert.strictEqual(calls.length, 6);
    h.close();
    h.fromBrowser(a, ask);
    await flush();
    assert.strictEqual(calls.length, 6, 'nothing after close');
  });

  it("alarms: a day's list kept 30 s (ids, times, names and kinds only); a picture by a listed id, fetched once, bytes only", async () => {
    const { api, calls } = recordingApi();
    const h = new History(node, api, null, settings(), () => Date.now());
    const a = new FakeConn('a');
    h.fromBrowser(a, { action: 'picture', alarmId: 'A1' });
    await flush();
    assert.deepStrictEqual(
      a.emitted.pop(),
      { action: 'picture', alarmId: 'A1', ok: false, refused: 'alarm' },
      'not listed yet',
    );
    for (let i = 0; i < 10; i++) h.fromBrowser(a, { action: 'events', start: DAY });
    await flush();
    assert.deepStrictEqual(calls.filter((c) => c.op === ('alarms' as PanelOperation)).length, 1);
    assert.deepStrictEqual(a.emitted.pop(), {
      action: 'events',
      start: DAY,
      ok: true,
      events: [{ id: 'A1', time: NOW - 60000, name: 'door', type: 10000, kind: 'pir', face: null, picture: true }],
    });
    for (let i = 0; i < 10; i++) h.fromBrowser(a, { action: 'picture', alarmId: 'A1' });
    await flush();
    assert.strictEqual(
      calls.filter((c) => c.op === ('picture' as PanelOperation)).length,
      1,
      'one download for ten asks',
    );
    const pic = a.emitted.pop()!;
    assert.deepStrictEqual(Object.keys(pic).sort(), ['action', 'alarmId', 'ok', 'picture', 'type']);
    assert.ok(!JSON.stringify(a.emitted).includes('secret.jpg'), 'the URL never goes to the browser');
    for (const m of [
      { action: 'picture' },
      { action: 'picture', alarmId: 7 },
      { action: 'picture', alarmId: 'x'.repeat(257) },
    ]) {
      assert.deepStrictEqual(checkHistory(m, settings(), NOW), { refused: 'alarm' });
    }
    const old = new History(node, api, null, settings(), () => Date.now());
    old.fromBrowser(a, { action: 'events', start: DAY - 8 * 86400000 });
    await flush();
    assert.deepStrictEqual(
      a.emitted.pop(),
      { action: 'events', start: DAY - 8 * 86400000, ok: true, events: [] },
      "past the API's 7 days: no call",
    );
    assert.strictEqual(calls.filter((c) => c.op === ('alarms' as PanelOperation)).length, 1);
  });
  it('a new alarm the config node hears goes at once to the browsers that listed alarms, joins the kept day, no call', async () => {
    const { api, calls } = recordingApi();
    const h = new History(node, api, null, settings(), () => Date.now());
    const a = new FakeConn('a');
    const b = new FakeConn('b');
    const other = new FakeConn('other');
    h.fromBrowser(a, { action: 'events', start: DAY });
    h.fromBrowser(b, { action: 'events', start: DAY });
    h.fromBrowser(other, { action: 'day', start: DAY });
    await flush();
    const before = calls.length;
    const fed = {
      alarmId: 'N1',
      alarmName: 'new motion',
      alarmType: 10000,
      kind: 'motion',
      alarmTime: NOW - 1000,
      deviceSerial: 'c00000006',
      channelNo: 1,
      alarmPicUrl: 'https://pictures/new-secret.jpg',
    };
    h.alarmSeen({ ...fed, alarmId: 'X1', deviceSerial: 'C00000001' });
    h.alarmSeen({ ...fed, alarmId: 'X2', channelNo: 2 });
    h.alarmSeen(fed);
    const view = {
      id: 'N1',
      time: NOW - 1000,
      name: 'new motion',
      type: 10000,
      kind: 'motion',
      face: null,
      picture: true,
    };
    for (const c of [a, b]) assert.deepStrictEqual(c.emitted.pop(), { action: 'alarm', event: view }, c.id);
    assert.ok(!other.emitted.some((r) => r.action === 'alarm'), 'only to browsers that listed alarms');
    h.fromBrowser(a, { action: 'events', start: DAY });
    await flush();
    assert.deepStrictEqual((a.emitted.pop() as { events: unknown[] }).events, [
      view,
      { id: 'A1', time: NOW - 60000, name: 'door', type: 10000, kind: 'pir', face: null, picture: true },
    ]);
    assert.strictEqual(calls.length, before, 'no API call for the new alarm');
    // A recognized face goes with its name (docs/behaviour.md section 27), bounded; none named: null.
    h.alarmSeen({ ...fed, alarmId: 'F1', kind: 'face', face: { id: '1a2b3c', name: ' Alice ' } });
    assert.strictEqual((a.emitted.pop()!.event as { face: unknown }).face, 'Alice');
    h.alarmSeen({ ...fed, alarmId: 'F2', kind: 'face', face: { id: '5d6e', name: 'B'.repeat(300) } });
    assert.strictEqual((a.emitted.pop()!.event as { face: unknown }).face, 'B'.repeat(64));
    h.alarmSeen({ ...fed, alarmId: 'F3', kind: 'face', face: { id: 'ff01', name: null } });
    assert.strictEqual((a.emitted.pop()!.event as { face: unknown }).face, null);
    await clock.tickAsync(31000);
    // The day asked again (the list carries no face and lags behind a push): the heard alarms stay, named.
    h.fromBrowser(a, { action: 'events', start: DAY });
    await flush();
    assert.deepStrictEqual(
      (a.emitted.pop() as { events: Array<{ id: string; face: unknown }> }).events.map((e) => [e.id, e.face]),
      [
        ['F3', null],
        ['F2', 'B'.repeat(64)],
        ['F1', 'Alice'],
        ['N1', null],
        ['A1', null],
      ],
    );
    h.fromBrowser(b, { action: 'picture', alarmId: 'N1' });
    await flush();
    assert.strictEqual(b.emitted.pop()!.ok, true, 'its picture, after its day left the cache');
    assert.ok(!JSON.stringify([a.emitted, b.emitted]).includes('new-secret'), 'never its URL');
    h.close();
    h.alarmSeen({ ...fed, alarmId: 'N2' });
    assert.ok(!a.emitted.some((r) => (r.event as { id?: string } | undefined)?.id === 'N2'), 'nothing after close');
  });

  it("a new alarm makes its day's kept recordings stale until they list its clip (a list at most every 5 s, 10 minutes)", async () => {
    const listed = [ONE_HOUR];
    const { api, calls } = recordingApi(listed);
    const h = new History(node, api, null, settings(), () => Date.now());
    const a = new FakeConn('a');
    const lists = () => calls.filter((c) => c.op === 'recordings').length;
    const ask = async () => {
      h.fromBrowser(a, { action: 'day', start: DAY });
      await flush();
      return a.emitted.pop() as { items: Array<{ start: number; end: number }> };
    };
    await ask();
    const fed = {
      alarmId: 'N1',
      alarmName: 'motion',
      alarmType: 10002,
      kind: 'motion',
      alarmTime: Date.now() - 1000,
      deviceSerial: 'C00000006',
      channelNo: 1,
      alarmPicUrl: '',
    };
    h.alarmSeen({ ...fed, alarmId: 'X1', deviceSerial: 'C00000001' });
    await clock.tickAsync(5000);
    await ask();
    assert.strictEqual(lists(), 1, "another camera's alarm: the day stays kept");
    h.alarmSeen(fed);
    await ask();
    assert.strictEqual(lists(), 2, 'the list older than the alarm and without its clip: listed again');
    await clock.tickAsync(4000);
    await ask();
    assert.strictEqual(lists(), 2, 'at most every 5 s');
    await clock.tickAsync(1000);
    await ask();
    assert.strictEqual(lists(), 3, 'still no clip: listed again');
    // The clip comes (recordings appear some time after the alarm): the next list has it, then kept.
    const at = (ms: number) => new Date(ms).toISOString();
    listed.push({ start: at(fed.alarmTime - 5000), end: at(fed.alarmTime + 10000), seconds: 15, source: 'cloud' });
    await clock.tickAsync(5000);
    const r = await ask();
    assert.strictEqual(lists(), 4);
    assert.ok(
      r.items.some((c) => c.start <= fed.alarmTime && fed.alarmTime < c.end),
      'the new clip is listed',
    );
    await clock.tickAsync(20000);
    await ask();
    assert.strictEqual(lists(), 4, 'its clip listed: kept 30 s as any day');
    // An alarm whose clip never comes is awaited 10 minutes, no longer.
    h.alarmSeen({ ...fed, alarmId: 'N2', alarmTime: Date.now() - 1000 });
    await clock.tickAsync(5000);
    await ask();
    assert.strictEqual(lists(), 5);
    await clock.tickAsync(CLIP_AWAIT_MS);
    await ask();
    await clock.tickAsync(CLIP_RELIST_MS);
    await ask();
    assert.strictEqual(lists(), 6, 'after 10 minutes: kept 30 s again');
    h.close();
  });

  it("a clip: the door's file and name to the browser that asked (no address), one at a time, stopped on close", async () => {
    const { api } = recordingApi();
    const asked: Array<{ ask: unknown; signal?: AbortSignal }> = [];
    let finish: (r: unknown) => void = () => undefined;
    (api as { clip: unknown }).clip = (_cfg: unknown, ask: unknown, _owner: unknown, signal?: AbortSignal) => {
      asked.push({ ask, signal });
      return new Promise((resolve) => (finish = resolve));
    };
    const h = new History(node, api, null, settings(), () => Date.now());
    const a = new FakeConn('a');
    h.fromBrowser(a, { action: 'clip', source: 'sd-card', at: DAY + 3600000 });
    h.fromBrowser(a, { action: 'clip', source: 'sd-card', at: DAY + 3700000 });
    await flush();
    assert.deepStrictEqual(asked[0].ask, {
      deviceSerial: 'C00000006',
      channelNo: 1,
      source: 'sd-card',
      start: DAY + 3595000,
      end: DAY + 3625000,
    });
    assert.strictEqual(asked.length, 1, 'one clip at a time');
    assert.deepStrictEqual(a.emitted, [{ action: 'clip', ok: false, refused: 'busy' }]);
    const file = Buffer.from('mp4');
    finish({ ok: true, file, filename: 'C00000006-1-x.mp4', seconds: 30 });
    await flush();
    assert.deepStrictEqual(a.emitted[1], {
      action: 'clip',
      ok: true,
      file,
      filename: 'C00000006-1-x.mp4',
      seconds: 30,
      start: DAY + 3595000,
    });
    assert.strictEqual(sent.length, 0, 'nothing on the output');
    h.fromBrowser(a, { action: 'clip', source: 'cloud', at: DAY + 7200000 });
    await flush();
    assert.strictEqual(asked[1].signal?.aborted, false);
    h.close();
    assert.strictEqual(asked[1].signal?.aborted, true, "the panel's close stops the clip");
    finish({ ok: 'closed' });
    await flush();
    assert.strictEqual(a.emitted.length, 2, 'nothing after close');
  });
});
