// Idle keep-alive connections are closed before the server would close them (docs/behaviour.md
// section 8): a request that is never sent twice (storage-open, ptz-start, mirror, preset-add and
// -clear) must not meet a connection the server is closing at that moment (ECONNRESET, the request
// lost). A reply's `Keep-Alive: timeout=N` (seconds) is honoured: its connection is closed after
// N s - 1 s idle (not kept at all when that leaves nothing); without one, after
// hooks.keepAliveIdleMs (4 s, below the common server defaults: Node.js and Apache 5 s, nginx 75 s).
// Node's own agent ignores the hint unless an agent timeout is set, and reads only `timeout=`
// first in the header: this replaces its keepSocketAlive on our agents.

import type http from 'http';
import type { Socket } from 'net';
import { hooks } from '../clock/clock';

/** Closed this long before the server's announced timeout (its N has whole seconds only). */
export const KEEP_ALIVE_MARGIN_MS = 1000;
/** However long a server says it keeps a connection, ours is closed after this idle time. */
export const MAX_IDLE_MS = 60000;

/** ms an idle connection may stay open after a reply with this Keep-Alive header; 0: close it now. */
export function idleMs(header: unknown, defaultMs: number): number {
  const m = typeof header === 'string' ? /(?:^|[,;\s])timeout\s*=\s*"?(\d+)/i.exec(header) : null;
  if (!m) return defaultMs;
  const ms = Number(m[1]) * 1000 - KEEP_ALIVE_MARGIN_MS;
  return ms > 0 ? Math.min(ms, MAX_IDLE_MS) : 0;
}

type AgentInternals = {
  keepAliveMsecs?: number;
  keepSocketAlive(socket: Socket): boolean;
  reuseSocket(socket: Socket, req: http.ClientRequest): void;
};
type FreeSocket = Socket & { _httpMessage?: { res?: http.IncomingMessage } | null };

/** `agent`, its idle connections closed as above (an idle timer while free, none while in use). */
export function closeIdleEarly<A extends http.Agent>(agent: A): A {
  const a = agent as unknown as AgentInternals;
  const reuse = a.reuseSocket.bind(a) as (socket: Socket, req: http.ClientRequest) => void;
  a.keepSocketAlive = (socket: FreeSocket) => {
    const ms = idleMs(socket._httpMessage?.res?.headers['keep-alive'], hooks.keepAliveIdleMs);
    if (ms <= 0) return false;
    socket.setKeepAlive(true, a.keepAliveMsecs ?? 1000);
    socket.unref();
    socket.setTimeout(ms); // the agent destroys a free socket on its timeout
    return true;
  };
  a.reuseSocket = (socket, req) => {
    socket.setTimeout(0);
    reuse(socket, req);
  };
  return agent;
}
