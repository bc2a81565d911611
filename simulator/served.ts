// The frame of a path an area serves itself (area.ts ServedPath: pictures, streams): the request's
// entry in the request log, and the faults set for its prefix (a delay, then maybe an outcome).

import type * as http from 'http';
import type { ServerContext } from './area';
import { sendFault } from './faults';
import type { LogEntry } from './request-log';

/** A request under a served prefix: its method and log entry; `finish` logs it with its status. */
export interface ServedRequest {
  method: string;
  entry: LogEntry;
  finish(status: number): void;
}

/** Starts the log entry of a request under a served prefix (its body is read and dropped). */
export function servedRequest(req: http.IncomingMessage, path: string, ctx: ServerContext): ServedRequest {
  const method = req.method ?? 'GET';
  const entry: LogEntry = { time: ctx.clock.now(), method, path, fields: {}, code: null, httpStatus: 0 };
  const finish = (status: number): void => {
    entry.httpStatus = status;
    ctx.log.record(entry);
  };
  req.resume();
  return { method, entry, finish };
}

/** The faults of `prefix`, after their delay: true when the request is over (the server closing,
 * the client gone, or a fault answered it), false when it is to be served. */
export async function servedFaults(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  ctx: ServerContext,
  prefix: string,
  r: ServedRequest,
): Promise<boolean> {
  const { delay, outcome } = ctx.faults.take(prefix);
  await ctx.wait(delay);
  if (ctx.closing() || res.destroyed) {
    r.finish(0);
    return true;
  }
  if (!outcome) return false;
  r.entry.fault = outcome.kind;
  sendFault(req, res, outcome, (st) => r.finish(st));
  return true;
}
