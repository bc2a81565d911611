// The account routes' memory with an injectable clock (node-red-node-test-helper's admin app,
// which does not check permissions: test/nodes/ezviz-config/account-admin.test.ts does, in a real Node-RED):
// answers are kept 60 s and then asked again with the token kept; values tried in a dialog and
// then deployed keep the token the dialog fetched.

import { strict as assert } from 'assert';
import helper from 'node-red-node-test-helper';
import { resetAccountState } from '../../../nodes/ezviz-config/admin-services';
import { hooks, resetHooks } from '../../../client/clock/clock';
import type { Simulator } from '../../../simulator';
import { load, simulatorPerSuite, unload } from '../../support/red';

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function post(route: string, body: object): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (helper.request() as any)
      .post(`/ezviz-open/${route}`)
      .send(body)
      .set('Content-Type', 'application/json')
      .end((err: Error | null, res: Reply) => (err ? reject(err) : resolve(res)));
  });
}

describe('account routes: answers kept 60 s, tokens kept across a deploy', function () {
  let simulator: Simulator;
  simulatorPerSuite((s) => {
    simulator = s;
  });
  let now = Date.parse('2026-03-01T08:00:00Z');
  const sim = (): Simulator => simulator;
  const count = (path: string) =>
    sim()
      .requestLog()
      .filter((e) => e.path === path).length;
  const config = (id: string) => ({ id, type: 'ezviz-config', baseUrl: sim().url, timeout: 5000 });

  beforeEach(async function () {
    await resetAccountState();
    sim().clearLog();
    hooks.now = () => now;
  });
  afterEach(async function () {
    await unload();
    resetHooks();
    await resetAccountState();
  });

  it('keeps an answer 60 s, then asks again with the token it has', async function () {
    await load([config('cfg1')], { cfg1: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' } });
    const body = { id: 'cfg1', baseUrl: sim().url, appKey: '__PWRD__', appSecret: '__PWRD__' };
    const first = await post('cameras', body);
    assert.equal(first.status, 200);
    assert.equal(first.body.ok, true, JSON.stringify(first.body));
    assert.equal(count('/api/lapp/token/get'), 1);
    sim().clearLog();
    now += 59000;
    assert.equal((await post('cameras', body)).body.ok, true);
    assert.equal(sim().requestLog().length, 0, 'within 60 s: nothing sent');
    now += 2000;
    assert.equal((await post('cameras', body)).body.ok, true);
    assert.equal(count('/api/lapp/device/list'), 1, 'after 60 s: asked again');
    assert.equal(count('/api/lapp/token/get'), 0, 'with the token it has');
  });

  it('does not keep a transient failure: the next click asks again', async function () {
    await load([{ id: 'tab', type: 'tab' }]);
    const body = { id: 'cfg2', baseUrl: sim().url, appKey: 'demo-app-key', appSecret: 'demo-app-secret' };
    sim().injectFault({ kind: 'drop', count: 1, path: '/api/lapp/device/list' });
    const a = await post('test', body);
    assert.equal(a.body.reason, 'unreachable', JSON.stringify(a.body));
    const b = await post('test', body);
    assert.equal(b.body.ok, true, JSON.stringify(b.body));
    assert.equal(count('/api/lapp/token/get'), 1, 'one token for both');
  });

  it('gives the token a dialog fetched to the config node deployed with the same values', async function () {
    await load([{ id: 'tab', type: 'tab' }]);
    const typed = { id: 'cfg3', baseUrl: sim().url, appKey: 'demo-app-key', appSecret: 'demo-app-secret' };
    assert.equal((await post('test', typed)).body.ok, true);
    assert.equal(count('/api/lapp/token/get'), 1);
    await unload();
    sim().clearLog();
    await load([config('cfg3')], { cfg3: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' } });
    const stored = { ...typed, appSecret: '__PWRD__', refresh: true };
    assert.equal((await post('cameras', stored)).body.ok, true);
    assert.equal(count('/api/lapp/token/get'), 0, 'the deployed node uses the token the dialog fetched');
    assert.ok(count('/api/lapp/device/list') >= 1);
  });
});
