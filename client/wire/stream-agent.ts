// The connection of a long GET (a clip's playback stream, docs/behaviour.md section 26) made the way
// the config node's client reaches a server (agents.ts): through the proxy the environment names
// (HTTPS_PROXY / HTTP_PROXY / NO_PROXY, proxy.ts: a CONNECT tunnel, so the proxy sees the host and
// port, never the address's path and its authorisation), else directly. One connection of its own
// per stream, never kept alive: the caller destroys the agent when the stream ends.

import http from 'http';
import tls from 'tls';
import { hooks } from '../clock/clock';
import { HttpTunnelAgent, HttpsTunnelAgent, proxyFor } from './proxy';

/** The agent of one stream from `target` (false: connect directly, Node's own one-off connection);
 * `tunnelMs` bounds the opening of a tunnel (the config node's timeout). */
export function streamAgent(
  target: URL,
  tunnelMs: number,
  env: Record<string, string | undefined> = process.env,
): http.Agent | false {
  const proxy = proxyFor(target, env);
  if (!proxy) return false;
  const ca = hooks.ca ? [...tls.rootCertificates, ...hooks.ca] : undefined;
  const options = { keepAlive: false, maxSockets: 1, ...(ca ? { ca } : {}) };
  const tunnel = { proxy, timeout: tunnelMs, ca };
  return target.protocol === 'https:' ? new HttpsTunnelAgent(tunnel, options) : new HttpTunnelAgent(tunnel, options);
}
