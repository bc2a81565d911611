// The pan/tilt model of the simulator's cameras (ptz.ts moves it; docs/api/open-api.md sections
// 4.3-4.8): a position computed lazily from the clock (a start position, a direction, a speed and
// the time since), the limits it stops at, a preset call that ends at the preset.

import type { Channel, Device, SimulatorState } from '../state';

const VECTORS: Readonly<Record<number, [number, number, number]>> = {
  // [pan, tilt, zoom]
  0: [0, 1, 0],
  1: [0, -1, 0],
  2: [-1, 0, 0],
  3: [1, 0, 0],
  4: [-1, 1, 0],
  5: [-1, -1, 0],
  6: [1, 1, 0],
  7: [1, -1, 0],
  8: [0, 0, 1],
  9: [0, 0, -1],
  10: [0, 0, 0],
  11: [0, 0, 0],
  16: [0, 0, 0],
};

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

export interface Position {
  pan: number;
  tilt: number;
  zoom: number;
}

/** Finishes a preset call whose time is over: the camera now stands at the preset. */
export function settleCall(ch: Channel, now: number): void {
  if (ch.presetCall && now >= ch.presetCall.until) {
    const p = ch.presets[String(ch.presetCall.index)];
    if (p) {
      ch.pan = p.pan;
      ch.tilt = p.tilt;
      ch.zoom = p.zoom;
    }
    ch.atPreset = ch.presetCall.index;
    ch.presetCall = null;
  }
}

/** The channel's position now (moving: from the start position, speed and elapsed time,
 * stopped at the limits). */
export function positionOf(state: SimulatorState, dev: Device, ch: Channel, now: number): Position {
  settleCall(ch, now);
  if (!ch.moving) return { pan: ch.pan, tilt: ch.tilt, zoom: ch.zoom };
  const [dp, dt, dz] = VECTORS[ch.moving.direction] ?? [0, 0, 0];
  const secs = Math.max(0, now - ch.moving.since) / 1000;
  const rate = state.settings.ptzDegPerSec[ch.moving.speed] ?? state.settings.ptzDegPerSec[1];
  const L = dev.limits;
  return {
    pan: clamp(ch.pan + dp * rate * secs, L.panMin, L.panMax),
    tilt: clamp(ch.tilt + dt * rate * secs, L.tiltMin, L.tiltMax),
    zoom: clamp(ch.zoom + dz * state.settings.zoomPerSec * secs, L.zoomMin, L.zoomMax),
  };
}

export function settlePosition(state: SimulatorState, dev: Device, ch: Channel, now: number): void {
  const p = positionOf(state, dev, ch, now);
  ch.pan = p.pan;
  ch.tilt = p.tilt;
  ch.zoom = p.zoom;
  if (ch.moving) ch.moving.since = now;
}

/** The limit code a start in `direction` runs into at `pos`, if any (vertical checked first). */
export function limitCode(dev: Device, pos: Position, direction: number): string | undefined {
  const [dp, dt] = VECTORS[direction] ?? [0, 0, 0];
  const L = dev.limits;
  if (dt > 0 && pos.tilt >= L.tiltMax) return '60002';
  if (dt < 0 && pos.tilt <= L.tiltMin) return '60003';
  if (dp < 0 && pos.pan <= L.panMin) return '60004';
  if (dp > 0 && pos.pan >= L.panMax) return '60005';
  return undefined;
}

/** Whether the device can move in `direction` (capacity flags ptz_45, ptz_zoom, ptz_focus). */
export function directionSupported(dev: Device, direction: number): boolean {
  const c = dev.capabilities;
  if (direction >= 4 && direction <= 7) return c.diagonal;
  if (direction === 8 || direction === 9) return c.zoom;
  if (direction === 10 || direction === 11) return c.focus;
  if (direction === 16) return c.auto;
  return true;
}
