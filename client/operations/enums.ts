// Friendly names accepted beside the API's numbers. Shared by the runtime and the editor bundles,
// so this file must stay free of Node.js imports.

/** ptz/start and ptz/stop `direction` (docs/api/open-api.md section 4.3; 16 = auto control, docs/behaviour.md section 7). */
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

/** ptz/start `speed` (docs/api/open-api.md section 4.3). */
export const SPEEDS: Readonly<Record<string, number>> = Object.freeze({
  slow: 0,
  medium: 1,
  fast: 2,
});

/** ptz/mirror `command` (docs/api/open-api.md section 4.5). */
export const MIRROR_COMMANDS: Readonly<Record<string, number>> = Object.freeze({
  'up-down': 0,
  'left-right': 1,
  center: 2,
});

/** storage/open `isImmediately` (docs/api/open-api.md sections 4.1 and 3). */
export const IMMEDIATELY: Readonly<Record<string, number>> = Object.freeze({
  no: 0,
  yes: 1,
});

/** Cloud storage `status` values (docs/api/open-api.md section 3) -> stable English key, used for `statusText`. */
export const STORAGE_STATUS: Readonly<Record<string, string>> = Object.freeze({
  '-2': 'unsupported',
  '-1': 'disabled',
  '0': 'not-activated',
  '1': 'activated',
  '2': 'expired',
});
