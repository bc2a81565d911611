// Reading request bodies and sending JSON replies (node:http), shared by the API, the admin
// endpoint and the served paths.

import type * as http from 'http';

/** Largest accepted request body; a bigger one gets HTTP 413 (and the server keeps running). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Largest multipart body (voice upload: a 5 MB file and its parts). */
export const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;
/** Past this many bytes of an oversized body the connection is dropped instead of drained. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json;charset=UTF-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}

/** The request body as text (empty when over `limit`, then `tooLarge`); rejects with
 * "aborted" when the client goes away or sends more than DRAIN_LIMIT_BYTES. */
export function readBody(
  req: http.IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<{ body: string; tooLarge: boolean; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        if (size > DRAIN_LIMIT_BYTES) req.socket.destroy();
        return;
      }
      chunks.push(c);
    });
    let ended = false;
    req.on('end', () => {
      ended = true;
      const raw = tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks);
      resolve({ body: raw.toString('utf8'), tooLarge, raw });
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!ended) reject(new Error('aborted'));
    });
  });
}
