// Token handling of the config node: fetched with app key and secret, shared by concurrent
// messages, cached until shortly before expiry (fake clock), refreshed once on 10002, areaDomain.

import assert from 'assert';
import { TOKEN_PATH } from '../../../client/operations/operations';
import { FRESH_TOKEN_MS, TOKEN_REFRESH_MARGIN_MS } from '../../../client/requests/token';
import type { FakeClock, Simulator } from '../../../simulator';
import { statusKey } from '../../../runtime/i18n/status-keys';
import {
  buildFlow,
  collect,
  delay,
  helper,
  load,
  loadOp,
  run,
  startSim,
  stopSim,
  text,
  unload,
} from '../../support/red';
import { fakeClockSimulator } from '../../support/fake-time';

const KEYS = { appKey: 'demo-app-key', appSecret: 'demo-app-secret' };
const STORAGE_INFO = '/api/lapp/cloud/storage/device/info';

describe('config node: token', function () {
  let sim: Simulator;
  let clock: FakeClock;

  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]), Date.parse('2026-02-01T00:00:00Z'), { runtimeNow: true });

  it('one token request for many concurrent messages; the token is reused', async () => {
    await loadOp('storage-info', sim.url, { creds: KEYS });
    const got = collect();
    const n = helper.getNode('op');
    for (let i = 0; i < 25; i++) n.receive({ payload: { deviceSerial: 'C00000001' }, i });
    await got.wait(25);
    assert.strictEqual(got.ok.length, 25, JSON.stringify(got.err[0]?.error));
    assert.strictEqual(sim.requestLog({ path: TOKEN_PATH }).length, 1);
    assert.deepStrictEqual(sim.requestLog({ path: TOKEN_PATH })[0].fields, {
      appKey: 'demo-app-key',
      appSecret: '***',
    });
    assert.strictEqual(sim.requestLog({ path: STORAGE_INFO }).length, 25);
    // later messages reuse it
    const r = await run({ payload: { deviceSerial: 'C00000001' } });
    assert.strictEqual(r.port, 'ok');
    assert.strictEqual(sim.requestLog({ path: TOKEN_PATH }).length, 1);
  });

  it('cached until shortly before expireTime, then fetched again', async () => {
    await loadOp('storage-info', sim.url, { creds: KEYS });
    await run({ payload: { deviceSerial: 'C00000001' } });
    const lifetime = sim.state.settings.tokenLifetimeMs;
    clock.advance(lifetime - TOKEN_REFRESH_MARGIN_MS - 60000);
    assert.strictEqual((await run({ payload: { deviceSerial: 'C00000001' } })).port, 'ok');
    assert.strictEqual(sim.requestLog({ path: TOKEN_PATH }).length, 1, 'still cached');
    clock.advance(120000);
    assert.strictEqual((await run({ payload: { deviceSerial: 'C00000001' } })).port, 'ok');
    assert.strictEqual(sim.requestLog({ path: TOKEN_PATH }).length, 2, 'refreshed before expiry');
    const codes = sim.requestLog({ path: STORAGE_INFO }).map((e) => e.code);
    assert.deepStrictEqual(codes, ['200', '200', '200'], 'no 10002 on the way');
  });

  it('10002 to an operation: one new token, the request sent once more (also non-idempotent)', async () => {
    await loadOp('ptz-mirror', sim.url, { creds: KEYS });
    await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    clock.advance(FRESH_TOKEN_MS); // a token refused right after issue is not renewed (below)
    // the platform forgets the token (e.g. revoked)
    for (const t of Object.keys(sim.state.tokens))
      if (!t.startsWith('at.demo') && !t.includes('-token')) delete sim.state.tokens[t];
    sim.clearLog();
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.deepStrictEqual(
      sim.requestLog().map((e) => [e.path, e.code]),
      [
        ['/api/lapp/device/ptz/mirror', '10002'],
        [TOKEN_PATH, '200'],
        ['/api/lapp/device/ptz/mirror', '200'],
      ],
    );
  });

  it('concurrent 10002 replies share one refresh', async () => {
    await loadOp('storage-info', sim.url, { creds: KEYS });
    await run({ payload: { deviceSerial: 'C00000001' } });
    clock.advance(FRESH_TOKEN_MS);
    for (const t of Object.keys(sim.state.tokens)) if (!t.includes('-token')) delete sim.state.tokens[t];
    sim.clearLog();
    const got = collect();
    for (let i = 0; i < 10; i++) helper.getNode('op').receive({ payload: { deviceSerial: 'C00000001' } });
    await got.wait(10);
    assert.strictEqual(got.ok.length, 10);
    assert.strictEqual(sim.requestLog({ path: TOKEN_PATH }).length, 1);
  });

  it('10002 on a token issued less than 60 s ago: no new token, the error asks about the region; later one refresh, no loop', async () => {
    await loadOp('storage-info', sim.url, { creds: KEYS });
    // every token is refused (as in the wrong region): make tokens expire at once
    sim.state.settings.tokenLifetimeMs = 0;
    for (let i = 0; i < 3; i++) {
      const r = await run({ payload: { deviceSerial: 'C00000001' } });
      assert.strictEqual(r.port, 'err');
      assert.strictEqual(r.msg.error.code, '10002');
      assert.strictEqual(r.msg.error.hint, text('errors.tokenRefusedFresh', { base: sim.url }));
      clock.advance(10000);
    }
    assert.strictEqual(sim.requestLog({ path: TOKEN_PATH }).length, 1, 'one token request for three messages');
    clock.advance(FRESH_TOKEN_MS);
    const r = await run({ payload: { deviceSerial: 'C00000001' } });
    assert.strictEqual(r.msg.error.code, '10002');
    assert.strictEqual(sim.requestLog({ path: TOKEN_PATH }).length, 2, 'a token older than 60 s: renewed once');
    assert.strictEqual(sim.requestLog({ path: STORAGE_INFO }).length, 5);
  });

  it('token only: 10002 goes to output 2 and the status says the token expired', async () => {
    await loadOp('ptz-mirror', sim.url, { creds: { accessToken: 'at.expired-token' } });
    const n = helper.getNode('op');
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(r.port, 'err');
    assert.strictEqual(r.msg.error.code, '10002');
    assert.strictEqual(r.msg.error.source, 'api');
    assert.strictEqual(r.msg.error.hint, text('errors.tokenExpired'));
    assert.match(r.msg.error.message, /\(code 10002\)$/, "the API's own words");
    assert.strictEqual(sim.requestLog().length, 1, 'no token request, no resend');
    await delay(5);
    const spy = n.status as unknown as { args: unknown[][]; thisValues: unknown[] };
    const own = spy.args.filter((_a, i) => spy.thisValues[i] === n).map((x) => x[0]);
    assert.deepStrictEqual(own[own.length - 1], { fill: 'red', shape: 'ring', text: statusKey('code.10002-expired') });
    assert.strictEqual(text('status.code.10002-expired'), 'token expired (10002)');
  });

  it('token fetch errors: unknown key 10017, wrong secret 10030, frozen 10005', async () => {
    for (const [creds, code] of [
      [{ appKey: 'nobody', appSecret: 'x-secret-1' }, '10017'],
      [{ appKey: 'demo-app-key', appSecret: 'wrong-secret-2' }, '10030'],
      [{ appKey: 'frozen-app-key', appSecret: 'frozen-app-secret' }, '10005'],
    ] as const) {
      await loadOp('storage-info', sim.url, { creds });
      const r = await run({ payload: { deviceSerial: 'C00000001' } });
      assert.strictEqual(r.port, 'err');
      assert.strictEqual(r.msg.error.code, code);
      assert.strictEqual(r.msg.error.source, 'api');
      assert.strictEqual(r.msg.error.operation, 'storage-info');
      // The API's own words are the message; that the token's request failed, and why, the hint.
      assert.match(r.msg.error.message, new RegExp(`^[^(]+ \\(code ${code}\\)$`), r.msg.error.message);
      assert.strictEqual(r.msg.error.hint, text('errors.token', { detail: text(`hints.${code}`) }));
      assert.ok(!r.msg.error.message.includes(creds.appSecret));
      assert.ok(!r.msg.error.hint.includes(creds.appSecret));
      await unload();
    }
  });

  it('one failed token request shared by two operations: each error names its own operation', async () => {
    const { flow, credentials } = buildFlow('storage-info', sim.url, {
      creds: { appKey: 'demo-app-key', appSecret: 'wrong-secret-2' },
    });
    flow.push({ ...flow.find((n) => n.id === 'op'), id: 'op2', type: 'ezviz-ptz-mirror' });
    await load(flow, credentials);
    const got = collect();
    helper.getNode('op').receive({ payload: { deviceSerial: 'C00000001' } });
    helper.getNode('op2').receive({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    await got.wait(2);
    assert.strictEqual(sim.requestLog({ path: TOKEN_PATH }).length, 1);
    assert.deepStrictEqual(got.err.map((m) => `${m.error.operation} ${m.error.code}`).sort(), [
      'ptz-mirror 10030',
      'storage-info 10030',
    ]);
  });

  it('a typed token and a key: the token is used first, 10002 then fetches a new one', async () => {
    await loadOp('storage-info', sim.url, { creds: { accessToken: 'at.expired-token', ...KEYS } });
    const r = await run({ payload: { deviceSerial: 'C00000001' } });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.deepStrictEqual(
      sim.requestLog().map((e) => e.code),
      ['10002', '200', '200'],
    );
  });
});

describe('config node: areaDomain', function () {
  let home: Simulator;
  let region: Simulator;
  afterEach(async () => {
    await unload();
    await stopSim(home);
    await stopSim(region);
  });

  it('calls after the token go to the areaDomain of the token reply', async () => {
    home = await startSim();
    region = await startSim({ state: home.state });
    home.state.appKeys['intl-app-key'].areaDomain = region.url;
    home.state.devices.C00000001.account = 'intl';
    await loadOp('ptz-mirror', home.url, { creds: { appKey: 'intl-app-key', appSecret: 'intl-app-secret' } });
    const a = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(a.port, 'ok', JSON.stringify(a.msg.error));
    await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 0 } });
    assert.deepStrictEqual(
      home.requestLog().map((e) => e.path),
      [TOKEN_PATH],
    );
    assert.deepStrictEqual(
      region.requestLog().map((e) => [e.path, e.code]),
      [
        ['/api/lapp/device/ptz/mirror', '200'],
        ['/api/lapp/device/ptz/mirror', '200'],
      ],
    );
  });
});
