// The live view plays on across the session cap and address renewals over FLV, in Chromium
// (test/support/live-cap.ts): an FLV session lasts the 2 s cap, so 20 s of play cross about 10
// sessions; 7.5 s addresses are renewed at about 7, 14 and 21 s.

import { liveCapSuite } from '../support/live-cap';

liveCapSuite({ protocol: 'flv', playMs: 20000, capS: 2, secondMs: 250 });
