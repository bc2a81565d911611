// What a browser gets back for one action (docs/behaviour.md section 14): ok or the error's code,
// message and hint, and per action what the widget shows (the picture, the switches, the live address).
// Never a token or secret: only these fields leave. Pure.

import type { PanelOutcome } from 'node-red-contrib-ezviz-open/dashboard';
import type { Client } from './who';

/** What a browser gets of an error: its code, the API's own words and the package's hint beside
 * them when there is one (docs/behaviour.md section 4). */
export function errorOf(e: { code: string; message: string; hint?: string }): {
  code: string;
  message: string;
  hint?: string;
} {
  return { code: e.code, message: e.message, ...(e.hint ? { hint: e.hint } : {}) };
}

/** What a browser gets of a live address: where to play it and until when. */
function liveOf(address: unknown): { url: string; expires: string | null } | null {
  const a = (address && typeof address === 'object' ? address : {}) as { url?: unknown; expires?: unknown };
  return typeof a.url === 'string' ? { url: a.url, expires: typeof a.expires === 'string' ? a.expires : null } : null;
}

/** The panel's switches as the device state tells them (true, false, or null: not known). */
function switchStates(
  state: unknown,
  switchList: readonly string[],
  toggleState: Readonly<Record<string, string>>,
): Record<string, boolean | null> {
  const out: Record<string, boolean | null> = {};
  const s = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  for (const name of switchList) {
    const field = toggleState[name];
    out[name] = field && typeof s[field] === 'boolean' ? (s[field] as boolean) : null;
  }
  return out;
}

/** The camera's name and whether it is online, for the panel's title and chips. */
function cameraOf(state: unknown): { online: boolean | null; name: string | null } {
  const s = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  return {
    online: typeof s.online === 'boolean' ? s.online : null,
    name: typeof s.name === 'string' ? s.name.slice(0, 100) : null,
  };
}

/** The answer to the browser(s) that asked for `payload`. */
export function replyOf(
  payload: Record<string, unknown>,
  outcome: Exclude<PanelOutcome, { kind: 'closed' }>,
  switchList: readonly string[],
  toggleState: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const reply: Record<string, unknown> = { ...payload, ok: outcome.kind === 'ok' };
  if (outcome.kind === 'error') {
    reply.error = errorOf(outcome.error);
    // A locked stream: whether the config node holds a code for the camera (which hint the widget shows).
    if (payload.action === 'live') reply.codeFound = outcome.ezviz.codeFrom === 'account';
  } else if (payload.action === 'snapshot' && Buffer.isBuffer(outcome.payload)) reply.picture = outcome.payload;
  else if (payload.action === 'state')
    Object.assign(reply, {
      switches: switchStates(outcome.payload, switchList, toggleState),
      ...cameraOf(outcome.payload),
    });
  else if (payload.action === 'live') reply.live = liveOf(outcome.payload);
  else if (payload.action === 'switch') reply.switches = { [String(payload.switch)]: payload.state === 'on' };
  return reply;
}

/** Reads a page makes by itself (the switches' state, the live address) stay off the output: it
 * carries what people did and what came of it (docs/behaviour.md section 21). */
const QUIET = ['state', 'live'];

/** The message an action puts on the node's output (shaped as docs/behaviour.md section 4), with
 * `_client` of the browser behind it; null for a read. */
export function outputOf(
  payload: Record<string, unknown>,
  outcome: Exclude<PanelOutcome, { kind: 'closed' }>,
  serial: string,
  client: Client | undefined,
): Record<string, unknown> | null {
  if (QUIET.includes(String(payload.action))) return null;
  const msg: Record<string, unknown> =
    outcome.kind === 'ok'
      ? { topic: serial, payload: { ...payload, result: outcome.payload }, ezviz: outcome.ezviz }
      : { topic: serial, payload: { ...payload, error: outcome.error }, error: outcome.error, ezviz: outcome.ezviz };
  if (client) msg._client = { ...client };
  return msg;
}
