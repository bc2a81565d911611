// One HTTP-FLV session (docs/behaviour.md section 18, docs/api/media-api.md section 7): 200 with
// `video/x-flv`, no Content-Length (chunked), CORS as the vendor's players need; the FLV header,
// metadata and sequence headers (flv-tags.ts), then the camera's loop (flv.ts: H.264, or H.265 for
// a camera whose state says so) frame by frame at the pace of the wall clock, with the AAC loop
// (flv-audio.ts) beside it on a camera with a microphone, tags in timestamp order, timestamps
// from 0 on every session and continuous across passes of the loops; live opens with a burst of
// its last group of pictures (the keyframe before the loop's position now). A sleeping battery camera
// answers nothing (not even the status) for WAKE_MS of the simulator's clock, unless a session of
// it is already open (it is awake while it streams).
// Live starts at a keyframe of the loop's current position; playback starts at the keyframe at or
// before the window's start (the loop laid on the recording's time: its position is the time
// modulo the loop), plays to the window's end at PLAYBACK_SPEED times the wall clock
// (docs/api/media-api.md section 7: the real service's pace is not reported; a reader must not
// assume real time) and ends with the end-of-sequence tag. The stream cap (`--stream-cap
// N`, POST /sim/stream) ends every session after N seconds, as the real service ends each session
// after about a minute: the response simply ends, the player sees the end of the stream.

import type * as http from 'http';
import { performance } from 'perf_hooks';
import type { ServerContext } from '../area';
import type { SimulatorState } from '../state';
import { flvLoop } from './flv';
import { audioLoop } from './flv-audio';
import { flvAudio, flvEnd, flvFrame, flvStart } from './flv-tags';
import { segmentSet } from './segments';

/** What a session plays (an address of stream.ts): the camera, live (1) or playback and its window. */
export interface FlvAddress {
  deviceSerial: string;
  channelNo: number;
  type: number;
  begin?: number;
  end?: number;
}

/** How the session runs: the cap (s, 0 none), the placeholder a live camera shows, the video
 * codec, audio (the camera has a microphone and its sound is on), a sleeping camera's wake-up. */
export interface FlvSettings {
  capSeconds: number;
  placeholder?: string;
  h265?: boolean;
  audio?: boolean;
  wakeMs?: number;
}

/** How long a sleeping battery camera takes to answer its first byte (ms of the simulator's clock). */
export const WAKE_MS = 3000;

/** Frames are sent this far ahead of the wall clock (ms), so a player's buffer never runs dry. */
const LEAD_MS = 500;
/** A playback session sends its recording this many times faster than real time. */
export const PLAYBACK_SPEED = 4;
/** The longest cap (s): a day. */
export const MAX_STREAM_CAP_S = 86400;

export const FLV_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'video/x-flv',
  'Cache-Control': 'no-cache',
  'Access-Control-Allow-Origin': '*',
});

/** Open FLV sessions per state, each with its camera (`SERIAL/ch`); GET /sim/stream shows how many. */
const open = new WeakMap<SimulatorState, Map<http.ServerResponse, string>>();

export function flvSessions(state: SimulatorState): Map<http.ServerResponse, string> {
  let s = open.get(state);
  if (!s) open.set(state, (s = new Map()));
  return s;
}

/** Waits until `ms` of the simulator's clock (a FakeClock: until a test moves it) have passed,
 * unless a session of the camera is open; false when the client left or the server closes. */
async function wake(res: http.ServerResponse, camera: string, ms: number, ctx: ServerContext): Promise<boolean> {
  if ([...flvSessions(ctx.state).values()].includes(camera)) return true;
  const until = ctx.clock.now() + ms;
  while (!res.destroyed && !ctx.closing() && ctx.clock.now() < until) {
    await ctx.wait(Math.min(50, until - ctx.clock.now()));
  }
  return !res.destroyed && !ctx.closing();
}

/** Writes `b`; resolves at once, or when the socket drained (a slow player). */
function write(res: http.ServerResponse, b: Buffer): Promise<void> {
  if (res.write(b)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Streams address `a` as FLV on `res` until its end (playback), the cap, the client leaving or
 * the server closing. Resolves with the number of video frames sent. */
export async function serveFlv(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  a: FlvAddress,
  ctx: ServerContext,
  settings: FlvSettings,
): Promise<number> {
  const holder = a.type === 1 ? settings.placeholder : undefined;
  const loop = flvLoop(segmentSet(holder ? `${holder}_0` : settings.h265 ? 'hevc' : a.deviceSerial));
  const audio = settings.audio && !holder ? audioLoop() : null;
  const camera = `${a.deviceSerial}/${a.channelNo}`;
  if (req.method !== 'HEAD' && settings.wakeMs && !(await wake(res, camera, settings.wakeMs, ctx))) return 0;
  res.writeHead(200, { ...FLV_HEADERS });
  if (req.method === 'HEAD') {
    res.end();
    return 0;
  }
  const all = flvSessions(ctx.state);
  all.set(res, camera);
  let gone = false;
  res.on('close', () => {
    gone = true;
    all.delete(res);
  });
  const n = loop.frames.length;
  // The keyframe at or before the loop's position now (live) or at the window's start (playback).
  // Live opens with a burst of the recent past as the cloud sends it: from that keyframe to the
  // position now at once (`past` ms), then at the pace of the clock.
  const from = a.type === 1 ? ctx.clock.now() : a.begin!;
  const at = ((from % loop.durationMs) + loop.durationMs) % loop.durationMs;
  let k = 0;
  for (let i = 0; i < n && loop.frames[i].dtsMs <= at; i++) if (loop.frames[i].key) k = i;
  const past = a.type === 1 ? at - loop.frames[k].dtsMs : 0;
  const base = loop.frames[k].dtsMs;
  // Playback: to the window's end, counted from that keyframe, PLAYBACK_SPEED times faster.
  const windowMs = a.type === 1 ? Infinity : Math.max(1000, a.end! - a.begin! + at - base);
  const speed = a.type === 1 ? 1 : PLAYBACK_SPEED;
  const capMs = settings.capSeconds > 0 ? settings.capSeconds * 1000 : Infinity;
  const t0 = performance.now();
  let sent = 0;
  let j = 0; // the next audio frame
  await write(res, flvStart(loop, audio));
  while (!gone && !ctx.closing()) {
    const f = loop.frames[(k + sent) % n];
    const vts = Math.floor((k + sent) / n) * loop.durationMs + f.dtsMs - base;
    const ats = audio ? Math.floor(j * audio.frameMs) : Infinity;
    const ts = Math.min(vts, ats);
    const elapsed = performance.now() - t0;
    if (vts >= windowMs) {
      await write(res, flvEnd(loop, vts));
      break;
    }
    if (elapsed >= capMs) break;
    const ahead = ts / speed - past - elapsed - LEAD_MS;
    if (ahead > 0) {
      await ctx.wait(Math.min(ahead, capMs - elapsed));
      continue;
    }
    if (ats < vts) {
      await write(res, flvAudio(audio!.frames[j % audio!.frames.length], ats));
      j++;
      continue;
    }
    await write(res, flvFrame(loop, f, vts));
    sent++;
  }
  if (!gone) res.end();
  return sent;
}
