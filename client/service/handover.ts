// The hand-over between a config node's service and its successor (the same config node
// redeployed: same id, same process; docs/behaviour.md section 8, Closing): the card-password locks (the API's
// 24 h lockout does not end with a deploy), the cameras it left moving (an untimed start, or a
// stop that failed), so that the next start still sends a stop first (docs/api/open-api.md section 3, PTZ rule),
// the token when base URL, app key and secret are unchanged, and the call counts and the stream
// minutes when the account (base URL and app key) is (docs/behaviour.md section 23: Node-RED deletes a node's context in
// memory at every close, so the counts cannot wait there).

import { createHash } from 'crypto';
import type { Fields } from '../requests/call-types';
import type { TokenSnapshot } from '../requests/token';
import type { CountersCarry } from '../requests/usage-types';
import type { VoiceFile } from './voice-files';
import type { StreamBook } from './stream-book';

export interface CarriedState {
  /** The base URL of the predecessor: locks and moving cameras pass only to the same server. */
  baseUrl: string;
  /** Hash of base URL, app key and secret: the token passes only when all three are unchanged. */
  identity: string;
  /** Hash of base URL and app key: the call counts pass while the account stays. */
  account: string;
  cardLocks: ReadonlyMap<string, number>;
  /** "SERIAL/channel" -> the fields of the stop to send. */
  moving: ReadonlyMap<string, Fields>;
  token?: TokenSnapshot;
  /** Uploaded voice files (content hash -> URL): they pass with the token (the same account). */
  voices?: ReadonlyMap<string, VoiceFile>;
  /** The call counters (requests/counters.ts). */
  counters?: CountersCarry;
  /** The stream minutes of its stream nodes today (stream-book.ts): what their successors go on
   * from, so that a redeploy of the config node does not reset `maxMinutesPerDay`. */
  streams?: StreamBook;
}

/** Base URL and app key, hashed: the account whose calls are counted. */
export function account(baseUrl: string, appKey: string | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([baseUrl, appKey ?? '']))
    .digest('hex');
}

/** Base URL, app key and secret, hashed (the carried state holds no secret in clear). */
export function identity(baseUrl: string, appKey: string | undefined, appSecret: string | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([baseUrl, appKey ?? '', appSecret ?? '']))
    .digest('hex');
}

/** What of a predecessor's state a service at `baseUrl` with `id` (its identity) and `acct` (its
 * account) takes: locks and moves only from the same server, the token only with the same
 * identity, the call counts with the same account (other settings, the secret, may change). */
export function inherit(
  carried: CarriedState | undefined,
  baseUrl: string,
  id: string,
  acct: string,
): {
  cardLocks?: ReadonlyMap<string, number>;
  moving?: ReadonlyMap<string, Fields>;
  token?: TokenSnapshot;
  voices?: ReadonlyMap<string, VoiceFile>;
  counters?: CountersCarry;
  streams?: StreamBook;
} {
  // Another server has other cameras.
  if (!carried || carried.baseUrl !== baseUrl) return {};
  const same = carried.identity === id;
  return {
    cardLocks: carried.cardLocks,
    moving: carried.moving,
    token: same ? carried.token : undefined,
    voices: same ? carried.voices : undefined,
    counters: carried.account === acct ? carried.counters : undefined,
    streams: carried.account === acct ? carried.streams : undefined,
  };
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
