// The flow every fuzzer and soak of this folder loads: its tab, one config node asking the server
// under test, the helper nodes that collect the outcomes, and the nodes under test wired to them.

import { fastRetries, load, TAB, type Msg } from '../support/red';
import { recordOutcomes } from './support';

/** The config node's client: the deadline `timeout` ms, `maxRetries`, `retryDelay` ms apart (0
 * unless given), and any other property of the config node (pictureHosts). */
export type Client = { timeout: number; maxRetries: number; retryDelay?: number } & Record<string, unknown>;

type Node = Record<string, unknown>;

/** The flow: the tab, the config node `cfg` asking `baseUrl` as `client` says, the helper nodes
 * `ok` and `err`, `nodes` (on the tab with the config node, output 1 to `ok` and output 2 to `err`
 * unless they say otherwise) and `others` (on the tab as they are: helpers, Catch nodes). Every
 * node on the tab is placed (without x/y a node reads as a config node). */
export function fuzzFlow(
  baseUrl: string,
  client: Client,
  nodes: Node[],
  others: Node[] = [],
  configs: Node[] = [configNode('cfg', baseUrl, client)],
): Node[] {
  const placed = (n: Node): Node => ({ z: TAB, ...n, x: 100, y: 100 });
  return [
    { id: TAB, type: 'tab', label: 'fuzz' },
    ...configs,
    ...[...['ok', 'err'].map((id) => ({ id, type: 'helper' })), ...others].map(placed),
    ...nodes.map((n) => placed({ config: 'cfg', wires: [['ok'], ['err']], ...n })),
  ];
}

/** A config node `id` asking `baseUrl` as `client` says (fuzzFlow's `configs`). */
export const configNode = (id: string, baseUrl: string, client: Client): Node => ({
  id,
  type: 'ezviz-config',
  name: 'fuzz',
  baseUrl,
  retryDelay: 0,
  ...client,
});

/** Helper nodes for `fuzzFlow`'s others, by id. */
export const helpers = (...ids: string[]): Node[] => ids.map((id) => ({ id, type: 'helper' }));

/** A Catch node for the whole tab, its output to the helper `caught` (for `fuzzFlow`'s others). */
export const CATCH_ALL: Node[] = [
  { id: 'catch', type: 'catch', scope: null, uncaught: false, wires: [['caught']] },
  ...helpers('caught'),
];

/** A Complete node for the nodes `scope`, its output to the helper `completed` (for `fuzzFlow`'s others). */
export const completeOf = (scope: string[]): Node[] => [
  { id: 'complete', type: 'complete', scope, uncaught: false, wires: [['completed']] },
  ...helpers('completed'),
];

/** Loads `fuzzFlow(baseUrl, client, nodes)` with the config node's `token`, the retries' waits at
 * once, and what reaches `ok` and `err` recorded in `outcomes` (by message id). */
export async function loadFuzzFlow(
  baseUrl: string,
  client: Client,
  nodes: Node[],
  token: string,
  outcomes: Map<string, Msg[]>,
): Promise<void> {
  await load(fuzzFlow(baseUrl, client, nodes), { cfg: { accessToken: token } });
  fastRetries();
  recordOutcomes(outcomes);
}

/** The flow of a fuzzer in lanes (lanes.ts), loaded as loadFuzzFlow loads its own: per lane `i`
 * (one per token) a config node `cfg-<i>` of its own (its token `tokens[i]`, its own queues and
 * voice files) asking `baseUrl(i)`, and `nodes(i)` on it. */
export async function loadLaneFlow(
  baseUrl: (lane: number) => string,
  client: Client,
  tokens: readonly string[],
  nodes: (lane: number) => Node[],
  outcomes: Map<string, Msg[]>,
): Promise<void> {
  const configs = tokens.map((_, i) => configNode(`cfg-${i}`, baseUrl(i), client));
  const onLanes = tokens.flatMap((_, i) => nodes(i).map((n) => ({ config: `cfg-${i}`, ...n })));
  const credentials = Object.fromEntries(tokens.map((accessToken, i) => [`cfg-${i}`, { accessToken }]));
  await load(fuzzFlow('', client, onLanes, [], configs), credentials);
  fastRetries();
  recordOutcomes(outcomes);
}

/** An ezviz-hub or ezviz-siren node (`type`) of the fuzzers: the serial and action from the message
 * unless `extra` says otherwise. */
export const hubSirenNode = (id: string, type: string, extra: Node = {}): Node => ({
  id,
  type,
  name: '',
  deviceSerial: '',
  deviceSerialType: 'str',
  action: '',
  actionType: 'str',
  ...extra,
});

/** The ezviz-voice node `op` of the fuzzers: the camera `deviceSerial` (a serial, or where in the
 * message as `deviceSerialType` says), its default channel. */
export const voiceNode = (deviceSerial: string, deviceSerialType: string): Node => ({
  id: 'op',
  type: 'ezviz-voice',
  name: '',
  deviceSerial,
  deviceSerialType,
  channelNo: '',
  channelNoType: 'num',
});
