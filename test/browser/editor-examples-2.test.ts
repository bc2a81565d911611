// The injects of examples 6 to the last (of the demo's tabs), pressed in the Node-RED editor in
// Debian's Chromium, the demo's flows deployed (test/support/editor-examples.ts); editor-examples-1
// presses the others.

import { exampleInjectsSuite } from '../support/editor-examples';

exampleInjectsSuite(5);
