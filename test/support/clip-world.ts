// A world of the test's own for ezviz-clip (docs/behaviour.md section 26): one HTTP server on
// 127.0.0.1 that answers the recordings list and the playback address calls as the test says, and
// serves the playback streams the addresses point to in whatever way the test names: whole, cut
// short, turning to garbage, endless, stuck on one time, fat frames, trickling, a huge tag, an
// HTTP status, nothing, or the connection dropped. The FLV is the simulator's own (its loops of
// C00000006: H.264 320x180 at 8 fps and AAC), laid on the recording's time as the simulator lays
// it (the keyframe at or before the window's start), made at once without the simulator's pacing.

import * as http from 'http';
import type { AddressInfo } from 'net';
import { flvLoop, type FlvLoop } from '../../simulator/areas/flv';
import { audioLoop, type AudioLoop } from '../../simulator/areas/flv-audio';
import { flvAudio, flvEnd, flvFrame, flvStart } from '../../simulator/areas/flv-tags';
import { segmentSet } from '../../simulator/areas/segments';

/** How one playback session is served. */
export type Delivery =
  | { kind: 'whole' }
  /** that share of the session's bytes, then the connection ends */
  | { kind: 'cut'; share: number }
  /** that share, then bytes that are not FLV, then the end */
  | { kind: 'garbage'; share: number; junk: Buffer }
  /** the window and a minute past its end, without an end tag, the connection left open */
  | { kind: 'endless' }
  /** frames whose time never moves on, until the client leaves */
  | { kind: 'stuck' }
  /** keyframes of `frameBytes` each, 1 ms apart, until the client leaves */
  | { kind: 'fat'; frameBytes: number }
  /** `bytes` of the session every `ms`, without end */
  | { kind: 'trickle'; ms: number; bytes: number }
  /** the session's start, then a video tag that says it holds `size` bytes (at most 16 MiB), its
   * body sent 256 KiB at a time, then the rest of the session */
  | { kind: 'huge'; size: number }
  | { kind: 'status'; status: number }
  /** the headers, then nothing */
  | { kind: 'hang' }
  /** the connection closed at once */
  | { kind: 'drop' };

/** A reply of the API: JSON whole, or an HTTP status with a text. */
export type ApiAnswer = { json: unknown } | { status: number; text: string };

export interface ClipWorld {
  url: string;
  /** The recordings list's answer to one call (recType 1 cloud, 2 SD card; its fields). */
  list: (fields: Record<string, string>) => ApiAnswer;
  /** How the `n`th playback session of the run (from 0) is served. */
  delivery: (n: number) => Delivery;
  /** Calls and sessions since the last reset, and the bytes of trickled sessions sent. */
  calls: { list: number; address: number; sessions: number; trickled: number };
  /** How many ms of the world's own time (a trickle's waits) pass in one real ms: 1 unless set. */
  pace: number;
  /** Told when the session now served will bring nothing more of use however long the client waits:
   * a hang once its headers went, a trickle once `stall.ms` of the world's time went by, a stuck
   * session once `stall.bytes` went (not an endless one: what it sent makes a whole clip). A test can end the client's
   * deadline then rather than wait it out in real time. Unset: nothing told. */
  onStall?: () => void;
  stall: { ms: number; bytes: number };
  /** Playback sessions whose connection is still open. */
  open(): number;
  reset(): void;
  close(): Promise<void>;
}

const LOOP: { video?: FlvLoop; audio?: AudioLoop | null } = {};
function loops(): { video: FlvLoop; audio: AudioLoop | null } {
  LOOP.video ??= flvLoop(segmentSet('C00000006'));
  if (LOOP.audio === undefined) LOOP.audio = audioLoop();
  return { video: LOOP.video, audio: LOOP.audio };
}

/** The tags of a playback session of [begin, end) (ms): its start (header, metadata, sequence
 * headers), then frames and audio in time order from the keyframe at or before `begin`, then the
 * end tag; `past` more frames past the end (no end tag) when asked. */
export function sessionTags(begin: number, end: number, past = 0): Buffer[] {
  const { video: loop, audio } = loops();
  const n = loop.frames.length;
  const at = ((begin % loop.durationMs) + loop.durationMs) % loop.durationMs;
  let k = 0;
  for (let i = 0; i < n && loop.frames[i].dtsMs <= at; i++) if (loop.frames[i].key) k = i;
  const base = loop.frames[k].dtsMs;
  const windowMs = Math.max(1000, end - begin + at - base) + past;
  const out = [flvStart(loop, audio)];
  let j = 0;
  for (let sent = 0; ; sent++) {
    const f = loop.frames[(k + sent) % n];
    const vts = Math.floor((k + sent) / n) * loop.durationMs + f.dtsMs - base;
    while (audio && Math.floor(j * audio.frameMs) < Math.min(vts, windowMs)) {
      out.push(flvAudio(audio.frames[j % audio.frames.length], Math.floor(j * audio.frameMs)));
      j++;
    }
    if (vts >= windowMs) {
      if (!past) out.push(flvEnd(loop, vts));
      return out;
    }
    out.push(flvFrame(loop, f, vts));
  }
}

/** An FLV video tag of `size` body bytes at `ts`: an H.264 keyframe (its first NAL unit's length
 * says the rest) whose bytes are `fill`. */
function videoTag(size: number, ts: number, fill = 0x41): Buffer {
  const tag = Buffer.alloc(11 + size + 4, fill);
  tag[0] = 9;
  tag.writeUIntBE(size, 1, 3);
  tag.writeUIntBE(ts & 0xffffff, 4, 3);
  tag[7] = (ts >>> 24) & 0xff;
  tag.writeUIntBE(0, 8, 3);
  Buffer.from([0x17, 1, 0, 0, 0]).copy(tag, 11);
  tag.writeUInt32BE(size - 9, 16);
  tag[20] = 0x65; // an IDR slice
  tag.writeUInt32BE(11 + size, 11 + size);
  return tag;
}

/** Writes `chunks` one after another, waiting for the socket to drain; false when it closed.
 * `sent` is told each chunk's length. */
async function pour(res: http.ServerResponse, chunks: Iterable<Buffer>, sent = (_n: number) => {}): Promise<boolean> {
  for (const c of chunks) {
    if (res.destroyed) return false;
    sent(c.length);
    if (!res.write(c)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  return !res.destroyed;
}

function* forever(make: (i: number) => Buffer): Iterable<Buffer> {
  for (let i = 0; ; i++) yield make(i);
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Serves one session of [begin, end) on `res` as `d` says. */
async function serve(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  d: Delivery,
  w: { begin: number; end: number; world: ClipWorld },
) {
  const { begin, end, world } = w;
  const stalled = (): void => {
    if (!res.destroyed) world.onStall?.();
  };
  if (d.kind === 'drop') return void req.socket.destroy();
  if (d.kind === 'status') return void res.writeHead(d.status, { 'Content-Type': 'text/plain' }).end('no');
  res.writeHead(200, { 'Content-Type': 'video/x-flv' });
  if (d.kind === 'hang') {
    res.flushHeaders();
    await pause(10); // the headers read
    return stalled();
  }
  const tags = sessionTags(begin, end, d.kind === 'endless' ? 60000 : 0);
  const all = Buffer.concat(tags);
  switch (d.kind) {
    case 'whole':
      return void res.end(all);
    case 'cut':
      return void res.end(all.subarray(0, Math.floor(all.length * d.share)));
    case 'garbage':
      await pour(res, [all.subarray(0, Math.floor(all.length * d.share)), d.junk]);
      return void res.end();
    case 'endless':
      await pour(res, tags); // a minute past the window's end, then nothing, the connection open
      return;
    case 'stuck': {
      await pour(res, [tags[0], tags[1]]);
      let bytes = 0;
      await pour(
        res,
        forever(() => videoTag(4096, 7)),
        (n) => {
          if (bytes < world.stall.bytes && (bytes += n) >= world.stall.bytes) stalled();
        },
      );
      return;
    }
    case 'fat':
      await pour(res, [tags[0]]);
      await pour(
        res,
        forever((i) => videoTag(d.frameBytes, i)),
      );
      return;
    case 'trickle':
      for (let at = 0, spent = 0; at < all.length && !res.destroyed; at += d.bytes) {
        res.write(all.subarray(at, at + d.bytes));
        world.calls.trickled += Math.min(d.bytes, all.length - at);
        await pause(d.ms / world.pace);
        if (spent < world.stall.ms && (spent += d.ms) >= world.stall.ms) stalled();
      }
      return;
    case 'huge': {
      const tag = videoTag(d.size, 0, 0x42);
      await pour(res, [tags[0]]);
      for (let at = 0; at < tag.length && !res.destroyed; at += 256 * 1024) {
        if (!(await pour(res, [tag.subarray(at, at + 256 * 1024)]))) return;
        await pause(2);
      }
      if (await pour(res, tags.slice(1))) res.end();
      return;
    }
  }
}

function answer(res: http.ServerResponse, a: ApiAnswer): void {
  if ('json' in a) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(a.json));
  } else {
    res.writeHead(a.status, { 'Content-Type': 'text/plain' });
    res.end(a.text);
  }
}

/** `yyyy-MM-dd HH:mm:ss` (this host's time, as the address call sends it) or ms -> ms. */
function timeOf(v: string | undefined): number {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(v ?? '');
  if (!m) return Number(v);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}

/** The list's answer by default: one recording that covers the piece asked for. */
const coveringList = (f: Record<string, string>): ApiAnswer => ({
  json: { code: '200', msg: 'ok', data: [{ startTime: Number(f.startTime), endTime: Number(f.endTime) }] },
});

/** Starts the world on a free port of 127.0.0.1. */
export async function startClipWorld(): Promise<ClipWorld> {
  const sessions = new Set<http.ServerResponse>();
  let addressId = 0;
  const world: ClipWorld = {
    url: '',
    list: coveringList,
    delivery: () => ({ kind: 'whole' }),
    calls: { list: 0, address: 0, sessions: 0, trickled: 0 },
    pace: 1,
    stall: { ms: Infinity, bytes: Infinity },
    open: () => sessions.size,
    reset() {
      world.calls = { list: 0, address: 0, sessions: 0, trickled: 0 };
      world.list = coveringList;
      world.delivery = () => ({ kind: 'whole' });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://world.invalid');
    if (req.method === 'GET' && url.pathname.startsWith('/play/')) {
      req.resume();
      const n = world.calls.sessions++;
      sessions.add(res);
      res.on('close', () => sessions.delete(res));
      const d = world.delivery(n);
      const begin = Number(url.searchParams.get('begin'));
      serve(req, res, d, { begin, end: Number(url.searchParams.get('end')), world }).catch(() => res.destroy());
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      if (url.pathname === '/api/lapp/video/by/time') {
        world.calls.list++;
        return answer(res, world.list(fields));
      }
      if (url.pathname === '/api/lapp/v2/live/address/get') {
        world.calls.address++;
        const begin = timeOf(fields.startTime);
        // A stop at 23:59:59 plays the day's last second too (to midnight), as the simulator does.
        const end = timeOf(fields.stopTime) + (/ 23:59:59$/.test(fields.stopTime ?? '') ? 1000 : 0);
        const id = `w${++addressId}`;
        const play = `${world.url}/play/${id}.flv?begin=${begin}&end=${end}`;
        return answer(res, {
          json: { code: '200', msg: 'ok', data: { id, url: play, expireTime: Date.now() + 3600000 } },
        });
      }
      answer(res, { json: { code: '10001', msg: 'not in this world' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  world.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return world;
}

/** An MP4's movie duration (s, from mvhd) and its first track's sample count (stsz): enough to tell
 * a whole clip from a short one without a player. */
export function mp4Facts(mp4: Buffer): { seconds: number; samples: number } {
  const mvhd = mp4.indexOf('mvhd');
  const stsz = mp4.indexOf('stsz');
  if (mvhd < 0 || stsz < 0) return { seconds: 0, samples: 0 };
  const v1 = mp4[mvhd + 4] === 1;
  const scale = mp4.readUInt32BE(mvhd + (v1 ? 24 : 16));
  const duration = v1 ? Number(mp4.readBigUInt64BE(mvhd + 28)) : mp4.readUInt32BE(mvhd + 20);
  return { seconds: duration / scale, samples: mp4.readUInt32BE(stsz + 12) };
}
