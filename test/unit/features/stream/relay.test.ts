// The stream relay (features/stream/, docs/behaviour.md section 25) on a fake clock with a
// camera in memory (test/support/fake-camera.ts): one cloud session for every viewer; what a
// joining viewer gets first; chains across many short caps with time continuous, never going
// back per track and within 1 s of the wall clock; a slow viewer closed without holding the
// others; failures (503 for a viewer without a byte, retries, one report per failure); the idle
// close and the hold. Then the pure parts: the time mapping, the switch point, when to chain.

import assert from 'assert';
import { resetHooks } from '../../../../client/clock/clock';
import { FlvReader, isKeyframe, isSequenceHeader, type FlvTag } from '../../../../client/flv';
import {
  Anchor,
  chainAfterMs,
  LastPictures,
  spliceAfterMs,
  overBounds,
  StreamRelay,
  switchPoint,
  Timeline,
  type RelayEvent,
  type StreamFailure,
} from '../../../../features/stream';
import { FakeCamera, FakeScheduler, FakeViewer } from '../../../support/fake-camera';

const OFFLINE: StreamFailure = {
  code: '20007',
  message: 'offline',
  operation: 'live',
  source: 'api',
  retriable: false,
};

function tagsOf(v: FakeViewer): { header: number; tags: FlvTag[]; error: boolean } {
  const r = new FlvReader();
  const items = r.push(v.bytes);
  return {
    header: items.filter((i) => i.kind === 'header').length,
    tags: items.flatMap((i) => (i.kind === 'tag' ? [i.tag] : [])),
    error: items.some((i) => i.kind === 'error'),
  };
}

describe('stream relay: one camera, every viewer', () => {
  let clock: FakeScheduler;
  let camera: FakeCamera;
  let events: RelayEvent[];
  let failures: StreamFailure[];
  let relay: StreamRelay;

  beforeEach(() => {
    clock = new FakeScheduler();
    clock.install();
    camera = new FakeCamera(clock);
    events = [];
    failures = [];
    relay = new StreamRelay({
      connect: camera.connect,
      reports: { event: (e) => events.push(e), failure: (f) => failures.push(f), changed: () => undefined },
      limits: { idleCloseMs: 10000 },
    });
  });
  afterEach(() => {
    relay.close();
    resetHooks();
  });

  it('ten viewers share one cloud session; each gets the header once, then metadata, configs, a keyframe', () => {
    const first = new FakeViewer();
    relay.addViewer(first);
    clock.advance(2500);
    const more = Array.from({ length: 9 }, (_, i) => new FakeViewer(`10.0.0.${i}`));
    for (const v of more) relay.addViewer(v);
    clock.advance(1000);
    assert.strictEqual(camera.opened, 1);
    for (const v of [first, ...more]) {
      const { header, tags, error } = tagsOf(v);
      assert.strictEqual(header, 1);
      assert.ok(!error);
      assert.strictEqual(tags[0].type, 18, 'onMetaData first');
      assert.ok(isSequenceHeader(tags[1]) && isSequenceHeader(tags[2]), 'both sequence headers next');
      assert.ok(isKeyframe(tags[3]), 'then a keyframe');
      assert.ok(v.readyCalls >= 1);
    }
    assert.deepStrictEqual(
      events.map((e) => e.event),
      ['viewer', 'open', ...more.map(() => 'viewer')],
    );
  });

  for (const burst of [true, false]) {
    it(`chains across 60 caps of 5 s (${burst ? 'a burst of the recent past' : 'paced'}): one stream, time on the wall clock`, function () {
      // 300 simulated seconds on the injectable clock: about 0.25 s of CPU on a quiet machine, over
      // mocha's default 2 s at load 20 (a bound on a stuck test, not a timed assertion).
      this.timeout(20000);
      camera.settings.burst = burst;
      const v = new FakeViewer();
      relay.addViewer(v);
      const t0 = clock.now;
      const wall: number[] = [];
      let seen = 0;
      const reader = new FlvReader();
      const tags: FlvTag[] = [];
      for (let i = 0; i < 300; i++) {
        clock.advance(1000);
        const fresh = v.chunks.slice(seen);
        seen = v.chunks.length;
        for (const item of reader.push(Buffer.concat(fresh))) {
          if (item.kind !== 'tag') continue;
          tags.push(item.tag);
          wall.push(clock.now - t0);
        }
      }
      assert.ok(camera.opened >= 60, `${camera.opened} sessions`);
      assert.ok(camera.open <= 2);
      assert.ok(events.filter((e) => e.event === 'chain').length >= 59);
      for (const track of [8, 9]) {
        const ts = tags.filter((t) => t.type === track && !isSequenceHeader(t)).map((t) => t.timestamp);
        for (let i = 1; i < ts.length; i++) assert.ok(ts[i] >= ts[i - 1], `track ${track} goes back at ${i}`);
        const gaps = ts.slice(1).map((x, i) => x - ts[i]);
        assert.ok(Math.max(...gaps) <= 1040, `a gap of ${Math.max(...gaps)} ms: more than a keyframe interval`);
      }
      // The first chain comes before any cap was seen (up to a keyframe interval); the later
      // ones open ahead of the cap and switch where the old session caught up.
      const chainGaps = events.filter((e) => e.event === 'chain').map((e) => e.gapMs ?? 0);
      assert.ok(Math.max(...chainGaps.slice(1)) <= 80, `chain gaps ${chainGaps.join(' ')}`);
      const video = tags.map((t, i) => ({ t, w: wall[i] })).filter((x) => x.t.type === 9 && !isSequenceHeader(x.t));
      const lag = video.map((x) => x.w - x.t.timestamp);
      const spread = Math.max(...lag.slice(25)) - Math.min(...lag.slice(25));
      assert.ok(spread <= 1000, `stream time drifts ${spread} ms from the wall clock`);
      assert.strictEqual(tags.filter((t) => isSequenceHeader(t)).length, 2, 'sequence headers once');
      assert.strictEqual(failures.length, 0);
    });
  }

  for (const capMs of [5000, 5520]) {
    it(`the first chain (no cap seen yet, cap ${capMs} ms) goes on right after the last picture out: no wait, nothing twice, nothing skipped`, () => {
      // The next session opens when the first one ends, 100 ms to its first byte, then its burst of
      // the recent past, which holds the pictures the viewer saw last (the camera's one stream):
      // the last picture is the keyframe the burst begins with (5000), or a picture after it (5520).
      camera.settings.firstByteMs = 100;
      camera.settings.capMs = capMs;
      const v = new FakeViewer();
      relay.addViewer(v);
      const reader = new FlvReader();
      const pictures: { ts: number; scene: number; at: number }[] = [];
      let seen = 0;
      for (let i = 0; i < 700; i++) {
        clock.advance(10);
        for (const item of reader.push(Buffer.concat(v.chunks.slice(seen)))) {
          if (item.kind !== 'tag' || item.tag.type !== 9 || isSequenceHeader(item.tag)) continue;
          pictures.push({ ts: item.tag.timestamp, scene: item.tag.body[6], at: clock.now });
        }
        seen = v.chunks.length;
      }
      const chains = events.filter((e) => e.event === 'chain');
      assert.strictEqual(chains.length, 1, 'one chain in 7 s of 5 s caps');
      assert.strictEqual(chains[0].gapMs, 40, 'the next picture of the scene, 40 ms on');
      for (let i = 1; i < pictures.length; i++) {
        const [a, b] = [pictures[i - 1], pictures[i]];
        assert.strictEqual(
          b.scene,
          (a.scene + 40) & 0xff,
          `picture ${i}: the next of the scene (not again, none skipped)`,
        );
        assert.strictEqual(b.ts - a.ts, 40, `picture ${i}: 40 ms of stream time on`);
        assert.ok(b.at - a.at <= 150, `picture ${i}: ${b.at - a.at} ms without a picture (first byte 100 ms)`);
      }
    });
  }

  it('once a chain spliced, the next session opens only as far ahead as a session takes to answer and the switch waits for the end: one chain per cap but that overlap', () => {
    camera.settings.firstByteMs = 100;
    const v = new FakeViewer();
    relay.addViewer(v);
    const reader = new FlvReader();
    const scene: number[] = [];
    let seen = 0;
    let most = 0;
    for (let i = 0; i < 12000; i++) {
      clock.advance(10);
      most = Math.max(most, camera.open);
      for (const item of reader.push(Buffer.concat(v.chunks.slice(seen)))) {
        if (item.kind === 'tag' && item.tag.type === 9 && !isSequenceHeader(item.tag)) scene.push(item.tag.body[6]);
      }
      seen = v.chunks.length;
    }
    // 120 s of 5 s caps: each session opens 1 s before the cap (twice the 100 ms answer and half a
    // second, at least 1 s) and is shown until it ends: a chain every 4 s (at a keyframe, 2.5 s).
    const chains = events.filter((e) => e.event === 'chain');
    assert.ok(chains.length >= 28 && chains.length <= 31, `${chains.length} chains in 120 s`);
    assert.ok(
      chains.every((e) => e.gapMs === 40),
      `chain gaps ${chains.map((e) => e.gapMs).join(' ')}`,
    );
    assert.strictEqual(most, 2, 'two sessions at most, the next only ahead of the end');
    for (let i = 1; i < scene.length; i++) assert.strictEqual(scene[i], (scene[i - 1] + 40) & 0xff, `picture ${i}`);
    assert.strictEqual(failures.length, 0);
  });

  it('a changed sequence header goes out again at the chain', () => {
    const v = new FakeViewer();
    relay.addViewer(v);
    clock.advance(3000);
    camera.settings.avcConfig = Buffer.from([0x17, 0, 0, 0, 0, 1, 0x64, 0, 0x28, 0xff]);
    clock.advance(12000);
    const configs = tagsOf(v).tags.filter((t) => t.type === 9 && isSequenceHeader(t));
    assert.strictEqual(configs.length, 2);
  });

  it('a stalled viewer is closed past 10 s of stream without holding the others', () => {
    const slow = new FakeViewer('10.1.1.1');
    const fast = new FakeViewer('10.1.1.2');
    relay.addViewer(slow);
    relay.addViewer(fast);
    clock.advance(2000);
    slow.stall = true;
    clock.advance(12000);
    assert.ok(slow.ended);
    assert.ok(!fast.ended);
    const before = fast.chunks.length;
    clock.advance(2000);
    assert.ok(fast.chunks.length > before);
    assert.deepStrictEqual(
      events.filter((e) => e.event === 'left').map((e) => [e.client?.address, e.reason]),
      [['10.1.1.1', 'slow']],
    );
  });

  it('a viewer keeping up is never closed, though its socket always holds the last write', () => {
    const steady = new FakeViewer('10.1.1.3');
    steady.lagging = true;
    relay.addViewer(steady);
    clock.advance(60000);
    assert.ok(!steady.ended);
    assert.deepStrictEqual(
      events.filter((e) => e.event === 'left'),
      [],
    );
    const before = steady.chunks.length;
    clock.advance(2000);
    assert.ok(steady.chunks.length > before);
  });

  it('a failure before any byte: the viewer gets it (503), one report, the camera closes', () => {
    camera.settings.failure = OFFLINE;
    const a = new FakeViewer();
    const b = new FakeViewer();
    relay.addViewer(a);
    relay.addViewer(b);
    clock.advance(100);
    assert.strictEqual(a.failed?.code, '20007');
    assert.strictEqual(b.failed?.code, '20007');
    assert.strictEqual(failures.length, 1);
    assert.strictEqual(camera.open, 0);
    assert.strictEqual(clock.liveTimers, 0);
    assert.deepStrictEqual(
      events.map((e) => e.event),
      ['viewer', 'viewer', 'left', 'left'],
    );
  });

  it('a running stream retries with back-off for 30 s, then ends its viewers; the outage reported once', () => {
    const v = new FakeViewer();
    relay.addViewer(v);
    clock.advance(3000);
    const before = camera.opened;
    camera.settings.failure = OFFLINE;
    clock.advance(40000);
    assert.ok(v.ended && !v.failed);
    const tries = camera.opened - before;
    assert.ok(tries >= 3 && tries <= 9, `${tries} tries`);
    assert.strictEqual(failures.length, 1, `${failures.length} reports of one outage`);
    assert.strictEqual(camera.open, 0);
    assert.strictEqual(clock.liveTimers, 0);
  });

  it('a retry that works goes on with the same viewers', () => {
    const v = new FakeViewer();
    relay.addViewer(v);
    clock.advance(3000);
    camera.settings.failure = OFFLINE;
    clock.advance(3000);
    camera.settings.failure = undefined;
    clock.advance(10000);
    assert.ok(!v.ended);
    const ts = tagsOf(v)
      .tags.filter((t) => t.type === 9)
      .map((t) => t.timestamp);
    for (let i = 1; i < ts.length; i++) assert.ok(ts[i] >= ts[i - 1]);
  });

  it('closes idleClose after the last viewer; "open" holds it without viewers until "close"', () => {
    const v = new FakeViewer();
    const handle = relay.addViewer(v);
    clock.advance(2000);
    relay.removeViewer(handle);
    clock.advance(9000);
    assert.ok(camera.open >= 1);
    clock.advance(1500);
    assert.strictEqual(camera.open, 0);
    relay.hold(true);
    clock.advance(30000);
    assert.ok(camera.open >= 1);
    relay.hold(false);
    assert.strictEqual(camera.open, 0);
    relay.close();
    assert.strictEqual(clock.liveTimers, 0);
  });
});

describe('stream relay: the pure parts', () => {
  it('maps the first session from 0 and places later ones as the first stood to the wall clock', () => {
    const tl = new Timeline();
    const a1 = new Anchor();
    a1.see(0, 1000);
    tl.use(a1, tl.offsetFor(a1, 0));
    assert.strictEqual(tl.map('video', 0), 0);
    const a2 = new Anchor();
    a2.see(0, 5000);
    const off = tl.offsetFor(a2, 0);
    assert.strictEqual(off, 4000, 'a session opened 4 s later starts at stream time 4000');
    tl.use(a2, off);
    assert.strictEqual(tl.map('video', 40), 4040);
    assert.strictEqual(tl.map('audio', -5000), 0);
    assert.strictEqual(tl.map('video', -100), 4041, 'never back on a track, never twice the same time');
  });

  it('an anchor is stable once a burst is over; the switch point skips what was seen', () => {
    const a = new Anchor();
    for (let ts = 0; ts <= 2000; ts += 40) a.see(ts, 10000);
    assert.ok(!a.stable(10100));
    for (let ts = 2040; ts <= 2400; ts += 40) a.see(ts, 8000 + ts);
    assert.ok(a.stable(10400));
    assert.strictEqual(switchPoint([0, 1000, 2000], 5000, 6500), 2);
    assert.strictEqual(switchPoint([0, 1000], 5000, 6500), -1);
    assert.strictEqual(chainAfterMs(undefined), undefined);
    assert.strictEqual(chainAfterMs(60000, 4000), 53500);
    assert.strictEqual(chainAfterMs(5000, 1000), 3000);
    assert.strictEqual(chainAfterMs(5000, 4000), 2500);
    assert.strictEqual(chainAfterMs(2000), 1000);
    assert.strictEqual(spliceAfterMs(undefined), undefined);
    assert.strictEqual(spliceAfterMs(60000, 200), 59000, 'at least 1 s ahead');
    assert.strictEqual(spliceAfterMs(60000, 2000), 55500, 'twice the answer and half a second');
    assert.strictEqual(spliceAfterMs(5000, 3000), 2500, 'at most half the cap');
  });

  it('finds the last pictures out in the next session: the newest pair, or the keyframe it begins with', () => {
    const pic = (key: boolean, n: number, ts = n * 40): { tag: FlvTag } => ({
      tag: {
        type: 9,
        timestamp: ts,
        body: Buffer.from([key ? 0x17 : 0x27, 1, 0, 0, 0, n]),
        video: { keyframe: key, sequenceHeader: false, endOfSequence: false },
      } as FlvTag,
    });
    const seen = new LastPictures();
    assert.strictEqual(seen.find([pic(true, 1)]), -1, 'nothing out yet');
    for (const n of [1, 2, 3]) seen.saw(pic(n === 1, n).tag);
    assert.strictEqual(seen.find([pic(true, 1), pic(false, 2), pic(false, 3), pic(false, 4)]), 2);
    assert.strictEqual(seen.find([pic(true, 1), pic(false, 9), pic(false, 3)]), -1, 'the picture before differs');
    assert.strictEqual(seen.find([pic(false, 3), pic(false, 4)]), -1, 'first held but not a keyframe');
    seen.saw(pic(true, 5).tag);
    assert.strictEqual(
      seen.find([pic(true, 5, 0), pic(false, 6, 40)]),
      0,
      'the burst begins with the keyframe last out',
    );
    assert.deepStrictEqual(seen.spliceIn([pic(true, 5, 0), pic(false, 6, 40)], 7000, 40), {
      index: 1,
      offset: 7000,
      gapMs: 40,
    });
  });

  it('a viewer is over its bounds past 8 MiB or 10 s of stream unsent', () => {
    const l = { maxUnsentBytes: 8 << 20, maxUnsentMs: 10000 };
    assert.ok(!overBounds(0, 60000, l));
    assert.ok(!overBounds(1 << 20, 9000, l));
    assert.ok(overBounds(1 << 20, 10001, l));
    assert.ok(overBounds((8 << 20) + 1, 0, l));
  });
});
