// The admin endpoint (/sim/..., never an API path): the state (view, read masked, replace,
// reset), faults, the request log, the fake clock, and the areas' own endpoints (areas/index.ts,
// e.g. raising alarms). It takes application/json requests from its own origin only
// (admin-guard.ts); what it shows of the state: admin-view.ts.

import type * as http from 'http';
import type { AdminCall, AdminRoutes, ServerContext } from './area';
import { AREA_ADMIN, AREA_ADMIN_INDEX } from './areas';
import { messageService } from './areas/mq';
import { adminRefusal } from './admin-guard';
import { maskedState, viewState } from './admin-view';
import { FakeClock } from './clock';
import type { FaultSpec } from './faults';
import { readBody, sendJson } from './io';
import { normalizeSettings } from './state';
import type { StateInput } from './state';

/** Largest admin body (a whole state may be PUT). */
const MAX_ADMIN_BODY_BYTES = 4 * 1024 * 1024;

const ADMIN_INDEX = {
  endpoints: [
    'GET  /sim/view',
    'GET  /sim/state',
    'PUT  /sim/state {state JSON}',
    'POST /sim/reset',
    'GET  /sim/settings',
    'POST /sim/settings {presetCallMs?,tokenLifetimeMs?,...} (until /sim/reset)',
    'GET  /sim/faults',
    'POST /sim/faults {kind,count?,path?,ms?,code?}',
    'DELETE /sim/faults',
    'POST /sim/faults/clear',
    'GET  /sim/log?path=&code=',
    'DELETE /sim/log',
    'POST /sim/log/clear',
    'GET  /sim/clock',
    'POST /sim/clock/advance {ms}',
    'POST /sim/clock/set {ms}',
    ...AREA_ADMIN_INDEX,
  ],
};

const msOf = (json: unknown): number => {
  const v = Number((json as Record<string, unknown> | undefined)?.ms);
  if (!Number.isFinite(v)) throw new Error('body needs {"ms": number}');
  return v;
};

const fakeClock = ({ ctx }: AdminCall): FakeClock => {
  if (!(ctx.clock instanceof FakeClock))
    throw Object.assign(new Error('the clock is not a FakeClock'), { status: 409 });
  return ctx.clock;
};

const loadState = ({ ctx, json }: AdminCall): unknown => {
  ctx.state.load((json ?? {}) as StateInput);
  return { ok: true };
};
/** POST /sim/settings: the named settings changed (the others kept), checked as a state file's are;
 * /sim/reset goes back to the state's own. Lets a run shorten the timings (presetCallMs) of a
 * simulator started from its command line, whose default state users see unchanged. */
const changeSettings = ({ ctx, json }: AdminCall): unknown => {
  const body = (json ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) throw new Error('body needs {"setting": value, ...}');
  for (const [k, v] of Object.entries(body)) {
    if (!(k in ctx.state.settings)) throw new Error(`no setting ${k}`);
    if (typeof v === 'number' && v < 0) throw new Error(`${k} must not be negative`);
  }
  ctx.state.settings = normalizeSettings({ ...ctx.state.settings, ...body });
  return ctx.state.settings;
};
const clearFaults = ({ ctx }: AdminCall): unknown => {
  ctx.faults.clear();
  return { ok: true };
};
const clearLog = ({ ctx }: AdminCall): unknown => {
  ctx.log.clear();
  return { ok: true };
};

const CORE_ROUTES: AdminRoutes = {
  '/sim': { GET: () => ADMIN_INDEX },
  '/sim/view': { GET: ({ ctx }) => viewState(ctx.state, ctx.clock.now()) },
  '/sim/state': { GET: ({ ctx }) => maskedState(ctx.state), PUT: loadState, POST: loadState },
  '/sim/reset': {
    POST: ({ ctx }) => {
      ctx.state.reset();
      // The message service too, as a fresh cloud: no consumers, offsets or messages.
      messageService(ctx.state).reset();
      ctx.faults.clear();
      ctx.log.clear();
      return { ok: true };
    },
  },
  '/sim/settings': { GET: ({ ctx }) => ctx.state.settings, POST: changeSettings },
  '/sim/faults': {
    GET: ({ ctx }) => ctx.faults.list(),
    POST: ({ ctx, json }) => {
      const list = Array.isArray(json) ? json : [json];
      list.forEach((f) => ctx.faults.validate(f));
      return { ok: true, faults: list.map((f) => ctx.faults.inject(f as FaultSpec)) };
    },
    DELETE: clearFaults,
  },
  '/sim/faults/clear': { POST: clearFaults },
  '/sim/log': {
    GET: ({ ctx, query }) => {
      const p = query.get('path');
      const c = query.get('code');
      return ctx.log.current().filter((e) => (p === null || e.path === p) && (c === null || e.code === c));
    },
    DELETE: clearLog,
  },
  '/sim/log/clear': { POST: clearLog },
  '/sim/clock': { GET: ({ ctx }) => ({ now: ctx.clock.now(), fake: ctx.clock instanceof FakeClock }) },
  '/sim/clock/advance': { POST: (call) => ({ now: fakeClock(call).advance(msOf(call.json)) }) },
  '/sim/clock/set': { POST: (call) => ({ now: fakeClock(call).set(msOf(call.json)) }) },
};

const ROUTES: Readonly<AdminRoutes> = { ...CORE_ROUTES, ...AREA_ADMIN };

/** Answers one request under /sim/. */
export async function serveAdmin(
  ctx: ServerContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<void> {
  const method = req.method ?? 'GET';
  const refusal = adminRefusal(req, ctx);
  if (refusal) {
    req.resume();
    sendJson(res, refusal.status, { error: refusal.error }, { Connection: 'close' });
    return;
  }
  const { body, tooLarge } = await readBody(req, MAX_ADMIN_BODY_BYTES);
  if (tooLarge) {
    sendJson(res, 413, { error: `body larger than ${MAX_ADMIN_BODY_BYTES} bytes` });
    return;
  }
  let json: unknown;
  if (body.trim() !== '') {
    try {
      json = JSON.parse(body);
    } catch {
      sendJson(res, 400, { error: 'admin bodies are JSON' });
      return;
    }
  }
  const route = ROUTES[path.replace(/\/+$/, '') || '/sim'];
  if (!route) {
    sendJson(res, 404, { error: `no admin route ${path}`, ...ADMIN_INDEX });
    return;
  }
  const fn = route[method];
  if (!fn) {
    sendJson(res, 405, { error: `${method} not allowed on ${path}` }, { Allow: Object.keys(route).join(', ') });
    return;
  }
  try {
    sendJson(res, 200, fn({ json, query, req, ctx }));
  } catch (e) {
    const status = (e as { status?: number }).status ?? 400;
    sendJson(res, status, { error: (e as Error).message });
  }
}
