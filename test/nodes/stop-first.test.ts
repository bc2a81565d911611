// Nothing waits in front of a stop (docs/behaviour.md sections 5 and 21): a stop goes ahead of the
// captures and switch writes queued for its camera (4 s and 2 s apart) and of its reads, whoever
// queued them; it never overtakes its own start. The runtime's clock is the simulator's fake clock
// and every spacing wait is held until the test lets it go: a stop that waited behind a capture
// would not reach the simulator at all while the waits are held.

import assert from 'assert';
import type { FakeClock, Simulator } from '../../simulator';
import { OPERATIONS } from '../../client/operations/operations';
import { STATE_CALLS } from '../../client/operations/state-calls';
import { fakeClockSimulator, settle, until } from '../support/fake-time';
import { collect, helper, hooks, load, Msg, TAB } from '../support/red';

const START = OPERATIONS['ptz-start'].path;
const STOP = OPERATIONS['ptz-stop'].path;
const CAPTURE = OPERATIONS.capture.path;
const SWITCH_SET = STATE_CALLS['microphone-set'].path;
const CAM1 = { deviceSerial: 'C00000001', channelNo: 1 };

/** One config node and a start, a stop, a capture, a switch and a device node, all wired to ok/err. */
function flow(url: string): Record<string, unknown>[] {
  const at = { z: TAB, x: 100, y: 100, wires: [['ok'], ['err']] };
  const op = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
    id,
    type,
    name: '',
    config: 'cfg',
    ...at,
    ...extra,
  });
  return [
    { id: TAB, type: 'tab', label: 'stop first' },
    { id: 'cfg', type: 'ezviz-config', name: 'sim', baseUrl: url, timeout: 5000, maxRetries: 0, retryDelay: 10 },
    op('start', 'ezviz-ptz-start'),
    op('stop', 'ezviz-ptz-stop'),
    op('cap', 'ezviz-capture'),
    op('sw', 'ezviz-switch', { switch: 'microphone', switchType: 'switch' }),
    op('dev', 'ezviz-device'),
    { id: 'ok', type: 'helper', z: TAB, x: 100, y: 100 },
    { id: 'err', type: 'helper', z: TAB, x: 100, y: 100 },
  ];
}

/** Every runtime wait (the spacing of captures and switch writes) is held until `release()`,
 * which lets the held ones go, advancing the fake clock by each one's time. */
function heldSleeps(clock: FakeClock): { held: number[]; release(): number } {
  const waiting: Array<{ ms: number; go: () => void }> = [];
  hooks.now = () => clock.now();
  hooks.random = () => 0.5;
  hooks.sleep = (ms: number) => new Promise<void>((resolve) => waiting.push({ ms, go: resolve }));
  return {
    get held() {
      return waiting.map((w) => w.ms);
    },
    release() {
      const now = waiting.splice(0);
      for (const w of now) {
        clock.advance(w.ms);
        w.go();
      }
      return now.length;
    },
  };
}

const count = (sim: Simulator, path: string) => sim.requestLog({ path }).length;

describe('camera queue: nothing waits in front of a stop (fake clock)', function () {
  this.timeout(20000);
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));

  it('a stop overtakes five queued captures, three switch writes and the reads of its camera; the others go out after, spaced', async () => {
    const sleeps = heldSleeps(clock);
    sim.state.settings.captureMinIntervalMs = 4000;
    await load(flow(sim.url), { cfg: { accessToken: 'at.demo-token' } });
    const out = collect(['ok', 'err']);
    helper.getNode('start').receive({ payload: { ...CAM1, direction: 'left', speed: 'slow' }, topic: 'start' });
    await out.wait(1);
    for (let i = 0; i < 5; i++) helper.getNode('cap').receive({ payload: CAM1, topic: `capture${i}` });
    for (const state of ['on', 'off', 'on'])
      helper.getNode('sw').receive({ payload: { deviceSerial: 'C00000001', state }, topic: `switch-${state}` });
    helper.getNode('dev').receive({ payload: CAM1, topic: 'read' });
    // The first capture and the first switch write go out; the next of each waits its spacing.
    await until(() => count(sim, CAPTURE) === 1 && count(sim, SWITCH_SET) === 1 && sleeps.held.length === 2, 5000);
    helper.getNode('stop').receive({ payload: CAM1, topic: 'stop' });
    await until(() => count(sim, STOP) === 1, 3000);
    assert.deepStrictEqual(
      [count(sim, CAPTURE), count(sim, SWITCH_SET)],
      [1, 1],
      'the stop went out while the others waited',
    );
    assert.strictEqual(sleeps.held.length, 2);
    // Now let the waits go: every capture and write follows, spaced on the fake clock.
    for (let i = 0; i < 50 && out.ok.length + out.err.length < 11; i++) {
      sleeps.release();
      await settle();
    }
    assert.deepStrictEqual(
      out.err.map((m: Msg) => [m.topic, m.error?.code]),
      [],
    );
    assert.strictEqual(out.ok.length, 11);
    const order = out.ok.map((m: Msg) => m.topic);
    assert.ok(order.indexOf('stop') < order.indexOf('capture1'), order.join());
    assert.deepStrictEqual(
      order.filter((t: string) => t.startsWith('capture')),
      ['capture0', 'capture1', 'capture2', 'capture3', 'capture4'],
    );
    const times = sim.requestLog({ path: CAPTURE }).map((e) => e.time);
    for (let i = 1; i < times.length; i++)
      assert.ok(times[i] - times[i - 1] >= 4000, `capture gap ${times[i] - times[i - 1]} ms`);
    assert.deepStrictEqual(
      sim
        .requestLog()
        .filter((e) => e.path === START || e.path === STOP)
        .map((e) => e.path),
      [START, STOP],
    );
  });

  it('a stop never overtakes its own start, however many captures wait: start, stop in that order, stop before start holds', async () => {
    const sleeps = heldSleeps(clock);
    await load(flow(sim.url), { cfg: { accessToken: 'at.demo-token' } });
    const out = collect(['ok', 'err']);
    sim.injectFault({ kind: 'latency', ms: 300, path: START, count: 1 });
    helper.getNode('cap').receive({ payload: CAM1, topic: 'capture0' });
    await until(() => count(sim, CAPTURE) === 1, 3000);
    for (let i = 1; i < 4; i++) helper.getNode('cap').receive({ payload: CAM1, topic: `capture${i}` });
    helper.getNode('start').receive({ payload: { ...CAM1, direction: 'up', speed: 'slow' }, topic: 'start' });
    helper.getNode('stop').receive({ payload: CAM1, topic: 'stop' });
    await until(() => count(sim, STOP) === 1, 3000);
    // The start took 300 ms to answer: a stop that overtook it would have been logged first.
    assert.deepStrictEqual(
      sim
        .requestLog()
        .filter((e) => e.path === START || e.path === STOP)
        .map((e) => [e.path, e.fields.direction]),
      [
        [START, '0'],
        [STOP, '0'],
      ],
    );
    assert.strictEqual(count(sim, CAPTURE), 1);
    // A second start on a camera still moving sends a stop first, behind no capture either.
    sim.injectFault({ kind: 'code', code: '20007', path: STOP, count: 1 });
    helper.getNode('start').receive({ payload: { ...CAM1, direction: 'down', speed: 'slow' }, topic: 'start2' });
    helper.getNode('stop').receive({ payload: CAM1, topic: 'stop2' });
    await until(() => count(sim, STOP) === 2, 3000);
    helper.getNode('start').receive({ payload: { ...CAM1, direction: 'right', speed: 'slow' }, topic: 'start3' });
    await until(() => count(sim, START) === 3, 3000);
    const ptz = sim
      .requestLog()
      .filter((e) => e.path === START || e.path === STOP)
      .map((e) => `${e.path.slice(-5)} ${e.code}`);
    // start2 moved the camera, its stop failed (20007): the camera is still moving, so start3 stops it first.
    assert.deepStrictEqual(ptz, ['start 200', '/stop 200', 'start 200', '/stop 20007', '/stop 200', 'start 200']);
    assert.strictEqual(count(sim, CAPTURE), 1, 'every PTZ call went out while the captures waited');
    for (let i = 0; i < 20 && count(sim, CAPTURE) < 4; i++) {
      sleeps.release();
      await settle();
    }
    assert.strictEqual(count(sim, CAPTURE), 4);
    assert.ok(out.ok.length >= 4);
  });
});
