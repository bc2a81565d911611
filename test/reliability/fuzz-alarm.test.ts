// The alarm node in the input fuzzing (docs/reliability.md): ezviz-alarm with generated properties (interval, deviceSerial,
// alarmType: any JSON value) and generated input messages, alarms raised in the simulator as it
// runs. Every input message ends in exactly one outcome (a finished poll, or output 2 / a Catch
// node), nothing is thrown out of a node, a node with bad settings sends nothing, every alarm-list
// request has the documented fields, every alarm is sent once with a type-checked payload.

import assert from 'assert';
import fc from 'fast-check';
import { alarmSettings, PAGE_SIZE } from '../../features/alarms/alarms';
import { forgetSeenCopies } from '../../features/alarms/alarm-poller';
import { hooks } from '../../client/clock/clock';
import type { Simulator } from '../../simulator';
import { fastRetries, helper, load, Msg, resetHooks, TAB, unload } from '../support/red';
import { ALARM_KEYS } from './alarm-shape';
import {
  assertSaidClean,
  countOutcome,
  FULL,
  lightSpies,
  section,
  SEED,
  simulatorForFile,
  size,
  stateSecrets,
  summary,
  takeTrapped,
} from './support';

const MESSAGES = size(3000, 300);
const NODES = 8;
const ALARMS = '/api/lapp/alarm/list';
const OUTCOME_BOUND_MS = 5000;

const propValue = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>('', ' ', 10, '10', 60, '3600', 5, '9.5', -1, 0, 'x', null, true, {}, [], 1e12),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>('C00000001', 'c00000003', ' C00000011 ', 'C 1', 'é', 'C'.repeat(65), 7),
  },
  { weight: 2, arbitrary: fc.constantFrom<unknown>('10002', 10000, '-1', -2, '1.5', 'motion', '10016') },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);

describe('reliability: fuzzed input of ezviz-alarm', function () {
  this.timeout(0);
  let sim: Simulator;
  let loaded = false;
  simulatorForFile(
    { logLimit: 100000 },
    (s) => {
      sim = s;
    },
    { loaded: () => loaded },
  );

  it(
    `${MESSAGES} generated messages through ${NODES} alarm nodes with generated properties: one outcome each, ` +
      'right fields or nothing sent, each alarm once',
    async () => {
      const started = Date.now();
      const plans = fc.sample(fc.record({ interval: propValue, deviceSerial: propValue, alarmType: propValue }), {
        numRuns: NODES,
        seed: SEED,
      });
      plans[0] = { interval: 10, deviceSerial: '', alarmType: '' }; // a node that polls everything
      plans[1] = { interval: '30', deviceSerial: 'c00000003', alarmType: '' };
      plans[2] = { interval: 10, deviceSerial: '', alarmType: '10002' };
      plans[3] = { interval: '', deviceSerial: ' C00000011 ', alarmType: 10000 };
      const flow: Record<string, unknown>[] = [
        { id: TAB, type: 'tab', label: 'fuzz' },
        { id: 'cfg', type: 'ezviz-config', name: 'sim', baseUrl: sim.url, timeout: 2000, maxRetries: 1, retryDelay: 0 },
        ...plans.map((_p, i) => ({ id: `ok${i}`, type: 'helper', z: TAB })),
        { id: 'err', type: 'helper', z: TAB },
        { id: 'catch', type: 'catch', z: TAB, scope: null, uncaught: false, wires: [['caught']] },
        { id: 'caught', type: 'helper', z: TAB },
        {
          id: 'complete',
          type: 'complete',
          z: TAB,
          scope: plans.map((_p, i) => `al${i}`),
          uncaught: false,
          wires: [['completed']],
        },
        { id: 'completed', type: 'helper', z: TAB },
      ];
      plans.forEach((p, i) =>
        flow.push({
          id: `al${i}`,
          type: 'ezviz-alarm',
          z: TAB,
          name: '',
          config: 'cfg',
          ...JSON.parse(JSON.stringify(p) ?? '{}'),
          wires: [[`ok${i}`], i % 2 === 0 ? ['err'] : []],
        }),
      );
      for (const n of flow) if (n.z) Object.assign(n, { x: 100, y: 100 });
      fastRetries();
      // Timed polls would land at random points of the run: no timers here, every poll is an input's.
      const timers: Array<() => void> = [];
      hooks.timer = (fn) => {
        timers.push(fn);
        return () => undefined;
      };
      const deployedAt = hooks.now();
      await load(flow, { cfg: { accessToken: 'at.demo-token' } });
      lightSpies();
      loaded = true;

      const outcomes = new Map<string, string[]>();
      const waiters = new Map<string, () => void>();
      const alarmsOut: Msg[] = [];
      const perNode = plans.map(() => [] as string[]);
      for (const port of ['err', 'caught', 'completed'] as const) {
        helper.getNode(port).on('input', (m: Msg) => {
          const list = outcomes.get(m._msgid) ?? [];
          list.push(port);
          outcomes.set(m._msgid, list);
          waiters.get(m._msgid)?.();
        });
      }
      plans.forEach((_p, i) =>
        helper.getNode(`ok${i}`).on('input', (m: Msg) => {
          alarmsOut.push(m);
          perNode[i].push(String(m.payload?.alarmId));
        }),
      );
      let seq = 0;
      let raised = 0;
      const raisedIds: string[] = [];
      const serials = ['C00000001', 'C00000003', 'C00000011'];

      await fc.assert(
        fc.asyncProperty(
          fc.record({
            node: fc.nat(NODES - 1),
            payload: fc.anything({ maxDepth: 2 }),
            raise: fc.nat(3),
            serial: fc.nat(2),
            type: fc.constantFrom(10000, 10002, 10016),
            fault: fc.constantFrom<string | undefined>(
              undefined,
              undefined,
              undefined,
              undefined,
              undefined,
              '49999',
              'http500',
              'nonjson',
              'drop',
              '10029',
              '10007',
              '10001',
            ),
          }),
          async (m) => {
            sim.clearFaults();
            if (m.fault) {
              sim.injectFault(
                /^\d+$/.test(m.fault) && m.fault !== '49999'
                  ? { kind: 'code', code: m.fault, path: ALARMS, count: 2 }
                  : { kind: m.fault as 'http500', path: ALARMS, count: 2 },
              );
              summary.faultsInjected++;
            }
            for (let i = 0; i < m.raise; i++) {
              const a = sim.raiseAlarm({
                deviceSerial: serials[m.serial],
                alarmType: m.type,
                channelNo: m.serial === 2 ? 2 : 1,
                alarmId: `fz-${++raised}`,
              });
              raisedIds.push(String(a.alarmId));
            }
            const id = `alarm-${++seq}`;
            const plan = plans[m.node];
            const settings = alarmSettings(plan);
            sim.clearLog();
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, OUTCOME_BOUND_MS);
              waiters.set(id, () => {
                clearTimeout(timer);
                setImmediate(resolve); // an error on output 2 is followed by its done()
              });
              helper.getNode(`al${m.node}`).receive({ _msgid: id, payload: m.payload });
            });
            waiters.delete(id);
            await new Promise((r) => setImmediate(r));
            const out = outcomes.get(id) ?? [];
            summary.messages++;
            const wired = m.node % 2 === 0;
            const polls = sim.requestLog({ path: ALARMS });
            summary.requests += polls.length;
            if (!settings.ok) {
              assert.deepStrictEqual(polls, [], `${id}: a node with bad settings polled`);
              assert.deepStrictEqual(out, wired ? ['err', 'completed'] : ['caught'], `${id}: outcome ${out}`);
              countOutcome('fuzz-alarm:invalid');
            } else {
              assert.ok(['completed', 'err,completed', 'caught'].includes(out.join()), `${id}: outcome ${out}`);
              for (const e of polls) {
                const f = e.fields;
                assert.strictEqual(f.status, '2');
                assert.strictEqual(f.pageSize, String(PAGE_SIZE));
                assert.ok(
                  Number(f.startTime) >= deployedAt && Number(f.startTime) <= Number(f.endTime),
                  `${id}: window ${f.startTime}-${f.endTime}`,
                );
                assert.strictEqual(
                  f.alarmType,
                  settings.settings.alarmType === undefined ? undefined : String(settings.settings.alarmType),
                );
                assert.strictEqual(f.deviceSerial, undefined);
              }
              countOutcome(`fuzz-alarm:${out.join('+')}`);
            }
            const trapped = takeTrapped();
            assert.deepStrictEqual(trapped, [], `${id}: ${trapped.join('\n')}`);
          },
        ),
        { numRuns: MESSAGES, seed: SEED + 13, endOnFailure: true },
      );

      sim.clearFaults();
      // Node 0 (every device and type) polls once more: it has sent every alarm raised, each once.
      await new Promise<void>((resolve) => {
        waiters.set('last', () => setImmediate(resolve));
        helper.getNode('al0').receive({ _msgid: 'last', payload: null });
      });
      seq++;
      assert.deepStrictEqual([...perNode[0]].sort(), [...raisedIds].sort(), 'node 0 sent every raised alarm once');
      // Every node: each alarm at most once, typed, only raised ones, matching its filters.
      plans.forEach((p, i) => {
        assert.strictEqual(new Set(perNode[i]).size, perNode[i].length, `node ${i} sent an alarm twice`);
        const st = alarmSettings(p);
        if (!st.ok) assert.deepStrictEqual(perNode[i], [], `node ${i} has bad settings but sent alarms`);
      });
      for (const a of alarmsOut) {
        assert.deepStrictEqual(Object.keys(a.payload).sort(), ALARM_KEYS);
        assert.strictEqual(a.topic, a.payload.deviceSerial);
        assert.ok(raisedIds.includes(a.payload.alarmId), `unknown alarm ${a.payload.alarmId}`);
        assert.strictEqual(a.payload.alarmDate, new Date(a.payload.alarmTime).toISOString());
        assert.strictEqual(typeof a.payload.alarmType, 'number');
      }
      assert.strictEqual(outcomes.size, seq, 'every message answered');
      assertSaidClean(stateSecrets(sim.state));
      resetHooks();
      loaded = false;
      await unload();
      forgetSeenCopies();
      assert.deepStrictEqual(takeTrapped(), []);
      assert.ok(timers.length >= 1, 'the nodes with good settings scheduled their polls');
      section('fuzz ezviz-alarm', started, `${seq} messages, ${raised} alarms raised, ${alarmsOut.length} sent`);
      if (FULL) assert.ok(seq >= 3000);
    },
  );
});
