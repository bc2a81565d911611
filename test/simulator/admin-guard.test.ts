// The admin endpoint /sim/ (docs/behaviour.md section 8): only application/json requests from its own origin,
// nothing a web page on another site (or a rebound DNS name) can send; and no secret in any
// reply: app secrets, tokens and card passwords are masked in /sim/state, the log and errors.

import { strict as assert } from 'assert';
import { FakeClock, startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { admin, callApi, request } from '../support/simulator-http';

const SECRETS = [
  'demo-app-secret',
  'frozen-app-secret',
  'intl-app-secret',
  'other-app-secret',
  'at.demo-token',
  'at.expired-token',
  'at.frozen-token',
  'at.intl-token',
  'at.other-token',
  'CARD-VALID-0001',
  'CARD-USED-0001',
  'CARD-BOUND-0001',
  'CARD-FAIL-0001',
];

describe('simulator: admin endpoint guard and secrets', function () {
  let sim: Simulator;
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    request(sim.url, path, { method, headers, body });

  beforeEach(async () => {
    sim = await startSimulator({ port: 0, clock: new FakeClock(Date.parse('2026-05-01T00:00:00Z')) });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('refuses bodies that are not JSON (form, text/plain, none) with 415, changing nothing', async () => {
    const fault = JSON.stringify({ kind: 'http500' });
    for (const ctype of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await send('POST', '/sim/faults', { 'Content-Type': ctype }, fault);
      assert.equal(r.status, 415, ctype);
      assert.match(JSON.parse(r.text).error, /application\/json/);
    }
    assert.equal((await send('POST', '/sim/reset', {})).status, 415, 'a POST without Content-Type');
    assert.equal((await send('POST', '/sim/faults', {}, fault)).status, 415);
    assert.deepEqual(sim.faults(), []);
    const ok = await send('POST', '/sim/faults', { 'Content-Type': 'application/json; charset=utf-8' }, fault);
    assert.equal(ok.status, 200);
    assert.equal(sim.faults().length, 1);
    assert.equal((await send('GET', '/sim/faults', {})).status, 200, 'a bare GET needs no Content-Type');
  });

  it('refuses a cross-site Origin or Sec-Fetch-Site, a null Origin and foreign Host names with 403', async () => {
    const json = { 'Content-Type': 'application/json' };
    const own = sim.url;
    const refused: Record<string, string>[] = [
      { ...json, Origin: 'http://evil.example' },
      { ...json, Origin: 'null' },
      { ...json, Origin: own.replace(/:\d+$/, ':1') },
      { ...json, Origin: own, 'Sec-Fetch-Site': 'cross-site' },
      { ...json, 'Sec-Fetch-Site': 'same-site' },
      { ...json, Host: `evil.example:${sim.port}` },
      { ...json, Host: `evil.example:${sim.port}`, Origin: `http://evil.example:${sim.port}` },
    ];
    for (const h of refused) {
      const r = await send('POST', '/sim/reset', h, '{}');
      assert.equal(r.status, 403, JSON.stringify(h));
      const g = await send('GET', '/sim/state', h);
      assert.equal(g.status, 403, `GET ${JSON.stringify(h)}`);
    }
    for (const h of [
      { ...json, Origin: own },
      { ...json, Origin: own, 'Sec-Fetch-Site': 'same-origin' },
      { ...json, Host: `localhost:${sim.port}`, Origin: `http://localhost:${sim.port}` },
    ]) {
      assert.equal((await send('POST', '/sim/reset', h, '{}')).status, 200, JSON.stringify(h));
    }
  });

  it('the API paths are not affected (forms from anywhere, as the real service)', async () => {
    const r = await callApi(
      sim.url,
      '/api/lapp/device/ptz/stop',
      { accessToken: 'at.demo-token', deviceSerial: 'C00000001', channelNo: 1 },
      { headers: { Origin: 'http://elsewhere.example' } },
    );
    assert.equal(r.code, '200');
  });

  it('never returns a secret: /sim/state masks app secrets, tokens and card passwords, and still loads', async () => {
    await callApi(sim.url, '/api/lapp/token/get', { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
    await callApi(sim.url, '/api/lapp/cloud/storage/open', {
      accessToken: 'at.demo-token',
      deviceSerial: 'C00000001',
      cardPassword: 'CARD-VALID-0001',
    });
    const fresh = Object.keys(sim.state.tokens).find((t) => !SECRETS.includes(t))!;
    const everything: string[] = [];
    for (const path of [
      '/sim',
      '/sim/state',
      '/sim/view',
      '/sim/log',
      '/sim/faults',
      '/sim/clock',
      '/sim/alarms',
      '/sim/nope',
    ]) {
      everything.push(
        (await admin(sim.url, 'GET', path)).json === undefined
          ? ''
          : JSON.stringify((await admin(sim.url, 'GET', path)).json),
      );
    }
    const text = everything.join('\n');
    for (const s of [...SECRETS, fresh]) assert.ok(!text.includes(s), `${s} leaked`);
    const st = (await admin(sim.url, 'GET', '/sim/state')).json;
    assert.equal(st.appKeys['demo-app-key'].appSecret, '***');
    assert.ok(Object.keys(st.tokens).every((k: string) => /^\*\*\*\d+$/.test(k)));
    assert.ok(Object.keys(st.cards).every((k: string) => /^\*\*\*\d+$/.test(k)));
    assert.equal(Object.keys(st.tokens).length, Object.keys(sim.state.tokens).length);
    // The masked state loads (with those secrets replaced).
    assert.equal((await admin(sim.url, 'PUT', '/sim/state', st)).status, 200);
    assert.equal(sim.state.appKeys['demo-app-key'].appSecret, '***');
  });

  it('a malformed state names token and card entries by position, never by the secret', async () => {
    const bad = await admin(sim.url, 'PUT', '/sim/state', {
      accounts: { a: {} },
      appKeys: { k: { appSecret: 's', account: 'a' } },
      tokens: { 'at.secret-token-123': { appKey: 'nope' } },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error, /tokens entry 1/);
    assert.ok(!bad.json.error.includes('at.secret-token-123'));
    const badCard = await admin(sim.url, 'PUT', '/sim/state', { cards: { 'CARD-SECRET-9': { status: 'weird' } } });
    assert.equal(badCard.status, 400);
    assert.match(badCard.json.error, /cards entry 1/);
    assert.ok(!badCard.json.error.includes('CARD-SECRET-9'));
  });
});
