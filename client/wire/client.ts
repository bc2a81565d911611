// The HTTP client of one config node: one axios instance, keep-alive agents (agents.ts: CONNECT tunnels
// when a proxy applies, proxy.ts; idle connections closed before the server would, keep-alive.ts),
// form-encoded POST, and the limits of docs/behaviour.md section 8 that no reply can get past: one
// deadline from the moment the request goes on the wire to the last byte of the reply (time spent
// waiting for a free socket does not count), at most 1 MiB of reply body (never buffered
// further), no redirects. It knows nothing of operations: it returns
// the parsed JSON reply or a transport failure (network / http), and never lets an axios error
// (which carries the request body, hence secrets) out. The request on the wire: wire.ts.

import http from 'http';
import { randomBytes } from 'crypto';
import type { Readable } from 'stream';
import axios, { AxiosInstance, AxiosResponse } from 'axios';
import { hooks } from '../clock/clock';
import { Agents } from './agents';
import { Failure, failure, MAX_REPLY_BYTES, parseReply, readBody, retryAfterMs, Wire } from './wire';
import { multipartBody, type FilePart } from './multipart';
import type { GetOutcome, NetworkFailure, PostOutcome } from './wire';
import { formBody, v3Request, type PostShape } from './form';

export interface ClientOptions {
  timeout: number;
  /** Only for tests: the environment the proxy settings are read from (default process.env). */
  env?: Record<string, string | undefined>;
}

/**
 * A 2xx reply's body, at most `limit` bytes (a larger Content-Length is refused before reading);
 * else the failure: REPLY_TOO_LARGE (http) or the network code of a body that broke off. The
 * stream is aborted on failure.
 */
async function readWithin(
  res: AxiosResponse,
  wire: Wire,
  limit: number,
): Promise<Buffer | { ok: false; source: 'http'; code: 'REPLY_TOO_LARGE'; status: number } | NetworkFailure> {
  const stream = res.data as Readable;
  try {
    if (Number(res.headers['content-length']) > limit) throw failure('REPLY_TOO_LARGE');
    const body = await readBody(stream, limit);
    // A body without a length ends when its connection closes, the deadline's close too: cut, not whole.
    if (wire.expired) throw failure('ETIMEDOUT');
    return body;
  } catch (e) {
    wire.abort(stream);
    const code = (e as Failure).code;
    if (code === 'REPLY_TOO_LARGE') return { ok: false, source: 'http', code, status: res.status };
    return { ok: false, source: 'network', code: wire.code(code), sent: true };
  }
}

export class EzvizClient {
  private readonly agents: Agents;
  private readonly axios: AxiosInstance;
  private readonly active = new Set<http.ClientRequest>();
  private closed = false;

  constructor(private readonly opts: ClientOptions) {
    this.agents = new Agents(opts.timeout, opts.env);
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

  /**
   * One exchange within the limits: `send` (axios with this client's agents and a Wire for the
   * deadline) and `onReply` on what came back; a network failure when nothing did. Only the code
   * leaves: an axios error (with config and body) is dropped. The wire ends in every case.
   */
  private async exchange<T>(
    url: string,
    send: (config: Record<string, unknown>) => Promise<AxiosResponse>,
    onReply: (res: AxiosResponse, wire: Wire) => Promise<T> | T,
  ): Promise<T | NetworkFailure> {
    if (this.closed) return { ok: false, source: 'network', code: 'ECLOSED', sent: false };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { ok: false, source: 'network', code: 'EINVALIDURL', sent: false };
    }
    const agents = this.agents.for(target);
    const wire = new Wire(target.protocol === 'https:', this.opts.timeout, this.active);
    try {
      let res: AxiosResponse;
      try {
        res = await send({ httpAgent: agents.http, httpsAgent: agents.https, transport: wire });
      } catch (err) {
        const e = err as { code?: unknown; cause?: { code?: unknown } };
        return { ok: false, source: 'network', code: wire.code(e.cause?.code ?? e.code), sent: wire.connected };
      }
      return await onReply(res, wire);
    } finally {
      wire.end();
    }
  }

  /** POSTs `fields` (and the token, first) form-encoded to `url`, or with `file` as multipart
   * (the same deadline, limits and tunnels); a v3 call as v3Request says (a GET when its shape
   * says so), its 4xx JSON read as the answer. Never rejects. */
  async post(
    url: string,
    fields: Record<string, string | number>,
    accessToken?: string,
    file?: FilePart,
    shape: PostShape = {},
  ): Promise<PostOutcome> {
    if (this.closed) return { ok: false, source: 'network', code: 'ECLOSED', sent: false };
    const multi = file && multipartBody(fields, accessToken, file, `----ezviz${randomBytes(16).toString('hex')}`);
    const v3 = shape.envelope === 'v3' ? v3Request(url, fields, accessToken, shape.query, shape.method) : undefined;
    const target = v3 ? v3.url : url;
    const body = v3 ? v3.body : multi ? multi.body : formBody(fields, accessToken);
    const headers = v3 ? v3.headers : multi ? { 'Content-Type': multi.contentType } : undefined;
    return this.exchange(
      target,
      (config) =>
        v3 && shape.method === 'GET'
          ? this.axios.get(target, { ...config, headers })
          : this.axios.post(target, body, { ...config, headers }),
      async (res, wire): Promise<PostOutcome> => {
        const status = res.status;
        const retryAfter = retryAfterMs(res.headers['retry-after'], hooks.now());
        const failed = { ok: false, source: 'http', code: `HTTP_${status}`, status, retryAfterMs: retryAfter } as const;
        const v3Error = v3 && status >= 400 && status <= 599;
        if ((status < 200 || status > 299) && !v3Error) {
          // Nothing of an error page is needed: not read at all (it may be endless).
          wire.abort(res.data as Readable);
          return { ...failed, nonJson: false };
        }
        const raw = await readWithin(res, wire, MAX_REPLY_BYTES);
        if (!Buffer.isBuffer(raw)) return raw.source === 'http' ? { ...raw, nonJson: false } : raw;
        const reply = parseReply(raw, shape.envelope);
        // A v3 error page that is no answer is the HTTP error it is.
        if (!reply) return { ...failed, nonJson: !v3Error };
        return { ok: true, status, reply, retryAfterMs: retryAfter };
      },
    );
  }

  /**
   * GETs `url` (a capture's picture) within the same limits as post(): the deadline (Wire), no
   * redirects, the proxy tunnels, at most `limit` bytes. Nothing of the account goes with it: no
   * token, no form, only an Accept header. Never rejects.
   */
  async get(url: string, limit: number): Promise<GetOutcome> {
    const headers = { Accept: 'image/jpeg,image/*;q=0.9,*/*;q=0.5' };
    return this.exchange(
      url,
      (config) => this.axios.get(url, { ...config, headers }),
      async (res, wire): Promise<GetOutcome> => {
        const status = res.status;
        if (status < 200 || status > 299) {
          wire.abort(res.data as Readable);
          return { ok: false, source: 'http', code: `HTTP_${status}`, status };
        }
        const body = await readWithin(res, wire, limit);
        if (!Buffer.isBuffer(body)) return body;
        return { ok: true, status, body, contentType: String(res.headers['content-type'] ?? '') };
      },
    );
  }

  /** The agent for a request of its own to `url` (a stream's GET): the proxy tunnels of the calls. */
  agentFor(url: URL): http.Agent {
    const a = this.agents.for(url);
    return url.protocol === 'https:' ? a.https : a.http;
  }

  /** Destroys every socket (requests under way end with a network error); later posts fail with ECLOSED. */
  close(): void {
    this.closed = true;
    for (const r of this.active) r.destroy(failure('ECLOSED'));
    this.agents.destroy();
  }
}
