// What the admin endpoint shows of the state (admin.ts): GET /sim/state with its secrets masked,
// and GET /sim/view, a computed picture of every device and of the webhook's failed pushes.

import { webhookPusher } from './areas/mq';
import type { PushRecord } from './areas/mq-push';
import { positionOf } from './areas/ptz-model';
import { viewOf } from './areas/storage';
import type { SimulatorState } from './state';

/**
 * The state as GET /sim/state shows it: app secrets as "***", tokens and card passwords (keys
 * of their maps) as "***1", "***2", ... (docs/behaviour.md section 8: the admin endpoint never returns secrets).
 * It still loads as a state file, with those secrets replaced.
 */
export function maskedState(state: SimulatorState): Record<string, unknown> {
  const d = JSON.parse(JSON.stringify(state.toJSON())) as Record<string, Record<string, Record<string, unknown>>>;
  for (const k of Object.values(d.appKeys)) k.appSecret = '***';
  // Verification codes (encrypt/off) are secrets too.
  for (const dev of Object.values(d.devices)) (dev.camera as Record<string, unknown>).verificationCode = '***';
  const renumber = (m: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.values(m).map((v, i) => [`***${i + 1}`, v]));
  d.tokens = renumber(d.tokens) as Record<string, Record<string, unknown>>;
  d.cards = renumber(d.cards) as Record<string, Record<string, unknown>>;
  return d;
}

/** A computed picture of every device (GET /sim/view): positions now, presets, storage status; the
 * webhook URL and its failed pushes with why. */
export function viewState(state: SimulatorState, now: number): Record<string, unknown> {
  const devices: Record<string, unknown> = {};
  for (const [serial, dev] of Object.entries(state.devices)) {
    const channels: Record<string, unknown> = {};
    for (const [no, ch] of Object.entries(dev.channels)) {
      const pos = positionOf(state, dev, ch, now);
      const s = ch.storage;
      const v = viewOf(s.periods, dev.capabilities.cloudStorage, s.disabled, now);
      channels[no] = {
        pan: pos.pan,
        tilt: pos.tilt,
        zoom: pos.zoom,
        moving: ch.moving ? { direction: ch.moving.direction, speed: ch.moving.speed } : null,
        callingPreset: ch.presetCall ? ch.presetCall.index : null,
        atPreset: ch.atPreset,
        mirror: { ...ch.mirror },
        presets: Object.keys(ch.presets)
          .map(Number)
          .sort((a, b) => a - b),
        storage: { status: v.status, totalDays: v.totalDays, validDays: v.validDays, expireTime: v.expireTime },
      };
    }
    devices[serial] = {
      name: dev.name,
      model: dev.model,
      account: dev.account,
      online: dev.online,
      cardLockedUntil: dev.cardAttempts.lockedUntil > now ? dev.cardAttempts.lockedUntil : null,
      channels,
    };
  }
  const hook = webhookPusher(state).view();
  const failed = (hook.pushes as PushRecord[]).filter((p) => !p.acked);
  // A push that failed shows here with why (status 0: none came; error: ECONNREFUSED, timeout...).
  return {
    now,
    devices,
    webhook: { url: hook.url, signed: hook.signed, failed: failed.length, lastFailed: failed.slice(-5) },
  };
}
