// The pure parts of ezviz-recordings (docs/behaviour.md section 18): its sources and times, the window
// (defaults, limits), splitting at local midnights, reading a reply's items (ms or local text
// times, endTime or stopTime, empty or absent data, wrong shapes) and joining the lists.

import assert from 'assert';
import {
  localMidnight,
  recordSource,
  recordTime,
  recordWindow,
  splitWindow,
} from '../../../../client/operations/recordings';
import { joinItems, recordingItem, replyItems } from '../../../../client/replies/recordings';
import { BadReply } from '../../../../client/replies/replies';

const NOW = Date.parse('2026-03-01T08:00:00Z');
const DAY = 86400000;

describe('recordings: sources, times, windows, items', () => {
  it('reads sources by name or number, and nothing else', () => {
    assert.deepStrictEqual(['auto', ' Cloud ', 'sd-card', 0, 1, '2'].map(recordSource), [
      'auto',
      'cloud',
      'sd-card',
      'auto',
      'cloud',
      'sd-card',
    ]);
    for (const bad of ['live', 3, -1, '1.0', true, {}, 'sdcard'])
      assert.strictEqual(recordSource(bad), undefined, String(bad));
  });

  it('reads times: Date, ms, digits, ISO, local yyyy-MM-dd HH:mm:ss; years 2000-2099 only', () => {
    const local = new Date(2026, 2, 1, 9, 30, 5).getTime();
    assert.strictEqual(recordTime(new Date(NOW)), NOW);
    assert.strictEqual(recordTime(NOW), NOW);
    assert.strictEqual(recordTime(String(NOW)), NOW);
    assert.strictEqual(recordTime('2026-03-01T08:00:00Z'), NOW);
    assert.strictEqual(recordTime('2026-03-01 09:30:05'), local);
    for (const bad of [
      '2026-02-30 10:00:00',
      '2026-03-01 24:00:00',
      'today',
      1e21,
      NaN,
      12.5,
      new Date(NaN),
      '1999-12-31T23:59:59Z',
      null,
    ]) {
      assert.strictEqual(recordTime(bad), undefined, String(bad));
    }
  });

  it('a window defaults to local midnight .. now, must end after it starts and span at most 31 days', () => {
    assert.deepStrictEqual(recordWindow(undefined, undefined, NOW), { start: localMidnight(NOW), end: NOW });
    assert.deepStrictEqual(recordWindow(NOW - 3600000, undefined, NOW), { start: NOW - 3600000, end: NOW });
    assert.deepStrictEqual(recordWindow(NOW + 1, undefined, NOW), { param: 'start', reason: 'recordWindow' });
    assert.deepStrictEqual(recordWindow(NOW, NOW, NOW), { param: 'end', reason: 'recordWindow' });
    assert.deepStrictEqual(recordWindow(NOW - 31 * DAY, NOW, NOW), { start: NOW - 31 * DAY, end: NOW });
    assert.deepStrictEqual(recordWindow(NOW - 31 * DAY - 1, NOW, NOW), { param: 'end', reason: 'recordSpan' });
  });

  it('splits at local midnights into pieces of at most a day that touch', () => {
    const start = NOW - 2 * DAY - 5000;
    const pieces = splitWindow(start, NOW);
    assert.strictEqual(pieces[0].start, start);
    assert.strictEqual(pieces[pieces.length - 1].end, NOW);
    pieces.forEach((p, i) => {
      assert.ok(p.end > p.start && p.end - p.start <= DAY + 3600000); // a DST day has 25 hours
      if (i) assert.strictEqual(p.start, pieces[i - 1].end);
      if (i) assert.strictEqual(p.start, localMidnight(p.start));
    });
    assert.deepStrictEqual(splitWindow(NOW - 1000, NOW), [{ start: NOW - 1000, end: NOW }]);
  });

  it('reads items: times in ms or local text, endTime or stopTime; data empty or absent; wrong shapes are BAD_REPLY', () => {
    assert.deepStrictEqual(replyItems(undefined), []);
    assert.deepStrictEqual(replyItems(null), []);
    assert.throws(() => replyItems({}), BadReply);
    const a = recordingItem({ startTime: NOW, endTime: NOW + 61000, fileId: 'x' }, 'cloud', 'C1', 1, 'data[0]');
    assert.deepStrictEqual(a, {
      deviceSerial: 'C1',
      channelNo: 1,
      source: 'cloud',
      start: '2026-03-01T08:00:00.000Z',
      end: '2026-03-01T08:01:01.000Z',
      seconds: 61,
    });
    const b = recordingItem(
      { startTime: '2026-03-01 09:00:00', stopTime: '2026-03-01 09:00:30' },
      'sd-card',
      'C1',
      2,
      'data[1]',
    );
    assert.strictEqual(b.seconds, 30);
    assert.strictEqual(b.start, new Date(2026, 2, 1, 9, 0, 0).toISOString());
    for (const bad of [
      null,
      [],
      'x',
      { startTime: NOW },
      { startTime: 'soon', endTime: NOW },
      { startTime: NOW, endTime: NOW - 1 },
      { startTime: 1e20, endTime: 1e20 },
    ]) {
      assert.throws(() => recordingItem(bad, 'cloud', 'C1', 1, 'data[0]'), BadReply, JSON.stringify(bad));
    }
  });

  it('joins lists: sorted by start, each recording once (per source)', () => {
    const it = (s: number, e: number, src: 'cloud' | 'sd-card') =>
      recordingItem({ startTime: s, endTime: e }, src, 'C1', 1, 'd');
    const joined = joinItems([
      it(NOW + 5000, NOW + 9000, 'cloud'),
      it(NOW, NOW + 3000, 'sd-card'),
      it(NOW, NOW + 3000, 'cloud'),
      it(NOW, NOW + 3000, 'sd-card'),
      it(NOW + 5000, NOW + 9000, 'cloud'),
    ]);
    assert.deepStrictEqual(
      joined.map((i) => [i.start.slice(11, 19), i.source]),
      [
        ['08:00:00', 'cloud'],
        ['08:00:00', 'sd-card'],
        ['08:00:05', 'cloud'],
      ],
    );
  });
});
