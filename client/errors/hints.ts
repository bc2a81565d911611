// The API notes' hints (docs/api/open-api.md section 7): which catalog key (under `hints.`) holds the
// "Meaning" text of an API code for an operation group; the codes that have one are rows of the one
// table of codes (api-codes.ts). Pure: no Node.js imports.

import type { SpecSection } from '../operations/operations';
import { codesWith } from './api-codes';

/**
 * Catalog key (under `hints.`) of the API notes' "Meaning" text for `code`, for the operation group of
 * `section`: 20014, 20018, 20032 and 60020 mean different things in different groups (docs/api/open-api.md section 7.2).
 * Returns undefined for codes without a hint.
 */
export function hintKey(code: string, section: SpecSection | 'token'): string | undefined {
  switch (code) {
    case '20014':
      return ['4.3', '4.4', '4.5', '4.6'].includes(section) ? '20014-network' : '20014-serial';
    case '20018':
      return section === '4.7' || section === '4.8' ? '20018-account' : '20018-user';
    case '20032':
      return section === '4.7' || section === '4.8' ? '20032-channel' : '20032-user';
    case '60020':
      if (section === 'hub' || section === 'siren') return `60020-${section}`;
      return section === '4.1' ? '60020-storage' : section === 'switch' ? '60020-switch' : '60020-command';
    // live addresses (watch-api section 1): encryption on, no permission (cloud live on China accounts)
    case '60019':
    case '10031':
      return section === 'live' ? `${code}-live` : undefined;
    // recordings (media-api section 2): an offline camera's card cannot be listed, its cloud can
    case '20007':
      return section === 'recordings' ? '20007-recordings' : code;
    // firmware (media-api section 6): already latest, already upgrading, rebooting, failed (both codes)
    case '60013':
    case '60014':
    case '60015':
    case '60016':
    case '60018':
      return section === 'firmware' ? `${code}-firmware` : undefined;
    default:
      return HINTED_CODES.has(code) ? code : undefined;
  }
}

/** Codes with a single hint text in the catalog (the table's hint keys that name no operation group). */
export const HINTED_CODES: ReadonlySet<string> = new Set(codesWith('hint').filter((k) => !k.includes('-')));

/** Every hint key the catalogs must hold (tests check both languages). */
export const ALL_HINT_KEYS: readonly string[] = codesWith('hint');
