// Where ezviz-alarm's alarms come from (docs/behaviour.md section 15): the setting `source` (`poll`, the
// default; `consumer`; `webhook`) and what each needs: the consumer's `group` (1 to 5) and
// interval (default 5 s, at least 2), the webhook's `path` on Node-RED's HTTP node server and its
// `trustedProxies` (trusted-proxies.ts), the
// `onoffline` and `status` options. Pure (the editor validates with it too): no Node.js imports.

import { alarmSettings, DEFAULT_INTERVAL_S, MIN_INTERVAL_S, type AlarmSettings } from './alarms';
import type { AlarmSourceKind } from './alarm-message';
import { trustedRanges, type AddressRange } from './trusted-proxies';

export const SOURCES: readonly AlarmSourceKind[] = ['poll', 'consumer', 'webhook'];
export const CONSUMER_DEFAULT_INTERVAL_S = 5;
export const CONSUMER_MIN_INTERVAL_S = 2;
export const GROUPS: readonly number[] = [1, 2, 3, 4, 5];
export const DEFAULT_GROUP = 1;
export const DEFAULT_PATH = '/ezviz/alarms';

/** The interval's default and minimum per source (a webhook has none of its own: poll's). */
export const INTERVAL_LIMITS: Readonly<Record<AlarmSourceKind, { def: number; min: number }>> = Object.freeze({
  poll: { def: DEFAULT_INTERVAL_S, min: MIN_INTERVAL_S },
  consumer: { def: CONSUMER_DEFAULT_INTERVAL_S, min: CONSUMER_MIN_INTERVAL_S },
  webhook: { def: DEFAULT_INTERVAL_S, min: MIN_INTERVAL_S },
});

export interface SourceSettings extends AlarmSettings {
  source: AlarmSourceKind;
  group: number;
  /** The webhook's path, normalised: one leading '/', no trailing '/'. */
  path: string;
  /** The webhook's reverse proxies whose X-Forwarded-For is believed ([] for none: trusted-proxies.ts). */
  trustedProxies: AddressRange[];
  onoffline: boolean;
  /** Battery and SD card changes (docs/behaviour.md section 27): messages, and ezviz-device reads. */
  status: boolean;
  /** Doorbell calls (`ys.calling`) and messages of any other type (docs/behaviour.md section 19). */
  calls: boolean;
  others: boolean;
  /** `url` (the picture's URL only, as in 0.3) or `download` (the picture itself, decrypted). */
  picture: PictureMode;
}

export type PictureMode = 'url' | 'download';
export const PICTURE_MODES: readonly PictureMode[] = ['url', 'download'];

export type SourceResult =
  | { ok: true; settings: SourceSettings; clamped: boolean; min: number }
  | { ok: false; param: string; value: string; min: number };

const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const show = (v: unknown): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : String(v);
  return s.length > 40 ? s.slice(0, 37) + '...' : s;
};

/** A webhook path as the node serves it, or undefined when it is not one: letters, digits and
 * `-._~/`, at most 200 characters, no `..`, not the root. */
export function webhookPath(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  let p = v.trim();
  if (!p.startsWith('/')) p = '/' + p;
  p = p.replace(/\/+$/, '');
  if (p === '' || p.length > 200 || p.includes('..') || p.includes('//') || !/^[A-Za-z0-9\-._~/]+$/.test(p))
    return undefined;
  return p;
}

function sourceOf(v: unknown): AlarmSourceKind | undefined {
  if (blank(v)) return 'poll';
  return typeof v === 'string' && (SOURCES as readonly string[]).includes(v) ? (v as AlarmSourceKind) : undefined;
}

function groupOf(v: unknown): number | undefined {
  if (blank(v)) return DEFAULT_GROUP;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d\s*$/.test(v) ? Number(v) : NaN;
  return GROUPS.includes(n) ? n : undefined;
}

/** The node's properties -> its settings (those of alarms.ts with the interval limits of its source). */
export function sourceSettings(def: Record<string, unknown>): SourceResult {
  const source = sourceOf(def.source);
  if (!source) return { ok: false, param: 'source', value: show(def.source), min: MIN_INTERVAL_S };
  const limits = INTERVAL_LIMITS[source];
  // A webhook has no interval of its own: whatever the (hidden) field holds is not read.
  const base = alarmSettings(source === 'webhook' ? { ...def, interval: undefined } : def, limits);
  if (!base.ok) return { ...base, min: limits.min };
  const group = groupOf(def.group);
  if (group === undefined) return { ok: false, param: 'group', value: show(def.group), min: limits.min };
  let path = '';
  let trustedProxies: AddressRange[] = [];
  if (source === 'webhook') {
    const p = webhookPath(blank(def.path) ? DEFAULT_PATH : def.path);
    if (p === undefined) return { ok: false, param: 'path', value: show(def.path), min: limits.min };
    path = p;
    const proxies = trustedRanges(def.trustedProxies);
    if (!proxies) return { ok: false, param: 'trustedProxies', value: show(def.trustedProxies), min: limits.min };
    trustedProxies = proxies;
  }
  const ticked = (v: unknown) => source !== 'poll' && (v === true || v === 'true');
  const onoffline = def.onoffline === true || def.onoffline === 'true';
  const picture = blank(def.picture) ? 'url' : def.picture;
  if (!(PICTURE_MODES as readonly unknown[]).includes(picture))
    return { ok: false, param: 'picture', value: show(def.picture), min: limits.min };
  return {
    ok: true,
    settings: {
      ...base.settings,
      source,
      group,
      path,
      trustedProxies,
      onoffline,
      status: def.status === true || def.status === 'true',
      calls: ticked(def.calls),
      others: ticked(def.others),
      picture: picture as PictureMode,
    },
    clamped: base.clamped,
    min: limits.min,
  };
}
