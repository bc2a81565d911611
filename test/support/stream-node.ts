// The ezviz-stream node in a Node-RED test: its flow (the config node `cfg` at the simulator,
// stream nodes wired to the helper nodes `ok` and `err`), loaded with the demo token and the
// stream key (serveHttp of red.ts serves Node-RED's httpNode routes, where the stream is, to a
// viewer).

import { load, simConfig, TAB } from './red';

/** The tab, the config node `cfg` at `baseUrl` (2 s deadline, one retry 10 ms later; `config` over
 * that) and the helper nodes `ok` and `err`. */
export function streamBase(baseUrl: string, config: Record<string, unknown> = {}): Record<string, unknown>[] {
  return [
    { id: TAB, type: 'tab', label: 'test' },
    simConfig(baseUrl, { maxRetries: 1, ...config }),
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
