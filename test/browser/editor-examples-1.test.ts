// The injects of examples 1 to 5 (of the demo's tabs), pressed in the Node-RED editor in
// Debian's Chromium, the demo's flows deployed (test/support/editor-examples.ts); editor-examples-2
// presses the others.

import { exampleInjectsSuite } from '../support/editor-examples';

exampleInjectsSuite(0, 5);
