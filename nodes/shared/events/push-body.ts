// Reading the raw body of a webhook push (docs/behaviour.md section 15): at most 256 KiB (past it
// the push is refused with 413 at once, the rest drained, a huge rest cut); a body has a read
// deadline of its own, 10 s from its headers (a sender trickling a byte a second is answered 408
// and cut off); at most MAX_OPEN_BODIES bodies are read at once in this Node-RED (a request past
// that is answered 503 with Retry-After: 1 without reading a byte of it). So stalled senders hold
// at most MAX_OPEN_BODIES x 256 KiB of memory, for at most 10 s each.

import type { IncomingMessage } from 'http';
import { hooks } from '../clock/clock';

export const MAX_PUSH_BYTES = 256 * 1024;
/** A body's own read deadline, from the moment its headers were read. */
export const BODY_DEADLINE_MS = 10000;
/** Bodies read at once by all the webhook nodes of this Node-RED. */
export const MAX_OPEN_BODIES = 100;
/** Past this many bytes of a refused body the connection is cut rather than drained. */
const DRAIN_BYTES = 16 * 1024 * 1024;

export type BodyRefusal = 'tooLarge' | 'slowBody' | 'busy';
export type Req = IncomingMessage & { path?: string; body?: unknown; _body?: boolean };

let open = 0;

/** Bodies being read now (tests). */
export function openBodies(): number {
  return open;
}

/** A body Node-RED (or a body parser before us) has read already. */
function readAlready(req: Req): Buffer | undefined {
  const b = req.body;
  return Buffer.isBuffer(b) ? b : typeof b === 'string' ? Buffer.from(b, 'utf8') : undefined;
}

/**
 * The raw body; a refusal to answer at once (413 too large, 408 past the deadline, 503 too many
 * open); undefined when the request broke off.
 */
export function readBody(req: Req): Promise<Buffer | BodyRefusal | undefined> {
  if (req.readableEnded || req._body) return Promise.resolve(readAlready(req));
  if (open >= MAX_OPEN_BODIES) return Promise.resolve('busy');
  open++;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number(req.headers['content-length']) > MAX_PUSH_BYTES;
    let settled = false;
    const settle = (r: Buffer | BodyRefusal | undefined) => {
      if (settled) return;
      settled = true;
      open--;
      cancel();
      chunks.length = 0;
      resolve(r);
    };
    const cancel = hooks.timer(() => settle('slowBody'), BODY_DEADLINE_MS);
    if (over) settle('tooLarge');
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (over) {
        if (size > DRAIN_BYTES) req.socket.destroy();
        return;
      }
      if (size > MAX_PUSH_BYTES) {
        over = true;
        settle('tooLarge');
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => settle(over ? 'tooLarge' : Buffer.concat(chunks, size)));
    req.on('error', () => settle(undefined));
    req.on('close', () => settle(undefined));
  });
}
