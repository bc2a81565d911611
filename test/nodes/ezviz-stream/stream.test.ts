// ezviz-stream in Node-RED against the simulator (docs/behaviour.md section 25): its path on
// RED.httpNode served by a real HTTP server; the headers, the FLV header once, a joining viewer's
// first picture a keyframe, ten viewers on one camera session, a stalled viewer closed without
// holding the others, wrong keys 401 then 429, HEAD opening nothing, maxViewers, idleClose, the
// hold, a camera going offline, redeploy while streaming, time continuous across short caps.

import assert from 'assert';
import * as http from 'http';
import { FlvReader, isKeyframe, isSequenceHeader, type FlvTag } from '../../../client/flv';
import type { Simulator } from '../../../simulator';
import {
  closeServer,
  collect,
  helper,
  load,
  type Msg,
  serveHttp,
  simulatorPerTest,
  TAB,
  unload,
} from '../../support/red';
import { loadStream } from '../../support/stream-node';

const KEY = 'k3y-Of-The-Viewers_0123456789';
const PATH = '/ezviz/stream/C00000001-1.flv';

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer[];
  res: http.IncomingMessage;
  req: http.ClientRequest;
}

describe('ezviz-stream: one camera as an endless HTTP-FLV stream', function () {
  this.timeout(30000);
  let sim: Simulator;
  let server: http.Server | undefined;
  let base = '';
  const open: http.ClientRequest[] = [];
  simulatorPerTest(
    (s) => (sim = s),
    () => ({ streamCap: 3 }),
  );

  async function start(props: Record<string, unknown> = {}, creds: Record<string, string> = { key: KEY }) {
    const defaults = { channelNo: 1, quality: 'hd', maxViewers: 8, idleClose: 1, maxMinutesPerDay: 0 };
    await loadStream(sim.url, { ...defaults, ...props }, creds);
    ({ server, base } = await serveHttp());
    return collect(['ok', 'err']);
  }

  afterEach(async () => {
    for (const r of open.splice(0)) r.destroy();
    await unload();
    await closeServer(server);
    server = undefined;
  });

  function get(query = `?key=${KEY}`, method = 'GET', headers: Record<string, string> = {}): Promise<Got> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${PATH}${query}`, { method, headers }, (res) => {
        const body: Buffer[] = [];
        res.on('data', (c: Buffer) => body.push(c));
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, res, req });
      });
      open.push(req);
      req.on('error', reject);
      req.end();
    });
  }

  async function until(fn: () => boolean, ms = 15000): Promise<void> {
    const end = Date.now() + ms;
    while (!fn()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const tags = (g: Got) => {
    const items = new FlvReader().push(Buffer.concat(g.body));
    return {
      headers: items.filter((i) => i.kind === 'header').length,
      tags: items.flatMap((i) => (i.kind === 'tag' ? [i.tag] : [])),
    };
  };
  const media = (list: FlvTag[]) => list.filter((t) => (t.type === 8 || t.type === 9) && !isSequenceHeader(t));
  const addressCalls = () => sim.requestLog().filter((e) => e.path.includes('/live/address/get')).length;
  const simOpen = async () => ((await (await fetch(`${sim.url}/sim/stream`)).json()) as { open: number }).open;

  it('serves 200 video/x-flv without a length: the header once, metadata, sequence headers, a keyframe first', async () => {
    await start();
    const g = await get();
    assert.strictEqual(g.status, 200);
    assert.strictEqual(g.headers['content-type'], 'video/x-flv');
    assert.strictEqual(g.headers['cache-control'], 'no-cache');
    assert.strictEqual(g.headers['content-length'], undefined);
    await until(() => media(tags(g).tags).length > 10);
    const t = tags(g);
    assert.strictEqual(t.headers, 1);
    assert.strictEqual(t.tags[0].type, 18);
    assert.ok(isSequenceHeader(t.tags[1]));
    assert.ok(isKeyframe(media(t.tags)[0]));
    assert.ok(!Buffer.concat(g.body).includes(Buffer.from('openlive')), 'no cloud address');
  });

  it('ten viewers share one camera session; a joining viewer starts at a keyframe', async () => {
    const out = await start({ maxViewers: 10 });
    const first = await get();
    await until(() => media(tags(first).tags).length > 5);
    const more = await Promise.all(Array.from({ length: 9 }, () => get()));
    await until(() => more.every((g) => media(tags(g).tags).length > 3));
    for (const g of more) assert.ok(isKeyframe(media(tags(g).tags)[0]));
    assert.strictEqual(await simOpen(), 1);
    assert.strictEqual(addressCalls(), 1);
    assert.strictEqual(out.ok.filter((m: Msg) => m.payload.event === 'viewer').length, 10);
    assert.strictEqual(out.ok.filter((m: Msg) => m.payload.event === 'open').length, 1);
  });

  it('wrong or missing keys: 401 with nothing opened, the tenth within a minute 429; HEAD opens nothing', async () => {
    await start();
    assert.strictEqual((await get('')).status, 401);
    for (let i = 0; i < 9; i++) assert.strictEqual((await get('?key=wrong')).status, 401);
    const blocked = await get();
    assert.strictEqual(blocked.status, 429);
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    assert.strictEqual(addressCalls(), 0);
    assert.strictEqual(await simOpen(), 0);
  });

  it('HEAD answers the headers and opens nothing; the key as the Basic password works', async () => {
    await start();
    const h = await get(`?key=${KEY}`, 'HEAD');
    assert.strictEqual(h.status, 200);
    assert.strictEqual(h.headers['content-type'], 'video/x-flv');
    assert.strictEqual(addressCalls(), 0);
    const auth = `Basic ${Buffer.from(`viewer:${KEY}`).toString('base64')}`;
    const g = await get('', 'GET', { Authorization: auth });
    assert.strictEqual(g.status, 200);
  });

  it('past maxViewers: 503 with Retry-After and the reason', async () => {
    await start({ maxViewers: 1 });
    const a = await get();
    assert.strictEqual(a.status, 200);
    const b = await get();
    assert.strictEqual(b.status, 503);
    assert.ok(b.headers['retry-after']);
    await until(() => b.body.length > 0);
    assert.match(Buffer.concat(b.body).toString(), /1 viewers/);
  });

  it('idleClose after the last viewer; "open" holds the camera until "close"', async () => {
    const out = await start();
    const g = await get();
    await until(() => media(tags(g).tags).length > 3);
    g.req.destroy();
    await until(() => out.ok.some((m: Msg) => m.payload.event === 'close'));
    assert.strictEqual(out.ok.find((m: Msg) => m.payload.event === 'left')?.payload.client.address, '127.0.0.1');
    helper.getNode('op').receive({ payload: 'open' });
    await until(() => out.ok.filter((m: Msg) => m.payload.event === 'open').length === 2);
    helper.getNode('op').receive({ payload: 'close' });
    await until(() => out.ok.filter((m: Msg) => m.payload.event === 'close').length === 2);
  });

  it('a stalled viewer is closed without holding the others', async () => {
    await start();
    const fast = await get();
    const slow = await get();
    slow.res.pause();
    slow.req.socket?.pause();
    await until(() => media(tags(fast).tags).length > 30);
    const n = fast.body.length;
    await until(() => fast.body.length > n + 10);
  });

  it('time is continuous and never goes back per track across short caps (3 s)', async () => {
    const out = await start();
    const g = await get();
    await until(() => out.ok.filter((m: Msg) => m.payload.event === 'chain').length >= 3, 25000);
    const ts = media(tags(g).tags)
      .filter((t) => t.type === 9)
      .map((t) => t.timestamp);
    for (let i = 1; i < ts.length; i++) assert.ok(ts[i] > ts[i - 1], `time goes back at ${i}: ${ts[i - 1]} ${ts[i]}`);
    const gaps = ts.slice(1).map((x, i) => x - ts[i]);
    assert.ok(Math.max(...gaps) <= 4100, `a gap of ${Math.max(...gaps)} ms`);
    assert.strictEqual(tags(g).headers, 1);
  });

  it('a camera going offline mid-stream: output 2 once per failure, the status says so', async () => {
    const out = await start();
    const g = await get();
    await until(() => media(tags(g).tags).length > 3);
    await fetch(`${sim.url}/sim/device`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ deviceSerial: 'C00000001', online: false }),
    });
    await until(() => out.err.length >= 1);
    assert.ok(['HTTP_404', '20007'].includes(out.err[0].payload.code));
  });

  it('redeploy while streaming: the response ends, no socket or timer left, the path serves the new node', async () => {
    await start();
    const g = await get();
    await until(() => media(tags(g).tags).length > 3);
    const ended = new Promise<void>((r) => g.res.on('close', () => r()));
    await unload();
    await ended;
    await until(() => false, 300).catch(() => undefined);
    assert.strictEqual(await simOpen(), 0);
  });

  it('a second node with the same path shows path in use', async () => {
    await start();
    const more = [
      { id: TAB, type: 'tab', label: 'test' },
      { id: 'cfg', type: 'ezviz-config', name: 'sim', baseUrl: sim.url },
      { id: 'a', type: 'ezviz-stream', z: TAB, config: 'cfg', deviceSerial: 'C00000001', wires: [[], []] },
      { id: 'b', type: 'ezviz-stream', z: TAB, config: 'cfg', deviceSerial: 'C00000001', wires: [[], []] },
    ];
    await unload();
    await load(more, { cfg: { accessToken: 'at.demo-token' }, a: { key: KEY }, b: { key: KEY } });
    type Spy = { args: Array<[{ text?: string }]>; thisValues: Array<{ id: string }> };
    const shown = (id: string) => {
      const spy = (helper.getNode(id) as unknown as { status: Spy }).status;
      return spy.args.filter((_a, k) => spy.thisValues[k]?.id === id).map((a) => a[0].text);
    };
    assert.ok(
      shown('b').some((x) => String(x).endsWith('status.streamPathInUse')),
      String(shown('b')),
    );
    assert.ok(!shown('a').some((x) => String(x).endsWith('status.streamPathInUse')), String(shown('a')));
  });
});
