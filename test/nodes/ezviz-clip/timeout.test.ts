// ezviz-clip's own deadline (docs/behaviour.md section 26): `timeout`, by default maxSeconds + 30 s,
// bounds the reading of the playback stream (the config node's timeout bounds each API call). Its
// timer runs on the runtime's clock (client/clock/clock.ts), which the test holds: a
// playback stream that trickles (a server of the test's own, test/support/clip-world.ts) ends on
// CLIP_TIMEOUT when the deadline fires, with what arrived as a file (`complete: false`), the
// connection closed and no timer left; one that sends nothing at all ends the same way, without
// a file.

import { strict as assert } from 'assert';
import { mp4Facts, startClipWorld, type ClipWorld } from '../../support/clip-world';
import { until } from '../../support/fake-time';
import { hooks, loadOp, resetHooks, run, unload } from '../../support/red';

const START = Date.parse('2026-03-01T06:00:00Z');
const WINDOW_MS = 20000;

describe("ezviz-clip: the clip's own deadline (CLIP_TIMEOUT)", function () {
  this.timeout(30000);
  let world: ClipWorld;
  let timers: Map<number, { fn: () => void; ms: number }>;

  before(async () => {
    world = await startClipWorld();
  });
  after(() => world.close());
  beforeEach(() => {
    world.reset();
    timers = new Map();
    let n = 0;
    hooks.timer = (fn, ms) => {
      const id = ++n;
      timers.set(id, { fn, ms });
      return () => timers.delete(id);
    };
  });
  afterEach(async () => {
    await unload();
    resetHooks();
  });

  /** Fires the one pending timer of `ms`, as the clock reaching it would. */
  function fire(ms: number): void {
    const due = [...timers.entries()].filter(([, t]) => t.ms === ms);
    assert.equal(due.length, 1, `one timer of ${ms} ms: ${JSON.stringify([...timers.values()].map((t) => t.ms))}`);
    timers.delete(due[0][0]);
    due[0][1].fn();
  }

  const props = (more: Record<string, string> = {}) => ({
    props: { source: 'sd-card', sourceType: 'clipSource', maxSeconds: '60', maxSecondsType: 'num', ...more },
  });

  it('a trickling stream: CLIP_TIMEOUT at maxSeconds + 30 s, what arrived kept as a file, no timer left', async () => {
    world.delivery = () => ({ kind: 'trickle', ms: 40, bytes: 1024 });
    await loadOp('clip', world.url, props());
    const outcome = run({ payload: { deviceSerial: 'C00000006', start: START, end: START + WINDOW_MS } }, 'op', 25000);
    await until(() => world.calls.trickled >= 24000, 20000);
    fire(90000);
    const { port, msg } = await outcome;
    assert.equal(port, 'err');
    assert.equal(msg.payload.code, 'CLIP_TIMEOUT', msg.payload.message);
    assert.equal(msg.payload.source, 'local');
    const clip = msg.ezviz.clip;
    assert.equal(clip.complete, false);
    assert.ok(clip.seconds > 0 && clip.seconds < WINDOW_MS / 1000, `${clip.seconds} s arrived`);
    assert.ok(Buffer.isBuffer(msg.ezviz.partial), 'what arrived, as a file');
    const facts = mp4Facts(msg.ezviz.partial);
    assert.ok(facts.seconds > 0 && facts.seconds < WINDOW_MS / 1000, JSON.stringify(facts));
    assert.equal(world.calls.sessions, 1, 'not read on: the deadline ends the clip');
    assert.deepEqual([...timers.values()], [], 'no timer left');
    await until(() => world.open() === 0, 5000);
  });

  it('`timeout` set: its deadline; a stream that sends nothing ends on CLIP_TIMEOUT without a file', async () => {
    world.delivery = () => ({ kind: 'hang' });
    await loadOp('clip', world.url, props({ timeout: '5', timeoutType: 'num' }));
    const outcome = run({ payload: { deviceSerial: 'C00000006', start: START, end: START + WINDOW_MS } }, 'op', 25000);
    await until(() => world.open() === 1, 20000);
    fire(5000);
    const { port, msg } = await outcome;
    assert.equal(port, 'err');
    assert.equal(msg.payload.code, 'CLIP_TIMEOUT', msg.payload.message);
    assert.equal(msg.ezviz.clip.complete, false);
    assert.equal(msg.ezviz.clip.seconds, 0);
    assert.equal(msg.ezviz.partial, undefined);
    assert.deepEqual([...timers.values()], [], 'no timer left');
    await until(() => world.open() === 0, 5000);
  });

  it('a clip read whole before its deadline clears it: no timer left', async () => {
    await loadOp('clip', world.url, props());
    const { port, msg } = await run(
      { payload: { deviceSerial: 'C00000006', start: START, end: START + WINDOW_MS } },
      'op',
      25000,
    );
    assert.equal(port, 'ok', JSON.stringify(msg.payload));
    assert.ok(mp4Facts(msg.payload).seconds >= WINDOW_MS / 1000);
    assert.deepEqual([...timers.values()], [], 'no timer left');
  });
});
