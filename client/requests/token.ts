// The access token of one config node (docs/behaviour.md sections 3, 7 and 8): a token typed in the
// config node, or one fetched with the app key and secret, cached until shortly before its
// expireTime, one request shared by every caller waiting for it, the areaDomain the reply names
// (when region.ts allows it), and the token economy: the vendor blacklists apps that call
// token/get often, so at most one token request per MIN_TOKEN_INTERVAL_MS whatever the replies
// say, and a 10002 on a token just issued is not answered with yet another request.

import type { PostOutcome } from '../wire/wire';
import { TOKEN_PATH } from '../operations/operations';
import { areaDomainBase } from '../config/region';
import { tokenExpiry, tokenReplyOf } from './token-reply';

/** Refresh this long before the token's expireTime. */
export const TOKEN_REFRESH_MARGIN_MS = 10 * 60 * 1000;
/** At most one token request per config node in this time (docs/behaviour.md section 8, Token economy). */
export const MIN_TOKEN_INTERVAL_MS = 30 * 1000;
/** A 10002 on a token younger than this is not answered with another token request. */
export const FRESH_TOKEN_MS = 60 * 1000;

export interface Token {
  value: string;
  /** Base URL of every other call: the config's baseUrl, or the reply's areaDomain. */
  base: string;
}

export type TokenState = 'ok' | 'none' | 'missing' | 'expired' | 'failed';

/** What a redeployed config node with the same base URL, app key and secret takes over. */
export interface TokenSnapshot {
  token: Token;
  validUntil: number;
  fetchedAt: number;
  lastRequestAt: number;
}

/** Why a token request failed, for the error callers receive. */
export type TokenFailure = PostOutcome | 'no-credentials' | { areaDomain: string };

export interface TokenCacheOptions {
  baseUrl: string;
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
  now(): number;
  post(url: string, fields: Record<string, string>): Promise<PostOutcome>;
  /** Turns a failed token request into the error callers receive (thrown from get()). */
  fail(failure: TokenFailure): Error;
  /** Called when the state changes (for status texts). */
  onState?(state: TokenState): void;
}

export class TokenCache {
  private token: Token | undefined;
  private validUntil = 0;
  private fetchedAt = -Infinity;
  private lastRequestAt = -Infinity;
  private lastFailure: Error | undefined;
  private pending: Promise<Token> | undefined;
  private stateValue: TokenState = 'none';
  readonly canRefresh: boolean;
  readonly hasCredentials: boolean;

  constructor(private readonly opts: TokenCacheOptions) {
    this.canRefresh = !!(opts.appKey && opts.appSecret);
    this.hasCredentials = this.canRefresh || !!opts.accessToken;
    if (opts.accessToken) {
      this.token = { value: opts.accessToken, base: opts.baseUrl };
      this.validUntil = Infinity;
    }
    if (!this.hasCredentials) this.setState('missing');
  }

  get state(): TokenState {
    return this.stateValue;
  }

  /** Until when the token in hand is used (ms; Infinity for a typed token), or undefined. */
  get usableUntil(): number | undefined {
    return this.token ? this.validUntil : undefined;
  }

  private setState(s: TokenState): void {
    if (s === this.stateValue) return;
    this.stateValue = s;
    this.opts.onState?.(s);
  }

  /** The current token, fetching one when needed; concurrent callers share one request. */
  get(): Promise<Token> {
    const t = this.token;
    const now = this.opts.now();
    if (t && now < this.validUntil) return Promise.resolve(t);
    if (!this.canRefresh) {
      // A typed token that the API declared expired, or no credentials at all.
      return t ? Promise.resolve(t) : Promise.reject(this.opts.fail('no-credentials'));
    }
    if (!this.pending && now - this.lastRequestAt < MIN_TOKEN_INTERVAL_MS) {
      // Token economy: no second request within the interval. A token past its refresh time
      // (not its expiry) still serves; otherwise the last failure stands.
      if (t) return Promise.resolve(t);
      if (this.lastFailure) return Promise.reject(this.lastFailure);
    }
    if (!this.pending) {
      this.pending = this.fetch().finally(() => {
        this.pending = undefined;
      });
    }
    return this.pending;
  }

  /**
   * The API answered 10002 to `used`. `refetch`: the token is forgotten (once, however many
   * callers saw it) and a new one may be fetched; `fresh`: the token was issued less than
   * FRESH_TOKEN_MS ago, so the region is the likelier cause (no new request); `typed`: a token
   * typed in the config node, which cannot be renewed.
   */
  refused(used: Token): 'refetch' | 'fresh' | 'typed' {
    if (!this.canRefresh) {
      if (this.token && this.token.value === used.value) this.setState('expired');
      return 'typed';
    }
    if (this.token && this.token.value === used.value) {
      if (this.opts.now() - this.fetchedAt < FRESH_TOKEN_MS) return 'fresh';
      this.token = undefined;
      this.validUntil = 0;
    }
    return 'refetch';
  }

  /** A call with the token succeeded. */
  confirm(): void {
    if (this.stateValue !== 'ok') this.setState('ok');
  }

  /** The fetched token and its timing, for a successor with the same credentials (undefined: none). */
  snapshot(): TokenSnapshot | undefined {
    if (!this.canRefresh || !this.token) return undefined;
    return {
      token: { ...this.token },
      validUntil: this.validUntil,
      fetchedAt: this.fetchedAt,
      lastRequestAt: this.lastRequestAt,
    };
  }

  /** Takes over a predecessor's token (same base URL, app key and secret). */
  adopt(s: TokenSnapshot | undefined): void {
    if (!s || !this.canRefresh) return;
    this.token = { ...s.token };
    this.validUntil = s.validUntil;
    this.fetchedAt = s.fetchedAt;
    this.lastRequestAt = s.lastRequestAt;
  }

  private async fetch(): Promise<Token> {
    const { appKey, appSecret, baseUrl } = this.opts;
    this.lastRequestAt = this.opts.now();
    this.lastFailure = undefined;
    try {
      const outcome = await this.opts.post(baseUrl + TOKEN_PATH, { appKey: appKey!, appSecret: appSecret! });
      const d = tokenReplyOf(outcome);
      if (!d) throw this.opts.fail(outcome);
      // The token goes nowhere the region rules do not allow (it is dropped, not kept).
      const area = areaDomainBase(baseUrl, d.areaDomain);
      if (!area.ok) throw this.opts.fail({ areaDomain: area.shown });
      const now = this.opts.now();
      const expiry = tokenExpiry(d.expireTime, now);
      this.token = { value: d.accessToken, base: area.base };
      this.fetchedAt = now;
      this.validUntil = expiry - Math.min(TOKEN_REFRESH_MARGIN_MS, (expiry - now) / 2);
      this.setState('ok');
      return this.token;
    } catch (e) {
      this.lastFailure = e as Error;
      this.setState('failed');
      throw e;
    }
  }
}
