// The live view plays on across the session cap and address renewals over HLS, in Chromium
// (test/support/live-cap.ts): an HLS session of a 2 s cap lasts about 5 s (its playlist's end seen
// on a reload, hls.js's start of the next), so 40 s of play cross about 8 sessions; 12 s addresses
// are renewed at about 11, 22 and 33 s.

import { liveCapSuite } from '../support/live-cap';

liveCapSuite({ protocol: 'hls', playMs: 40000, capS: 2, secondMs: 400 });
