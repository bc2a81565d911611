// The panel's settings (docs/behaviour.md section 14): the camera and what to show, from the node's
// properties, changed by a flow's `msg.ui_update` (Dashboard 2's dynamic properties). The camera
// comes from here only, never from a browser.

import { parseUsers } from './who';

/** A preset button: its number, its name, or both (a name alone is looked up through the config
 * node's preset names). */
export interface PresetEntry {
  index?: number;
  name?: string;
}

export const SHOW_KEYS = ['live', 'ptz', 'zoom', 'presets', 'snapshot', 'switches', 'status', 'timeline'] as const;
export type ShowKey = (typeof SHOW_KEYS)[number];

export interface PanelSettings {
  deviceSerial: string;
  channelNo: number;
  show: Record<ShowKey, boolean>;
  presetList: PresetEntry[];
  /** The switches the panel toggles (names of the main package's toggle table). */
  switchList: string[];
  /** The live view's stream: `smooth` (the camera's sub stream, the default) or `hd`. */
  liveQuality: 'smooth' | 'hd';
  /** The live view's protocol: `hls` (hls.js, or the browser itself) or `flv` (mpegts.js). */
  liveProtocol: 'hls' | 'flv';
  /** The live address's lifetime (s, 30 to 86400); the panel takes the next one before it ends. */
  liveExpire: number;
  /** The ezviz-stream node the live view plays (its id; '' : the camera's own live address). */
  streamNode: string;
  /** The pad over the video instead of beside it. */
  padOnVideo: boolean;
  /** The users allowed to move the camera (pad, zoom, stop, presets) and to change switches; empty:
   * everyone (docs/behaviour.md section 21). Set in the node only, never by a message. */
  moveUsers: string[];
  switchUsers: string[];
}

/** The switches a panel shows when its node names none. */
export const DEFAULT_SWITCHES = ['defence', 'privacy'];

/** At most this many preset buttons; a longer list is cut. */
export const MAX_PRESETS = 32;
const MAX_NAME = 50;
/** The properties a `msg.ui_update` may change (and the widget reads through getProperty). */
export const UPDATABLE = [
  'deviceSerial',
  'channelNo',
  'presetList',
  'switchList',
  'padOnVideo',
  'streamNode',
  ...SHOW_KEYS.map((k) => `show_${k}`),
] as const;

/** Switch names from the node's text ("defence, privacy") or a list, those of `toggles` only. */
export function parseSwitches(v: unknown, toggles: readonly string[]): string[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,\n;]/) : [];
  const out: string[] = [];
  for (const item of items) {
    const name = typeof item === 'string' ? item.trim().toLowerCase() : '';
    if (toggles.includes(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

function presetOf(item: unknown): PresetEntry | undefined {
  if (typeof item === 'number') return Number.isInteger(item) && item >= 1 && item <= 256 ? { index: item } : undefined;
  if (typeof item === 'string') {
    const m = /^\s*(\d{1,3})?\s*(?:[:=]\s*)?(.*?)\s*$/.exec(item);
    if (!m) return undefined;
    const index = m[1] !== undefined ? Number(m[1]) : undefined;
    const name = m[2] ? m[2].slice(0, MAX_NAME) : undefined;
    if (index !== undefined && (index < 1 || index > 256)) return undefined;
    return index !== undefined || name ? { index, name } : undefined;
  }
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const o = item as { index?: unknown; name?: unknown };
    const index =
      typeof o.index === 'number' || typeof o.index === 'string' ? presetOf(String(o.index))?.index : undefined;
    const name = typeof o.name === 'string' && o.name.trim() ? o.name.trim().slice(0, MAX_NAME) : undefined;
    return index !== undefined || name ? { index, name } : undefined;
  }
  return undefined;
}

/** Preset buttons from the node's text ("1: Door, 2: Garden, Gate") or a list (numbers, texts,
 * {index, name}); entries that are neither a number from 1 to 256 nor a name are left out. */
export function parsePresets(v: unknown): PresetEntry[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,\n;]/) : [];
  const out: PresetEntry[] = [];
  for (const item of items) {
    const p = presetOf(item);
    if (p) out.push(p);
    if (out.length >= MAX_PRESETS) break;
  }
  return out;
}

/** A live address's lifetime (s) from the node's property: whole seconds 30 to 86400, else an hour. */
function lifetimeOf(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 30 && n <= 86400 ? n : 3600;
}

const flag = (v: unknown, dflt: boolean): boolean =>
  v === undefined || v === null || v === '' ? dflt : v === true || v === 'true';

/** The serial as the operation nodes take it (the service checks it again), or '' when unset. */
function serialOf(v: unknown): string {
  return typeof v === 'string' ? v.trim().slice(0, 64) : typeof v === 'number' ? String(v) : '';
}

function channelOf(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Settings from the node's properties (`toggles`: the switches a panel may toggle). */
export function readSettings(def: Record<string, unknown>, toggles: readonly string[]): PanelSettings {
  const show = {} as Record<ShowKey, boolean>;
  for (const k of SHOW_KEYS) show[k] = flag(def[`show_${k}`], true);
  const empty = def.switchList === undefined || def.switchList === null || def.switchList === '';
  return {
    deviceSerial: serialOf(def.deviceSerial),
    channelNo: channelOf(def.channelNo),
    show,
    presetList: parsePresets(def.presetList),
    switchList: parseSwitches(empty ? DEFAULT_SWITCHES : def.switchList, toggles),
    liveQuality: def.liveQuality === 'hd' ? 'hd' : 'smooth',
    liveProtocol: def.liveProtocol === 'flv' ? 'flv' : 'hls',
    liveExpire: lifetimeOf(def.liveExpire),
    streamNode: streamNodeOf(def.streamNode),
    padOnVideo: flag(def.padOnVideo, false),
    moveUsers: parseUsers(def.moveUsers),
    switchUsers: parseUsers(def.switchUsers),
  };
}

/** The id of the ezviz-stream node chosen as the live view's source ('' none). */
const streamNodeOf = (v: unknown): string => (typeof v === 'string' ? v.trim().slice(0, 64) : '');

/** Applies a flow's `msg.ui_update` to `settings`; the changed properties in their stored form
 * (for Dashboard 2's state store, which the widgets read). Unknown keys are ignored. */
export function applyUpdate(
  settings: PanelSettings,
  update: unknown,
  toggles: readonly string[],
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  if (!update || typeof update !== 'object' || Array.isArray(update)) return changed;
  const u = update as Record<string, unknown>;
  if ('deviceSerial' in u) changed.deviceSerial = settings.deviceSerial = serialOf(u.deviceSerial);
  if ('channelNo' in u) changed.channelNo = settings.channelNo = channelOf(u.channelNo);
  if ('presetList' in u) changed.presetList = settings.presetList = parsePresets(u.presetList);
  if ('switchList' in u) changed.switchList = settings.switchList = parseSwitches(u.switchList, toggles);
  if ('padOnVideo' in u) changed.padOnVideo = settings.padOnVideo = flag(u.padOnVideo, settings.padOnVideo);
  if ('streamNode' in u) {
    // The live view's source: a stream node plays FLV; none, the node's own protocol again.
    changed.streamNode = settings.streamNode = streamNodeOf(u.streamNode);
    changed.liveProtocol = settings.streamNode ? 'flv' : settings.liveProtocol;
  }
  for (const k of SHOW_KEYS) {
    const key = `show_${k}`;
    if (key in u) changed[key] = settings.show[k] = flag(u[key], settings.show[k]);
  }
  return changed;
}
