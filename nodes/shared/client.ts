// The HTTP client of one config node: one axios instance, keep-alive agents (CONNECT tunnels when
// a proxy applies, proxy.ts), form-encoded POST, and the limits of design.md section 8 that no
// reply can get past: one deadline from the moment the request goes on the wire to the last
// byte of the reply (time spent waiting for a free socket does not count), at most 1 MiB of
// reply body (never buffered further), no redirects. It knows nothing of operations: it returns
// the parsed JSON reply or a transport failure (network / http), and never lets an axios error
// (which carries the request body, hence secrets) out.

import http from 'http';
import https from 'https';
import tls from 'tls';
import type { Readable } from 'stream';
import axios, { AxiosInstance } from 'axios';
import { networkCode } from './errors';
import { hooks } from './hooks';
import { HttpTunnelAgent, HttpsTunnelAgent, proxyFor } from './proxy';

/** Reply envelope of every API path (spec section 4). `code` is a string; numbers are coerced. */
export interface ApiReply {
  code: string;
  msg: string;
  data?: unknown;
}

/** Largest reply body read (design.md s8, Size). */
export const MAX_REPLY_BYTES = 1024 * 1024;
/** Longest wait a Retry-After header can ask for (design.md s8, Rate limits). */
export const MAX_RETRY_AFTER_MS = 30000;

export type PostOutcome =
  | { ok: true; reply: ApiReply; status: number; retryAfterMs?: number }
  /** `sent`: the request may have reached the server (false: surely never left). */
  | { ok: false; source: 'network'; code: string; sent: boolean }
  | { ok: false; source: 'http'; code: string; status: number; nonJson: boolean; retryAfterMs?: number };

export interface ClientOptions {
  timeout: number;
  /** Only for tests: the environment the proxy settings are read from (default process.env). */
  env?: Record<string, string | undefined>;
}

/** Retry-After (seconds, or an HTTP date) in ms, at most MAX_RETRY_AFTER_MS; undefined when absent or unreadable. */
export function retryAfterMs(value: unknown, now: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  if (/^\d{1,10}$/.test(s)) return Math.min(MAX_RETRY_AFTER_MS, Number(s) * 1000);
  if (!/[a-z]/i.test(s)) return undefined;
  const at = Date.parse(s);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.min(MAX_RETRY_AFTER_MS, at - now));
}

/** The reply envelope of a parsed body, or undefined when the body is not one. */
function envelope(data: unknown): ApiReply | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as { code?: unknown; msg?: unknown; data?: unknown };
  if (typeof d.code === 'number' ? !Number.isFinite(d.code) : typeof d.code !== 'string') return undefined;
  if (String(d.code).length > 64) return undefined;
  return { code: String(d.code), msg: typeof d.msg === 'string' ? d.msg : '', data: d.data };
}

type Failure = Error & { code?: string };

function failure(code: string): Failure {
  return Object.assign(new Error(code), { code });
}

/** Reads a body stream up to `limit` bytes; rejects with REPLY_TOO_LARGE beyond it. */
function readBody(stream: Readable, limit: number): Promise<Buffer> {
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

export class EzvizClient {
  private readonly agents: { http: http.Agent; https: https.Agent }[] = [];
  private readonly axios: AxiosInstance;
  private readonly active = new Set<http.ClientRequest>();
  private closed = false;

  constructor(private readonly opts: ClientOptions) {
    this.axios = axios.create({
      timeout: 0, // the deadline below bounds each request
      maxRedirects: 0,
      proxy: false, // proxies: our own tunnels (proxy.ts)
      responseType: 'stream',
      decompress: true,
      validateStatus: () => true,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    });
  }

  /** Agents per proxy (none, or one per proxy the environment names); created on first use. */
  private readonly agentsByProxy = new Map<string, { http: http.Agent; https: https.Agent }>();

  /** The agents of each server this client talked to (the environment is read once per server
   * and deploy, not per request). */
  private readonly agentsByOrigin = new Map<string, { http: http.Agent; https: https.Agent }>();

  private agentsFor(url: URL): { http: http.Agent; https: https.Agent } {
    const origin = url.protocol + '//' + url.host;
    const known = this.agentsByOrigin.get(origin);
    if (known) return known;
    const proxy = proxyFor(url, this.opts.env);
    const key = proxy ? proxy.href : '';
    let a = this.agentsByProxy.get(key);
    if (!a) {
      const ca = hooks.ca ? [...tls.rootCertificates, ...hooks.ca] : undefined;
      const base = { keepAlive: true, maxSockets: 32, ...(ca ? { ca } : {}) };
      a = proxy
        ? { http: new HttpTunnelAgent({ proxy, timeout: this.opts.timeout, ca }, base),
          https: new HttpsTunnelAgent({ proxy, timeout: this.opts.timeout, ca }, base) }
        : { http: new http.Agent(base), https: new https.Agent(base) };
      this.agentsByProxy.set(key, a);
      this.agents.push(a);
    }
    if (this.agentsByOrigin.size < 64) this.agentsByOrigin.set(origin, a);
    return a;
  }

  /** POSTs `fields` (and the token, first) form-encoded to `url`. Never rejects. */
  async post(url: string, fields: Record<string, string | number>, accessToken?: string): Promise<PostOutcome> {
    if (this.closed) return { ok: false, source: 'network', code: 'ECLOSED', sent: false };
    let body = accessToken === undefined ? '' : 'accessToken=' + encodeURIComponent(accessToken);
    for (const k in fields) {
      if (body) body += '&';
      body += encodeURIComponent(k) + '=' + encodeURIComponent(String(fields[k]));
    }
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { ok: false, source: 'network', code: 'EINVALIDURL', sent: false };
    }
    const secure = target.protocol === 'https:';
    const agents = this.agentsFor(target);
    const timeout = this.opts.timeout;
    const active = this.active;

    // The deadline starts when the request gets its socket (on the wire), not while it waits
    // for one, and ends with the last byte of the body: a trickling reply is cut off.
    let req: http.ClientRequest | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    let connected = false;
    const transport = {
      request(options: http.RequestOptions, cb: (res: http.IncomingMessage) => void): http.ClientRequest {
        const r = (secure ? https : http).request(options, cb);
        req = r;
        active.add(r);
        r.once('socket', (socket) => {
          const onWire = () => {
            connected = true;
          };
          if ((socket as { connecting?: boolean }).connecting) socket.once(secure ? 'secureConnect' : 'connect', onWire);
          else onWire();
          timer = setTimeout(() => {
            timedOut = true;
            r.destroy(failure('ETIMEDOUT'));
          }, timeout);
        });
        r.once('close', () => active.delete(r));
        return r;
      },
    };

    try {
      let res;
      try {
        res = await this.axios.post(url, body, {
          httpAgent: agents.http, httpsAgent: agents.https, transport,
        } as Record<string, unknown>);
      } catch (err) {
        // Only the code leaves this block; the error object (with config and body) is dropped.
        const e = err as { code?: unknown; cause?: { code?: unknown } };
        const code = timedOut ? 'ETIMEDOUT' : networkCode(e.cause?.code ?? e.code);
        return { ok: false, source: 'network', code, sent: connected };
      }
      const status = res.status;
      const stream = res.data as Readable;
      const retryAfter = retryAfterMs(res.headers['retry-after'], hooks.now());
      if (status < 200 || status > 299) {
        // Nothing of an error page is needed: not read at all (it may be endless).
        stream.destroy();
        req?.destroy();
        return { ok: false, source: 'http', code: `HTTP_${status}`, status, nonJson: false, retryAfterMs: retryAfter };
      }
      const declared = Number(res.headers['content-length']);
      let raw: Buffer;
      try {
        if (declared > MAX_REPLY_BYTES) throw failure('REPLY_TOO_LARGE');
        raw = await readBody(stream, MAX_REPLY_BYTES);
      } catch (e) {
        stream.destroy();
        req?.destroy();
        const code = (e as Failure).code;
        if (code === 'REPLY_TOO_LARGE') return { ok: false, source: 'http', code, status, nonJson: false };
        return { ok: false, source: 'network', code: timedOut ? 'ETIMEDOUT' : networkCode(code), sent: true };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      const reply = envelope(parsed);
      if (!reply) return { ok: false, source: 'http', code: `HTTP_${status}`, status, nonJson: true, retryAfterMs: retryAfter };
      return { ok: true, status, reply, retryAfterMs: retryAfter };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Destroys every socket (requests under way end with a network error); later posts fail with ECLOSED. */
  close(): void {
    this.closed = true;
    for (const r of this.active) r.destroy(failure('ECLOSED'));
    for (const a of this.agents) {
      a.http.destroy();
      a.https.destroy();
    }
  }
}
