// What an alarm was and what it recognized (docs/behaviour.md section 27, docs/api/events-api.md):
// its kind, the vendor's word and number, its name and state from the kinds table, a face's id from
// the decoded `customInfo` (or the list's `customerInfo`), and an alarm hub's detector by the name
// in `location`. Only fields actually present are read; nothing is made up. Pure: no Node.js imports.

import { alarmKind, rowOfCode, type AlarmKind, type AlarmState } from './alarm-kinds';

export interface Face {
  /** The camera's own id of the face (never a name). */
  id: string;
  /** From the config node's faceId -> name list; null when it has none for this id. */
  name: string | null;
}

export interface Detector {
  /** Not in any documented field: null unless the message carries a `detectorSerial`. */
  serial: string | null;
  /** The detector's user-given name (the message's `location`). */
  name: string;
  /** The detector's type as the hub's detector list writes it (lower case), null when the alarm does not say. */
  type: string | null;
}

export interface KindFields {
  kind: AlarmKind;
  type: string | null;
  code: number | null;
  /** The table's name (English here; the node gives it in its language: localName), else the alarm's own name. */
  name: string;
  state: AlarmState;
  face?: Face;
  detector?: Detector;
  /** The decoded `customInfo` as it came (a JSON object). */
  customInfo?: Record<string, unknown>;
}

/** The words of an alarm hub's detectors -> the detector's type (docs/api/events-api.md section 3.3);
 * null: a detector's alarm that does not say its type. */
const DETECTOR_WORDS: Readonly<Record<string, string | null>> = Object.freeze({
  infrared: 'pir',
  curtain: 'curtain',
  piralarm: 'pir',
  fire: 'fire',
  smogalarm: 'fire',
  smogalarmrestored: 'fire',
  magnetometer: 'magnetometer',
  magnetometer_d: 'magnetometer',
  move_magnetometer: 'move_magnetometer',
  magneticalarm: 'magnetometer',
  magneticalarmrestored: 'magnetometer',
  'magnetometer-unclosed': 'magnetometer',
  gas: 'gas',
  waterlogging: 'waterlogging',
  waterloggingalarm: 'waterlogging',
  waterloggingalarmrestored: 'waterlogging',
  callhelp: 'callhelp',
  emergency: 'callhelp',
  detlowbattery: null,
  detbatteryrecov: null,
  detoffline: null,
  detonline: null,
  sensordemol: null,
  sensorrecov: null,
  mag_gim: null,
});

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Largest `customInfo` read (as text). */
const MAX_INFO = 8192;

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** `customInfo`: base64 of a JSON object (as the notes say), a JSON object's text, or an object;
 * anything else (invalid base64, not an object, too long) is undefined. */
export function decodeInfo(v: unknown): Record<string, unknown> | undefined {
  if (isObject(v)) return parseObject(JSON.stringify(v).slice(0, MAX_INFO + 1));
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (!s || s.length > MAX_INFO) return undefined;
  if (s.startsWith('{')) return parseObject(s);
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(s) || s.length % 4 === 1) return undefined;
  return parseObject(Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
}

function idText(v: unknown, max: number): string {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : '';
  return s.length <= max && /^[^\x00-\x1f]*$/.test(s) ? s : '';
}

function detector(word: string | null, o: Record<string, unknown>): Detector | undefined {
  const key = word?.toLowerCase();
  if (key === undefined || !Object.prototype.hasOwnProperty.call(DETECTOR_WORDS, key)) return undefined;
  const name = idText(o.location, 256);
  if (!name) return undefined;
  const serial = idText(o.detectorSerial, 64);
  return { serial: /^[A-Za-z0-9]+$/.test(serial) ? serial : null, name, type: DETECTOR_WORDS[key] };
}

/** The kind fields of an alarm item (a list item, or the item a message stands for). */
export function kindFields(o: Record<string, unknown>, alarmName: string): KindFields {
  const k = alarmKind(o.alarmType);
  const fallback = alarmName || (k.type ?? (k.code === null ? '' : String(k.code)));
  const out: KindFields = {
    kind: k.kind,
    type: k.type,
    code: k.code,
    name: k.names ? k.names.en : fallback,
    state: k.state,
  };
  const info = decodeInfo(o.customInfo ?? o.customerInfo);
  const faceId = info ? idText(info.faceId, 128) : '';
  if (faceId) out.face = { id: faceId, name: null };
  const d = detector(k.type, o);
  if (d) out.detector = d;
  if (info) out.customInfo = info;
  return out;
}

/** An alarm's name in the node's language (`zh` for Chinese), from the table where it knows the number. */
export function localName(a: { code: number | null; name: string }, lang: 'en' | 'zh'): string {
  const row = lang === 'zh' && a.code !== null && a.code !== undefined ? rowOfCode(a.code) : undefined;
  return row && row[4] === a.name ? row[5] : a.name;
}
