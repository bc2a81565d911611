// The config node's book of stream minutes (client/service/stream-book.ts, docs/behaviour.md
// sections 23 and 25): per camera today, every stream node of it together, a closed node's count
// kept for the day and taken on by its redeployed successor, other days' counts left out.

import assert from 'assert';
import { StreamBook, type DayCount } from '../../../../client/service/stream-book';

describe('stream book: camera minutes today', () => {
  const day = new Date(2026, 2, 1).getTime();
  const noon = new Date(2026, 2, 1, 12).getTime();
  const entry = (id: string, deviceSerial: string, ms: number, viewers = 0, on = day) => ({
    id,
    deviceSerial,
    channelNo: 1,
    read: () => ({ count: { day: on, ms } as DayCount, viewers }),
  });

  it('sums the nodes of one camera, sorts the cameras, rounds to a tenth of a minute', () => {
    const book = new StreamBook();
    assert.strictEqual(book.open(entry('a', 'C2', 90000, 2)), undefined);
    book.open(entry('b', 'C1', 30000));
    book.open(entry('c', 'C2', 36000, 1));
    assert.deepStrictEqual(book.cameras(noon), [
      { deviceSerial: 'C1', channelNo: 1, minutes: 0.5, viewers: 0 },
      { deviceSerial: 'C2', channelNo: 1, minutes: 2.1, viewers: 3 },
    ]);
  });

  it("keeps a closed node's count for the day, hands it to the node's successor, forgets other days", () => {
    const book = new StreamBook();
    book.open(entry('a', 'C1', 60000));
    book.close('a', { day, ms: 60000 });
    assert.deepStrictEqual(book.cameras(noon), [{ deviceSerial: 'C1', channelNo: 1, minutes: 1, viewers: 0 }]);
    assert.deepStrictEqual(book.open(entry('a', 'C1', 60000)), { day, ms: 60000 }, 'the redeployed node goes on');
    assert.deepStrictEqual(book.cameras(noon), [{ deviceSerial: 'C1', channelNo: 1, minutes: 1, viewers: 0 }]);
    book.close('a', { day, ms: 120000 });
    const tomorrow = new Date(2026, 2, 2, 12).getTime();
    assert.deepStrictEqual(book.cameras(tomorrow), []);
    book.close('never-opened', { day, ms: 5 });
    assert.deepStrictEqual(book.cameras(noon), [{ deviceSerial: 'C1', channelNo: 1, minutes: 2, viewers: 0 }]);
  });
});
