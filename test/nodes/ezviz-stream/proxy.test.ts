// ezviz-stream behind a proxy (docs/behaviour.md sections 8 and 25): the camera's FLV GET goes
// through the config node's agents as its API calls do, so HTTP_PROXY / HTTPS_PROXY apply: a CONNECT
// proxy of the test's own on 127.0.0.1 counts its tunnels and what they carried back; the stream's
// bytes came through one of them, and the viewer got its picture.

import assert from 'assert';
import * as http from 'http';
import { FlvReader } from '../../../client/flv';
import type { Simulator } from '../../../simulator';
import { closeServer, serveHttp, simulatorPerTest } from '../../support/red';
import { withoutProxyEnv } from '../../support/proxy-env';
import { connectProxy, type ConnectProxy } from '../../support/connect-proxy';
import { loadStream } from '../../support/stream-node';

const KEY = 'proxy-Key_0123456789abcdef';

describe('ezviz-stream: the camera GET through the config node proxy', function () {
  this.timeout(30000);
  let sim: Simulator;
  let proxy: ConnectProxy | undefined;
  let server: http.Server | undefined;
  simulatorPerTest((s) => (sim = s));

  withoutProxyEnv();
  afterEach(async () => {
    await closeServer(server);
    server = undefined;
    await proxy?.close();
    proxy = undefined;
  });

  it('HTTP_PROXY: the stream comes through a CONNECT tunnel, as the API calls do', async () => {
    proxy = await connectProxy();
    process.env.HTTP_PROXY = proxy.url;
    await loadStream(sim.url, { channelNo: 1, idleClose: 1, wires: [[], []] }, { key: KEY });
    let base: string;
    ({ server, base } = await serveHttp());
    const body: Buffer[] = [];
    const req = http.get(`${base}/ezviz/stream/C00000001-1.flv?key=${KEY}`, (res) => {
      assert.strictEqual(res.statusCode, 200);
      res.on('data', (c: Buffer) => body.push(c));
    });
    req.on('error', () => undefined);
    try {
      const end = Date.now() + 15000;
      const tags = () => new FlvReader().push(Buffer.concat(body)).filter((i) => i.kind === 'tag').length;
      while (tags() < 10) {
        assert.ok(Date.now() < end, 'the viewer got its pictures');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      req.destroy();
    }
    const simHost = new URL(sim.url).host;
    assert.ok(proxy.tunnels.length >= 1, 'tunnels opened');
    assert.ok(
      proxy.tunnels.every((t) => t.to === simHost),
      JSON.stringify(proxy.tunnels.map((t) => t.to)),
    );
    const flv = proxy.tunnels.filter((t) => Buffer.concat(t.back).includes(Buffer.from('FLV\x01')));
    assert.strictEqual(flv.length, 1, `${proxy.tunnels.length} tunnels, ${flv.length} carried the stream`);
  });
});
