// The proxy variables of the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, ALL_PROXY, in both
// cases) cleared before each test of a describe and put back after it: a proxy test sets only the
// one it means, and nothing reaches the next test.

const VARS = [
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
  'ALL_PROXY',
  'all_proxy',
];

/** Call within a describe: its tests start without proxy variables; the old values come back after. */
export function withoutProxyEnv(): void {
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));
    for (const v of VARS) delete process.env[v];
  });
  afterEach(() => {
    for (const v of VARS) {
      if (saved[v] === undefined) delete process.env[v];
      else process.env[v] = saved[v];
    }
  });
}
