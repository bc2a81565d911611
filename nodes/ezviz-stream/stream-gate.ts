// Who may watch (docs/behaviour.md section 25): the viewers' key, from `?key=` or as the HTTP
// Basic password, compared in constant time; ten wrong keys from one address within a minute
// close the door to it for a minute (429). Bounded: at most 10,000 addresses remembered. Pure
// but for node:crypto; the time comes from the caller.

import { createHash, timingSafeEqual } from 'crypto';

export const WRONG_KEYS_PER_MINUTE = 10;
const MINUTE = 60000;
const MAX_ADDRESSES = 10000;

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** The key a request carries: `?key=`, else the password of an HTTP Basic authorization. */
export function keyOf(url: string | undefined, authorization: string | undefined): string | undefined {
  const q = (url ?? '').indexOf('?');
  if (q >= 0) {
    const key = new URLSearchParams((url ?? '').slice(q + 1)).get('key');
    if (key) return key;
  }
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon >= 0 ? text.slice(colon + 1) : undefined;
}

export class KeyGate {
  private readonly want: Buffer | undefined;
  private readonly wrong = new Map<string, number[]>();
  private readonly blocked = new Map<string, number>();

  constructor(key: string) {
    this.want = key ? digest(key) : undefined;
  }

  /** Whether the node has a key at all (without one nobody may watch). */
  get hasKey(): boolean {
    return this.want !== undefined;
  }

  /** ms until `address` may try again (0: it may now). */
  blockedFor(address: string, now: number): number {
    const until = this.blocked.get(address);
    if (until === undefined) return 0;
    if (until > now) return until - now;
    this.blocked.delete(address);
    return 0;
  }

  /** Whether `key` is the node's key; a wrong one counts against `address`. */
  check(address: string, key: string | undefined, now: number): boolean {
    if (this.want && key !== undefined && timingSafeEqual(digest(key), this.want)) return true;
    const recent = (this.wrong.get(address) ?? []).filter((t) => t > now - MINUTE);
    recent.push(now);
    if (this.wrong.size >= MAX_ADDRESSES && !this.wrong.has(address)) this.wrong.clear();
    this.wrong.set(address, recent);
    if (recent.length >= WRONG_KEYS_PER_MINUTE) {
      this.wrong.delete(address);
      if (this.blocked.size >= MAX_ADDRESSES) this.blocked.clear();
      this.blocked.set(address, now + MINUTE);
    }
    return false;
  }
}
