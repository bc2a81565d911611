// Loaded into a Node-RED child process (NODE_OPTIONS=--require) by test/support/dashboard-env.ts when
// a test shortens the runtime's timings: sets the runtime's test hooks (client/clock/clock.ts)
// from the environment. The package is linked into the user directory, so Node-RED's nodes load
// the same clock module as this file.

import { hooks } from '../../client/clock/clock';

/** EZVIZ_TEST_LIVE_SECOND_MS: how many ms one second of a live address's lifetime lasts. */
const liveSecondMs = Number(process.env.EZVIZ_TEST_LIVE_SECOND_MS);
if (Number.isFinite(liveSecondMs) && liveSecondMs > 0) hooks.liveSecondMs = liveSecondMs;
