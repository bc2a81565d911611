// What it costs and whether it is alive (docs/behaviour.md section 23) in Node-RED against the
// simulator, on its fake clock: the config node counts every API call by path and outcome (token
// requests too), the last limit errors, and keeps the counts across a redeploy; a poll or consumer
// source failing three intervals in a row turns yellow `stale since HH:MM` and sends one STALE
// message on output 2, then a good poll shows `recovered`; the config node's book of sources says
// the same (what the EZVIZ sidebar reads).

import assert from 'assert';
import fs from 'fs';
import { FakeClock } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { forgetSeenCopies } from '../../../features/alarms/alarm-poller';
import { hhmm } from '../../../features/alarms/source-health';
import { statusWithArgs } from '../../../runtime/i18n/status-keys';
import type { EzvizService } from '../../../client/service/service';
import { collect, helper, load, Msg, unloadKeepingContext } from '../../support/red';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until, type Timers } from '../../support/fake-time';
import { alarmFlow, CREDS } from '../../support/alarm-flow';
import { withFileContext } from '../../support/file-context';

const ALARMS = '/api/lapp/alarm/list';
const TOKEN = '/api/lapp/token/get';

type Status = { fill?: string; shape?: string; text?: string };

describe('usage: call counters and stale alarm sources', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));
  afterEach(() => forgetSeenCopies());

  const service = (): EzvizService => (helper.getNode('cfg') as unknown as { service: EzvizService }).service;

  async function start(
    props: Record<string, unknown> = {},
  ): Promise<{ timers: Timers; out: ReturnType<typeof collect>; statuses: Status[] }> {
    const timers = fakeTimers(clock);
    fakeTime(clock);
    // (a copy: the runtime keeps the object it loads and a deploy writes into it)
    await load(alarmFlow(sim.url, { interval: 60, ...props }), structuredClone(CREDS));
    const out = collect(['ok', 'err', 'caught']);
    const statuses: Status[] = [];
    const node = helper.getNode('op') as unknown as { status(s: Status): void };
    const status = node.status.bind(node);
    node.status = (st) => {
      statuses.push(st);
      status(st);
    };
    assert.strictEqual(timers.fire(), 0, 'the first poll at once');
    await until(() => sim.requestLog({ path: ALARMS }).length >= 1);
    await settle();
    return { timers, out, statuses };
  }

  it('counts every call by path and outcome, token requests too, and the limit errors with their time', async () => {
    const { timers } = await start();
    sim.injectFault({ kind: 'code', code: '10029', path: ALARMS, count: 1 });
    timers.fire();
    await settle();
    const usage = service().loop.counters.snapshot(clock.now());
    assert.deepStrictEqual(usage.today[TOKEN], { 200: 1 });
    assert.deepStrictEqual(usage.today[ALARMS], { 200: 1, 10029: 1 });
    assert.deepStrictEqual(usage.lastHour, usage.today);
    assert.deepStrictEqual(usage.totals, { lastHour: 3, today: 3 });
    assert.deepStrictEqual(usage.limits, [{ code: '10029', path: ALARMS, at: clock.now() }]);
    // 10029 makes the next poll wait twice the interval (no timer fires here); 61 minutes later the first calls have left the last hour.
    clock.advance(61 * 60000);
    const later = service().loop.counters.snapshot(clock.now());
    assert.deepStrictEqual(later.lastHour, {});
    assert.strictEqual(later.totals.lastHour, 0);
  });

  it('keeps the counts across a full deploy and a modified-nodes deploy of the config node (other settings, another secret), not into another account', async () => {
    await start();
    const counted = () => service().loop.counters.snapshot(clock.now()).totals.today;
    assert.strictEqual(counted(), 2, 'the token and the first poll');
    const flow = alarmFlow(sim.url, { interval: 60 });
    // A full deploy (a comment moved): every node restarts, the config node too.
    await helper.setFlows(flow as never, 'full', CREDS as never);
    assert.strictEqual(counted(), 2, 'after a full deploy');
    // A modified-nodes deploy of the config node with another timeout and secret, the same account.
    const changed = flow.map((n) => (n.id === 'cfg' ? { ...n, timeout: 3000 } : n));
    const otherSecret = { cfg: { ...CREDS.cfg, appSecret: 'another-secret' } };
    await helper.setFlows(changed as never, 'nodes', otherSecret as never);
    assert.strictEqual((helper.getNode('cfg') as unknown as { service: EzvizService }).service.timeout, 3000);
    assert.strictEqual(counted(), 2, 'after a modified-nodes deploy of the config node');
    // Another app key is another account: its counts start at nothing.
    const otherKey = { cfg: { ...CREDS.cfg, appKey: 'another-app-key' } };
    await helper.setFlows(flow as never, 'full', otherKey as never);
    assert.strictEqual(counted(), 0, 'another account');
  });

  it("saves the counts in the config node's context when it closes (a persistent store keeps them across a restart)", async () => {
    await withFileContext(
      'ezviz-usage-ctx-',
      async (store) => {
        await unloadKeepingContext();
        await start();
        await store.load();
        const counted = service().loop.counters.snapshot(clock.now()).today;
        assert.deepStrictEqual(counted[ALARMS], { 200: 1 });
        await unloadKeepingContext();
        const files = store.files();
        const saved = files.map((f) => fs.readFileSync(f, 'utf8')).find((s) => s.includes('ezvizUsage'));
        assert.ok(saved, files.join(', '));
        assert.ok(saved.includes(ALARMS) && !saved.includes('demo-app-secret'));
      },
      () => load(alarmFlow(sim.url), CREDS),
    ); // a flow for afterEach
  });

  it('a poll failing three intervals in a row: yellow "stale since", one STALE message, then recovered', async () => {
    const { timers, out, statuses } = await start();
    assert.deepStrictEqual(out.err.length, 0);
    sim.injectFault({ kind: '49999', path: ALARMS, count: 4 });
    const firstFailure = clock.now() + 60000;
    for (let i = 0; i < 4; i++) {
      timers.fire();
      await until(() => out.err.length >= (i < 2 ? i + 1 : i + 2));
      await settle();
    }
    const stale = out.err.filter((m: Msg) => m.error.code === 'STALE');
    assert.strictEqual(stale.length, 1, 'one STALE message');
    assert.strictEqual(out.err.length, 5, 'four failures and the one STALE message');
    assert.strictEqual(stale[0].error.source, 'local');
    assert.strictEqual(stale[0].error.retriable, false);
    assert.strictEqual(stale[0].error.since, new Date(firstFailure).toISOString());
    assert.match(stale[0].error.message, /three times in a row/);
    assert.deepStrictEqual(stale[0].payload, stale[0].error);
    const staleStatus = { fill: 'yellow', shape: 'ring', text: statusWithArgs('stale', { t: hhmm(firstFailure) }) };
    assert.deepStrictEqual(statuses.at(-1), staleStatus, 'the fourth failure keeps the stale status');
    const entry = service().sources.get('op')!;
    assert.strictEqual(entry.kind, 'poll');
    assert.strictEqual(entry.failuresInRow, 4);
    assert.strictEqual(entry.staleSince, firstFailure);
    assert.strictEqual(entry.lastError?.code, '49999');
    assert.strictEqual(entry.intervalMs, 60000);
    timers.fire();
    await settle();
    assert.strictEqual(statuses.at(-1)?.fill, 'green');
    assert.strictEqual(
      statuses.at(-1)?.text,
      statusWithArgs('recovered', { t: new Date(clock.now()).toTimeString().slice(0, 8) }),
    );
    assert.strictEqual(out.err.length, 5, 'recovery sends nothing');
    assert.strictEqual(service().sources.get('op')?.staleSince, undefined);
    assert.strictEqual(service().sources.get('op')?.failuresInRow, 0);
  });

  it('two failures and a success are not stale; a closed node leaves the book', async () => {
    const { timers, out } = await start();
    sim.injectFault({ kind: 'http500', path: ALARMS, count: 2 });
    for (let i = 0; i < 3; i++) {
      timers.fire();
      await settle();
    }
    assert.strictEqual(out.err.filter((m: Msg) => m.error.code === 'STALE').length, 0);
    assert.strictEqual(service().sources.get('op')?.failuresInRow, 0);
    assert.ok(service().sources.get('op')?.lastOkAt);
    const cfgService = service();
    await unloadKeepingContext();
    assert.strictEqual(cfgService.sources.list().length, 0);
  });
});
