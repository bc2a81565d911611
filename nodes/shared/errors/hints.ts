// The API notes' hints (docs/api/open-api.md section 7): which catalog key (under `hints.`) holds the
// "Meaning" text of an API code for an operation group, and every hint key the catalogs must hold.
// Pure: no Node.js imports.

import type { SpecSection } from '../operations/operations';

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

/** Codes with a single hint text in the catalog (docs/api/open-api.md sections 7.1 and 7.2 and docs/behaviour.md section 7). */
export const HINTED_CODES: ReadonlySet<string> = new Set([
  '10001',
  '10002',
  '10004',
  '10005',
  '10007',
  '10017',
  '10029',
  '10030',
  '20002',
  '20006',
  '20007',
  '20008',
  '49999',
  '60000',
  '60001',
  '60002',
  '60003',
  '60004',
  '60005',
  '60006',
  '60007',
  '60008',
  '60009',
  '60010',
  '60011',
  '60012',
  '60030',
  '60031',
  '60032',
  '60033',
  '60035',
  // capture (docs/api/more-api.md)
  '10028',
  '10051',
  '60017',
  // the message service (docs/api/watch-api.md section 5)
  '70101',
  // camera state (docs/api/watch-api.md): wrong verification code, lens covered
  '20010',
  '60026',
  // live addresses (docs/api/watch-api.md section 1)
  '20001',
  // voice (docs/api/media-api.md section 3): no speaker, quota used, not delivered, in a call
  '20015',
  '111000',
  '111012',
  '60029',
]);

/** Every hint key the catalogs must hold (tests check both languages). */
export const ALL_HINT_KEYS: readonly string[] = [
  ...HINTED_CODES,
  '20014-network',
  '20014-serial',
  '20018-account',
  '20018-user',
  '20032-channel',
  '20032-user',
  '60020-storage',
  '60020-command',
  '60020-switch',
  '60020-hub',
  '60020-siren',
  '60019-live',
  '10031-live',
  '20007-recordings',
  '60013-firmware',
  '60014-firmware',
  '60015-firmware',
  '60016-firmware',
  '60018-firmware',
];
