// Validation of one message's parameters (design.md section 4), before anything is sent: the
// fields to send or the first error (code 10001, source validation, naming the parameter and the
// bad value, never a secret). Pure apart from translation.

import type { Fields } from '../requests/call-types';
import { EzvizError } from '../tables/error-table';
import type { Translate } from '../tables/i18n';
import type { OperationSpec, ParamSpec } from '../tables/operations';
import { isEmpty, parseParam, validationArgs } from '../tables/params';

/** Parameters of one input after validation. */
export interface ParsedInput {
  fields: Fields;
  /** Every parameter given, parsed, sent or not (switch, state, verificationCode). */
  values: Record<string, string | number>;
  presetName?: string;
  duration?: number;
}

/** Turns a validation failure into the error of design.md section 4. */
export function validationError(t: Translate, spec: OperationSpec, param: ParamSpec, raw: unknown, reason: string):
  EzvizError {
  return new EzvizError({
    code: '10001',
    message: t(`validation.${reason}`, validationArgs(param, raw)),
    operation: spec.operation,
    source: 'validation',
    retriable: false,
  });
}

/**
 * Validates raw parameter values of `spec` (pure apart from translation): the fields to send, or
 * the first error. `index` may be left out where a `presetName` stands in for it.
 */
export function validateInput(t: Translate, spec: OperationSpec, raw: Record<string, unknown>): ParsedInput | EzvizError {
  const fields: Fields = {};
  const out: ParsedInput = { fields, values: {} };
  const hasName = spec.operation !== 'preset-add' && spec.params.some((p) => p.name === 'presetName') &&
    !isEmpty(raw.presetName);
  for (const p of spec.params) {
    const value = raw[p.name];
    const r = parseParam(p, value);
    if (!r.ok) {
      if (r.reason === 'missing' && p.name === 'index' && hasName) continue;
      return validationError(t, spec, p, value, r.reason);
    }
    if (r.value === undefined) continue;
    out.values[p.name] = r.value;
    if (p.sent) fields[p.name] = r.value;
    else if (p.name === 'presetName') out.presetName = String(r.value);
    else if (p.name === 'duration') out.duration = Number(r.value);
  }
  return out;
}

/**
 * The request a message would have made: every sent, non-secret parameter whose value is valid
 * (for an error before anything was sent: which camera was asked).
 */
export function wouldSend(spec: OperationSpec, raw: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const p of spec.params) {
    if (!p.sent || p.secret) continue;
    const r = parseParam({ ...p, required: false }, raw[p.name]);
    if (r.ok && r.value !== undefined) fields[p.name] = r.value;
  }
  return fields;
}

/** Whether a node setting and a payload value mean the same (after parsing, e.g. `right` and 3). */
export function sameValue(p: ParamSpec, a: unknown, b: unknown): boolean {
  const pa = parseParam({ ...p, required: false }, a);
  const pb = parseParam({ ...p, required: false }, b);
  if (pa.ok && pb.ok && primitive(pa.value) && primitive(pb.value)) return String(pa.value) === String(pb.value);
  // An object is the same only as itself (its text may be anything, or throw: {toString: 1}).
  if (!primitive(a) || !primitive(b)) return a === b;
  return typeof a === typeof b && String(a).trim() === String(b).trim();
}

function primitive(v: unknown): boolean {
  return v === null || (typeof v !== 'object' && typeof v !== 'function');
}
