// Webhook pushes of the message service (docs/api/watch-api.md section 5, docs/behaviour.md section 15):
// the signature the platform sends (lower-case hex HMAC-SHA1 of the raw body followed by the
// header `t`, keyed with the application's signing secret) and the checks a push must pass before
// anything of it is read: a signature that matches (compared in constant time) and a `t` within
// 5 minutes of our clock. Pure: no clock, no I/O; the caller passes the time in.

import { createHmac, timingSafeEqual } from 'crypto';

/** How far `t` may be from our clock (docs/behaviour.md section 15). */
export const MAX_SKEW_MS = 5 * 60 * 1000;

/** Why a push is refused (401); never carries a header's value. */
export type Refusal = 'noSignature' | 'badSignature' | 'noTime' | 'stale';

/** The signature of `raw` sent at `t` (the header's text, as sent). */
export function signPush(raw: Buffer | string, t: string, secret: string): string {
  return createHmac('sha1', secret)
    .update(typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw)
    .update(t, 'utf8')
    .digest('hex');
}

/** A header's single value (Node gives arrays for repeated headers: refused as absent). */
function one(v: string | string[] | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * Checks one push: undefined when it may be read, else why not. `headers` are Node's (lower-case
 * names). The time is checked first (cheap), then the signature; both only when a secret is set.
 */
export function checkPush(
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now: number,
): Refusal | undefined {
  if (!secret) return undefined;
  const t = one(headers.t);
  if (t === undefined || !/^\d{1,16}$/.test(t)) return 'noTime';
  if (Math.abs(Number(t) - now) > MAX_SKEW_MS) return 'stale';
  const given = one(headers.signature);
  if (given === undefined || given === '') return 'noSignature';
  const want = Buffer.from(signPush(raw, t, secret), 'utf8');
  const got = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return got.length === want.length && timingSafeEqual(got, want) ? undefined : 'badSignature';
}
