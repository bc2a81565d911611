// Status texts of ezviz-hub and ezviz-siren (docs/behaviour.md section 24): full catalog keys under
// `status.hub.` and `status.siren.` of the shared catalog, the detectors' count as an argument.
// The payload is read as it came (unknown): anything else shows the plain "OK". Pure.

import { statusKey, statusWithArgs } from '../../runtime/i18n/status-keys';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const MODES = ['home', 'away', 'sleep'];

/** "4 detectors", "armed (home)", "disarmed (away)", "alarm cleared", "renamed". */
export function hubStatus(payload: unknown): string | undefined {
  if (!isRecord(payload)) return undefined;
  switch (payload.action) {
    case 'list':
      return Array.isArray(payload.detectors)
        ? statusWithArgs('hub.listed', { n: payload.detectors.length })
        : undefined;
    case 'arm':
      return typeof payload.mode === 'string' && MODES.includes(payload.mode)
        ? statusKey(`hub.${payload.armed === true ? 'armed' : 'disarmed'}.${payload.mode}`)
        : undefined;
    case 'clear':
      return statusKey('hub.cleared');
    case 'rename':
      return statusKey('hub.renamed');
    default:
      return undefined;
  }
}

/** "siren on", "siren off", "tone played". */
export function sirenStatus(payload: unknown): string | undefined {
  if (!isRecord(payload)) return undefined;
  const action = payload.action;
  return action === 'start' || action === 'stop' || action === 'tone' ? statusKey(`siren.${action}`) : undefined;
}
