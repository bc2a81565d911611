// Settings of the config node: defaults and limits (shared with the editor: no Node.js imports).

export const DEFAULTS = Object.freeze({
  baseUrl: 'https://open.ys7.com',
  timeout: 10000,
  maxRetries: 3,
  retryDelay: 500,
});

/** Limits of the numeric settings (inclusive). */
export const LIMITS = Object.freeze({
  timeout: [100, 120000],
  maxRetries: [0, 10],
  retryDelay: [0, 60000],
} as const);

/** An integer setting, its default when empty, undefined when out of range or not a number. */
export function intSetting(raw: unknown, fallback: number, [min, max]: readonly [number, number]): number | undefined {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return fallback;
  const n = typeof raw === 'number' ? raw : /^\s*\d+\s*$/.test(String(raw)) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** Strips trailing slashes; accepts only http(s) URLs without user info, query or fragment. */
export function normaliseBase(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const s = url.trim().replace(/\/+$/, '');
  try {
    const u = new URL(s);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password)
      return undefined;
    // A query or fragment would swallow the API path appended to the base.
    if (/[?#]/.test(s)) return undefined;
  } catch {
    return undefined;
  }
  return s;
}
