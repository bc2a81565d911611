// The injects of every example (the demo's tabs), pressed in the Node-RED editor in Debian's
// Chromium, the demo's flows deployed (test/support/editor-examples.ts). One file: two halves in
// two files ran the demo's flows in two Node-REDs and loaded two editors, which no longer bought
// time once the suite was bound by CPU.

import { exampleInjectsSuite } from '../support/editor-examples';

exampleInjectsSuite(0);
