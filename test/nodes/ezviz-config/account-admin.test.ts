// The editor's account routes (docs/behaviour.md section 10) in a real Node-RED with httpAdminRoot and
// adminAuth on: permission (a read-only user is refused), answers (test connection, the camera
// list with NVR channels, capabilities), the reasons of failures, bad input answered 4xx with a
// reason, the token economy (one token request for many picker openings, shared with the deployed
// config node), answers kept 60 s, and no secret in any reply or log line.

import { strict as assert } from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { startSimulator, type Simulator } from '../../../simulator';
import {
  adminToken,
  freePort,
  postAccount,
  request,
  startAdminRed,
  startEndlessAccount,
  USERS,
  type AdminRed,
  type HttpReply,
} from '../../support/red-admin';

/* eslint-disable @typescript-eslint/no-explicit-any */

const DEPLOYED_ID = 'cfg0deployed001';
const WRONG_SECRET = 'wrong-secret-5d0e';
const REGION_TOKEN = 'at.region-server-token-91aa';
const ROUTES = ['test', 'cameras', 'capacity'];

/** A server that issues tokens and answers 10002 to everything else (a token of another region). */
function startRegionServer(): Promise<{ url: string; tokenRequests: () => number; close(): Promise<void> }> {
  let tokens = 0;
  const srv = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/api/lapp/token/get') {
        tokens++;
        res.end(
          JSON.stringify({
            code: '200',
            msg: 'ok',
            data: { accessToken: REGION_TOKEN, expireTime: Date.now() + 7 * 86400000 },
          }),
        );
      } else {
        res.end(JSON.stringify({ code: '10002', msg: 'accessToken expired' }));
      }
    });
  });
  return new Promise((resolve) => {
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        tokenRequests: () => tokens,
        close: () => new Promise<void>((r) => srv.close(() => r())),
      });
    });
  });
}

describe('admin routes ezviz-open/* in Node-RED with httpAdminRoot and adminAuth', function () {
  this.timeout(60000);
  let sim: Simulator;
  let red: AdminRed;
  let region: Awaited<ReturnType<typeof startRegionServer>>;
  let adminTok = '';
  let readerTok = '';
  const replies: HttpReply[] = [];

  /** POSTs as the admin, or as `token` (null: without a login). */
  const post = async (route: string, body: unknown, token?: string | null): Promise<HttpReply> => {
    const r = await postAccount(red, route, body, token === undefined ? adminTok : (token ?? undefined));
    replies.push(r);
    return r;
  };
  const deployedValues = () => ({
    id: DEPLOYED_ID,
    baseUrl: sim.url,
    appKey: 'demo-app-key',
    appSecret: '__PWRD__',
    accessToken: '',
  });
  const tokenRequests = () => sim.requestLog().filter((e) => e.path === '/api/lapp/token/get').length;
  const apiRequests = (path: string) => sim.requestLog().filter((e) => e.path === path).length;
  const demoDevices = () => Object.entries(sim.state.devices).filter(([, d]) => (d as any).account === 'demo');

  before(async function () {
    this.timeout(90000);
    sim = await startSimulator({ port: 0 });
    region = await startRegionServer();
    red = await startAdminRed({
      simUrl: sim.url,
      port: await freePort(),
      httpAdminRoot: '/admin',
      adminAuth: true,
      flows: [
        { id: 'tab0account0001', type: 'tab', label: 'account' },
        {
          id: DEPLOYED_ID,
          type: 'ezviz-config',
          name: 'deployed',
          baseUrl: sim.url,
          timeout: 5000,
          maxRetries: 0,
          retryDelay: 0,
        },
      ],
      credentials: { [DEPLOYED_ID]: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' } },
    });
    adminTok = await adminToken(red, 'admin');
    readerTok = await adminToken(red, 'reader');
  });

  after(async function () {
    this.timeout(30000);
    if (red) await red.stop();
    if (region) await region.close();
    if (sim) await sim.close();
  });

  it('serves the routes under httpAdminRoot only', async function () {
    assert.match(red.url, /\/admin\/$/);
    const outside = await request(red.url.replace(/admin\/$/, '') + 'ezviz-open/test', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminTok}` },
      body: JSON.stringify(deployedValues()),
    });
    assert.equal(outside.status, 404);
  });

  it('refuses a request without login and one of a read-only user (401), for every route', async function () {
    for (const route of ROUTES) {
      const body = { ...deployedValues(), deviceSerial: 'C00000001' };
      assert.equal((await post(route, body, null)).status, 401, `${route} without a token`);
      assert.equal((await post(route, body, readerTok)).status, 401, `${route} as reader`);
      assert.equal((await post(route, body, 'not-a-token')).status, 401, `${route} with a made-up token`);
    }
    assert.equal(tokenRequests(), 0, 'a refused request sends nothing');
  });

  it('answers only POST', async function () {
    const r = await request(`${red.url}ezviz-open/cameras`, { headers: { Authorization: `Bearer ${adminTok}` } });
    assert.ok(r.status >= 400 && r.status < 500, `GET: ${r.status}`);
  });

  it('tests the connection with the deployed values: connected, with the number of devices', async function () {
    const r = await post('test', deployedValues());
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.ok, true, r.text);
    assert.equal(r.json.devices, demoDevices().length);
  });

  it("lists the account's devices with name, serial, model, state and channels (NVR channels too)", async function () {
    const r = await post('cameras', deployedValues());
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.ok, true, r.text);
    const got = new Map<string, any>(r.json.devices.map((d: any) => [d.serial, d]));
    const expected = demoDevices();
    assert.equal(got.size, expected.length);
    let multi = 0;
    for (const [serial, dev] of expected as Array<[string, any]>) {
      const d = got.get(serial);
      assert.ok(d, `${serial} listed`);
      assert.equal(d.name, dev.name);
      assert.equal(d.model, dev.model);
      assert.equal(d.online, dev.online !== false);
      const channels = Object.keys(dev.channels)
        .map(Number)
        .sort((a, b) => a - b);
      assert.deepEqual(
        d.channels.map((c: any) => c.channelNo),
        channels,
        `${serial} channels`,
      );
      if (channels.length > 1) multi++;
      assert.deepEqual(Object.keys(d).sort(), ['channels', 'model', 'name', 'online', 'serial']);
    }
    assert.ok(multi >= 1, 'the simulator has a device with several channels (an NVR)');
  });

  it('bounds a list that never ends (40 pages of 50) and says it is cut; a page of 30,000 devices (under 1 MiB) is read whole', async function () {
    const endless = await startEndlessAccount();
    try {
      const r = await post('cameras', { id: 'cfg0endless0001', baseUrl: endless.url, accessToken: 'at.endless-token' });
      assert.equal(r.status, 200, r.text.slice(0, 300));
      assert.equal(r.json.ok, true);
      assert.equal(r.json.truncated, true);
      assert.equal(r.json.devices.length, 2000);
      assert.equal(endless.listRequests(), 80, 'device/list and camera/list: 40 pages each');
    } finally {
      await endless.close();
    }
    const big = await startEndlessAccount(30000);
    try {
      const r = await post('cameras', { id: 'cfg0bigpage0001', baseUrl: big.url, accessToken: 'at.endless-token' });
      assert.equal(r.status, 200, r.text.slice(0, 300));
      assert.equal(r.json.ok, true, r.text.slice(0, 300));
      assert.equal(r.json.truncated, false);
      assert.equal(r.json.devices.length, 30000);
    } finally {
      await big.close();
    }
  });

  it('reads the capabilities of a device (strings "0"/"1" as booleans)', async function () {
    const ok = await post('capacity', { ...deployedValues(), deviceSerial: 'c00000001', channelNo: 1 });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.ok, true, ok.text);
    assert.equal(ok.json.deviceSerial, 'C00000001');
    assert.equal(ok.json.capacity.support_ptz, true);
    const noPtz = await post('capacity', { ...deployedValues(), deviceSerial: 'C00000003' });
    assert.equal(noPtz.json.capacity.support_ptz, false, noPtz.text);
    const noZoom = await post('capacity', { ...deployedValues(), deviceSerial: 'C00000007' });
    assert.equal(noZoom.json.capacity.support_ptz, true, noZoom.text);
    assert.equal(noZoom.json.capacity.ptz_zoom, false, noZoom.text);
    const unknown = await post('capacity', { ...deployedValues(), deviceSerial: 'Z99999999' });
    assert.equal(unknown.json.ok, false, unknown.text);
    assert.equal(unknown.json.reason, 'api');
    assert.equal(unknown.json.code, '20002');
  });

  it('sends one token request for many picker openings, shared with the deployed config node', async function () {
    // The deployed config node holds a token by now (the tests above): its values fetch no other.
    sim.clearLog();
    for (let i = 0; i < 4; i++)
      assert.equal((await post('cameras', { ...deployedValues(), refresh: true })).json.ok, true);
    for (let i = 0; i < 4; i++) assert.equal((await post('cameras', deployedValues())).json.ok, true);
    assert.equal(
      (await post('capacity', { ...deployedValues(), deviceSerial: 'C00000006', refresh: true })).json.ok,
      true,
    );
    // The same values typed into another (new) config dialog: the same account, the same token.
    const typed = {
      id: 'cfg0new00000001',
      baseUrl: `${sim.url}/`,
      appKey: 'demo-app-key',
      appSecret: 'demo-app-secret',
    };
    for (let i = 0; i < 3; i++) assert.equal((await post('cameras', { ...typed, refresh: true })).json.ok, true);
    assert.equal(tokenRequests(), 0, "no token request: the deployed node's token serves them all");
    assert.equal(apiRequests('/api/lapp/device/list'), 7, 'each fresh opening asked the API once');

    // Values nobody deployed: one token for all their openings.
    const other = { id: 'cfg0new00000002', baseUrl: sim.url, appKey: 'other-app-key', appSecret: 'other-app-secret' };
    const many = await Promise.all(Array.from({ length: 5 }, () => post('cameras', { ...other, refresh: true })));
    for (const r of many) assert.equal(r.json.ok, true, r.text);
    for (let i = 0; i < 5; i++) assert.equal((await post('test', { ...other, refresh: true })).json.ok, true);
    assert.equal(tokenRequests(), 1, 'one token request for ten openings with new values');
  });

  it('keeps answers: a second opening within 60 s sends nothing', async function () {
    await post('cameras', deployedValues());
    sim.clearLog();
    for (let i = 0; i < 5; i++) assert.equal((await post('cameras', deployedValues())).json.ok, true);
    assert.equal(sim.requestLog().length, 0);
  });

  it('says why a connection fails: wrong secret, unknown key, frozen key, region, expired token, unreachable', async function () {
    const cases: Array<[string, Record<string, unknown>, string, string | RegExp]> = [
      ['wrong secret', { baseUrl: sim.url, appKey: 'demo-app-key', appSecret: WRONG_SECRET }, 'wrongKey', '10030'],
      ['unknown key', { baseUrl: sim.url, appKey: 'no-such-key', appSecret: WRONG_SECRET }, 'wrongKey', '10017'],
      ['frozen key', { baseUrl: sim.url, appKey: 'frozen-app-key', appSecret: 'frozen-app-secret' }, 'frozen', '10005'],
      ['region', { baseUrl: region.url, appKey: 'demo-app-key', appSecret: 'demo-app-secret' }, 'region', '10002'],
      ['expired token', { baseUrl: sim.url, accessToken: 'at.expired-token' }, 'tokenRejected', '10002'],
      [
        'unreachable',
        { baseUrl: `http://127.0.0.1:${await freePort()}`, appKey: 'demo-app-key', appSecret: 'demo-app-secret' },
        'unreachable',
        /^E[A-Z]+$/,
      ],
      ['no credentials', { baseUrl: sim.url, appKey: 'demo-app-key' }, 'noCredentials', 'NO_CREDENTIALS'],
    ];
    for (const [what, values, reason, code] of cases) {
      const r = await post('test', { id: 'cfg0failing0001', ...values });
      assert.equal(r.status, 200, `${what}: ${r.text}`);
      assert.equal(r.json.ok, false, `${what}: ${r.text}`);
      assert.equal(r.json.reason, reason, `${what}: ${r.text}`);
      if (typeof code === 'string') assert.equal(r.json.code, code, what);
      else assert.match(r.json.code, code, what);
    }
    assert.equal(region.tokenRequests(), 1, 'the region case fetched one token and no second one');
  });

  it('answers bad input with 4xx and a reason', async function () {
    const json = { 'Content-Type': 'application/json', Authorization: `Bearer ${adminTok}` };
    const raw = async (body: string, headers: Record<string, string> = json) => {
      const r = await request(`${red.url}ezviz-open/cameras`, { method: 'POST', headers, body });
      replies.push(r);
      return r;
    };
    const cases: Array<[string, () => Promise<HttpReply>, number, string]> = [
      [
        'unknown config id with a stored secret',
        () => post('cameras', { ...deployedValues(), id: 'cfg0nosuchnode1' }),
        404,
        'unknownConfig',
      ],
      [
        'the stored secret with another base URL',
        () => post('test', { ...deployedValues(), baseUrl: region.url }),
        400,
        'storedElsewhere',
      ],
      [
        'the stored secret with another base URL (picker)',
        () => post('cameras', { ...deployedValues(), baseUrl: `${region.url}/other` }),
        400,
        'storedElsewhere',
      ],
      ['no id', () => post('cameras', { baseUrl: sim.url, appKey: 'k', appSecret: 's' }), 400, 'missing'],
      ['no baseUrl', () => post('cameras', { id: DEPLOYED_ID, appKey: 'k', appSecret: 's' }), 400, 'missing'],
      [
        'baseUrl not http',
        () => post('cameras', { ...deployedValues(), baseUrl: 'ftp://example.com' }),
        400,
        'baseUrl',
      ],
      ['secret not a string', () => post('cameras', { ...deployedValues(), appSecret: 42 }), 400, 'type'],
      ['timeout out of range', () => post('cameras', { ...deployedValues(), timeout: 5 }), 400, 'timeout'],
      ['capacity without serial', () => post('capacity', deployedValues()), 400, 'missing'],
      [
        'capacity with a bad serial',
        () => post('capacity', { ...deployedValues(), deviceSerial: 'bad serial!' }),
        400,
        'deviceSerial',
      ],
      [
        'capacity with a bad channel',
        () => post('capacity', { ...deployedValues(), deviceSerial: 'C00000001', channelNo: 0 }),
        400,
        'channelNo',
      ],
      ['a body over 8 KiB', () => post('cameras', { ...deployedValues(), filler: 'x'.repeat(9000) }), 413, 'tooLarge'],
      ['a field over 1 KiB', () => post('cameras', { ...deployedValues(), appKey: 'k'.repeat(2000) }), 413, 'tooLong'],
      [
        'not JSON',
        () => raw('id=1', { ...json, 'Content-Type': 'application/x-www-form-urlencoded' }),
        415,
        'contentType',
      ],
      ['an array', () => raw('[1,2]'), 400, 'body'],
    ];
    const regionTokens = region.tokenRequests();
    for (const [what, send, status, reason] of cases) {
      const r = await send();
      assert.equal(r.status, status, `${what}: ${r.status} ${r.text}`);
      assert.equal(r.json?.error, reason, `${what}: ${r.text}`);
      assert.ok(typeof r.json.message === 'string' && r.json.message.length > 5, `${what}: a message`);
    }
    assert.equal(region.tokenRequests(), regionTokens, 'nothing went to the other URL');
    // The same URL with the secret typed: served.
    const typed = await post('test', { ...deployedValues(), appSecret: 'demo-app-secret', baseUrl: region.url });
    assert.equal(typed.json?.reason, 'region', typed.text);
    // Node-RED's own body parser: malformed JSON and bodies over its limit are refused before us.
    const malformed = await raw('{"id": ');
    assert.ok(malformed.status >= 400 && malformed.status < 500, `malformed JSON: ${malformed.status}`);
    const huge = await raw(JSON.stringify({ ...deployedValues(), filler: 'y'.repeat(6 * 1024 * 1024) }));
    assert.equal(huge.status, 413, 'a 6 MiB body');
    assert.ok(red.alive(), 'Node-RED still runs');
  });

  it('puts no secret in any reply or log line', async function () {
    const secrets = [
      'demo-app-secret',
      'other-app-secret',
      'frozen-app-secret',
      WRONG_SECRET,
      REGION_TOKEN,
      ...Object.keys(sim.state.tokens),
      USERS.admin.password,
      USERS.reader.password,
    ];
    assert.ok(replies.length > 50, `${replies.length} replies read`);
    const texts = [...replies.map((r) => r.text), red.log()];
    for (const s of secrets) {
      for (const text of texts)
        assert.ok(!text.includes(s), `a secret (${s.slice(0, 4)}...) in: ${text.slice(0, 300)}`);
    }
  });
});
