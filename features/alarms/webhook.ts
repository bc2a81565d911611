// The webhook source of ezviz-alarm (docs/behaviour.md section 15): the platform POSTs each message to
// `https://<Node-RED>/<path>`. One middleware on Node-RED's HTTP node app (RED.httpNode, added
// once per app) serves the paths of the webhook nodes deployed now: it reads the raw body
// (push-body.ts: at most 256 KiB, else 413; 10 s and 1 KiB a second, else 408; at most 8 bodies
// per sender, behind the node's trusted proxies the sender they forward for (trusted-proxies.ts),
// and 256 at once, else 503; raw also when sent as JSON: push-raw.ts),
// checks the signature and `t` (signature.ts, 401), parses it (400 when it is not a message),
// answers `{"messageId": ...}` at once and only then hands the message to the node, once per
// message id, once per alarm id and once per call id and action within 24 h (at most 10,000
// messages, kept across redeploys of the node).

import type { ServerResponse } from 'http';
import { hooks } from '../../client/clock/clock';
import { readMessage, sameEventKeys, type MessageEvent } from './alarm-message';
import { RecentIds } from './recent-ids';
import { checkPush, type Refusal } from './signature';
import { readBody, senderOf, type BodyRefusal, type Req } from './push-body';
import type { AddressRange } from './trusted-proxies';
import { keepPushBodiesRaw } from './push-raw';

export const PUSH_IDS_MAX = 10000;
export const PUSH_IDS_TTL_MS = 24 * 3600 * 1000;

export type PushRefusal = Refusal | BodyRefusal | 'notJson' | 'notMessage';

export interface Endpoint {
  /** The node's id (its seen ids outlive a redeploy). */
  id: string;
  /** Normalised path (source-settings.ts webhookPath). */
  path: string;
  /** The signing secret ('' for none: nothing is checked). */
  secret: string;
  /** The reverse proxies whose X-Forwarded-For names the sender (trusted-proxies.ts); [] for none. */
  trusted: readonly AddressRange[];
  /** A new message, after its acknowledgement went out. */
  deliver(event: MessageEvent): void;
  /** A request that was answered 4xx or 503 (counted, with its sender's address, never with its headers or body). */
  refused(why: PushRefusal, sender: string): void;
}

type App = { use(fn: (req: Req, res: ServerResponse, next: () => void) => void): unknown };

/** Endpoints per HTTP node app, by path. */
const served = new WeakMap<object, Map<string, Endpoint>>();
/** Seen message ids per node id (a redeploy keeps them; a removed node's go with discard()). */
const seenIds = new Map<string, RecentIds>();

function reply(res: ServerResponse, status: number, body: unknown, close = false): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (close) headers.Connection = 'close';
  res.writeHead(status, headers);
  res.end(text);
}

function messageOf(raw: Buffer): MessageEvent | 'notJson' | 'notMessage' {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return 'notJson';
  }
  return readMessage(json) ?? 'notMessage';
}

/** The HTTP status of each refusal (docs/behaviour.md section 15). */
export const REFUSED_STATUS: Readonly<Record<PushRefusal, number>> = {
  noSignature: 401,
  badSignature: 401,
  noTime: 401,
  stale: 401,
  tooLarge: 413,
  slowBody: 408,
  busy: 503,
  notJson: 400,
  notMessage: 400,
};

/** Whether `e` was seen (its message id, or for an alarm its alarm id, for a call its calling id
 * and action: the platform may send one again under a new message id); remembers them all. */
function seenBefore(id: string, e: MessageEvent): boolean {
  const now = hooks.now();
  let seen = seenIds.get(id);
  if (!seen) seenIds.set(id, (seen = new RecentIds(2 * PUSH_IDS_MAX, PUSH_IDS_TTL_MS)));
  const keys = sameEventKeys(e);
  const again = keys.some((k) => seen!.has(k, now));
  for (const k of keys) seen.add(k, now);
  return again;
}

/** A refusal's answer; a body cut off by its deadline or refused unread also closes the connection. */
function refuse(ep: Endpoint, req: Req, res: ServerResponse, why: PushRefusal, sender: string): void {
  ep.refused(why, sender);
  if (res.headersSent || res.destroyed) return;
  const cut = why === 'slowBody' || why === 'busy';
  if (why === 'busy') res.setHeader('Retry-After', '1');
  reply(res, REFUSED_STATUS[why], { error: why }, cut);
  if (why === 'slowBody') res.once('finish', () => req.socket.destroy());
}

async function handle(ep: Endpoint, req: Req, res: ServerResponse): Promise<void> {
  const sender = senderOf(req, ep.trusted);
  const raw = await readBody(req, sender);
  if (raw === undefined) return void (res.headersSent || res.destroyed || reply(res, 400, { error: 'body' }, true));
  let why: PushRefusal | undefined =
    typeof raw === 'string' ? raw : checkPush(raw, req.headers, ep.secret, hooks.now());
  const event = why || typeof raw === 'string' ? undefined : messageOf(raw);
  if (typeof event === 'string') why = event;
  if (why) return refuse(ep, req, res, why, sender);
  const e = event as MessageEvent;
  const again = seenBefore(ep.id, e);
  reply(res, 200, { messageId: e.messageId });
  // The acknowledgement is on its way before the flow runs.
  if (!again) {
    setImmediate(() => {
      try {
        ep.deliver(e);
      } catch {
        /* the node reports its own failures; nothing may escape into Node-RED's HTTP server */
      }
    });
  }
}

function pathOf(req: Req): string {
  const p = req.path ?? (req.url ?? '/').split('?')[0];
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Serves `ep` on `app` (Node-RED's RED.httpNode): false when another node serves that path. */
export function openEndpoint(app: App, ep: Endpoint): boolean {
  let paths = served.get(app);
  if (!paths) {
    const mine = new Map<string, Endpoint>();
    served.set(app, (paths = mine));
    keepPushBodiesRaw(app, (p) => mine.has(p));
    app.use((req, res, next) => {
      const found = req.method === 'POST' ? mine.get(pathOf(req)) : undefined;
      if (!found) return next();
      handle(found, req, res).catch(() => {
        if (!res.headersSent) reply(res, 500, { error: 'internal' }, true);
      });
    });
  }
  const other = paths.get(ep.path);
  if (other && other.id !== ep.id) return false;
  paths.set(ep.path, ep);
  return true;
}

/** Stops serving `ep` (its path answers 404 again). */
export function closeEndpoint(app: App, ep: Endpoint): void {
  const paths = served.get(app);
  if (paths?.get(ep.path) === ep) paths.delete(ep.path);
}

/** The node was removed: its seen ids go too. */
export function forgetPushIds(id?: string): void {
  if (id === undefined) seenIds.clear();
  else seenIds.delete(id);
}
