// ezviz-firmware `upgrade` (docs/behaviour.md section 20): start the upgrade (sent once; a camera this
// config node already follows is not sent another), then read its status every 10 s until it is
// upgraded (output 1, with the new version), failed (output 2, 60018) or 30 minutes passed
// (output 2, UPGRADE_TIMEOUT). Each change of progress is reported (the node's status, and a
// `progress` message when asked). Closing the node stops following, never the upgrade: no timer
// is left. Time: hooks.timer and hooks.now.

import { hooks } from '../../client/clock/clock';
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

/** The waits of one node: closing it ends them all at once. */
export class Follower {
  private readonly pending = new Set<(go: boolean) => void>();
  private closed = false;

  /** Resolves true after `ms`, false at once when (or once) the node closes. */
  wait(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const end = (go: boolean): void => {
        this.pending.delete(end);
        cancel();
        resolve(go);
      };
      const cancel = hooks.timer(() => end(true), ms);
      this.pending.add(end);
    });
  }

  close(): void {
    this.closed = true;
    for (const end of [...this.pending]) end(false);
  }
}

export type Report = (stage: UpgradeStage, progress: number | null) => void;

/** A success without a reply of its own (the upgrade ended; its version could not be read). */
const synthetic = (serial: string): CallResult => ({
  kind: 'ok',
  reply: { code: '200', msg: '' },
  fields: { deviceSerial: serial },
  durationMs: 0,
});

/** The upgrade's end: the state after it (the new version), `status` upgraded. */
async function finished(service: CallService, t: Translate, serial: string, owner: Owner): Promise<CallResult> {
  const check = await checkFirmware(service, t, serial, owner);
  if (check.kind === 'closed') return check;
  const state =
    check.kind === 'ok'
      ? (check.payload as FirmwarePayload)
      : { version: null, latest: null, upgradable: false, upgrading: false, progress: null };
  const result = check.kind === 'ok' ? check : synthetic(serial);
  return { ...result, payload: { ...state, upgrading: false, progress: 100, status: 'upgraded' } } as CallResult;
}

/** Follows a started upgrade until it ends; `started` is the upgrade call's result. */
async function follow(
  service: CallService,
  t: Translate,
  serial: string,
  owner: Owner,
  follower: Follower,
  report: Report,
): Promise<CallResult> {
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
      if (st.stage === 'upgraded') return finished(service, t, serial, owner);
      if (st.stage === 'failed') {
        return {
          kind: 'error',
          fields: { deviceSerial: serial },
          durationMs: 0,
          error: new EzvizError({
            code: '60018',
            operation: 'firmware',
            source: 'api',
            retriable: false,
            message: t('errors.upgradeFailed', { serial }),
          }),
        };
      }
      if (last.stage !== st.stage || last.progress !== st.progress) report(st.stage, st.progress);
      last = { stage: st.stage, progress: st.progress };
    }
    if (hooks.now() >= deadline) {
      return {
        kind: 'error',
        fields: { deviceSerial: serial },
        durationMs: 0,
        error: new EzvizError({
          code: 'UPGRADE_TIMEOUT',
          operation: 'firmware',
          source: 'local',
          retriable: false,
          message: t('errors.upgradeTimeout', { serial, minutes: 30 }),
        }),
      };
    }
  }
}

/** The whole upgrade of one camera: start, follow, the final result. A camera whose upgrade this
 * config node already follows is not sent another: the message shares that upgrade's end. */
export function upgradeFirmware(
  service: CallService,
  t: Translate,
  serial: string,
  owner: Owner,
  follower: Follower,
  report: Report,
): Promise<CallResult> {
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
    report('upgrading', null);
    return follow(service, t, serial, owner, follower, report);
  })().finally(() => mine.delete(serial));
  mine.set(serial, whole);
  return whole;
}
