// Friendly names accepted beside the API's numbers. Shared by the runtime and the editor bundles,
// so this file must stay free of Node.js imports.

/** ptz/start and ptz/stop `direction` (spec 4.3; 16 = auto control, design.md section 7). */
export const DIRECTIONS: Readonly<Record<string, number>> = Object.freeze({
  up: 0,
  down: 1,
  left: 2,
  right: 3,
  'up-left': 4,
  'down-left': 5,
  'up-right': 6,
  'down-right': 7,
  'zoom-in': 8,
  'zoom-out': 9,
  'focus-near': 10,
  'focus-far': 11,
  auto: 16,
});

/** ptz/start `speed` (spec 4.3). */
export const SPEEDS: Readonly<Record<string, number>> = Object.freeze({
  slow: 0,
  medium: 1,
  fast: 2,
});

/** ptz/mirror `command` (spec 4.5). */
export const MIRROR_COMMANDS: Readonly<Record<string, number>> = Object.freeze({
  'up-down': 0,
  'left-right': 1,
  center: 2,
});

/** storage/open `isImmediately` (spec 4.1 and section 3). */
export const IMMEDIATELY: Readonly<Record<string, number>> = Object.freeze({
  no: 0,
  yes: 1,
});

/** Cloud storage `status` values (spec section 3) -> stable English key, used for `statusText`. */
export const STORAGE_STATUS: Readonly<Record<string, string>> = Object.freeze({
  '-2': 'unsupported',
  '-1': 'disabled',
  '0': 'not-activated',
  '1': 'activated',
  '2': 'expired',
});
