// Which requests the admin endpoint (admin.ts) takes: application/json from its own origin only.

import type * as http from 'http';
import type { ServerContext } from './area';
import { normOrigin } from './common';

/**
 * Why an admin request is refused, if it is (docs/behaviour.md section 8): the admin endpoint takes
 * `application/json` requests from its own origin only, so no web page can drive it.
 * - Host must be an IP address, `localhost` or the host the simulator listens on (a page on
 *   another name that resolves here, DNS rebinding, is refused);
 * - an `Origin` header (browsers send one with cross-site and with non-GET requests) must be
 *   this server's own origin; `Sec-Fetch-Site` must be `same-origin` or `none`;
 * - a request other than GET/HEAD, or one with a body, must say `Content-Type: application/json`
 *   (forms and text/plain are what a page can send cross-site without a preflight).
 */
export function adminRefusal(
  req: http.IncomingMessage,
  ctx: ServerContext,
): { status: number; error: string } | undefined {
  const hostHeader = String(req.headers.host ?? '');
  const hostName = hostHeader
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  const ipLike = /^[\d.]+$/.test(hostName) || hostName.includes(':');
  if (!(ipLike || hostName === 'localhost' || hostName === ctx.host.toLowerCase())) {
    return { status: 403, error: 'admin requests must name the simulator by IP address, localhost or its --host' };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && normOrigin(origin) !== normOrigin(`${ctx.scheme}://${hostHeader}`)) {
    return { status: 403, error: 'cross-origin admin requests are refused' };
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { status: 403, error: 'cross-site admin requests are refused' };
  }
  const method = req.method ?? 'GET';
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  const ctype = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if ((hasBody || (method !== 'GET' && method !== 'HEAD')) && ctype !== 'application/json') {
    return { status: 415, error: 'admin requests take Content-Type: application/json' };
  }
  return undefined;
}
