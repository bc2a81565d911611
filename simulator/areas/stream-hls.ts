// The HLS answers of the simulator's streams (stream.ts routes to them; docs/behaviour.md section
// 13): a live playlist with a sliding window of segments, a VOD playlist for a playback window,
// one segment, and plain-text refusals, each with the CORS headers of the vendor's CDN.

import type { SimulatorState } from '../state';
import { segmentBytes, segmentSet } from './segments';
import { liveState, type LiveAddress } from './stream-state';

/** Segments in a live playlist. */
const WINDOW = 4;
/** Segments of a playback playlist at most. */
const PLAYBACK_SEGMENTS = 30;
/** How far behind the live edge a segment may still be fetched. */
const BEHIND = 30;

export interface StreamAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

export const CORS = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' };

export function text(status: number, body: string): StreamAnswer {
  return { status, headers: { ...CORS, 'Content-Type': 'text/plain; charset=utf-8' }, body };
}

export function media(bytes: Buffer): StreamAnswer {
  return {
    status: 200,
    headers: { ...CORS, 'Content-Type': 'video/mp2t', 'Cache-Control': 'max-age=60' },
    body: bytes,
  };
}

export function playlist(lines: string[]): StreamAnswer {
  return {
    status: 200,
    headers: { ...CORS, 'Content-Type': 'application/vnd.apple.mpegurl' },
    body: lines.join('\n') + '\n',
  };
}

/** A live playlist: the WINDOW segments before the live edge (the clock's time). */
export function livePlaylist(
  state: SimulatorState,
  a: LiveAddress,
  name: string,
  now: number,
  ended = false,
): StreamAnswer {
  const set = segmentSet(a.deviceSerial);
  const last = Math.floor(now / (set.seconds * 1000)) - 1;
  const first = last - WINDOW + 1;
  const placeholder = liveState(state).placeholders.get(`${a.deviceSerial}/${a.channelNo}`);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${set.seconds}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
  ];
  for (let k = first; k <= last; k++) {
    lines.push(
      `#EXTINF:${set.seconds.toFixed(3)},`,
      placeholder ? `ErrCode/${placeholder}_0.ts?n=${k}` : `${name}/${k}.ts?id=${a.id}&t=${a.t}`,
    );
  }
  if (ended) lines.push('#EXT-X-ENDLIST');
  return playlist(lines);
}

/** A playback window as a VOD playlist (at most PLAYBACK_SEGMENTS segments). */
export function playbackPlaylist(a: LiveAddress, name: string): StreamAnswer {
  const set = segmentSet(a.deviceSerial);
  const n = Math.max(1, Math.min(PLAYBACK_SEGMENTS, Math.ceil((a.end! - a.begin!) / (set.seconds * 1000))));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${set.seconds}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
  ];
  for (let k = 0; k < n; k++) lines.push(`#EXTINF:${set.seconds.toFixed(3)},`, `${name}/${k}.ts?id=${a.id}&t=${a.t}`);
  lines.push('#EXT-X-ENDLIST');
  return playlist(lines);
}

/** One segment of an address: live within BEHIND segments of the edge, playback within its window. */
export function segment(a: LiveAddress, k: number, now: number): StreamAnswer {
  const set = segmentSet(a.deviceSerial);
  const edge = Math.floor(now / (set.seconds * 1000));
  const ok = a.type === 1 ? k <= edge && k >= edge - BEHIND : k < PLAYBACK_SEGMENTS;
  return ok ? media(segmentBytes(set, k)) : text(404, 'No such segment.');
}
