// The camera wall's settings (docs/behaviour.md section 28): the cameras (a list from the camera picker,
// or all of an account), how old a tile's picture may get (`refresh`, minutes), how long an alarming
// camera plays live (`alarmLive`, seconds) and how many tiles play live at once (`maxLive`), and the
// live view's stream as the panel takes it, or the ezviz-stream nodes it plays from. Pure. The cameras
// come from here only, never from a browser.

export interface WallCamera {
  deviceSerial: string;
  channelNo: number;
}

export interface WallSettings {
  /** `list`: the cameras below; `account`: every camera of the config node's account. */
  source: 'list' | 'account';
  cameras: WallCamera[];
  /** A tile's picture is captured again when it is older than this (minutes, 1 to 1440; default 10). */
  refresh: number;
  /** An alarming camera's tile plays live this long (seconds, 0 to 3600; default 60; 0: never). */
  alarmLive: number;
  /** At most this many tiles play live at once (0 to 4; default 2). */
  maxLive: number;
  liveQuality: 'smooth' | 'hd';
  liveProtocol: 'hls' | 'flv';
  liveExpire: number;
  /** The users who may move and who may switch in a camera's panel in place (the panel's own lists,
   * docs/behaviour.md section 21: stable user ids, empty for everyone), as the node holds them. */
  moveUsers: string;
  switchUsers: string;
  /** The ezviz-stream nodes (their ids) a live tile of their camera plays from (docs/behaviour.md
   * section 28): one camera session for every browser, wall and panel. */
  streamNodes: string[];
}

/** At most this many cameras on one wall (a longer list, or account, is cut). */
export const MAX_CAMERAS = 64;
export const DEFAULTS = Object.freeze({ refresh: 10, alarmLive: 60, maxLive: 2 });

const SERIAL = /^[A-Za-z0-9]{1,64}$/;

/** `SERIAL/channel` of a camera: the key of its tile. */
export const keyOf = (c: WallCamera): string => `${c.deviceSerial}/${c.channelNo}`;

function cameraOf(item: unknown): WallCamera | undefined {
  let serial: unknown;
  let channel: unknown = 1;
  if (typeof item === 'string') [serial, channel = 1] = item.trim().split(/[/:]/);
  else if (item && typeof item === 'object')
    ({ deviceSerial: serial, channelNo: channel = 1 } = item as { deviceSerial?: unknown; channelNo?: unknown });
  const channelNo =
    typeof channel === 'number' ? channel : /^\s*\d{1,4}\s*$/.test(String(channel)) ? Number(channel) : 0;
  if (typeof serial !== 'string' || !SERIAL.test(serial.trim()) || !Number.isInteger(channelNo) || channelNo < 1)
    return undefined;
  return { deviceSerial: serial.trim().toUpperCase(), channelNo };
}

/** Cameras from the node's text ("C00000001, C0000000F/2") or a list (texts or {deviceSerial,
 * channelNo}); others left out, each camera once, at most MAX_CAMERAS. */
export function parseCameras(v: unknown): WallCamera[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,\n;\s]+/).filter(Boolean) : [];
  const out: WallCamera[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const c = cameraOf(item);
    if (!c || seen.has(keyOf(c))) continue;
    seen.add(keyOf(c));
    out.push(c);
    if (out.length >= MAX_CAMERAS) break;
  }
  return out;
}

/** A whole number from a property within [min, max], else `dflt`. */
export function wholeIn(v: unknown, min: number, max: number, dflt: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : dflt;
}

/** Node ids from a list or a text ("a1b2, c3d4"): each once, at most MAX_CAMERAS. */
export function nodeIds(v: unknown): string[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,\s]+/) : [];
  const ids = items.filter((i): i is string => typeof i === 'string' && /^[\w.-]{1,64}$/.test(i.trim()));
  return [...new Set(ids.map((i) => i.trim()))].slice(0, MAX_CAMERAS);
}

export function readWallSettings(def: Record<string, unknown>): WallSettings {
  return {
    source: def.source === 'account' ? 'account' : 'list',
    cameras: parseCameras(def.cameras),
    refresh: wholeIn(def.refresh, 1, 1440, DEFAULTS.refresh),
    alarmLive: wholeIn(def.alarmLive, 0, 3600, DEFAULTS.alarmLive),
    maxLive: wholeIn(def.maxLive, 0, 4, DEFAULTS.maxLive),
    liveQuality: def.liveQuality === 'hd' ? 'hd' : 'smooth',
    liveProtocol: def.liveProtocol === 'flv' ? 'flv' : 'hls',
    liveExpire: wholeIn(def.liveExpire, 30, 86400, 3600),
    moveUsers: typeof def.moveUsers === 'string' ? def.moveUsers : '',
    switchUsers: typeof def.switchUsers === 'string' ? def.switchUsers : '',
    streamNodes: nodeIds(def.streamNodes),
  };
}

/** The API calls an hour the wall's pictures cost while a page shows it: a capture per camera per
 * `refresh`, and the account's camera list (device/list and camera/list) as often. Live video and
 * alarm pictures apart. The dialog says the same (dashboard/nodes/ui-ezviz-wall.html). */
export function callsPerHour(cameras: number, refresh: number): number {
  return Math.ceil((60 / refresh) * (cameras + 2));
}
