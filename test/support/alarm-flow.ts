// Flows of the alarm node tests: a config node on the simulator, alarm node(s) `op` (`op2`, ...
// with `more`), helpers `ok`/`err` on their outputs, a Catch node (`caught`) and a Complete node
// (`completed`) on `op`.

import { helper, TAB } from './red';

export const CREDS = { cfg: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' } };

/** The payload of the motion alarm `listed` (as the simulator's alarm list has it) sent from `source`:
 * the poll's payload (the list's item without the fields the node leaves out, its date) plus the
 * source; what it was (docs/behaviour.md section 27): the message's word, the list's number. */
export function motionPayload(listed: object, source: string): Record<string, unknown> {
  const {
    deviceName: _n,
    alarmStart: _s,
    customerType: _t,
    customerInfo: _i,
    ...item
  } = listed as Record<string, unknown>;
  return {
    ...item,
    alarmDate: new Date(item.alarmTime as number).toISOString(),
    kind: 'motion',
    type: 'motiondetect',
    code: 10002,
    name: 'Motion detection alarm',
    state: null,
    source,
  };
}

export function alarmFlow(
  url: string,
  props: Record<string, unknown> = {},
  errorWired = true,
  more: Array<Record<string, unknown>> = [],
): Record<string, unknown>[] {
  const alarm = (id: string, p: Record<string, unknown>, ok: string, err: string) => ({
    id,
    type: 'ezviz-alarm',
    z: TAB,
    name: '',
    config: 'cfg',
    interval: 60,
    deviceSerial: '',
    alarmType: '',
    ...p,
    wires: [[ok], errorWired ? [err] : []],
  });
  return (
    [
      { id: TAB, type: 'tab', label: 'test' },
      { id: 'cfg', type: 'ezviz-config', name: 'sim', baseUrl: url, timeout: 2000, maxRetries: 0, retryDelay: 10 },
      alarm('op', props, 'ok', 'err'),
      ...more.map((p, i) => alarm(`op${i + 2}`, p, `ok${i + 2}`, `err${i + 2}`)),
      ...more.flatMap((_p, i) => [
        { id: `ok${i + 2}`, type: 'helper', z: TAB },
        { id: `err${i + 2}`, type: 'helper', z: TAB },
      ]),
      { id: 'ok', type: 'helper', z: TAB },
      { id: 'err', type: 'helper', z: TAB },
      { id: 'catch', type: 'catch', z: TAB, scope: null, uncaught: false, wires: [['caught']] },
      { id: 'caught', type: 'helper', z: TAB },
      { id: 'complete', type: 'complete', z: TAB, scope: ['op'], uncaught: false, wires: [['completed']] },
      { id: 'completed', type: 'helper', z: TAB },
    ] as Record<string, unknown>[]
  ).map((n) => (n.z ? { ...n, x: 100, y: 100 } : n));
}

/** Sends a message into the alarm node and waits until the poll it starts has ended (its done(),
 * seen by the core Complete node). */
export async function pollNow(): Promise<void> {
  const completed = new Promise<void>((resolve) => helper.getNode('completed').once('input', () => resolve()));
  helper.getNode('op').receive({ payload: 'poll' });
  await completed;
}
