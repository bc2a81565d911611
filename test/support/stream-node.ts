// The ezviz-stream node in a Node-RED test: its flow (the config node `cfg` at the simulator,
// stream nodes wired to the helper nodes `ok` and `err`), loaded with the demo token and the
// stream key, and Node-RED's httpNode routes (where the stream is served) on a real HTTP server on
// 127.0.0.1, so a viewer can GET the stream as a player would.

import * as http from 'http';
import type { AddressInfo } from 'net';
import { httpNodeApp, load, TAB } from './red';

/** The tab, the config node `cfg` at `baseUrl` (2 s deadline, one retry 10 ms later; `config` over
 * that) and the helper nodes `ok` and `err`. */
export function streamBase(baseUrl: string, config: Record<string, unknown> = {}): Record<string, unknown>[] {
  return [
    { id: TAB, type: 'tab', label: 'test' },
    { id: 'cfg', type: 'ezviz-config', name: 'sim', baseUrl, timeout: 2000, maxRetries: 1, retryDelay: 10, ...config },
    { id: 'ok', type: 'helper', z: TAB },
    { id: 'err', type: 'helper', z: TAB },
  ];
}

/** A stream node `op` on C00000001's default path, outputs to `ok` and `err`; `props` over that. */
export function streamNode(props: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'op',
    type: 'ezviz-stream',
    z: TAB,
    config: 'cfg',
    deviceSerial: 'C00000001',
    path: '',
    wires: [['ok'], ['err']],
    ...props,
  };
}

/** Loads streamBase and one streamNode: the config node with the demo token, the node with `creds`
 * (its stream key). */
export async function loadStream(
  baseUrl: string,
  props: Record<string, unknown>,
  creds: Record<string, string>,
  config: Record<string, unknown> = {},
): Promise<void> {
  await load([...streamBase(baseUrl, config), streamNode(props)], { cfg: { accessToken: 'at.demo-token' }, op: creds });
}

/** A server on 127.0.0.1 answering with `handler` (Node-RED's httpNode routes unless told), and its origin. */
export async function serveHttp(
  handler: http.RequestListener = httpNodeApp() as http.RequestListener,
): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Closes a server of serveHttp (if any), its open connections cut. */
export async function closeServer(server: http.Server | undefined): Promise<void> {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server?.closeAllConnections?.();
}
