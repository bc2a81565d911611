// Capped HLS live sessions (docs/api/media-api.md section 7: the service ends each live session after
// about a minute, HLS as FLV). With a stream cap an hls address answers a master playlist that names
// a session of its own (`&s=<id>` on the media playlist); the session's playlist slides as any live
// one until the cap, then stops at the segment of its end and says #EXT-X-ENDLIST. A player plays
// on by loading the address again: a new session (nothing encoded, no new address needed).

import { randomBytes } from 'crypto';

/** Sessions kept at most (the oldest go first). */
const MAX_SESSIONS = 1000;
/** A session is forgotten this long after its end (ms). */
const KEEP_AFTER_END_MS = 60000;

/** Opens a session of `cap` seconds for the media playlist `media` (relative URL, its query
 * without the session): the master playlist's lines. */
export function openHlsSession(sessions: Map<string, number>, cap: number, media: string, now: number): string[] {
  for (const [id, started] of sessions) if (started + cap * 1000 + KEEP_AFTER_END_MS < now) sessions.delete(id);
  while (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
  const id = randomBytes(8).toString('hex');
  sessions.set(id, now);
  return ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-STREAM-INF:BANDWIDTH=800000', `${media}&s=${id}`];
}
