// The config node's shared live-address cache (docs/behaviour.md section 13, "one address, many
// viewers"): through one config node an address for the same camera, protocol, quality, source,
// playback window and lifetime is asked for once and reused by every node, message and dashboard
// viewer until it is within 10 % of its lifetime (at most 5 minutes) from expiring; concurrent
// asks share one request; a refresh asks for a new one. Failures and bad replies are never kept;
// nothing is kept after close. The verification code is part of the key only as a keyed hash
// (HMAC with a random key of this cache), never in clear.

import { createHmac, randomBytes } from 'crypto';
import type { CallErrors } from '../requests/call-failures';
import type { Answered, CallResult, Fields, Owner } from '../requests/call-types';
import type { ErrorInfo } from '../errors/errors';
import { badReplyError } from '../errors/errors';
import { hooks } from '../clock/clock';
import type { Translate } from '../errors/translate';
import type { CallSpec } from '../operations/operations';
import { BadReply } from '../replies/replies';
import { addressOf } from '../replies/live-address';
import { LIVE_PROTOCOLS, LIVE_QUALITIES, LIVE_SOURCES, nameOf } from '../operations/live';
import type { LiveAddress } from '../operations/live';

type Ok = Extract<Answered, { kind: 'ok' }>;
export type LiveAnswer =
  (Ok & { live: LiveAddress; shared: boolean }) | Extract<Answered, { kind: 'error' }> | { kind: 'closed' };

interface Entry {
  pending?: Promise<LiveAnswer>;
  answer?: Extract<LiveAnswer, { kind: 'ok' }>;
  /** ms (hooks.now) from which a new address is asked for. */
  renewAt: number;
  expiresAt: number;
}

/** What `EzvizService.liveAddress` answers: the address, or the error as output 2 shows it. */
export type LiveOutcome = { ok: true; address: LiveAddress; shared: boolean } | { ok: false; error: ErrorInfo };

/** The owner of addresses asked for outside a node (the dashboard panel): never closes. */
export const SERVICE_OWNER: Owner = Object.freeze({
  id: 'ezviz-service',
  closed: false,
  timedStopDone: () => undefined,
});

/** A service's answer as a LiveOutcome. */
export function liveOutcome(r: CallResult, errors: CallErrors, t: Translate): LiveOutcome {
  if (r.kind === 'ok') return { ok: true, address: r.live!, shared: r.shared === true };
  const error = r.kind === 'error' ? r.error : errors.local('live', 'CLOSED', t('errors.serviceClosed'));
  return { ok: false, error: error.toJSON() };
}

/** Renewed at most this long before expiry (else 10 % of the lifetime before). */
export const MAX_RENEW_AHEAD_MS = 5 * 60 * 1000;
/** ezopen addresses have no lifetime: one is asked for again after an hour. */
export const EZOPEN_KEEP_MS = 60 * 60 * 1000;
/** Addresses kept at most per config node (the ones that expire first go first). */
const MAX_ENTRIES = 1000;

export class LiveAddresses {
  private readonly entries = new Map<string, Entry>();
  private readonly hashKey = randomBytes(32);
  private closed = false;
  /** Address requests sent through this cache (tests, the benchmark). */
  requests = 0;

  constructor(
    private readonly send: (spec: CallSpec, fields: Fields) => Promise<Answered>,
    private readonly t: Translate,
  ) {}

  /** The cache key of validated API fields; the verification code only as a keyed hash. */
  key(f: Fields): string {
    const code =
      f.code === undefined ? '' : createHmac('sha256', this.hashKey).update(String(f.code)).digest('base64url');
    return [
      `${f.deviceSerial}/${f.channelNo ?? 1}`,
      f.protocol,
      f.quality ?? '',
      f.type,
      f.startTime ?? '',
      f.stopTime ?? '',
      f.expireTime ?? '',
      code,
    ].join('|');
  }

  /** The address for `fields` (validated, completed API fields of `spec`): kept, shared or new. */
  get(spec: CallSpec, fields: Fields, refresh = false): Promise<LiveAnswer> {
    const key = this.key(fields);
    const e = this.entries.get(key);
    // An address being asked for is new enough for a refresh too. A sharer's answer names its own
    // request (the same address may be asked for with and without the default channel).
    if (e?.pending)
      return e.pending.then((r) =>
        r.kind === 'ok' ? { ...r, fields, shared: true } : r.kind === 'error' ? { ...r, fields } : r,
      );
    if (e?.answer && !refresh && hooks.now() < e.renewAt) {
      return Promise.resolve({ ...e.answer, fields, durationMs: 0, shared: true });
    }
    if (this.closed) {
      return Promise.resolve({ kind: 'closed' });
    }
    const entry: Entry = { renewAt: 0, expiresAt: Infinity };
    const startedAt = hooks.now();
    this.requests += 1;
    this.prune(startedAt);
    this.entries.set(key, entry);
    entry.pending = this.send(spec, fields).then((r) => this.settle(key, entry, r, startedAt));
    return entry.pending;
  }

  /** The answer of one request: kept when it is a good address and the cache is still open. */
  private settle(key: string, entry: Entry, r: Answered, startedAt: number): LiveAnswer {
    entry.pending = undefined;
    const answer = r.kind === 'ok' ? this.address(r, entry, startedAt) : r;
    if (this.entries.get(key) === entry) {
      if (answer.kind === 'ok' && !this.closed) entry.answer = answer;
      else this.entries.delete(key);
    }
    return answer;
  }

  private address(r: Ok, entry: Entry, startedAt: number): LiveAnswer {
    const f = r.fields;
    let reply;
    try {
      reply = addressOf(r.reply, Number(f.protocol));
    } catch (e) {
      const detail = e instanceof BadReply ? e.detail : String((e as Error)?.message ?? e);
      return {
        kind: 'error',
        fields: f,
        durationMs: r.durationMs,
        error: badReplyError(this.t, 'live', detail),
      };
    }
    const lifetimeMs = f.expireTime === undefined ? EZOPEN_KEEP_MS : Number(f.expireTime) * hooks.liveSecondMs;
    entry.expiresAt = startedAt + lifetimeMs;
    entry.renewAt = entry.expiresAt - Math.min(lifetimeMs / 10, MAX_RENEW_AHEAD_MS);
    const live: LiveAddress = {
      url: reply.url,
      id: reply.id,
      protocol: nameOf(LIVE_PROTOCOLS, f.protocol) ?? String(f.protocol),
      quality: f.quality === undefined ? null : (nameOf(LIVE_QUALITIES, f.quality) ?? null),
      source: nameOf(LIVE_SOURCES, f.type) ?? 'live',
      expires: f.expireTime === undefined ? null : new Date(entry.expiresAt).toISOString(),
    };
    return { ...r, live, shared: false };
  }

  /** Forgets expired addresses, and the first to expire while there are too many. */
  private prune(now: number): void {
    for (const [k, e] of this.entries) if (!e.pending && e.expiresAt <= now) this.entries.delete(k);
    if (this.entries.size < MAX_ENTRIES) return;
    const kept = [...this.entries].filter(([, e]) => !e.pending).sort((a, b) => a[1].expiresAt - b[1].expiresAt);
    for (const [k] of kept.slice(0, this.entries.size - MAX_ENTRIES + 1)) this.entries.delete(k);
  }

  /** Addresses kept now (tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every address; requests under way are answered but not kept. */
  close(): void {
    this.closed = true;
    this.entries.clear();
  }
}
