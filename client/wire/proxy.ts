// Proxies (docs/behaviour.md section 8): HTTPS_PROXY / HTTP_PROXY / NO_PROXY (and their lower-case
// forms) are honoured by tunnelling (CONNECT): the proxy sees the host and port to connect to,
// never a request, so never a token, app secret or card password. Our own small agents, because
// what axios does with a proxy depends on its version (before 1.16.1 it sent https requests to
// an http proxy in clear text); axios itself is always called with `proxy: false`.

import http from 'http';
import https from 'https';
import net from 'net';
import tls from 'tls';
import type { Duplex } from 'stream';
import { hooks } from '../clock/clock';

type Env = Record<string, string | undefined>;

function envValue(env: Env, name: string): string | undefined {
  // Lower case first, as curl and proxy-from-env read them.
  const v = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return v && v.trim() ? v.trim() : undefined;
}

/** Whether NO_PROXY exempts `host:port` (entries: `*`, host names, `.domain`, `*.domain`, `host:port`). */
export function bypassesProxy(hostname: string, port: number, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  for (const raw of noProxy.split(/[\s,]+/)) {
    let entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    let entryPort: number | undefined;
    const m = /^(.*?)(?::(\d+))?$/.exec(entry.startsWith('[') ? entry.replace(/^\[(.*)\]/, '$1') : entry);
    if (m && m[2] && !net.isIPv6(entry)) {
      entry = m[1];
      entryPort = Number(m[2]);
    }
    if (entryPort !== undefined && entryPort !== port) continue;
    entry = entry.replace(/^\*?\./, '.').replace(/\.$/, '');
    if (entry.startsWith('.') ? host.endsWith(entry) || host === entry.slice(1) : host === entry) return true;
  }
  return false;
}

/** The proxy for a request to `target`, from the environment; undefined: connect directly. */
export function proxyFor(target: URL, env: Env = process.env): URL | undefined {
  const secure = target.protocol === 'https:';
  const port = Number(target.port) || (secure ? 443 : 80);
  if (bypassesProxy(target.hostname, port, envValue(env, 'NO_PROXY'))) return undefined;
  const raw = envValue(env, secure ? 'HTTPS_PROXY' : 'HTTP_PROXY') ?? envValue(env, 'ALL_PROXY');
  if (!raw) return undefined;
  try {
    const u = new URL(raw.includes('://') ? raw : `http://${raw}`);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : undefined;
  } catch {
    return undefined;
  }
}

/** An error of the tunnel: the request itself never left (`sent` stays false). */
function proxyError(message: string, code = 'EPROXY'): Error {
  return Object.assign(new Error(message), { code });
}

/** Opens a CONNECT tunnel to host:port through `proxy`, within `timeout` ms (a deadline on the
 * runtime's clock, hooks.deadline, as a request's). */
export function openTunnel(
  proxy: URL,
  host: string,
  port: number,
  timeout: number,
  ca: string[] | undefined,
  cb: (err: Error | null, socket?: net.Socket) => void,
): void {
  const authority = `${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
  const headers: Record<string, string> = { Host: authority };
  if (proxy.username || proxy.password) {
    const auth = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    headers['Proxy-Authorization'] = 'Basic ' + Buffer.from(auth).toString('base64');
  }
  const secureProxy = proxy.protocol === 'https:';
  const req = (secureProxy ? https : http).request({
    host: proxy.hostname.replace(/^\[|\]$/g, ''),
    port: Number(proxy.port) || (secureProxy ? 443 : 80),
    method: 'CONNECT',
    path: authority,
    headers,
    agent: false,
    ...(secureProxy && ca ? { ca } : {}),
  });
  let answered = false;
  let cancelDeadline = (): void => undefined;
  const finish = (err: Error | null, socket?: net.Socket) => {
    if (answered) return;
    answered = true;
    cancelDeadline();
    cb(err, socket);
  };
  cancelDeadline = hooks.deadline(() => {
    req.destroy();
    finish(proxyError(`the proxy did not open a tunnel within ${timeout} ms`));
  }, timeout);
  req.once('connect', (res: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    if (res.statusCode !== 200 || head.length) {
      socket.destroy();
      finish(proxyError(`the proxy refused the tunnel (HTTP ${res.statusCode})`));
      return;
    }
    finish(null, socket);
  });
  req.once('response', (res: http.IncomingMessage) => {
    res.destroy();
    finish(proxyError(`the proxy refused the tunnel (HTTP ${res.statusCode})`));
  });
  req.once('error', (e: Error) => finish(proxyError(e.message)));
  req.end();
}

interface TunnelOptions {
  proxy: URL;
  timeout: number;
  ca?: string[];
}

type ConnectOptions = {
  host?: string;
  hostname?: string;
  port?: number | string;
  servername?: string;
} & tls.ConnectionOptions;
type OnCreate = (err: Error | null, stream: Duplex) => void;

function target(options: ConnectOptions, defaultPort: number): { host: string; port: number } {
  return {
    host: String(options.hostname ?? options.host ?? 'localhost').replace(/^\[|\]$/g, ''),
    port: Number(options.port) || defaultPort,
  };
}

/** Keep-alive agent for http:// targets whose connections are CONNECT tunnels. */
export class HttpTunnelAgent extends http.Agent {
  constructor(
    private readonly tunnel: TunnelOptions,
    options: http.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: ConnectOptions, cb?: OnCreate): Duplex | undefined {
    const { host, port } = target(options, 80);
    openTunnel(this.tunnel.proxy, host, port, this.tunnel.timeout, this.tunnel.ca, (err, socket) =>
      cb?.(err, socket as Duplex),
    );
    return undefined; // the agent waits for cb
  }
}

/** Keep-alive agent for https:// targets: TLS to the origin inside a CONNECT tunnel. */
export class HttpsTunnelAgent extends https.Agent {
  constructor(
    private readonly tunnel: TunnelOptions,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: ConnectOptions, cb?: OnCreate): Duplex | undefined {
    const { host, port } = target(options, 443);
    openTunnel(this.tunnel.proxy, host, port, this.tunnel.timeout, this.tunnel.ca, (err, socket) => {
      if (err || !socket) return cb?.(err ?? proxyError('no tunnel'), undefined as unknown as Duplex);
      const servername = options.servername || (net.isIP(host) ? undefined : host);
      const secure = tls.connect({ ...options, host, port, socket, servername });
      cb?.(null, secure);
    });
    return undefined;
  }
}
