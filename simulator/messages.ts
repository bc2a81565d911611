// Reply codes and their msg texts, word for word from the tables of docs/api/open-api.md sections 7.1 and 7.2 (and
// docs/behaviour.md section 7 for the token path). Four codes have per-group texts (20014, 20018,
// 20032, 60020); they are picked by the section of the route (routes.ts). The more-api gives
// codes without texts; the texts of 10006, 10028, 10051 and 60017 are the simulator's own.

import type { Section } from './routes';

export type { Section } from './routes';

export const SUCCESS_MSG = 'Operation succeeded!';

const COMMON: Readonly<Record<string, string>> = {
  '200': SUCCESS_MSG,
  '10001': 'Parameters error.',
  '10002': 'accessToken exception or expired.',
  '10004': 'The user does not exist.',
  '10005': 'appKey exception.',
  // docs/api/more-api.md (codes only; the texts are ours).
  '10006': 'IP limited.',
  '10028': 'The daily capture limit has been reached.',
  '10051': 'No permission to capture this device.',
  // docs/api/watch-api.md section 5 (the code only; the text is ours).
  '70101': 'The consumer does not exist or has expired.',
  '60017': 'Device capture failed.',
  // docs/api/media-api.md section 3 (the vendor's send page; the texts of 111000/111012 are ours).
  '20015': 'The device does not support talk.',
  '60029': 'The device is in two-way audio.',
  '111000': 'Voice resource package exhausted.',
  '111012': 'Voice delivery failed.',
  // docs/behaviour.md section 7 (token/get) and call limits; not in the API notes' tables.
  '10007': 'Call count limit reached.',
  '10017': 'appKey does not exist.',
  '10029': 'Call frequency limit reached.',
  '10030': 'appKey and appSecret mismatch.',
  '20002': 'Device does not exist.',
  '20006': 'Network exception.',
  '20007': 'The device is offline.',
  // The API notes give two texts for 20008 without saying which operation uses which.
  '20008': 'Device requesting timeout.',
  '49999': 'Data exception.',
  '60000': 'The device does not support PTZ control',
  '60001': 'No PTZ control permission.',
  '60002': 'Device PTZ reached upper limit.',
  '60003': 'Device PTZ reached lower limit.',
  '60004': 'Device PTZ reached left limit.',
  '60005': 'Device PTZ reached right limit.',
  '60006': 'PTZ operation failed.',
  '60007': 'No more preset can be set.',
  '60008': 'No more presets can be added for the limited model.',
  '60009': 'Calling the preset.',
  '60010': 'Preset called.',
  '60011': 'The preset does not exist.',
  '60012': 'Unknown error.',
  '60030': 'No more incorrect card password attempts are allowed. Input again after 24 hours.',
  '60031': 'Card password information does not exist.',
  '60032': 'Card password status error.',
  '60033': 'The card password is not for sale. Only the binding device can be enabled.',
  '60035': 'Enabling the cloud storage service failed.',
  // docs/api/watch-api.md section 1 (live addresses; codes without texts there: ours).
  '20001': 'The channel does not exist.',
  '10031': 'No permission.',
  '60019': 'Video encryption is on: the verification code is required.',
  '60026': 'The device is in privacy mode (lens covered).',
  // docs/api/watch-api.md sections 2-4 (codes only; the texts are ours).
  '20010': 'The verification code is wrong.',
  '60016': 'Encryption is already off.',
  '60021': 'The device is already in this defence state.',
  '60022': 'The switch is already in this state.',
  // docs/api/media-api.md section 6 (firmware)
  '60013': 'The device is already the latest version.',
  '60014': 'The device is upgrading.',
  '60015': 'The device is rebooting.',
  '60018': 'Device upgrade failed.',
};

/** Per-group texts of table 7.2. Sections the table does not list for a code use the first
 * text of that code (documented in simulator/README.md). */
const BY_SECTION: Readonly<Record<string, Partial<Record<Section, string>>>> = {
  // encrypt/on answers 60019 when encryption already is on (ours; the live text elsewhere).
  '60019': { switch: 'Encryption is already on.' },
  '20014': {
    '4.1': 'Illegal deviceSerial',
    '4.2': 'Illegal deviceSerial',
    '4.7': 'Illegal deviceSerial',
    '4.8': 'Illegal deviceSerial',
    '4.3': 'Network exception.',
    '4.4': 'Network exception.',
    '4.5': 'Network exception.',
    '4.6': 'Network exception.',
  },
  '20018': {
    '4.1': 'The user does not have this device.',
    '4.2': 'The user does not have this device.',
    '4.7': 'No this device.',
    '4.8': 'No this device.',
  },
  '20032': {
    '4.1': 'The channel does not exist in this user.',
    '4.3': 'The channel does not exist in this user.',
    '4.4': 'The channel does not exist in this user.',
    '4.5': 'The channel does not exist in this user.',
    '4.6': 'The channel does not exist in this user.',
    '4.7': 'The channel does not exist.',
    '4.8': 'The channel does not exist.',
  },
  '60020': {
    '4.1': 'The device does not support cloud storage.',
    // device/info refusing an NVR (docs/behaviour.md section 7) uses the cloud-storage text of 4.1.
    '4.2': 'The device does not support cloud storage.',
    '4.3': 'This command is not supported.',
    '4.4': 'This command is not supported.',
    '4.5': 'This command is not supported.',
    '4.7': 'This command is not supported.',
    '4.8': 'This command is not supported.',
  },
};

const FALLBACK: Readonly<Record<string, string>> = {
  '60019': 'Video encryption is on: the verification code is required.',
  '20014': 'Illegal deviceSerial',
  '20018': 'The user does not have this device.',
  '20032': 'The channel does not exist in this user.',
  '60020': 'This command is not supported.',
};

/** The msg text for `code` in an operation of docs/api/open-api.md section `section`. */
export function messageFor(code: string, section: Section): string {
  const variants = BY_SECTION[code];
  if (variants) return variants[section] ?? FALLBACK[code];
  return COMMON[code] ?? 'Unknown error.';
}

/** Every code the simulator can answer with (tables 7.1, 7.2 and the token codes). */
export const KNOWN_CODES: readonly string[] = Object.freeze(
  [...new Set([...Object.keys(COMMON), ...Object.keys(BY_SECTION)])].sort(),
);
