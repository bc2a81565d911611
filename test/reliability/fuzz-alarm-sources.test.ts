// Input fuzzing of ezviz-alarm's sources: alarm nodes with generated properties
// (source, group, interval, path, onoffline, filters: any JSON value) and generated input
// messages, against the simulator with consumers and webhook pushes. Every input message ends in
// exactly one outcome, nothing is thrown out of a node, a node with bad settings calls nothing
// and fails its inputs with a validation error, two webhook nodes never serve one path, and every
// alarm sent has the documented payload with its node's source.

import assert from 'assert';
import fc from 'fast-check';
import { sourceSettings } from '../../features/alarms/source-settings';
import { forgetPushIds } from '../../features/alarms/webhook';
import { hooks } from '../../client/clock/clock';
import type { Simulator } from '../../simulator';
import { fastRetries, helper, load, Msg, TAB } from '../support/red';
import { checkShape } from './alarm-shape';
import { assertSaidClean, section, SEED, simulatorForFile, size, stateSecrets, tallyMessage, until } from './support';

const MESSAGES = size(2000, 150);
const NODES = 10;

const anyValue = fc
  .anything({ maxDepth: 2 })
  .filter((v) => !(v && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, 'toString')));
const prop = (good: unknown[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: anyValue });

describe("reliability: fuzzed properties and input of ezviz-alarm's sources", function () {
  this.timeout(0);
  let sim: Simulator;
  simulatorForFile(
    { logLimit: 100000 },
    (s) => {
      sim = s;
    },
    { forget: forgetPushIds },
  );

  it(`${MESSAGES} generated messages through ${NODES} alarm nodes with generated source settings: one outcome each`, async () => {
    const started = Date.now();
    const plans = fc.sample(
      fc.record({
        source: prop(['poll', 'consumer', 'webhook', '', 'mqtt']),
        group: prop([1, '2', 5, 6, '', 0]),
        interval: prop([1, 2, '5', 10, '', 'often']),
        path: prop(['/fz/a', 'fz/b/', '/fz/a', '/', '/a b', '']),
        onoffline: prop([true, false, 'true']),
        deviceSerial: prop(['', 'C00000001', 'C 1']),
        alarmType: prop(['', 10002, 'x']),
      }),
      { numRuns: NODES, seed: SEED + 21 },
    );
    plans[0] = {
      source: 'consumer',
      group: 1,
      interval: 2,
      path: '',
      onoffline: true,
      deviceSerial: '',
      alarmType: '',
    };
    plans[1] = {
      source: 'webhook',
      group: 1,
      interval: 60,
      path: '/fz/a',
      onoffline: true,
      deviceSerial: '',
      alarmType: '',
    };
    const flow: Record<string, unknown>[] = [
      { id: TAB, type: 'tab', label: 'fuzz-sources' },
      { id: 'cfg', type: 'ezviz-config', name: 'sim', baseUrl: sim.url, timeout: 2000, maxRetries: 1, retryDelay: 0 },
      ...[
        { id: 'ok', type: 'helper' },
        { id: 'err', type: 'helper' },
        { id: 'catch', type: 'catch', scope: null, uncaught: false, wires: [['caught']] },
        { id: 'caught', type: 'helper' },
        {
          id: 'complete',
          type: 'complete',
          scope: plans.map((_p, i) => `al${i}`),
          uncaught: false,
          wires: [['completed']],
        },
        { id: 'completed', type: 'helper' },
      ].map((n) => ({ ...n, z: TAB, x: 1, y: 1 })),
      ...plans.map((p, i) => ({
        id: `al${i}`,
        type: 'ezviz-alarm',
        z: TAB,
        x: 1,
        y: 1,
        name: '',
        config: 'cfg',
        ...JSON.parse(JSON.stringify(p) ?? '{}'),
        wires: [['ok'], i % 2 === 0 ? ['err'] : []],
      })),
    ];
    fastRetries();
    hooks.timer = () => () => undefined; // every round is an input's
    await load(flow, { cfg: { accessToken: 'at.demo-token' }, al1: { secret: 'fz-secret' } });
    const outcomes = new Map<string, string[]>();
    for (const port of ['err', 'caught', 'completed']) {
      helper.getNode(port).on('input', (m: Msg) => outcomes.set(m._msgid, [...(outcomes.get(m._msgid) ?? []), port]));
    }
    const sent: Msg[] = [];
    helper.getNode('ok').on('input', (m: Msg) => sent.push(m));
    const settings = plans.map((p) => sourceSettings(p as Record<string, unknown>));
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ node: fc.nat(NODES - 1), payload: anyValue, raise: fc.boolean() }), async (m) => {
        if (m.raise) sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: `fzs-${seq}` });
        const id = `in-${++seq}`;
        helper.getNode(`al${m.node}`).receive({ _msgid: id, payload: m.payload });
        assert.ok(await until(() => (outcomes.get(id) ?? []).length >= 1, 5000), `${id}: no outcome`);
        await new Promise((r) => setTimeout(r, 2));
        const out = outcomes.get(id)!;
        const wired = m.node % 2 === 0;
        const st = settings[m.node];
        if (!st.ok) assert.deepStrictEqual(out, wired ? ['err', 'completed'] : ['caught'], `${id}: ${out}`);
        else assert.ok(['completed', 'err,completed', 'caught'].includes(out.join()), `${id}: ${out}`);
        tallyMessage(`fuzz-sources:${st.ok ? st.settings.source : 'invalid'}:${out.join('+')}`, id);
      }),
      { numRuns: MESSAGES, seed: SEED + 22, endOnFailure: true },
    );
    for (const m of sent) {
      if ('event' in m.payload) continue;
      const problems: string[] = [];
      checkShape(m, problems);
      assert.deepStrictEqual(problems, []);
      assert.ok(['poll', 'consumer', 'webhook'].includes(m.payload.source));
    }
    assertSaidClean(stateSecrets(sim.state));
    section('fuzz ezviz-alarm sources', started, `${seq} messages through ${NODES} nodes, ${sent.length} alarms sent`);
  });
});
