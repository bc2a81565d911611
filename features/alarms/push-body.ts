// Reading the raw body of a webhook push (docs/behaviour.md section 15): at most 256 KiB (past it
// the push is refused with 413 at once, the rest drained, a huge rest cut); a body has a read
// deadline of its own, 10 s from its headers, and must bring at least 1 KiB in every second (the
// first one included) until it ends, else it is answered 408 and cut off (a sender trickling a
// byte a second holds its place one second); at most MAX_BODIES_PER_SENDER bodies of one sending
// address (an IPv6 sender: its /64; behind a trusted proxy the address it forwards for) and MAX_OPEN_BODIES in all are read at once in this Node-RED (a
// request past that is answered 503 with Retry-After: 1 without reading a byte of it). So slow
// senders cannot take every place, and stalled ones hold at most MAX_OPEN_BODIES x 256 KiB.

import type { IncomingMessage } from 'http';
import { hooks } from '../../client/clock/clock';
import { clientAddress, type AddressRange } from './trusted-proxies';

export const MAX_PUSH_BYTES = 256 * 1024;
/** A body's own read deadline, from the moment its headers were read. */
export const BODY_DEADLINE_MS = 10000;
/** Bodies read at once by all the webhook nodes of this Node-RED. */
export const MAX_OPEN_BODIES = 256;
/** Bodies read at once from one sending address. */
export const MAX_BODIES_PER_SENDER = 8;
/** Bytes a body must bring in each second until it ends. */
export const MIN_BYTES_PER_SECOND = 1024;
/** Past this many bytes of a refused body the connection is cut rather than drained. */
const DRAIN_BYTES = 16 * 1024 * 1024;

export type BodyRefusal = 'tooLarge' | 'slowBody' | 'busy';
/** `ezvizRaw`: the webhook asked Node-RED's body parsers to leave this body alone (webhook.ts). */
export type Req = IncomingMessage & { path?: string; ip?: string; body?: unknown; _body?: boolean; ezvizRaw?: boolean };

let open = 0;
const bySender = new Map<string, number>();

/** Bodies being read now (tests). */
export function openBodies(): number {
  return open;
}

/** The /64 of an IPv6 address (one site's addresses count as one sender). */
function ipv6Prefix(a: string): string {
  const [head, tail] = a.split('%')[0].toLowerCase().split('::');
  const hs = head ? head.split(':') : [];
  const ts = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? hs : [...hs, ...Array<string>(Math.max(0, 8 - hs.length - ts.length)).fill('0'), ...ts];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Who sends `req`, an IPv6 sender by its /64: with `trusted` proxies, the address their
 * X-Forwarded-For names (trusted-proxies.ts); else its address as Express sees it (`trust proxy` of
 * Node-RED's `httpServerOptions` applies). */
export function senderOf(req: Req, trusted: readonly AddressRange[] = []): string {
  const a = trusted.length
    ? clientAddress(req.socket?.remoteAddress ?? '', req.headers['x-forwarded-for'], trusted)
    : (typeof req.ip === 'string' && req.ip) || req.socket?.remoteAddress || '';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (v4) return v4[1];
  return a.includes(':') ? ipv6Prefix(a) : a;
}

/** A body Node-RED (or a body parser before us) has read already. */
function readAlready(req: Req): Buffer | undefined {
  const b = req.body;
  return Buffer.isBuffer(b) ? b : typeof b === 'string' ? Buffer.from(b, 'utf8') : undefined;
}

/** Takes a place for a body of `sender`, or says why not. */
function take(sender: string): boolean {
  const mine = bySender.get(sender) ?? 0;
  if (open >= MAX_OPEN_BODIES || mine >= MAX_BODIES_PER_SENDER) return false;
  open++;
  bySender.set(sender, mine + 1);
  return true;
}

function release(sender: string): void {
  open--;
  const left = (bySender.get(sender) ?? 1) - 1;
  if (left > 0) bySender.set(sender, left);
  else bySender.delete(sender);
}

/**
 * The raw body of `sender`'s request (senderOf); a refusal to answer at once (413 too large, 408 past the deadline or too slow, 503
 * too many open); undefined when the request broke off.
 */
export function readBody(req: Req, sender: string): Promise<Buffer | BodyRefusal | undefined> {
  if (req.readableEnded || (req._body && !req.ezvizRaw)) return Promise.resolve(readAlready(req));
  if (!take(sender)) return Promise.resolve('busy');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let counted = 0;
    let over = Number(req.headers['content-length']) > MAX_PUSH_BYTES;
    let settled = false;
    const settle = (r: Buffer | BodyRefusal | undefined) => {
      if (settled) return;
      settled = true;
      release(sender);
      cancel();
      cancelPace();
      chunks.length = 0;
      resolve(r);
    };
    const cancel = hooks.timer(() => settle('slowBody'), BODY_DEADLINE_MS);
    // Each second the body must have brought MIN_BYTES_PER_SECOND more (a refused body drains freely).
    // Judged after the I/O already waiting: bytes the OS holds while CPU load delayed us count.
    const pace = (): void =>
      void setImmediate(() => {
        if (settled) return;
        if (size - counted < MIN_BYTES_PER_SECOND) return settle('slowBody');
        counted = size;
        cancelPace = hooks.timer(pace, 1000);
      });
    let cancelPace = hooks.timer(pace, 1000);
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
