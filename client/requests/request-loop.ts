// The request loop of a config node (docs/behaviour.md sections 3, 5 and 8): one client, the token, and
// for each request the token, the send (the client bounds it with the deadline and the size
// limit), one resend after a token refresh on 10002, and for idempotent operations retries of
// transient failures with jittered back-off or the wait a rate limit asks for. Never rejects.

import type http from 'http';
import { performance } from 'perf_hooks';
import type { CallErrors } from './call-failures';
import type { Answered, Fields, Owner } from './call-types';
import { EzvizClient } from '../wire/client';
import type { GetOutcome, PostOutcome } from '../wire/wire';
import type { FilePart } from '../wire/multipart';
import { EzvizError, isRateLimit } from '../errors/errors';
import { hooks } from '../clock/clock';
import type { Translate } from '../errors/translate';
import { pathFor } from '../operations/live';
import type { CallSpec } from '../operations/operations';
import { cameraKey, CallSpacing } from './spacing';
import { CallCounters } from './counters';
import { retryDelayMs, Sleepers } from './back-off';
import { Token, TokenCache, TokenSnapshot, TokenState } from './token';

export { MAX_RETRY_DELAY_MS, retryDelayMs } from './back-off';

/** A config node's settings and credentials (settings.ts checks them). */
export interface ConnectionSettings {
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  retryDelay: number;
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
}

export interface RequestLoopOptions extends ConnectionSettings {
  t: Translate;
  errors: CallErrors;
  onTokenState?(state: TokenState): void;
  /** A predecessor's token (same base URL, app key and secret). */
  token?: TokenSnapshot;
}

export class RequestLoop {
  readonly tokens: TokenCache;
  private readonly client: EzvizClient;
  private readonly sleepers = new Sleepers();
  /** Set when the config node closes: no more retries after the attempt under way. */
  closing = false;
  /** When the last spaced call (capture) of each camera went out. */
  private readonly spacing = new CallSpacing();
  /** Every request on the wire, by path and outcome (docs/behaviour.md section 23). */
  readonly counters = new CallCounters();

  constructor(private readonly opts: RequestLoopOptions) {
    this.client = new EzvizClient({ timeout: opts.timeout });
    this.tokens = new TokenCache({
      baseUrl: opts.baseUrl,
      accessToken: opts.accessToken,
      appKey: opts.appKey,
      appSecret: opts.appSecret,
      now: () => hooks.now(),
      post: (url, fields) => this.client.post(url, fields).then((o) => this.counters.count(url, o)),
      fail: (outcome) => opts.errors.token(outcome),
      onState: opts.onTokenState,
    });
    this.tokens.adopt(opts.token);
  }

  /**
   * Sends one operation: token, request, a single resend after a token refresh on 10002, and for
   * idempotent operations (when `retries`) retries of transient failures. `file`: the file part
   * of a multipart call (voice upload).
   */
  async send(
    spec: CallSpec,
    fields: Fields,
    owner: Owner | undefined,
    retries: boolean,
    file?: FilePart,
  ): Promise<Answered> {
    const started = performance.now();
    const maxRetries = retries && spec.idempotent ? this.opts.maxRetries : 0;
    let attempt = 0;
    let refreshed = false;
    for (;;) {
      let error: EzvizError | undefined;
      let token: Token | undefined;
      try {
        token = await this.tokens.get();
      } catch (e) {
        // One token failure is shared by every waiting caller: each gets its own copy.
        error = new EzvizError({ ...(e as EzvizError).toJSON(), operation: spec.operation });
      }
      let retryAfter: number | undefined;
      if (token) {
        const path = pathFor(spec, token.base),
          url = token.base + path;
        if (spec.spacingMs) this.spacing.mark(cameraKey(spec, fields), hooks.now());
        const sentAt = performance.now();
        const outcome = await this.client.post(url, fields, token.value, spec.multipart ? file : undefined, {
          envelope: spec.envelope,
          query: spec.query,
          method: spec.method,
        });
        this.counters.count(path, outcome);
        if (!('source' in outcome && outcome.source === 'network')) retryAfter = outcome.retryAfterMs;
        const judged = this.judge(spec, fields, outcome, token, url, refreshed);
        if (judged === 'ok') {
          const reply = (outcome as Extract<PostOutcome, { ok: true }>).reply;
          return { kind: 'ok', reply, fields, durationMs: Math.round(performance.now() - started), sentAt };
        }
        if (judged === 'refetch') {
          refreshed = true;
          continue;
        }
        error = judged;
      }
      const waitsOutside = spec.waitsOnRateLimit && isRateLimit(error!.source, error!.code);
      if (attempt >= maxRetries || !error!.retriable || waitsOutside || owner?.closed || this.closing) {
        return { kind: 'error', error: error!, fields, durationMs: Math.round(performance.now() - started) };
      }
      // Rate limits (HTTP 429, 10029) may say how long to wait (at most 30 s: client.ts); a spaced
      // call (capture) is retried no sooner than its spacing.
      await this.backOff(
        Math.max(retryAfter ?? retryDelayMs(this.opts.retryDelay, attempt, hooks.random()), spec.spacingMs ?? 0),
        owner,
      );
      if (owner?.closed) {
        return { kind: 'error', error: error!, fields, durationMs: Math.round(performance.now() - started) };
      }
      // Woken by the config node closing: one last attempt now (a timed stop must still go out).
      attempt++;
    }
  }

  /** What one reply means: success, a token to fetch again (10002, once), or the error. */
  private judge(
    spec: CallSpec,
    fields: Fields,
    outcome: PostOutcome,
    token: Token,
    url: string,
    refreshed: boolean,
  ): 'ok' | 'refetch' | EzvizError {
    const errors = this.opts.errors;
    if (!outcome.ok) return errors.transport(spec.operation, outcome, url, spec.idempotent);
    const code = outcome.reply.code;
    if (code === '200') {
      this.tokens.confirm();
      return 'ok';
    }
    let hint: string | undefined;
    if (code === '10002') {
      const why = this.tokens.refused(token);
      if (why === 'refetch' && !refreshed) return 'refetch';
      if (why === 'typed') hint = this.opts.t('errors.tokenExpired');
      else if (why === 'fresh') hint = this.opts.t('errors.tokenRefusedFresh', { base: this.opts.baseUrl });
    }
    const sent = spec.params.filter((p) => p.secret).map((p) => fields[p.apiName ?? p.name]);
    return errors.api(spec.operation, spec.section, outcome.reply, hint, spec.idempotent, [token.value, ...sent]);
  }

  /** Holds a spaced call (capture: at most one per camera per `gapMs`) until the camera's last one
   * went out `gapMs` ago; send() marks each as it goes out. The camera queue calls it, so one call
   * per camera waits at a time. false: the owner or the config node closed meanwhile. */
  async spaced(spec: CallSpec, fields: Fields, owner: Owner): Promise<boolean> {
    const gapMs = spec.spacingMs ?? 0;
    const left = this.spacing.wait(cameraKey(spec, fields), gapMs, hooks.now());
    if (left > 0) await this.backOff(left, owner);
    return !(owner.closed || this.closing);
  }

  /** GETs a capture's picture with this config node's client (deadline, no redirects, proxies),
   * at most `maxBytes`; nothing of the account is sent. */
  download(url: string, maxBytes: number): Promise<GetOutcome> {
    return this.client.get(url, maxBytes);
  }

  /** The agent of this config node's client for a long GET of `url` (a stream): its proxy tunnels. */
  agentFor(url: URL): http.Agent {
    return this.client.agentFor(url);
  }

  /** Waits before a retry; ends early when the owner or the config node closes (back-off.ts). */
  private backOff(ms: number, owner: Owner | undefined): Promise<void> {
    return this.sleepers.sleep(ms, owner);
  }

  /** Ends the back-off of every retry (of one owner, or all) at once. */
  wake(ownerId?: string): void {
    this.sleepers.wake(ownerId);
  }

  /** Closes the connections (requests under way end with a network error). */
  close(): void {
    this.client.close();
  }
}
