// Secrets out of a value that travels on (docs/behaviour.md section 5): a copy of an incoming
// msg.payload with the values of secret keys and the secrets read for this message replaced by
// "***", at any depth, and no value over 64 KiB (a voice Buffer of 300 MB is summarised by its type
// and size). Pure: no Node.js imports.

import { isEmpty, REDACTED, SECRET_KEYS } from './parse';

/** The largest value kept as it is (bytes of binary data, characters of a string). */
export const MAX_KEPT_VALUE = 64 * 1024;

/** A value too big to keep: `{type, bytes}` (binary data) or `{type: 'string', length}`. */
function summary(v: unknown): { type: string; bytes?: number; length?: number } | undefined {
  if (typeof v === 'string') return v.length > MAX_KEPT_VALUE ? { type: 'string', length: v.length } : undefined;
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
    const bytes = v.byteLength;
    const type = (v as { constructor?: { name?: unknown } }).constructor?.name;
    return bytes > MAX_KEPT_VALUE ? { type: typeof type === 'string' ? type : 'binary', bytes } : undefined;
  }
  return undefined;
}

/**
 * A copy of `value` (an incoming msg.payload) fit to travel on: the values of secret keys
 * (cardPassword, accessToken, appSecret) and any string equal to one of `secrets` (a card password
 * read for this message) replaced by "***", at any depth. Arrays and objects are copied (own
 * enumerable fields, same prototype); Buffers, dates and the like are kept as they are, but a
 * string or binary value over MAX_KEPT_VALUE becomes its summary (`{type: 'Buffer', bytes}`,
 * `{type: 'string', length}`), so an output 2 message never holds a large payload; a cycle
 * becomes "[Circular]". Pure.
 */
export function redactSecrets(value: unknown, secrets: readonly string[] = []): unknown {
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return secrets.includes(v) ? REDACTED : (summary(v) ?? v);
    if (v === null || typeof v !== 'object') return v;
    const big = summary(v);
    if (big) return big;
    const isArray = Array.isArray(v);
    // Values that hold no named fields: kept as they are.
    if (
      ArrayBuffer.isView(v) ||
      v instanceof ArrayBuffer ||
      v instanceof Date ||
      v instanceof RegExp ||
      v instanceof Map ||
      v instanceof Set ||
      v instanceof Promise ||
      v instanceof Error ||
      v instanceof Number ||
      v instanceof String ||
      v instanceof Boolean
    )
      return v;
    if (seen.has(v)) return '[Circular]';
    if (depth > 32) return isArray ? [] : {};
    seen.add(v);
    // Own enumerable fields copied onto an object of the same prototype (inherited fields stay
    // visible); an array keeps its length and holes.
    const proto = Object.getPrototypeOf(v);
    const o: object = isArray ? new Array<unknown>((v as unknown[]).length) : Object.create(proto);
    if (isArray && proto !== Array.prototype) Object.setPrototypeOf(o, proto);
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k];
      const r = SECRET_KEYS.has(k) && !isEmpty(x) ? REDACTED : walk(x, depth + 1);
      // defineProperty: a key named __proto__ stays a key, never a prototype
      Object.defineProperty(o, k, { value: r, enumerable: true, writable: true, configurable: true });
    }
    const out: unknown = o;
    seen.delete(v);
    return out;
  };
  return walk(value, 0);
}

/** The shortest value masked inside a text (a shorter one would mask ordinary words and digits). */
const MIN_MASKED = 4;

/** `text` with every occurrence of each of `secrets` (4 characters or more) replaced by "***": an
 * API's own words may echo what was sent (a token, a card password, an app secret). Pure. */
export function maskIn(text: string, secrets: readonly (string | number | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    const v = s === undefined ? '' : String(s);
    if (v.length >= MIN_MASKED && out.includes(v)) out = out.split(v).join(REDACTED);
  }
  return out;
}
