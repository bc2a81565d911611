// The names of the faces a camera recognized (docs/behaviour.md section 27, docs/api/events-api.md
// section 3.2): the camera's face library, asked once per camera and config node the way the
// vendor's page says (GET), and once more as a v3 POST only when the GET is refused as a method or
// a path (404, 405: the page's method is a single source, for one device family). The list is kept
// for the config node's life; a face id it lacks asks again at most once an hour; a camera that
// has no library (60020 and the like) is not asked again. Nothing is made up: no list, no name.

import { hooks } from '../../client/clock/clock';
import { FACE_LIST, FACE_LIST_POST } from '../../client/operations/alarm-calls';
import type { CallSpec } from '../../client/operations/call-spec';
import type { CallResult, Owner } from '../../client/requests/call-types';
import type { EzvizService } from '../../client/service/service';

/** A face id the kept list lacks asks the camera again no sooner than this. */
export const FACE_ASK_AGAIN_MS = 60 * 60 * 1000;
/** Cameras whose lists a config node keeps (the oldest go first). */
const MAX_CAMERAS = 500;
/** Codes that say the camera has no face list to give (not supported, not this account's, no such call). */
const NO_LIST = new Set(['60020', '20014', '20018', '10001', '10031']);

/** One call of the face list of a camera (the service's call, or a test's). */
export type AskFaces = (spec: CallSpec) => Promise<CallResult>;

/** The GET refused as a method or a path: HTTP 404 or 405, or the API's words about the method. */
export function methodRefused(r: CallResult): boolean {
  if (r.kind !== 'error') return false;
  const { code, source, message } = r.error;
  if (code === 'HTTP_404' || code === 'HTTP_405' || code === '404' || code === '405') return true;
  return source === 'api' && /\bmethod\b/i.test(message);
}

/** The face list the documented way, and once as a POST when that is refused as a method or a path. */
export async function askFaceList(ask: AskFaces): Promise<CallResult> {
  const r = await ask(FACE_LIST);
  return methodRefused(r) ? ask(FACE_LIST_POST) : r;
}

/** `data [{faceId, name}]` as id -> name (items without both as text are skipped); undefined: no list. */
export function faceNamesOf(data: unknown): Map<string, string> | undefined {
  if (!Array.isArray(data)) return undefined;
  const out = new Map<string, string>();
  for (const item of data.slice(0, 10000)) {
    const o = (item ?? {}) as { faceId?: unknown; name?: unknown };
    const id = typeof o.faceId === 'number' ? String(o.faceId) : o.faceId;
    if (typeof id === 'string' && id.trim() && typeof o.name === 'string' && o.name.trim())
      out.set(id.trim(), o.name.trim().slice(0, 256));
  }
  return out;
}

interface Kept {
  /** null: the camera has no list (never asked again). */
  names: Map<string, string> | null;
  at: number;
  asking?: Promise<void>;
}

/** What a result says of a camera's list: its names, none at all (null), or not known yet (undefined). */
function keptOf(r: CallResult): Map<string, string> | null | undefined {
  if (r.kind === 'ok') return faceNamesOf(r.reply.data) ?? null;
  if (r.kind === 'closed') return undefined;
  return (r.error.source === 'api' && NO_LIST.has(r.error.code)) || methodRefused(r) ? null : undefined;
}

type Ask = (serial: string, spec: CallSpec, owner: Owner) => Promise<CallResult>;

/** The face lists of one config node's cameras. */
export class FaceBook {
  private readonly cameras = new Map<string, Kept>();

  constructor(private readonly ask: Ask) {}

  /** The name the camera's own list gives `faceId`, the list asked first (as `owner`'s call) when
   * needed; else undefined. A failed ask keeps what was known and asks again in an hour. */
  async name(serial: string, faceId: string, owner: Owner): Promise<string | undefined> {
    let kept = this.cameras.get(serial);
    const now = hooks.now();
    const stale = kept && kept.names && !kept.names.has(faceId) && now - kept.at >= FACE_ASK_AGAIN_MS;
    if (!kept || (stale && !kept.asking)) {
      const entry: Kept = kept ?? { names: new Map(), at: now };
      entry.at = now;
      entry.asking = askFaceList((spec) => this.ask(serial, spec, owner)).then(
        (r) => this.keep(serial, entry, r.kind === 'closed' || owner.closed ? 'closed' : keptOf(r)),
        () => this.keep(serial, entry, undefined),
      );
      this.cameras.set(serial, entry);
      while (this.cameras.size > MAX_CAMERAS) this.cameras.delete(this.cameras.keys().next().value as string);
      kept = entry;
    }
    if (kept.asking) await kept.asking;
    return kept.names?.get(faceId);
  }

  private keep(serial: string, entry: Kept, names: Map<string, string> | null | undefined | 'closed'): void {
    entry.asking = undefined;
    // Its node closed before an answer: as if not asked (the next alarm, of any node, asks).
    if (names === 'closed') {
      if (entry.names?.size === 0 && this.cameras.get(serial) === entry) this.cameras.delete(serial);
    } else if (names !== undefined) entry.names = names;
  }
}

const books = new WeakMap<object, FaceBook>();

/** The face book of a config node's service (one per config node, shared by its alarm nodes). */
export function faceBookOf(service: Pick<EzvizService, 'call'>): FaceBook {
  let book = books.get(service);
  if (!book) {
    book = new FaceBook((serial, spec, owner) => service.call({ spec, fields: { deviceSerial: serial }, owner }));
    books.set(service, book);
  }
  return book;
}
