// The verification codes of an account (docs/behaviour.md section 17): the config node's
// credential `verificationCodes`, one camera per line, `SERIAL CODE` with a space, `=` or `:`
// between; blank lines and lines starting with `#` ignored; serials case-insensitive. A camera may
// have several lines (pictures taken before a code change need the old code): its codes in order.
// And the ONE lookup of a camera's code for every node that needs it: the message's, else the
// node's own credential, else the account's list. Pure. Codes are secrets: nothing here logs.

import { switchParam } from '../operations/switches';

export interface CodeBook {
  /** The codes listed for `serial` (any case), in the order of their lines; [] when none. */
  codes(serial: unknown): readonly string[];
  /** Cameras listed. */
  readonly size: number;
}

export interface ParsedCodes {
  book: CodeBook;
  /** Numbers (from 1) of the lines that are neither blank, a comment nor `SERIAL CODE`. */
  malformed: number[];
}

const LINE = /^([A-Za-z0-9]{1,64})\s*(?:[=:]|\s)\s*(\S+)$/;

const serialKey = (serial: unknown): string | undefined =>
  typeof serial === 'string' && serial.trim() !== '' ? serial.trim().toUpperCase() : undefined;

class MapBook implements CodeBook {
  constructor(private readonly map: ReadonlyMap<string, readonly string[]>) {}

  codes(serial: unknown): readonly string[] {
    const key = serialKey(serial);
    return (key !== undefined && this.map.get(key)) || [];
  }

  get size(): number {
    return this.map.size;
  }
}

/** An empty book (no credential). */
export const NO_CODES: CodeBook = new MapBook(new Map());

/** The credential's text read (anything but a string is an empty list). */
export function parseCodes(text: unknown): ParsedCodes {
  if (typeof text !== 'string' || text.trim() === '') return { book: NO_CODES, malformed: [] };
  const map = new Map<string, string[]>();
  const malformed: number[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = LINE.exec(line);
    const code = m ? switchParam('verificationCode', m[2]) : undefined;
    if (!m || code === undefined) {
      malformed.push(i + 1);
      return;
    }
    const key = m[1].toUpperCase();
    const list = map.get(key) ?? [];
    if (!list.includes(code)) list.push(code);
    map.set(key, list);
  });
  return { book: new MapBook(map), malformed };
}

/** What a node has at hand for one camera's code. */
export interface CodeSources {
  /** msg.payload.verificationCode (undefined when the message gives none). */
  message?: unknown;
  /** The node's own `verificationCode` credential. */
  node?: unknown;
  /** The account's list (the config node's `verificationCodes`). */
  book?: CodeBook;
  deviceSerial: unknown;
}

const given = (v: unknown): boolean => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/** Where the code came from: the message, the node, the account's list, or nowhere. */
export type CodeOrigin = 'message' | 'node' | 'account' | 'none';

/**
 * The one lookup: the message's code, else the node's credential, else the account's codes for
 * the camera. `codes` holds one value for a message or node (raw: validated where it is used),
 * the account's list for its camera (several when the camera has several lines).
 */
export function lookUpCodes(s: CodeSources): { codes: unknown[]; origin: CodeOrigin } {
  if (given(s.message)) return { codes: [s.message], origin: 'message' };
  if (given(s.node)) return { codes: [s.node], origin: 'node' };
  const listed = s.book?.codes(s.deviceSerial) ?? [];
  return listed.length ? { codes: [...listed], origin: 'account' } : { codes: [], origin: 'none' };
}
