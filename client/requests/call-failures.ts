// The errors a config node's service reports (docs/behaviour.md section 4): an API refusal in the
// API's own words with the API notes' hint beside them, a transport failure (network / http), a
// failed token request, a local guard. One builder per service: it knows the translator, the base
// URL and the timeout the texts name.

import { MAX_REPLY_BYTES } from '../wire/wire';
import type { ApiReply, PostOutcome } from '../wire/wire';
import { EzvizError, isRetriable } from '../errors/errors';
import { hintKey } from '../errors/hints';
import { maskIn } from '../params/redact';
import type { Translate } from '../errors/translate';
import type { CallName, SpecSection } from '../operations/operations';
import type { TokenFailure } from './token';

/** The message of a network failure by its code (any other: errors.network). */
const NETWORK_MESSAGES: Record<string, string> = { ETIMEDOUT: 'errors.timeout', NOT_HTTP: 'errors.notHttp' };

type Operation = CallName | 'token';

export class CallErrors {
  constructor(
    private readonly t: Translate,
    private readonly baseUrl: string,
    private readonly timeout: number,
    /** The account's own secrets (app secret, a typed access token): never in a message. */
    private readonly secrets: readonly (string | undefined)[] = [],
  ) {}

  /** A reply whose code is not 200: its msg, its code and the API notes' hint for that code.
   * `sent`: the secrets of the request (its token, a card password), masked where the API's words
   * echo them, as the account's own are. */
  api(
    operation: Operation,
    section: SpecSection | 'token',
    reply: ApiReply,
    hintText?: string,
    idempotent = true,
    sent: readonly (string | number | undefined)[] = [],
  ): EzvizError {
    const t = this.t;
    const key = hintKey(reply.code, section);
    const hint = hintText ?? (key ? t(`hints.${key}`) : '');
    const msg = maskIn(reply.msg, [...this.secrets, ...sent]) || t('errors.noMessage');
    // The API's own words are the message; what the package knows of the code goes beside them
    // (docs/behaviour.md section 4), never in their place.
    return new EzvizError({
      code: reply.code,
      message: t('errors.api', { msg, code: reply.code }),
      ...(hint ? { hint } : {}),
      operation,
      source: 'api',
      retriable: isRetriable('api', reply.code, idempotent),
    });
  }

  /** A request that got no usable reply (network failure, non-2xx, non-JSON, too large). */
  transport(
    operation: Operation,
    outcome: Exclude<PostOutcome, { ok: true }>,
    url: string,
    idempotent = true,
  ): EzvizError {
    const t = this.t;
    let host = url;
    try {
      host = new URL(url).host;
    } catch {
      /* keep the url */
    }
    const message =
      outcome.source === 'network'
        ? t(NETWORK_MESSAGES[outcome.code] ?? 'errors.network', {
            code: outcome.code,
            host,
            timeout: this.timeout,
          })
        : outcome.code === 'REPLY_TOO_LARGE'
          ? t('errors.tooLarge', { host, limit: `${MAX_REPLY_BYTES / 1048576} MiB` })
          : t(outcome.nonJson ? 'errors.nonJson' : 'errors.http', { status: outcome.status, host });
    return new EzvizError({
      code: outcome.code,
      message,
      operation,
      source: outcome.source,
      retriable: isRetriable(
        outcome.source,
        outcome.code,
        idempotent,
        outcome.source === 'network' ? outcome.sent : true,
      ),
    });
  }

  /** A failed token request, as every caller waiting for the token receives it. */
  token(outcome: TokenFailure): EzvizError {
    const t = this.t;
    if (outcome === 'no-credentials') return this.local('token', 'NO_CREDENTIALS', t('errors.noCredentials'));
    let inner: EzvizError;
    if ('areaDomain' in outcome) {
      inner = this.local('token', 'AREA_DOMAIN', t('errors.areaDomain', { domain: outcome.areaDomain }));
    } else if (!outcome.ok) inner = this.transport('token', outcome, this.baseUrl);
    else if (outcome.reply.code === '200') {
      inner = new EzvizError({
        code: 'BAD_REPLY',
        message: t('errors.badTokenReply'),
        operation: 'token',
        source: 'http',
        retriable: false,
      });
    } else inner = this.api('token', 'token', outcome.reply);
    // The API's refusal keeps its own words; that it was the token's request goes into the hint.
    if (inner.source === 'api') inner.hint = t('errors.token', { detail: inner.hint ?? inner.message });
    else inner.message = t('errors.token', { detail: inner.message });
    return inner;
  }

  /** A refusal of the package itself (a guard, a setting): nothing was sent. */
  local(operation: Operation, code: string, message: string, retriable = false): EzvizError {
    return new EzvizError({ code, message, operation, source: 'local', retriable });
  }
}
