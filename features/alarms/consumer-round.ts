// One round of the message service's consumer (docs/api/watch-api.md section 5, docs/behaviour.md
// section 15): create a consumer of the group when there is none, fetch its messages (preCommit
// 0: they stay uncommitted until the commit), and, on 70101 (the consumer is unknown or expired),
// create a new consumer and fetch again, once. The commit is a step of its own: it goes out after
// the messages left the nodes. Every call goes through the config node's service (token,
// deadline, retries, rate-limit waits).

import { badReplyError, EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import { MQ } from '../../client/operations/alarm-calls';
import type { CallSpec } from '../../client/operations/operations';
import type { CallResult, Fields, Owner } from '../../client/requests/call-types';
import { readMessage, type MessageEvent } from './alarm-message';

/** Messages read of one fetch (a reply is at most 1 MiB anyway). */
export const FETCH_READ_MAX = 1000;

export type Call = (spec: CallSpec, fields: Fields, owner: Owner) => Promise<CallResult>;

export type RoundOutcome =
  | { kind: 'ok'; consumerId: string; events: MessageEvent[]; invalid: number }
  | { kind: 'error'; error: EzvizError; request: Fields; consumerId?: string }
  | { kind: 'closed' };

/** data.consumerId of a create reply, when it is a usable id. */
function consumerIdOf(data: unknown): string | undefined {
  const id = data && typeof data === 'object' ? (data as { consumerId?: unknown }).consumerId : undefined;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return String(id);
  return typeof id === 'string' && /^[\x21-\x7e]{1,128}$/.test(id) ? id : undefined;
}

const expired = (r: CallResult): boolean => r.kind === 'error' && r.error.source === 'api' && r.error.code === '70101';

/** Creates a consumer of `group`: its id, or the failed outcome. */
async function create(call: Call, owner: Owner, group: number, t: Translate): Promise<string | RoundOutcome> {
  const spec = MQ.consumer[group - 1];
  const r = await call(spec, {}, owner);
  if (r.kind === 'closed') return r;
  if (r.kind === 'error') return { kind: 'error', error: r.error, request: {} };
  const id = consumerIdOf(r.reply.data);
  return id ?? { kind: 'error', request: {}, error: badReplyError(t, spec.operation, 'data.consumerId is not an id') };
}

/** The messages of one fetch reply, read (oldest first by the caller). */
function readBatch(data: unknown): { events: MessageEvent[]; invalid: number } | undefined {
  if (data === null || data === undefined) return { events: [], invalid: 0 };
  if (!Array.isArray(data)) return undefined;
  const events: MessageEvent[] = [];
  let invalid = 0;
  const n = Math.min(data.length, FETCH_READ_MAX);
  for (let i = 0; i < n; i++) {
    const e = readMessage(data[i]);
    if (e) events.push(e);
    else invalid++;
  }
  return { events, invalid: invalid + (data.length - n) };
}

/** Fetches with consumer `id` (created first when undefined; once more after a 70101). */
export async function fetchRound(
  call: Call,
  owner: Owner,
  group: number,
  id: string | undefined,
  t: Translate,
): Promise<RoundOutcome> {
  for (let attempt = 0; ; attempt++) {
    if (id === undefined) {
      const made = await create(call, owner, group, t);
      if (typeof made !== 'string') return made;
      id = made;
    }
    const request: Fields = { consumerId: id, preCommit: 0 };
    const r = await call(MQ.messages, request, owner);
    if (r.kind === 'closed') return r;
    if (expired(r) && attempt === 0) {
      id = undefined;
      continue;
    }
    if (r.kind === 'error') return { kind: 'error', error: r.error, request, consumerId: expired(r) ? undefined : id };
    const batch = readBatch(r.reply.data);
    if (!batch)
      return { kind: 'error', request, consumerId: id, error: badReplyError(t, 'mq-messages', 'data is not an array') };
    return { kind: 'ok', consumerId: id, ...batch };
  }
}

/** Commits what consumer `id` fetched: undefined when done, else the error (70101: the consumer is
 * gone; its messages come again to the next consumer and are recognised by their ids). */
export async function commit(call: Call, owner: Owner, id: string): Promise<EzvizError | undefined> {
  const r = await call(MQ.offsets, { consumerId: id }, owner);
  return r.kind === 'error' ? r.error : undefined;
}
