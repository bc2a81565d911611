// One playback session of a clip (docs/behaviour.md section 26): a GET of an HTTP-FLV address read
// tag by tag (the FLV reader: at most one unfinished tag held, a tag over the bound or bytes that
// are not FLV end the session), each tag handed on until the clip says it has enough. Ends with
// why: the window's end, the byte bound, a codec it cannot keep, the stream's end or cut
// (`cut`: a new address reads on), garbage, an HTTP status, or the abort of the clip (its
// deadline or the node's close). Redirects are not followed; nothing of the account is sent
// (the address carries its own authorisation); the connection is the config node's (its agent,
// EzvizService.agentFor: through the proxy its API requests take, a CONNECT tunnel). Never rejects.

import * as http from 'http';
import * as https from 'https';
import { FlvReader, type FlvTag } from '../../client/flv';
import { hooks } from '../../client/clock/clock';
import type { PushOutcome } from './clip-tags';

export type SessionEnd =
  | { kind: 'end' }
  | { kind: 'full' }
  | { kind: 'codec' }
  | { kind: 'cut'; why: 'eof' | 'garbage' | 'network'; code?: string }
  | { kind: 'http'; status: number }
  | { kind: 'aborted' };

/** How a session is read: the largest tag taken; the agent of its connection (the config node's,
 * undefined: Node's own). */
export interface SessionLimits {
  maxTagBytes: number;
  agent?: (url: URL) => http.Agent;
}

/** Reads the FLV at `url`, each tag to `onTag`, until it ends or `signal` aborts. */
export function readSession(
  url: string,
  onTag: (tag: FlvTag) => PushOutcome,
  signal: AbortSignal,
  limits: SessionLimits,
): Promise<SessionEnd> {
  return new Promise((resolve) => {
    let settled = false;
    const conn: { req?: http.ClientRequest } = {};
    const finish = (e: SessionEnd): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      conn.req?.destroy(); // its socket with it: never kept alive for another request
      resolve(e);
    };
    const onAbort = (): void => finish({ kind: 'aborted' });
    if (signal.aborted) return finish({ kind: 'aborted' });
    signal.addEventListener('abort', onAbort);
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('not http');
    } catch {
      return finish({ kind: 'cut', why: 'network', code: 'EINVALIDURL' });
    }
    const get = target.protocol === 'https:' ? https.get : http.get;
    const reader = new FlvReader({ maxTagBytes: limits.maxTagBytes });
    const agent = limits.agent?.(target);
    const req = get(target, { agent, headers: { accept: 'video/x-flv, */*' }, ca: hooks.ca }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return finish({ kind: 'http', status: res.statusCode ?? 0 });
      }
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        for (const item of reader.push(chunk)) {
          if (item.kind === 'error') return finish({ kind: 'cut', why: 'garbage', code: item.reason });
          if (item.kind !== 'tag') continue;
          const r = onTag(item.tag);
          if (r !== 'more')
            return finish(r === 'end' ? { kind: 'end' } : r === 'full' ? { kind: 'full' } : { kind: 'codec' });
        }
      });
      res.on('end', () => finish({ kind: 'cut', why: 'eof' }));
      res.on('error', (e: NodeJS.ErrnoException) => finish({ kind: 'cut', why: 'network', code: e.code }));
      res.on('close', () => finish({ kind: 'cut', why: 'eof' }));
    });
    conn.req = req;
    req.on('error', (e: NodeJS.ErrnoException) =>
      finish({ kind: 'cut', why: 'network', code: e.code ?? 'ECONNRESET' }),
    );
  });
}
