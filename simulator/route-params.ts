// The parameters of a simulated API request (docs/behaviour.md section 6): the query string and the
// form body merged, each of a route's parameters parsed and checked against its row (routes.ts);
// a missing or malformed one is reply 10001.

import type { Route } from './route-types';

/** Parsed parameters: strings for `string`/`phone`, numbers for `int`; absent ones undefined. */
export type Params = Record<string, string | number | undefined>;

const INT_RE = /^-?\d{1,15}$/;
const PHONE_RE = /^\+?\d{5,20}$/;

/** Thrown for a missing or malformed parameter (reply 10001). */
export class ParamError extends Error {
  constructor(readonly param: string) {
    super(`parameter ${param}`);
  }
}

/** A field value; empty (or blank) values count as absent, as the real service treats them. */
export function fieldOf(f: URLSearchParams, name: string): string | undefined {
  const v = f.get(name);
  return v === null || v.trim() === '' ? undefined : v.trim();
}

/** Parses and checks the route's parameters (all but `skip`); throws ParamError (10001). */
export function parseParams(route: Route, f: URLSearchParams, skip: readonly string[] = []): Params {
  const out: Params = {};
  for (const p of route.params) {
    if (skip.includes(p.name)) continue;
    const raw = fieldOf(f, p.name);
    if (raw === undefined) {
      if (p.required) throw new ParamError(p.name);
      continue;
    }
    switch (p.type) {
      case 'ignored':
        break;
      case 'string':
        out[p.name] = raw;
        break;
      case 'phone':
        if (!PHONE_RE.test(raw)) throw new ParamError(p.name);
        out[p.name] = raw;
        break;
      case 'int': {
        if (!INT_RE.test(raw)) throw new ParamError(p.name);
        const n = Number(raw);
        if (p.values && !p.values.includes(n)) throw new ParamError(p.name);
        if (p.min !== undefined && n < p.min) throw new ParamError(p.name);
        if (p.max !== undefined && n > p.max) throw new ParamError(p.name);
        out[p.name] = n;
        break;
      }
      default:
        throw new ParamError(p.name);
    }
  }
  return out;
}

/**
 * The request's parameters: the URL query string and the form body together, the body winning
 * where both name a parameter (docs/behaviour.md section 6, 0.2: public clients send appKey, appSecret or
 * accessToken in the query of a POST).
 */
export function mergeFields(query: URLSearchParams, body: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const inBody = new Set(body.keys());
  for (const [k, v] of query) if (!inBody.has(k)) out.append(k, v);
  for (const [k, v] of body) out.append(k, v);
  return out;
}
