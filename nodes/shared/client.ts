// The HTTP client of one config node: one axios instance, keep-alive agents (CONNECT tunnels when
// a proxy applies, proxy.ts), form-encoded POST, and the limits of design.md section 8 that no
// reply can get past: one deadline from the moment the request goes on the wire to the last
// byte of the reply (time spent waiting for a free socket does not count), at most 1 MiB of
// reply body (never buffered further), no redirects. It knows nothing of operations: it returns
// the parsed JSON reply or a transport failure (network / http), and never lets an axios error
// (which carries the request body, hence secrets) out. The request on the wire: wire.ts.

import http from 'http';
import https from 'https';
import tls from 'tls';
import type { Readable } from 'stream';
import axios, { AxiosInstance, AxiosResponse } from 'axios';
import { hooks } from './hooks';
import { HttpTunnelAgent, HttpsTunnelAgent, proxyFor } from './proxy';
import { Failure, failure, MAX_REPLY_BYTES, parseReply, readBody, retryAfterMs, Wire } from './wire';

/** Reply envelope of every API path (spec section 4). `code` is a string; numbers are coerced. */
export interface ApiReply {
  code: string;
  msg: string;
  data?: unknown;
  /** Lists (alarm list, device list): the sibling `page` object {total, page, size}, unchecked. */
  page?: unknown;
}

export type PostOutcome =
  | { ok: true; reply: ApiReply; status: number; retryAfterMs?: number }
  /** `sent`: the request may have reached the server (false: surely never left). */
  | { ok: false; source: 'network'; code: string; sent: boolean }
  | { ok: false; source: 'http'; code: string; status: number; nonJson: boolean; retryAfterMs?: number };

/** A body read within the limits (GET of a capture's picture). */
export type GetOutcome =
  | { ok: true; status: number; body: Buffer; contentType: string }
  | { ok: false; source: 'network'; code: string; sent: boolean }
  | { ok: false; source: 'http'; code: string; status: number };

export interface ClientOptions {
  timeout: number;
  /** Only for tests: the environment the proxy settings are read from (default process.env). */
  env?: Record<string, string | undefined>;
}


/** The form-encoded body: the token first, then the fields. */
function formBody(fields: Record<string, string | number>, accessToken: string | undefined): string {
  let body = accessToken === undefined ? '' : 'accessToken=' + encodeURIComponent(accessToken);
  for (const k in fields) {
    if (body) body += '&';
    body += encodeURIComponent(k) + '=' + encodeURIComponent(String(fields[k]));
  }
  return body;
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
    const body = formBody(fields, accessToken);
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { ok: false, source: 'network', code: 'EINVALIDURL', sent: false };
    }
    const agents = this.agentsFor(target);
    const wire = new Wire(target.protocol === 'https:', this.opts.timeout, this.active);
    try {
      let res: AxiosResponse;
      try {
        res = await this.axios.post(url, body, {
          httpAgent: agents.http, httpsAgent: agents.https, transport: wire,
        } as Record<string, unknown>);
      } catch (err) {
        // Only the code leaves this block; the error object (with config and body) is dropped.
        const e = err as { code?: unknown; cause?: { code?: unknown } };
        return { ok: false, source: 'network', code: wire.code(e.cause?.code ?? e.code), sent: wire.connected };
      }
      const status = res.status;
      const stream = res.data as Readable;
      const retryAfter = retryAfterMs(res.headers['retry-after'], hooks.now());
      if (status < 200 || status > 299) {
        // Nothing of an error page is needed: not read at all (it may be endless).
        wire.abort(stream);
        return { ok: false, source: 'http', code: `HTTP_${status}`, status, nonJson: false, retryAfterMs: retryAfter };
      }
      let raw: Buffer;
      try {
        if (Number(res.headers['content-length']) > MAX_REPLY_BYTES) throw failure('REPLY_TOO_LARGE');
        raw = await readBody(stream, MAX_REPLY_BYTES);
      } catch (e) {
        wire.abort(stream);
        const code = (e as Failure).code;
        if (code === 'REPLY_TOO_LARGE') return { ok: false, source: 'http', code, status, nonJson: false };
        return { ok: false, source: 'network', code: wire.code(code), sent: true };
      }
      const reply = parseReply(raw);
      if (!reply) return { ok: false, source: 'http', code: `HTTP_${status}`, status, nonJson: true, retryAfterMs: retryAfter };
      return { ok: true, status, reply, retryAfterMs: retryAfter };
    } finally {
      wire.end();
    }
  }

  /**
   * GETs `url` (a capture's picture) within the same limits as post(): the deadline (Wire), no
   * redirects, the proxy tunnels, at most `limit` bytes. Nothing of the account goes with it: no
   * token, no form, only an Accept header. Never rejects.
   */
  async get(url: string, limit: number): Promise<GetOutcome> {
    if (this.closed) return { ok: false, source: 'network', code: 'ECLOSED', sent: false };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { ok: false, source: 'network', code: 'EINVALIDURL', sent: false };
    }
    const agents = this.agentsFor(target);
    const wire = new Wire(target.protocol === 'https:', this.opts.timeout, this.active);
    try {
      let res: AxiosResponse;
      try {
        res = await this.axios.get(url, {
          httpAgent: agents.http, httpsAgent: agents.https, transport: wire,
          headers: { Accept: 'image/jpeg,image/*;q=0.9,*/*;q=0.5' },
        } as Record<string, unknown>);
      } catch (err) {
        const e = err as { code?: unknown; cause?: { code?: unknown } };
        return { ok: false, source: 'network', code: wire.code(e.cause?.code ?? e.code), sent: wire.connected };
      }
      const status = res.status;
      const stream = res.data as Readable;
      if (status < 200 || status > 299) {
        wire.abort(stream);
        return { ok: false, source: 'http', code: `HTTP_${status}`, status };
      }
      try {
        if (Number(res.headers['content-length']) > limit) throw failure('REPLY_TOO_LARGE');
        const body = await readBody(stream, limit);
        return { ok: true, status, body, contentType: String(res.headers['content-type'] ?? '') };
      } catch (e) {
        wire.abort(stream);
        const code = (e as Failure).code;
        if (code === 'REPLY_TOO_LARGE') return { ok: false, source: 'http', code, status };
        return { ok: false, source: 'network', code: wire.code(code), sent: true };
      }
    } finally {
      wire.end();
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
