// Safe camera control (docs/behaviour.md section 5) as the simulator sees it: per-camera order, stop
// before start, timed moves and their stop on close, retries of idempotent operations only.

import assert from 'assert';
import { OPERATIONS, OperationName } from '../../client/operations/operations';
import { retryDelayMs } from '../../client/requests/request-loop';
import type { Simulator } from '../../simulator';
import { FakeClock } from '../../simulator';
import { statusKey } from '../../runtime/i18n/status-keys';
import { fakeTimers, settle, until } from '../support/fake-time';
import {
  collect,
  delay,
  fastRetries,
  helper,
  load,
  loadOp,
  Msg,
  run,
  simConfig,
  simulatorPerTest,
  TAB,
  text,
  unload,
} from '../support/red';

const STOP = OPERATIONS['ptz-stop'].path;
const CAM1 = { deviceSerial: 'C00000001', channelNo: 1 };
const CAM2 = { deviceSerial: 'C0000000F', channelNo: 2 };

/** A flow with one config node and a start, a stop, a mirror, a preset-call node, all wired to ok/err. */
function cameraFlow(url: string, opts: { errorWired?: boolean; startProps?: Record<string, unknown> } = {}) {
  const wires = (): string[][] => [['ok'], opts.errorWired === false ? [] : ['err']];
  const at = { z: TAB, x: 100, y: 100 };
  return [
    { id: TAB, type: 'tab', label: 'camera' },
    simConfig(url),
    { id: 'start', type: 'ezviz-ptz-start', name: '', config: 'cfg', ...at, ...opts.startProps, wires: wires() },
    { id: 'stop', type: 'ezviz-ptz-stop', name: '', config: 'cfg', ...at, wires: wires() },
    { id: 'mirror', type: 'ezviz-ptz-mirror', name: '', config: 'cfg', ...at, wires: wires() },
    { id: 'call', type: 'ezviz-preset-call', name: '', config: 'cfg', ...at, wires: wires() },
    { id: 'ok', type: 'helper', ...at },
    { id: 'err', type: 'helper', ...at },
    { id: 'catch', type: 'catch', scope: null, uncaught: false, ...at, wires: [['caught']] },
    { id: 'caught', type: 'helper', ...at },
  ];
}
const CREDS = { cfg: { accessToken: 'at.demo-token' } };

const startMsg = (cam: object, extra: Record<string, unknown> = {}): Msg => ({
  payload: { ...cam, direction: 'right', speed: 'slow', ...extra },
});

/** [path tail, code] of every API request of the log. */
const seq = (sim: Simulator, serial?: string) =>
  sim
    .requestLog()
    .filter((e) => !serial || e.fields.deviceSerial === serial)
    .map((e) => `${e.path.split('/').slice(-2).join('/')} ${e.code}`);

describe('camera control: order and stop before start', function () {
  let sim: Simulator;
  simulatorPerTest((s) => {
    sim = s;
  });

  it('a burst of starts and stops for one camera goes out one at a time in arrival order', async () => {
    await load(cameraFlow(sim.url), CREDS);
    const got = collect(['ok', 'err']);
    sim.injectFault({ kind: 'latency', ms: 25, count: 100 });
    const order: string[] = [];
    for (let i = 0; i < 6; i++) {
      helper.getNode('start').receive({ ...startMsg(CAM1, { direction: i % 2 ? 'left' : 'right' }), i: `start${i}` });
      order.push('ptz/start');
      helper.getNode('stop').receive({ payload: CAM1, i: `stop${i}` });
      order.push('ptz/stop');
    }
    await got.wait(12, 10000);
    assert.strictEqual(got.err.length, 0, JSON.stringify(got.err.map((m) => m.error)));
    assert.deepStrictEqual(
      seq(sim),
      order.map((p) => `${p} 200`),
    );
    // no overlap: each request arrived after the previous one had been answered (25 ms latency)
    const times = sim.requestLog().map((e) => e.time);
    for (let i = 1; i < times.length; i++)
      assert.ok(times[i] - times[i - 1] >= 20, `gap ${times[i] - times[i - 1]} ms at ${i}`);
    // the messages came out in the order they went in
    assert.deepStrictEqual(
      got.ok.map((m) => m.i),
      order.map((_p, k) => `${k % 2 ? 'stop' : 'start'}${Math.floor(k / 2)}`),
    );
  });

  it('different cameras run in parallel', async () => {
    await load(cameraFlow(sim.url), CREDS);
    const got = collect(['ok', 'err']);
    sim.injectFault({ kind: 'latency', ms: 150, count: 2 });
    helper.getNode('mirror').receive({ payload: { ...CAM1, command: 2 } });
    helper.getNode('stop').receive({ payload: CAM2 });
    await got.wait(2);
    const times = sim.requestLog().map((e) => e.time);
    assert.strictEqual(times.length, 2);
    assert.ok(Math.abs(times[1] - times[0]) < 100, `both sent at once (${times[1] - times[0]} ms apart)`);
  });

  it('a start on a moving camera sends a stop (with the running direction) first', async () => {
    await load(cameraFlow(sim.url), CREDS);
    const got = collect(['ok', 'err']);
    helper.getNode('start').receive(startMsg(CAM1, { direction: 'up' }));
    helper.getNode('start').receive(startMsg(CAM1, { direction: 'down' }));
    await got.wait(2);
    assert.strictEqual(got.err.length, 0, JSON.stringify(got.err.map((m) => m.error)));
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 200', 'ptz/start 200']);
    const log = sim.requestLog();
    assert.strictEqual(log[1].fields.direction, '0', 'the stop names the running direction');
    assert.strictEqual(log[2].fields.direction, '1');
  });

  it('an explicit stop clears the moving state: the next start is sent alone', async () => {
    await load(cameraFlow(sim.url), CREDS);
    assert.strictEqual((await run(startMsg(CAM1), 'start')).port, 'ok');
    const s = await run({ payload: CAM1 }, 'stop');
    assert.strictEqual(s.port, 'ok');
    assert.strictEqual(s.msg.ezviz.request.direction, 3, 'stop without direction gets the running one');
    assert.strictEqual((await run(startMsg(CAM1), 'start')).port, 'ok');
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 200', 'ptz/start 200']);
  });

  it('a preset call on a moving camera stops it first; mirror does not', async () => {
    await load(cameraFlow(sim.url), CREDS);
    assert.strictEqual((await run(startMsg(CAM1), 'start')).port, 'ok');
    assert.strictEqual((await run({ payload: { ...CAM1, command: 2 } }, 'mirror')).port, 'ok');
    sim.state.devices.C00000001.channels['1'].presets['3'] = { pan: 0, tilt: 0, zoom: 1 };
    const c = await run({ payload: { ...CAM1, index: 3 } }, 'call');
    assert.strictEqual(c.port, 'ok', JSON.stringify(c.msg.error));
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/mirror 200', 'ptz/stop 200', 'preset/move 200']);
  });

  it('a failing stop before a start: the start is not sent, the error reaches the start node', async () => {
    await load(cameraFlow(sim.url), CREDS);
    assert.strictEqual((await run(startMsg(CAM1), 'start')).port, 'ok');
    sim.injectFault({ kind: 'code', code: '20007', path: STOP });
    const r = await run(startMsg(CAM1), 'start');
    assert.strictEqual(r.port, 'err');
    assert.strictEqual(r.msg.error.code, '20007');
    assert.strictEqual(r.msg.error.operation, 'ptz-stop');
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 20007']);
    // A camera is moving until a stop succeeds (docs/behaviour.md section 8): the next start stops it first.
    const again = await run(startMsg(CAM1), 'start');
    assert.strictEqual(again.port, 'ok', JSON.stringify(again.msg.error));
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 20007', 'ptz/stop 200', 'ptz/start 200']);
  });
});

describe('camera control: timed moves', function () {
  let sim: Simulator;
  simulatorPerTest((s) => {
    sim = s;
  });

  it('duration: the node sends the stop itself after that time', async () => {
    await load(cameraFlow(sim.url), CREDS);
    const r = await run(startMsg(CAM1, { duration: 200 }), 'start');
    assert.strictEqual(r.port, 'ok');
    await delay(600);
    const log = sim.requestLog();
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 200']);
    const gap = log[1].time - log[0].time;
    assert.ok(gap >= 180 && gap < 550, `stop ${gap} ms after the start`);
    assert.strictEqual(log[1].fields.direction, '3');
  });

  it('the timed stop does not cover a later failure: "offline (20007)" stays, "stopped" shows after a success (fake timers)', async () => {
    const timers = fakeTimers(new FakeClock(Date.parse('2026-04-01T08:00:00Z')));
    await load(cameraFlow(sim.url), CREDS);
    const node = helper.getNode('start');
    const spy = node.status as unknown as { args: Array<[{ fill: string; text: string }]>; thisValues: unknown[] };
    const last = () =>
      spy.args
        .filter((_a, i) => spy.thisValues[i] === node)
        .map((a) => a[0])
        .at(-1);
    // "C00000001 up for 2 s", then "C00000002 (offline)" through the same node (example 02)
    assert.strictEqual((await run(startMsg(CAM1, { direction: 'up', duration: 2000 }), 'start')).port, 'ok');
    assert.strictEqual(timers.live(), 1, 'the timed stop waits on the injectable timer');
    assert.strictEqual((await run(startMsg({ deviceSerial: 'C00000002', channelNo: 1 }), 'start')).port, 'err');
    assert.deepStrictEqual(last(), { fill: 'red', shape: 'ring', text: statusKey('code.20007') });
    const waited = timers.fire(); // 2 s from when the start was sent
    assert.ok(waited > 1500 && waited <= 2000, String(waited));
    await until(() => seq(sim).includes('ptz/stop 200'));
    await settle();
    assert.deepStrictEqual(last(), { fill: 'red', shape: 'ring', text: statusKey('code.20007') }, 'the failure stays');
    // A timed move alone: its stop says "stopped".
    assert.strictEqual((await run(startMsg(CAM1, { duration: 2000 }), 'start')).port, 'ok');
    timers.fire();
    await until(() => seq(sim).filter((x) => x === 'ptz/stop 200').length === 2);
    await settle();
    assert.deepStrictEqual(last(), { fill: 'green', shape: 'dot', text: statusKey('stopped') });
  });

  it('two timed starts a few ms apart: start, stop, start, stop, no overlap, no 20008', async () => {
    await load(cameraFlow(sim.url), CREDS);
    const got = collect(['ok', 'err']);
    helper.getNode('start').receive(startMsg(CAM1, { duration: 150 }));
    await delay(3);
    helper.getNode('start').receive(startMsg(CAM1, { duration: 150 }));
    await got.wait(2);
    await delay(500);
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 200', 'ptz/start 200', 'ptz/stop 200']);
  });

  it('an explicit stop before the time is up: one stop only', async () => {
    await load(cameraFlow(sim.url), CREDS);
    await run(startMsg(CAM1, { duration: 150 }), 'start');
    await run({ payload: CAM1 }, 'stop');
    await delay(400);
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 200']);
  });

  it('a failing timed stop: a second message on output 2 of the start node, with the start msg id', async () => {
    await load(cameraFlow(sim.url), CREDS);
    const got = collect(['ok', 'err']);
    helper.getNode('start').receive({ ...startMsg(CAM1, { duration: 100 }), _msgid: 'm-1', topic: 'gate' });
    await got.wait(1);
    sim.injectFault({ kind: 'code', code: '20007', path: STOP });
    await got.wait(2, 3000);
    assert.strictEqual(got.ok.length, 1);
    const e = got.err[0];
    assert.strictEqual(e._msgid, 'm-1');
    assert.strictEqual(e.topic, 'gate');
    assert.deepStrictEqual(e.error, {
      code: '20007',
      message: 'The device is offline. (code 20007)',
      hint: 'The device is offline: check that it is online',
      operation: 'ptz-stop',
      source: 'api',
      retriable: false,
    });
    assert.deepStrictEqual(e.ezviz, {
      operation: 'ptz-stop',
      timedStop: true,
      request: { ...CAM1, direction: 3 },
      input: startMsg(CAM1, { duration: 100 }).payload,
    });
    assert.deepStrictEqual(e.payload, e.error);
  });

  it('a failing timed stop with output 2 unwired goes to a Catch node', async () => {
    await load(cameraFlow(sim.url, { errorWired: false }), CREDS);
    const got = collect(['ok', 'err', 'caught']);
    helper.getNode('start').receive(startMsg(CAM1, { duration: 80 }));
    await got.wait(1);
    sim.injectFault({ kind: 'code', code: '20007', path: STOP });
    await got.wait(2, 3000);
    assert.strictEqual(got.caught[0].error.code, '20007');
    assert.strictEqual(got.caught[0].error.source.id, 'start');
  });

  it('redeploying the start node stops its pending timed move at once', async () => {
    const flow = cameraFlow(sim.url);
    await load(flow, CREDS);
    await run(startMsg(CAM1, { duration: 10000 }), 'start');
    await run(startMsg(CAM2, { duration: 10000 }), 'start');
    const t0 = Date.now();
    const changed = flow.map((n) => (n.id === 'start' ? { ...n, name: 'changed' } : n));
    await helper.setFlows(changed as never, 'nodes', CREDS as never);
    await delay(50);
    assert.ok(Date.now() - t0 < 2000);
    assert.deepStrictEqual(seq(sim).sort(), ['ptz/start 200', 'ptz/start 200', 'ptz/stop 200', 'ptz/stop 200']);
  });

  it('stopping the flows (shutdown) stops every pending timed move, close waits for the stops', async () => {
    await load(cameraFlow(sim.url), CREDS);
    await run(startMsg(CAM1, { duration: 60000 }), 'start');
    sim.injectFault({ kind: 'latency', ms: 200, path: STOP });
    const t0 = Date.now();
    await unload();
    const took = Date.now() - t0;
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 200']);
    assert.ok(took >= 150 && took < 5000, `close waited for the stop (${took} ms)`);
    await load(cameraFlow(sim.url), CREDS); // for afterEach
  });

  it('no output after the node closed; its queued requests are dropped unsent', async () => {
    const flow = cameraFlow(sim.url);
    await load(flow, CREDS);
    const got = collect(['ok', 'err', 'caught']);
    sim.injectFault({ kind: 'latency', ms: 200, count: 1 });
    helper.getNode('mirror').receive({ payload: { ...CAM1, command: 2 } });
    helper.getNode('mirror').receive({ payload: { ...CAM1, command: 1 } });
    await delay(50);
    await helper.setFlows(
      flow.map((n) => (n.id === 'mirror' ? { ...n, name: 'x' } : n)) as never,
      'nodes',
      CREDS as never,
    );
    await until(() => sim.delayedReplies === 0); // the first mirror's reply came back to a closed node
    await settle();
    assert.strictEqual(got.ok.length + got.err.length + got.caught.length, 0);
    assert.deepStrictEqual(
      sim.requestLog().map((e) => e.fields.command),
      ['2'],
      'the queued request was not sent',
    );
  });

  it('a timed stop failing after its node closed is logged as a warning (no secret, no message)', async () => {
    const flow = cameraFlow(sim.url);
    await load(flow, CREDS);
    const got = collect(['ok', 'err', 'caught']);
    await run(startMsg(CAM1, { duration: 10000 }), 'start');
    sim.injectFault({ kind: 'code', code: '20007', path: STOP });
    await helper.setFlows(
      flow.map((n) => (n.id === 'start' ? { ...n, name: 'x' } : n)) as never,
      'nodes',
      CREDS as never,
    );
    await delay(50);
    assert.strictEqual(got.ok.length + got.err.length + got.caught.length, 1, 'only the start message');
    const warnings = helper
      .log()
      .args.map((a) => a[0])
      .filter((e: { level: number }) => e.level === 30);
    const camera = 'C00000001/1';
    assert.ok(
      warnings.some((w: { msg: string }) => w.msg.startsWith(text('log.timedStopFailed', { camera, message: '' }))),
      JSON.stringify(warnings),
    );
  });

  it('a timed stop waiting for a retry is sent at once when Node-RED stops', async () => {
    const flow = cameraFlow(sim.url).map((n) => (n.id === 'cfg' ? { ...n, retryDelay: 60000 } : n));
    await load(flow, CREDS);
    sim.injectFault({ kind: '20008', path: STOP });
    await run(startMsg(CAM1, { duration: 50 }), 'start');
    await until(() => seq(sim).includes('ptz/stop 20008')); // the timed stop failed and waits 30-60 s for its retry
    await settle();
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 20008']);
    const t0 = Date.now();
    await unload();
    assert.ok(Date.now() - t0 < 2000, `close took ${Date.now() - t0} ms`);
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 20008', 'ptz/stop 200']);
    await load(cameraFlow(sim.url), CREDS); // for afterEach
  });

  it('a retry of a closed node is not sent', async () => {
    const flow = cameraFlow(sim.url).map((n) => (n.id === 'cfg' ? { ...n, retryDelay: 60000 } : n));
    await load(flow, CREDS);
    const got = collect(['ok', 'err']);
    sim.injectFault({ kind: '20008', path: STOP, count: 5 });
    helper.getNode('stop').receive({ payload: CAM1 });
    await delay(150);
    const t0 = Date.now();
    await helper.setFlows(
      flow.map((n) => (n.id === 'stop' ? { ...n, name: 'x' } : n)) as never,
      'nodes',
      CREDS as never,
    );
    assert.ok(Date.now() - t0 < 2000);
    await delay(100);
    assert.deepStrictEqual(seq(sim), ['ptz/stop 20008']);
    assert.strictEqual(got.ok.length + got.err.length, 0);
    // the camera's queue is free again
    assert.strictEqual((await run({ payload: { ...CAM1, command: 2 } }, 'mirror')).port, 'ok');
  });

  it('untimed moves are left alone on redeploy (duration 0 means until a stop)', async () => {
    const flow = cameraFlow(sim.url);
    await load(flow, CREDS);
    await run(startMsg(CAM1, { duration: 0 }), 'start');
    await helper.setFlows(
      flow.map((n) => (n.id === 'start' ? { ...n, name: 'x' } : n)) as never,
      'nodes',
      CREDS as never,
    );
    await delay(50);
    assert.deepStrictEqual(seq(sim), ['ptz/start 200']);
  });

  it('a camera left moving survives a full redeploy: the next start still stops it first', async () => {
    const flow = cameraFlow(sim.url);
    await load(flow, CREDS);
    assert.strictEqual((await run(startMsg(CAM1, { duration: 0 }), 'start')).port, 'ok');
    await helper.setFlows(
      flow.map((n) => (n.id === 'cfg' ? { ...n, timeout: 3000 } : n)) as never,
      'full',
      CREDS as never,
    );
    const again = await run(startMsg(CAM1, { direction: 'left' }), 'start');
    assert.strictEqual(again.port, 'ok', JSON.stringify(again.msg.error));
    assert.deepStrictEqual(seq(sim), ['ptz/start 200', 'ptz/stop 200', 'ptz/start 200']);
    assert.strictEqual(sim.requestLog({ path: STOP })[0].fields.direction, '3', 'the stop names the running direction');
  });
});

describe('camera control: retries', function () {
  let sim: Simulator;
  simulatorPerTest((s) => {
    sim = s;
  });

  const PAYLOAD: Record<OperationName, Record<string, unknown>> = {
    'storage-open': { deviceSerial: 'C00000001', cardPassword: 'WRONG-CARD-1' },
    'storage-info': { deviceSerial: 'C00000001' },
    'ptz-start': { ...CAM1, direction: 'right', speed: 1 },
    'ptz-stop': { ...CAM1 },
    'ptz-mirror': { ...CAM1, command: 2 },
    'preset-add': { ...CAM1 },
    'preset-call': { ...CAM1, index: 1 },
    'preset-clear': { ...CAM1, index: 1 },
    capture: { ...CAM1 },
    live: { ...CAM1 },
  };
  const FAULTS = [
    { kind: '20008', code: '20008' },
    { kind: '49999', code: '49999' },
    { kind: 'code', faultCode: '10029', code: '10029' },
    { kind: 'http500', code: 'HTTP_500' },
    { kind: 'nonjson', code: 'HTTP_200' },
    { kind: 'drop', code: undefined },
    // past the timeout (400 ms), whose timer is set first; a timeout with room for a busy machine
    // (150 ms once timed out the stop sent before a start, whose retry then counted as a back-off)
    { kind: 'latency', ms: 600, code: 'ETIMEDOUT' },
  ] as const;

  for (const op of Object.keys(OPERATIONS) as OperationName[]) {
    const spec = OPERATIONS[op];
    it(`${op}: ${spec.idempotent ? 'retried maxRetries times' : 'never sent twice'} under every transient fault`, async () => {
      const { sleeps } = fastRetries();
      await loadOp(op, sim.url, { config: { maxRetries: 3, retryDelay: 100, timeout: 400 } });
      for (const f of FAULTS) {
        sim.clearLog();
        sleeps.length = 0;
        sim.injectFault({
          kind: f.kind,
          count: 50,
          path: spec.path,
          ...('faultCode' in f ? { code: f.faultCode } : {}),
          ...('ms' in f ? { ms: f.ms } : {}),
        });
        const r = await run({ payload: PAYLOAD[op] });
        // the simulator logs a delayed request when it answers: wait until every one has been
        await until(() => sim.delayedReplies === 0);
        sim.clearFaults();
        assert.strictEqual(r.port, 'err', `${op} ${f.kind}`);
        // docs/behaviour.md section 4: a non-idempotent request that may have reached the camera is not retriable
        assert.strictEqual(r.msg.error.retriable, spec.idempotent, `${op} ${f.kind}`);
        if (f.code) assert.strictEqual(r.msg.error.code, f.code);
        const sent = sim.requestLog({ path: spec.path }).length;
        assert.strictEqual(sent, spec.idempotent ? 4 : 1, `${op} under ${f.kind}: ${sent} requests`);
        const backOffs = [0, 1, 2].map((a) => Math.max(retryDelayMs(100, a, 0.5), spec.spacingMs ?? 0));
        if (!spec.idempotent) assert.deepStrictEqual(sleeps, []);
        else if (!spec.spacingMs) assert.deepStrictEqual(sleeps, backOffs);
        else {
          // capture: retries keep the 4 s spacing; the first attempt may wait for the last capture
          assert.deepStrictEqual(sleeps.slice(-3), backOffs);
          assert.ok(
            sleeps.length <= 4 && sleeps.slice(0, -3).every((ms) => ms > 0 && ms <= spec.spacingMs!),
            `${sleeps}`,
          );
        }
      }
      // an error that is not transient (10001): sent once by every operation
      sim.clearLog();
      sim.injectFault({ kind: 'code', code: '10001', count: 50, path: spec.path });
      const r = await run({ payload: PAYLOAD[op] });
      sim.clearFaults();
      assert.deepStrictEqual([r.msg.error.source, r.msg.error.retriable], ['api', false]);
      assert.strictEqual(sim.requestLog({ path: spec.path }).length, 1);
    });
  }

  it('a retried request that then succeeds gives one success message', async () => {
    const { sleeps } = fastRetries();
    await loadOp('storage-info', sim.url);
    sim.injectFault({ kind: '49999', count: 2 });
    const r = await run({ payload: { deviceSerial: 'C00000001' } });
    assert.strictEqual(r.port, 'ok');
    assert.deepStrictEqual(
      sim.requestLog().map((e) => e.code),
      ['49999', '49999', '200'],
    );
    assert.strictEqual(sleeps.length, 2);
  });

  it('non-retriable errors and maxRetries 0 are sent once', async () => {
    fastRetries();
    await loadOp('preset-call', sim.url, { config: { maxRetries: 0 } });
    sim.injectFault({ kind: '20008', count: 5 });
    assert.strictEqual((await run({ payload: { ...CAM1, index: 1 } })).msg.error.code, '20008');
    assert.strictEqual(sim.requestLog().length, 1);
    sim.clearFaults();
    await unload();
    await loadOp('preset-call', sim.url);
    sim.clearLog();
    assert.strictEqual(
      (await run({ payload: { deviceSerial: 'C00000002', channelNo: 1, index: 1 } })).msg.error.code,
      '20007',
    );
    assert.strictEqual(sim.requestLog().length, 1);
  });

  it('real back-off: the retries are spaced by the jittered delay', async () => {
    await loadOp('ptz-stop', sim.url, { config: { maxRetries: 2, retryDelay: 40 } });
    sim.injectFault({ kind: '20008', count: 5 });
    await run({ payload: CAM1 });
    const t = sim.requestLog().map((e) => e.time);
    assert.strictEqual(t.length, 3);
    assert.ok(t[1] - t[0] >= 15, `first gap ${t[1] - t[0]} (20..40 ms)`);
    assert.ok(t[2] - t[1] >= 35, `second gap ${t[2] - t[1]} (40..80 ms)`);
  });
});
