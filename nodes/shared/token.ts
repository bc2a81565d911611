// The access token of one config node (design.md sections 3 and 7): a token typed in the config
// node, or one fetched with the app key and secret, cached until shortly before its expireTime,
// one request shared by every caller waiting for it, and the areaDomain the reply names.

import type { PostOutcome } from './client';
import { TOKEN_PATH } from './operations';
import { normaliseBase } from './settings';

/** Refresh this long before the token's expireTime. */
export const TOKEN_REFRESH_MARGIN_MS = 10 * 60 * 1000;
/** Assumed lifetime when a reply lacks expireTime (a token lives 7 days; design.md s7). */
export const DEFAULT_TOKEN_LIFETIME_MS = 6 * 24 * 3600 * 1000;

export interface Token {
  value: string;
  /** Base URL of every other call: the config's baseUrl, or the reply's areaDomain. */
  base: string;
}

export type TokenState = 'ok' | 'none' | 'missing' | 'expired' | 'failed';

export interface TokenCacheOptions {
  baseUrl: string;
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
  now(): number;
  post(url: string, fields: Record<string, string>): Promise<PostOutcome>;
  /** Turns a failed token request into the error callers receive (thrown from get()). */
  fail(outcome: PostOutcome | 'no-credentials'): Error;
  /** Called when the state changes (for status texts). */
  onState?(state: TokenState): void;
}

export class TokenCache {
  private token: Token | undefined;
  private validUntil = 0;
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

  private setState(s: TokenState): void {
    if (s === this.stateValue) return;
    this.stateValue = s;
    this.opts.onState?.(s);
  }

  /** The current token, fetching one when needed; concurrent callers share one request. */
  get(): Promise<Token> {
    const t = this.token;
    if (t && this.opts.now() < this.validUntil) return Promise.resolve(t);
    if (!this.canRefresh) {
      // A typed token that the API declared expired, or no credentials at all.
      return t ? Promise.resolve(t) : Promise.reject(this.opts.fail('no-credentials'));
    }
    if (!this.pending) {
      this.pending = this.fetch().finally(() => {
        this.pending = undefined;
      });
    }
    return this.pending;
  }

  /** The API answered 10002 to `used`: forget it (once, however many callers saw it). */
  invalidate(used: Token): void {
    if (this.token && this.token.value === used.value) {
      if (this.canRefresh) {
        this.token = undefined;
        this.validUntil = 0;
      } else {
        this.setState('expired');
      }
    }
  }

  /** A call with the token succeeded. */
  confirm(): void {
    if (this.stateValue !== 'ok') this.setState('ok');
  }

  private async fetch(): Promise<Token> {
    const { appKey, appSecret, baseUrl } = this.opts;
    const outcome = await this.opts.post(baseUrl + TOKEN_PATH, { appKey: appKey!, appSecret: appSecret! });
    const data = outcome.ok ? (outcome.reply.data as { accessToken?: unknown; expireTime?: unknown; areaDomain?: unknown } | undefined) : undefined;
    if (!outcome.ok || outcome.reply.code !== '200' || !data || typeof data.accessToken !== 'string' || !data.accessToken) {
      this.setState('failed');
      throw this.opts.fail(outcome);
    }
    const now = this.opts.now();
    const expireTime = typeof data.expireTime === 'number' ? data.expireTime
      : typeof data.expireTime === 'string' && /^\d+$/.test(data.expireTime) ? Number(data.expireTime)
        : now + DEFAULT_TOKEN_LIFETIME_MS;
    const area = normaliseBase(data.areaDomain);
    this.token = { value: data.accessToken, base: area ?? baseUrl };
    this.validUntil = expireTime - TOKEN_REFRESH_MARGIN_MS;
    this.setState('ok');
    return this.token;
  }
}
