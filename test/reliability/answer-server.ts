// The set-up of the reply fuzzers that answer from a server of their own (replies-hub-siren,
// replies-voice): a server on 127.0.0.1 that answers each request with the next planned answer of
// its kind (what the request's URL asks for), delivered whole, trickled, dropped or never, and
// records what it answered; started in the describe's before hook with the process trapped
// (takeTrapped), closed after it with the flows unloaded.

import * as http from 'http';
import type { AddressInfo } from 'net';
import { unload } from '../support/red';
import { takeTrapped, trapProcess } from './support';

export type Delivery = 'whole' | 'trickle' | 'drop' | 'hang';

/** One planned answer. */
export interface Answer {
  what: string;
  status: number;
  body: string;
  delivery: Delivery;
  headers?: Record<string, string>;
}

export interface AnswerServer<K extends string, A extends Answer> {
  /** Per kind, the answers to give in turn (set by a test before its message). */
  plan: Record<K, A[]>;
  /** Per kind, the answers given. */
  got: Record<K, A[]>;
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

/** Call within a describe: the server of `kinds` (a URL of no kind is answered 404), `exhausted`
 * once a kind's plan is used up. */
export function answerServer<K extends string, A extends Answer>(
  kinds: readonly K[],
  kindOf: (url: string) => K | undefined,
  exhausted: A,
): AnswerServer<K, A> {
  const empty = () => Object.fromEntries(kinds.map((k) => [k, [] as A[]])) as Record<K, A[]>;
  let server: http.Server;
  const s: AnswerServer<K, A> = {
    plan: empty(),
    got: empty(),
    base: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
  before(async () => {
    trapProcess();
    takeTrapped();
    server = http.createServer((req, res) => {
      const kind = kindOf(String(req.url));
      req.resume();
      req.on('end', () => {
        if (!kind) return void res.writeHead(404).end();
        const a = s.plan[kind][s.got[kind].length] ?? exhausted;
        s.got[kind].push(a);
        deliver(a, req, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(async () => {
    await unload();
    server.closeAllConnections();
    server.close();
  });
  return s;
}
