// One API request: POST (or the route's own method), the body (form) and query fields, faults and latency, then the
// route's handler (areas/index.ts HANDLERS) and the API notes' envelope around its result.

import type * as http from 'http';
import type { ServerContext } from './area';
import { HANDLERS } from './areas';
import { intlRequest } from './areas/token';
import type { ApiResult, CallContext } from './common';
import { sendFault } from './faults';
import { MAX_BODY_BYTES, MAX_MULTIPART_BYTES, readBody, sendJson } from './io';
import { parseMultipart } from './multipart';
import { messageFor } from './messages';
import { maskFields } from './request-log';
import type { LogEntry } from './request-log';
import { codeAllowed, mergeFields } from './routes';
import { resultBody, v3Body, v3Status, withHeaders } from './envelopes';
import type { Route } from './routes';

/** Answers one request to an API path (`route`). */
export async function serveApi(
  ctx: ServerContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  route: Route,
  query: URLSearchParams,
): Promise<void> {
  const method = req.method ?? 'GET';
  const entry: LogEntry = { time: ctx.clock.now(), method, path, fields: {}, code: null, httpStatus: 0 };
  const finish = (status: number, code: string | null): void => {
    entry.httpStatus = status;
    entry.code = code;
    ctx.log.record(entry);
  };
  const allowed = route.method ?? 'POST';
  if (method !== allowed) {
    sendJson(
      res,
      405,
      { code: '405', msg: `Method ${method} not allowed; this path takes ${allowed} only.` },
      { Allow: allowed },
    );
    req.resume();
    finish(405, null);
    return;
  }
  let body: string;
  let tooLarge: boolean;
  let raw: Buffer;
  const limit = route.multipart ? MAX_MULTIPART_BYTES : MAX_BODY_BYTES;
  try {
    ({ body, tooLarge, raw } = await readBody(req, limit));
  } catch {
    // The client went away, or sent more than the drain limit and was cut off.
    finish(0, null);
    return;
  }
  if (tooLarge) {
    sendJson(res, 413, { code: '413', msg: `Request body larger than ${limit} bytes.` });
    finish(413, null);
    return;
  }
  const ctype = String(req.headers['content-type'] ?? '').toLowerCase();
  const isForm = ctype.split(';')[0].trim() === 'application/x-www-form-urlencoded';
  // A multipart route reads multipart bodies only (its file parts aside, text parts are fields).
  const multi = route.multipart ? parseMultipart(raw, String(req.headers['content-type'] ?? '')) : undefined;
  // Not a form: the service finds no body parameters (those of the query string remain).
  const fields = withHeaders(
    route,
    req,
    mergeFields(
      query,
      multi ? multi.fields : isForm && !route.multipart ? new URLSearchParams(body) : new URLSearchParams(),
    ),
  );
  entry.fields = maskFields(fields);

  const { delay, outcome } = ctx.faults.take(path);
  if (delay > 0) ctx.held?.(req, delay);
  await ctx.wait(ctx.latencyMs + delay);
  if (ctx.closing() || res.destroyed) {
    finish(0, null);
    return;
  }

  const origins = [ctx.url(), `${ctx.scheme}://${String(req.headers.host ?? '')}`];
  const lapp = (r: ApiResult): Record<string, unknown> => {
    const out: Record<string, unknown> = { code: r.code, msg: messageFor(r.code, route.section) };
    if (r.data !== undefined) out.data = r.data;
    else if (r.code !== '200' && !intlRequest(ctx.state, fields, origins)) out.data = null;
    if (r.page !== undefined) out.page = r.page;
    return out;
  };
  // The route's own envelope (envelopes.ts): v3 with its HTTP status, the detector list's wrapper.
  const reply = (r: ApiResult): { status: number; body: Record<string, unknown> } => {
    if (route.envelope === 'v3')
      return { status: v3Status(r.code), body: v3Body(r.code, messageFor(r.code, route.section), r.data) };
    return { status: 200, body: route.envelope === 'result' ? resultBody(lapp(r), r.shape ?? 'result') : lapp(r) };
  };

  if (outcome) {
    entry.fault = outcome.kind;
    if (sendFault(req, res, outcome, finish)) return;
    const code = outcome.kind === 'code' ? outcome.code! : outcome.kind;
    const r = reply({ code });
    sendJson(res, r.status, r.body);
    finish(r.status, code);
    return;
  }

  const call: CallContext = {
    now: ctx.clock.now(),
    origins,
    publicOrigin: ctx.publicOrigin(req),
    files: multi?.files ?? {},
  };
  const result = HANDLERS[route.op](ctx.state, route, fields, call);
  if (result.played) entry.played = result.played;
  if (!codeAllowed(route, result.code)) {
    throw new Error(`${route.path} answered ${result.code}, a code its route (routes.ts) does not list`);
  }
  const r = reply(result);
  sendJson(res, r.status, r.body);
  finish(r.status, result.code);
}
