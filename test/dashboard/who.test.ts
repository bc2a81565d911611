// The panel's output says who did what, and only what people did (docs/behaviour.md section 21):
// `msg._client` on every output message, reads a page makes by itself (switch state, live address)
// off the output, the users allowed to move and to switch (others: nothing sent, "not-allowed"
// answered), the move's error kept after its release's stop, the last snapshot handed on for
// pages that load later. A fake clock and a recording stand-in of the dashboard API.

import assert from 'assert';
import type { PanelApi, PanelOperation, PanelValues } from '../../features/dashboard/dashboard-api';
import { TABLES } from '../../features/dashboard/dashboard-api';
import { nodeOnFakeClock, standInApi } from '../support/panel-runtime';
import { Conn, Panel } from '../../dashboard/nodes/panel/panel';
import { readSettings } from '../../dashboard/nodes/panel/settings';
import { Client, isAllowed, parseUsers, userNames } from '../../dashboard/nodes/panel/who';
import { realTimers } from '../../dashboard/nodes/panel/holds';
import { WallPanels, panelId } from '../../dashboard/nodes/wall/panels';
import { readWallSettings } from '../../dashboard/nodes/wall/settings';

type Out = { payload: Record<string, unknown>; _client?: Client; error?: unknown };

/** Answers every call at once: ok, or the error `fail(op)` names. */
function api(fail: (op: PanelOperation) => string | undefined = () => undefined) {
  const calls: Array<{ op: PanelOperation; values: PanelValues }> = [];
  const statuses: string[] = [];
  const a = standInApi({
    status: (what: unknown, op: string) => {
      const text = typeof what === 'string' ? `${op} ${what}` : `${op} ${(what as { kind: string }).kind}`;
      statuses.push(text);
      return { text };
    },
    call: async (_cfg: unknown, op: PanelOperation, values: PanelValues) => {
      calls.push({ op, values });
      const code = fail(op);
      if (code) return { kind: 'error', error: { code, message: `failed ${code}` }, ezviz: {} };
      return {
        kind: 'ok',
        payload: op === 'capture' ? Buffer.from([0xff, 0xd8, 0xff, 0xd9]) : { code: '200' },
        ezviz: {},
      };
    },
  });
  return { api: a, calls, statuses };
}

class FakeConn implements Conn {
  emitted: Array<Record<string, unknown>> = [];
  constructor(
    readonly id: string,
    readonly user?: unknown,
  ) {}
  emit(_event: string, reply: Record<string, unknown>) {
    this.emitted.push(reply);
  }
  once() {
    /* stays */
  }
  off() {
    /* stays */
  }
}

describe('dashboard runtime: who did it (msg._client, allowed users, a quiet output)', () => {
  const { sent, node, clock } = nodeOnFakeClock<Out>();

  function panel(a: PanelApi, def: Record<string, unknown> = {}): Panel {
    const s = readSettings({ deviceSerial: 'C00000001', presetList: '1: Door', ...def }, TABLES.TOGGLES);
    const p = new Panel(node, a, null, s, realTimers, () => Date.now());
    p.clientOf = (conn) => ({
      socketId: conn.id,
      ...((conn as FakeConn).user ? { user: (conn as FakeConn).user } : {}),
    });
    return p;
  }

  it('reads user lists and names as auth plugins give them', () => {
    assert.deepStrictEqual(parseUsers(' alice, bob;alice\ncarol, '), ['alice', 'bob', 'carol']);
    assert.deepStrictEqual(parseUsers(['x', 3, '']), ['x']);
    assert.deepStrictEqual(parseUsers(undefined), []);
    assert.deepStrictEqual(userNames({ socketId: 's', user: { userId: 'u1', username: 'alice', email: 'a@x' } }), [
      'alice',
    ]);
    assert.deepStrictEqual(userNames({ socketId: 's', user: { id: 'u7', name: 'Alice' } }), ['u7']);
    assert.deepStrictEqual(userNames({ socketId: 's', user: 'bob' }), []);
    assert.strictEqual(isAllowed([], undefined), true);
    assert.strictEqual(isAllowed(['alice'], { socketId: 's' }), false);
    assert.strictEqual(isAllowed(['alice'], { socketId: 's', user: { username: 'alice' } }), true);
  });

  it('every action on the output carries _client of its browser; page loads (state, live) put nothing there', async () => {
    const { api: a, calls } = api();
    const p = panel(a);
    const c = new FakeConn('sock-1', { username: 'alice' });
    p.fromBrowser(c, { action: 'state' });
    p.fromBrowser(c, { action: 'live' });
    p.fromBrowser(c, { action: 'snapshot' });
    p.fromBrowser(c, { action: 'preset', preset: 1 });
    p.fromBrowser(c, { action: 'switch', switch: 'privacy', state: 'on' });
    await clock.tickAsync(100);
    assert.deepStrictEqual(calls.map((x) => x.op).sort(), ['capture', 'device', 'live', 'preset-call', 'switch']);
    assert.deepStrictEqual(sent.map((m) => m.payload.action).sort(), ['preset', 'snapshot', 'switch']);
    for (const m of sent) assert.deepStrictEqual(m._client, { socketId: 'sock-1', user: { username: 'alice' } });
    assert.ok(
      c.emitted.some((r) => r.action === 'state' && r.ok) && c.emitted.some((r) => r.action === 'live' && r.ok),
    );
  });

  it("the live address is asked for with the panel's protocol and lifetime (hls and an hour unless set; 30 to 86400 s)", async () => {
    for (const [def, protocol, expire] of [
      [{}, 'hls', 3600],
      [{ liveProtocol: 'flv', liveExpire: '30' }, 'flv', 30],
      [{ liveProtocol: 'rtmp', liveExpire: 29 }, 'hls', 3600],
      [{ liveExpire: 86401 }, 'hls', 3600],
      [{ liveExpire: 86400 }, 'hls', 86400],
    ] as const) {
      const { api: a, calls } = api();
      panel(a, def).fromBrowser(new FakeConn('s'), { action: 'live' });
      await clock.tickAsync(0);
      assert.deepStrictEqual(
        calls.map((c) => [c.values.protocol, c.values.expire]),
        [[protocol, expire]],
        JSON.stringify(def),
      );
    }
  });

  it('the dead-man stop carries the client of the browser whose move it ends', async () => {
    const { api: a } = api();
    const p = panel(a);
    p.fromBrowser(new FakeConn('sock-2'), { action: 'move', direction: 'left' });
    await clock.tickAsync(2000);
    assert.deepStrictEqual(
      sent.map((m) => [m.payload.action, m.payload.reason, m._client?.socketId]),
      [
        ['move', undefined, 'sock-2'],
        ['stop', 'timeout', 'sock-2'],
      ],
    );
  });

  it('only the users named may move and switch: anyone else gets "not-allowed" and nothing is sent', async () => {
    const { api: a, calls } = api();
    const p = panel(a, { moveUsers: 'alice', switchUsers: 'bob' });
    const eve = new FakeConn('e', { username: 'eve' });
    const anon = new FakeConn('n');
    const alice = new FakeConn('a', { username: 'alice' });
    for (const c of [eve, anon, alice]) {
      p.fromBrowser(c, { action: 'move', direction: 'up' });
      p.fromBrowser(c, { action: 'stop' });
      p.fromBrowser(c, { action: 'preset', preset: 1 });
      p.fromBrowser(c, { action: 'switch', switch: 'defence', state: 'off' });
    }
    await clock.tickAsync(100);
    assert.deepStrictEqual(
      calls.map((x) => x.op),
      ['ptz-start', 'ptz-stop', 'preset-call'],
    );
    for (const c of [eve, anon])
      assert.deepStrictEqual(c.emitted, Array(4).fill({ ok: false, refused: 'not-allowed' }));
    assert.deepStrictEqual(alice.emitted.filter((r) => r.refused).length, 1); // her switch
    assert.ok(sent.every((m) => m._client?.socketId === 'a'));
    // Snapshots and reads need no right.
    p.fromBrowser(eve, { action: 'snapshot' });
    await clock.tickAsync(100);
    assert.strictEqual(calls.at(-1)?.op, 'capture');
  });

  it("a camera wall's panel in place keeps the wall's users: no one else moves or switches through it", async () => {
    const { api: a, calls } = api();
    const wall = { id: 'wall1', status: () => undefined, send: (m: Out) => sent.push(m) } as never;
    const settings = readWallSettings({ cameras: 'C00000001', moveUsers: 'alice', switchUsers: 'alice' });
    const tile = { deviceSerial: 'C00000001', channelNo: 1 } as never;
    const panels = new WallPanels(wall, a, null, settings, () => tile);
    panels.clientOf = (conn) => ({
      socketId: conn.id,
      ...((conn as FakeConn).user ? { user: (conn as FakeConn).user } : {}),
    });
    const id = panelId('wall1', { deviceSerial: 'C00000001', channelNo: 1 });
    const eve = new FakeConn('e', { username: 'eve', name: 'alice' });
    const alice = new FakeConn('a', { username: 'alice' });
    for (const c of [eve, alice]) {
      panels.fromBrowser(c, id, { action: 'move', direction: 'up' });
      panels.fromBrowser(c, id, { action: 'stop' });
      panels.fromBrowser(c, id, { action: 'switch', switch: 'defence', state: 'off' });
    }
    await clock.tickAsync(100);
    assert.deepStrictEqual(eve.emitted, Array(3).fill({ ok: false, refused: 'not-allowed' }));
    assert.deepStrictEqual(
      calls.map((x) => x.op),
      ['ptz-start', 'ptz-stop', 'switch'],
    );
    assert.ok(sent.length > 0 && sent.every((m) => m._client?.socketId === 'a'));
    await panels.close();
  });

  it('a display name, an email or a bare string equal to an allowed user grants nothing: only username or id', () => {
    for (const user of [
      { username: 'eve', name: 'alice' },
      { id: 'u9', name: 'alice' },
      { username: 'eve', email: 'alice' },
      { userId: 'alice' },
      { name: 'alice' },
      'alice',
    ])
      assert.strictEqual(isAllowed(['alice'], { socketId: 's', user }), false, JSON.stringify(user));
    assert.strictEqual(isAllowed(['u7'], { socketId: 's', user: { id: 'u7', name: 'Alice' } }), true);
    assert.strictEqual(isAllowed(['alice'], { socketId: 's', user: { username: 'alice', name: 'Eve' } }), true);
  });

  it("after a failed move the status keeps the move's error, not the stop's outcome", async () => {
    const { api: a, statuses } = api((op) => (op === 'ptz-start' ? '20007' : op === 'ptz-stop' ? '20007' : undefined));
    const p = panel(a);
    const c = new FakeConn('c');
    p.fromBrowser(c, { action: 'move', direction: 'up' });
    await clock.tickAsync(10);
    p.fromBrowser(c, { action: 'stop' });
    await clock.tickAsync(10);
    assert.deepStrictEqual(statuses, ['ptz-start requesting', 'ptz-start error']);
    p.fromBrowser(c, { action: 'stop' }); // a stop of its own (the button) says what came of it
    await clock.tickAsync(10);
    assert.deepStrictEqual(statuses.slice(2), ['ptz-stop requesting', 'ptz-stop error']);
  });

  it('hands the last snapshot on (for pages that load later)', async () => {
    const { api: a } = api();
    const p = panel(a);
    const kept: Buffer[] = [];
    p.onSnapshot = (pic) => kept.push(pic);
    p.fromBrowser(new FakeConn('c'), { action: 'snapshot' });
    await clock.tickAsync(10);
    assert.deepStrictEqual(
      kept.map((b) => b.toString('hex')),
      ['ffd8ffd9'],
    );
  });
});
