// Validation of one message's parameters (docs/behaviour.md section 4), before anything is sent: the
// validation itself (params/validate.ts, shared with the service), the request a refused message
// would have made, and whether a node setting and a payload value mean the same. Pure.

import type { Fields } from '../../client/requests/call-types';
import type { OperationSpec, ParamSpec } from '../../client/operations/operations';
import { parseParam, ParseResult } from '../../client/params/parse';
import { parseOnce, type ParseOnce } from '../../client/params/validate';

// The validation itself is pure and shared with the service (the dashboard's live addresses).
export { parseOnce, validateInput, validationError } from '../../client/params/validate';
export type { ParsedInput, ParseOnce } from '../../client/params/validate';

/**
 * The request a message would have made: every sent, non-secret parameter whose value is valid
 * (for an error before anything was sent: which camera was asked).
 */
export function wouldSend(
  spec: OperationSpec,
  raw: Record<string, unknown>,
  parse: ParseOnce = parseOnce(raw),
): Fields {
  const fields: Fields = {};
  for (const p of spec.params) {
    if (!p.sent || p.secret) continue;
    const r = parse(p);
    if (r.ok && r.value !== undefined) fields[p.apiName ?? p.name] = r.value;
  }
  return fields;
}

/** Whether a node setting and a payload value mean the same (after parsing, e.g. `right` and 3); `pa`: the
 * setting's value parsed already. */
export function sameValue(
  p: ParamSpec,
  a: unknown,
  b: unknown,
  pa: ParseResult = parseParam({ ...p, required: false }, a),
): boolean {
  const pb = parseParam({ ...p, required: false }, b);
  if (pa.ok && pb.ok && primitive(pa.value) && primitive(pb.value)) return String(pa.value) === String(pb.value);
  // An object is the same only as itself (its text may be anything, or throw: {toString: 1}).
  if (!primitive(a) || !primitive(b)) return a === b;
  return typeof a === typeof b && String(a).trim() === String(b).trim();
}

function primitive(v: unknown): boolean {
  return v === null || (typeof v !== 'object' && typeof v !== 'function');
}
