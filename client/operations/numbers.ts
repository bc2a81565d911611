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

/** A number in [min, max], or a friendly name of `names` (case-insensitive, `_` or blank as `-`). */
export function numberOrName(
  raw: unknown,
  names: Readonly<Record<string, number>>,
  allowed: (n: number) => boolean,
): number | undefined {
  const n = integer(raw);
  if (n !== undefined) return allowed(n) ? n : undefined;
  if (typeof raw !== 'string') return undefined;
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, '-');
  return Object.prototype.hasOwnProperty.call(names, key) ? names[key] : undefined;
}
