// Tokens over real HTTP, with a fake clock (simulator/areas/token.ts): token expiry and frozen
// app keys.

import { strict as assert } from 'assert';
import { OPERATIONS, TOKEN_PATH } from '../../../client/operations/operations';
import type { OperationName } from '../../../client/operations/operations';
import { DAY_MS } from '../../../simulator';
import { callApi } from '../../support/simulator-http';
import { apiCalls, cam, clock, sim, simulatorEach } from './support';

const START = Date.parse('2026-03-01T08:00:00.250Z');
const P = (op: OperationName): string => OPERATIONS[op].path;

describe('simulator: tokens (areas/token.ts)', function () {
  simulatorEach(START);
  const { call, codeOf } = apiCalls(P);

  describe('tokens', () => {
    it('a token lives 7 days; a new token does not invalidate the old one', async () => {
      const t1 = await callApi(sim.url, TOKEN_PATH, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
      assert.equal(t1.code, '200');
      assert.match(t1.data.accessToken, /^at\./);
      assert.equal(t1.data.expireTime, START + 7 * DAY_MS);
      assert.equal(t1.data.areaDomain, undefined);
      const use = (token: string) =>
        callApi(sim.url, P('ptz-stop'), { accessToken: token, deviceSerial: 'C00000001', channelNo: 1 });
      clock.advance(DAY_MS);
      const t2 = await callApi(sim.url, TOKEN_PATH, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
      assert.notEqual(t2.data.accessToken, t1.data.accessToken);
      assert.equal((await use(t1.data.accessToken)).code, '200');
      clock.advance(6 * DAY_MS - 1);
      assert.equal((await use(t1.data.accessToken)).code, '200');
      clock.advance(1);
      assert.equal((await use(t1.data.accessToken)).code, '10002');
      assert.equal((await use(t2.data.accessToken)).code, '200');
      assert.equal((await use('at.demo-token')).code, '10002', 'the default token also lived 7 days');
      assert.equal((await use('at.unknown')).code, '10002');
    });

    it('freezing an app key answers 10005 to its tokens and to token/get', async () => {
      sim.state.appKeys['demo-app-key'].frozen = true;
      assert.equal(await codeOf('ptz-stop', cam('C00000001')), '10005');
      assert.equal((await call('token', { appKey: 'demo-app-key', appSecret: 'demo-app-secret' })).code, '10005');
    });
  });
});
