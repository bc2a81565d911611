// The reply envelopes besides `lapp`'s `{code, msg, data}` (docs/api/hub-api.md sections 1 and 3):
// the v3 calls' `{meta: {code, message, moreInfo}, data}` with an HTTP status per code, and the
// detector list's `{result: {code, msg, data}}` (or `data` at the top, as a hub's `listShape`
// says). A v3 request carries the token and the serial in headers: they join the fields.

import type * as http from 'http';
import type { Route } from './routes';

/** HTTP status of a v3 reply code (the media notes' table: 4xx for errors). */
export function v3Status(code: string): number {
  if (code === '200') return 200;
  const byCode: Record<string, number> = {
    '10002': 401,
    '10031': 403,
    '20018': 403,
    '20002': 404,
    '20006': 408,
    '20008': 408,
    '20007': 412,
    '60020': 422,
    '10029': 429,
    '50000': 500,
  };
  return byCode[code] ?? 400;
}

/** A v3 reply body. */
export function v3Body(code: string, message: string, data: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { meta: { code: Number(code), message, moreInfo: null } };
  if (data !== undefined) out.data = data;
  return out;
}

/** The detector list's body in the shape asked (`result` wrapper or `data` at the top). */
export function resultBody(lapp: Record<string, unknown>, shape: 'result' | 'data'): Record<string, unknown> {
  return shape === 'result' ? { result: lapp } : lapp;
}

/** A v3 request's fields: the headers `accessToken` and `deviceSerial` win over the same fields
 * of the query or the body. */
export function withHeaders(route: Route, req: http.IncomingMessage, fields: URLSearchParams): URLSearchParams {
  if (route.envelope !== 'v3') return fields;
  for (const name of ['accessToken', 'deviceSerial']) {
    const v = req.headers[name.toLowerCase()];
    if (typeof v === 'string') fields.set(name, v);
  }
  return fields;
}
