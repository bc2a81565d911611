// The environment of a Node.js child process of the tests (a Node-RED) with the run's V8 code cache
// (test/support/code-cache.ts) when the run has one (EZVIZ_CODE_CACHE, set by `.mocharc.js` for
// `npm test`); without it (a file run alone) `env` as it is.

import * as path from 'path';

/** `env` (added to the child's environment) with code-cache.ts preloaded through NODE_OPTIONS. */
export function withCodeCache(env: Record<string, string> = {}): Record<string, string> {
  if (!process.env.EZVIZ_CODE_CACHE) return env;
  const options = env.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '';
  const preload = `--require ${path.join(__dirname, 'code-cache.js')}`;
  return { ...env, NODE_OPTIONS: `${preload} ${options}`.trim() };
}
