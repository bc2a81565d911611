// The FLV tag reader and writer (client/flv/, docs/api/media-api.md section 7): the
// simulator's own stream read back tag by tag, whatever the chunking; each codec's first bytes
// (H.264 codec 7, H.265 codec 12, Enhanced-FLV hvc1, AAC, G.711); the extended timestamp byte;
// and the bounds: a tag over the limit, garbage, and fuzzing with generated and cut tags (never a
// throw, never more held than one tag).

import assert from 'assert';
import fc from 'fast-check';
import {
  FlvReader,
  isKeyframe,
  isMetaData,
  isSequenceHeader,
  makeTag,
  writeHeader,
  writeTag,
  type FlvItem,
  type FlvTag,
} from '../../../../client/flv';
import { flvLoop } from '../../../../simulator/areas/flv';
import { flvFrame, flvStart } from '../../../../simulator/areas/flv-tags';
import { segmentSet } from '../../../../simulator/areas/segments';

function readAll(bytes: Buffer, cuts: number[] = [], max?: number): { items: FlvItem[]; peak: number } {
  const reader = new FlvReader(max === undefined ? {} : { maxTagBytes: max });
  const items: FlvItem[] = [];
  let peak = 0;
  let at = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length]) {
    items.push(...reader.push(bytes.subarray(at, cut)));
    peak = Math.max(peak, reader.buffered);
    at = cut;
  }
  return { items, peak };
}

const tags = (items: FlvItem[]): FlvTag[] => items.flatMap((i) => (i.kind === 'tag' ? [i.tag] : []));

function stream(list: { type: 8 | 9 | 18; ts: number; body: Buffer }[]): Buffer {
  return Buffer.concat([writeHeader(true, true), ...list.map((t) => writeTag(t, t.ts))]);
}

describe('flv: the tag reader and writer', () => {
  const loop = flvLoop(segmentSet('hd'));
  const frames = loop.frames.slice(0, 40);
  const sim = Buffer.concat([flvStart(loop, null), ...frames.map((f, i) => flvFrame(loop, f, i * 40))]);

  it("reads the simulator's stream: the header once, onMetaData, the sequence header, keyframes", () => {
    const { items } = readAll(sim);
    assert.strictEqual(items.filter((i) => i.kind === 'header').length, 1);
    assert.deepStrictEqual(items[0], { kind: 'header', header: { version: 1, hasAudio: false, hasVideo: true } });
    const t = tags(items);
    assert.strictEqual(t.length, 2 + frames.length);
    assert.ok(isMetaData(t[0]));
    assert.ok(isSequenceHeader(t[1]) && t[1].video?.codecId === 7);
    assert.ok(isKeyframe(t[2]), 'the first frame of the loop is a keyframe');
    assert.deepStrictEqual(
      t.slice(2).map((x) => x.timestamp),
      frames.map((_, i) => i * 40),
    );
  });

  it('gives the same tags byte by byte as in one piece, holding at most one tag', () => {
    const whole = tags(readAll(sim).items);
    const cuts = Array.from({ length: sim.length }, (_, i) => i);
    const { items, peak } = readAll(sim, cuts);
    assert.deepStrictEqual(tags(items), whole);
    assert.ok(peak <= Math.max(...whole.map((t) => t.dataSize)) + 15);
  });

  it('writes a tag back byte for byte, with a new timestamp', () => {
    const t = tags(readAll(sim).items)[5];
    const again = tags(readAll(Buffer.concat([writeHeader(false, true), writeTag(t, t.timestamp)])).items)[0];
    assert.deepStrictEqual(again, t);
    const moved = tags(readAll(Buffer.concat([writeHeader(false, true), writeTag(t, 0x12345678)])).items)[0];
    assert.strictEqual(moved.timestamp, 0x12345678, 'the extended byte is written and read');
    assert.deepStrictEqual(moved.body, t.body);
  });

  it('reads each codec: H.265 codec 12, Enhanced-FLV hvc1, AAC and G.711', () => {
    const hevcKey = makeTag(9, 0, Buffer.from([0x1c, 1, 0, 0, 0x28, 1, 2]));
    assert.deepStrictEqual(
      [hevcKey.video?.codecId, hevcKey.video?.keyframe, hevcKey.video?.compositionTime, isKeyframe(hevcKey)],
      [12, true, 0x28, true],
    );
    const hevcSeq = makeTag(9, 0, Buffer.from([0x1c, 0, 0, 0, 0, 1]));
    assert.ok(isSequenceHeader(hevcSeq) && !isKeyframe(hevcSeq));
    const exSeq = makeTag(9, 0, Buffer.concat([Buffer.from([0x90]), Buffer.from('hvc1'), Buffer.from([1])]));
    assert.deepStrictEqual(
      [exSeq.video?.isExHeader, exSeq.video?.fourCC, isSequenceHeader(exSeq)],
      [true, 'hvc1', true],
    );
    const exFrame = makeTag(9, 0, Buffer.concat([Buffer.from([0xa1]), Buffer.from('avc1'), Buffer.from([0, 0, 5, 9])]));
    assert.deepStrictEqual(
      [exFrame.video?.frameType, exFrame.video?.keyframe, exFrame.video?.fourCC, exFrame.video?.compositionTime],
      [2, false, 'avc1', 5],
    );
    const aacSeq = makeTag(8, 0, Buffer.from([0xaf, 0, 0x14, 0x08]));
    assert.deepStrictEqual(
      [aacSeq.audio?.soundFormat, aacSeq.audio?.aacPacketType, isSequenceHeader(aacSeq)],
      [10, 0, true],
    );
    const aacRaw = makeTag(8, 0, Buffer.from([0xaf, 1, 0x21]));
    assert.deepStrictEqual([aacRaw.audio?.aacPacketType, isSequenceHeader(aacRaw)], [1, false]);
    const alaw = makeTag(8, 0, Buffer.from([0x72, 0xd5]));
    const ulaw = makeTag(8, 0, Buffer.from([0x82, 0xd5]));
    assert.deepStrictEqual(
      [alaw.audio?.soundFormat, ulaw.audio?.soundFormat, alaw.audio?.aacPacketType],
      [7, 8, undefined],
    );
  });

  it('a tag over the limit is an error at its header, not a wait; then nothing more is read', () => {
    const big = stream([{ type: 9, ts: 0, body: Buffer.alloc(2000, 0x27) }]);
    const reader = new FlvReader({ maxTagBytes: 1000 });
    const out = reader.push(big.subarray(0, 13 + 11));
    assert.deepStrictEqual(
      out.map((i) => i.kind),
      ['header', 'error'],
    );
    assert.strictEqual(out[1].kind === 'error' && out[1].reason, 'too-large');
    assert.strictEqual(reader.buffered, 0);
    assert.deepStrictEqual(reader.push(big.subarray(24)), []);
    assert.ok(reader.failed);
  });

  it('garbage is an error: not FLV at the first byte, an unknown tag type', () => {
    const html = readAll(Buffer.from('<html>')).items;
    assert.deepStrictEqual(html.length === 1 && html[0].kind === 'error' && html[0].reason, 'not-flv');
    const bad = Buffer.concat([writeHeader(true, true), Buffer.from([0x41, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0])]);
    const out = readAll(bad).items;
    assert.deepStrictEqual(out[1].kind === 'error' && out[1].reason, 'bad-tag-type');
  });

  const genTag = fc.record({
    type: fc.constantFrom<8 | 9 | 18>(8, 9, 18),
    ts: fc.nat({ max: 2 ** 32 - 1 }),
    body: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  });

  it('fuzz: generated tags, cut anywhere, read back as written', () => {
    fc.assert(
      fc.property(
        fc.array(genTag, { maxLength: 20 }),
        fc.array(fc.nat({ max: 7000 }), { maxLength: 30 }),
        (list, cuts) => {
          const bytes = stream(list);
          const { items, peak } = readAll(bytes, cuts);
          const got = tags(items).map((t) => ({ type: t.type, ts: t.timestamp, body: Buffer.from(t.body) }));
          assert.deepStrictEqual(
            got,
            list.map((t) => ({ ...t })),
          );
          assert.ok(peak <= 300 + 15);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fuzz: cut, spliced and random bytes never throw nor hold more than one tag', () => {
    const max = 4096;
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 3000 }).map((a) => Buffer.from(a)),
      fc
        .tuple(fc.array(genTag, { maxLength: 10 }), fc.nat(), fc.uint8Array({ maxLength: 40 }))
        .map(([list, at, junk]) => {
          const s = stream(list);
          const cut = at % (s.length + 1);
          return Buffer.concat([s.subarray(0, cut), Buffer.from(junk), s.subarray(cut)]);
        }),
      fc.uint8Array({ maxLength: 3000 }).map((a) => Buffer.concat([writeHeader(true, true), Buffer.from(a)])),
    );
    fc.assert(
      fc.property(bytes, fc.array(fc.nat({ max: 3100 }), { maxLength: 20 }), (b, cuts) => {
        const { items, peak } = readAll(b, cuts, max);
        assert.ok(peak <= max + 15, `held ${peak} bytes`);
        assert.ok(items.filter((i) => i.kind === 'error').length <= 1);
        const err = items.findIndex((i) => i.kind === 'error');
        assert.ok(err === -1 || err === items.length - 1, 'nothing after an error');
      }),
      { numRuns: 500 },
    );
  });
});
