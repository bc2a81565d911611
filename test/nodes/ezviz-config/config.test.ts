// The config node itself: settings validation, one client per config node reusing connections.

import assert from 'assert';
import type { Simulator } from '../../../simulator';
import { buildFlow, collect, helper, load, loadOp, run, simulatorPerTest, text } from '../../support/red';

describe('config node', function () {
  let sim: Simulator;
  simulatorPerTest((s) => {
    sim = s;
  });

  it('one client per config node: every node using it shares kept-alive connections', async () => {
    const { flow, credentials } = buildFlow('ptz-mirror', sim.url, { count: 3 });
    await load(flow, credentials);
    const before = sim.connectionsOpened;
    for (let i = 0; i < 9; i++) {
      const r = await run(
        { payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } },
        ['op', 'op2', 'op3'][i % 3],
      );
      assert.strictEqual(r.port, 'ok');
    }
    assert.strictEqual(sim.connectionsOpened - before, 1);
  });

  it('concurrent requests open at most as many connections as requests in flight', async () => {
    await loadOp('storage-info', sim.url);
    const got = collect();
    sim.injectFault({ kind: 'latency', ms: 30, count: 8 });
    for (let i = 0; i < 8; i++) helper.getNode('op').receive({ payload: { deviceSerial: 'C00000001' } });
    await got.wait(8);
    const opened = sim.connectionsOpened;
    for (let i = 0; i < 8; i++) helper.getNode('op').receive({ payload: { deviceSerial: 'C00000001' } });
    await got.wait(16);
    assert.ok(opened <= 8);
    assert.strictEqual(sim.connectionsOpened, opened, 'the second burst reuses them');
  });

  for (const [setting, value, min, max] of [
    ['timeout', 'abc', 100, 120000],
    ['timeout', 50, 100, 120000],
    ['maxRetries', 11, 0, 10],
    ['retryDelay', -1, 0, 60000],
  ] as const) {
    it(`refuses ${setting} ${JSON.stringify(value)}: every call fails locally, nothing is sent`, async () => {
      await loadOp('storage-info', sim.url, { config: { [setting]: value } });
      const r = await run({ payload: { deviceSerial: 'C00000001' } });
      assert.deepStrictEqual([r.msg.error.code, r.msg.error.source], ['INVALID_CONFIG', 'local']);
      assert.strictEqual(r.msg.error.message, text('errors.setting', { name: setting, min, max }));
      assert.deepStrictEqual(sim.requestLog(), []);
    });
  }

  it('empty settings take the defaults; a trailing slash of the base URL is dropped', async () => {
    await loadOp('storage-info', sim.url + '/', { config: { timeout: '', maxRetries: '', retryDelay: '' } });
    const r = await run({ payload: { deviceSerial: 'C00000001' } });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.strictEqual(sim.requestLog()[0].path, '/api/lapp/cloud/storage/device/info');
  });
});
