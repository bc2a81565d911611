// The set-up of the reply fuzzers that answer from a server of their own (replies-hub-siren,
// replies-voice): a server on 127.0.0.1 that answers each request with the next planned answer of
// its lane (the access token it came with: each lane's config node has its own, lanes.ts) and kind
// (what the request's URL asks for), delivered whole, trickled, dropped or never, and records what
// it answered and when; started in the describe's before hook with the process trapped
// (takeTrapped) and the client's deadlines watched per token (deadline-watch.ts: which logged
// answer the node went on from, answersMaybeUsed), closed after it with the flows unloaded.

import * as http from 'http';
import type { AddressInfo } from 'net';
import { unload } from '../support/red';
import { takeTrapped, trapProcess } from './support';
import { byToken, lastFitting, spareOf, watchDeadlines } from './deadline-watch';

export type Delivery = 'whole' | 'trickle' | 'drop' | 'hang';

/** One planned answer. */
export interface Answer {
  what: string;
  status: number;
  body: string;
  delivery: Delivery;
  headers?: Record<string, string>;
}

/** An answer given: when (wall clock, as the deadline watch's) and to which path. */
export type Given<A extends Answer> = A & { at: number; path: string };

/** One lane's plans and record. */
export interface Lane<K extends string, A extends Answer> {
  /** Per kind, the answers to give in turn (set by a test before its message). */
  plan: Record<K, A[]>;
  /** Per kind, the answers given. */
  got: Record<K, Array<Given<A>>>;
}

export interface AnswerServer<K extends string, A extends Answer> {
  /** Per lane, by the index of its token. */
  lanes: Array<Lane<K, A>>;
  /** The server's origin, `http://127.0.0.1:PORT`. */
  base(): string;
}

/** An answer on its way: whole, a space every 60 ms (trickle), the connection cut, or nothing. */
export function deliver(a: Answer, req: http.IncomingMessage, res: http.ServerResponse): void {
  if (a.delivery === 'drop') return void req.socket.destroy();
  if (a.delivery === 'hang') return;
  res.writeHead(a.status, { 'Content-Type': 'application/json', ...(a.headers ?? {}) });
  if (a.delivery === 'whole') return void res.end(a.body);
  const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(' ')), 60);
  res.on('close', () => clearInterval(t));
}

/** An answer that makes the client wait for its deadline. */
export const slowAnswer = (a: Answer): boolean => a.delivery === 'hang' || a.delivery === 'trickle';

/** The access token a request came with: a v3 call's header, the form's or the multipart's field. */
export function tokenOf(req: http.IncomingMessage, body: string): string | undefined {
  const header = req.headers.accesstoken;
  if (typeof header === 'string') return header;
  const m = /(?:^|&)accessToken=([^&]*)/.exec(body) ?? /name="accessToken"\r\n\r\n([^\r]*)\r\n/.exec(body);
  return m ? decodeURIComponent(m[1]) : undefined;
}

/** Call within a describe: the server of `kinds` (a URL of no kind, or a request of no lane's token,
 * is answered 404), a lane per token of `tokens`, `exhausted` once a lane's plan of a kind is used up. */
export function answerServer<K extends string, A extends Answer>(
  kinds: readonly K[],
  kindOf: (url: string) => K | undefined,
  exhausted: A,
  tokens: readonly string[],
): AnswerServer<K, A> {
  const empty = <T>() => Object.fromEntries(kinds.map((k) => [k, [] as T[]])) as Record<K, T[]>;
  let server: http.Server;
  const s: AnswerServer<K, A> = {
    lanes: tokens.map(() => ({ plan: empty<A>(), got: empty<Given<A>>() })),
    base: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
  let unwatch = () => {};
  before(async () => {
    trapProcess();
    takeTrapped();
    unwatch = watchDeadlines(byToken);
    server = http.createServer((req, res) => {
      const kind = kindOf(String(req.url));
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const lane = s.lanes[tokens.indexOf(tokenOf(req, Buffer.concat(chunks).toString('latin1')) ?? '')];
        if (!kind || !lane) return void res.writeHead(404).end();
        const a = lane.plan[kind][lane.got[kind].length] ?? exhausted;
        lane.got[kind].push({ ...a, at: Date.now(), path: String(req.url).split('?')[0] });
        deliver(a, req, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(async () => {
    unwatch();
    await unload();
    server.closeAllConnections();
    server.close();
  });
  return s;
}

/**
 * The answers of `got` (one lane's of one kind, given since `since`: the message's) the node may
 * have gone on from, the last first, of those that fit: the last alone when the client met every
 * deadline; else the last spare + 1 (deadline-watch.ts: an attempt the client gave up on that
 * this busy process read after the retry the node used took the retry's planned answer).
 */
export function answersMaybeUsed<A extends Answer>(
  token: string,
  got: Array<Given<A>>,
  fits: (a: Given<A>) => boolean,
  since: number,
): Array<Given<A>> {
  if (!got.length) return [];
  return lastFitting(spareOf(`${token}|${got[0].path}`, got, slowAnswer, since), got, fits);
}
