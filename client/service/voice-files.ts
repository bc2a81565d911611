// The voice files a config node's account has uploaded (docs/behaviour.md section 19): one upload per
// content (its SHA-256) and account, its URL reused while it lives (the URL is signed for a day:
// reused for at most 23 h, and not past its own `Expires`). Messages with the same content while
// its upload is under way wait for that one upload. A redeployed config node of the same account
// takes the files over (handover.ts). Bounded: the oldest go first.

import { createHash } from 'crypto';
import { VOICE_URL_REUSE_MS } from '../operations/voice';

/** Files remembered per config node. */
export const VOICE_FILES_MAX = 200;
/** A URL is not reused within this margin of its `Expires`. */
const EXPIRY_MARGIN_MS = 10 * 60 * 1000;

export interface VoiceFile {
  fileUrl: string;
  /** Reused until then (ms). */
  until: number;
}

/** The content's key: its SHA-256 in hex. */
export function contentHash(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The name a content is uploaded under (at most 50 characters: the API's limit). */
export function voiceName(hash: string): string {
  return `node-red-${hash.slice(0, 24)}`;
}

/** Until when an upload's URL made at `now` is reused: 23 h, and 10 minutes before its `Expires`
 * (epoch seconds in the query, as the object store signs it) when it has one. */
export function reuseUntil(fileUrl: string, now: number): number {
  let until = now + VOICE_URL_REUSE_MS;
  try {
    const expires = Number(new URL(fileUrl).searchParams.get('Expires'));
    if (Number.isFinite(expires) && expires > 1e9 && expires < 1e11)
      until = Math.min(until, expires * 1000 - EXPIRY_MARGIN_MS);
  } catch {
    /* checked before: an http(s) URL */
  }
  return until;
}

export class VoiceFiles {
  private readonly files = new Map<string, VoiceFile>();
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(carried?: ReadonlyMap<string, VoiceFile>) {
    if (carried) for (const [k, v] of carried) this.files.set(k, v);
  }

  /** The live URL of a content, if there is one. */
  get(hash: string, now: number): string | undefined {
    const f = this.files.get(hash);
    if (f && now < f.until) return f.fileUrl;
    if (f) this.files.delete(hash);
    return undefined;
  }

  /** Remembers the URL of an upload. */
  set(hash: string, fileUrl: string, now: number): void {
    const until = reuseUntil(fileUrl, now);
    if (until <= now) return;
    this.files.delete(hash);
    this.files.set(hash, { fileUrl, until });
    while (this.files.size > VOICE_FILES_MAX) this.files.delete(this.files.keys().next().value as string);
  }

  /** A URL the API refused (10001: not found, expired early): the next message uploads again. */
  forget(fileUrl: string): void {
    for (const [k, v] of this.files) if (v.fileUrl === fileUrl) this.files.delete(k);
  }

  /** One run of `upload` per content at a time: a second asker waits for the first's outcome. */
  once<T>(hash: string, upload: () => Promise<T>): Promise<T> {
    const under = this.pending.get(hash) as Promise<T> | undefined;
    if (under) return under;
    const p = upload().finally(() => this.pending.delete(hash));
    this.pending.set(hash, p);
    return p;
  }

  /** What a successor of the same account takes over. */
  carry(): ReadonlyMap<string, VoiceFile> {
    return new Map(this.files);
  }
}
