// The account calls of docs/api/more-api.md over real HTTP: device/list and camera/list with
// paging, device/capacity with flags that agree with how each device answers, and the 0.2
// fidelity points of docs/behaviour.md section 6 (query-string parameters, data: null on China-region errors,
// NVRs refused by storage info, speed 0 refused by Hikvision models).

import { strict as assert } from 'assert';
import { FakeClock, ROUTES, startSimulator } from '../../../simulator';
import type { RouteOp, Simulator } from '../../../simulator';
import { callApi, postForm, request } from '../../support/simulator-http';
import type { ApiReply, Fields } from '../../support/simulator-http';

const T = 'at.demo-token';
const START = Date.parse('2026-03-01T08:00:00Z');
const P = (op: RouteOp): string => ROUTES.find((r) => r.op === op)!.path;

describe('simulator: devices, channels, capabilities (more-api)', function () {
  let sim: Simulator;
  const call = (op: RouteOp, f: Fields): Promise<ApiReply> => callApi(sim.url, P(op), { accessToken: T, ...f });
  const codeOf = async (op: RouteOp, f: Fields): Promise<string> => (await call(op, f)).code;
  const demoSerials = (): string[] =>
    Object.entries(sim.state.devices)
      .filter(([, d]) => d.account === 'demo')
      .map(([s]) => s);

  beforeEach(async () => {
    sim = await startSimulator({ port: 0, clock: new FakeClock(START) });
  });
  afterEach(async () => {
    await sim.close();
  });

  describe('device/list', () => {
    it("pages the account's devices: default size 10 from page 0, a sibling page {total, page, size}", async () => {
      const all = demoSerials();
      assert.ok(all.length > 10 && all.length <= 20, `${all.length} demo devices`);
      const r = await call('device-list', {});
      assert.equal(r.code, '200');
      assert.deepEqual((r as unknown as { page: unknown }).page, { total: all.length, page: 0, size: 10 });
      assert.deepEqual(
        r.data.map((d: { deviceSerial: string }) => d.deviceSerial),
        all.slice(0, 10),
      );
      const second = await call('device-list', { pageStart: 1 });
      assert.deepEqual(
        second.data.map((d: { deviceSerial: string }) => d.deviceSerial),
        all.slice(10),
      );
      const small = await call('device-list', { pageStart: 2, pageSize: 3 });
      assert.deepEqual(
        small.data.map((d: { deviceSerial: string }) => d.deviceSerial),
        all.slice(6, 9),
      );
      assert.deepEqual((small as unknown as { page: unknown }).page, { total: all.length, page: 2, size: 3 });
      const past = await call('device-list', { pageStart: 9, pageSize: 50 });
      assert.deepEqual(past.data, []);
      const max = await call('device-list', { pageSize: 50 });
      assert.equal(max.data.length, all.length);
    });

    it('answers 10001 to pageSize above 50 or below 1, a negative or malformed pageStart', async () => {
      for (const f of [{ pageSize: 51 }, { pageSize: 0 }, { pageStart: -1 }, { pageStart: 'x' }, { pageSize: '1.5' }]) {
        assert.equal(await codeOf('device-list', f), '10001', JSON.stringify(f));
      }
    });

    it('lists each device with the documented fields and types', async () => {
      const r = await call('device-list', { pageSize: 50 });
      for (const d of r.data) {
        assert.equal(typeof d.deviceSerial, 'string');
        assert.equal(typeof d.deviceName, 'string');
        assert.equal(typeof d.deviceType, 'string');
        assert.ok(d.status === 0 || d.status === 1);
        assert.equal(typeof d.defence, 'number');
        assert.equal(typeof d.deviceVersion, 'string');
        assert.match(d.updateTime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      }
      const byS = Object.fromEntries(r.data.map((d: { deviceSerial: string }) => [d.deviceSerial, d]));
      assert.equal(byS.C00000002.status, 0, 'offline');
      assert.equal(byS.C00000001.status, 1);
      assert.equal(byS.C00000011.parentCategory, 'NVR');
      assert.equal(byS.C00000012.deviceType, 'DS-2DE2A404IW-DE3');
      assert.equal(byS.C00000004, undefined, "another account's device is not listed");
    });

    it('gives updateTime in ms with settings.updateTimeFormat "ms"', async () => {
      sim.state.settings.updateTimeFormat = 'ms';
      const r = await call('device-list', {});
      assert.equal(r.data[0].updateTime, sim.state.devices.C00000001.updateTime);
      assert.ok(Number.isInteger(r.data[0].updateTime) && r.data[0].updateTime < START);
    });

    it("lists only the token's account; token errors as for the other calls", async () => {
      const other = await callApi(sim.url, P('device-list'), { accessToken: 'at.other-token' });
      assert.deepEqual(
        other.data.map((d: { deviceSerial: string }) => d.deviceSerial),
        ['C00000004'],
      );
      assert.equal((await callApi(sim.url, P('device-list'), {})).code, '10001');
      assert.equal((await callApi(sim.url, P('device-list'), { accessToken: 'at.expired-token' })).code, '10002');
      assert.equal((await callApi(sim.url, P('device-list'), { accessToken: 'at.frozen-token' })).code, '10005');
      assert.equal((await callApi(sim.url, P('device-list'), { accessToken: 'at.intl-token' })).code, '10002');
    });
  });

  describe('camera/list', () => {
    it('lists every channel: one for a camera, each of an NVR, with status per channel', async () => {
      const r = await call('camera-list', { pageSize: 50 });
      const total = demoSerials().reduce((n, s) => n + Object.keys(sim.state.devices[s].channels).length, 0);
      assert.deepEqual((r as unknown as { page: unknown }).page, { total, page: 0, size: 50 });
      const nvr = r.data.filter((c: { deviceSerial: string }) => c.deviceSerial === 'C00000011');
      assert.deepEqual(
        nvr.map((c: { channelNo: number }) => c.channelNo),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      );
      assert.equal(nvr[0].channelName, 'Loading dock');
      assert.deepEqual(
        nvr.map((c: { status: number }) => c.status),
        [1, 1, 1, 1, 1, 1, 1, 0, 0, 0],
      );
      // unconfigured NVR channels are listed, named after the serial (seen by two public clients)
      assert.deepEqual(
        nvr.slice(8).map((c: { channelName: string }) => c.channelName),
        ['C00000011', 'C00000011'],
      );
      const cam = r.data.find((c: { deviceSerial: string }) => c.deviceSerial === 'C00000001');
      assert.equal(cam.channelNo, 1);
      assert.equal(cam.channelName, 'Front door');
      assert.equal(cam.isShared, '0');
      assert.equal(cam.isEncrypt, 0);
      assert.equal(typeof cam.videoLevel, 'number');
      assert.equal(r.data.find((c: { deviceSerial: string }) => c.deviceSerial === 'C00000005').isEncrypt, 1);
      // The channel picture is served by the simulator.
      const pic = await request(sim.url, new URL(cam.picUrl).pathname);
      assert.equal(pic.status, 200);
      assert.equal(pic.headers['content-type'], 'image/jpeg');
    });

    it('pages as device/list does', async () => {
      const all = (await call('camera-list', { pageSize: 50 })).data;
      const page = await call('camera-list', { pageStart: 3, pageSize: 4 });
      assert.deepEqual(page.data, all.slice(12, 16));
      assert.equal(await codeOf('camera-list', { pageSize: 51 }), '10001');
    });

    it('an offline NVR channel refuses PTZ with 20007; the others answer', async () => {
      assert.equal(await codeOf('ptz-stop', { deviceSerial: 'C00000011', channelNo: 8 }), '20007');
      assert.equal(await codeOf('ptz-stop', { deviceSerial: 'C00000011', channelNo: 7 }), '200');
    });
  });

  describe('device/capacity', () => {
    const FLAGS = [
      'support_ptz',
      'ptz_top_bottom',
      'ptz_left_right',
      'ptz_45',
      'ptz_zoom',
      'ptz_focus',
      'ptz_preset',
      'ptz_common_cruise',
      'ptz_center_mirror',
      'ptz_left_right_mirror',
      'ptz_top_bottom_mirror',
      'support_capture',
      'support_cloud',
      'support_cloud_version',
      'support_defence',
      'support_privacy',
    ];

    it('gives every flag as the string "0" or "1"', async () => {
      const r = await call('device-capacity', { deviceSerial: 'C00000001' });
      assert.equal(r.code, '200');
      for (const f of FLAGS) assert.ok(r.data[f] === '0' || r.data[f] === '1', `${f}: ${JSON.stringify(r.data[f])}`);
      assert.equal(r.data.support_ptz, '1');
      assert.equal(r.data.ptz_zoom, '1');
      assert.equal((await call('device-capacity', { deviceSerial: 'C00000003' })).data.support_ptz, '0');
      assert.equal((await call('device-capacity', { deviceSerial: 'C00000007' })).data.ptz_zoom, '0');
      assert.equal((await call('device-capacity', { deviceSerial: 'C00000012' })).data.support_capture, '0');
      assert.equal(
        (await call('device-capacity', { deviceSerial: 'C00000011', channelNo: 3 })).data.support_cloud,
        '0',
      );
    });

    it('agrees with how every device of the account answers', async () => {
      // Devices whose flags make every call fail the same way say nothing about capabilities.
      const plain = demoSerials().filter((s) => {
        const d = sim.state.devices[s];
        return d.online && !d.capabilities.encryption && !Object.values(d.flags).some(Boolean);
      });
      assert.ok(plain.length >= 8);
      for (const serial of plain) {
        const caps = (await call('device-capacity', { deviceSerial: serial })).data;
        const cam = { deviceSerial: serial, channelNo: 1 };
        const startCode = (direction: number): Promise<string> => {
          sim.state.devices[serial].channels['1'].moving = null; // as if stopped
          return codeOf('ptz-start', { ...cam, direction, speed: 1 });
        };
        const why = (flag: string): string => `${serial} ${flag}=${caps[flag]}`;
        if (caps.support_ptz === '0') {
          assert.equal(await startCode(0), '60000', why('support_ptz'));
          assert.equal(await codeOf('preset-add', cam), '60000', why('support_ptz'));
          continue;
        }
        assert.equal(caps.ptz_top_bottom, '1');
        assert.equal(await startCode(1), '200', why('ptz_top_bottom'));
        assert.equal(await startCode(2), '200', why('ptz_left_right'));
        assert.equal(await startCode(4), caps.ptz_45 === '1' ? '200' : '60020', why('ptz_45'));
        assert.equal(await startCode(8), caps.ptz_zoom === '1' ? '200' : '60020', why('ptz_zoom'));
        assert.equal(await startCode(9), caps.ptz_zoom === '1' ? '200' : '60020', why('ptz_zoom'));
        assert.equal(await startCode(10), caps.ptz_focus === '1' ? '200' : '60020', why('ptz_focus'));
        assert.equal(await codeOf('ptz-stop', cam), '200');
        assert.equal(
          await codeOf('preset-move', { ...cam, index: 12 }),
          caps.ptz_preset === '1' ? '60011' : '60020',
          why('ptz_preset'),
        );
        for (const [flag, command] of [
          ['ptz_top_bottom_mirror', 0],
          ['ptz_left_right_mirror', 1],
          ['ptz_center_mirror', 2],
        ] as const) {
          assert.equal(
            await codeOf('ptz-mirror', { ...cam, command }),
            caps[flag] === '1' ? '200' : '60020',
            why(flag),
          );
        }
        assert.equal(
          await codeOf('device-capture', cam),
          caps.support_capture === '1' ? '200' : '60020',
          why('support_capture'),
        );
        const info = await call('storage-info', { deviceSerial: serial });
        if (caps.support_cloud === '1') assert.notEqual(info.data.status, -2, why('support_cloud'));
        else assert.ok(info.code === '60020' || info.data.status === -2, why('support_cloud'));
      }
    });

    it('answers 10001, 20014, 20002, 20018, 20032 and 49999 as documented; offline devices answer', async () => {
      assert.equal(await codeOf('device-capacity', {}), '10001');
      assert.equal(await codeOf('device-capacity', { deviceSerial: 'c0000001' }), '20014');
      assert.equal(await codeOf('device-capacity', { deviceSerial: 'C99999999' }), '20002');
      assert.equal(await codeOf('device-capacity', { deviceSerial: 'C00000004' }), '20018');
      assert.equal(await codeOf('device-capacity', { deviceSerial: 'C00000011', channelNo: 11 }), '20032');
      assert.equal(await codeOf('device-capacity', { deviceSerial: 'C0000000B' }), '49999');
      assert.equal(await codeOf('device-capacity', { deviceSerial: 'C00000002' }), '200');
    });
  });

  describe('fidelity (docs/behaviour.md section 6, 0.2)', () => {
    it('reads parameters from the query string too; the body wins', async () => {
      const q = `${P('ptz-stop')}?accessToken=${T}&deviceSerial=C00000001&channelNo=1`;
      assert.equal(JSON.parse((await postForm(sim.url, q, {})).text).code, '200');
      const bodyWins = await postForm(sim.url, `${P('ptz-stop')}?accessToken=at.expired-token&channelNo=5`, {
        accessToken: T,
        deviceSerial: 'C00000001',
        channelNo: 1,
      });
      assert.equal(JSON.parse(bodyWins.text).code, '200');
      const token = await postForm(sim.url, `${P('token')}?appKey=demo-app-key&appSecret=demo-app-secret`, {});
      assert.equal(JSON.parse(token.text).code, '200');
      // The log masks secrets wherever they came from.
      const logged = sim.requestLog({ path: P('token') })[0];
      assert.equal(logged.fields.appSecret, '***');
    });

    it('errors carry data: null for China-region keys and no data for areaDomain keys', async () => {
      const cn = JSON.parse(
        (
          await postForm(sim.url, P('ptz-start'), {
            accessToken: T,
            deviceSerial: 'C99999999',
            channelNo: 1,
            direction: 0,
            speed: 1,
          })
        ).text,
      );
      assert.deepEqual(cn, { code: '20002', msg: 'Device does not exist.', data: null });
      const cnToken = JSON.parse(
        (await postForm(sim.url, P('token'), { appKey: 'demo-app-key', appSecret: 'x' })).text,
      );
      assert.ok('data' in cnToken && cnToken.data === null);
      const intlToken = JSON.parse(
        (await postForm(sim.url, P('token'), { appKey: 'intl-app-key', appSecret: 'x' })).text,
      );
      assert.deepEqual(intlToken, { code: '10030', msg: 'appKey and appSecret mismatch.' });
      // On the intl region's own server, its token's errors carry no data.
      const area = await startSimulator({ state: sim.state });
      try {
        sim.state.appKeys['intl-app-key'].areaDomain = area.url;
        const r = JSON.parse(
          (
            await postForm(area.url, P('ptz-start'), {
              accessToken: 'at.intl-token',
              deviceSerial: 'C99999999',
              channelNo: 1,
              direction: 0,
              speed: 1,
            })
          ).text,
        );
        assert.deepEqual(r, { code: '20002', msg: 'Device does not exist.' });
        const unknown = JSON.parse((await postForm(area.url, P('ptz-stop'), { accessToken: 'at.nobody' })).text);
        assert.deepEqual(
          unknown,
          { code: '10002', msg: 'accessToken exception or expired.' },
          'an areaDomain server answers as its region',
        );
      } finally {
        await area.close();
      }
    });

    it('cloud storage device/info refuses NVRs (60020); storage/open takes an NVR channel', async () => {
      const r = await call('storage-info', { deviceSerial: 'C00000011', channelNo: 1 });
      assert.deepEqual([r.code, r.msg], ['60020', 'The device does not support cloud storage.']);
      assert.equal(await codeOf('storage-info', { deviceSerial: 'C00000011' }), '60020');
      assert.equal(
        await codeOf('storage-info', { deviceSerial: 'C0000000F', channelNo: 2 }),
        '200',
        'a multi-lens camera is no NVR',
      );
      assert.equal(
        await codeOf('storage-open', { deviceSerial: 'C00000011', channelNo: 3, cardPassword: 'CARD-VALID-0001' }),
        '200',
      );
    });

    it('a Hikvision model refuses speed 0 with 60020; other speeds and other brands move', async () => {
      const cam = { deviceSerial: 'C00000012', channelNo: 1, direction: 0 };
      const r = await call('ptz-start', { ...cam, speed: 0 });
      assert.deepEqual([r.code, r.msg], ['60020', 'This command is not supported.']);
      assert.equal(await codeOf('ptz-start', { ...cam, speed: 1 }), '200');
      assert.equal(
        await codeOf('ptz-start', { deviceSerial: 'C00000001', channelNo: 1, direction: 0, speed: 0 }),
        '200',
      );
    });
  });
});
