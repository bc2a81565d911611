// The simulator's router (server.ts serves through it): /sim/ to the admin endpoint (admin.ts),
// the areas' served paths (pictures, streams), the API paths of the route table (routes.ts,
// answered by api.ts), and 404 for the rest.

import type * as http from 'http';
import { serveAdmin } from './admin';
import type { ServerContext } from './area';
import { SERVED } from './areas';
import { serveApi } from './api';
import { sendJson } from './io';
import { routeFor } from './routes';

/** The router: /sim/ to the admin endpoint, the areas' served paths, then the API paths. */
export function router(ctx: ServerContext): http.RequestListener {
  return (req, res) => {
    let parsed: URL;
    try {
      parsed = new URL(req.url ?? '/', 'http://sim.invalid');
    } catch {
      sendJson(res, 400, { code: '400', msg: 'Bad request URL.' });
      return;
    }
    const path = parsed.pathname;
    const done = (p: Promise<void>): void => {
      p.catch((e: unknown) => {
        if (res.headersSent || res.destroyed) {
          res.destroy();
          return;
        }
        const msg = (e as Error)?.message === 'aborted' ? 'aborted' : `Simulator error: ${(e as Error)?.message}`;
        try {
          sendJson(res, 500, { code: '500', msg });
        } catch {
          res.destroy();
        }
      });
    };
    if (path === '/sim' || path.startsWith('/sim/')) {
      done(serveAdmin(ctx, req, res, path, parsed.searchParams));
      return;
    }
    const served = SERVED.find((s) => path.startsWith(s.prefix));
    if (served) {
      done(served.serve(req, res, path, ctx));
      return;
    }
    const route = routeFor(path);
    if (!route) {
      req.resume();
      sendJson(res, 404, { code: '404', msg: `Not found: ${path}` });
      ctx.log.record({
        time: ctx.clock.now(),
        method: req.method ?? '',
        path,
        fields: {},
        code: null,
        httpStatus: 404,
      });
      return;
    }
    done(serveApi(ctx, req, res, path, route, parsed.searchParams));
  };
}
