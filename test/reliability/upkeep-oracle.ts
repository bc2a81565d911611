// The upkeep fuzzer's own reading of ezviz-setting (docs/behaviour.md section 20, docs/api/media-api.md
// section 5), written from the contract, not from the package's tables: which messages are refused,
// which call reads each setting, what a write sends and what the node answers. Pure.

import { expectParam, isBlank } from './oracle';

type Obj = Record<string, unknown>;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
type Name = 'sensitivity' | 'schedule' | 'infrared';
type Value = number | 'on' | 'off' | { enabled: boolean; start: string; stop: string; days: string[] };

export type Plan =
  | { kind: 'invalid' }
  | {
      kind: 'read' | 'write';
      name: Name;
      serial: string;
      get: `${Name}-get`;
      set: `${Name}-set`;
      getFields: Record<string, string | undefined>;
      setFields: Record<string, string>;
      value?: Value;
      differs: boolean;
    };

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function onOff(raw: unknown): 'on' | 'off' | undefined {
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
  if (s === true || s === 1 || s === 'on' || s === 'true' || s === '1') return 'on';
  if (s === false || s === 0 || s === 'off' || s === 'false' || s === '0') return 'off';
  return undefined;
}

function hhmm(raw: unknown): string | undefined {
  const m = typeof raw === 'string' ? /^\s*(\d{1,2}):(\d{2})\s*$/.exec(raw) : null;
  if (!m) return undefined;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h === 24 && min === 0) return '24:00';
  return h <= 23 && min <= 59 ? `${String(h).padStart(2, '0')}:${m[2]}` : undefined;
}

function days(raw: unknown): string[] | undefined {
  if (raw === undefined) return [...DAYS];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : undefined;
  if (!list || list.length === 0 || list.length > 7) return undefined;
  const got = new Set<string>();
  for (const d of list) {
    const s = typeof d === 'string' ? d.trim().toLowerCase() : '';
    if (!/^[a-z]{3,9}$/.test(s) || !DAYS.includes(s.slice(0, 3))) return undefined;
    got.add(s.slice(0, 3));
  }
  return DAYS.filter((d) => got.has(d));
}

/** The value a message asks for, as the setting takes it, with the fields a write sends. */
function wanted(name: Name, raw: unknown): { value: Value; fields: Record<string, string> } | undefined {
  // A value is a number, a boolean, a text of at most 1000 characters or an object (its JSON).
  let kept: string | number | undefined;
  if (typeof raw === 'number') kept = Number.isFinite(raw) ? raw : undefined;
  else if (typeof raw === 'boolean') kept = String(raw);
  else if (typeof raw === 'string') kept = raw.trim().length <= 1000 ? raw.trim() : undefined;
  else if (isObj(raw)) {
    try {
      const s = JSON.stringify(raw);
      kept = s !== undefined && s.length <= 1000 ? s : undefined;
    } catch {
      kept = undefined;
    }
  }
  if (kept === undefined) return undefined;
  if (name === 'infrared') {
    const v = onOff(kept);
    return v && { value: v, fields: { enable: v === 'on' ? '1' : '0' } };
  }
  if (name === 'sensitivity') {
    const words: Record<string, number> = { low: 1, medium: 3, high: 5 };
    const w = typeof kept === 'string' ? kept.toLowerCase() : '';
    const n = Object.prototype.hasOwnProperty.call(words, w)
      ? words[w]
      : typeof kept === 'number'
        ? kept
        : /^[+-]?\d+$/.test(kept)
          ? Number(kept)
          : NaN;
    return Number.isInteger(n) && n >= 0 && n <= 6 ? { value: n, fields: { value: String(n), type: '0' } } : undefined;
  }
  let o: unknown;
  try {
    o = typeof kept === 'string' && kept.startsWith('{') ? JSON.parse(kept) : undefined;
  } catch {
    o = undefined;
  }
  if (!isObj(o)) return undefined;
  const enabled = o.enabled === undefined ? 'on' : onOff(o.enabled);
  const start = hhmm(o.start);
  const stop0 = hhmm(o.stop);
  const stop = stop0 === '00:00' ? '24:00' : stop0;
  const d = days(o.days);
  if (!enabled || !start || start === '24:00' || !stop || stop <= start || !d) return undefined;
  return {
    value: { enabled: enabled === 'on', start, stop, days: d },
    fields: {
      startTime: start,
      stopTime: stop === '24:00' ? 'n00:00' : stop,
      period: d.map((x) => DAYS.indexOf(x)).join(','),
      enable: enabled === 'on' ? '1' : '0',
    },
  };
}

/** What a camera of the simulator holds now, in people's form. */
export function settingNow(camera: {
  sensitivity: number;
  infrared: boolean;
  schedule: { startTime: string; stopTime: string; period: string; enable: number };
}): Record<Name, Value> {
  const s = camera.schedule;
  const period = new Set(
    s.period
      .split(',')
      .filter((x) => x !== '')
      .map(Number),
  );
  return {
    sensitivity: camera.sensitivity,
    infrared: camera.infrared ? 'on' : 'off',
    schedule: {
      enabled: s.enable === 1,
      start: s.startTime,
      stop: s.stopTime === 'n00:00' ? '24:00' : s.stopTime,
      days: period.size ? DAYS.filter((_, i) => period.has(i)) : [...DAYS],
    },
  };
}

/** The plan of one message (msg.payload; the node has no settings of its own). */
export function planFor(payload: unknown, now: Record<Name, Value> | undefined): Plan {
  const p = isObj(payload) ? payload : {};
  const ser = expectParam('serial', true, p.deviceSerial);
  const ch = expectParam('channel', false, p.channelNo);
  const rawName =
    typeof p.setting === 'string'
      ? p.setting
          .trim()
          .toLowerCase()
          .replace(/[_\s]+/g, '-')
      : '';
  const name = (['sensitivity', 'schedule', 'infrared'] as const).find((n) => n === rawName);
  if (typeof ser !== 'object' || ch === 'invalid' || ch === 'missing' || !name) return { kind: 'invalid' };
  const channel: Record<string, string> = ch === 'absent' ? {} : { channelNo: ch.sent };
  const base = {
    name,
    serial: ser.sent,
    get: `${name}-get` as const,
    set: `${name}-set` as const,
    getFields: name === 'sensitivity' ? { channelNo: undefined } : channel,
  };
  if (isBlank(p.value)) return { kind: 'read', ...base, setFields: {}, differs: false };
  const w = wanted(name, p.value);
  if (!w) return { kind: 'invalid' };
  const differs = !now || JSON.stringify(now[name]) !== JSON.stringify(w.value);
  return {
    kind: 'write',
    ...base,
    setFields: { deviceSerial: ser.sent, ...channel, ...w.fields },
    value: w.value,
    differs,
  };
}

/** msg.payload of a message that succeeded. */
export function settingPayload(plan: Plan, before: Record<Name, Value> | undefined): Obj | undefined {
  if (plan.kind === 'invalid' || !before) return undefined;
  const value = plan.kind === 'read' ? before[plan.name] : plan.value!;
  const level = typeof value === 'number' ? { level: value <= 1 ? 'low' : value <= 4 ? 'medium' : 'high' } : {};
  return { setting: plan.name, value, ...level, ...(plan.kind === 'write' ? { changed: plan.differs } : {}) };
}
