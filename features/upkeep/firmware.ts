// ezviz-firmware's calls through a config node's service (docs/behaviour.md section 20,
// docs/api/media-api.md section 6): the check (version/info, with the upgrade status beside it
// for the progress), the upgrade (sent once, never retried: its spec is not idempotent) and one
// read of the upgrade's status. One result each, never a rejection.

import type { Answered, CallResult, Owner } from '../../client/requests/call-types';
import { badReplyResult } from '../../client/requests/call-types';
import type { CallService } from '../../client/service/camera-state';
import type { Translate } from '../../client/errors/translate';
import {
  firmwareFromData,
  upgradeStatusFromData,
  type FirmwareState,
  type UpgradeStage,
} from '../../client/replies/upkeep';
import { UPKEEP_CALLS } from '../../client/operations/settings';

/** msg.payload of ezviz-firmware: the check's state; after an upgrade also its `status`. */
export interface FirmwarePayload extends FirmwareState {
  /** upgrade only: `upgraded`, `latest` (nothing to do: 60013), or while following `upgrading`/`rebooting`. */
  status?: UpgradeStage | 'latest';
}

/** Upgrade refusals meaning "failed" (the page's 60016, the general table's 60018). */
export const UPGRADE_FAILED = ['60016', '60018'];

/** One read of the upgrade's status: its stage and progress, or the result that ended it. */
export async function upgradeStatus(
  service: CallService,
  t: Translate,
  serial: string,
  owner: Owner,
): Promise<{ kind: 'status'; stage: UpgradeStage; progress: number | null } | Answered | { kind: 'closed' }> {
  const fields = { deviceSerial: serial };
  const result = await service.call({ spec: UPKEEP_CALLS['firmware-status'], fields, owner });
  if (result.kind !== 'ok') return result;
  try {
    return { kind: 'status', ...upgradeStatusFromData(result.reply.data) };
  } catch (e) {
    return badReplyResult(t, 'firmware', e, result.durationMs, fields);
  }
}

/** The check: version/info, and the upgrade status for `upgrading`/`progress` (its failure, a
 * device that never upgraded, changes nothing). */
export async function checkFirmware(
  service: CallService,
  t: Translate,
  serial: string,
  owner: Owner,
): Promise<CallResult> {
  const fields = { deviceSerial: serial };
  const [info, status] = await Promise.all([
    service.call({ spec: UPKEEP_CALLS['firmware-version'], fields, owner }),
    upgradeStatus(service, t, serial, owner),
  ]);
  if (info.kind !== 'ok') return info;
  if (status.kind === 'closed') return status;
  try {
    const state = firmwareFromData(info.reply.data);
    const busy = status.kind === 'status' && (status.stage === 'upgrading' || status.stage === 'rebooting');
    const payload: FirmwarePayload = {
      ...state,
      upgrading: state.upgrading || busy,
      progress: busy && status.kind === 'status' ? status.progress : null,
    };
    return { ...info, payload };
  } catch (e) {
    return badReplyResult(t, 'firmware', e, info.durationMs, fields);
  }
}

/** Starts the upgrade: `started` (also when one already runs: 60014), `latest` (60013), or the
 * failure (60016/60018 as "upgrade failed"). Sent once. */
export async function startUpgrade(
  service: CallService,
  serial: string,
  owner: Owner,
): Promise<{ kind: 'started' | 'latest'; result: Answered } | Answered | { kind: 'closed' }> {
  const result = await service.call({
    spec: UPKEEP_CALLS['firmware-upgrade'],
    fields: { deviceSerial: serial },
    owner,
  });
  if (result.kind === 'ok') return { kind: 'started', result };
  if (result.kind === 'error' && result.error.source === 'api') {
    if (result.error.code === '60014') return { kind: 'started', result };
    if (result.error.code === '60013') return { kind: 'latest', result };
  }
  return result;
}
