// PTZ and presets over real HTTP, with a fake clock (simulator/areas/ptz.ts): preset numbering,
// preset calls, the pan/tilt model and its limits, mirror state.

import { strict as assert } from 'assert';
import { OPERATIONS } from '../../../client/operations/operations';
import type { OperationName } from '../../../client/operations/operations';
import { positionOf } from '../../../simulator';
import { apiCalls, cam, clock, sim, simulatorEach } from './support';

const START = Date.parse('2026-03-01T08:00:00.250Z');
const P = (op: OperationName): string => OPERATIONS[op].path;

describe('simulator: PTZ and presets (areas/ptz.ts)', function () {
  simulatorEach(START);
  const { call, codeOf } = apiCalls(P);

  describe('presets', () => {
    it('numbers new presets with the lowest free index and refuses the 13th with 60008', async () => {
      // the default state's presets 1 and 3 (example 04)
      for (const i of ['1', '3']) delete sim.state.devices.C00000001.channels['1'].presets[i];
      const indexes: number[] = [];
      for (let i = 0; i < 3; i += 1) indexes.push((await call('preset-add', cam('C00000001'))).data.index);
      assert.deepEqual(indexes, [1, 2, 3]);
      assert.equal(await codeOf('preset-clear', cam('C00000001', { index: 2 })), '200');
      assert.deepEqual((await call('preset-add', cam('C00000001'))).data, { index: 2 });
      assert.deepEqual((await call('preset-add', cam('C00000001'))).data, { index: 4 });
      for (let i = 5; i <= 12; i += 1) assert.equal((await call('preset-add', cam('C00000001'))).data.index, i);
      assert.equal(await codeOf('preset-add', cam('C00000001')), '60008');
      assert.equal(await codeOf('preset-clear', cam('C00000001', { index: 7 })), '200');
      assert.deepEqual((await call('preset-add', cam('C00000001'))).data, { index: 7 });
      assert.deepEqual(
        Object.keys(sim.state.devices.C00000001.channels['1'].presets)
          .map(Number)
          .sort((a, b) => a - b),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      );
    });

    it('keeps presets per channel', async () => {
      for (let i = 1; i <= 12; i += 1) assert.equal((await call('preset-add', cam('C0000000F'))).data.index, i);
      assert.equal(await codeOf('preset-add', cam('C0000000F')), '60008');
      assert.deepEqual((await call('preset-add', cam('C0000000F', { channelNo: 2 }))).data, { index: 1 });
    });

    it('clearing an empty slot succeeds; calling it gives 60011; index outside 1..12 is 10001', async () => {
      assert.equal(await codeOf('preset-clear', cam('C00000001', { index: 3 })), '200');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 3 })), '60011');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 13 })), '10001');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 0 })), '10001');
      assert.equal(await codeOf('preset-clear', cam('C00000001', { index: 'one' })), '10001');
    });

    it('a call takes 2 s of clock time, moves the camera, then repeats give 60010 until it moves', async () => {
      const ch = sim.state.devices.C00000001.channels['1'];
      delete ch.presets['1']; // the default state's preset 1 (example 04): this test numbers its own
      assert.equal((await call('preset-add', cam('C00000001'))).data.index, 1); // at pan 0
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 3, speed: 2 })), '200');
      clock.advance(1000);
      assert.equal(await codeOf('ptz-stop', cam('C00000001', { direction: 3 })), '200');
      assert.equal(ch.pan, 60);
      assert.equal((await call('preset-add', cam('C00000001'))).data.index, 2); // at pan 60
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 1 })), '200');
      clock.advance(1999);
      assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 0 })), '60009');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 2 })), '60009');
      clock.advance(1);
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 1 })), '60010');
      assert.equal(ch.pan, 0);
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 2 })), '200');
      clock.advance(2000);
      assert.equal(positionOf(sim.state, sim.state.devices.C00000001, ch, clock.now()).pan, 60);
      // a start moves the camera away, so the same preset can be called again
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 0, speed: 0 })), '200');
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 2 })), '200');
      // a preset call while a start runs: stop first (60006)
      clock.advance(2000);
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 1, speed: 0 })), '200');
      assert.equal(await codeOf('preset-call', cam('C00000001', { index: 1 })), '60006');
    });

    it('a limited model (4 presets) refuses the 5th with 60007', async () => {
      for (let i = 1; i <= 4; i += 1) assert.equal((await call('preset-add', cam('C00000007'))).data.index, i);
      assert.equal(await codeOf('preset-add', cam('C00000007')), '60007');
      assert.equal(await codeOf('preset-call', cam('C00000007', { index: 5 })), '60011');
    });
  });

  describe('pan/tilt', () => {
    const pos = () =>
      positionOf(sim.state, sim.state.devices.C00000001, sim.state.devices.C00000001.channels['1'], clock.now());

    it('moves with the clock while a start runs and stops at the limits', async () => {
      assert.deepEqual(pos(), { pan: 0, tilt: 0, zoom: 1 });
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 3, speed: 1 })), '200'); // right, 30 deg/s
      clock.advance(2000);
      assert.equal(pos().pan, 60);
      clock.advance(60000);
      assert.equal(pos().pan, 170, 'stops at the right limit');
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      clock.advance(5000);
      assert.equal(pos().pan, 170, 'stays after the stop');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 3, speed: 1 })), '60005');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 7, speed: 1 })), '60005', 'down-right');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 2, speed: 0 })), '200', 'left is free');
      clock.advance(1000);
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      assert.equal(pos().pan, 155);
      assert.equal(
        await codeOf('ptz-start', cam('C00000001', { direction: 3, speed: 2 })),
        '200',
        'right again after moving off the limit',
      );
    });

    it('diagonals and zoom move each axis; tilt limits answer 60002/60003 first', async () => {
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 4, speed: 2 })), '200'); // up-left
      clock.advance(500);
      assert.deepEqual(pos(), { pan: -30, tilt: 30, zoom: 1 });
      clock.advance(10000);
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      assert.deepEqual(pos(), { pan: -170, tilt: 60, zoom: 1 });
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 4, speed: 2 })), '60002');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 5, speed: 2 })), '60004');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 8, speed: 1 })), '200'); // zoom in
      clock.advance(1500);
      assert.equal(await codeOf('ptz-stop', cam('C00000001', { direction: 8 })), '200');
      assert.equal(pos().zoom, 2.5);
    });

    it('requires a stop before the next start (60006), and a stop without a start is fine', async () => {
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '200');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 0, speed: 1 })), '200');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 0, speed: 1 })), '60006');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 1, speed: 1 })), '60006');
      assert.equal(await codeOf('ptz-stop', cam('C00000001', { direction: 0 })), '200');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 1, speed: 1 })), '200');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 16, speed: 1 })), '60006');
    });

    it('checks direction, speed and command values (10001)', async () => {
      for (const [direction, speed] of [
        [12, 1],
        [-1, 1],
        [15, 1],
        [1.5, 1],
        ['up', 1],
        [0, 3],
        [0, -1],
        [0, 'fast'],
      ]) {
        assert.equal(
          await codeOf('ptz-start', cam('C00000001', { direction, speed })),
          '10001',
          `${direction}/${speed}`,
        );
      }
      assert.equal(await codeOf('ptz-stop', cam('C00000001', { direction: 12 })), '10001');
      assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 3 })), '10001');
      assert.equal(await codeOf('ptz-mirror', cam('C00000001', { channelNo: '1a', command: 0 })), '10001');
      assert.equal(await codeOf('ptz-start', cam('C00000001', { direction: 16, speed: 0 })), '200');
    });
  });

  it('mirror: 0 flips up/down, 1 left/right, 2 centres', async () => {
    const m = () => sim.state.devices.C00000001.channels['1'].mirror;
    assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 0 })), '200');
    assert.deepEqual(m(), { upDown: true, leftRight: false });
    assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 1 })), '200');
    assert.deepEqual(m(), { upDown: true, leftRight: true });
    assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 0 })), '200');
    assert.deepEqual(m(), { upDown: false, leftRight: true });
    assert.equal(await codeOf('ptz-mirror', cam('C00000001', { command: 2 })), '200');
    assert.deepEqual(m(), { upDown: false, leftRight: false });
  });
});
