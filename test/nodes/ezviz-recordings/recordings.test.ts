// ezviz-recordings in Node-RED against the simulator (docs/behaviour.md section 18): today's window by
// default, both sources for `auto`, a long window split a day at a time and joined (each
// recording once), an item fed to ezviz-live playing back, an offline camera (20007 with its
// hint; with cloud storage its cloud items and the card in msg.ezviz.skipped; a source whose reply
// has the wrong shape skipped the same way), empty lists with a
// hint, validation before anything is sent, retries of a read, and the dashboard's entry point
// (a recording list and a playback address for the panel's timeline).

import assert from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import helper from 'node-red-node-test-helper';
import type { Simulator } from '../../../simulator';
import { dashboardApi } from '../../../features/dashboard/dashboard-api';
import { closeServer, loadOp, run, text, unload } from '../../support/red';
import { fakeClockSimulator } from '../../support/fake-time';

const LIST = '/api/lapp/video/by/time';
const NOW = Date.parse('2026-03-01T08:00:00Z');
const CAM = { deviceSerial: 'C00000001', channelNo: 1 };
const midnight = (ms: number): number => {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};

describe('ezviz-recordings: what a camera recorded, played back', function () {
  let sim: Simulator;
  const calls = () => sim.requestLog({ path: LIST });

  fakeClockSimulator((s) => (sim = s), NOW, { runtimeNow: true });

  it('lists today (local midnight to now) from the card and the cloud: items sorted, with what a playback needs', async () => {
    await loadOp('recordings', sim.url);
    const { port, msg } = await run({ payload: { ...CAM } });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    assert.deepStrictEqual(msg.ezviz.window, {
      start: new Date(midnight(NOW)).toISOString(),
      end: new Date(NOW).toISOString(),
    });
    assert.strictEqual(msg.ezviz.source, 'auto');
    assert.deepStrictEqual(
      calls().map((c) => c.fields.recType),
      ['1', '2'],
      'auto: the cloud, then the card',
    );
    assert.strictEqual(calls()[0].fields.startTime, String(midnight(NOW)));
    const items = msg.payload as Record<string, unknown>[];
    assert.ok(items.length >= 4, `${items.length} items`);
    assert.deepStrictEqual(new Set(items.map((i) => i.source)), new Set(['cloud', 'sd-card']));
    for (const [k, it] of items.entries()) {
      assert.deepStrictEqual(Object.keys(it), ['deviceSerial', 'channelNo', 'source', 'start', 'end', 'seconds']);
      assert.strictEqual(it.deviceSerial, 'C00000001');
      assert.strictEqual(it.seconds, (Date.parse(String(it.end)) - Date.parse(String(it.start))) / 1000);
      if (k) assert.ok(String(it.start) >= String(items[k - 1].start), 'sorted by start');
    }
    assert.strictEqual(msg.ezviz.hint, undefined);
  });

  it('splits a window of several days into a call per day per source and joins them, each recording once', async () => {
    await loadOp('recordings', sim.url, { props: { source: 'sd-card', sourceType: 'recordSource' } });
    const start = new Date(NOW - 3 * 86400000 + 3600000);
    const { port, msg } = await run({ payload: { ...CAM, start, end: NOW } });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    const sent = calls().map((c) => [Number(c.fields.startTime), Number(c.fields.endTime)]);
    assert.strictEqual(sent.length, 4, 'three days and an hour, cut at local midnights');
    assert.strictEqual(sent[0][0], start.getTime());
    sent.forEach(([a, b], i) => {
      assert.ok(b - a <= 86400000);
      if (i) assert.strictEqual(a, sent[i - 1][1], 'pieces touch');
    });
    const keys = msg.payload.map((i: Record<string, string>) => `${i.start}/${i.end}`);
    assert.strictEqual(new Set(keys).size, keys.length, 'no recording twice');
    assert.ok(msg.payload.length >= 30, `${msg.payload.length} clips over three days`);
  });

  it('an item fed to ezviz-live (its source left to msg.payload) gives a playback address that streams', async () => {
    await loadOp('recordings', sim.url);
    const items = (await run({ payload: { ...CAM, source: 'sd-card' } })).msg.payload;
    await unload();
    await loadOp('live', sim.url);
    const last = items[items.length - 1];
    const { port, msg } = await run({ payload: last });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    assert.match(msg.payload, /\/v3\/openlive\/C00000001_1_1\.flv\?.*&playback=sd/);
    assert.strictEqual(msg.ezviz.live.source, 'sd-card');
    assert.strictEqual(msg.ezviz.live.protocol, 'flv', 'playback without a protocol asks for flv');
    const res = await fetch(msg.payload, { method: 'HEAD' });
    assert.strictEqual(res.status, 200);
    assert.strictEqual(res.headers.get('content-type'), 'video/x-flv');
  });

  it('an offline camera: 20007 with its hint; with cloud storage, its cloud items and the card in msg.ezviz.skipped', async () => {
    await loadOp('recordings', sim.url);
    const off = await run({ payload: { deviceSerial: 'C00000002' } });
    assert.strictEqual(off.port, 'err');
    assert.strictEqual(off.msg.error.code, '20007');
    assert.strictEqual(off.msg.error.hint, text('hints.20007-recordings'));
    sim.state.devices.C00000001.online = false;
    const cloud = await run({ payload: { ...CAM } });
    assert.strictEqual(cloud.port, 'ok', JSON.stringify(cloud.msg.error));
    assert.ok(cloud.msg.payload.length > 0 && cloud.msg.payload.every((i: { source: string }) => i.source === 'cloud'));
    assert.deepStrictEqual(
      cloud.msg.ezviz.skipped.map((s: { source: string; code: string }) => [s.source, s.code]),
      [['sd-card', '20007']],
    );
  });

  it("with auto, a source whose reply has the wrong shape is skipped (BAD_REPLY); the other source's items stand", async () => {
    // A server of our own in front of the simulator: the cloud's list (recType 1) answered with a
    // `data` that is not a list, everything else passed through.
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        if (req.url?.startsWith(LIST) && new URLSearchParams(body.toString()).get('recType') === '1') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return void res.end(JSON.stringify({ code: '200', msg: 'Operation succeeded', data: 'not a list' }));
        }
        const out = http.request(`${sim.url}${req.url}`, { method: req.method, headers: req.headers }, (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        });
        out.on('error', () => res.destroy());
        out.end(body);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
    try {
      await loadOp('recordings', `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
      const auto = await run({ payload: { ...CAM } });
      assert.strictEqual(auto.port, 'ok', JSON.stringify(auto.msg.error));
      assert.ok(auto.msg.payload.length > 0, "the card's items");
      assert.ok(auto.msg.payload.every((i: { source: string }) => i.source === 'sd-card'));
      assert.deepStrictEqual(
        auto.msg.ezviz.skipped.map((s: { source: string; code: string }) => [s.source, s.code]),
        [['cloud', 'BAD_REPLY']],
      );
      assert.match(auto.msg.ezviz.skipped[0].message, /data is not a list/);
      // Asked of the cloud alone, the wrong shape is the message's error.
      const cloud = await run({ payload: { ...CAM, source: 'cloud' } });
      assert.strictEqual(cloud.port, 'err');
      assert.deepStrictEqual([cloud.msg.error.code, cloud.msg.error.source], ['BAD_REPLY', 'http']);
    } finally {
      await closeServer(proxy);
    }
  });

  it('an empty list is a success with a hint', async () => {
    await loadOp('recordings', sim.url);
    const { port, msg } = await run({ payload: { deviceSerial: 'C00000014', source: 'sd-card' } });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    assert.deepStrictEqual(msg.payload, []);
    assert.strictEqual(msg.ezviz.hint, text('recordings.empty.sd-card'));
  });

  it('refuses a bad source, a time that is not one, a reversed window and one over 31 days, sending nothing', async () => {
    await loadOp('recordings', sim.url);
    for (const bad of [
      { source: 'live' },
      { start: 'yesterday' },
      { start: NOW, end: NOW - 1000 },
      { start: NOW - 32 * 86400000, end: NOW },
      { start: NOW + 3600000 },
    ]) {
      const { port, msg } = await run({ payload: { ...CAM, ...bad } });
      assert.strictEqual(port, 'err', JSON.stringify(bad));
      assert.deepStrictEqual([msg.error.code, msg.error.source], ['10001', 'validation'], JSON.stringify(bad));
    }
    const reversed = await run({ payload: { ...CAM, start: NOW - 3600000, end: '2026-03-01T06:00:00Z' } });
    assert.match(reversed.msg.error.message, /end is "2026-03-01T06:00:00\.000Z"\)/, 'the time, not ms since 1970');
    assert.strictEqual(calls().length, 0);
  });

  it('is a read: retried after 20008', async () => {
    await loadOp('recordings', sim.url, { props: { source: 'cloud', sourceType: 'recordSource' } });
    sim.injectFault({ kind: '20008', count: 1, path: LIST });
    const { port, msg } = await run({ payload: { ...CAM } });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    assert.strictEqual(calls().length, 2);
  });

  it("the dashboard API lists recordings and asks for a recording's playback address", async () => {
    await loadOp('recordings', sim.url);
    // The runtime as the dashboard package's node module sees it: its translator and its nodes.
    const RED = {
      _: (key: string, args?: Record<string, unknown>) => text(key.slice(key.indexOf(':') + 1), args),
      nodes: { getNode: (id: string) => helper.getNode(id) },
    };
    const api = dashboardApi(RED as never);
    const cfg = api.configNode({ config: 'cfg' });
    const owner = { id: 'panel', closed: false, timedStopDone: () => undefined };
    const list = await api.call(cfg, 'recordings', { ...CAM, source: 'cloud' }, owner);
    assert.strictEqual(list.kind, 'ok', JSON.stringify(list));
    const items = (list as { payload: { source: string; start: string; end: string }[] }).payload;
    assert.ok(items.length > 0 && items.every((i) => i.source === 'cloud'));
    assert.ok((list as { ezviz: Record<string, unknown> }).ezviz.window);
    const play = await api.call(
      cfg,
      'live',
      { ...CAM, source: items[0].source, start: items[0].start, end: items[0].end },
      owner,
    );
    assert.strictEqual(play.kind, 'ok', JSON.stringify(play));
    assert.match(String((play as { payload: { url: string } }).payload.url), /\.flv\?.*&playback=cloud/);
    const bad = await api.call(cfg, 'recordings', { deviceSerial: 'C00000001', source: 'tape' }, owner);
    assert.strictEqual(bad.kind, 'error');
    assert.strictEqual(api.status(list, 'recordings', cfg).fill, 'green');
  });
});
