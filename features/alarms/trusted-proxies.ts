// Who sent a webhook push when Node-RED sits behind a reverse proxy (docs/behaviour.md section 15):
// nginx, Caddy or Home Assistant's ingress make every push come from the proxy's own address, so the
// per-sender bounds of push-body.ts would count all senders as one. The node's option
// `trustedProxies` lists the proxies (addresses, CIDR ranges, or the names `loopback`, `linklocal`
// and `uniquelocal` as Express's `trust proxy` spells them) whose X-Forwarded-For is believed:
// from the connection's address, each trusted hop hands over to the address it says it got the
// request from (the header read from its right end), and the first address not trusted is the
// sender. A header sent by anyone else is never read, so a sender cannot leave its own bounds by
// forging one. Pure (the editor validates with it too): no Node.js imports.

/** An address range: 4 (IPv4) or 16 (IPv6) bytes and the prefix length in bits. */
export interface AddressRange {
  bytes: readonly number[];
  prefix: number;
}

/** At most this many entries in the option, and hops read from one header. */
export const MAX_TRUSTED = 64;

const NAMED: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function ipv4(s: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  const bytes = m?.slice(1).map(Number);
  return bytes && bytes.every((b) => b <= 255) ? bytes : undefined;
}

function ipv6(s: string): number[] | undefined {
  let text = s.split('%')[0];
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    // An IPv4 tail (`::ffff:1.2.3.4`) as its two groups.
    const v4 = ipv4(tail[2]);
    if (!v4) return undefined;
    text = `${tail[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const parts = text.split('::');
  if (parts.length > 2) return undefined;
  const groups = (p: string) => (p === '' ? [] : p.split(':'));
  const hs = groups(parts[0]);
  const ts = parts.length === 2 ? groups(parts[1]) : [];
  const fill = parts.length === 2 ? 8 - hs.length - ts.length : 0;
  if (parts.length === 2 ? fill < 1 : hs.length !== 8) return undefined;
  const all = [...hs, ...Array<string>(fill).fill('0'), ...ts];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

/** An address's bytes (an IPv4-mapped IPv6 address as IPv4), or undefined when it is not one. */
export function addressBytes(s: string): number[] | undefined {
  const b = ipv4(s) ?? ipv6(s);
  if (b?.length === 16 && b.slice(0, 10).every((x) => x === 0) && b[10] === 255 && b[11] === 255) return b.slice(12);
  return b;
}

function range(entry: string): AddressRange | undefined {
  const [addr, bits, extra] = entry.split('/');
  if (extra !== undefined) return undefined;
  const bytes = ipv4(addr) ?? ipv6(addr);
  if (!bytes) return undefined;
  const max = bytes.length * 8;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return undefined;
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) return undefined;
  // `::ffff:10.0.0.0/104` is 10.0.0.0/8 (addresses are compared as IPv4 when they are mapped).
  const mapped = addressBytes(addr);
  return mapped?.length === 4 && max === 128 && prefix >= 96
    ? { bytes: mapped, prefix: prefix - 96 }
    : { bytes, prefix };
}

/** The option (text: entries separated by commas or spaces; or a list) as ranges, [] when empty;
 * undefined when an entry is neither an address, a range nor a name, or there are too many. */
export function trustedRanges(v: unknown): AddressRange[] | undefined {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) && typeof v !== 'string') return undefined;
  const entries = (Array.isArray(v) ? v.map(String) : [v]).flatMap((e) => e.split(/[\s,]+/)).filter((e) => e !== '');
  if (entries.length > MAX_TRUSTED) return undefined;
  const out: AddressRange[] = [];
  for (const e of entries) {
    const rs = (NAMED[e.toLowerCase()] ?? [e]).map(range);
    if (rs.some((r) => !r)) return undefined;
    out.push(...(rs as AddressRange[]));
  }
  return out;
}

function within(r: AddressRange, b: readonly number[]): boolean {
  if (r.bytes.length !== b.length) return false;
  for (let bit = 0; bit < r.prefix; bit += 8) {
    const mask = r.prefix - bit >= 8 ? 255 : (255 << (8 - (r.prefix - bit))) & 255;
    if ((r.bytes[bit / 8] & mask) !== (b[bit / 8] & mask)) return false;
  }
  return true;
}

/** Whether `address` is one of `ranges` (an IPv4-mapped address as its IPv4 address). */
export function isTrusted(ranges: readonly AddressRange[], address: string): boolean {
  const b = addressBytes(address);
  return !!b && ranges.some((r) => within(r, b));
}

/** One X-Forwarded-For entry as an address: `1.2.3.4:567` and `[::1]:80` without their port. */
function hop(entry: string): string | undefined {
  const s = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  const v4port = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(s);
  const a = bracketed?.[1] ?? v4port?.[1] ?? s;
  return addressBytes(a) ? a : undefined;
}

/**
 * The address that sent a request: the connection's address, or, while that is a trusted proxy,
 * the address its X-Forwarded-For (`forwarded`, as Node gives the header) names last, and so on
 * leftwards. A hop that is not an address stops the walk at the proxy that gave it.
 */
export function clientAddress(
  socketAddress: string,
  forwarded: string | string[] | undefined,
  ranges: readonly AddressRange[],
): string {
  let address = socketAddress;
  if (!ranges.length || forwarded === undefined) return address;
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',');
  for (let i = hops.length - 1, read = 0; i >= 0 && read < MAX_TRUSTED && isTrusted(ranges, address); i--, read++) {
    const next = hop(hops[i]);
    if (next === undefined) break;
    address = next;
  }
  return address;
}
