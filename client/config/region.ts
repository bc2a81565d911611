// Where the token may go (docs/behaviour.md section 8, Region): the token reply's `areaDomain` names the
// server of every other call. It is followed only when it is https and, for the built-in regions,
// only to hosts under the vendor's domains; a plain-http areaDomain only when the configured base
// URL is itself http on the same host name (a local simulator on another port). Pure.

import { normaliseBase } from './settings';

/** The vendor's domains: built-in regions may send the token only to hosts under these. */
export const VENDOR_DOMAINS: readonly string[] = ['ys7.com', 'ezvizlife.com', 'ezvizru.com', 'ezviz.com'];

/** Whether `hostname` is one of VENDOR_DOMAINS or under one. */
export function isVendorHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return VENDOR_DOMAINS.some((d) => h === d || h.endsWith('.' + d));
}

export type AreaDecision = { ok: true; base: string } | { ok: false; shown: string };

/** A short, printable form of a refused value for the error message. */
function show(v: unknown): string {
  let s: string;
  try {
    s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  } catch {
    s = Object.prototype.toString.call(v);
  }
  s = s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return s.length > 120 ? s.slice(0, 117) + '...' : s;
}

/**
 * The base URL of every call after a token reply with `areaDomain` (undefined, null or '' when
 * the reply has none: the configured base). `baseUrl` is normalised (settings.normaliseBase).
 */
export function areaDomainBase(baseUrl: string, areaDomain: unknown): AreaDecision {
  if (areaDomain === undefined || areaDomain === null || areaDomain === '') return { ok: true, base: baseUrl };
  const area = normaliseBase(areaDomain);
  if (!area) return { ok: false, shown: show(areaDomain) };
  const a = new URL(area);
  const b = new URL(baseUrl);
  if (a.protocol === 'https:') {
    // The built-in regions (a configured host of the vendor) send tokens to the vendor only.
    if (isVendorHost(b.hostname) && !isVendorHost(a.hostname)) return { ok: false, shown: show(area) };
    return { ok: true, base: area };
  }
  // Plain http: only where the configured server itself is plain http on the same host.
  if (b.protocol === 'http:' && a.hostname.toLowerCase() === b.hostname.toLowerCase()) return { ok: true, base: area };
  return { ok: false, shown: show(area) };
}
