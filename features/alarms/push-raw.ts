// Keeping a webhook push's body raw (docs/behaviour.md section 15). Node-RED mounts its admin app
// and its HTTP node app on one root app; with both at `/`, the admin app's JSON body parser reads
// every `application/json` request first, with no deadline of ours and no raw bytes to verify a
// signature over. Like the core `http in` node's raw-body routes, a first layer on the root app
// marks a POST to a served webhook path as already parsed (`_body`, which Node-RED's body parsers
// skip) and as ours to read (`ezvizRaw`), so push-body.ts reads its raw bytes under its own
// bounds. Basic auth and other layers of the root app still run before the webhook itself.

import type { Req } from './push-body';

type Layer = { handle?: unknown };
type ExpressApp = {
  use(fn: (req: Req, res: unknown, next: () => void) => void): unknown;
  parent?: ExpressApp;
  path?: () => string;
  _router?: { stack?: Layer[] };
};

const marked = new WeakSet<object>();

/** A request path without the mount path of the HTTP node app and a trailing slash. */
export function servedPath(url: string | undefined, mount: string): string {
  let p = (url ?? '/').split('?')[0];
  if (mount && mount !== '/') {
    if (p !== mount && !p.startsWith(`${mount}/`)) return '';
    p = p.slice(mount.length) || '/';
  }
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Puts the marking layer first on `app`'s root app (once per app); `serves(path)`: a webhook path. */
export function keepPushBodiesRaw(app: object, serves: (path: string) => boolean): void {
  const a = app as ExpressApp;
  if (marked.has(a)) return;
  let root = a;
  while (root.parent) root = root.parent;
  if (typeof root.use !== 'function') return;
  marked.add(a);
  const mark = (req: Req, _res: unknown, next: () => void) => {
    if (req.method === 'POST' && !req._body && serves(servedPath(req.url, a.path?.() ?? ''))) {
      req._body = true;
      req.ezvizRaw = true;
    }
    next();
  };
  root.use(mark);
  const stack = root._router?.stack;
  const i = stack ? stack.findIndex((l) => l.handle === mark) : -1;
  if (stack && i > 0) stack.unshift(...stack.splice(i, 1));
}
