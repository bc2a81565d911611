// Errors of the package: one class, five sources (docs/behaviour.md section 4), which codes may be tried
// again, and which catalog key holds the API notes' hint for an API code. Pure: no Node.js imports.

import type { CallName, SpecSection } from '../operations/operations';

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

  constructor(info: ErrorInfo) {
    super(info.message);
    this.name = 'EzvizError';
    this.code = info.code;
    this.operation = info.operation;
    this.source = info.source;
    this.retriable = info.retriable;
    if (info.since !== undefined) this.since = info.since;
  }

  /** The message alone: Node-RED shows `err.toString()` to Catch nodes, the debug sidebar and
   * the log, and a user should read what went wrong, not a class name (docs/behaviour.md section 4). */
  override toString(): string {
    return this.message;
  }

  toJSON(): ErrorInfo {
    return { code: this.code, message: this.message, operation: this.operation, source: this.source,
      retriable: this.retriable, ...(this.since !== undefined ? { since: this.since } : {}) };
  }
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

/**
 * Catalog key (under `hints.`) of the API notes' "Meaning" text for `code`, for the operation group of
 * `section`: 20014, 20018, 20032 and 60020 mean different things in different groups (docs/api/open-api.md section 7.2).
 * Returns undefined for codes without a hint.
 */
export function hintKey(code: string, section: SpecSection | 'token'): string | undefined {
  switch (code) {
    case '20014':
      return ['4.3', '4.4', '4.5', '4.6'].includes(section) ? '20014-network' : '20014-serial';
    case '20018':
      return section === '4.7' || section === '4.8' ? '20018-account' : '20018-user';
    case '20032':
      return section === '4.7' || section === '4.8' ? '20032-channel' : '20032-user';
    case '60020':
      return section === '4.1' ? '60020-storage' : section === 'switch' ? '60020-switch' : '60020-command';
    // live addresses (watch-api section 1): encryption on, no permission (cloud live on China accounts)
    case '60019':
    case '10031':
      return section === 'live' ? `${code}-live` : undefined;
    // recordings (media-api section 2): an offline camera's card cannot be listed, its cloud can
    case '20007':
      return section === 'recordings' ? '20007-recordings' : code;
    // firmware (media-api section 6): already latest, already upgrading, rebooting, failed (both codes)
    case '60013':
    case '60014':
    case '60015':
    case '60016':
    case '60018':
      return section === 'firmware' ? `${code}-firmware` : undefined;
    default:
      return HINTED_CODES.has(code) ? code : undefined;
  }
}

/** Codes with a single hint text in the catalog (docs/api/open-api.md sections 7.1 and 7.2 and docs/behaviour.md section 7). */
export const HINTED_CODES: ReadonlySet<string> = new Set([
  '10001', '10002', '10004', '10005', '10007', '10017', '10029', '10030', '20002', '20006', '20007',
  '20008', '49999', '60000', '60001', '60002', '60003', '60004', '60005', '60006', '60007', '60008',
  '60009', '60010', '60011', '60012', '60030', '60031', '60032', '60033', '60035',
  // capture (docs/api/more-api.md)
  '10028', '10051', '60017',
  // the message service (docs/api/watch-api.md section 5)
  '70101',
  // camera state (docs/api/watch-api.md): wrong verification code, lens covered
  '20010', '60026',
  // live addresses (docs/api/watch-api.md section 1)
  '20001',
  // voice (docs/api/media-api.md section 3): no speaker, quota used, not delivered, in a call
  '20015', '111000', '111012', '60029',
]);

/** Every hint key the catalogs must hold (tests check both languages). */
export const ALL_HINT_KEYS: readonly string[] = [
  ...HINTED_CODES,
  '20014-network', '20014-serial', '20018-account', '20018-user', '20032-channel', '20032-user',
  '60020-storage', '60020-command', '60020-switch', '60019-live', '10031-live', '20007-recordings',
  '60013-firmware', '60014-firmware', '60015-firmware', '60016-firmware', '60018-firmware',
];

/** Network error codes as reported (`ECONNREFUSED`, ...); timeouts are all `ETIMEDOUT`. */
export function networkCode(code: unknown): string {
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return 'ENETWORK';
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ERR_CANCELED') return 'ETIMEDOUT';
  return code;
}
