// The watch of the client's deadlines, for the reply fuzzers that judge by what their server logged
// (the reply world's, reply-suite.ts; the answer servers', answer-server.ts). A server numbers
// requests, and picks their replies, in the order it reads them; a process this busy may read an
// attempt the client already gave up on (at its deadline) after the retry it used, or after the
// node's end, and give it a reply meant for a later one (seen under load: the end at an error read
// before a late-read attempt, whose reply was a generated slow one). The watch tells a judge which
// attempts the client gave up on, so it can tell which logged reply the node went on from.

import { EzvizClient } from '../../client/wire/client';

/** What names a client's request to the watch: the camera's serial (the reply world's cameras) or
 * the token (an answer server's lanes), then `|` and the URL's path. */
export type WatchKey = (url: string, fields: Record<string, string | number>, token: string | undefined) => string;

/** Per key: the camera's serial and the path. */
export const bySerial: WatchKey = (url, fields) => `${fields.deviceSerial}|${new URL(url).pathname}`;
/** Per key: the access token (an answer server's lane) and the path. */
export const byToken: WatchKey = (url, _fields, token) => `${token}|${new URL(url).pathname}`;

/** Attempts the client gave up on at its deadline (network ETIMEDOUT), per key: when each was sent
 * and when the client gave up (wall clock, as the servers' logs). */
const gaveUp = new Map<string, Array<{ from: number; to: number }>>();
/** Whether the client's last attempt, per key, timed out. */
const lastTimedOut = new Map<string, boolean>();

/** Watches (never changes) the client's outcomes from now on, each request named by `keyOf`;
 * returns the end of the watch. */
export function watchDeadlines(keyOf: WatchKey = bySerial): () => void {
  gaveUp.clear();
  lastTimedOut.clear();
  const post = EzvizClient.prototype.post;
  EzvizClient.prototype.post = async function (this: EzvizClient, ...a: Parameters<typeof post>) {
    const from = Date.now();
    const o = await post.apply(this, a);
    const k = keyOf(a[0], a[1], a[2]);
    lastTimedOut.set(k, !o.ok && o.source === 'network' && o.code === 'ETIMEDOUT');
    if (lastTimedOut.get(k)) gaveUp.set(k, [...(gaveUp.get(k) ?? []), { from, to: Date.now() }]);
    return o;
  };
  return () => void (EzvizClient.prototype.post = post);
}

/** Whether the client's last attempt of the key `k` timed out. */
export const timedOutLastOf = (k: string): boolean => !!lastTimedOut.get(k);

/**
 * How many of these reads (one key, as the server logged them, each read at `at`) may hold a reply
 * the node never saw: each is an attempt the client timed out on (sent at `since` or later); a slow
 * reply (`slow`: one that makes the client wait for its deadline) the server gave while the client
 * waited explains one timeout of its own. Zero when the client met every deadline: then the log is
 * the node's own order and is judged as it is.
 */
export function spareOf<R extends { at: number }>(k: string, reads: R[], slow: (r: R) => boolean, since = 0): number {
  if (!reads.length) return 0;
  const slowOnes = reads.filter(slow);
  let unexplained = 0;
  for (const t of gaveUp.get(k) ?? []) {
    if (t.from < since) continue;
    const i = slowOnes.findIndex((r) => r.at >= t.from && r.at <= t.to);
    if (i >= 0) slowOnes.splice(i, 1);
    else unexplained++;
  }
  return unexplained;
}

/** Of `reads`, those of the last `spare` + 1 that fit (`fits`), the last first: the reads the node
 * may have gone on from (the last alone when spare is 0). */
export function lastFitting<R>(spare: number, reads: R[], fits: (r: R) => boolean): R[] {
  const out: R[] = [];
  for (let i = reads.length - 1; i >= Math.max(0, reads.length - 1 - spare); i--)
    if (fits(reads[i])) out.push(reads[i]);
  return out;
}
