// ezviz-siren in Node-RED against the simulator (docs/behaviour.md section 24, docs/api/hub-api.md
// section 2): start and stop a camera's active defence, the beep and alarm tones with a volume,
// 60020 on a camera without it, validation errors that send nothing, a start never sent twice
// (cut, or answered after the deadline), a stop retried, and a stop ahead of a queued start, which
// then ends STOPPED unsent.

import assert from 'assert';
import type { Simulator } from '../../../simulator';
import { SIREN_CALLS } from '../../../client/operations/siren';
import { collect, loadOp, node, run, simulatorPerTest } from '../../support/red';
import type { Node } from 'node-red';
import { until } from '../../support/fake-time';

const CAM = 'C00000001';
const DEFENCE = SIREN_CALLS.start.path;
const AUDITION = SIREN_CALLS.tone.path;
const props = { deviceSerial: '', deviceSerialType: 'str', action: '', actionType: 'sirenAction' };
const send = (payload: Record<string, unknown>) => run({ payload: { deviceSerial: CAM, ...payload } });

describe('ezviz-siren against the simulator', function () {
  let sim: Simulator;
  simulatorPerTest((s) => (sim = s));
  beforeEach(() => loadOp('siren', sim.url, { props }));

  const actions = () => sim.state.devices[CAM].siren.log.map((e) => e.action);

  it('start sounds the siren, stop silences it (status 2, then 1; token and serial in headers)', async () => {
    const start = await send({ action: 'start' });
    assert.strictEqual(start.port, 'ok', JSON.stringify(start.msg.error));
    assert.deepStrictEqual(start.msg.payload, { action: 'start', deviceSerial: CAM });
    assert.notStrictEqual(sim.state.devices[CAM].siren.since, null);
    const stop = await send({ action: 'Stop' });
    assert.strictEqual(stop.port, 'ok', JSON.stringify(stop.msg.error));
    assert.deepStrictEqual(stop.msg.payload, { action: 'stop', deviceSerial: CAM });
    assert.strictEqual(sim.state.devices[CAM].siren.since, null);
    assert.deepStrictEqual(actions(), ['start', 'stop']);
    assert.deepStrictEqual(
      sim.requestLog({ path: DEFENCE }).map((e) => [e.fields.status, e.httpStatus]),
      [
        ['2', 200],
        ['1', 200],
      ],
    );
  });

  it('tone: the beep by default, the alarm tone with a volume', async () => {
    const beep = await send({ action: 'tone' });
    assert.strictEqual(beep.port, 'ok', JSON.stringify(beep.msg.error));
    assert.deepStrictEqual(beep.msg.payload, { action: 'tone', deviceSerial: CAM, tone: 'beep', volume: null });
    const alarm = await send({ action: 'tone', tone: 'alarm', volume: 60 });
    assert.deepStrictEqual(alarm.msg.payload, { action: 'tone', deviceSerial: CAM, tone: 'alarm', volume: 60 });
    assert.deepStrictEqual(
      sim.state.devices[CAM].siren.tones.map((t) => [t.voiceIndex, t.volume]),
      [
        [200, 1],
        [201, 60],
      ],
    );
    assert.strictEqual(sim.requestLog({ path: AUDITION }).length, 2);
  });

  it('60020 (HTTP 422) on a camera without active defence, with its hint', async () => {
    const r = await send({ action: 'start', deviceSerial: 'C00000003' });
    assert.strictEqual(r.port, 'err');
    assert.deepStrictEqual([r.msg.error.code, r.msg.error.operation], ['60020', 'siren']);
    assert.match(r.msg.error.hint, /active defence/, "the hint beside the API's own words");
    assert.strictEqual(sim.requestLog({ path: DEFENCE })[0].httpStatus, 422);
  });

  it('validation: a bad action, tone or volume sends nothing (10001)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'loud' }, 'action'],
      [{ action: 'tone', tone: 'chime' }, 'tone'],
      [{ action: 'tone', volume: 0 }, 'volume'],
      [{ action: 'tone', volume: 101 }, 'volume'],
      [{ action: 'start', deviceSerial: 'C0000-0001' }, 'deviceSerial'],
    ];
    for (const [payload, param] of cases) {
      const r = await send(payload);
      assert.strictEqual(r.port, 'err', JSON.stringify(payload));
      assert.deepStrictEqual([r.msg.error.code, r.msg.error.source], ['10001', 'validation']);
      assert.ok(String(r.msg.error.message).includes(param), r.msg.error.message);
    }
    assert.strictEqual(sim.requestLog({}).length, 0, 'nothing sent');
  });

  it('a start whose connection is cut after sending is not sent again; a stop is retried', async () => {
    sim.injectFault({ kind: 'drop', path: DEFENCE });
    const start = await send({ action: 'start' });
    assert.strictEqual(start.port, 'err');
    assert.strictEqual(sim.requestLog({ path: DEFENCE }).length, 1, 'the start went out once');
    sim.clearLog();
    sim.injectFault({ kind: 'drop', path: DEFENCE });
    const stop = await send({ action: 'stop' });
    assert.strictEqual(stop.port, 'ok', JSON.stringify(stop.msg.error));
    assert.strictEqual(sim.requestLog({ path: DEFENCE }).length, 2, 'the stop was sent again');
  });

  it('a start answered after the deadline is not sent again', async () => {
    sim.injectFault({ kind: 'latency', ms: 3000, path: DEFENCE });
    const start = await send({ action: 'start' });
    assert.strictEqual(start.port, 'err');
    assert.strictEqual(start.msg.error.code, 'ETIMEDOUT');
    await until(() => sim.delayedReplies === 0, 10000);
    assert.strictEqual(sim.requestLog({ path: DEFENCE }).length, 1);
  });

  it('a stop goes ahead of a start queued for the same camera; the start waiting behind it is never sent (STOPPED)', async () => {
    // The first start is slow to answer; a second one waits behind it; the stop does not wait, and
    // the waiting start ends STOPPED without being sent. A start queued after the stop sounds.
    sim.injectFault({ kind: 'latency', ms: 600, path: DEFENCE });
    const got = collect();
    const op = node<Node & { receive(msg: unknown): void }>('op');
    for (const action of ['start', 'start', 'stop']) op.receive({ payload: { deviceSerial: CAM, action } });
    await got.wait(3);
    assert.deepStrictEqual([got.ok.length, got.err.length], [2, 1]);
    const stopped = got.err[0];
    assert.deepStrictEqual(
      [stopped.error.code, stopped.error.source, stopped.error.operation, stopped.error.retriable],
      ['STOPPED', 'local', 'siren', false],
    );
    assert.deepStrictEqual(
      got.ok.map((m) => m.payload.action),
      ['stop', 'start'],
    );
    assert.deepStrictEqual(actions(), ['stop', 'start'], 'two calls: the stop and the start already sent');
    assert.strictEqual(sim.requestLog({ path: DEFENCE }).length, 2);
    const again = await send({ action: 'start' });
    assert.strictEqual(again.port, 'ok', JSON.stringify(again.msg.error));
    assert.deepStrictEqual(actions(), ['stop', 'start', 'start']);
  });
});
