// The request log: every request the server answered (API calls, served paths), newest kept,
// secrets masked.

import type { FaultKind } from './faults';
import type { Played } from './common';
import { SECRET_PARAMS } from './routes';

/** The request log keeps the newest entries only (option `logLimit`). */
export const LOG_LIMIT = 10000;

export interface LogEntry {
  /** clock.now() when the request arrived (ms). */
  time: number;
  method: string;
  path: string;
  /** Form fields, accessToken/appSecret/cardPassword masked as '***'. */
  fields: Record<string, string>;
  /** API reply code, null when the reply was not an API envelope (404, 405, 413, 500, ...). */
  code: string | null;
  /** HTTP status sent; 0 when the connection was dropped. */
  httpStatus: number;
  /** The injected fault that shaped this reply, if any. */
  fault?: FaultKind;
  /** What the camera played (voice send and sendonce). */
  played?: Played;
}

export type LogFilter = ((e: LogEntry) => boolean) | { path?: string; method?: string; code?: string | null };

/** The fields of a request for the log: first value of each, secrets (routes.ts) as '***'. */
export function maskFields(fields: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of fields) {
    if (Object.prototype.hasOwnProperty.call(out, k)) continue;
    out[k] = SECRET_PARAMS.has(k) ? '***' : v;
  }
  return out;
}

export class RequestLog {
  private log: LogEntry[] = [];
  private readonly limit: number;

  constructor(limit?: number) {
    this.limit = Math.max(1, Math.floor(Number(limit ?? LOG_LIMIT)) || LOG_LIMIT);
  }

  record(e: LogEntry): void {
    this.log.push(e);
    // Trim in chunks (cheap under load); readers see the newest `limit` entries.
    if (this.log.length > this.limit + Math.ceil(this.limit / 10))
      this.log = this.log.slice(this.log.length - this.limit);
  }

  /** The newest `limit` entries (not copies). */
  current(): LogEntry[] {
    return this.log.length > this.limit ? this.log.slice(this.log.length - this.limit) : this.log;
  }

  /** Copies of the entries the filter keeps. */
  entries(filter?: LogFilter): LogEntry[] {
    const copy = this.current().map((e) => ({ ...e, fields: { ...e.fields } }));
    if (!filter) return copy;
    if (typeof filter === 'function') return copy.filter(filter);
    return copy.filter(
      (e) =>
        (filter.path === undefined || e.path === filter.path) &&
        (filter.method === undefined || e.method === filter.method) &&
        (filter.code === undefined || e.code === filter.code),
    );
  }

  clear(): void {
    this.log = [];
  }
}
