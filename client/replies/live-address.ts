// A live/playback address reply -> the address (docs/behaviour.md sections 8 and 13): `data.url` must be
// a URL of the scheme the protocol asked for (http(s) for hls, llhls and flv; rtmp(s); ezopen),
// `data.id` a short text or whole number, `data.expireTime` absent or a date (the API's
// `yyyy-MM-dd HH:mm:ss`, or ms). Anything else is BadReply (BAD_REPLY). Pure.

import type { ApiReply } from '../wire/wire';
import { BadReply, integer } from './replies';

export interface AddressReply {
  url: string;
  id: string | null;
}

const SCHEMES: Readonly<Record<number, readonly string[]>> = {
  1: ['ezopen:'],
  2: ['http:', 'https:'],
  3: ['rtmp:', 'rtmps:'],
  4: ['http:', 'https:'],
  5: ['http:', 'https:'],
};
const MAX_URL = 4096;
const ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const API_TIME = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/;

function isDate(v: unknown): boolean {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 1e12 && v < 4.1e12;
  if (typeof v !== 'string') return false;
  const m = API_TIME.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    y >= 2000 &&
    y <= 2199 &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    mi < 60 &&
    s < 60
  );
}

/** The address of a reply to a request for `protocol` (1..5). */
export function addressOf(reply: ApiReply, protocol: number): AddressReply {
  const data = reply.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new BadReply('data is not an object');
  const d = data as Record<string, unknown>;
  const url = d.url;
  let parsed: URL | undefined;
  try {
    if (typeof url === 'string' && url.length <= MAX_URL && !/[\s\u0000-\u001f\u007f]/.test(url)) parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (
    !parsed ||
    !(SCHEMES[protocol] ?? []).includes(parsed.protocol) ||
    (parsed.protocol !== 'ezopen:' && !parsed.hostname)
  ) {
    throw new BadReply('data.url is not an address of the protocol asked for');
  }
  let id: string | null = null;
  if (d.id !== undefined && d.id !== null) {
    const n = typeof d.id === 'number' ? integer(d.id) : undefined;
    if (n !== undefined && n >= 0) id = String(n);
    else if (typeof d.id === 'string' && ID.test(d.id)) id = d.id;
    else throw new BadReply('data.id is not an address id');
  }
  if (d.expireTime !== undefined && d.expireTime !== null && !isDate(d.expireTime)) {
    throw new BadReply('data.expireTime is not a date');
  }
  return { url: url as string, id };
}
