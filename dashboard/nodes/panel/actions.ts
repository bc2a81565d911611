// A checked browser action (checks.ts) as the operation it runs through the dashboard API, the values
// it sends and the payload its reply and output carry (docs/behaviour.md section 14). Pure. A live
// address's renewal and the holding of a move are the panel's own (panel.ts).

import type { PanelOperation, PanelValues } from 'node-red-contrib-ezviz-open/dashboard';
import type { Action } from './checks';
import type { PanelSettings } from './settings';

export interface PanelCall {
  op: PanelOperation;
  values: PanelValues;
  payload: Record<string, unknown>;
}

/** A call whose payload says the action and the values it sent (a move, a switch). */
const told = (op: PanelOperation, action: string, values: PanelValues): PanelCall => ({
  op,
  values,
  payload: { action, ...values },
});

/** The call of an action; `held` is the move a stop ends (its direction goes with the stop). */
export function callOf(a: Exclude<Action, { action: 'hold' | 'live' }>, held?: { direction: string }): PanelCall {
  switch (a.action) {
    case 'move':
      return told('ptz-start', 'move', { direction: a.direction, speed: a.speed });
    case 'stop':
      return {
        op: 'ptz-stop',
        values: held ? { direction: held.direction } : {},
        payload: { action: 'stop', reason: 'asked' },
      };
    case 'preset': {
      const { index, name } = a.preset;
      return {
        op: 'preset-call',
        values: index !== undefined ? { index } : { presetName: name },
        payload: { action: 'preset', preset: index ?? name, ...(name ? { name } : {}) },
      };
    }
    case 'switch':
      return told('switch', 'switch', { switch: a.switch, state: a.state });
    case 'state':
      return { op: 'device', values: {}, payload: { action: 'state' } };
    default:
      return { op: 'capture', values: {}, payload: { action: 'snapshot' } };
  }
}

/** The stop the runtime sends for a held move (a browser went quiet or left, the node closes). */
export const stopCall = (direction: string, reason: string): PanelCall => ({
  op: 'ptz-stop',
  values: { direction },
  payload: { action: 'stop', reason },
});

/** The panel's camera's shared live address (its protocol, quality and lifetime); `refresh` asks for a new one. */
export function liveCall(
  s: Pick<PanelSettings, 'liveProtocol' | 'liveQuality' | 'liveExpire'>,
  refresh: boolean,
): PanelCall {
  const { liveProtocol: protocol, liveQuality: quality, liveExpire: expire } = s;
  return { op: 'live', values: { protocol, quality, expire, refresh }, payload: { action: 'live' } };
}
