// The rule by which the examples' runs wait for a press (test/support/examples-run.ts, used at run
// time by test/nodes/examples.test.ts and in the editor by test/support/editor-examples.ts):
// the outcome of a node the inject reaches, then a short settle, no such node blue, no preset call.

import { strict as assert } from 'assert';
import { outcomeCame, presetCalling, quietNow, reachable, type Seen } from '../support/examples-run';

describe('examples-run: when a press has ended', function () {
  const wires = new Map([
    ['inject', ['op']],
    ['op', ['ok', 'err']],
    ['other', ['elsewhere']],
  ]);
  const nodes = reachable(wires, 'inject');

  it('follows the wires from the inject', function () {
    assert.deepEqual([...nodes].sort(), ['err', 'inject', 'ok', 'op']);
  });

  it('takes a debug message or a status that is not blue of a reached node as the outcome, nothing else', function () {
    const blue: Seen = { kind: 'status', node: 'op', value: { fill: 'blue' } };
    assert.equal(outcomeCame([blue], nodes), false, 'a call under way is no outcome');
    assert.equal(outcomeCame([{ kind: 'debug', node: 'elsewhere', value: {} }], nodes), false, 'another flow');
    assert.equal(outcomeCame([{ kind: 'log', value: '[error] x' }], nodes), false, 'a log line');
    assert.equal(outcomeCame([blue, { kind: 'debug', node: 'err', value: {} }], nodes), true);
    assert.equal(outcomeCame([{ kind: 'status', node: 'op', value: { fill: 'red' } }], nodes), true);
  });

  it('is quiet after the outcome and the settle, with no reached node blue', function () {
    const at = (now: number, o: Partial<{ outcome: boolean; busy: string[] }> = {}) =>
      quietNow({ now, lastEvent: 1000, busy: o.busy ?? [], outcome: o.outcome ?? true }, { settleMs: 300, nodes });
    assert.equal(at(1299), false, 'within the settle');
    assert.equal(at(1300), true);
    assert.equal(at(5000, { outcome: false }), false, 'the outcome is awaited');
    assert.equal(at(11000, { outcome: false }), true, 'an outcome that never came is given up after 10 s');
    assert.equal(at(5000, { busy: ['op'] }), false, 'a reached node is blue');
    assert.equal(at(5000, { busy: ['other'] }), true, "another flow's blue node does not count");
    const anyNode = quietNow({ now: 5000, lastEvent: 0, busy: ['other'], outcome: true }, { settleMs: 1000 });
    assert.equal(anyNode, false, 'without nodes (a deploy), any blue node counts');
  });

  it('sees a preset call under way in the simulator state', function () {
    const state = (until: number) => ({ devices: { C1: { channels: { 1: { presetCall: { index: 3, until } } } } } });
    assert.equal(presetCalling(state(2000), 1999), true);
    assert.equal(presetCalling(state(2000), 2000), false);
    assert.equal(presetCalling({ devices: { C1: { channels: { 1: { presetCall: null } } } } }, 0), false);
    assert.equal(presetCalling({}, 0), false);
  });
});
