// The streams behind the simulator's hls/llhls addresses (docs/behaviour.md section 13), GET under
// /v3/openlive/: a live playlist per camera with a sliding window of short H.264 MPEG-TS
// segments (segments.ts: the committed loops, timestamps moved on), a VOD playlist for a playback
// window, the vendor's placeholder segments (ErrCode/9048_0.ts) for cameras the admin endpoint
// switched to them. An expired address answers 403, an unknown one 404. flv addresses are
// HTTP-FLV streams (flv-session.ts: live and playback, remuxed from the same segments, with AAC on
// cameras with a microphone, H.265 on a camera whose state says so, ended after the stream cap).
// Answers carry CORS headers, as the vendor's CDN does, so a browser page of another origin plays
// them with hls.js or mpegts.js. The playlists and segments: stream-hls.ts; the addresses, the
// placeholders and the cap: stream-state.ts.

import type { ServedPath } from '../area';
import type { Device, SimulatorState } from '../state';
import { servedFaults, servedRequest } from '../served';
import { segmentBytes, segmentSet } from './segments';
import { serveFlv, WAKE_MS } from './flv-session';
import { openHlsSession } from './hls-session';
import { lensCovered, liveState, type LiveAddress } from './stream-state';
import { CORS, livePlaylist, media, playbackPlaylist, playlist, segment, text, type StreamAnswer } from './stream-hls';

export { lensCovered, liveState, type LiveAddress, type LiveState, type Placeholder } from './stream-state';
export type { StreamAnswer } from './stream-hls';

export const STREAM_PREFIX = '/v3/openlive/';

/** The address a stream request names (by id, signature and camera), or why not. */
function addressOf(state: SimulatorState, name: string, q: URLSearchParams, now: number): LiveAddress | StreamAnswer {
  const a = liveState(state).addresses.get(q.get('id') ?? '');
  if (!a || a.t !== q.get('t') || name !== `${a.deviceSerial}_${a.channelNo}_${a.stream}`) {
    return text(404, 'No such stream.');
  }
  if (now >= a.expireAt) return text(403, 'This address has expired.');
  const dev = state.devices[a.deviceSerial];
  if (!dev?.online || !dev.channels[String(a.channelNo)]?.online) return text(404, 'The camera is offline.');
  // The lens covered (privacy on) ends the picture of addresses given before, as the service's
  // refusal of new ones says (60026): the player's next request fails and a new address is refused.
  if (lensCovered(dev, a.channelNo)) return text(403, 'The device is in privacy mode (lens covered): 60026.');
  return a;
}

/** What a camera's FLV carries (docs/api/media-api.md section 7): H.265 when its state says
 * `videoCodec: "h265"`; AAC when it has a microphone (not `unsupported`) and its sound is on (the
 * microphone switch); a sleeping battery camera wakes first (WAKE_MS). */
export function flvMedia(dev: Device): { h265: boolean; audio: boolean; wakeMs: number } {
  const c = dev.camera;
  return {
    h265: c.videoCodec === 'h265',
    audio: c.microphone && !c.unsupported.includes('microphone'),
    wakeMs: c.battery !== null && c.sleeping ? WAKE_MS : 0,
  };
}

/** Answers a GET under STREAM_PREFIX (`path` the URL's path, `q` its query). */
export function streamRequest(
  state: SimulatorState,
  path: string,
  q: URLSearchParams,
  now: number,
): StreamAnswer | { flv: LiveAddress } {
  const rest = path.slice(STREAM_PREFIX.length);
  const holder = /^ErrCode\/(9048|9053)_0\.ts$/.exec(rest);
  if (holder) {
    const n = Number(q.get('n'));
    return media(segmentBytes(segmentSet(`${holder[1]}_0`), Number.isSafeInteger(n) && n >= 0 ? n : 0));
  }
  const m = /^([A-Z0-9]{1,64}_\d{1,4}_[12])(?:\.(m3u8|flv)|\/(\d{1,15})\.ts)$/.exec(rest);
  if (!m) return text(404, 'No such stream.');
  const a = addressOf(state, m[1], q, now);
  if (!('id' in a)) return a;
  if (m[2] === 'flv' || a.protocol === 'flv') {
    return m[2] === 'flv' && a.protocol === 'flv' ? { flv: a } : text(404, 'No such stream.');
  }
  if (a.protocol !== 'hls' && a.protocol !== 'llhls') return text(404, 'No such stream.');
  if (m[3] !== undefined) return segment(a, Number(m[3]), now);
  if (a.type !== 1) return playbackPlaylist(a, m[1]);
  const cap = liveState(state).streamCap;
  if (cap <= 0) return livePlaylist(state, a, m[1], now);
  // Capped: the address opens a session (a master playlist naming it); the session's playlist ends.
  const session = q.get('s');
  if (session === null)
    return playlist(openHlsSession(liveState(state).hlsSessions, cap, `${m[1]}.m3u8?id=${a.id}&t=${a.t}`, now));
  const started = liveState(state).hlsSessions.get(session);
  if (started === undefined) return text(404, 'No such session.');
  return livePlaylist(state, a, m[1], Math.min(now, started + cap * 1000), started + cap * 1000 <= now);
}

/** GET (or HEAD) under STREAM_PREFIX, logged like every request; faults with `path:
 * STREAM_PREFIX` hit it (latency, http500, drop). */
const serveStream: ServedPath['serve'] = async (req, res, path, ctx) => {
  const served = servedRequest(req, path, ctx);
  const { method, finish } = served;
  if (method === 'OPTIONS') {
    res.writeHead(204, {
      ...CORS,
      'Access-Control-Allow-Methods': 'GET, HEAD',
      'Access-Control-Allow-Headers': 'Range',
    });
    res.end();
    return finish(204);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const a = text(405, 'Streams take GET.');
    res.writeHead(a.status, { ...a.headers, Allow: 'GET, HEAD' });
    res.end(a.body);
    return finish(405);
  }
  if (await servedFaults(req, res, ctx, STREAM_PREFIX, served)) return;
  const query = new URL(req.url ?? '/', 'http://sim.invalid').searchParams;
  const a = streamRequest(ctx.state, path, query, ctx.clock.now());
  if ('flv' in a) {
    const live = liveState(ctx.state);
    const placeholder = live.placeholders.get(`${a.flv.deviceSerial}/${a.flv.channelNo}`);
    finish(200);
    await serveFlv(req, res, a.flv, ctx, {
      capSeconds: live.streamCap,
      placeholder,
      ...flvMedia(ctx.state.devices[a.flv.deviceSerial]),
    });
    return;
  }
  const body = typeof a.body === 'string' ? Buffer.from(a.body) : a.body;
  res.writeHead(a.status, { ...a.headers, 'Content-Length': String(body.length) });
  res.end(method === 'HEAD' ? undefined : body);
  finish(a.status);
};

export const servedStreams: ServedPath = {
  prefix: STREAM_PREFIX,
  index: 'GET  /v3/openlive/<SERIAL>_<ch>_<stream>.m3u8?id=...&t=... (hls/llhls addresses), segments under it',
  faultKinds: ['latency', 'http500', 'drop'],
  serve: serveStream,
};
