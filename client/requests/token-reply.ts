// A token/get reply read (docs/behaviour.md section 7), pure: the access token it gives (a string of
// at most 4096 characters, or no token at all), the areaDomain it names and when the token expires.

import type { PostOutcome } from '../wire/wire';

/** A token lives 7 days (docs/behaviour.md section 7): the lifetime assumed when expireTime is unusable. */
export const DEFAULT_TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/** expireTime of a token reply -> ms since the epoch: missing, not a number, past or in seconds
 * (below 10^12) counts as 7 days from now; never more than 7 days ahead. */
export function tokenExpiry(expireTime: unknown, now: number): number {
  const limit = now + DEFAULT_TOKEN_LIFETIME_MS;
  if (typeof expireTime !== 'number' || !Number.isFinite(expireTime) || expireTime < 1e12 || expireTime <= now)
    return limit;
  return Math.min(expireTime, limit);
}

/** The data of a successful token reply with a usable token, or undefined. */
export function tokenReplyOf(
  outcome: PostOutcome,
): { accessToken: string; expireTime?: unknown; areaDomain?: unknown } | undefined {
  const data = outcome.ok ? outcome.reply.data : undefined;
  const d =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? (data as { accessToken?: unknown; expireTime?: unknown; areaDomain?: unknown })
      : undefined;
  if (
    !outcome.ok ||
    outcome.reply.code !== '200' ||
    !d ||
    typeof d.accessToken !== 'string' ||
    !d.accessToken ||
    d.accessToken.length > 4096
  ) {
    return undefined;
  }
  return { ...d, accessToken: d.accessToken };
}
