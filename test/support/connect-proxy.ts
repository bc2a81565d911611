// A CONNECT proxy of a test's own on 127.0.0.1 (the proxy tests of docs/behaviour.md section 8): it
// opens the tunnels asked for and keeps, per tunnel, where to, what the client sent up and what came
// back; a request sent to it in clear (a forward-proxy request) is recorded and refused (502).

import * as http from 'http';
import * as net from 'net';
import type { AddressInfo } from 'net';

export interface ConnectProxy {
  url: string;
  /** Each tunnel: where to (host:port), what the client sent in it, what it carried back. */
  tunnels: { to: string; up: Buffer[]; back: Buffer[] }[];
  /** The requests sent in clear: "METHOD url". */
  plain: string[];
  close(): Promise<void>;
}

export async function connectProxy(): Promise<ConnectProxy> {
  const tunnels: ConnectProxy['tunnels'] = [];
  const plain: string[] = [];
  const sockets = new Set<net.Socket>();
  const srv = http.createServer((req, res) => {
    plain.push(`${req.method} ${req.url}`);
    res.writeHead(502).end();
  });
  srv.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [host, port] = String(req.url).split(':');
    const tunnel = { to: String(req.url), up: [] as Buffer[], back: [] as Buffer[] };
    tunnels.push(tunnel);
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.on('data', (d: Buffer) => tunnel.up.push(Buffer.from(d)));
      upstream.on('data', (d: Buffer) => tunnel.back.push(d));
      client.pipe(upstream);
      upstream.pipe(client);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    tunnels,
    plain,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        srv.close(() => resolve());
      }),
  };
}
