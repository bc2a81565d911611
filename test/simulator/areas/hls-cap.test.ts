// The simulator's capped HLS live sessions (docs/api/media-api.md section 7, areas/hls-session.ts): with
// a stream cap an hls address answers a master playlist naming a session of its own; the session's
// playlist slides as a live one until the cap, then ends (#EXT-X-ENDLIST) at the segment of its
// end; loading the address again opens a new session that goes on live; unknown sessions 404; no
// cap: the address is the live playlist itself, as before. A fake clock moves time.

import { strict as assert } from 'assert';
import { FakeClock, startSimulator } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { admin, callApi, request } from '../../support/simulator-http';

const T = 'at.demo-token';
const V2 = '/api/lapp/v2/live/address/get';

describe('simulator: capped HLS live sessions (media-api 7, areas/hls-session.ts)', () => {
  let sim: Simulator;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock(Date.parse('2026-03-01T08:00:01Z'));
    sim = await startSimulator({ port: 0, clock, streamCap: 6 });
  });
  afterEach(async () => {
    await sim.close();
  });

  const address = async (): Promise<string> => {
    const r = await callApi(sim.url, V2, { accessToken: T, deviceSerial: 'C00000001', channelNo: 1, protocol: 2 });
    assert.equal(r.code, '200', JSON.stringify(r));
    return (r.data as { url: string }).url;
  };
  const get = async (url: string): Promise<{ status: number; body: string }> => {
    const u = new URL(url);
    const r = await request(sim.url, `${u.pathname}${u.search}`);
    return { status: r.status, body: r.text };
  };
  /** The media sequence numbers a playlist lists. */
  const segments = (body: string): number[] =>
    body
      .split('\n')
      .filter((l) => /\.ts\?/.test(l))
      .map((l) => Number(/\/(\d+)\.ts/.exec(l)![1]));

  it('the address opens a session; its playlist ends at the cap; the address again opens a new one', async () => {
    const url = await address();
    const master = await get(url);
    assert.equal(master.status, 200);
    const lines = master.body.trim().split('\n');
    assert.equal(lines[0], '#EXTM3U');
    assert.ok(lines.includes('#EXT-X-STREAM-INF:BANDWIDTH=800000'), master.body);
    const media = new URL(lines[lines.length - 1], url).toString();
    assert.match(media, /\/v3\/openlive\/C00000001_1_1\.m3u8\?id=[0-9a-f]+&t=[0-9a-f]+&s=[0-9a-f]{16}$/);
    const first = await get(media);
    assert.equal(first.status, 200);
    assert.ok(!first.body.includes('#EXT-X-ENDLIST'), 'live at first');
    const at0 = segments(first.body);
    assert.equal(at0.length, 4);
    clock.advance(4000);
    const mid = await get(media);
    assert.deepEqual(
      segments(mid.body),
      at0.map((k) => k + 2),
      'it slides as a live playlist (2 s segments)',
    );
    assert.ok(!mid.body.includes('#EXT-X-ENDLIST'));
    clock.advance(10000);
    const ended = await get(media);
    assert.ok(ended.body.trim().endsWith('#EXT-X-ENDLIST'), ended.body);
    assert.deepEqual(
      segments(ended.body),
      at0.map((k) => k + 3),
      'stopped at the segment of the cap (6 s after the start)',
    );
    const seg = new URL(
      ended.body
        .split('\n')
        .filter((l) => /\.ts\?/.test(l))
        .pop()!,
      media,
    ).toString();
    assert.equal((await get(seg)).status, 200, 'its last segments still load');
    const again = (await get(url)).body.trim().split('\n').pop()!;
    assert.notEqual(new URL(again, url).toString(), media, 'a new session');
    const next = await get(new URL(again, url).toString());
    assert.ok(!next.body.includes('#EXT-X-ENDLIST'));
    assert.deepEqual(
      segments(next.body),
      at0.map((k) => k + 7),
      'the new session is live now',
    );
  });

  it('an unknown session answers 404; without a cap the address is the live playlist itself', async () => {
    const url = await address();
    assert.equal((await get(`${url}&s=0123456789abcdef`)).status, 404);
    await admin(sim.url, 'POST', '/sim/stream', { cap: 0 });
    const plain = await get(url);
    assert.equal(plain.status, 200);
    assert.ok(!plain.body.includes('#EXT-X-STREAM-INF') && segments(plain.body).length === 4, plain.body);
  });
});
