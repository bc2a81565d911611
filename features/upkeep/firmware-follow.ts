// ezviz-firmware `upgrade` (docs/behaviour.md section 20): start the upgrade (sent once; a camera this
// config node already follows is not sent another), then read its status every 10 s until it is
// upgraded (output 1, with the new version), failed (output 2, 60018) or 30 minutes passed
// (output 2, UPGRADE_TIMEOUT). Each change of progress is reported (the node's status, and a
// `progress` message when asked). Closing the node stops following, never the upgrade: no timer
// is left. Time: hooks.timer and hooks.now.

import { hooks } from '../../client/clock/clock';
import type { Waits } from '../../client/clock/waits';
import { EzvizError, isTransient } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { CallResult, Owner } from '../../client/requests/call-types';
import type { UpgradeStage } from '../../client/replies/upkeep';
import type { CallService } from '../../client/service/camera-state';
import { checkFirmware, startUpgrade, upgradeStatus, type FirmwarePayload } from './firmware';

export const FOLLOW_EVERY_MS = 10000;
export const FOLLOW_FOR_MS = 30 * 60000;

/** Failures of a status read that an upgrade goes through (the device offline while rebooting). */
const PASSING = ['20007', '60015'];

/** Cameras being followed, per config node's service (an upgrade is never sent twice). */
const following = new WeakMap<object, Map<string, Promise<CallResult>>>();

export type Report = (stage: UpgradeStage, progress: number | null) => void;

/** One camera's upgrade as a message asks it: through which service, by which node, told where. */
export interface Upgrade {
  service: CallService;
  t: Translate;
  serial: string;
  owner: Owner;
  /** The node's waits: its close ends them (following stops, the upgrade goes on). */
  follower: Waits;
  report: Report;
}

/** A success without a reply of its own (the upgrade ended; its version could not be read). */
const synthetic = (serial: string): CallResult => ({
  kind: 'ok',
  reply: { code: '200', msg: '' },
  fields: { deviceSerial: serial },
  durationMs: 0,
});

/** The upgrade's end: the state after it (the new version), `status` upgraded. */
async function finished({ service, t, serial, owner }: Upgrade): Promise<CallResult> {
  const check = await checkFirmware(service, t, serial, owner);
  if (check.kind === 'closed') return check;
  const state =
    check.kind === 'ok'
      ? (check.payload as FirmwarePayload)
      : { version: null, latest: null, upgradable: false, upgrading: false, progress: null };
  const result = check.kind === 'ok' ? check : synthetic(serial);
  return { ...result, payload: { ...state, upgrading: false, progress: 100, status: 'upgraded' } } as CallResult;
}

/** How following ended without success: 60018 (the camera said it failed) or UPGRADE_TIMEOUT. */
function ended(u: Upgrade, code: '60018' | 'UPGRADE_TIMEOUT'): CallResult {
  const failed = code === '60018';
  return {
    kind: 'error',
    fields: { deviceSerial: u.serial },
    durationMs: 0,
    error: new EzvizError({
      code,
      operation: 'firmware',
      source: failed ? 'api' : 'local',
      retriable: false,
      message: failed
        ? u.t('errors.upgradeFailed', { serial: u.serial })
        : u.t('errors.upgradeTimeout', { serial: u.serial, minutes: 30 }),
    }),
  };
}

/** Follows a started upgrade until it ends. */
async function follow(u: Upgrade): Promise<CallResult> {
  const { service, t, serial, owner, follower, report } = u;
  const deadline = hooks.now() + FOLLOW_FOR_MS;
  // The start was reported (upgrading, no progress yet): only a change is reported again.
  let last: { stage: UpgradeStage; progress: number | null } = { stage: 'upgrading', progress: null };
  for (;;) {
    if (!(await follower.wait(FOLLOW_EVERY_MS)) || owner.closed) return { kind: 'closed' };
    const st = await upgradeStatus(service, t, serial, owner);
    if (st.kind === 'closed') return st;
    if (st.kind === 'error' && !PASSING.includes(st.error.code) && !isTransient(st.error.source, st.error.code))
      return st;
    if (st.kind === 'status') {
      if (st.stage === 'upgraded') return finished(u);
      if (st.stage === 'failed') return ended(u, '60018');
      if (last.stage !== st.stage || last.progress !== st.progress) report(st.stage, st.progress);
      last = { stage: st.stage, progress: st.progress };
    }
    if (hooks.now() >= deadline) return ended(u, 'UPGRADE_TIMEOUT');
  }
}

/** The whole upgrade of one camera: start, follow, the final result. A camera whose upgrade this
 * config node already follows is not sent another: the message shares that upgrade's end. */
export function upgradeFirmware(u: Upgrade): Promise<CallResult> {
  const { service, t, serial, owner } = u;
  let cameras = following.get(service);
  if (!cameras) following.set(service, (cameras = new Map()));
  const running = cameras.get(serial);
  if (running)
    return running.then((r) => (r.kind === 'ok' ? { ...r, payload: { ...(r.payload as FirmwarePayload) } } : r));
  const mine = cameras;
  const whole = (async (): Promise<CallResult> => {
    const start = await startUpgrade(service, serial, owner);
    if (start.kind !== 'started' && start.kind !== 'latest') return start as CallResult;
    if (start.kind === 'latest') {
      const check = await checkFirmware(service, t, serial, owner);
      if (check.kind !== 'ok') return check;
      // 60013: nothing to do, a success (msg.ezviz.code says 60013)
      return {
        ...check,
        reply: { code: '60013', msg: '' },
        payload: { ...(check.payload as FirmwarePayload), status: 'latest' },
      };
    }
    u.report('upgrading', null);
    return follow(u);
  })().finally(() => mine.delete(serial));
  mine.set(serial, whole);
  return whole;
}
