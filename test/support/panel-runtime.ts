// Stand-ins for the tests of the dashboard's runtime (test/dashboard/runtime.test.ts, who.test.ts,
// history.test.ts): the main package's API as the panel gets it, and the panel's node on sinon's
// fake clock.

import sinon from 'sinon';
import type { PanelApi } from '../../features/dashboard/dashboard-api';
import { TABLES } from '../../features/dashboard/dashboard-api';

/** The main package's API (version 1, its tables, every key its own text, no config node, nothing
 * moving, a green status) with `own` over it: the test's `call` (and whatever else it answers). */
export function standInApi(own: Record<string, unknown>): PanelApi {
  return {
    version: 1,
    tables: TABLES,
    t: (k: string) => k,
    configNode: () => null,
    isMoving: () => false,
    status: () => ({ fill: 'green', shape: 'dot', text: 'ok' }),
    ...own,
  } as unknown as PanelApi;
}

/** Call within a describe: sinon's fake timers for each test (from `now`) and the panel's node `cam`,
 * whose messages go to `sent` (emptied before each test). */
export function nodeOnFakeClock<T>(now = 0): {
  sent: T[];
  node: never;
  clock: { tickAsync(ms: number): Promise<number> };
} {
  let fake: sinon.SinonFakeTimers;
  const sent: T[] = [];
  const node = { id: 'cam', status: () => undefined, send: (m: T) => sent.push(m) } as never;
  beforeEach(() => {
    fake = sinon.useFakeTimers(now);
    sent.length = 0;
  });
  afterEach(() => fake.restore());
  return { sent, node, clock: { tickAsync: (ms) => fake.tickAsync(ms) } };
}
