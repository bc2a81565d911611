// Live and playback addresses and the streams behind them (docs/api/watch-api.md section 1,
// docs/behaviour.md section 13; simulator/areas/live.ts, stream.ts, segments.ts) over real HTTP with a
// fake clock: the address shapes of every protocol, the codes, the region's path, the live
// playlist's sliding window, segments whose timestamps run on across passes of their loop,
// expiry (403), playback windows, and the placeholder segments switched on by the admin endpoint.

import { strict as assert } from 'assert';
import * as http from 'http';
import { FakeClock, startSimulator } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { admin, callApi, request } from '../../support/simulator-http';
import type { ApiReply, Fields } from '../../support/simulator-http';

const T = 'at.demo-token';
const V2 = '/api/lapp/v2/live/address/get';
const OLD = '/api/lapp/live/address/get';
const START = Date.parse('2026-03-01T08:00:00Z'); // 16:00 in China

function getBytes(
  url: string,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { agent: false, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/** The PTS of the first PES packet of an MPEG-TS segment (90 kHz ticks). */
function firstPts(b: Buffer): number {
  for (let at = 0; at + 188 <= b.length; at += 188) {
    assert.equal(b[at], 0x47, 'sync byte');
    if (!(b[at + 1] & 0x40)) continue;
    const afc = (b[at + 3] >> 4) & 3;
    const p = at + 4 + (afc & 2 ? 1 + b[at + 4] : 0);
    if (b[p] === 0 && b[p + 1] === 0 && b[p + 2] === 1 && b[p + 3] >= 0xe0 && b[p + 7] & 0x80) {
      return (
        ((b[p + 9] >> 1) & 7) * 2 ** 30 +
        ((b[p + 10] << 22) | ((b[p + 11] >> 1) << 15) | (b[p + 12] << 7) | (b[p + 13] >> 1))
      );
    }
  }
  throw new Error('no video PES');
}

describe('simulator: live addresses and streams (watch-api 1, areas/live.ts, stream.ts)', function () {
  let sim: Simulator;
  let clock: FakeClock;
  const call = (f: Fields, path = V2): Promise<ApiReply> => callApi(sim.url, path, { accessToken: T, ...f });
  const codeOf = async (f: Fields, path = V2): Promise<string> => (await call(f, path)).code;
  const cam = (serial: string, extra: Fields = {}): Fields => ({ deviceSerial: serial, channelNo: 1, ...extra });

  beforeEach(async () => {
    clock = new FakeClock(START);
    sim = await startSimulator({ port: 0, clock });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('answers an hls address in the documented shape whose live playlist slides with the clock', async () => {
    const r = await call(cam('C00000001', { protocol: 2, expireTime: 300, quality: 2 }));
    assert.equal(r.code, '200');
    assert.deepEqual(Object.keys(r.data).sort(), ['expireTime', 'id', 'url']);
    assert.match(
      r.data.url,
      /^http:\/\/127\.0\.0\.1:\d+\/v3\/openlive\/C00000001_1_2\.m3u8\?expire=\d+&id=[0-9a-f]+&t=[0-9a-f]+$/,
    );
    assert.equal(r.data.expireTime, '2026-03-01 16:05:00');
    const pl = await request(r.data.url, '');
    assert.equal(pl.status, 200);
    assert.equal(pl.headers['content-type'], 'application/vnd.apple.mpegurl');
    assert.equal(pl.headers['access-control-allow-origin'], '*');
    const seq = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(pl.text)![1]);
    const segs = pl.text.split('\n').filter((l) => l.endsWith('.ts') || l.includes('.ts?'));
    assert.equal(segs.length, 4);
    assert.ok(!pl.text.includes('#EXT-X-ENDLIST'), 'a live playlist has no end');
    assert.equal(seq, START / 2000 - 4);
    clock.advance(4000);
    const later = await request(r.data.url, '');
    assert.equal(Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(later.text)![1]), seq + 2);
  });

  it('serves real MPEG-TS segments whose timestamps run on across passes of the loop', async () => {
    const r = await call(cam('C00000001', { protocol: 2 }));
    const pl = await request(r.data.url, '');
    const uris = pl.text.split('\n').filter((l) => /\.ts\?/.test(l));
    const seg = async (uri: string): Promise<Buffer> => {
      const s = await getBytes(new URL(uri, r.data.url).toString());
      assert.equal(s.status, 200);
      assert.equal(s.headers['content-type'], 'video/mp2t');
      assert.equal(s.body.length % 188, 0);
      return s.body;
    };
    const a = await seg(uris[0]);
    const c = await seg(uris[2]);
    // The loop is two segments: the same picture two segments on, 4 s later on the timeline.
    assert.equal(firstPts(c) - firstPts(a), 4 * 90000);
    assert.equal(a.length, c.length, 'the same file of the loop');
    const wrongSig = uris[0].replace(/t=[0-9a-f]+/, 't=00');
    assert.equal((await getBytes(new URL(wrongSig, r.data.url).toString())).status, 404);
  });

  it('lets an address expire as asked: then the playlist and its segments answer 403', async () => {
    const r = await call(cam('C00000001', { protocol: 2, expireTime: 30 }));
    const pl = await request(r.data.url, '');
    const uri = new URL(
      pl.text.split('\n').find((l) => /\.ts\?/.test(l))!,
      r.data.url,
    ).toString();
    clock.advance(30000);
    assert.equal((await request(r.data.url, '')).status, 403);
    assert.equal((await getBytes(uri)).status, 403);
  });

  it('answers 20007 offline, 20001 without the channel, 20018 for another account, 60019 without the right code', async () => {
    assert.equal(await codeOf(cam('C00000002')), '20007');
    assert.equal(await codeOf(cam('C00000001', { channelNo: 9 })), '20001');
    assert.equal(await codeOf(cam('C00000004')), '20018');
    assert.equal(await codeOf(cam('C00000005', { protocol: 2 })), '60019');
    assert.equal(await codeOf(cam('C00000005', { protocol: 2, code: 'WRONGX' })), '60019');
    assert.equal(await codeOf(cam('C00000005', { protocol: 2, code: 'ABCDEF' })), '200');
    assert.equal(await codeOf(cam('C00000001', { protocol: 9 })), '10001');
    assert.equal(await codeOf(cam('C00000001', { expireTime: 29 })), '10001');
    const log = sim.requestLog({ path: V2 });
    assert.ok(
      log.every((e) => e.fields.code === undefined || e.fields.code === '***'),
      'the code is masked in the log',
    );
  });

  it('answers 60026 while the lens is covered', async () => {
    sim.state.devices.C00000001.camera.privacy = true; // (C00000001 has a lens cover)
    assert.equal(await codeOf(cam('C00000001', { protocol: 2 })), '60026');
  });

  it('ends the picture of an address given before the lens was covered (playlist and segments 403, 60026)', async () => {
    const r = await call(cam('C00000001', { protocol: 2 }));
    const pl = await request(r.data.url, '');
    const uri = new URL(
      pl.text.split('\n').find((l) => /\.ts\?/.test(l))!,
      r.data.url,
    ).toString();
    assert.equal((await getBytes(uri)).status, 200);
    sim.state.devices.C00000001.camera.privacy = true;
    const covered = await request(r.data.url, '');
    assert.equal(covered.status, 403);
    assert.match(covered.text, /60026/);
    assert.equal((await getBytes(uri)).status, 403);
    sim.state.devices.C00000001.camera.privacy = false;
    assert.equal((await request(r.data.url, '')).status, 200);
  });

  it('gives flv, rtmp and ezopen addresses the real shapes (flv streams: flv.test.ts)', async () => {
    const flv = (await call(cam('C00000001', { protocol: 4 }))).data.url as string;
    assert.match(flv, /^http:\/\/127\.0\.0\.1:\d+\/v3\/openlive\/C00000001_1_1\.flv\?expire=\d+&id=/);
    const head = await getBytes(flv, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-type'], 'video/x-flv');
    assert.match(
      (await call(cam('C00000001', { protocol: 3 }))).data.url,
      /^rtmp:\/\/127\.0\.0\.1:1935\/v3\/openlive\/C00000001_1_1\?expire=/,
    );
    assert.equal((await call(cam('C00000001'))).data.url, 'ezopen://open.ys7.com/C00000001/1.hd.live');
    assert.equal((await call(cam('C00000001', { quality: 2 }))).data.url, 'ezopen://open.ys7.com/C00000001/1.live');
    const rec = await call(
      cam('C00000001', { type: 3, startTime: '2026-03-01 10:00:00', stopTime: '2026-03-01 11:00:00' }),
    );
    assert.equal(rec.data.url, 'ezopen://open.ys7.com/C00000001/1.cloud.rec?begin=20260301100000&end=20260301110000');
  });

  it('answers playback windows: a VOD playlist over llhls; hls, a missing or reversed window, epoch numbers or a cloud window over two days: 10001', async () => {
    const w = { startTime: '2026-03-01 15:00:00', stopTime: '2026-03-01 15:00:20' };
    const r = await call(cam('C00000001', { protocol: 5, type: 2, ...w }));
    assert.equal(r.code, '200');
    const pl = await request(r.data.url, '');
    assert.match(pl.text, /#EXT-X-PLAYLIST-TYPE:VOD/);
    assert.match(pl.text, /#EXT-X-ENDLIST/);
    assert.equal(pl.text.split('\n').filter((l) => /\.ts\?/.test(l)).length, 10);
    assert.equal(await codeOf(cam('C00000001', { protocol: 2, type: 2, ...w })), '10001');
    assert.equal(await codeOf(cam('C00000001', { protocol: 5, type: 2 })), '10001');
    assert.equal(
      await codeOf(cam('C00000001', { protocol: 5, type: 2, startTime: w.stopTime, stopTime: w.startTime })),
      '10001',
    );
    assert.equal(
      await codeOf(cam('C00000001', { protocol: 5, type: 2, startTime: START - 3600000, stopTime: START })),
      '10001',
    );
    assert.equal(
      await codeOf(
        cam('C00000001', { protocol: 5, type: 3, startTime: '2026-02-28 23:00:00', stopTime: '2026-03-01 01:00:00' }),
      ),
      '10001',
    );
  });

  it('serves the old path for international accounts only (China: the batch form, not simulated: 10001)', async () => {
    assert.equal(await codeOf(cam('C00000001', { protocol: 2 }), OLD), '10001');
    const intl = await callApi(
      sim.url,
      OLD,
      { accessToken: 'at.intl-token', ...cam('C00000010', { protocol: 2 }) },
      { headers: { Host: '127.0.0.1:18090' } },
    );
    assert.equal(intl.code, '200');
    assert.match(intl.data.url, /^http:\/\/127\.0\.0\.1:18090\/v3\/openlive\/C00000010_1_1\.m3u8\?/);
  });

  it("switches a camera to the vendor's placeholder segments (ErrCode/9048_0.ts) through POST /sim/live", async () => {
    const set = await admin(sim.url, 'POST', '/sim/live', { deviceSerial: 'C00000001', placeholder: '9048' });
    assert.equal(set.status, 200);
    const r = await call(cam('C00000001', { protocol: 2 }));
    const pl = await request(r.data.url, '');
    const uris = pl.text.split('\n').filter((l) => l.includes('.ts'));
    assert.ok(uris.length === 4 && uris.every((u) => /^ErrCode\/9048_0\.ts\?n=\d+$/.test(u)), pl.text);
    const seg = await getBytes(new URL(uris[0], r.data.url).toString());
    assert.equal(seg.status, 200);
    assert.equal(seg.body[0], 0x47);
    const list = await admin(sim.url, 'GET', '/sim/live');
    assert.deepEqual(list.json.placeholders, { 'C00000001/1': '9048' });
    assert.equal(list.json.addresses.length, 1);
    assert.equal(JSON.stringify(list.json).includes(new URL(r.data.url).searchParams.get('t')!), false, 'no signature');
    assert.equal(
      (await admin(sim.url, 'POST', '/sim/live', { deviceSerial: 'C00000001', placeholder: '1234' })).status,
      400,
    );
    await admin(sim.url, 'POST', '/sim/live', { deviceSerial: 'C00000001', placeholder: null });
    assert.ok(!(await request(r.data.url, '')).text.includes('ErrCode'));
  });
});
