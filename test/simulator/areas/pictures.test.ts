// Pictures (docs/api/more-api.md, simulator/areas/pictures.ts) over real HTTP with a fake
// clock: device/capture and the JPEG it points at, its codes (60017, 10028, 10051, 20006-20008, ...).

import { strict as assert } from 'assert';
import { PICTURE_SIZE, ROUTES } from '../../../simulator';
import type { RouteOp } from '../../../simulator';
import { callApi, request } from '../../support/simulator-http';
import type { Fields } from '../../support/simulator-http';
import { apiCalls, cam, clock, getBytes, jpegSize, sim, simulatorEach } from './support';

// 08:00 UTC = 16:00 in China: "today" (China time) began 16 h ago.
const START = Date.parse('2026-03-01T08:00:00Z');
const P = (op: RouteOp): string => ROUTES.find((r) => r.op === op)!.path;

describe('simulator: pictures (more-api, areas/pictures.ts)', function () {
  simulatorEach(START);
  const { call, codeOf } = apiCalls(P);

  describe('device/capture', () => {
    it('answers a picUrl the simulator serves: a real JPEG, for about 2 hours', async () => {
      const r = await call('device-capture', cam('C00000001', { quality: 'anything' }));
      assert.equal(r.code, '200');
      assert.deepEqual(Object.keys(r.data), ['picUrl']);
      // A plain picture carries the cloud's flags too (isEncrypted=0), as an encrypted one carries isEncrypted=1.
      assert.match(
        r.data.picUrl,
        /^http:\/\/127\.0\.0\.1:\d+\/sim-pictures\/[A-Za-z0-9-]+\.jpg\?isEncrypted=0&isCloudStored=0$/,
      );
      assert.ok(r.data.picUrl.startsWith(sim.url));
      const pic = await getBytes(r.data.picUrl);
      assert.equal(pic.status, 200);
      assert.equal(pic.type, 'image/jpeg');
      assert.deepEqual(jpegSize(pic.body), PICTURE_SIZE);
      const head = await request(sim.url, new URL(r.data.picUrl).pathname, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.text, '');
      assert.equal(Number(head.headers['content-length']), pic.body.length);
      clock.advance(2 * 60 * 60 * 1000);
      assert.equal((await getBytes(r.data.picUrl)).status, 404, 'expired');
      assert.equal((await getBytes(`${sim.url}/sim-pictures/nothing.jpg`)).status, 404);
      assert.equal((await getBytes(`${sim.url}/sim-pictures/..%2Fsim%2Fstate.jpg`)).status, 404);
      assert.equal((await request(sim.url, new URL(r.data.picUrl).pathname, { method: 'POST', body: '' })).status, 405);
    });

    it('logs picture downloads; faults hit them only when aimed at /sim-pictures/', async () => {
      const url = (await call('device-capture', cam('C00000001'))).data.picUrl as string;
      sim.injectFault({ kind: 'http500' });
      assert.equal((await getBytes(url)).status, 200, 'a fault without a path hits API requests only');
      sim.clearFaults();
      sim.injectFault({ kind: 'http500', path: '/sim-pictures/' });
      assert.equal((await getBytes(url)).status, 500);
      assert.equal((await getBytes(url)).status, 200);
      assert.throws(() => sim.injectFault({ kind: '49999', path: '/sim-pictures/' }), /fault kinds/);
      const log = sim.requestLog((e) => e.path.startsWith('/sim-pictures/'));
      assert.deepEqual(
        log.map((e) => e.httpStatus),
        [200, 500, 200],
      );
    });

    it('60020 for a model that cannot capture (the Hikvision dome), 60017 when the device reports a failure, 60026 while covered', async () => {
      const r = await call('device-capture', cam('C00000012'));
      assert.deepEqual([r.code, r.msg, r.data], ['60020', 'This command is not supported.', null]);
      sim.state.devices.C00000001.flags.captureFails = true;
      assert.deepEqual((await call('device-capture', cam('C00000001'))).code, '60017');
      sim.state.devices.C00000001.flags.captureFails = false;
      sim.state.devices.C00000001.camera.privacy = true;
      assert.deepEqual((await call('device-capture', cam('C00000001'))).code, '60026');
    });

    it("10028 once the account's daily count is used up, again from midnight (China time)", async () => {
      sim.state.settings.captureDailyLimit = 2;
      assert.equal(await codeOf('device-capture', cam('C00000001')), '200');
      assert.equal(await codeOf('device-capture', cam('C0000000D')), '200');
      const r = await call('device-capture', cam('C00000001'));
      assert.deepEqual([r.code, r.msg], ['10028', 'The daily capture limit has been reached.']);
      assert.equal(await codeOf('device-capture', cam('C00000013')), '10028', 'per account, not per camera');
      assert.equal(
        (await callApi(sim.url, P('device-capture'), { accessToken: 'at.other-token', ...cam('C00000004') })).code,
        '200',
        'another account has its own count',
      );
      clock.advance(7 * 60 * 60 * 1000); // 23:00 China time
      assert.equal(await codeOf('device-capture', cam('C00000001')), '10028');
      clock.advance(60 * 60 * 1000); // 00:00 China time
      assert.equal(await codeOf('device-capture', cam('C00000001')), '200');
    });

    it('20008 when captures of one camera come sooner than settings.captureMinIntervalMs (off by default)', async () => {
      assert.equal(await codeOf('device-capture', cam('C00000001')), '200');
      assert.equal(await codeOf('device-capture', cam('C00000001')), '200', 'no spacing by default');
      sim.state.settings.captureMinIntervalMs = 4000;
      clock.advance(4000);
      assert.equal(await codeOf('device-capture', cam('C00000001')), '200');
      clock.advance(3999);
      assert.equal(await codeOf('device-capture', cam('C00000001')), '20008');
      assert.equal(await codeOf('device-capture', cam('C0000000D')), '200', 'per camera');
      clock.advance(1);
      assert.equal(await codeOf('device-capture', cam('C00000001')), '200');
    });

    it('answers the device codes: 10001, 20014, 20002, 20018, 20032, 20007, 20006, 20008, 49999, 10051', async () => {
      sim.state.devices.C0000000D.flags.captureDenied = true;
      const cases: [Fields, string][] = [
        [{ deviceSerial: 'C00000001' }, '10001'],
        [cam('C00000001', { channelNo: 'x' }), '10001'],
        [cam('c0000001'), '20014'],
        [cam('C99999999'), '20002'],
        [cam('C00000004'), '20018'],
        [cam('C00000001', { channelNo: 2 }), '20032'],
        [cam('C00000002'), '20007'],
        [cam('C00000011', { channelNo: 8 }), '20007'],
        [cam('C00000008'), '20006'],
        [cam('C00000009'), '20008'],
        [cam('C0000000B'), '49999'],
        [cam('C0000000D'), '10051'],
        [cam('C00000011', { channelNo: 5 }), '200'],
      ];
      for (const [f, code] of cases) assert.equal(await codeOf('device-capture', f), code, JSON.stringify(f));
      assert.equal(
        (await callApi(sim.url, P('device-capture'), { ...cam('C00000001'), accessToken: 'at.expired-token' })).code,
        '10002',
      );
    });
  });
});
