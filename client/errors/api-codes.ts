// The one table of the codes the package has words for (docs/api/open-api.md section 7, docs/behaviour.md
// sections 7, 9 and 23): API codes, and the package's own for the network, HTTP and itself. A key is
// a code, or a code and the operation group it means something else in (`20014-serial`: errors/hints.ts
// hintKey picks it). What it has, each read from here and held to the catalogs by the tests:
// - `hint`: the "Meaning" text beside an error (`hints.<key>`, the shared catalog; errors/hints.ts);
// - `status`: a short status text "<text> (<code>)" (`status.code.<key>`; i18n/status-catalog.ts);
// - `limit`: a limit reached, counted apart and explained in the EZVIZ sidebar (`limits.<key>` of its
//   catalog; requests/counters.ts). Pure: no Node.js imports.

export type CodeWords = 'hint' | 'status' | 'limit';

const CODES: Readonly<Record<string, string>> = Object.freeze({
  // API, token and account
  '10001': 'hint status',
  '10002': 'hint status',
  '10002-expired': 'status',
  '10004': 'hint status',
  '10005': 'hint status',
  '10007': 'hint status limit',
  '10017': 'hint status',
  '10029': 'hint status limit',
  '10030': 'hint status',
  // devices
  '20002': 'hint status',
  '20006': 'hint status',
  '20007': 'hint status',
  '20007-recordings': 'hint',
  '20008': 'hint status',
  '20014-serial': 'hint status',
  '20014-network': 'hint status',
  '20018-user': 'hint status',
  '20018-account': 'hint status',
  '20032-user': 'hint status',
  '20032-channel': 'hint status',
  '49999': 'hint status',
  // PTZ and presets
  '60000': 'hint status',
  '60001': 'hint status',
  '60002': 'hint status',
  '60003': 'hint status',
  '60004': 'hint status',
  '60005': 'hint status',
  '60006': 'hint status',
  '60007': 'hint status',
  '60008': 'hint status',
  '60009': 'hint status',
  '60010': 'hint status',
  '60011': 'hint status',
  '60012': 'hint status',
  '60020-command': 'hint status',
  '60020-storage': 'hint status',
  // the alarm hub and the siren (docs/behaviour.md section 24)
  '60020-hub': 'hint status',
  '60020-siren': 'hint status',
  // cloud storage cards
  '60030': 'hint status',
  '60031': 'hint status',
  '60032': 'hint status',
  '60033': 'hint status',
  '60035': 'hint status',
  // capture (docs/api/more-api.md)
  '10028': 'hint status limit',
  '10051': 'hint status',
  '60017': 'hint status',
  // the message service (docs/api/watch-api.md section 5)
  '70101': 'hint status',
  // camera state (docs/api/watch-api.md)
  '20010': 'hint status',
  '60026': 'hint status',
  '60020-switch': 'hint status',
  // live addresses (docs/api/watch-api.md section 1)
  '20001': 'hint status',
  '60019-live': 'hint status',
  '10031-live': 'hint status',
  // pictures (docs/behaviour.md section 17): no code for the camera, a wrong one
  PICTURE_LOCKED: 'status',
  WRONG_CODE: 'status',
  // voice (docs/api/media-api.md section 3)
  '20015': 'hint status',
  '111000': 'hint status',
  '111012': 'hint status',
  '60029': 'hint status',
  // network, HTTP and local
  ECONNREFUSED: 'status',
  ETIMEDOUT: 'status',
  ECONNRESET: 'status',
  ENOTFOUND: 'status',
  EAI_AGAIN: 'status',
  EHOSTUNREACH: 'status',
  ENETUNREACH: 'status',
  NOT_HTTP: 'status',
  BAD_REPLY: 'status',
  REPLY_TOO_LARGE: 'status',
  AREA_DOMAIN: 'status',
  QUEUE_FULL: 'status',
  STOPPED: 'status',
  INVALID_CONFIG: 'status',
  INTERNAL: 'status',
  // firmware (docs/api/media-api.md section 6): already latest, already upgrading, rebooting, failed
  '60013-firmware': 'hint',
  '60014-firmware': 'hint',
  '60015-firmware': 'hint',
  '60016-firmware': 'hint',
  '60018-firmware': 'hint',
  // limits reached without a status text of their own: bandwidth, HTTP 429 (docs/behaviour.md section 23)
  '9049': 'limit',
  HTTP_429: 'limit',
});

/** The keys of the table that have `words`. */
export function codesWith(words: CodeWords): string[] {
  return Object.keys(CODES).filter((k) => CODES[k].split(' ').includes(words));
}
