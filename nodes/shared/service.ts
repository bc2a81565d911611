// What a config node offers the operation nodes that use it: one client, the token, and the
// behaviour of design.md section 5 (per-camera order, stop before start, timed moves, retries,
// the card-password guard, preset names). Operation nodes call `call()` and get one result.

import { createHash } from 'crypto';
import { performance } from 'perf_hooks';
import { EzvizClient, PostOutcome, ApiReply, MAX_REPLY_BYTES } from './client';
import { EzvizError, hintKey, isRetriable } from './errors';
import { defaultHooks, hooks } from './hooks';
import type { Translate } from './i18n';
import { OPERATIONS, OperationName, OperationSpec, SpecSection } from './operations';
import { PresetStore } from './presets';
import { KeyedQueue, MAX_WAITING } from './queue';
import { BadReply, presetIndex } from './replies';
import { Token, TokenCache, TokenFailure, TokenSnapshot, TokenState } from './token';

/** Card-password lockout after 60030 (spec 7.2: "Input again after 24 hours"). */
export const CARD_LOCK_MS = 24 * 3600 * 1000;
/** Longest back-off between two retries. */
export const MAX_RETRY_DELAY_MS = 30000;

export type Fields = Record<string, string | number>;

/** The operation node behind a request. */
export interface Owner {
  readonly id: string;
  /** true once the node closed: queued requests are dropped, retries end, nothing is sent. */
  readonly closed: boolean;
  /** The stop of a timed move this owner started has been sent (`error` when it failed). */
  timedStopDone(error: EzvizError | undefined, request: Fields, origin: unknown): void;
}

export interface CallRequest {
  spec: OperationSpec;
  /** Parameters to send (only those given), without the token. May be completed (index, direction). */
  fields: Fields;
  presetName?: string;
  /** ptz-start: ms until the node sends the stop itself; 0 or undefined = until a stop. */
  duration?: number;
  owner: Owner;
  /** Handed back to `owner.timedStopDone` (e.g. the msg id of the start). */
  origin?: unknown;
}

export type CallResult =
  | { kind: 'ok'; reply: ApiReply; fields: Fields; durationMs: number; sentAt?: number }
  | { kind: 'error'; error: EzvizError; fields: Fields; durationMs: number }
  | { kind: 'closed' };

/**
 * What a config node's service hands to its successor when the config node is redeployed (same
 * id, same process): the card-password locks (the API's 24 h lockout does not end with a deploy)
 * and the cameras it left moving (an untimed start, or a stop that failed), so that the next
 * start still sends a stop first (spec section 3, PTZ rule).
 */
export interface CarriedState {
  /** The base URL of the predecessor: locks and moving cameras pass only to the same server. */
  baseUrl: string;
  /** Hash of base URL, app key and secret: the token passes only when all three are unchanged. */
  identity: string;
  cardLocks: ReadonlyMap<string, number>;
  /** "SERIAL/channel" -> the fields of the stop to send. */
  moving: ReadonlyMap<string, Fields>;
  token?: TokenSnapshot;
}

/** Carried states waiting for their successor, per config node id (this process only). */
const handedOver = new Map<string, CarriedState>();

/** Keeps what a closing (not removed) config node's successor takes over. */
export function handOver(configId: string, state: CarriedState): void {
  handedOver.set(configId, state);
}

/** Replaces what a closing config node handed over at the start of its close with its state at
 * the end, unless its successor has already taken it over. */
export function updateHandOver(configId: string, state: CarriedState): void {
  if (handedOver.has(configId)) handedOver.set(configId, state);
}

/** What the predecessor of this config node left, once. */
export function takeOver(configId: string): CarriedState | undefined {
  const state = handedOver.get(configId);
  handedOver.delete(configId);
  return state;
}

/** Forgets every carried state (a fresh runtime in tests; a removed config node). */
export function forgetHandOvers(configId?: string): void {
  if (configId === undefined) handedOver.clear();
  else handedOver.delete(configId);
}

/** The owner of a move carried over from a previous service: nobody to report to. */
const CARRIED_OWNER: Owner = Object.freeze({ id: '', closed: false, timedStopDone: () => undefined });

export interface ServiceOptions {
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  retryDelay: number;
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
  /** Set when the config node's settings are invalid: every call fails locally with it. */
  configError?: string;
  t: Translate;
  presets?: PresetStore;
  warn(text: string): void;
  onTokenState?(state: TokenState): void;
  /** State of the previous service of this config node (see `carry()`). */
  carried?: CarriedState;
}

interface Move {
  key: string;
  /** Started with a duration: close stops it. */
  timed?: boolean;
  /** A stop of this move failed: the camera is still taken to be moving. */
  stopFailed?: boolean;
  /** deviceSerial, channelNo and the start's direction: what the stop sends. */
  stopFields: Fields;
  owner: Owner;
  origin: unknown;
  timer?: ReturnType<typeof setTimeout>;
  stopping?: Promise<void>;
}

const STOP = OPERATIONS['ptz-stop'];

/** A ptz-start error after which the camera may be moving: the request may have been carried out. */
function mayHaveActed(error: EzvizError): boolean {
  return (error.source === 'network' || error.source === 'http') && !error.retriable;
}

/** Resolves when `p` settles or after `ms`, whichever comes first (never rejects). */
function withinBudget(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([p.then(noop, noop), cap]).finally(() => clearTimeout(timer));
}

function noop(): void {
  /* settled */
}

/** Jittered exponential back-off: base * 2^attempt, between half and all of it, capped. */
export function retryDelayMs(base: number, attempt: number, random: number): number {
  const full = Math.min(MAX_RETRY_DELAY_MS, base * 2 ** attempt);
  return Math.round(full / 2 + (full / 2) * random);
}

export class EzvizService {
  readonly tokens: TokenCache;
  private readonly client: EzvizClient;
  private readonly queue = new KeyedQueue();
  private readonly moves = new Map<string, Move>();
  private readonly cardLocks: Map<string, number>;
  private closing = false;
  /** Camera-queue calls not yet answered (close waits for them). */
  private readonly inFlight = new Set<Promise<CallResult>>();
  private readonly sleepers = new Set<{ owner: Owner | undefined; wake: () => void }>();

  constructor(private readonly opts: ServiceOptions) {
    // Another server has other cameras: locks and moves pass only to the same base URL.
    const carried = opts.carried?.baseUrl === opts.baseUrl ? opts.carried : undefined;
    this.cardLocks = new Map(carried?.cardLocks);
    for (const [key, stopFields] of carried?.moving ?? []) {
      this.moves.set(key, { key, stopFields: { ...stopFields }, owner: CARRIED_OWNER, origin: undefined });
    }
    this.client = new EzvizClient({ timeout: opts.timeout });
    this.tokens = new TokenCache({
      baseUrl: opts.baseUrl,
      accessToken: opts.accessToken,
      appKey: opts.appKey,
      appSecret: opts.appSecret,
      now: () => hooks.now(),
      post: (url, fields) => this.client.post(url, fields),
      fail: (outcome) => this.tokenError(outcome),
      onState: opts.onTokenState,
    });
    if (carried && carried.identity === this.identity()) this.tokens.adopt(carried.token);
  }

  /** Base URL, app key and secret, hashed (the carried state holds no secret in clear). */
  private identity(): string {
    const { baseUrl, appKey, appSecret } = this.opts;
    return createHash('sha256').update(JSON.stringify([baseUrl, appKey ?? '', appSecret ?? ''])).digest('hex');
  }

  // ---- errors -------------------------------------------------------------------------------

  private apiError(operation: OperationName | 'token', section: SpecSection | 'token', reply: ApiReply, hintText?: string,
    idempotent = true): EzvizError {
    const t = this.opts.t;
    const key = hintKey(reply.code, section);
    const hint = hintText ?? (key ? t(`hints.${key}`) : '');
    const msg = reply.msg || t('errors.noMessage');
    return new EzvizError({
      code: reply.code,
      message: hint ? t('errors.apiHint', { msg, code: reply.code, hint }) : t('errors.api', { msg, code: reply.code }),
      operation,
      source: 'api',
      retriable: isRetriable('api', reply.code, idempotent),
    });
  }

  private transportError(operation: OperationName | 'token', outcome: Exclude<PostOutcome, { ok: true }>, url: string,
    idempotent = true): EzvizError {
    const t = this.opts.t;
    let host = url;
    try {
      host = new URL(url).host;
    } catch {
      /* keep the url */
    }
    const message = outcome.source === 'network'
      ? t(outcome.code === 'ETIMEDOUT' ? 'errors.timeout' : 'errors.network', { code: outcome.code, host, timeout: this.opts.timeout })
      : outcome.code === 'REPLY_TOO_LARGE' ? t('errors.tooLarge', { host, limit: `${MAX_REPLY_BYTES / 1048576} MiB` })
        : t(outcome.nonJson ? 'errors.nonJson' : 'errors.http', { status: outcome.status, host });
    return new EzvizError({ code: outcome.code, message, operation, source: outcome.source,
      retriable: isRetriable(outcome.source, outcome.code, idempotent, outcome.source === 'network' ? outcome.sent : true) });
  }

  private tokenError(outcome: TokenFailure): EzvizError {
    const t = this.opts.t;
    if (outcome === 'no-credentials') {
      return new EzvizError({ code: 'NO_CREDENTIALS', message: t('errors.noCredentials'), operation: 'token',
        source: 'local', retriable: false });
    }
    let inner: EzvizError;
    if ('areaDomain' in outcome) {
      inner = new EzvizError({ code: 'AREA_DOMAIN', message: t('errors.areaDomain', { domain: outcome.areaDomain }),
        operation: 'token', source: 'local', retriable: false });
    } else if (!outcome.ok) inner = this.transportError('token', outcome, this.opts.baseUrl);
    else if (outcome.reply.code === '200') {
      inner = new EzvizError({ code: 'BAD_REPLY', message: t('errors.badTokenReply'), operation: 'token', source: 'http',
        retriable: false });
    } else inner = this.apiError('token', 'token', outcome.reply);
    inner.message = t('errors.token', { detail: inner.message });
    return inner;
  }

  private localError(operation: OperationName, code: string, message: string): EzvizError {
    return new EzvizError({ code, message, operation, source: 'local', retriable: false });
  }

  // ---- one request, with token refresh and retries --------------------------------------------

  /**
   * Sends one operation: token, request, a single resend after a token refresh on 10002, and for
   * idempotent operations retries of transient failures. Never rejects.
   */
  private async send(spec: OperationSpec, fields: Fields, owner: Owner | undefined, retries: boolean):
    Promise<Exclude<CallResult, { kind: 'closed' }>> {
    const started = performance.now();
    const maxRetries = retries && spec.idempotent ? this.opts.maxRetries : 0;
    let attempt = 0;
    let refreshed = false;
    for (;;) {
      let error: EzvizError;
      let token: Token | undefined;
      try {
        token = await this.tokens.get();
      } catch (e) {
        // One token failure is shared by every waiting caller: each gets its own copy.
        error = new EzvizError({ ...(e as EzvizError).toJSON(), operation: spec.operation });
      }
      let retryAfter: number | undefined;
      if (token) {
        const url = token.base + spec.path;
        const sentAt = performance.now();
        const outcome = await this.client.post(url, fields, token.value);
        if (!('source' in outcome && outcome.source === 'network')) retryAfter = outcome.retryAfterMs;
        if (outcome.ok) {
          const code = outcome.reply.code;
          if (code === '200') {
            this.tokens.confirm();
            return { kind: 'ok', reply: outcome.reply, fields, durationMs: Math.round(performance.now() - started), sentAt };
          }
          let hint: string | undefined;
          if (code === '10002') {
            const why = this.tokens.refused(token);
            if (why === 'refetch' && !refreshed) {
              refreshed = true;
              continue;
            }
            if (why === 'typed') hint = this.opts.t('errors.tokenExpired');
            else if (why === 'fresh') hint = this.opts.t('errors.tokenRefusedFresh', { base: this.opts.baseUrl });
          }
          error = this.apiError(spec.operation, spec.section, outcome.reply, hint, spec.idempotent);
        } else {
          error = this.transportError(spec.operation, outcome, url, spec.idempotent);
        }
      }
      if (attempt >= maxRetries || !error!.retriable || owner?.closed || this.closing) {
        return { kind: 'error', error: error!, fields, durationMs: Math.round(performance.now() - started) };
      }
      // Rate limits (HTTP 429, 10029) may say how long to wait (at most 30 s: client.ts).
      await this.backOff(retryAfter ?? retryDelayMs(this.opts.retryDelay, attempt, hooks.random()), owner);
      if (owner?.closed) {
        return { kind: 'error', error: error!, fields, durationMs: Math.round(performance.now() - started) };
      }
      // Woken by the config node closing: one last attempt now (a timed stop must still go out).
      attempt++;
    }
  }

  /** Waits before a retry; ends early when the owner or the config node closes (a sleeping retry
   * holds its camera's queue, where the stops of pending timed moves wait). */
  private backOff(ms: number, owner: Owner | undefined): Promise<void> {
    let wake!: () => void;
    const early = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const sleeper = { owner, wake };
    this.sleepers.add(sleeper);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sleep = hooks.sleep === defaultHooks.sleep
      ? new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms); // cleared when woken: no timer outlives a close
      })
      : hooks.sleep(ms);
    return Promise.race([sleep, early]).finally(() => {
      clearTimeout(timer);
      this.sleepers.delete(sleeper);
    });
  }

  private wakeSleepers(ownerId?: string): void {
    for (const s of this.sleepers) if (ownerId === undefined || s.owner?.id === ownerId) s.wake();
  }

  // ---- the entry point of operation nodes ---------------------------------------------------

  call(req: CallRequest): Promise<CallResult> {
    const { spec, fields } = req;
    if (this.opts.configError) {
      return Promise.resolve({ kind: 'error', fields, durationMs: 0,
        error: this.localError(spec.operation, 'INVALID_CONFIG', this.opts.configError) });
    }
    if (!this.tokens.hasCredentials) {
      const error = this.tokenError('no-credentials');
      error.operation = spec.operation;
      return Promise.resolve({ kind: 'error', error, fields, durationMs: 0 });
    }
    if (spec.operation === 'storage-open') return this.storageOpen(req);
    if (!spec.cameraQueue) return this.send(spec, fields, req.owner, true);
    const key = `${fields.deviceSerial}/${fields.channelNo}`;
    if (this.queue.waiting(key) >= MAX_WAITING) {
      // Bounded queues (design.md s8): nothing is sent; the same message later may succeed.
      return Promise.resolve({ kind: 'error', fields, durationMs: 0, error: new EzvizError({ code: 'QUEUE_FULL',
        message: this.opts.t('errors.queueFull', { camera: key, max: MAX_WAITING }), operation: spec.operation,
        source: 'local', retriable: true }) });
    }
    const task = this.queue.run(key, () => this.camera(key, req));
    this.inFlight.add(task);
    const done = () => this.inFlight.delete(task);
    task.then(done, done);
    return task;
  }

  /** storage-open behind the card-password guard (design.md section 5). */
  private async storageOpen(req: CallRequest): Promise<CallResult> {
    const serial = String(req.fields.deviceSerial);
    const until = this.cardLocks.get(serial);
    if (until !== undefined) {
      if (hooks.now() < until) {
        return { kind: 'error', fields: req.fields, durationMs: 0, error: this.localError('storage-open', '60030',
          this.opts.t('errors.cardLocked', { serial, until: new Date(until).toISOString() })) };
      }
      this.cardLocks.delete(serial);
    }
    const result = await this.send(req.spec, req.fields, req.owner, false);
    if (result.kind === 'error' && result.error.source === 'api' && result.error.code === '60030') {
      this.cardLocks.set(serial, hooks.now() + CARD_LOCK_MS);
    }
    return result;
  }

  /** One PTZ or preset request, run inside the camera's queue. */
  private async camera(key: string, req: CallRequest): Promise<CallResult> {
    if (req.owner.closed) return { kind: 'closed' };
    const { spec, fields } = req;
    const op = spec.operation;

    if ((op === 'preset-call' || op === 'preset-clear') && fields.index === undefined && req.presetName !== undefined) {
      const found = await this.lookupPreset(fields, req.presetName);
      if (found instanceof EzvizError) {
        found.operation = op;
        return { kind: 'error', error: found, fields, durationMs: 0 };
      }
      fields.index = found;
    }

    // A camera is moving until a stop succeeds (design.md s8): a failed stop leaves it marked.
    const move = this.moves.get(key);
    if (move) {
      if (op === 'ptz-stop') {
        this.cancelTimer(move);
        if (fields.direction === undefined && move.stopFields.direction !== undefined) {
          fields.direction = move.stopFields.direction;
        }
      } else if (op === 'ptz-start' || op === 'preset-call') {
        // Spec section 3, PTZ rule: a running movement is stopped before the next one.
        this.cancelTimer(move);
        const stop = await this.send(STOP, move.stopFields, req.owner, true);
        if (stop.kind === 'error') {
          move.stopFailed = true;
          return { ...stop, fields };
        }
        if (this.moves.get(key) === move) this.moves.delete(key);
      }
    }

    const result = await this.send(spec, fields, req.owner, true);
    if (op === 'ptz-stop') {
      // An explicit stop is always sent; only its success ends the move.
      if (result.kind === 'ok') {
        if (move && this.moves.get(key) === move) this.moves.delete(key);
      } else if (move) {
        move.stopFailed = true;
      } else if (!this.moves.has(key) && (result.error.retriable || result.error.source === 'network' ||
        result.error.source === 'http')) {
        // Someone wants this camera stopped and the stop did not arrive (a refusal such as
        // "no such channel" says the camera is as it was): it may be moving.
        this.moves.set(key, { key, stopFields: { ...fields }, owner: CARRIED_OWNER, origin: undefined, stopFailed: true });
      }
    } else if (op === 'ptz-start' && (result.kind === 'ok' || mayHaveActed(result.error))) {
      // A start whose outcome is unknown (timed out, dropped, 5xx, a bad reply) may have moved
      // the camera: it is taken to be moving, and a timed one gets its stop.
      const stopFields: Fields = { deviceSerial: fields.deviceSerial, channelNo: fields.channelNo,
        direction: fields.direction };
      const started: Move = { key, stopFields, owner: req.owner, origin: req.origin, timed: !!(req.duration && req.duration > 0) };
      this.moves.set(key, started);
      if (req.duration && req.duration > 0 && (req.owner.closed || this.closing)) {
        // The node or its config node closed while the start was on its way: the pending timed
        // moves have been stopped already, so this one is stopped at once.
        void this.timedStop(started);
      } else if (req.duration && req.duration > 0) {
        // The move lasts `duration` from when the start was sent: the stop is sent that long
        // after the start request, not after its reply (both take the same way to the camera).
        const sentAt = result.kind === 'ok' ? result.sentAt : undefined;
        const wait = Math.max(0, req.duration - (performance.now() - (sentAt ?? performance.now())));
        started.timer = setTimeout(() => {
          started.timer = undefined;
          void this.timedStop(started);
        }, wait);
      }
    } else if (result.kind === 'ok' && this.opts.presets) {
      await this.updatePresetNames(op, result, req.presetName);
    }
    return result;
  }

  private async lookupPreset(fields: Fields, name: string): Promise<number | EzvizError> {
    const t = this.opts.t;
    const serial = String(fields.deviceSerial);
    const channel = Number(fields.channelNo);
    let found: { index: number | undefined; known: string[] };
    try {
      found = this.opts.presets ? await this.opts.presets.lookup(serial, channel, name) : { index: undefined, known: [] };
    } catch {
      return this.localError('preset-call', 'CONTEXT', t('errors.context'));
    }
    if (found.index !== undefined) return found.index;
    const camera = `${serial}/${channel}`;
    const message = found.known.length
      ? t('validation.presetUnknown', { name: JSON.stringify(name), camera, known: found.known.join(', ') })
      : t('validation.presetNoNames', { name: JSON.stringify(name), camera });
    return new EzvizError({ code: '10001', message, operation: 'preset-call', source: 'validation', retriable: false });
  }

  private async updatePresetNames(op: OperationName, result: { reply: ApiReply; fields: Fields }, name?: string):
    Promise<void> {
    const presets = this.opts.presets!;
    const serial = String(result.fields.deviceSerial);
    const channel = Number(result.fields.channelNo);
    try {
      if (op === 'preset-add' && name !== undefined) {
        let index: number | undefined;
        try {
          index = presetIndex(result.reply.data);
        } catch (e) {
          if (!(e instanceof BadReply)) throw e; // the node reports the bad reply
        }
        if (index !== undefined) await presets.remember(serial, channel, name, index);
      } else if (op === 'preset-clear') {
        await presets.forget(serial, channel, Number(result.fields.index));
      }
    } catch {
      this.opts.warn(this.opts.t('errors.context'));
    }
  }

  // ---- timed moves ----------------------------------------------------------------------------

  private cancelTimer(move: Move): void {
    if (move.timer) {
      clearTimeout(move.timer);
      move.timer = undefined;
    }
  }

  /** Sends the stop of a timed move through the camera's queue (once, however often asked). */
  private timedStop(move: Move): Promise<void> {
    this.cancelTimer(move);
    if (!move.stopping) {
      move.stopping = this.queue.run(move.key, async () => {
        if (this.moves.get(move.key) !== move) return; // stopped or replaced meanwhile
        const result = await this.send(STOP, move.stopFields, undefined, !this.closing);
        if (result.kind === 'ok') {
          if (this.moves.get(move.key) === move) this.moves.delete(move.key);
        } else {
          move.stopFailed = true; // still moving: the next start sends a stop first
        }
        move.stopping = undefined;
        try {
          move.owner.timedStopDone(result.kind === 'error' ? result.error : undefined, move.stopFields, move.origin);
        } catch {
          /* a reporting failure must not break the queue */
        }
      });
    }
    return move.stopping;
  }

  /** Stops at once every pending timed move (of one owner, or all), and those whose stop failed.
   * Resolves when sent or after `budgetMs` (by default the close budget, hooks.closeBudgetMs). */
  stopTimedMoves(ownerId?: string, budgetMs = hooks.closeBudgetMs): Promise<void> {
    this.wakeSleepers(ownerId);
    const stops: Promise<void>[] = [];
    for (const move of this.moves.values()) {
      if ((ownerId === undefined || move.owner.id === ownerId) &&
        (move.timer || move.stopping || (move.timed && move.stopFailed))) {
        stops.push(this.timedStop(move));
      }
    }
    if (!stops.length) return Promise.resolve();
    return withinBudget(Promise.all(stops), budgetMs);
  }

  /** Whether the config node believes the camera is moving (started, not yet stopped). */
  isMoving(deviceSerial: string, channelNo: number): boolean {
    return this.moves.has(`${deviceSerial}/${channelNo}`);
  }

  /** What a successor of this service (the same config node redeployed) takes over. */
  carry(): CarriedState {
    const now = hooks.now();
    const cardLocks = new Map([...this.cardLocks].filter(([, until]) => until > now));
    const moving = new Map([...this.moves].map(([key, move]) => [key, { ...move.stopFields }]));
    return { baseUrl: this.opts.baseUrl, identity: this.identity(), cardLocks, moving, token: this.tokens.snapshot() };
  }

  /** Stops pending timed moves, then closes the connections: all within hooks.closeBudgetMs
   * (design.md s8: a node closes within 10 s; Node-RED gives up after 15 s). */
  async close(): Promise<void> {
    this.closing = true;
    const end = performance.now() + hooks.closeBudgetMs;
    const left = () => Math.max(0, end - performance.now());
    await this.stopTimedMoves(undefined, left());
    // Camera requests still on their way (a start answered now is stopped at once), then the
    // stops they left: only then the connections close.
    if (this.inFlight.size && left() > 0) {
      await withinBudget(Promise.all([...this.inFlight]).then(() => this.stopTimedMoves(undefined, left())), left());
    }
    this.client.close();
  }
}
