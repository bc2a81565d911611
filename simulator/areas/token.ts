// Tokens and regions (docs/behaviour.md section 7): token/get hands out tokens of an app key (with its
// areaDomain for international keys), and whether an error reply goes out as the international
// regions answer (no `data`) or as the China region does (`data: null`). The token checks of
// every other call are common.ts `authenticate`.

import { randomBytes } from 'crypto';
import type { Area } from '../area';
import { answer, fail, normOrigin, ok } from '../common';
import type { ApiResult, CallContext } from '../common';
import { fieldOf, parseParams } from '../routes';
import type { Route } from '../routes';
import { DAY_MS } from '../state';
import type { SimulatorState } from '../state';

/** token/get (docs/behaviour.md section 7). */
export function tokenGet(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { appKey, appSecret } = parseParams(route, f) as { appKey: string; appSecret: string };
    const app = Object.prototype.hasOwnProperty.call(state.appKeys, appKey) ? state.appKeys[appKey] : undefined;
    if (!app) return fail('10017');
    if (app.appSecret !== appSecret) return fail('10030');
    if (app.frozen) return fail('10005');
    // Forget tokens that expired more than a week ago, so frequent fetching cannot grow the
    // state without bound; old valid tokens stay valid (a new token does not invalidate them).
    for (const [t, rec] of Object.entries(state.tokens)) {
      if (rec.expireTime + 7 * DAY_MS < ctx.now) delete state.tokens[t];
    }
    const accessToken = `at.${randomBytes(16).toString('hex')}-${randomBytes(4).toString('hex')}`;
    const expireTime = ctx.now + state.settings.tokenLifetimeMs;
    state.tokens[accessToken] = { appKey, expireTime };
    const data: Record<string, unknown> = { accessToken, expireTime };
    if (app.areaDomain) data.areaDomain = app.areaDomain;
    return ok(data);
  });
}

/**
 * Whether an error reply goes out as the international regions answer (no `data`) rather than
 * as the China region does (`data: null`, docs/behaviour.md section 6): by the app key of the request (its
 * token's, or token/get's appKey) when known, else by whether this server (one of `origins`) is
 * the areaDomain of some app key.
 */
export function intlRequest(state: SimulatorState, fields: URLSearchParams, origins: string[]): boolean {
  const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
  const token = fieldOf(fields, 'accessToken');
  let key = token !== undefined && has(state.tokens, token) ? state.tokens[token].appKey : fieldOf(fields, 'appKey');
  if (key !== undefined && !has(state.appKeys, key)) key = undefined;
  if (key !== undefined) return !!state.appKeys[key].areaDomain;
  const here = origins.map(normOrigin);
  return Object.values(state.appKeys).some(
    (k) => k.areaDomain !== undefined && here.includes(normOrigin(k.areaDomain)),
  );
}

export const tokenArea: Area = {
  handlers: { token: tokenGet },
};
