// The reference model of the fuzz tests: what design.md section 4 says an operation node must do
// with one raw parameter value, written independently of nodes/shared/tables/params.ts (the limits are
// the documented ones). `expectParam` answers the value that must be sent (as the simulator logs
// it: a string), "absent" for an optional parameter left empty, or "invalid".

import type { ParamKind } from '../../nodes/shared/tables/operations';

export type Expect = { sent: string } | 'absent' | 'missing' | 'invalid';

const DIRECTION_NAMES = ['up', 'down', 'left', 'right', 'up-left', 'down-left', 'up-right', 'down-right', 'zoom-in',
  'zoom-out', 'focus-near', 'focus-far'];
const NAMES: Record<string, Record<string, number>> = {
  direction: { ...Object.fromEntries(DIRECTION_NAMES.map((n, i) => [n, i])), auto: 16 },
  speed: { slow: 0, medium: 1, fast: 2 },
  mirror: { 'up-down': 0, 'left-right': 1, center: 2 },
  immediately: { no: 0, yes: 1 },
};

/** Integers: a JS integer number, or a string of ASCII digits with an optional sign and blanks. */
function asInteger(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const m = /^[ \t\n\r\v\f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*([+-]?[0-9]+)[ \t\n\r\v\f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*$/
    .exec(raw);
  return m ? Number(m[1]) : undefined;
}

function inRange(n: number | undefined, ok: (n: number) => boolean): string | undefined {
  return n !== undefined && ok(n) ? String(n) : undefined;
}

function named(raw: unknown, kind: string, ok: (n: number) => boolean): string | undefined {
  const n = asInteger(raw);
  if (n !== undefined) return inRange(n, ok);
  if (typeof raw !== 'string') return undefined;
  const key = raw.trim().toLowerCase().replace(/[_\s]+/g, '-');
  const table = NAMES[kind];
  return Object.prototype.hasOwnProperty.call(table, key) ? String(table[key]) : undefined;
}

export function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim().length === 0);
}

/** What must be sent for `raw` of a parameter of `kind`. */
export function expectParam(kind: ParamKind, required: boolean, raw: unknown): Expect {
  if (isBlank(raw)) return required ? 'missing' : 'absent';
  let v: string | undefined;
  switch (kind) {
    case 'serial':
      if (typeof raw === 'number') v = Number.isSafeInteger(raw) && raw >= 0 ? String(Math.abs(raw)) : undefined;
      else if (typeof raw === 'string') v = /^[A-Za-z0-9]{1,64}$/.test(raw.trim()) ? raw.trim().toUpperCase() : undefined;
      break;
    case 'channel':
      v = inRange(asInteger(raw), (n) => n >= 1 && n <= 256);
      break;
    case 'index':
      v = inRange(asInteger(raw), (n) => n >= 1 && n <= 256);
      break;
    case 'direction':
      v = named(raw, 'direction', (n) => (n >= 0 && n <= 11) || n === 16);
      break;
    case 'speed':
      v = named(raw, 'speed', (n) => n >= 0 && n <= 2);
      break;
    case 'mirror':
      v = named(raw, 'mirror', (n) => n >= 0 && n <= 2);
      break;
    case 'immediately':
      if (typeof raw === 'boolean') v = raw ? '1' : '0';
      else if (typeof raw === 'string' && /^(true|false)$/i.test(raw.trim())) v = raw.trim().toLowerCase() === 'true' ? '1' : '0';
      else v = named(raw, 'immediately', (n) => n === 0 || n === 1);
      break;
    case 'duration':
      v = inRange(asInteger(raw), (n) => n >= 0 && n <= 600000);
      break;
    case 'presetName': {
      const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
      v = s.length >= 1 && s.length <= 64 ? s : undefined;
      break;
    }
    case 'cardPassword': {
      const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
      v = s.length >= 1 && s.length <= 128 && !/\s/.test(s) ? s : undefined;
      break;
    }
    case 'phone': {
      const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      v = /^\+?[0-9]{5,20}$/.test(s) ? s : undefined;
      break;
    }
  }
  return v === undefined ? 'invalid' : { sent: v };
}
