// Recordings by time (docs/api/media-api.md section 2.1; simulator/areas/recordings.ts) over real
// HTTP with a fake clock: motion clips through the day on the card and, while cloud storage runs,
// in the cloud; continuous hourly card recording on the shop camera; recType 0 choosing the
// cloud where there is one; nothing in the future; the codes (offline card 20007, cloud of an
// offline camera fine, a window over a day 10001, account 20018, channel 20032).

import { strict as assert } from 'assert';
import { apiCalls, cam, clock, sim, simulatorEach } from './support';

const NOW = Date.parse('2026-03-01T08:00:00Z'); // 16:00 in China
const MIDNIGHT = Date.parse('2026-02-28T16:00:00Z'); // 00:00 in China on 1 March
const { call, codeOf } = apiCalls<'list'>(() => '/api/lapp/video/by/time');

interface Item {
  startTime: number;
  endTime: number;
  recType: number;
  fileId: string;
  videoType: number;
}
const items = async (serial: string, extra: Record<string, string | number> = {}): Promise<Item[]> => {
  const r = await call('list', cam(serial, extra));
  assert.equal(r.code, '200', JSON.stringify(r));
  return r.data as Item[];
};

describe('simulator: recordings by time (media-api 2.1, areas/recordings.ts)', function () {
  simulatorEach(NOW);

  it('lists the motion clips of today on the card: 00:00 China time to now by default, sorted, never after now', async () => {
    const list = await items('C00000001', { recType: 2 });
    assert.ok(list.length >= 5 && list.length <= 20, `${list.length} clips by 16:00`);
    for (const [i, r] of list.entries()) {
      assert.ok(r.startTime >= MIDNIGHT - 120000 && r.endTime <= NOW, JSON.stringify(r));
      assert.ok(r.endTime - r.startTime >= 15000 && r.endTime - r.startTime <= 120000);
      assert.equal(r.recType, 2);
      assert.equal(r.videoType, 1);
      if (i) assert.ok(r.startTime >= list[i - 1].endTime, 'sorted, not overlapping');
    }
    assert.deepEqual(await items('C00000001', { recType: 2 }), list, 'the same on every call');
    clock.advance(24 * 3600 * 1000);
    const yesterday = await items('C00000001', { recType: 2, startTime: MIDNIGHT, endTime: NOW });
    assert.deepEqual(yesterday, list, 'and the same later, for the same window');
  });

  it('the cloud holds the clips while a storage period runs; recType 0 picks the cloud where there is one', async () => {
    const cloud = await items('C00000001', { recType: 1 });
    const card = await items('C00000001', { recType: 2 });
    assert.deepEqual(
      cloud.map((r) => [r.startTime, r.endTime]),
      card.map((r) => [r.startTime, r.endTime]),
    );
    assert.ok(cloud.every((r) => r.recType === 1));
    assert.deepEqual(await items('C00000001'), cloud, 'recType 0: the cloud');
    assert.deepEqual(await items('C00000007', { recType: 1 }), [], 'no cloud storage: nothing in the cloud');
    assert.ok(
      (await items('C00000007')).every((r) => r.recType === 2),
      'recType 0 without cloud storage: the card',
    );
    assert.deepEqual(await items('C00000014', { recType: 2 }), [], 'no card: nothing on it');
  });

  it('the shop records continuously to its card: one item per hour, the last up to now', async () => {
    const list = await items('C00000006', { recType: 2 });
    assert.equal(list.length, 16, '00:00 to 16:00');
    assert.deepEqual(
      list.map((r) => r.endTime - r.startTime),
      Array(16).fill(3600000),
    );
    assert.equal(list[0].startTime, MIDNIGHT);
    assert.ok(list.every((r) => r.videoType === 0));
    clock.advance(90000);
    const later = await items('C00000006', { recType: 2 });
    assert.equal(later[later.length - 1].endTime, NOW + 90000, 'the hour under way ends now');
  });

  it('answers the codes: offline card 20007 (its cloud still lists), a window over a day or reversed 10001, 20018, 20032', async () => {
    sim.state.devices.C00000001.online = false;
    assert.equal(await codeOf('list', cam('C00000001', { recType: 2 })), '20007');
    assert.equal(await codeOf('list', cam('C00000001', { recType: 1 })), '200');
    sim.state.devices.C00000001.online = true;
    assert.equal(await codeOf('list', cam('C00000001', { startTime: NOW - 86400001, endTime: NOW })), '10001');
    assert.equal(await codeOf('list', cam('C00000001', { startTime: NOW, endTime: NOW - 1000 })), '10001');
    assert.equal(await codeOf('list', cam('C00000001', { startTime: NOW - 86400000, endTime: NOW })), '200');
    assert.equal(await codeOf('list', cam('C00000001', { recType: 3 })), '10001');
    assert.equal(await codeOf('list', cam('C00000004')), '20018');
    assert.equal(await codeOf('list', cam('C00000001', { channelNo: 9 })), '20032');
    assert.equal(await codeOf('list', cam('c00000001')), '20014');
  });
});
