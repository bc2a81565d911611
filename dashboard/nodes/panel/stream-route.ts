// The dashboard package's stream route (docs/behaviour.md section 21): `GET <httpNodeRoot>/ezviz-dashboard/
// stream/<ticket>` on Node-RED's HTTP node app (where Dashboard 2 is served, behind httpNodeAuth and
// httpNodeMiddleware as an `http in` node), a ticket of stream-tickets.ts for the stream node's one
// camera session through the main package's door. The responses are followed per widget and browser:
// a browser that leaves or a widget that closes ends its own. The route is registered once per app.

import type { IncomingMessage, ServerResponse } from 'http';
import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import { StreamTickets, type TicketHolder } from './stream-tickets';

export const STREAM_ROUTE = '/ezviz-dashboard/stream/';

type Next = (err?: unknown) => void;
type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
type App = { get(path: string, ...handlers: Handler[]): unknown };

export const tickets = new StreamTickets();
const watching = new Map<ServerResponse, TicketHolder>();
const served = new WeakSet<object>();

function refuse(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(status === 404 ? 'no such ticket\n' : 'no such stream\n');
}

/** Serves the route on `app` (once); `middleware`: the settings' httpNodeMiddleware. */
export function serveStreams(app: App | undefined, api: PanelApi, middleware: unknown, now = Date.now): void {
  if (!app || served.has(app)) return;
  served.add(app);
  const mws = (Array.isArray(middleware) ? middleware : [middleware]).filter((m) => typeof m === 'function');
  app.get(`${STREAM_ROUTE}:ticket`, ...(mws as Handler[]), (req, res) => {
    const ticket = decodeURIComponent(((req as { params?: { ticket?: string } }).params ?? {}).ticket ?? '');
    const holder = tickets.take(ticket, now());
    if (!holder) return refuse(res, 404);
    watching.set(res, holder);
    res.on('close', () => watching.delete(res));
    if (!api.watchStream(holder.stream, req.socket.remoteAddress ?? '', res)) {
      watching.delete(res);
      refuse(res, 503);
    }
  });
}

/** The URL path a browser plays (under Node-RED's httpNodeRoot). */
export function streamPath(httpNodeRoot: unknown, ticket: string): string {
  const root = typeof httpNodeRoot === 'string' ? httpNodeRoot : '/';
  return `${root}/${STREAM_ROUTE}${ticket}`.replace(/\/{2,}/g, '/');
}

/** Ends the streams of the widget's browsers that `match` (a browser that left, a widget closing)
 * and drops their waiting tickets. */
export function endStreams(match: (h: TicketHolder) => boolean): void {
  tickets.drop(match);
  for (const [res, h] of [...watching]) {
    if (!match(h)) continue;
    watching.delete(res);
    res.destroy();
  }
}
