// The config node itself: settings validation, one client per config node reusing connections.

import assert from 'assert';
import fs from 'fs';
import path from 'path';
import type { Simulator } from '../../../simulator';
import { buildFlow, collect, delay, helper, hooks, load, loadOp, run, simulatorPerTest, text } from '../../support/red';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const TLS = {
  cert: fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'tls', 'cert.pem'), 'utf8'),
  key: fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'tls', 'key.pem'), 'utf8'),
};

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

describe('config node over https: kept-alive TLS connections', function () {
  let sim: Simulator;
  simulatorPerTest(
    (s) => {
      sim = s;
    },
    () => ({ tls: TLS }),
  );

  // The benchmark's https cell at concurrency 32 (docs/performance.md): rounds of 32 calls at once
  // with pauses shorter than the kept-alive connections' idle close (the simulator's Keep-Alive
  // timeout=5 less 1 s: 4 s) open their TLS connections (at most 32) once and reuse them.
  it('3 rounds of 32 parallel calls, 300 ms apart: TLS connections (at most 32) opened in the first round only', async () => {
    hooks.ca = [TLS.cert];
    await loadOp('storage-info', sim.url);
    const got = collect();
    let first = 0;
    for (let round = 1; round <= 3; round++) {
      for (let i = 0; i < 32; i++) helper.getNode('op').receive({ payload: { deviceSerial: 'C00000001' } });
      await got.wait(32 * round, 15000);
      assert.strictEqual(got.err.length, 0, JSON.stringify(got.err[0]?.error));
      if (round === 1) first = sim.connectionsOpened;
      assert.ok(first >= 1 && first <= 32, String(first));
      assert.strictEqual(sim.connectionsOpened, first, `round ${round} opens none`);
      await delay(300);
    }
  });
});
