// The admin endpoint (/sim/..., never an API path): the state (view, read masked, replace,
// reset), faults, the request log, the fake clock, and the areas' own endpoints (areas/index.ts,
// e.g. raising alarms). It takes application/json requests from its own origin only.

import type * as http from 'http';
import type { AdminCall, AdminRoutes, ServerContext } from './area';
import { AREA_ADMIN, AREA_ADMIN_INDEX } from './areas';
import { messageService, webhookPusher } from './areas/mq';
import { positionOf } from './areas/ptz';
import { viewOf } from './areas/storage';
import { FakeClock } from './clock';
import { normOrigin } from './common';
import type { FaultSpec } from './faults';
import type { PushRecord } from './areas/mq-push';
import { readBody, sendJson } from './io';
import { normalizeSettings } from './state';
import type { SimulatorState, StateInput } from './state';

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

/**
 * The state as GET /sim/state shows it: app secrets as "***", tokens and card passwords (keys
 * of their maps) as "***1", "***2", ... (docs/behaviour.md section 8: the admin endpoint never returns secrets).
 * It still loads as a state file, with those secrets replaced.
 */
export function maskedState(state: SimulatorState): Record<string, unknown> {
  const d = JSON.parse(JSON.stringify(state.toJSON())) as Record<string, Record<string, Record<string, unknown>>>;
  for (const k of Object.values(d.appKeys)) k.appSecret = '***';
  // Verification codes (encrypt/off) are secrets too.
  for (const dev of Object.values(d.devices)) (dev.camera as Record<string, unknown>).verificationCode = '***';
  const renumber = (m: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.values(m).map((v, i) => [`***${i + 1}`, v]));
  d.tokens = renumber(d.tokens) as Record<string, Record<string, unknown>>;
  d.cards = renumber(d.cards) as Record<string, Record<string, unknown>>;
  return d;
}

/** A computed picture of every device (GET /sim/view): positions now, presets, storage status; the
 * webhook URL and its failed pushes with why. */
export function viewState(state: SimulatorState, now: number): Record<string, unknown> {
  const devices: Record<string, unknown> = {};
  for (const [serial, dev] of Object.entries(state.devices)) {
    const channels: Record<string, unknown> = {};
    for (const [no, ch] of Object.entries(dev.channels)) {
      const pos = positionOf(state, dev, ch, now);
      const s = ch.storage;
      const v = viewOf(s.periods, dev.capabilities.cloudStorage, s.disabled, now);
      channels[no] = {
        pan: pos.pan,
        tilt: pos.tilt,
        zoom: pos.zoom,
        moving: ch.moving ? { direction: ch.moving.direction, speed: ch.moving.speed } : null,
        callingPreset: ch.presetCall ? ch.presetCall.index : null,
        atPreset: ch.atPreset,
        mirror: { ...ch.mirror },
        presets: Object.keys(ch.presets)
          .map(Number)
          .sort((a, b) => a - b),
        storage: { status: v.status, totalDays: v.totalDays, validDays: v.validDays, expireTime: v.expireTime },
      };
    }
    devices[serial] = {
      name: dev.name,
      model: dev.model,
      account: dev.account,
      online: dev.online,
      cardLockedUntil: dev.cardAttempts.lockedUntil > now ? dev.cardAttempts.lockedUntil : null,
      channels,
    };
  }
  const hook = webhookPusher(state).view();
  const failed = (hook.pushes as PushRecord[]).filter((p) => !p.acked);
  // A push that failed shows here with why (status 0: none came; error: ECONNREFUSED, timeout...).
  return {
    now,
    devices,
    webhook: { url: hook.url, signed: hook.signed, failed: failed.length, lastFailed: failed.slice(-5) },
  };
}

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
function adminRefusal(req: http.IncomingMessage, ctx: ServerContext): { status: number; error: string } | undefined {
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
