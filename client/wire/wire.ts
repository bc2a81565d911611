// One request on the wire, below axios (docs/behaviour.md section 8): the deadline that starts when the request
// gets its socket (not while it waits for one) and ends with the last byte of the reply, the body
// read up to 1 MiB (never buffered further), the reply envelope of a JSON body (anything else is
// not a reply), and Retry-After.

import http from 'http';
import https from 'https';
import type { Readable } from 'stream';
import { hooks } from '../clock/clock';
import { networkCode } from '../errors/errors';

/** Reply envelope of every API path (docs/api/open-api.md section 4). `code` is a string; numbers are coerced. */
export interface ApiReply {
  code: string;
  msg: string;
  data?: unknown;
  /** Lists (alarm list, device list): the sibling `page` object {total, page, size}, unchecked. */
  page?: unknown;
}

/** A transport failure; `sent`: the request may have reached the server (false: surely never left). */
export type NetworkFailure = { ok: false; source: 'network'; code: string; sent: boolean };

export type PostOutcome =
  | { ok: true; reply: ApiReply; status: number; retryAfterMs?: number }
  | NetworkFailure
  | { ok: false; source: 'http'; code: string; status: number; nonJson: boolean; retryAfterMs?: number };

/** A body read within the limits (GET of a capture's picture). */
export type GetOutcome =
  | { ok: true; status: number; body: Buffer; contentType: string }
  | NetworkFailure
  | { ok: false; source: 'http'; code: string; status: number };

/** Largest reply body read (docs/behaviour.md section 8, Size). */
export const MAX_REPLY_BYTES = 1024 * 1024;
/** Longest wait a Retry-After header can ask for (docs/behaviour.md section 8, Rate limits). */
export const MAX_RETRY_AFTER_MS = 30000;

/** Retry-After (seconds, or an HTTP date) in ms, at most MAX_RETRY_AFTER_MS; undefined when absent or unreadable. */
export function retryAfterMs(value: unknown, now: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  if (/^\d{1,10}$/.test(s)) return Math.min(MAX_RETRY_AFTER_MS, Number(s) * 1000);
  if (!/[a-z]/i.test(s)) return undefined;
  const at = Date.parse(s);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.min(MAX_RETRY_AFTER_MS, at - now));
}

/** The reply envelope of a parsed body, or undefined when the body is not one. `v3`: the code may
 * stand in `meta` (`{meta: {code, message}, data}`); `result`: in a `result` wrapper (`{result:
 * {code, msg, data}}`), its `data` also read at the top (docs/api/hub-api.md sections 1 and 3). */
function envelope(data: unknown, shape?: ReplyShape): ApiReply | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as { code?: unknown; msg?: unknown; data?: unknown; page?: unknown; meta?: unknown; result?: unknown };
  if (d.code === undefined && shape) {
    const inner = shape === 'v3' ? d.meta : d.result;
    const e = inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? envelope(inner) : undefined;
    if (!e) return undefined;
    const m = inner as { message?: unknown };
    if (shape === 'v3') return { code: e.code, msg: typeof m.message === 'string' ? m.message : e.msg, data: d.data };
    return e.data === undefined && d.data !== undefined ? { ...e, data: d.data } : e;
  }
  if (typeof d.code === 'number' ? !Number.isFinite(d.code) : typeof d.code !== 'string') return undefined;
  if (String(d.code).length > 64) return undefined;
  const reply: ApiReply = { code: String(d.code), msg: typeof d.msg === 'string' ? d.msg : '', data: d.data };
  if (d.page !== undefined) reply.page = d.page; // lists (alarm list): {total, page, size}, unchecked
  const inner = d.result as { data?: unknown } | null | undefined;
  if (shape === 'result' && reply.data === undefined && inner && typeof inner === 'object') reply.data = inner.data;
  return reply;
}

/** Where a call's reply code may stand besides the top (the operation table's `envelope`). */
export type ReplyShape = 'v3' | 'result';

export type Failure = Error & { code?: string };

/** An error that carries only a code (nothing of a request). */
export function failure(code: string): Failure {
  return Object.assign(new Error(code), { code });
}

/** Reads a body stream up to `limit` bytes; rejects with REPLY_TOO_LARGE beyond it. */
export function readBody(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (err: Failure | null) => {
      if (settled) return;
      settled = true;
      if (err) reject(err);
      else resolve(Buffer.concat(chunks, size));
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        stream.destroy();
        settle(failure('REPLY_TOO_LARGE'));
        return;
      }
      chunks.push(chunk);
    });
    stream.once('end', () => settle(null));
    stream.once('error', (e: Failure) => settle(failure(typeof e?.code === 'string' ? e.code : 'ECONNRESET')));
    // closed before its end (after it, settled already: no error is made, as every reply closes)
    stream.once('close', () => {
      if (!settled) settle(failure('ECONNRESET'));
    });
  });
}

/** The reply envelope of a body, or undefined when it is not JSON or not an envelope. */
export function parseReply(raw: Buffer, shape?: ReplyShape): ApiReply | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
  return envelope(parsed, shape);
}

/** The transport of one request (axios calls `request`): starts the deadline (hooks.deadline) when
 * the request gets its socket, and knows what the outcome needs (whether the request left, whether the
 * deadline cut it off). */
export class Wire {
  private req: http.ClientRequest | undefined;
  /** Ends the deadline (set on the runtime's clock, hooks.deadline, when the socket comes). */
  private cancelDeadline: (() => void) | undefined;
  private timedOut = false;
  /** The socket was connected: the request may have reached the server. */
  connected = false;

  constructor(
    private readonly secure: boolean,
    private readonly timeout: number,
    private readonly active: Set<http.ClientRequest>,
  ) {}

  request(options: http.RequestOptions, cb: (res: http.IncomingMessage) => void): http.ClientRequest {
    const r = (this.secure ? https : http).request(options, cb);
    this.req = r;
    this.active.add(r);
    r.once('socket', (socket) => {
      if ((socket as { connecting?: boolean }).connecting) {
        socket.once(this.secure ? 'secureConnect' : 'connect', () => {
          this.connected = true;
        });
      } else this.connected = true;
      this.cancelDeadline = hooks.deadline(
        () => {
          this.timedOut = true;
          r.destroy(failure('ETIMEDOUT'));
        },
        this.timeout,
        socket,
      );
    });
    r.once('close', () => this.active.delete(r));
    return r;
  }

  /** The deadline cut the request off (a body without a length then seems to end: it did not). */
  get expired(): boolean {
    return this.timedOut;
  }

  /** The network code of a failure (ETIMEDOUT when the deadline cut the request off). */
  code(raw: unknown): string {
    return this.timedOut ? 'ETIMEDOUT' : networkCode(raw);
  }

  /** Drops a reply not read to its end, and its connection. */
  abort(stream: Readable): void {
    stream.destroy();
    this.req?.destroy();
  }

  /** The request is over: the deadline ends. */
  end(): void {
    this.cancelDeadline?.();
    this.cancelDeadline = undefined;
  }
}
