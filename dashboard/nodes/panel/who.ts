// Who did it (docs/behaviour.md section 21): the client data a panel's output carries as
// Dashboard 2's own widgets add it (`msg._client`: the socket id, and the user where an auth plugin
// provides one), and the panel's lists of users allowed to move the camera and to change switches.
// Pure.

/** `msg._client` of one browser: Dashboard 2's shape (socketId, socketIp) and what plugins add (user). */
export type Client = Record<string, unknown> & { socketId: string };

/** What an action needs: `move` (pad, zoom, stop, presets) or `switch`; reads and snapshots need nothing. */
export type Right = 'move' | 'switch';

const RIGHTS: Readonly<Record<string, Right>> = { move: 'move', stop: 'move', preset: 'move', switch: 'switch' };

export function rightOf(action: string): Right | undefined {
  return Object.prototype.hasOwnProperty.call(RIGHTS, action) ? RIGHTS[action] : undefined;
}

const MAX_USERS = 100;
const MAX_NAME = 200;

/** A list of user names from the node's text ("alice, bob") or a list; '' or none: everyone. */
export function parseUsers(v: unknown): string[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,\n;]/) : [];
  const out: string[] = [];
  for (const item of items) {
    const name = typeof item === 'string' ? item.trim().slice(0, MAX_NAME) : '';
    if (name && !out.includes(name)) out.push(name);
    if (out.length >= MAX_USERS) break;
  }
  return out;
}

/** The stable ids a user goes by, as auth plugins give them (`_client.user`: an object with
 * `username` or `id`). Never a display name, an email or a bare string: a user may edit those, and
 * one equal to an allowed user's id would grant that user's rights (docs/behaviour.md section 21). */
export function userNames(client: Client | undefined): string[] {
  const u = client?.user;
  if (!u || typeof u !== 'object') return [];
  const o = u as Record<string, unknown>;
  return ['username', 'id'].map((k) => o[k]).filter((v): v is string => typeof v === 'string' && v !== '');
}

/** Whether a browser may act: everyone when the list is empty, else only a user the list names. */
export function isAllowed(users: readonly string[], client: Client | undefined): boolean {
  if (!users.length) return true;
  return userNames(client).some((n) => users.includes(n));
}
