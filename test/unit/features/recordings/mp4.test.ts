// A clip's tags and its file (features/recordings/clip-tags.ts, mp4.ts, codec-info.ts; docs/behaviour.md
// section 26) on FLV the simulator makes (simulator/areas/flv.ts: its committed H.264 loops): the
// window kept from the first keyframe, a session cut short continued from its last keyframe, the
// byte bound, and the MP4 as ffprobe and ffmpeg read it (moov first, size, duration, no error).

import { strict as assert } from 'assert';
import { FlvReader, type FlvTag } from '../../../../client/flv';
import { ClipTags } from '../../../../features/recordings/clip-tags';
import { clipFlv, clipMedia, clipMp4 } from '../../../../features/recordings/mp4';
import { avcConfig, avcSpsSize } from '../../../../features/recordings/codec-info';
import { flvLoop } from '../../../../simulator/areas/flv';
import { flvAudio, flvFrame, flvStart } from '../../../../simulator/areas/flv-tags';
import { audioLoop } from '../../../../simulator/areas/flv-audio';
import { segmentSet } from '../../../../simulator/areas/segments';
import { probeBytes, topBoxes, withFfmpeg } from '../../../support/media-probe';

const loop = flvLoop(segmentSet('C00000001'));

/** A session of a simulator loop (H.264 of C00000001, or its H.265 loop; AAC beside it when
 * asked): `ms` of frames from frame `from`, timestamps from `t0`, tags in timestamp order. */
function session(ms: number, from = 0, t0 = 0, o: { hevc?: boolean; audio?: boolean } = {}): FlvTag[] {
  const l = o.hevc ? flvLoop(segmentSet('hevc')) : loop;
  const audio = o.audio ? audioLoop() : null;
  const parts = [flvStart(l, audio)];
  const n = l.frames.length;
  let j = 0;
  for (let k = from; ; k++) {
    const ts = Math.floor(k / n) * l.durationMs + l.frames[k % n].dtsMs - l.frames[from % n].dtsMs;
    if (ts >= ms) break;
    for (; audio && j * audio.frameMs < ts; j++)
      parts.push(flvAudio(audio.frames[j % audio.frames.length], Math.floor(j * audio.frameMs) + t0));
    parts.push(flvFrame(l, l.frames[k % n], ts + t0));
  }
  const items = new FlvReader().push(Buffer.concat(parts));
  return items.flatMap((i) => (i.kind === 'tag' ? [i.tag] : []));
}

function feed(c: ClipTags, tags: FlvTag[]): string {
  c.beginSession();
  for (const t of tags) {
    const r = c.push(t);
    if (r !== 'more') return r;
  }
  return 'eof';
}

describe('clips: the tags of a clip and its MP4', function () {
  this.timeout(20000);
  it('reads the picture size and codec string of the loop: 320x180, avc1', () => {
    const c = new ClipTags(3000, 1e9);
    feed(c, session(1000));
    const conf = avcConfig(c.video!.config)!;
    assert.match(conf.codec, /^avc1\.[0-9a-f]{6}$/);
    assert.deepEqual(avcSpsSize(conf.sps), { width: 320, height: 180 });
  });

  it('keeps the window from the first keyframe and says when its end came', () => {
    const c = new ClipTags(3000, 1e9);
    assert.equal(feed(c, session(8000, 0, 5000)), 'end');
    assert.equal(c.videoSamples[0].ts, 0);
    assert.ok(c.videoSamples[0].key);
    assert.equal(c.lastTs, 3000 - 125);
    assert.equal(c.durationMs(), 3000);
    assert.deepEqual(clipMedia(c), { video: { codec: 'h264', width: 320, height: 180, fps: 8 }, audio: null });
  });

  it('a session cut short is read on from its last keyframe: one timeline, no frame twice', () => {
    const c = new ClipTags(7000, 1e9);
    assert.equal(feed(c, session(3000)), 'eof');
    assert.equal(c.resumePoint(), 2000, 'the keyframe at 2 s');
    assert.equal(c.lastTs, 2000 - 125);
    // The next session starts at that keyframe (frame 16 of the loop), its timestamps from 0.
    assert.equal(feed(c, session(8000, 16)), 'end');
    const ts = c.videoSamples.map((s) => s.ts);
    ts.slice(1).forEach((t, i) => assert.equal(t - ts[i], 125));
    assert.equal(c.durationMs(), 7000);
  });

  it('stops at maxBytes', () => {
    const c = new ClipTags(60000, 5000);
    assert.equal(feed(c, session(60000)), 'full');
    assert.ok(c.bytes > 5000 && c.bytes < 5000 + 10000);
  });

  withFfmpeg('the MP4: moov before mdat, H.264 320x180, the window long, decoded without an error', async () => {
    const c = new ClipTags(6000, 1e9);
    feed(c, session(3000));
    c.resumePoint();
    feed(c, session(8000, 16));
    const flvBytes = clipFlv(c)!; // before the MP4: writing it drops the frames' bytes from the tags
    const [frames, duration] = [c.videoSamples.length, c.durationMs()];
    const mp4 = (await clipMp4(c))!;
    assert.equal(c.videoSamples.length, frames);
    assert.ok(c.videoSamples.every((s) => s.body.length === 0));
    assert.equal(c.durationMs(), duration); // the timeline stays (the outcome's seconds)
    const boxes = topBoxes(mp4);
    // moov first, and no free space left between it and the mdat (the space kept for the moov)
    assert.deepEqual(boxes, ['ftyp', 'moov', 'mdat']);
    const p = await probeBytes(mp4);
    assert.equal(p.errors, '');
    assert.equal(p.streams.length, 1);
    assert.deepEqual([p.streams[0].codec_name, p.streams[0].width, p.streams[0].height], ['h264', 320, 180]);
    assert.ok(Math.abs(p.duration - 6) < 0.01, `duration ${p.duration}`);
    assert.deepEqual(p.keys, [0, 2, 4]);
    const flv = await probeBytes(flvBytes, 'clip.flv');
    assert.equal(flv.errors, '');
    assert.ok(Math.abs(flv.duration - 6) < 0.2, `flv duration ${flv.duration}`);
  });

  withFfmpeg('H.265 (codec id 12) with AAC: an hvc1 MP4 with its audio, decoded without an error', async () => {
    const c = new ClipTags(4000, 1e9);
    assert.equal(feed(c, session(6000, 0, 0, { hevc: true, audio: true })), 'end');
    const media = clipMedia(c)!;
    assert.deepEqual(media.video, { codec: 'h265', width: 320, height: 180, fps: 8 });
    assert.deepEqual(media.audio, { codec: 'aac', sampleRate: 16000, channels: 1 });
    const mp4 = (await clipMp4(c))!;
    assert.deepEqual(topBoxes(mp4), ['ftyp', 'moov', 'mdat']);
    const p = await probeBytes(mp4);
    assert.equal(p.errors, '');
    const kinds = p.streams.map((x) => `${x.codec_type}:${x.codec_name}`).sort();
    assert.deepEqual(kinds, ['audio:aac', 'video:hevc']);
    assert.ok(Math.abs(p.duration - 4) < 0.15, `duration ${p.duration}`);
  });
});
