// One viewer's HTTP response as the relay sees it (docs/behaviour.md section 25): `200`,
// `video/x-flv`, `Cache-Control: no-cache`, no length, sent when the camera answers its first
// byte (or at once when the stream runs), or after 5 s of waiting all the same; a failure before
// that is a `503` with the code and hint, after it the response ends. Nothing of the cloud's
// address or of the key reaches it.

import type { ServerResponse } from 'http';
import { hooks } from '../../client/clock/clock';
import type { StreamFailure, ViewerSink } from '../../features/stream';

export const HEADERS_AFTER_MS = 5000;

export const FLV_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'video/x-flv',
  'Cache-Control': 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  'X-Accel-Buffering': 'no',
});

/** A short text answer (401, 429, 503) with its headers. */
export function answer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export class ViewerResponse implements ViewerSink {
  private cancelWait?: () => void;

  constructor(
    readonly address: string,
    private readonly res: ServerResponse,
    private readonly hintOf: (f: StreamFailure) => string,
  ) {
    this.cancelWait = hooks.timer(() => this.ready(), HEADERS_AFTER_MS);
  }

  ready(): void {
    this.cancelWait?.();
    this.cancelWait = undefined;
    if (this.res.headersSent || this.res.destroyed) return;
    this.res.writeHead(200, { ...FLV_HEADERS });
    this.res.flushHeaders();
  }

  write(bytes: Buffer): boolean {
    if (this.res.destroyed) return true;
    if (!this.res.headersSent) this.ready();
    return this.res.write(bytes);
  }

  unsent(): number {
    return this.res.writableLength;
  }

  fail(f: StreamFailure): void {
    this.cancelWait?.();
    if (this.res.headersSent) return this.end();
    answer(this.res, 503, `${f.code}: ${this.hintOf(f)}\n`, { 'Retry-After': '30' });
  }

  end(): void {
    this.cancelWait?.();
    this.cancelWait = undefined;
    if (this.res.destroyed) return;
    if (!this.res.headersSent) this.res.writeHead(200, { ...FLV_HEADERS });
    // A slow viewer's unsent bytes are not waited for: the socket goes.
    if (this.res.writableLength > 0) this.res.destroy();
    else this.res.end();
  }
}
