// Whole numbers and friendly names as node settings and msg.payload give them (a number, or its
// text; a name of a table, case-insensitive). Pure: the editor bundles it.

/** A whole number, or its text (blanks around it allowed); undefined otherwise. */
export function integer(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  if (typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)) return Number(raw.trim());
  return undefined;
}

/** A whole number (or its text) in [min, max]. */
export function integerIn(raw: unknown, min: number, max: number): number | undefined {
  const n = integer(raw);
  return n !== undefined && n >= min && n <= max ? n : undefined;
}

/** A name as people write it, for a table's key: trimmed, any case, `_` or blank as `-`; '' for a
 * value that is not a text. */
export function nameKey(raw: unknown): string {
  return typeof raw === 'string'
    ? raw
        .trim()
        .toLowerCase()
        .replace(/[_\s]+/g, '-')
    : '';
}

/** One of `names` as a message or a setting gives it (nameKey), or undefined. */
export function nameOf<N extends string>(names: readonly N[], raw: unknown): N | undefined {
  const key = nameKey(raw);
  return (names as readonly string[]).includes(key) ? (key as N) : undefined;
}

/** The value of a friendly name of `names` (nameKey), or undefined. */
export function valueOfName<V>(names: Readonly<Record<string, V>>, raw: unknown): V | undefined {
  const key = nameKey(raw);
  return Object.prototype.hasOwnProperty.call(names, key) ? names[key] : undefined;
}

/** A number in [min, max], or a friendly name of `names` (nameKey). */
export function numberOrName(
  raw: unknown,
  names: Readonly<Record<string, number>>,
  allowed: (n: number) => boolean,
): number | undefined {
  const n = integer(raw);
  if (n !== undefined) return allowed(n) ? n : undefined;
  return valueOfName(names, raw);
}
