// The verification code of one message (docs/behaviour.md section 17), for the nodes whose
// operation takes one (ezviz-live, ezviz-switch): the one lookup of pictures/codes.ts, the
// message's `msg.payload.verificationCode`, else the node's own `verificationCode` credential,
// else the account's list for the camera. The message wins over the node here (the other
// parameters' node settings win over the message): no "ignored" warning for it.

import type { Node } from 'node-red';
import type { OperationSpec } from '../../client/operations/operations';
import { lookUpCodes, NO_CODES, type CodeBook } from '../../client/pictures/codes';
import type { Msg, RawInput } from './message-context';

const NAME = 'verificationCode';

/** Whether `spec` takes a verification code. */
const takesCode = (spec: OperationSpec): boolean => spec.params.some((p) => p.name === NAME);

/** The payload's field, if the payload is an object that has it (a getter that throws: none). */
function messageCode(msg: Msg): unknown {
  const pl = msg.payload;
  if (pl === null || typeof pl !== 'object') return undefined;
  try {
    return (pl as Record<string, unknown>)[NAME];
  } catch {
    return undefined;
  }
}

/** For an operation that takes a code, sets `raw.values.verificationCode` by the one lookup
 * (left as read when nothing is found). */
export function fillCode(spec: OperationSpec, msg: Msg, raw: RawInput, node: Node, book: CodeBook = NO_CODES): void {
  if (!takesCode(spec)) return;
  const creds = (node as { credentials?: Record<string, unknown> }).credentials;
  const found = lookUpCodes({
    message: messageCode(msg),
    node: creds?.[NAME],
    book,
    deviceSerial: raw.values.deviceSerial,
  });
  if (found.origin === 'none') return;
  raw.values[NAME] = found.codes[0];
  if (found.origin === 'message') raw.fromSetting.delete(NAME);
  else raw.fromSetting.add(NAME);
}
