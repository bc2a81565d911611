// The stream nodes' paths on Node-RED's HTTP node app (docs/behaviour.md section 25): one
// middleware per app (RED.httpNode: under httpNodeRoot, behind httpNodeAuth) serves the paths of
// the stream nodes deployed now, each request first through httpNodeMiddleware as an `http in`
// node's; a path is one node's (a second node with it is refused); a closed node's path answers
// 404 again (the next handler's).

import type { IncomingMessage, ServerResponse } from 'http';

export type Req = IncomingMessage & { path?: string };
type Next = (err?: unknown) => void;
type Middleware = (req: Req, res: ServerResponse, next: Next) => void;
export type App = { use(fn: Middleware): unknown };

export interface StreamEndpoint {
  id: string;
  path: string;
  handle(req: Req, res: ServerResponse): void;
}

const served = new WeakMap<object, Map<string, StreamEndpoint>>();
/** Every stream path in use, whichever app (a path is unique across the flows). */
const taken = new Map<string, string>();

function pathOf(req: Req): string {
  const p = req.path ?? (req.url ?? '/').split('?')[0];
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

function chained(middleware: unknown): Middleware[] {
  const list = Array.isArray(middleware) ? middleware : [middleware];
  return list.filter((m): m is Middleware => typeof m === 'function');
}

/** Runs the settings' httpNodeMiddleware, then `last` (an error or a handled answer stops). */
function through(mws: Middleware[], req: Req, res: ServerResponse, next: Next, last: () => void): void {
  const step = (i: number) => (err?: unknown) => {
    if (err) return next(err);
    if (i === mws.length) return last();
    try {
      mws[i](req, res, step(i + 1));
    } catch (e) {
      next(e);
    }
  };
  step(0)();
}

/** Serves `ep` on `app`: false when another node serves that path. */
export function openStreamPath(app: App, ep: StreamEndpoint, middleware: unknown): boolean {
  const owner = taken.get(ep.path);
  if (owner !== undefined && owner !== ep.id) return false;
  let paths = served.get(app);
  if (!paths) {
    const mine = new Map<string, StreamEndpoint>();
    served.set(app, (paths = mine));
    const mws = chained(middleware);
    app.use((req, res, next) => {
      const found = req.method === 'GET' || req.method === 'HEAD' ? mine.get(pathOf(req)) : undefined;
      if (!found) return next();
      through(mws, req, res, next, () => found.handle(req, res));
    });
  }
  taken.set(ep.path, ep.id);
  paths.set(ep.path, ep);
  return true;
}

/** Stops serving `ep`. */
export function closeStreamPath(app: App, ep: StreamEndpoint): void {
  const paths = served.get(app);
  if (paths?.get(ep.path) === ep) paths.delete(ep.path);
  if (taken.get(ep.path) === ep.id) taken.delete(ep.path);
}
