// The webhook source of ezviz-alarm (docs/behaviour.md section 15): the platform POSTs each message to
// `https://<Node-RED>/<path>`. One middleware on Node-RED's HTTP node app (RED.httpNode, added
// once per app) serves the paths of the webhook nodes deployed now: it reads the raw body (at
// most 256 KiB, else 413), checks the signature and `t` (signature.ts, 401), parses it (400 when
// it is not a message), answers `{"messageId": ...}` at once and only then hands the message to
// the node, once per message id within 24 h (at most 10,000 ids, kept across redeploys of the node).

import type { IncomingMessage, ServerResponse } from 'http';
import { hooks } from '../clock/clock';
import { readMessage, type MessageEvent } from './alarm-message';
import { RecentIds } from './recent-ids';
import { checkPush, type Refusal } from './signature';

export const MAX_PUSH_BYTES = 256 * 1024;
/** Past this many bytes of a refused body the connection is cut rather than drained. */
const DRAIN_BYTES = 16 * 1024 * 1024;
export const PUSH_IDS_MAX = 10000;
export const PUSH_IDS_TTL_MS = 24 * 3600 * 1000;

export type PushRefusal = Refusal | 'tooLarge' | 'notJson' | 'notMessage';

export interface Endpoint {
  /** The node's id (its seen ids outlive a redeploy). */
  id: string;
  /** Normalised path (source-settings.ts webhookPath). */
  path: string;
  /** The signing secret ('' for none: nothing is checked). */
  secret: string;
  /** A new message, after its acknowledgement went out. */
  deliver(event: MessageEvent): void;
  /** A request that was answered 4xx (counted, never with its headers or body). */
  refused(why: PushRefusal): void;
}

type Req = IncomingMessage & { path?: string; body?: unknown; _body?: boolean };
type App = { use(fn: (req: Req, res: ServerResponse, next: () => void) => void): unknown };

/** Endpoints per HTTP node app, by path. */
const served = new WeakMap<object, Map<string, Endpoint>>();
/** Seen message ids per node id (a redeploy keeps them; a removed node's go with discard()). */
const seenIds = new Map<string, RecentIds>();

function reply(res: ServerResponse, status: number, body: unknown, close = false): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | number> = { 'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  if (close) headers.Connection = 'close';
  res.writeHead(status, headers);
  res.end(text);
}

/** The raw body, or 'tooLarge' (answered at once; the rest drained, or the connection cut). */
function readRaw(req: Req): Promise<Buffer | 'tooLarge' | undefined> {
  if (req.readableEnded || req._body) {
    const b = req.body;
    return Promise.resolve(Buffer.isBuffer(b) ? b : typeof b === 'string' ? Buffer.from(b, 'utf8') : undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number(req.headers['content-length']) > MAX_PUSH_BYTES;
    const refuse = () => {
      chunks.length = 0;
      resolve('tooLarge');
    };
    if (over) refuse();
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (over) {
        if (size > DRAIN_BYTES) req.socket.destroy();
        return;
      }
      if (size > MAX_PUSH_BYTES) {
        over = true;
        refuse();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(over ? 'tooLarge' : Buffer.concat(chunks, size)));
    req.on('error', () => resolve(undefined));
    req.on('close', () => resolve(undefined)); // (a settled promise ignores the later calls)
  });
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
  noSignature: 401, badSignature: 401, noTime: 401, stale: 401, tooLarge: 413, notJson: 400, notMessage: 400,
};

async function handle(ep: Endpoint, req: Req, res: ServerResponse): Promise<void> {
  const raw = await readRaw(req);
  if (raw === undefined) return void (res.headersSent || res.destroyed || reply(res, 400, { error: 'body' }, true));
  let why: PushRefusal | undefined = raw === 'tooLarge' ? 'tooLarge' : checkPush(raw, req.headers, ep.secret, hooks.now());
  const event = why || raw === 'tooLarge' ? undefined : messageOf(raw);
  if (typeof event === 'string') why = event;
  if (why) {
    ep.refused(why);
    if (!res.headersSent) reply(res, REFUSED_STATUS[why], { error: why });
    return;
  }
  const e = event as MessageEvent;
  const now = hooks.now();
  let seen = seenIds.get(ep.id);
  if (!seen) seenIds.set(ep.id, (seen = new RecentIds(PUSH_IDS_MAX, PUSH_IDS_TTL_MS)));
  const again = seen.has(e.messageId, now);
  seen.add(e.messageId, now);
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
