// Errors of the package: one class, five sources (docs/behaviour.md section 4), which codes may be tried
// again (the hint of an API code: hints.ts). Pure: no Node.js imports.

import type { CallName } from '../operations/operations';
import type { Translate } from './translate';

export type ErrorSource = 'api' | 'validation' | 'network' | 'http' | 'local';

/** What lands in `msg.error` (docs/behaviour.md section 4). */
export interface ErrorInfo {
  code: string;
  message: string;
  operation: CallName | 'token';
  source: ErrorSource;
  retriable: boolean;
  /** STALE (a failing alarm source): when the failures began, ISO. */
  since?: string;
  /** What the package adds to an API's own words (its message): beside them, never in their place. */
  hint?: string;
}

/**
 * The error every part of the package throws and reports. Built from plain fields only: never
 * wraps an axios error (those carry the request body, hence secrets).
 */
export class EzvizError extends Error implements ErrorInfo {
  code: string;
  operation: CallName | 'token';
  source: ErrorSource;
  retriable: boolean;
  since?: string;
  hint?: string;

  constructor(info: ErrorInfo) {
    super(info.message);
    this.name = 'EzvizError';
    this.code = info.code;
    this.operation = info.operation;
    this.source = info.source;
    this.retriable = info.retriable;
    if (info.since !== undefined) this.since = info.since;
    if (info.hint !== undefined) this.hint = info.hint;
  }

  /** The message alone: Node-RED shows `err.toString()` to Catch nodes, the debug sidebar and
   * the log, and a user should read what went wrong, not a class name (docs/behaviour.md section 4). */
  override toString(): string {
    return this.message;
  }

  toJSON(): ErrorInfo {
    return {
      code: this.code,
      message: this.message,
      operation: this.operation,
      source: this.source,
      retriable: this.retriable,
      ...(this.since !== undefined ? { since: this.since } : {}),
      ...(this.hint !== undefined ? { hint: this.hint } : {}),
    };
  }
}

/** A reply of the wrong shape (BAD_REPLY, source http, not retried): `detail` says what was wrong,
 * in the translated text of errors.badReply. */
export function badReplyError(t: Translate, operation: ErrorInfo['operation'], detail: string): EzvizError {
  return new EzvizError({
    code: 'BAD_REPLY',
    message: t('errors.badReply', { detail }),
    operation,
    source: 'http',
    retriable: false,
  });
}

/** API codes worth trying again later (docs/behaviour.md section 5: 20008, 10029, 49999). */
const RETRIABLE_API_CODES = new Set(['20008', '10029', '49999']);

/** A rate limit (API 10029 or 10007, HTTP 429): a caller that waits after one itself does not retry it. */
export function isRateLimit(source: ErrorSource, code: string): boolean {
  return (source === 'api' && (code === '10029' || code === '10007')) || (source === 'http' && code === 'HTTP_429');
}

/** Whether an outcome is transient: network errors, HTTP 5xx and 429, a 2xx whose body is not
 * JSON (a gateway's page: the API answers JSON, errors included, with HTTP 200), the API codes
 * 20008, 10029, 49999, and a full camera queue. */
export function isTransient(source: ErrorSource, code: string): boolean {
  switch (source) {
    case 'network':
      return true;
    case 'http': {
      if (!/^HTTP_\d{3}$/.test(code)) return false; // BAD_REPLY, REPLY_TOO_LARGE
      const status = Number(code.slice(5));
      return (status >= 500 && status <= 599) || status === 429 || (status >= 200 && status <= 299);
    }
    case 'api':
      return RETRIABLE_API_CODES.has(code);
    case 'local':
      return code === 'QUEUE_FULL';
    default:
      return false;
  }
}

/**
 * `retriable` of docs/behaviour.md section 4: "the same message sent again later may succeed and cannot
 * act twice". A transient failure of an idempotent operation, or of any operation whose request
 * surely never left (`sent` false: connection refused, queue full, the token request failed).
 */
export function isRetriable(source: ErrorSource, code: string, idempotent = true, sent = true): boolean {
  return isTransient(source, code) && (idempotent || !sent || (source === 'local' && code === 'QUEUE_FULL'));
}

/** Network error codes as reported (`ECONNREFUSED`, ...); timeouts are all `ETIMEDOUT`; Node's HTTP
 * parser codes (`HPE_INVALID_CONSTANT`, `HPE_CLOSED_CONNECTION`, ...: the server answered something
 * that is not HTTP) are all `NOT_HTTP`. */
export function networkCode(code: unknown): string {
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return 'ENETWORK';
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ERR_CANCELED') return 'ETIMEDOUT';
  if (code.startsWith('HPE_')) return 'NOT_HTTP';
  return code;
}
