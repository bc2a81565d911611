#!/usr/bin/env node
'use strict';
// `node scripts/bench/clip-camera.js` (docs/performance.md, beside scripts/bench/clip.js): how the
// memory of a clip scales with its size. A made-up camera of a usual bitrate (about 2 Mbit/s:
// 25 frames/s, a 40 KB keyframe every 2 s and pictures of 9.4 KB, AAC every 64 ms, as the stream
// benchmark's synthetic camera; its SPS/PPS the simulator's C00000001, its pictures not decodable)
// served as HTTP-FLV from this process as fast as it is read; ezviz-clip's reading and writing
// (features/recordings/: playback-session.ts, clip-tags.ts, mp4.ts, from dist/) turn a window of
// it into an MP4. This process's V8 heap and array buffers over their level before (a full
// collection first): the peak of what is live (a full collection before each sample, every
// 250 ms and at the moment the MP4 is finished) against the clip's size. No address or service
// call: only the tags and the file. Options: --runs N (default 3), --seconds N (default 60).

const path = require('path');
const http = require('http');
const v8 = require('v8');
const { round, table, numberArg } = require('./stats');

const root = path.resolve(__dirname, '..', '..');
const dist = (...p) => require(path.join(root, 'dist', ...p));
const { readSession } = dist('features', 'recordings', 'playback-session');
const { ClipTags } = dist('features', 'recordings', 'clip-tags');
const { clipMp4 } = dist('features', 'recordings', 'mp4');
const { flvLoop } = dist('simulator', 'areas', 'flv');
const { segmentSet } = dist('simulator', 'areas', 'segments');
const { flvStart } = dist('simulator', 'areas', 'flv-tags');
const { flvTagBytes } = require('./stream-media');

const RUNS = numberArg('--runs', 3);
const SECONDS = numberArg('--seconds', 60);
const [FRAME_MS, GOP, KEY_BYTES, PICTURE_BYTES, AAC_MS] = [40, 50, 40000, 9400, 64];
const { gc, onWriting } = require('./clip-sampling');
const code = () => v8.getHeapSpaceStatistics().find((x) => x.space_name === 'code_space').space_used_size;

/** A picture's tag body: AVC NALU (length-prefixed), `bytes` long in all. */
function picture(key, bytes) {
  const b = Buffer.alloc(bytes, 0x5a);
  b[0] = key ? 0x17 : 0x27;
  b[1] = 1;
  b.writeUIntBE(0, 2, 3);
  b.writeUInt32BE(bytes - 9, 5);
  b[9] = key ? 0x65 : 0x41;
  return b;
}

/** The camera's FLV for `seconds` (and one frame past), in writes of about 16 KB. */
function* cameraFlv(seconds) {
  yield flvStart(flvLoop(segmentSet('C00000001')), null).subarray(0);
  const aac = flvTagBytes(8, 0, Buffer.from([0xaf, 0, 0x14, 0x08]));
  yield aac;
  let parts = [];
  let audio = 0;
  for (let f = 0; f * FRAME_MS <= seconds * 1000; f++) {
    for (; audio * AAC_MS <= f * FRAME_MS; audio++)
      parts.push(flvTagBytes(8, audio * AAC_MS, Buffer.concat([Buffer.from([0xaf, 1]), Buffer.alloc(60, 0x21)])));
    const key = f % GOP === 0;
    parts.push(flvTagBytes(9, f * FRAME_MS, picture(key, key ? KEY_BYTES : PICTURE_BYTES)));
    const all = Buffer.concat(parts);
    parts = [];
    for (let at = 0; at < all.length; at += 16384) yield all.subarray(at, at + 16384);
  }
}

async function serve() {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'video/x-flv' });
    const it = cameraFlv(SECONDS);
    const more = () => {
      for (let n = it.next(); !n.done; n = it.next()) if (!res.write(n.value)) return void res.once('drain', more);
      res.end();
    };
    res.on('close', () => it.return());
    more();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

async function oneClip(url) {
  gc();
  await new Promise((r) => setImmediate(r));
  gc();
  const base = process.memoryUsage();
  const code0 = code();
  let peak = { grew: 0, split: {} };
  const sample = () => {
    gc();
    const u = process.memoryUsage();
    const grew = u.heapUsed + u.arrayBuffers - (base.heapUsed + base.arrayBuffers);
    if (grew <= peak.grew) return;
    const c = code() - code0;
    peak = {
      grew,
      split: {
        heap: u.heapUsed - base.heapUsed - c,
        code: c,
        buffers: u.arrayBuffers - base.arrayBuffers,
        rss: u.rss - base.rss,
      },
    };
  };
  onWriting(sample);
  const timer = setInterval(sample, 250);
  const tags = new ClipTags(SECONDS * 1000, 1e9);
  tags.beginSession();
  const end = await readSession(url, (t) => tags.push(t), new AbortController().signal, { maxTagBytes: 1 << 24 });
  sample();
  const mp4 = await clipMp4(tags);
  clearInterval(timer);
  sample();
  if (end.kind !== 'end' || !mp4) throw new Error(`the clip failed: ${end.kind}`);
  return { ...peak, bytes: mp4.length, frames: tags.videoSamples.length + tags.audioSamples.length };
}

async function main() {
  const server = await serve();
  const url = `http://127.0.0.1:${server.address().port}/camera.flv`;
  const runs = [];
  try {
    await oneClip(url); // warm-up
    for (let i = 0; i < RUNS; i++) runs.push(await oneClip(url));
  } finally {
    server.close();
  }
  const bytes = runs[0].bytes;
  const live = Math.max(...runs.map((r) => r.grew));
  console.log(JSON.stringify({ seconds: SECONDS, clipBytes: bytes, frames: runs[0].frames, runs }, null, 2));
  console.log(
    table([
      ['measure', 'value'],
      [`clip (${SECONDS} s, about 2 Mbit/s)`, `${round(bytes / 1048576, 2)} MiB, ${runs[0].frames} frames`],
      ['memory held (live, after collection)', `${round(live / 1048576, 2)} MiB (${round(live / bytes, 2)}x)`],
    ]),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
