// Where a picture may come from (docs/behaviour.md section 17): an alarm's or a capture's picture URL
// comes from the platform, or from anyone who can push to an unsigned webhook, and the runtime
// GETs it. A URL whose host is a loopback, private or link-local address (127/8, 10/8,
// 172.16/12, 192.168/16, 169.254/16, 0/8; ::1, ::, fc00::/7, fe80::/10, and IPv4 mapped into IPv6)
// or `localhost` is refused before any connection, so the runtime cannot be made to knock on
// internal hosts, and a closed internal port and an unreachable one answer alike. Allowed anyway:
// the host and port of the config node's own base URL (the simulator), and the hosts the config
// node's `pictureHosts` names (`host` any port, `host:port` that port). Names are not resolved:
// a DNS name that points inside passes (the check is on what the URL says). Pure.

/** IPv4 dotted quad -> its 4 numbers, or undefined. */
function v4(host: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  const n = m?.slice(1).map(Number);
  return n && n.every((x) => x <= 255) ? n : undefined;
}

function internalV4([a, b]: number[]): boolean {
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/** An IPv6 address (as the URL parser writes it, no brackets) -> its 8 groups, or undefined. */
function v6(host: string): number[] | undefined {
  if (!host.includes(':')) return undefined;
  const [head, tail] = host.split('::');
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const hs = part(head);
  let ts = part(tail);
  const last = ts.length ? ts[ts.length - 1] : hs[hs.length - 1];
  const quad = last !== undefined ? v4(last) : undefined;
  if (quad) {
    const pair = [((quad[0] << 8) | quad[1]).toString(16), ((quad[2] << 8) | quad[3]).toString(16)];
    if (ts.length) ts = [...ts.slice(0, -1), ...pair];
    else hs.splice(hs.length - 1, 1, ...pair);
  }
  const fill = tail === undefined ? 0 : 8 - hs.length - ts.length;
  const groups = [...hs, ...Array<string>(Math.max(0, fill)).fill('0'), ...ts].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

function internalV6(g: number[]): boolean {
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(7) && (g[7] === 1 || g[7] === 0)) return true; // ::1, ::
  if (zeros(5) && g[5] === 0xffff) return internalV4([g[6] >> 8, g[6] & 255]); // ::ffff:a.b.c.d
  return (g[0] & 0xfe00) === 0xfc00 || (g[0] & 0xffc0) === 0xfe80;
}

/** Whether a URL's hostname (as `new URL` gives it) is loopback, private, link-local or localhost. */
export function isInternalHost(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const a = v4(h);
  if (a) return internalV4(a);
  const b = v6(h);
  return b ? internalV6(b) : false;
}

/** `host` or `host:port` entries (text: commas, spaces or lines between) -> lower-case entries. */
export function parsePictureHosts(v: unknown): string[] {
  if (typeof v !== 'string') return [];
  return v
    .split(/[\s,;]+/)
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '' && s.length <= 300)
    .slice(0, 100);
}

/** Whether the runtime may GET `url` for a picture: not an internal host, or an allowed one
 * (`base`: the config node's base URL; `more`: its `pictureHosts`). */
export function pictureHostAllowed(url: string, base: string, more: readonly string[] = []): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (!isInternalHost(u.hostname)) return true;
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  const host = u.hostname.toLowerCase();
  try {
    const b = new URL(base);
    if (b.hostname.toLowerCase() === host && (b.port || (b.protocol === 'https:' ? '443' : '80')) === port) return true;
  } catch {
    /* no base: nothing allowed by it */
  }
  const bare = host.replace(/^\[|\]$/g, '');
  return more.some((e) => e === host || e === bare || e === `${host}:${port}`);
}
