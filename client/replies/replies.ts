// Pure mappings of API replies to `msg.payload` (docs/behaviour.md sections 4 and 8): a success payload
// is built from the documented fields only (docs/api/open-api.md section 2), each type-checked; a reply of the
// wrong shape throws BadReply (the node reports it as source `http`, code `BAD_REPLY`). Nothing
// else of a reply (deep, huge or odd values) ever reaches an output.

import type { ApiReply } from '../wire/wire';
import { STORAGE_STATUS } from '../operations/enums';
import { isPictureUrl } from '../wire/picture';

/** A code-200 reply whose shape is not the documented one. `detail` names the field, never a value. */
export class BadReply extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'BadReply';
  }
}

/** Longest text field accepted (user names, serials). */
const MAX_TEXT = 1024;

type FieldType = 'int' | 'long' | 'text' | 'serial';

/** docs/api/open-api.md section 2.1: the cloud storage record (serviceDetail: the same fields but validDays). */
const STORAGE_FIELDS: ReadonlyArray<[string, FieldType]> = [
  ['userName', 'text'],
  ['deviceSerial', 'serial'],
  ['channelNo', 'int'],
  ['totalDays', 'int'],
  ['status', 'int'],
  ['validDays', 'int'],
  ['startTime', 'long'],
  ['expireTime', 'long'],
];
const DETAIL_FIELDS = STORAGE_FIELDS.filter(([name]) => name !== 'validDays');

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A whole number of a reply (also as a canonical digit string, as gateways sometimes send them);
 * undefined when it is not one. Every reader of reply fields uses it (alarm items, account lists). */
export function integer(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v)) return Number(v);
  return undefined;
}

/** One documented field of `record` checked against its type; undefined when absent (or null). */
function field(
  record: Record<string, unknown>,
  name: string,
  type: FieldType,
  where: string,
): string | number | undefined {
  if (!Object.prototype.hasOwnProperty.call(record, name)) return undefined;
  const v = record[name];
  if (v === null || v === undefined) return undefined;
  switch (type) {
    case 'int':
    case 'long': {
      const n = integer(v);
      if (n === undefined) throw new BadReply(`${where}.${name} is not a whole number`);
      return n;
    }
    case 'serial':
      // a long in the storage operations (docs/api/open-api.md section 2.3), a string elsewhere: text either way
      if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
      if (typeof v === 'string' && v.length <= MAX_TEXT) return v;
      throw new BadReply(`${where}.${name} is not a serial number`);
    default:
      if (typeof v === 'string' && v.length <= MAX_TEXT) return v;
      throw new BadReply(`${where}.${name} is not a text`);
  }
}

/** ms since the epoch (docs/behaviour.md section 7) -> ISO text; null when absent or not a time. */
export function isoDate(ms: unknown): string | null {
  const n = typeof ms === 'string' && /^\d+$/.test(ms) ? Number(ms) : ms;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return null;
  const d = new Date(n);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export interface StorageRecord {
  userName?: string;
  deviceSerial?: string;
  channelNo?: number;
  totalDays?: number;
  status?: number;
  validDays?: number;
  startTime?: number;
  expireTime?: number;
  statusText: string;
  startDate: string | null;
  expireDate: string | null;
  serviceDetail?: StorageRecord;
}

function storageRecord(
  record: Record<string, unknown>,
  fields: ReadonlyArray<[string, FieldType]>,
  where: string,
): StorageRecord {
  const out: Record<string, unknown> = {};
  for (const [name, type] of fields) {
    const v = field(record, name, type, where);
    if (v !== undefined) out[name] = v;
  }
  out.statusText = out.status === undefined ? 'unknown' : (STORAGE_STATUS[String(out.status)] ?? 'unknown');
  out.startDate = isoDate(out.startTime);
  out.expireDate = isoDate(out.expireTime);
  return out as unknown as StorageRecord;
}

/** storage-info: the documented fields of the reply's data (docs/api/open-api.md section 2.1) with `statusText` and ISO
 * `startDate`/`expireDate` added (also inside `serviceDetail`, which has the same fields). */
export function storageInfoPayload(reply: ApiReply): StorageRecord {
  if (!isRecord(reply.data)) throw new BadReply('data is not an object');
  const out = storageRecord(reply.data, STORAGE_FIELDS, 'data');
  const detail = reply.data.serviceDetail;
  if (detail !== undefined && detail !== null) {
    if (!isRecord(detail)) throw new BadReply('data.serviceDetail is not an object');
    out.serviceDetail = storageRecord(detail, DETAIL_FIELDS, 'data.serviceDetail');
  }
  return out;
}

/** The preset number of a preset-add reply's data (docs/api/open-api.md section 2.2): a positive whole number. */
export function presetIndex(data: unknown): number {
  if (!isRecord(data)) throw new BadReply('data is not an object');
  const index = integer(data.index);
  if (index === undefined || index < 1) throw new BadReply('data.index is not a positive whole number');
  return index;
}

/** preset-add: `{index}` plus `presetName` when one was given. */
export function presetAddPayload(reply: ApiReply, presetName?: string): { index: number; presetName?: string } {
  const index = presetIndex(reply.data);
  return presetName === undefined ? { index } : { index, presetName };
}

/** Every other operation: the reply's `{code, msg}` (both texts: client.ts checked them). */
export function plainPayload(reply: ApiReply): { code: string; msg: string } {
  return { code: String(reply.code), msg: typeof reply.msg === 'string' ? reply.msg : '' };
}

/** capture: `data.picUrl` when it is an absolute http(s) URL (docs/behaviour.md sections 8 and 11), else
 * undefined (the caller answers BAD_REPLY). */
export function capturePicUrl(reply: ApiReply): string | undefined {
  const data = reply.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const url = (data as { picUrl?: unknown }).picUrl;
  return isPictureUrl(url) ? url : undefined;
}
