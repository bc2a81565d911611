// Validation of one message's parameters (docs/behaviour.md section 4), before anything is sent: the
// fields to send (API names) or the first error (code 10001, source validation, naming the
// parameter and the bad value, never a secret). Pure apart from translation: the operation
// pipeline (call-path/validation.ts) and the service (live addresses asked by the dashboard)
// share it.

import { EzvizError } from '../errors/errors';
import type { Translate } from '../errors/translate';
import type { OperationSpec, ParamSpec } from '../operations/operations';
import { isEmpty, parseParam, ParseResult, validationArgs } from './parse';

/** One message's parameters, each parsed once (as if optional: an empty value parses to undefined). */
export type ParseOnce = (p: ParamSpec) => ParseResult;

/** A ParseOnce over raw values (read at the first parse of each parameter, then remembered). */
export function parseOnce(raw: Record<string, unknown>): ParseOnce {
  const memo = new Map<string, ParseResult>();
  return (p) => {
    let r = memo.get(p.name);
    if (!r) {
      r = parseParam({ ...p, required: false }, raw[p.name]);
      memo.set(p.name, r);
    }
    return r;
  };
}

const MISSING: ParseResult = { ok: false, reason: 'missing' };

/** Parameters of one input after validation. */
export interface ParsedInput {
  fields: Record<string, string | number>;
  /** Every parameter given, parsed, sent or not (switch, state, verificationCode). */
  values: Record<string, string | number>;
  presetName?: string;
  duration?: number;
}

/** Turns a validation failure into the error of docs/behaviour.md section 4. */
export function validationError(
  t: Translate,
  spec: OperationSpec,
  param: ParamSpec,
  raw: unknown,
  reason: string,
): EzvizError {
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
export function validateInput(
  t: Translate,
  spec: OperationSpec,
  raw: Record<string, unknown>,
  parse: ParseOnce = parseOnce(raw),
): ParsedInput | EzvizError {
  const fields: Record<string, string | number> = {};
  const out: ParsedInput = { fields, values: {} };
  const hasName =
    spec.presetNames !== 'add' && spec.params.some((p) => p.name === 'presetName') && !isEmpty(raw.presetName);
  for (const p of spec.params) {
    const value = raw[p.name];
    const r = p.required && isEmpty(value) ? MISSING : parse(p);
    if (!r.ok) {
      if (r.reason === 'missing' && p.name === 'index' && hasName) continue;
      return validationError(t, spec, p, value, r.reason);
    }
    if (r.value === undefined) continue;
    out.values[p.name] = r.value;
    if (p.sent) fields[p.apiName ?? p.name] = r.value;
    else if (p.name === 'presetName') out.presetName = String(r.value);
    else if (p.name === 'duration') out.duration = Number(r.value);
  }
  const broken = spec.refine?.(fields, out.values);
  if (broken) {
    const param = spec.params.find((p) => p.name === broken.param)!;
    return validationError(t, spec, param, raw[param.name], broken.reason);
  }
  return out;
}
