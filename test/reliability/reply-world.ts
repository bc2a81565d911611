// The world the reply fuzzer (replies.test.ts) puts the nodes in: servers of the test's own on
// 127.0.0.1 that answer whatever they are told to (any status, headers, body, delivery: whole,
// trickled, cut half way, never), and record every request they get with the host name it was
// addressed to. Three listeners: `plain` (http, the configured server of http config nodes),
// `foreign` (http, another port: the target of redirects and of areaDomains), `tls` (https, every
// https host name). A fake resolver sends every host name to 127.0.0.1 (no other address is ever
// a target), and https connections trust the test's certificate without checking the name, so
// `https://open.ys7.com:<port>` reaches `tls` with the Host header saying which host was meant.

import dns from 'dns';
import fs from 'fs';
import http from 'http';
import https from 'https';
import net from 'net';
import os from 'os';
import path from 'path';
import tls from 'tls';
import zlib from 'zlib';
import { execFileSync } from 'child_process';

/** How the reply leaves the server. */
export type Delivery =
  | 'whole' // status, headers, body at once
  | 'trickle' // headers, then one byte of the body every TRICKLE_MS, without end
  | 'half-close' // headers with the full Content-Length, half the body, then the connection ends
  | 'half-hang' // the same, then nothing more (the connection stays open)
  | 'hang' // nothing at all
  | 'drop' // the connection is closed at once
  | 'continue' // an informational `100 Continue` first, then the reply
  | 'late'; // the whole reply LATE_MS after the request (the server acted; the client's deadline passed)

export interface Reply {
  status: number;
  headers: Array<[string, string]>;
  /** The body (see bodyBytes for the large ones made on demand). */
  body: Body;
  delivery: Delivery;
  /** Content-Encoding gzip (the body compressed). */
  gzip?: boolean;
  /** Content-Length: true = the right one, false = none (chunked/close-delimited), a number = that. */
  length?: boolean | number;
}

/** Bodies: text as given, or large ones described (made once, then shared). */
export type Body =
  | { t: 'none' }
  | { t: 'text'; s: string }
  /** Texts and [text, n] repeated n times, joined (huge strings, arrays, deep nesting, oversized replies). */
  | { t: 'big'; parts: Array<string | [string, number]> };

export const TRICKLE_MS = 60;
/** When a `late` reply comes: well after the 700 ms deadline of the fuzzers that generate it
 * (upkeep). 1200 ms left too little room on a loaded machine: a client whose event loop was late
 * by half a second took the reply before its own deadline fired (replies-setting failed so, seen
 * with four test files at a time). */
export const LATE_MS = 2500;

const bigCache = new Map<string, Buffer>();

export function bodyBytes(b: Body): Buffer {
  if (b.t === 'none') return Buffer.alloc(0);
  if (b.t === 'text') return Buffer.from(b.s, 'utf8');
  const key = JSON.stringify(b.parts);
  let buf = bigCache.get(key);
  if (!buf) {
    buf = Buffer.from(b.parts.map((p) => (typeof p === 'string' ? p : p[0].repeat(p[1]))).join(''), 'utf8');
    if (bigCache.size > 256) bigCache.clear();
    bigCache.set(key, buf);
  }
  return buf;
}

/** The text of a body as a client would decode it (for the oracle; large ones too). */
export function bodyText(b: Body): string {
  if (b.t === 'none') return '';
  if (b.t === 'text') return b.s;
  return bodyBytes(b).toString('utf8');
}

const gzCache = new WeakMap<Buffer, Buffer>();
function gzipped(buf: Buffer): Buffer {
  let z = gzCache.get(buf);
  if (!z) {
    z = zlib.gzipSync(buf, { level: 1 });
    gzCache.set(buf, z);
  }
  return z;
}

/** Makes a reply's bytes now (large ones are cached), so that serving it is quick. */
export function prewarm(r: Reply): void {
  if (r.body.t !== 'big') return;
  const b = bodyBytes(r.body);
  if (r.gzip) gzipped(b);
}

export interface Received {
  /** Which listener: plain, foreign or tls. */
  listener: 'plain' | 'foreign' | 'tls';
  scheme: 'http' | 'https';
  /** Host header (name:port as the client addressed it). */
  host: string;
  method: string;
  url: string;
  headers: string;
  body: string;
  fields: Record<string, string>;
  /** What the script answered (undefined: the default reply). */
  reply?: Reply;
  /** Number of this request among those of its key and path (0 based). */
  attempt: number;
  /** A tag the test set for the key when the request came (e.g. the message it belongs to). */
  tag?: unknown;
  at: number;
}

/**
 * Decides the reply of a request: `key` names the script (a camera serial, an app key), `path`
 * the API path, `attempt` how many requests of that key and path came before. Undefined: 404.
 */
export type Script = (r: Received) => Reply | undefined;

export interface World {
  plainUrl: string;
  foreignUrl: string;
  tlsPort: number;
  plainPort: number;
  foreignPort: number;
  /** Every request since the last take(). */
  take(): Received[];
  /** Requests received so far (all listeners, never reset). */
  seen(): number;
  /** Requests per `key|path` (the counts the attempts are numbered by). */
  resetCounts(): void;
  script: Script;
  /** Tags requests of `key` (a camera's current message). */
  tags: Map<string, unknown>;
  /** The key a request belongs to (default: deviceSerial, else appKey, else the token). */
  keyOf: (r: Received) => string;
  /** Bytes the slow deliveries are still writing (sockets open). */
  open(): number;
  close(): Promise<void>;
}

function parseForm(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(s)) out[k] = v;
  return out;
}

const STATUS_TEXT = (s: number) => http.STATUS_CODES[s] ?? 'Whatever';

function head(status: number, headers: Array<[string, string]>): string {
  let h = `HTTP/1.1 ${status} ${STATUS_TEXT(status)}\r\n`;
  for (const [k, v] of headers) h += `${k}: ${v}\r\n`;
  return h + '\r\n';
}

/** Makes a self-signed certificate (openssl; an EC key: a handshake costs a fraction of an RSA one,
 * and every config node of the token fuzz makes its own); undefined when openssl is missing. */
function certificate(): { key: Buffer; cert: Buffer } | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-replies-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'k.pem'),
        '-out',
        path.join(dir, 'c.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'k.pem')), cert: fs.readFileSync(path.join(dir, 'c.pem')) };
  } catch {
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---- name resolution and TLS trust for the test process -------------------------------------

const realLookup = dns.lookup;
const realTlsConnect = tls.connect;
let patched = 0;

/** Every host name resolves to 127.0.0.1; https trusts `cert` whatever the name (one secure context
 * for every connection: made once, not per handshake). */
function patchNetwork(cert: Buffer | undefined): () => void {
  const secureContext = cert ? tls.createSecureContext({ ca: [cert] }) : undefined;
  patched++;
  (dns as { lookup: unknown }).lookup = function lookup(host: string, opts: unknown, cb?: unknown) {
    const callback = (typeof opts === 'function' ? opts : cb) as (...a: unknown[]) => void;
    const o = typeof opts === 'object' && opts ? (opts as { all?: boolean }) : {};
    if (o.all) process.nextTick(callback, null, [{ address: '127.0.0.1', family: 4 }]);
    else process.nextTick(callback, null, '127.0.0.1', 4);
  };
  if (cert) {
    (tls as { connect: unknown }).connect = function connect(...args: unknown[]) {
      if (args[0] && typeof args[0] === 'object') {
        args[0] = { ...(args[0] as object), ca: undefined, secureContext, checkServerIdentity: () => undefined };
      }
      return (realTlsConnect as (...a: unknown[]) => tls.TLSSocket)(...args);
    };
  }
  return () => {
    if (--patched > 0) return;
    (dns as { lookup: unknown }).lookup = realLookup;
    (tls as { connect: unknown }).connect = realTlsConnect;
  };
}

export async function startWorld(): Promise<World> {
  const log: Received[] = [];
  let seen = 0;
  const counts = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const timers = new Set<ReturnType<typeof setInterval>>();
  const cert = certificate();
  const unpatch = patchNetwork(cert?.cert);

  const world = {
    script: (() => undefined) as Script,
    tags: new Map<string, unknown>(),
    keyOf: (r: Received) => r.fields.deviceSerial ?? r.fields.appKey ?? r.fields.accessToken ?? '',
  } as World;

  function serve(listener: Received['listener']) {
    return (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size < 1 << 20) chunks.push(c);
      });
      req.on('error', () => undefined);
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const u = new URL(req.url ?? '/', 'http://x');
        const fields = { ...Object.fromEntries(u.searchParams), ...parseForm(body) };
        const r: Received = {
          listener,
          scheme: listener === 'tls' ? 'https' : 'http',
          host: String(req.headers.host ?? ''),
          method: req.method ?? '',
          url: req.url ?? '',
          headers: JSON.stringify(req.headers),
          body,
          fields,
          attempt: 0,
          at: Date.now(),
        };
        const key = world.keyOf(r);
        const ck = `${key}|${u.pathname}`;
        r.attempt = counts.get(ck) ?? 0;
        counts.set(ck, r.attempt + 1);
        r.tag = world.tags.get(key);
        let reply: Reply | undefined;
        try {
          reply = world.script(r);
        } catch (e) {
          reply = {
            status: 599,
            headers: [],
            body: { t: 'text', s: `script failed: ${String(e)}` },
            delivery: 'whole',
          };
        }
        r.reply = reply;
        log.push(r);
        seen++;
        answer(req, res, reply);
      });
    };
  }

  function answer(req: http.IncomingMessage, res: http.ServerResponse, reply: Reply | undefined): void {
    const sock = req.socket;
    if (!reply) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not scripted');
      return;
    }
    const raw = bodyBytes(reply.body);
    const bytes = reply.gzip ? gzipped(raw) : raw;
    const headers: Array<[string, string]> = [...reply.headers];
    if (reply.gzip) headers.push(['Content-Encoding', 'gzip']);
    // A trickle has no length: its body never ends.
    const len = reply.delivery === 'trickle' && reply.length === undefined ? false : (reply.length ?? true);
    if (len === true) headers.push(['Content-Length', String(bytes.length)]);
    else if (typeof len === 'number') headers.push(['Content-Length', String(len)]);
    const plain =
      reply.delivery === 'whole' &&
      len === true &&
      reply.status >= 200 &&
      reply.status <= 599 &&
      reply.status !== 204 &&
      reply.status !== 304;
    if (plain) {
      // The ordinary way (the connection stays alive for the next request).
      res.writeHead(reply.status, STATUS_TEXT(reply.status), headers.flat() as unknown as http.OutgoingHttpHeaders);
      res.end(bytes);
      return;
    }
    // Everything else is written to the socket by hand, and the connection ends with it.
    headers.push(['Connection', 'close']);
    const end = () => sock.end();
    switch (reply.delivery) {
      case 'drop':
        sock.destroy();
        return;
      case 'hang':
        return;
      case 'late': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (sock.destroyed || !sock.writable) return;
          sock.write(head(reply.status, headers));
          sock.end(bytes);
        }, LATE_MS);
        timers.add(timer);
        return;
      }
      case 'continue':
        sock.write('HTTP/1.1 100 Continue\r\n\r\n');
        sock.write(head(reply.status, headers));
        sock.end(bytes);
        return;
      case 'whole':
        sock.write(head(reply.status, headers));
        sock.end(bytes);
        return;
      case 'half-close':
      case 'half-hang':
        sock.write(head(reply.status, headers));
        sock.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
        if (reply.delivery === 'half-close') setTimeout(end, 5);
        return;
      case 'trickle': {
        sock.write(head(reply.status, headers));
        let i = 0;
        const timer = setInterval(() => {
          if (sock.destroyed || !sock.writable) {
            clearInterval(timer);
            timers.delete(timer);
            return;
          }
          // One byte at a time, round and round (a body without end).
          sock.write(bytes.length ? bytes.subarray(i % bytes.length, (i % bytes.length) + 1) : ' ');
          i++;
        }, TRICKLE_MS);
        timers.add(timer);
        sock.once('close', () => {
          clearInterval(timer);
          timers.delete(timer);
        });
      }
    }
  }

  const track = (s: net.Server) =>
    s.on('connection', (c: net.Socket) => {
      sockets.add(c);
      c.on('close', () => sockets.delete(c));
    });
  // Idle kept-alive connections stay open longer than any wait of a message (back-off and
  // Retry-After are at most 30 s): a server closing one just as a retry is written resets a
  // request that never reaches this log, and the fuzzer would count one attempt short. That race
  // has its own test (world.test.ts, 4b).
  const plain = track(http.createServer({ keepAliveTimeout: 120000 }, serve('plain')));
  const foreign = track(http.createServer({ keepAliveTimeout: 120000 }, serve('foreign')));
  const secure = cert ? https.createServer({ key: cert.key, cert: cert.cert }, serve('tls')) : undefined;
  if (secure)
    secure.on('secureConnection', (c: net.Socket) => {
      sockets.add(c);
      c.on('close', () => sockets.delete(c));
    });
  const listen = (s: net.Server) =>
    new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as net.AddressInfo).port)));
  world.plainPort = await listen(plain);
  world.foreignPort = await listen(foreign);
  world.tlsPort = secure ? await listen(secure) : 0;
  world.plainUrl = `http://127.0.0.1:${world.plainPort}`;
  world.foreignUrl = `http://127.0.0.1:${world.foreignPort}`;
  world.take = () => log.splice(0);
  world.seen = () => seen;
  world.resetCounts = () => counts.clear();
  world.open = () => sockets.size;
  world.close = async () => {
    for (const t of timers) clearInterval(t);
    timers.clear();
    for (const s of sockets) s.destroy();
    await Promise.all(
      [plain, foreign, ...(secure ? [secure] : [])].map(
        (s) => new Promise<void>((resolve) => s.close(() => resolve())),
      ),
    );
    unpatch();
  };
  return world;
}

/**
 * Waits until the servers have heard nothing for 300 ms (at most 5 s): anything late or doubled
 * shows, and so does a request the client wrote before its deadline that this busy process read
 * after it (or a stop the package goes on retrying after its message got its outcome), so that it
 * is counted in its own batch.
 */
export async function quiet(world: World): Promise<void> {
  const end = Date.now() + 5000;
  for (let n = world.seen(); ;) {
    await new Promise((r) => setTimeout(r, 300));
    const m = world.seen();
    if (m === n || Date.now() > end) return;
    n = m;
  }
}
