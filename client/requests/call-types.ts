// What an operation node hands to its config node's service, and what it gets back (one result
// per call, never a rejection).

import type { ApiReply } from '../wire/wire';
import type { FilePart } from '../wire/multipart';
import { badReplyError, type ErrorInfo, type EzvizError } from '../errors/errors';
import type { Translate } from '../errors/translate';
import { BadReply } from '../replies/replies';
import type { LiveAddress } from '../operations/live';
import type { CallSpec } from '../operations/operations';

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
  spec: CallSpec;
  /** Parameters to send (only those given), without the token. May be completed (index, direction). */
  fields: Fields;
  presetName?: string;
  /** ptz-start: ms until the node sends the stop itself; 0 or undefined = until a stop. */
  duration?: number;
  owner: Owner;
  /** Handed back to `owner.timedStopDone` (e.g. the msg id of the start). */
  origin?: unknown;
  /** A live address: ask for a new one even if a shared one is still valid (msg.refresh). */
  refresh?: boolean;
  /** The file part of a multipart call (voice upload). */
  file?: FilePart;
}

export type CallResult =
  | {
      kind: 'ok';
      reply: ApiReply;
      fields: Fields;
      durationMs: number;
      sentAt?: number;
      /** msg.payload already built by the service (switch, device state): the node emits it as is. */
      payload?: unknown;
      /** A live address (service/live-addresses.ts), and whether it was shared without a request. */
      live?: LiveAddress;
      shared?: boolean;
      /** Added to msg.ezviz (ezviz-voice: what was played). */
      ezviz?: Record<string, unknown>;
    }
  | { kind: 'error'; error: EzvizError; fields: Fields; durationMs: number }
  | { kind: 'closed' };

/** A result that was answered (not dropped because its owner closed). */
export type Answered = Exclude<CallResult, { kind: 'closed' }>;

/** The result of a call that failed before anything was sent. */
export function failedAt(error: EzvizError, fields: Fields): Answered {
  return { kind: 'error', error, fields, durationMs: 0 };
}

/** The result of an answered call whose reply a mapper refused (`e` a BadReply: BAD_REPLY with its
 * detail; anything else is thrown on). */
export function badReplyResult(
  t: Translate,
  operation: ErrorInfo['operation'],
  e: unknown,
  durationMs: number,
  fields: Fields,
): Answered {
  if (!(e instanceof BadReply)) throw e;
  return { kind: 'error', error: badReplyError(t, operation, e.detail), fields, durationMs };
}
