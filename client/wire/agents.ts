// The connection agents of one config node's HTTP client (client.ts): keep-alive agents per proxy
// (none, or one per proxy the environment names: CONNECT tunnels, proxy.ts), idle connections closed
// before the server would (keep-alive.ts), the extra CAs tests give. The environment is read once
// per server and deploy, not per request.

import http from 'http';
import https from 'https';
import tls from 'tls';
import { hooks } from '../clock/clock';
import { HttpTunnelAgent, HttpsTunnelAgent, proxyFor } from './proxy';
import { closeIdleEarly } from './keep-alive';

export interface AgentPair {
  http: http.Agent;
  https: https.Agent;
}

export class Agents {
  private readonly all: AgentPair[] = [];
  /** Agents per proxy; created on first use. */
  private readonly byProxy = new Map<string, AgentPair>();
  /** The agents of each server this client talked to. */
  private readonly byOrigin = new Map<string, AgentPair>();

  constructor(
    private readonly timeout: number,
    private readonly env?: Record<string, string | undefined>,
  ) {}

  /** The agents for a request to `url`. */
  for(url: URL): AgentPair {
    const origin = url.protocol + '//' + url.host;
    const known = this.byOrigin.get(origin);
    if (known) return known;
    const proxy = proxyFor(url, this.env);
    const key = proxy ? proxy.href : '';
    let a = this.byProxy.get(key);
    if (!a) {
      const ca = hooks.ca ? [...tls.rootCertificates, ...hooks.ca] : undefined;
      const base = { keepAlive: true, maxSockets: 32, ...(ca ? { ca } : {}) };
      a = proxy
        ? {
            http: new HttpTunnelAgent({ proxy, timeout: this.timeout, ca }, base),
            https: new HttpsTunnelAgent({ proxy, timeout: this.timeout, ca }, base),
          }
        : { http: new http.Agent(base), https: new https.Agent(base) };
      // Idle connections closed before the server closes them (keep-alive.ts).
      a = { http: closeIdleEarly(a.http), https: closeIdleEarly(a.https) };
      this.byProxy.set(key, a);
      this.all.push(a);
    }
    if (this.byOrigin.size < 64) this.byOrigin.set(origin, a);
    return a;
  }

  /** Destroys every socket of every agent. */
  destroy(): void {
    for (const a of this.all) {
      a.http.destroy();
      a.https.destroy();
    }
  }
}
