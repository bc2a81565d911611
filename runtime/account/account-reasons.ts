// Why an account request of the editor failed (docs/behaviour.md section 10): a reason the dialog explains
// (catalog `editor.account.reason.<reason>`), from the error a call through the service ended in.
// Pure.

import type { ErrorInfo } from '../../client/errors/errors';

/** Why an account request failed, as the dialog explains it (catalog `editor.account.reason.<reason>`). */
export type Reason =
  | 'noCredentials' // neither a token nor key and secret
  | 'config' // the settings are invalid (base URL, timeout)
  | 'wrongKey' // 10017 / 10030: app key unknown, or key and secret do not match
  | 'frozen' // 10005: the app key is frozen
  | 'region' // 10002 on a token fetched just now: the base URL (region) is likely wrong
  | 'tokenRejected' // 10002 with a typed token: expired, or another region
  | 'unreachable' // network error (code: ECONNREFUSED, ENOTFOUND, ...)
  | 'timeout' // no reply in time
  | 'http' // an HTTP error or a reply that is not the API's (code: HTTP_502, BAD_REPLY, ...)
  | 'limit' // 10006 / 10007 / 10029: call limits
  | 'api'; // any other API code (message: the API's text)

export interface Failure {
  ok: false;
  reason: Reason;
  /** The API code, network code or HTTP code. */
  code: string;
  /** The runtime's message (no secret: docs/behaviour.md section 8), shown for reasons without a text of their own. */
  message: string;
}

/** The reason of a failed call. `canRefresh`: the service fetches tokens itself (key and secret). */
export function classify(error: ErrorInfo, canRefresh: boolean): Failure {
  const { code, message } = error;
  const fail = (reason: Reason): Failure => ({ ok: false, reason, code: String(code), message: String(message) });
  switch (error.source) {
    case 'network':
      return fail(code === 'ETIMEDOUT' ? 'timeout' : 'unreachable');
    case 'http':
      return fail('http');
    case 'local':
      return fail(code === 'NO_CREDENTIALS' ? 'noCredentials' : code === 'INVALID_CONFIG' ? 'config' : 'api');
    default:
      break;
  }
  if (code === '10017' || code === '10030') return fail('wrongKey');
  if (code === '10005') return fail('frozen');
  // With key and secret the service answers 10002 with a new token and sends once more (or, for a
  // token fetched moments ago, not at all): a 10002 that reaches us was given to a fresh token.
  if (code === '10002') return fail(canRefresh ? 'region' : 'tokenRejected');
  if (code === '10006' || code === '10007' || code === '10029') return fail('limit');
  return fail('api');
}

export type Answer<T> = ({ ok: true } & T) | Failure;
