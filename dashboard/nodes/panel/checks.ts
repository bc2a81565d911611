// Every message from a browser is checked before anything is sent (docs/behaviour.md section 14): the
// action from a fixed list, directions and speeds from the operation nodes' tables, presets from
// the panel's own list, and only for a control the panel shows. Nothing of the message names the
// camera: that comes from the node (settings.ts). Pure.

import type { PanelSettings, PresetEntry } from './settings';

/** The pad's directions (the names of the DIRECTIONS table it offers: eight ways and zoom). */
export const PAD_DIRECTIONS = [
  'up',
  'down',
  'left',
  'right',
  'up-left',
  'up-right',
  'down-left',
  'down-right',
] as const;
export const ZOOM_DIRECTIONS = ['zoom-in', 'zoom-out'] as const;

/** What a browser may ask. `hold` confirms a held press (the dead-man timer, holds.ts). */
export const ACTIONS = ['move', 'hold', 'stop', 'preset', 'snapshot', 'switch', 'state', 'live'] as const;
export type ActionName = (typeof ACTIONS)[number];

export type Action =
  | { action: 'move'; direction: string; speed: string }
  | { action: 'hold' }
  | { action: 'stop' }
  | { action: 'preset'; preset: PresetEntry }
  | { action: 'snapshot' }
  | { action: 'switch'; switch: string; state: 'on' | 'off' }
  | { action: 'state' }
  | { action: 'live'; refresh: boolean };

/** Why a message was refused (a word for the log; never the browser's own text). */
export type Refusal = {
  refused: 'shape' | 'action' | 'direction' | 'speed' | 'preset' | 'hidden' | 'camera' | 'switch' | 'state';
};

export interface Tables {
  DIRECTIONS: Readonly<Record<string, number>>;
  SPEEDS: Readonly<Record<string, number>>;
}

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function isName(v: unknown, list: readonly string[], table: Readonly<Record<string, number>>): v is string {
  return typeof v === 'string' && list.includes(v) && own(table, v);
}

function checkMove(m: Record<string, unknown>, s: PanelSettings, tables: Tables): Action | Refusal {
  const pad = isName(m.direction, PAD_DIRECTIONS, tables.DIRECTIONS);
  const zoom = isName(m.direction, ZOOM_DIRECTIONS, tables.DIRECTIONS);
  if (!pad && !zoom) return { refused: 'direction' };
  if ((pad && !s.show.ptz) || (zoom && !s.show.zoom)) return { refused: 'hidden' };
  const speed = m.speed === undefined ? 'medium' : m.speed;
  if (typeof speed !== 'string' || !own(tables.SPEEDS, speed)) return { refused: 'speed' };
  return { action: 'move', direction: m.direction as string, speed };
}

/** The panel's preset a browser names: by its number, or by its name when it has no number. */
function checkPreset(m: Record<string, unknown>, s: PanelSettings): Action | Refusal {
  if (!s.show.presets) return { refused: 'hidden' };
  const v = m.preset;
  let found: PresetEntry | undefined;
  if (typeof v === 'number' && Number.isInteger(v)) found = s.presetList.find((p) => p.index === v);
  else if (typeof v === 'string' && v.length <= 50)
    found = s.presetList.find((p) => p.index === undefined && p.name === v);
  return found ? { action: 'preset', preset: found } : { refused: 'preset' };
}

/** A toggle of one of the panel's switches to on or off. */
function checkSwitch(m: Record<string, unknown>, s: PanelSettings): Action | Refusal {
  if (!s.show.switches) return { refused: 'hidden' };
  if (typeof m.switch !== 'string' || !s.switchList.includes(m.switch)) return { refused: 'switch' };
  if (m.state !== 'on' && m.state !== 'off') return { refused: 'state' };
  return { action: 'switch', switch: m.switch, state: m.state };
}

/** Checks one browser message against the panel's settings. */
export function checkAction(msg: unknown, s: PanelSettings, tables: Tables): Action | Refusal {
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return { refused: 'shape' };
  const m = msg as Record<string, unknown>;
  const action = m.action;
  if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) return { refused: 'action' };
  // The camera is the node's (or the flow's ui_update), never a browser's: a message naming one is refused.
  if (!s.deviceSerial || 'deviceSerial' in m || 'channelNo' in m) return { refused: 'camera' };
  switch (action as ActionName) {
    case 'move':
      return checkMove(m, s, tables);
    case 'hold':
      return { action: 'hold' };
    case 'stop':
      return s.show.ptz || s.show.zoom ? { action: 'stop' } : { refused: 'hidden' };
    case 'preset':
      return checkPreset(m, s);
    case 'snapshot':
      return s.show.snapshot ? { action: 'snapshot' } : { refused: 'hidden' };
    case 'switch':
      return checkSwitch(m, s);
    // The camera's name, online state and the reason over the picture show also without switches.
    case 'state':
      return { action: 'state' };
    case 'live':
      return s.show.live ? { action: 'live', refresh: m.refresh === true } : { refused: 'hidden' };
  }
  return { refused: 'action' };
}

/** At most `max` actions per `windowMs` per browser (docs/behaviour.md section 14: 10 per second). */
export class RateLimit {
  private readonly seen = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly max = 10,
    private readonly windowMs = 1000,
  ) {}

  /** Whether browser `id` may act now (and counts it when so). */
  allow(id: string): boolean {
    const now = this.now();
    const times = (this.seen.get(id) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length >= this.max) {
      this.seen.set(id, times);
      return false;
    }
    times.push(now);
    this.seen.set(id, times);
    return true;
  }

  forget(id: string): void {
    this.seen.delete(id);
  }
}
