// One cloud session on the wire (docs/behaviour.md section 25, docs/api/media-api.md section 7):
// the camera's flv live address through the config node (one address per lifetime, shared),
// then one GET whose body is the FLV stream, through the config node's agent (its proxy). A refused GET (403, 404: the address expired) asks
// for a new address next time. No byte within `firstByteMs`: a failure. The address never leaves
// this file (a failure names the HTTP status or the network code, never the URL).

import * as http from 'http';
import * as https from 'https';
import { hooks } from '../../client/clock/clock';
import type { ErrorInfo } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { Connect, StreamFailure, UpstreamHandlers } from './types';

/** The camera's address, or why there is none (the API's error: 20007, 60019, 60026, limits). */
export type AddressAnswer = { ok: true; url: string } | { ok: false; error: ErrorInfo };

export interface UpstreamOptions {
  address(refresh: boolean): Promise<AddressAnswer>;
  t: Translate;
  /** No byte within this long after the GET: a failure (default 15 s; a waking battery camera takes 1-5). */
  firstByteMs?: number;
  /** The agent of the GET (the config node's: its proxy tunnels, client/wire/proxy.ts); none: Node's global one. */
  agent?(url: URL): http.Agent | undefined;
}

const failure = (code: string, message: string, source: 'http' | 'network'): StreamFailure => ({
  code,
  message,
  operation: 'live',
  source,
  retriable: true,
});

/** A Connect that opens each session through `options`. */
export function httpConnect(options: UpstreamOptions): Connect {
  let refresh = false;
  return (h) => {
    const s = new Upstream(h, options, () => (refresh = true));
    void options.address(refresh).then(
      (a) => s.go(a),
      (e: unknown) => s.go({ ok: false, error: local(e) }),
    );
    refresh = false;
    return { close: () => s.close() };
  };
}

function local(e: unknown): ErrorInfo {
  return {
    code: 'INTERNAL',
    message: String((e as Error)?.message ?? e),
    operation: 'live',
    source: 'local',
    retriable: false,
  };
}

class Upstream {
  private closed = false;
  private req?: http.ClientRequest;
  private cancelWait?: () => void;

  constructor(
    private readonly h: UpstreamHandlers,
    private readonly options: UpstreamOptions,
    private readonly expired: () => void,
  ) {}

  go(a: AddressAnswer): void {
    if (this.closed) return;
    if (!a.ok) return this.end(a.error);
    const t = this.options.t;
    let url: URL;
    try {
      url = new URL(a.url);
    } catch {
      return this.end(failure('EINVALIDURL', t('errors.streamNetwork', { code: 'EINVALIDURL' }), 'network'));
    }
    const agent = this.options.agent?.(url);
    const headers = { Accept: 'video/x-flv, */*' };
    const get = url.protocol === 'https:' ? https.get : http.get;
    const req = get(url, { headers, ...(agent ? { agent } : hooks.ca ? { ca: hooks.ca } : {}) });
    this.req = req;
    this.cancelWait = hooks.timer(() => {
      this.end(failure('STREAM_TIMEOUT', t('errors.streamTimeout', { timeout: this.firstByteMs }), 'network'));
    }, this.firstByteMs);
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        if (res.statusCode === 403 || res.statusCode === 404) this.expired();
        const status = res.statusCode ?? 0;
        return this.end(failure(`HTTP_${status}`, t('errors.streamHttp', { status }), 'http'));
      }
      res.on('data', (c: Buffer) => {
        this.cancelWait?.();
        if (!this.closed) this.h.data(c);
      });
      res.on('end', () => this.end());
      res.on('aborted', () => this.end());
      res.on('error', () => this.end());
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      const code = e.code ?? 'ERROR';
      this.end(failure(code, t('errors.streamNetwork', { code }), 'network'));
    });
  }

  private get firstByteMs(): number {
    return this.options.firstByteMs ?? 15000;
  }

  private end(f?: StreamFailure): void {
    if (this.closed) return;
    this.close();
    this.h.end(f);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.cancelWait?.();
    this.req?.destroy();
  }
}
