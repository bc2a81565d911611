// maxMinutesPerDay of ezviz-stream (docs/behaviour.md section 25) in Node-RED against the
// simulator, on the runtime's fake clock (test/support/fake-camera.ts: hooks.now and hooks.timer;
// the simulator streams on the wall clock): a running stream is cut when the day's minutes run
// out (the viewer's response ends, the close event says `minutes`, output 2 says so once, the
// status shows it), a new viewer then gets 503 with Retry-After until midnight, "open" is refused,
// the config node's book has the camera's minutes (what the EZVIZ sidebar reads), and the next
// day the stream serves again; a redeploy of the config node or of the stream node alone goes on
// from the day's count.

import assert from 'assert';
import * as http from 'http';
import { FlvReader } from '../../../client/flv';
import { statusWithArgs } from '../../../runtime/i18n/status-keys';
import type { EzvizService } from '../../../client/service/service';
import type { Simulator } from '../../../simulator';
import { FakeScheduler } from '../../support/fake-camera';
import { closeServer, collect, helper, type Msg, serveHttp, simulatorPerTest } from '../../support/red';
import { loadStream, streamBase, streamNode } from '../../support/stream-node';

const KEY = 'minutes-Key_0123456789abcdef';
const PATH = '/ezviz/stream/C00000001-1.flv';

describe('ezviz-stream: maxMinutesPerDay cuts a running stream', function () {
  this.timeout(30000);
  let sim: Simulator;
  let server: http.Server | undefined;
  let clock: FakeScheduler;
  const open: http.ClientRequest[] = [];
  simulatorPerTest((s) => (sim = s));

  afterEach(async () => {
    for (const r of open.splice(0)) r.destroy();
    await closeServer(server);
    server = undefined;
  });

  async function until(fn: () => boolean, ms = 15000): Promise<void> {
    const end = Date.now() + ms;
    while (!fn()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  function get(
    base: string,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer[]; ended: () => boolean }> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${base}${PATH}?key=${KEY}`, (res) => {
        const body: Buffer[] = [];
        let ended = false;
        res.on('data', (c: Buffer) => body.push(c));
        res.on('close', () => (ended = true));
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ended: () => ended });
      });
      open.push(req);
      req.on('error', reject);
    });
  }

  it('ends the viewers at the minute, says so once on output 2 and in the status; 503 until midnight; the next day it serves', async () => {
    clock = new FakeScheduler();
    clock.now = new Date(2026, 2, 1, 12, 0, 0).getTime(); // local noon: no midnight within the test
    clock.install();
    await loadStream(sim.url, { channelNo: 1, maxMinutesPerDay: 1, idleClose: 1 }, { key: KEY });
    const out = collect(['ok', 'err']);
    const statuses: string[] = [];
    const node = helper.getNode('op') as unknown as { status(s: { text?: string }): void };
    const status = node.status.bind(node);
    node.status = (st) => {
      statuses.push(String(st.text));
      status(st);
    };
    let base: string;
    ({ server, base } = await serveHttp());

    const viewer = await get(base);
    assert.strictEqual(viewer.status, 200);
    await until(() => new FlvReader().push(Buffer.concat(viewer.body)).filter((i) => i.kind === 'tag').length > 5);
    clock.advance(59000, 1000);
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(!viewer.ended(), 'still streaming at 59 s');
    assert.strictEqual(out.err.length, 0);

    clock.advance(2000, 1000);
    await until(() => viewer.ended());
    assert.strictEqual(out.err.length, 1, JSON.stringify(out.err.map((m: Msg) => m.payload)));
    assert.strictEqual(out.err[0].payload.code, 'MAX_MINUTES');
    assert.deepStrictEqual(out.err[0].ezviz.request, { deviceSerial: 'C00000001', channelNo: 1 });
    const close = out.ok.find((m: Msg) => m.payload.event === 'close');
    assert.strictEqual(close?.payload.why, 'minutes');
    assert.strictEqual(statuses[statuses.length - 1], statusWithArgs('streamMinutesUsed', { max: 1 }));
    const service = (helper.getNode('cfg') as unknown as { service: EzvizService }).service;
    assert.deepStrictEqual(service.streams.cameras(clock.now), [
      { deviceSerial: 'C00000001', channelNo: 1, minutes: 1, viewers: 0 },
    ]);

    const refused = await get(base);
    assert.strictEqual(refused.status, 503);
    const retry = Number(refused.headers['retry-after']);
    assert.ok(retry > 11 * 3600 && retry <= 12 * 3600, `Retry-After ${retry}`);
    clock.advance(30000, 1000); // the status ticks: no second report of the same day
    await new Promise((r) => setTimeout(r, 100));
    assert.strictEqual(out.err.length, 1);
    helper.getNode('op').receive({ payload: 'open' });
    await until(() => out.err.length === 2);
    assert.strictEqual(out.err[1].payload.code, 'MAX_MINUTES', 'an "open" past the minutes is refused');

    clock.now = new Date(2026, 2, 2, 12, 0, 0).getTime();
    const tomorrow = await get(base);
    assert.strictEqual(tomorrow.status, 200);
    await until(() => tomorrow.body.length > 0);
  });

  it('a redeploy of the config node, or of the stream node alone, goes on from the minutes counted today', async () => {
    clock = new FakeScheduler();
    clock.now = new Date(2026, 2, 1, 12, 0, 0).getTime();
    clock.install();
    const flow = [...streamBase(sim.url), streamNode({ channelNo: 1, maxMinutesPerDay: 1, idleClose: 1 })];
    const creds = { cfg: { accessToken: 'at.demo-token' }, op: { key: KEY } };
    await loadStream(sim.url, { channelNo: 1, maxMinutesPerDay: 1, idleClose: 1 }, { key: KEY });
    const out = collect(['ok', 'err']);
    let base: string;
    ({ server, base } = await serveHttp());
    const minutes = () =>
      (helper.getNode('cfg') as unknown as { service: EzvizService }).service.streams.cameras(clock.now)[0]?.minutes;
    const watch = async (ms: number) => {
      const v = await get(base);
      assert.strictEqual(v.status, 200);
      await until(() => v.body.length > 0);
      clock.advance(ms, 1000);
      await new Promise((r) => setTimeout(r, 100));
      return v;
    };
    await watch(25000);
    // A modified-nodes deploy of the config node (another timeout): its stream node restarts with it.
    const cfgChanged = flow.map((n) => (n.id === 'cfg' ? { ...n, timeout: 3000 } : n));
    await helper.setFlows(cfgChanged as never, 'nodes', creds as never);
    assert.strictEqual(minutes(), 0.4, 'the sidebar still has the 25 s of today');
    await watch(25000);
    // A modified-nodes deploy of the stream node alone (another name).
    const opChanged = cfgChanged.map((n) => (n.id === 'op' ? { ...n, name: 'door' } : n));
    await helper.setFlows(opChanged as never, 'nodes', creds as never);
    assert.strictEqual(minutes(), 0.8);
    const last = await watch(11000);
    await until(() => last.ended());
    assert.deepStrictEqual(
      out.err.map((m: Msg) => m.payload.code),
      ['MAX_MINUTES'],
      'the minute ran out at 25 + 25 + 10 s, across both redeploys',
    );
  });
});
