// ezviz-clip behind a proxy (docs/behaviour.md sections 8 and 26): with HTTP_PROXY naming a CONNECT
// proxy of the test's own, the playback stream's GET goes through a tunnel as the account's API
// requests do (EzvizService.agentFor, client/service/service.ts: the agent of the config node's client), never as a forward-proxy request and never
// around the proxy; the clip is whole.

import { strict as assert } from 'assert';
import * as http from 'http';
import * as net from 'net';
import type { AddressInfo } from 'net';
import type { Simulator } from '../../../simulator';
import { loadOp, resetHooks, run, unload } from '../../support/red';
import { withoutProxyEnv } from '../../support/proxy-env';
import { fakeClockSimulator } from '../../support/fake-time';

const NOW = Date.parse('2026-03-01T08:00:00Z');

/** A CONNECT proxy that records the tunnels asked for, the requests sent to it in clear, and the
 * bytes it carried towards the client. */
async function connectProxy(): Promise<{
  url: string;
  connects: string[];
  plain: string[];
  toServer: () => string;
  fromServer: () => number;
  close(): Promise<void>;
}> {
  const connects: string[] = [];
  const plain: string[] = [];
  const up: Buffer[] = [];
  let down = 0;
  const sockets = new Set<net.Socket>();
  const srv = http.createServer((req, res) => {
    plain.push(`${req.method} ${req.url}`);
    res.writeHead(502).end();
  });
  srv.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    connects.push(String(req.url));
    const [host, port] = String(req.url).split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.on('data', (d: Buffer) => up.push(Buffer.from(d)));
      upstream.on('data', (d: Buffer) => (down += d.length));
      client.pipe(upstream);
      upstream.pipe(client);
    });
    sockets.add(client).add(upstream);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    connects,
    plain,
    toServer: () => Buffer.concat(up).toString('latin1'),
    fromServer: () => down,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        srv.close(() => resolve());
      }),
  };
}

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
      assert.ok(proxy.connects.length >= 1, JSON.stringify(proxy.connects));
      assert.ok(
        proxy.connects.every((c) => c === simHost),
        JSON.stringify(proxy.connects),
      );
      assert.deepEqual(proxy.plain, [], 'no forward-proxy request');
      assert.match(
        proxy.toServer(),
        /GET \/v3\/openlive\/C00000006_1_\d+\.flv\?/,
        'the stream was asked for in a tunnel',
      );
      assert.ok(
        proxy.fromServer() > msg.payload.length / 2,
        `the stream came through the tunnel (${proxy.fromServer()} bytes)`,
      );
    } finally {
      await proxy.close();
    }
  });
});
