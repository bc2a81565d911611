// The HTTP client of one config node: one axios instance, keep-alive agents, the config's
// timeout, form-encoded POST. It knows nothing of operations: it returns the parsed JSON reply
// or a transport failure (network / http). It never lets an axios error (which carries the
// request body, hence secrets) out.

import http from 'http';
import https from 'https';
import axios, { AxiosInstance } from 'axios';
import { networkCode } from './errors';

/** Reply envelope of every API path (spec section 4). `code` is a string; numbers are coerced. */
export interface ApiReply {
  code: string;
  msg: string;
  data?: unknown;
}

export type PostOutcome =
  | { ok: true; reply: ApiReply; status: number }
  | { ok: false; source: 'network'; code: string }
  | { ok: false; source: 'http'; code: string; status: number; nonJson: boolean };

export interface ClientOptions {
  timeout: number;
}

const NON_JSON = Symbol('non-json');

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return NON_JSON;
  }
}

export class EzvizClient {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly axios: AxiosInstance;
  private closed = false;

  constructor(opts: ClientOptions) {
    this.httpAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    this.httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 32 });
    this.axios = axios.create({
      timeout: opts.timeout,
      httpAgent: this.httpAgent,
      httpsAgent: this.httpsAgent,
      maxRedirects: 0,
      responseType: 'text',
      transformResponse: [parseBody],
      validateStatus: () => true,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    });
  }

  /** POSTs `fields` (and the token, first) form-encoded to `url`. Never rejects. */
  async post(url: string, fields: Record<string, string | number>, accessToken?: string): Promise<PostOutcome> {
    if (this.closed) return { ok: false, source: 'network', code: 'ECLOSED' };
    let body = accessToken === undefined ? '' : 'accessToken=' + encodeURIComponent(accessToken);
    for (const k in fields) {
      if (body) body += '&';
      body += encodeURIComponent(k) + '=' + encodeURIComponent(String(fields[k]));
    }
    let status: number;
    let data: unknown;
    try {
      const res = await this.axios.post(url, body);
      status = res.status;
      data = res.data;
    } catch (err) {
      // Only the code leaves this block; the error object (with config and body) is dropped.
      const e = err as { code?: unknown; cause?: { code?: unknown } };
      return { ok: false, source: 'network', code: networkCode(e.code ?? e.cause?.code) };
    }
    const isJson = data !== NON_JSON && data !== null && typeof data === 'object' &&
      (typeof (data as ApiReply).code === 'string' || typeof (data as ApiReply).code === 'number');
    if (status < 200 || status > 299 || !isJson) {
      return { ok: false, source: 'http', code: `HTTP_${status}`, status, nonJson: !isJson };
    }
    const d = data as { code: string | number; msg?: unknown; data?: unknown };
    return {
      ok: true,
      status,
      reply: { code: String(d.code), msg: typeof d.msg === 'string' ? d.msg : '', data: d.data },
    };
  }

  /** Destroys the agents' sockets; later posts fail with ECLOSED. */
  close(): void {
    this.closed = true;
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
