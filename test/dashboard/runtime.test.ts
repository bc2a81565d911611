// The camera panel's runtime without a browser (docs/behaviour.md section 14): the checks of a browser
// message, the rate limit, the dead-man timer and the panel's handling of actions, stops and
// leaving browsers, driven by a fake clock against a recording stand-in of the main package's
// dashboard API (the real one runs in the browser tests).

import assert from 'assert';
import type { PanelApi, PanelOperation, PanelValues } from '../../features/dashboard/dashboard-api';
import { TABLES } from '../../features/dashboard/dashboard-api';
import { nodeOnFakeClock, standInApi } from '../support/panel-runtime';
import { checkAction, RateLimit } from '../../dashboard/nodes/panel/checks';
import { Holds, realTimers } from '../../dashboard/nodes/panel/holds';
import { Conn, Panel } from '../../dashboard/nodes/panel/panel';
import { applyUpdate, parsePresets, readSettings } from '../../dashboard/nodes/panel/settings';

const settings = () =>
  readSettings({ deviceSerial: 'C00000001', channelNo: 1, presetList: '1: Door, 2, Gate' }, TABLES.TOGGLES);

describe('dashboard runtime: a browser message is checked before anything is sent', () => {
  const s = settings();
  const ok = (m: unknown) => checkAction(m, s, TABLES);
  it('takes the fixed actions with names from the PTZ tables', () => {
    assert.deepStrictEqual(ok({ action: 'move', direction: 'left', speed: 'fast' }), {
      action: 'move',
      direction: 'left',
      speed: 'fast',
    });
    assert.deepStrictEqual(ok({ action: 'move', direction: 'zoom-in' }), {
      action: 'move',
      direction: 'zoom-in',
      speed: 'medium',
    });
    assert.deepStrictEqual(ok({ action: 'hold' }), { action: 'hold' });
    assert.deepStrictEqual(ok({ action: 'stop' }), { action: 'stop' });
    assert.deepStrictEqual(ok({ action: 'snapshot' }), { action: 'snapshot' });
    assert.deepStrictEqual(ok({ action: 'preset', preset: 2 }), {
      action: 'preset',
      preset: { index: 2, name: undefined },
    });
    assert.deepStrictEqual(ok({ action: 'preset', preset: 'Gate' }), {
      action: 'preset',
      preset: { index: undefined, name: 'Gate' },
    });
    assert.deepStrictEqual(ok({ action: 'switch', switch: 'privacy', state: 'on' }), {
      action: 'switch',
      switch: 'privacy',
      state: 'on',
    });
    assert.deepStrictEqual(ok({ action: 'state' }), { action: 'state' });
  });
  it('toggles on and off the switches of the panel (defence and privacy unless set), never encryption', () => {
    assert.deepStrictEqual(s.switchList, ['defence', 'privacy']);
    assert.ok(!TABLES.TOGGLES.includes('encryption') && !TABLES.TOGGLES.includes('alarm-sound'));
    assert.ok(TABLES.TOGGLES.includes('defence') && TABLES.TOGGLES.includes('microphone'));
    const mic = readSettings({ deviceSerial: 'C00000001', switchList: 'microphone, encryption' }, TABLES.TOGGLES);
    assert.deepStrictEqual(mic.switchList, ['microphone']);
    assert.deepStrictEqual(checkAction({ action: 'switch', switch: 'privacy', state: 'on' }, mic, TABLES), {
      refused: 'switch',
    });
  });
  it('refuses everything else, naming the reason', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'shape'],
      ['move', 'shape'],
      [[{ action: 'move' }], 'shape'],
      [{ action: 'constructor' }, 'action'],
      [{ action: '__proto__' }, 'action'],
      [{ action: 'MOVE' }, 'action'],
      [{}, 'action'],
      [{ action: 'move', direction: 99 }, 'direction'],
      [{ action: 'move', direction: 2 }, 'direction'],
      [{ action: 'move', direction: 'auto' }, 'direction'],
      [{ action: 'move', direction: 'toString' }, 'direction'],
      [{ action: 'move', direction: 'left', speed: 'warp' }, 'speed'],
      [{ action: 'move', direction: 'left', speed: 'constructor' }, 'speed'],
      [{ action: 'preset', preset: 3 }, 'preset'],
      [{ action: 'preset', preset: '../../x' }, 'preset'],
      [{ action: 'preset', preset: 'Door' }, 'preset'],
      [{ action: 'preset', preset: 1.5 }, 'preset'],
      [{ action: 'move', direction: 'left', deviceSerial: 'C00000002' }, 'camera'],
      [{ action: 'snapshot', channelNo: 2 }, 'camera'],
      [{ action: 'switch', switch: 'encryption', state: 'off' }, 'switch'],
      [{ action: 'switch', switch: 'microphone', state: 'on' }, 'switch'],
      [{ action: 'switch', switch: 'privacy', state: true }, 'state'],
      [{ action: 'switch', switch: 'defence', state: 'away' }, 'state'],
      [{ action: 'switch', switch: 'toString', state: 'on' }, 'switch'],
    ];
    for (const [m, reason] of cases) assert.deepStrictEqual(ok(m), { refused: reason }, JSON.stringify(m));
  });
  it('refuses the actions of a part the panel does not show (the state read is none), and everything without a camera', () => {
    const hidden = readSettings(
      {
        deviceSerial: 'C00000001',
        show_ptz: false,
        show_snapshot: 'false',
        show_presets: false,
        presetList: '1',
        show_switches: false,
      },
      TABLES.TOGGLES,
    );
    assert.deepStrictEqual(checkAction({ action: 'move', direction: 'left' }, hidden, TABLES), { refused: 'hidden' });
    assert.deepStrictEqual(
      Object.prototype.hasOwnProperty.call(
        checkAction({ action: 'move', direction: 'zoom-in' }, hidden, TABLES),
        'refused',
      ),
      false,
    );
    assert.deepStrictEqual(checkAction({ action: 'snapshot' }, hidden, TABLES), { refused: 'hidden' });
    assert.deepStrictEqual(checkAction({ action: 'preset', preset: 1 }, hidden, TABLES), { refused: 'hidden' });
    assert.deepStrictEqual(checkAction({ action: 'switch', switch: 'privacy', state: 'on' }, hidden, TABLES), {
      refused: 'hidden',
    });
    // The state read is no switch: the camera's name, online chip and the reason over the picture need it.
    assert.deepStrictEqual(checkAction({ action: 'state' }, hidden, TABLES), { action: 'state' });
    assert.deepStrictEqual(
      checkAction(
        { action: 'state' },
        readSettings({ deviceSerial: 'C00000001', switchList: [] }, TABLES.TOGGLES),
        TABLES,
      ),
      { action: 'state' },
    );
    assert.deepStrictEqual(checkAction({ action: 'stop' }, readSettings({}, TABLES.TOGGLES), TABLES), {
      refused: 'camera',
    });
  });
  it('allows 10 actions per second per browser', () => {
    let now = 0;
    const rate = new RateLimit(() => now);
    const passed = Array.from({ length: 1000 }, () => rate.allow('a')).filter(Boolean).length;
    assert.strictEqual(passed, 10);
    assert.strictEqual(rate.allow('b'), true);
    now = 999;
    assert.strictEqual(rate.allow('a'), false);
    now = 1000;
    assert.strictEqual(rate.allow('a'), true);
  });
});

describe('dashboard runtime: settings and msg.ui_update', () => {
  it('reads presets from text or lists, leaving out what is neither a number from 1 to 256 nor a name', () => {
    assert.deepStrictEqual(parsePresets('1: Door, 2=Garden; 3\nGate, 0, 300, '), [
      { index: 1, name: 'Door' },
      { index: 2, name: 'Garden' },
      { index: 3, name: undefined },
      { index: undefined, name: 'Gate' },
    ]);
    assert.deepStrictEqual(
      parsePresets([4, '5 Yard', { index: 6, name: 'Pool' }, { name: 'Shed' }, { index: 0 }, null, [], 1.5]),
      [{ index: 4 }, { index: 5, name: 'Yard' }, { index: 6, name: 'Pool' }, { index: undefined, name: 'Shed' }],
    );
    assert.strictEqual(parsePresets(Array.from({ length: 100 }, (_, i) => i + 1)).length, 32);
    assert.deepStrictEqual(parsePresets({ toString: 1 }), []);
  });
  it('changes the camera and the parts shown, ignoring anything else', () => {
    const s = settings();
    assert.deepStrictEqual(
      applyUpdate(
        s,
        {
          deviceSerial: ' C00000002 ',
          channelNo: '2',
          show_ptz: false,
          other: 1,
          presetList: [7],
          switchList: 'privacy, encryption, x, microphone',
        },
        TABLES.TOGGLES,
      ),
      {
        deviceSerial: 'C00000002',
        channelNo: 2,
        presetList: [{ index: 7 }],
        switchList: ['privacy', 'microphone'],
        show_ptz: false,
      },
    );
    assert.deepStrictEqual([s.deviceSerial, s.channelNo, s.show.ptz, s.show.zoom], ['C00000002', 2, false, true]);
    assert.deepStrictEqual(applyUpdate(s, 'x', TABLES.TOGGLES), {});
    assert.deepStrictEqual(applyUpdate(s, { channelNo: 'x' }, TABLES.TOGGLES), { channelNo: 1 });
  });
  it("changes the live view's source: a stream node plays FLV, none the node's own protocol again", () => {
    const s = settings();
    assert.strictEqual(s.streamNode, '');
    assert.deepStrictEqual(applyUpdate(s, { streamNode: ' 7f3c2a1b.9d ' }, TABLES.TOGGLES), {
      streamNode: '7f3c2a1b.9d',
      liveProtocol: 'flv',
    });
    assert.strictEqual(s.streamNode, '7f3c2a1b.9d');
    assert.deepStrictEqual(applyUpdate(s, { streamNode: '' }, TABLES.TOGGLES), { streamNode: '', liveProtocol: 'hls' });
    assert.deepStrictEqual(applyUpdate(s, { streamNode: 42 }, TABLES.TOGGLES), { streamNode: '', liveProtocol: 'hls' });
    assert.strictEqual(applyUpdate(s, { streamNode: 'x'.repeat(100) }, TABLES.TOGGLES).streamNode, 'x'.repeat(64));
  });
});

/** A stand-in for the main package's API that records the calls and answers at once. */
function recordingApi(): { api: PanelApi; calls: Array<{ op: PanelOperation; values: PanelValues; owner: string }> } {
  const calls: Array<{ op: PanelOperation; values: PanelValues; owner: string }> = [];
  const api = standInApi({
    call: async (_cfg: unknown, op: PanelOperation, values: PanelValues, owner: { id: string }) => {
      calls.push({ op, values, owner: owner.id });
      return { kind: 'ok', payload: { code: '200', msg: 'ok' }, ezviz: {} };
    },
  });
  return { api, calls };
}

class FakeConn implements Conn {
  emitted: unknown[] = [];
  private handlers: Array<() => void> = [];
  constructor(readonly id: string) {}
  emit(_event: string, reply: unknown) {
    this.emitted.push(reply);
  }
  once(_e: string, fn: () => void) {
    this.handlers.push(fn);
  }
  off(_e: string, fn: () => void) {
    this.handlers = this.handlers.filter((h) => h !== fn);
  }
  disconnect() {
    for (const h of this.handlers.splice(0)) h();
  }
}

describe('dashboard runtime: held moves, the dead-man timer and leaving browsers (fake clock)', () => {
  const { sent, node, clock } = nodeOnFakeClock<unknown>();

  const panel = (api: PanelApi) => new Panel(node, api, null, settings(), realTimers, () => Date.now());
  const ops = (calls: Array<{ op: string; values: PanelValues }>) =>
    calls.map((c) => `${c.op}${c.values.direction ? `:${c.values.direction}` : ''}`);

  it('a held press confirmed every 500 ms moves until its stop: one start, one stop', async () => {
    const { api, calls } = recordingApi();
    const p = panel(api);
    const a = new FakeConn('a');
    p.fromBrowser(a, { action: 'move', direction: 'left' });
    for (let i = 0; i < 10; i++) {
      await clock.tickAsync(500);
      p.fromBrowser(a, { action: 'hold' });
      p.fromBrowser(a, { action: 'move', direction: 'left' }); // a key's auto-repeat
    }
    p.fromBrowser(a, { action: 'stop' });
    await clock.tickAsync(5000);
    assert.deepStrictEqual(ops(calls), ['ptz-start:left', 'ptz-stop:left']);
    assert.deepStrictEqual(
      sent.map((m) => (m as { payload: { action: string } }).payload.action),
      ['move', 'stop'],
    );
  });

  it('10 queued snapshots do not end a held move: its confirmations are read at once, the stop comes with the release', async () => {
    const { api, calls } = recordingApi();
    // Each capture takes 3 s on the camera: the panel runs one and keeps one waiting (pending.ts).
    const call = api.call.bind(api);
    (api as { call: PanelApi['call'] }).call = (cfg, op, values, owner) =>
      op === 'capture'
        ? new Promise((resolve) => setTimeout(() => resolve(call(cfg, op, values, owner)), 3000))
        : call(cfg, op, values, owner);
    const p = panel(api);
    const a = new FakeConn('a');
    p.fromBrowser(a, { action: 'move', direction: 'left' });
    for (let i = 0; i < 2; i++) {
      await clock.tickAsync(500); // the start counted: the next 10 actions fit the browser's 10 per second
      p.fromBrowser(a, { action: 'hold' });
    }
    for (let k = 0; k < 10; k++) p.fromBrowser(a, { action: 'snapshot' });
    // The finger stays 10 s, confirming every 500 ms, while the snapshots run one by one.
    for (let i = 0; i < 20; i++) {
      await clock.tickAsync(500);
      p.fromBrowser(a, { action: 'hold' });
    }
    assert.deepStrictEqual(ops(calls), ['ptz-start:left', 'capture', 'capture'], 'no stop while held');
    p.fromBrowser(a, { action: 'stop' });
    await clock.tickAsync(0);
    assert.deepStrictEqual(ops(calls), ['ptz-start:left', 'capture', 'capture', 'ptz-stop:left']);
    assert.strictEqual((sent.at(-1) as { payload: { reason?: string } }).payload.reason, 'asked');
    // 8 snapshots were replaced by later ones (their browser told), 2 answered.
    const snaps = a.emitted.filter((r) => (r as { action?: string }).action === 'snapshot') as Array<{
      replaced?: boolean;
    }>;
    assert.strictEqual(snaps.filter((r) => r.replaced).length, 8);
  });

  it('1.5 s without a confirmation stops the camera (reason timeout); confirmations of another browser do not count', async () => {
    const { api, calls } = recordingApi();
    const p = panel(api);
    const a = new FakeConn('a');
    const b = new FakeConn('b');
    p.fromBrowser(a, { action: 'move', direction: 'up' });
    await clock.tickAsync(1000);
    p.fromBrowser(b, { action: 'hold' });
    await clock.tickAsync(499);
    assert.deepStrictEqual(ops(calls), ['ptz-start:up']);
    await clock.tickAsync(1);
    assert.deepStrictEqual(ops(calls), ['ptz-start:up', 'ptz-stop:up']);
    assert.strictEqual((sent[1] as { payload: { reason: string } }).payload.reason, 'timeout');
  });

  it("a browser that disconnects stops its move at once; another browser's leaving does not", async () => {
    const { api, calls } = recordingApi();
    const p = panel(api);
    const a = new FakeConn('a');
    const b = new FakeConn('b');
    p.fromBrowser(b, { action: 'snapshot' });
    p.fromBrowser(a, { action: 'move', direction: 'down-right' });
    b.disconnect();
    await clock.tickAsync(10);
    assert.deepStrictEqual(ops(calls), ['capture', 'ptz-start:down-right']);
    a.disconnect();
    await clock.tickAsync(10);
    assert.deepStrictEqual(ops(calls), ['capture', 'ptz-start:down-right', 'ptz-stop:down-right']);
    assert.strictEqual((sent[2] as { payload: { reason: string } }).payload.reason, 'disconnect');
  });

  it('1,000 presses in a second send 10; the stop of a held move is never held back', async () => {
    const { api, calls } = recordingApi();
    const p = panel(api);
    const a = new FakeConn('a');
    for (let i = 0; i < 1000; i++) p.fromBrowser(a, { action: 'preset', preset: 1 });
    p.fromBrowser(a, { action: 'move', direction: 'left' });
    await clock.tickAsync(1000);
    p.fromBrowser(a, { action: 'move', direction: 'left' });
    for (let i = 0; i < 20; i++) p.fromBrowser(a, { action: 'preset', preset: 1 });
    p.fromBrowser(a, { action: 'stop' });
    await clock.tickAsync(10);
    assert.deepStrictEqual(
      ops(calls).filter((o) => o.startsWith('ptz')),
      ['ptz-start:left', 'ptz-stop:left'],
    );
    assert.strictEqual(calls.filter((c) => c.op === 'preset-call').length, 10 + 9);
    assert.ok(a.emitted.some((r) => (r as { refused?: string }).refused === 'rate'));
  });

  it('a stop is never held back while the config node takes the camera to be moving (a move of another node)', async () => {
    const { api, calls } = recordingApi();
    (api as unknown as { isMoving: () => boolean }).isMoving = () => true;
    const p = panel(api);
    const a = new FakeConn('a');
    for (let i = 0; i < 30; i++) p.fromBrowser(a, { action: 'stop' });
    await clock.tickAsync(10);
    assert.strictEqual(calls.filter((c) => c.op === 'ptz-stop').length, 30);
  });

  it('closing the node stops a held move through an owner that is not closed, and answers no browser', async () => {
    const { api, calls } = recordingApi();
    const p = panel(api);
    const a = new FakeConn('a');
    p.fromBrowser(a, { action: 'move', direction: 'zoom-in' });
    await clock.tickAsync(10);
    const before = a.emitted.length;
    await p.close();
    assert.deepStrictEqual(ops(calls), ['ptz-start:zoom-in', 'ptz-stop:zoom-in']);
    assert.deepStrictEqual(
      calls.map((c) => c.owner),
      ['cam', 'cam:close'],
    );
    assert.strictEqual(a.emitted.length, before);
    p.fromBrowser(a, { action: 'move', direction: 'left' });
    assert.strictEqual(calls.length, 2);
  });

  it('Holds: an end before the timer fires cancels it', async () => {
    const expired: unknown[] = [];
    const h = new Holds((m) => expired.push(m));
    h.started('a', 'left');
    h.end();
    await clock.tickAsync(5000);
    assert.deepStrictEqual(expired, []);
  });
});

/** A stand-in whose calls wait until the test answers them; each call's owner is kept. */
function heldApi(): {
  api: PanelApi;
  calls: Array<{ op: PanelOperation; values: PanelValues; owner: { closed: boolean }; answer(): void }>;
} {
  const calls: Array<{ op: PanelOperation; values: PanelValues; owner: { closed: boolean }; answer(): void }> = [];
  const api = standInApi({
    call: (_cfg: unknown, op: PanelOperation, values: PanelValues, owner: { closed: boolean }) =>
      new Promise((resolve) => {
        calls.push({
          op,
          values,
          owner,
          answer: () => resolve(owner.closed ? { kind: 'closed' } : { kind: 'ok', payload: {}, ezviz: {} }),
        });
      }),
  });
  return { api, calls };
}

describe('dashboard runtime: bounded panel work (docs/behaviour.md section 21, fake clock)', () => {
  const { sent, node, clock } = nodeOnFakeClock<{ payload: Record<string, unknown> }>();
  const panel = (api: PanelApi) => new Panel(node, api, null, settings(), realTimers, () => Date.now());
  const replies = (c: FakeConn) => c.emitted as Array<Record<string, unknown>>;

  it('a snapshot flood: one capture handed to the service, one waiting, every other one answered "replaced"; a press is not held back', async () => {
    const { api, calls } = heldApi();
    const p = panel(api);
    const a = new FakeConn('a');
    for (let i = 0; i < 20; i++) {
      p.fromBrowser(a, { action: 'snapshot' });
      await clock.tickAsync(100);
    }
    assert.deepStrictEqual(
      calls.map((c) => c.op),
      ['capture'],
    );
    assert.strictEqual(replies(a).filter((r) => r.replaced === true && r.action === 'snapshot').length, 18);
    p.fromBrowser(a, { action: 'move', direction: 'left' });
    await clock.tickAsync(1);
    assert.deepStrictEqual(
      calls.map((c) => c.op),
      ['capture', 'ptz-start'],
    );
    calls[0].answer();
    await clock.tickAsync(1);
    assert.deepStrictEqual(
      calls.map((c) => c.op),
      ['capture', 'ptz-start', 'capture'],
    );
    calls[2].answer();
    await clock.tickAsync(10000);
    assert.strictEqual(calls.filter((c) => c.op === 'capture').length, 2, 'nothing more was queued');
    assert.deepStrictEqual(
      sent.map((m) => m.payload.action),
      ['snapshot', 'snapshot'],
    ); // the dead-man stop is still unanswered
  });

  it('switch writes: the last one wins, the replaced ones are answered, none is sent for them', async () => {
    const { api, calls } = heldApi();
    const p = panel(api);
    const a = new FakeConn('a');
    const b = new FakeConn('b');
    p.fromBrowser(a, { action: 'switch', switch: 'defence', state: 'on' });
    p.fromBrowser(a, { action: 'switch', switch: 'defence', state: 'off' });
    p.fromBrowser(b, { action: 'switch', switch: 'privacy', state: 'on' });
    await clock.tickAsync(1);
    assert.deepStrictEqual(
      replies(a).filter((r) => r.replaced),
      [{ action: 'switch', switch: 'defence', state: 'off', ok: false, replaced: true }],
    );
    calls[0].answer();
    await clock.tickAsync(1);
    assert.deepStrictEqual(
      calls.map((c) => [c.op, c.values.switch, c.values.state]),
      [
        ['switch', 'defence', 'on'],
        ['switch', 'privacy', 'on'],
      ],
    );
  });

  it('a browser that leaves: its waiting work is dropped and the call only it waited for gets a closed owner', async () => {
    const { api, calls } = heldApi();
    const p = panel(api);
    const a = new FakeConn('a');
    p.fromBrowser(a, { action: 'snapshot' });
    p.fromBrowser(a, { action: 'snapshot' });
    p.fromBrowser(a, { action: 'switch', switch: 'privacy', state: 'on' });
    await clock.tickAsync(1);
    assert.strictEqual(calls.length, 2);
    a.disconnect();
    assert.ok(
      calls.every((c) => c.owner.closed),
      'the service drops them unsent',
    );
    for (const c of calls) c.answer();
    await clock.tickAsync(10000);
    assert.strictEqual(calls.length, 2, 'the waiting snapshot was never handed on');
    assert.deepStrictEqual(sent, []);
  });

  it('state reads join: two browsers asking while one read runs get one more read between them', async () => {
    const { api, calls } = heldApi();
    const p = panel(api);
    const [a, b, c] = [new FakeConn('a'), new FakeConn('b'), new FakeConn('c')];
    p.fromBrowser(a, { action: 'state' });
    p.fromBrowser(b, { action: 'state' });
    p.fromBrowser(c, { action: 'state' });
    b.disconnect();
    calls[0].answer();
    await clock.tickAsync(1);
    assert.strictEqual(calls.length, 2);
    calls[1].answer();
    await clock.tickAsync(1);
    assert.deepStrictEqual(
      [a, b, c].map((x) => replies(x).filter((r) => r.action === 'state' && r.ok).length),
      [1, 0, 1],
    );
  });

  it('the action limit holds per panel and camera: 50 browsers pressing 100 times in a second get 10 through', async () => {
    const { api, calls } = recordingApi();
    const p = panel(api);
    const conns = Array.from({ length: 50 }, (_, i) => new FakeConn(`s${i}`));
    for (let i = 0; i < 100; i++) for (const conn of conns) p.fromBrowser(conn, { action: 'preset', preset: 1 });
    await clock.tickAsync(999);
    assert.strictEqual(calls.length, 10);
    await clock.tickAsync(1);
    p.fromBrowser(conns[7], { action: 'preset', preset: 2 });
    await clock.tickAsync(1);
    assert.strictEqual(calls.length, 11);
  });
});
