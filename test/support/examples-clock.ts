// Preloaded into the Node-RED of the examples run (test/support/examples-run.ts starts it with
// NODE_OPTIONS=--require this file): the package's runtime sleeps (client/clock/clock.ts
// `hooks.sleep`: the 2 s kept between two writes to one camera, the 4 s between two captures of
// one camera, retry back-offs) last a tenth of their time, as `fastRetries` makes them short in
// the node tests. Outcomes are the same; the run no longer waits 2 s after "disarm now" or 4 s
// after a second capture. Timers (`hooks.timer`: a timed move's stop, the alarm node's poll) are
// left as they are. Node-RED loads the package through the user directory's symlink, which Node.js
// resolves to this tree's dist/: the same module, so the change reaches the nodes.

import { defaultHooks, hooks } from '../../client/clock/clock';

/** How much shorter the runtime's sleeps are in the examples run. */
export const EXAMPLES_SLEEP_FACTOR = 10;

hooks.sleep = (ms: number): Promise<void> => defaultHooks.sleep(Math.ceil(ms / EXAMPLES_SLEEP_FACTOR));
