// What the dashboard's browser files (test/dashboard/) share: the hooks of a suite that starts the
// simulator and Node-RED with a flow once for the describe (test/support/dashboard-env.ts) and stops
// them after it; the pages come from env().open() in the tests.

import { skipWithoutChromium } from './browser-env';
import { startDashboardEnv, type DashboardEnv, type FlowNode } from './dashboard-env';

/** Registers in the current describe: before it, `flow(simUrl)` deployed in a Node-RED of its own
 * (startDashboardEnv with `o`; skipped without Chromium); after it, every page closed and Node-RED
 * and the simulator stopped. Answers the environment, for the tests (and the hooks after this one). */
export function dashboardSuite(
  flow: (simUrl: string) => FlowNode[],
  o: Parameters<typeof startDashboardEnv>[1] = {},
): () => DashboardEnv {
  let env: DashboardEnv | undefined;
  before(async function () {
    skipWithoutChromium(this);
    this.timeout(120000);
    env = await startDashboardEnv(flow, o);
  });
  after(async () => {
    if (env) await env.stop();
    env = undefined;
  });
  return () => {
    if (!env) throw new Error('the dashboard environment has not started');
    return env;
  };
}
