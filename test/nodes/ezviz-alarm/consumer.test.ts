// ezviz-alarm with source `consumer` in Node-RED against the simulator's message service
// (docs/behaviour.md section 15, docs/api/watch-api.md section 5), on the simulator's fake clock: the
// fetch timer costs no wall time.

import assert from 'assert';
import { FakeClock, messageService } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { collect, helper, load, Msg, unload } from '../../support/red';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until, type Timers } from '../../support/fake-time';
import { alarmFlow, CREDS, motionPayload } from '../../support/alarm-flow';

const GROUP1 = '/api/lapp/mq/v1/consumer/group1';
const MESSAGES = '/api/lapp/mq/v1/consumer/messages';
const OFFSETS = '/api/lapp/mq/v1/consumer/offsets';
const ALARMS = '/api/lapp/alarm/list';
const CONSUMER = { source: 'consumer', interval: 5 };

describe('ezviz-alarm source consumer against the simulator', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));

  async function start(
    props: Record<string, unknown> = CONSUMER,
    more: Array<Record<string, unknown>> = [],
  ): Promise<{ timers: Timers; out: ReturnType<typeof collect> }> {
    const timers = fakeTimers(clock);
    fakeTime(clock);
    await load(alarmFlow(sim.url, props, true, more), CREDS);
    const out = collect(['ok', 'err', 'caught', ...more.flatMap((_m, i) => [`ok${i + 2}`, `err${i + 2}`])]);
    assert.strictEqual(timers.fire(), 0, 'the first fetch at once');
    await until(() => sim.requestLog({ path: MESSAGES }).length >= 1);
    await settle();
    return { timers, out };
  }

  it('creates a consumer of its group, fetches every 5 s, sends each alarm once with the poll payload plus source, then commits', async () => {
    const { timers, out } = await start();
    assert.deepStrictEqual(
      sim
        .requestLog()
        .map((e) => e.path)
        .filter((p) => p.includes('/mq/')),
      [GROUP1, MESSAGES],
    );
    assert.strictEqual(sim.requestLog({ path: MESSAGES })[0].fields.preCommit, '0');
    assert.strictEqual(sim.requestLog({ path: OFFSETS }).length, 0, 'nothing to commit');
    clock.advance(1000);
    const listed = sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10002, alarmId: 'a1' });
    clock.advance(500);
    sim.raiseAlarm({ deviceSerial: 'C00000003', alarmType: 10016, alarmId: 'a2' });
    let committedAfter = -1;
    helper.getNode('ok').on('input', () => {
      committedAfter = sim.requestLog({ path: OFFSETS }).length;
    });
    assert.strictEqual(timers.fire(), 5000);
    await out.wait(2);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload.alarmId),
      ['a1', 'a2'],
      'oldest first',
    );
    assert.strictEqual(committedAfter, 0, 'no commit before the messages left');
    assert.strictEqual(sim.requestLog({ path: OFFSETS }).length, 1, 'committed after');
    const a = out.ok[0];
    assert.deepStrictEqual(a.payload, motionPayload(listed, 'consumer'));
    assert.strictEqual(a.topic, 'C00000001');
    assert.strictEqual(a.ezviz.source, 'consumer');
    assert.strictEqual(typeof a.ezviz.messageId, 'string');
    // fetched again: nothing new, nothing sent twice; no alarm-list call ever
    timers.fire();
    await settle();
    assert.strictEqual(out.ok.length, 2);
    assert.strictEqual(sim.requestLog({ path: ALARMS }).length, 0);
    assert.strictEqual(sim.requestLog({ path: GROUP1 }).length, 1, 'one consumer');
  });

  it('one consumer per config node and group, shared: each node sends what matches its filters; other groups have their own', async () => {
    const { timers, out } = await start({ ...CONSUMER, deviceSerial: 'C00000001' }, [
      { ...CONSUMER, interval: 3, alarmType: 10016 },
      { ...CONSUMER, group: 3 },
    ]);
    assert.strictEqual(sim.requestLog({ path: GROUP1 }).length, 1, 'group 1 made once for two nodes');
    assert.strictEqual(timers.fire(), 0, 'group 3 starts too');
    await until(() => sim.requestLog({ path: '/api/lapp/mq/v1/consumer/group3' }).length === 1 && timers.live() === 2);
    clock.advance(100);
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10002, alarmId: 'm1' });
    sim.raiseAlarm({ deviceSerial: 'C00000003', alarmType: 10016, alarmId: 'd3' });
    const delays = timers.pending
      .filter((p) => p.live)
      .map((p) => p.ms)
      .sort();
    assert.deepStrictEqual(delays, [3000, 5000], 'group 1 at the shortest interval of its nodes (3 s), group 3 at 5 s');
    timers.fire();
    timers.fire();
    await out.wait(4);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload.alarmId),
      ['m1'],
    );
    assert.deepStrictEqual(
      out.ok2.map((m: Msg) => m.payload.alarmId),
      ['d3'],
    );
    assert.deepStrictEqual(
      out.ok3.map((m: Msg) => m.payload.alarmId),
      ['m1', 'd3'],
    );
  });

  it('70101 (consumer expired after 5 minutes without a fetch): a new consumer, fetched again, nothing on output 2', async () => {
    const { timers, out } = await start();
    clock.advance(6 * 60 * 1000); // the simulator forgets it
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'late' });
    sim.clearLog();
    timers.fire();
    await out.wait(1);
    await settle();
    assert.deepStrictEqual(
      sim.requestLog().map((e) => `${e.path.split('/').pop()} ${e.code}`),
      ['messages 70101', 'group1 200', 'messages 200', 'offsets 200'],
    );
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload.alarmId),
      ['late'],
      'the new consumer gets what the group had not committed',
    );
    assert.deepStrictEqual(out.err, []);
  });

  it('a commit that fails: the messages come again and are not sent twice', async () => {
    const { timers, out } = await start();
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'once' });
    sim.injectFault({ kind: '49999', path: OFFSETS, count: 1 });
    timers.fire();
    await out.wait(2);
    assert.strictEqual(out.err[0].error.code, '49999');
    assert.strictEqual(out.err[0].error.operation, 'mq-offsets');
    timers.fire();
    await until(() => sim.requestLog({ path: OFFSETS }).length === 2);
    await settle();
    assert.strictEqual(sim.requestLog({ path: MESSAGES }).at(-1)!.code, '200');
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload.alarmId),
      ['once'],
    );
  });

  it('a fetch answered 10029 is not asked again before the next round, longer than the interval (retries on)', async () => {
    const timers = fakeTimers(clock);
    fakeTime(clock);
    // The config node retries idempotent calls (3 times, as by default): the consumer's fetch is not one of them on 10029.
    await load(
      alarmFlow(sim.url, CONSUMER).map((n) => (n.id === 'cfg' ? { ...n, maxRetries: 3, retryDelay: 400 } : n)),
      CREDS,
    );
    const out = collect(['ok', 'err']);
    sim.injectFault({ kind: 'code', code: '10029', path: MESSAGES, count: 2 });
    timers.fire();
    await until(() => out.err.length === 1);
    await settle();
    const fetches = () => sim.requestLog({ path: MESSAGES });
    assert.deepStrictEqual(
      fetches().map((e) => e.code),
      ['10029'],
      'asked once',
    );
    const wait = timers.fire();
    assert.ok(wait > 5000, `the next fetch ${wait} ms later, longer than the 5 s interval`);
    await until(() => fetches().length === 2);
    assert.ok(fetches()[1].time - fetches()[0].time > 5000, 'the second fetch after more than the interval');
  });

  it('10029 backs off: 2x, 4x... the interval, at most 5 minutes; the first good fetch resets it', async () => {
    const { timers, out } = await start();
    sim.injectFault({ kind: 'code', code: '10029', path: MESSAGES, count: 8 });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      timers.fire();
      await until(() => sim.requestLog({ path: MESSAGES }).length >= i + 2);
      await settle();
      waits.push(timers.pending.find((p) => p.live)!.ms);
    }
    assert.deepStrictEqual(waits, [10000, 20000, 40000, 80000, 160000, 300000, 300000, 300000]);
    timers.fire();
    await until(() => sim.requestLog({ path: MESSAGES }).length >= 10);
    await settle();
    assert.strictEqual(sim.requestLog({ path: MESSAGES }).at(-1)!.code, '200');
    sim.injectFault({ kind: 'code', code: '10029', path: MESSAGES, count: 1 });
    assert.strictEqual(timers.fire(), 5000, 'a good fetch: the interval again');
    await until(() => sim.requestLog({ path: MESSAGES }).length >= 11);
    await settle();
    assert.strictEqual(timers.fire(), 10000, 'and the next 10029 starts again at 2x');
    assert.ok(out.err.every((m: Msg) => ['10029', 'STALE'].includes(m.error.code)));
  });

  it('10007 waits an hour; other failures go to output 2 and back off, doubling up to 5 minutes', async () => {
    const { timers, out } = await start();
    sim.injectFault({ kind: 'code', code: '10029', path: MESSAGES, count: 1 });
    timers.fire();
    await settle();
    assert.strictEqual(timers.fire(), 10000, '10029: twice the interval');
    sim.injectFault({ kind: 'code', code: '10007', path: MESSAGES, count: 1 });
    await settle();
    assert.strictEqual(timers.fire(), 3600000, '10007: an hour');
    sim.injectFault({ kind: '49999', path: MESSAGES, count: 9 });
    await settle();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      waits.push(timers.fire());
      await settle();
    }
    assert.deepStrictEqual(waits, [5000, 10000, 20000, 40000, 80000, 160000, 300000, 300000]);
    // The third failure in a row makes the source stale: one STALE message (docs/behaviour.md section 23).
    assert.deepStrictEqual(
      out.err.map((m: Msg) => m.error.code),
      ['10029', '10007', '49999', 'STALE', ...Array(8).fill('49999')],
    );
    await settle();
    assert.strictEqual(timers.fire(), 300000);
    await settle();
    assert.strictEqual(timers.fire(), 5000, 'then the interval again');
  });

  it('nothing older than the deploy: what the group had before is not sent', async () => {
    await start();
    await unload();
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'while-away' });
    clock.advance(60000);
    const { timers, out } = await start();
    assert.strictEqual(sim.requestLog({ path: MESSAGES }).at(-1)!.code, '200');
    timers.fire();
    await settle();
    assert.deepStrictEqual(out.ok, []);
    assert.ok(sim.requestLog({ path: OFFSETS }).length >= 1, 'committed all the same');
  });

  it('ys.onoffline: online/offline messages only with the option ticked', async () => {
    const { timers, out } = await start({ ...CONSUMER, onoffline: true }, [{ ...CONSUMER }]);
    clock.advance(1000);
    messageService(sim.state).onOffline(sim.state, 'C00000003', false, clock.now());
    timers.fire();
    await out.wait(1);
    await settle();
    const m = out.ok[0];
    assert.strictEqual(m.topic, 'C00000003');
    assert.deepStrictEqual(m.payload, {
      event: 'offline',
      deviceSerial: 'C00000003',
      deviceName: sim.state.devices.C00000003.name,
      time: clock.now() - 5000,
    });
    assert.deepStrictEqual(out.ok2, []);
  });

  it('an input message fetches at once; settings clamp and validation; no timer left after close', async () => {
    const { timers, out } = await start({ ...CONSUMER, interval: 1, group: 5 });
    assert.deepStrictEqual(
      timers.pending.filter((p) => p.live).map((p) => p.ms),
      [2000],
      'at least 2 s',
    );
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'now' });
    const completed = new Promise<void>((resolve) => helper.getNode('completed').once('input', () => resolve()));
    helper.getNode('op').receive({ payload: 'fetch' });
    await completed;
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload.alarmId),
      ['now'],
    );
    assert.strictEqual(sim.requestLog({ path: '/api/lapp/mq/v1/consumer/group5' }).length, 1);
    await unload();
    assert.strictEqual(timers.live(), 0);
    await load(alarmFlow(sim.url, { ...CONSUMER, group: 6 }), CREDS);
    const bad = collect(['ok', 'err']);
    helper.getNode('op').receive({ payload: 1 });
    await bad.wait(1);
    assert.strictEqual(bad.err[0].error.code, '10001');
    assert.match(bad.err[0].error.message, /group/);
  });
});
