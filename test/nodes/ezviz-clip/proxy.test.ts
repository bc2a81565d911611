// ezviz-clip behind a proxy (docs/behaviour.md sections 8 and 26): with HTTP_PROXY naming a CONNECT
// proxy of the test's own, the playback stream's GET goes through a tunnel as the account's API
// requests do (EzvizService.agentFor, client/service/service.ts: the agent of the config node's client), never as a forward-proxy request and never
// around the proxy; the clip is whole.

import { strict as assert } from 'assert';
import type { Simulator } from '../../../simulator';
import { loadOp, resetHooks, run, unload } from '../../support/red';
import { withoutProxyEnv } from '../../support/proxy-env';
import { connectProxy } from '../../support/connect-proxy';
import { fakeClockSimulator } from '../../support/fake-time';

const NOW = Date.parse('2026-03-01T08:00:00Z');

describe('ezviz-clip: the playback stream through the proxy', function () {
  this.timeout(30000);
  let sim: Simulator;

  fakeClockSimulator((s) => (sim = s), NOW, { runtimeNow: true });
  withoutProxyEnv();
  afterEach(async () => {
    await unload();
    resetHooks();
  });

  it('HTTP_PROXY: the stream GET goes through a CONNECT tunnel, the clip is whole', async () => {
    const proxy = await connectProxy();
    try {
      process.env.HTTP_PROXY = proxy.url;
      await loadOp('clip', sim.url);
      const start = NOW - 3600000;
      const { port, msg } = await run(
        { payload: { deviceSerial: 'C00000006', start, end: start + 6000 } },
        'op',
        20000,
      );
      assert.equal(port, 'ok', JSON.stringify(msg.payload));
      assert.ok(msg.ezviz.clip.seconds >= 6);
      const simHost = new URL(sim.url).host;
      // The stream's GET takes the config node's connections (a tunnel the API calls opened may carry it).
      const connects = proxy.tunnels.map((t) => t.to);
      assert.ok(connects.length >= 1, JSON.stringify(connects));
      assert.ok(
        connects.every((c) => c === simHost),
        JSON.stringify(connects),
      );
      assert.deepEqual(proxy.plain, [], 'no forward-proxy request');
      const toServer = Buffer.concat(proxy.tunnels.flatMap((t) => t.up)).toString('latin1');
      const fromServer = proxy.tunnels.reduce((n, t) => n + Buffer.concat(t.back).length, 0);
      assert.match(toServer, /GET \/v3\/openlive\/C00000006_1_\d+\.flv\?/, 'the stream was asked for in a tunnel');
      assert.ok(fromServer > msg.payload.length / 2, `the stream came through the tunnel (${fromServer} bytes)`);
    } finally {
      await proxy.close();
    }
  });
});
