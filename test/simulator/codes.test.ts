// Every code of the tables of docs/api/open-api.md sections 7.1 and 7.2 (and the token codes of docs/behaviour.md section 7), each reached
// over real HTTP against a fresh simulator with the default state, with the API notes' msg text for
// the operation's section.

import { strict as assert } from 'assert';
import { OPERATIONS, TOKEN_PATH } from '../../client/operations/operations';
import type { OperationName } from '../../client/operations/operations';
import { FakeClock, startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { callApi } from '../support/simulator-http';
import type { ApiReply, Fields } from '../support/simulator-http';

const T = 'at.demo-token';
const P = (op: OperationName): string => OPERATIONS[op].path;
const START = Date.parse('2026-03-01T08:00:00Z');
/** The operations of docs/api/open-api.md section 4 (4.1 to 4.8). */
const SECTION_4: readonly OperationName[] = [
  'storage-open',
  'storage-info',
  'ptz-start',
  'ptz-stop',
  'ptz-mirror',
  'preset-add',
  'preset-call',
  'preset-clear',
];

interface Case {
  title: string;
  code: string;
  msg: string;
  path: string;
  fields: Fields;
  /** Steps that bring the state to where `fields` reaches the code. */
  setup?: (sim: Simulator, call: (path: string, f: Fields) => Promise<ApiReply>) => Promise<void>;
}

const cam = (serial: string, extra: Fields = {}): Fields => ({
  accessToken: T,
  deviceSerial: serial,
  channelNo: 1,
  ...extra,
});
const start = (serial: string, direction = 0, speed = 1): Fields => cam(serial, { direction, speed });

/** Moves the camera of C00000001 to a pan/tilt limit (60 deg/s for 10 s of fake time). */
const driveTo =
  (direction: number) =>
  async (sim: Simulator, call: (p: string, f: Fields) => Promise<ApiReply>): Promise<void> => {
    assert.equal((await call(P('ptz-start'), start('C00000001', direction, 2))).code, '200');
    (sim.clock as FakeClock).advance(10000);
    assert.equal((await call(P('ptz-stop'), cam('C00000001'))).code, '200');
  };

/** Adds presets on channel 1 of `serial` until it holds `n` (the default state may hold some already). */
const addPresets =
  (serial: string, n: number) =>
  async (sim: Simulator, call: (p: string, f: Fields) => Promise<ApiReply>): Promise<void> => {
    const presets = sim.state.devices[serial].channels['1'].presets;
    for (let i = Object.keys(presets).length + 1; i <= n; i += 1) {
      const r = await call(P('preset-add'), cam(serial));
      assert.equal(r.code, '200', `preset-add #${i}`);
      assert.ok(Object.keys(presets).includes(String(r.data.index)), `preset-add #${i}: index ${r.data.index} saved`);
    }
  };

/** A preset call in progress on C00000001 (it takes 2 s of clock time). */
const calling = async (sim: Simulator, call: (p: string, f: Fields) => Promise<ApiReply>): Promise<void> => {
  await addPresets('C00000001', 1)(sim, call);
  assert.equal((await call(P('ptz-start'), start('C00000001', 3, 2))).code, '200');
  (sim.clock as FakeClock).advance(1000);
  assert.equal((await call(P('ptz-stop'), cam('C00000001'))).code, '200');
  assert.equal((await call(P('preset-call'), cam('C00000001', { index: 1 }))).code, '200');
  (sim.clock as FakeClock).advance(1000);
};

const MSG = {
  illegalSerial: 'Illegal deviceSerial',
  netEx: 'Network exception.',
  userNoDevice: 'The user does not have this device.',
  noThisDevice: 'No this device.',
  chanInUser: 'The channel does not exist in this user.',
  chan: 'The channel does not exist.',
  notSupported: 'This command is not supported.',
};

const CASES: Case[] = [
  // --- table 7.1 ---
  {
    title: 'token/get with the demo key',
    code: '200',
    msg: 'Operation succeeded!',
    path: TOKEN_PATH,
    fields: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' },
  },
  {
    title: 'ptz/start without channelNo',
    code: '10001',
    msg: 'Parameters error.',
    path: P('ptz-start'),
    fields: { accessToken: T, deviceSerial: 'C00000001', direction: 0, speed: 1 },
  },
  {
    title: 'an expired token',
    code: '10002',
    msg: 'accessToken exception or expired.',
    path: P('ptz-start'),
    fields: { ...start('C00000001'), accessToken: 'at.expired-token' },
  },
  {
    title: 'a token of a frozen app key',
    code: '10005',
    msg: 'appKey exception.',
    path: P('ptz-start'),
    fields: { ...start('C00000001'), accessToken: 'at.frozen-token' },
  },
  {
    title: 'an unknown device',
    code: '20002',
    msg: 'Device does not exist.',
    path: P('ptz-start'),
    fields: start('C99999999'),
  },
  {
    title: 'a device with the dataException flag',
    code: '49999',
    msg: 'Data exception.',
    path: P('ptz-start'),
    fields: start('C0000000B'),
  },
  // --- token path (docs/behaviour.md section 7) ---
  {
    title: 'token/get with a frozen app key',
    code: '10005',
    msg: 'appKey exception.',
    path: TOKEN_PATH,
    fields: { appKey: 'frozen-app-key', appSecret: 'frozen-app-secret' },
  },
  {
    title: 'token/get with an unknown app key',
    code: '10017',
    msg: 'appKey does not exist.',
    path: TOKEN_PATH,
    fields: { appKey: 'no-such-key', appSecret: 'x' },
  },
  {
    title: 'token/get with a wrong secret',
    code: '10030',
    msg: 'appKey and appSecret mismatch.',
    path: TOKEN_PATH,
    fields: { appKey: 'demo-app-key', appSecret: 'wrong' },
  },
  {
    title: 'token/get without appSecret',
    code: '10001',
    msg: 'Parameters error.',
    path: TOKEN_PATH,
    fields: { appKey: 'demo-app-key' },
  },
  // --- table 7.2 ---
  {
    title: 'an unknown phone (4.2)',
    code: '10004',
    msg: 'The user does not exist.',
    path: P('storage-info'),
    fields: { accessToken: T, deviceSerial: 'C00000001', phone: '13900000000' },
  },
  {
    title: 'an unknown phone (4.1)',
    code: '10004',
    msg: 'The user does not exist.',
    path: P('storage-open'),
    fields: { accessToken: T, deviceSerial: 'C00000001', phone: '13900000000', cardPassword: 'CARD-VALID-0001' },
  },
  ...SECTION_4.map((op): Case => {
    const section = OPERATIONS[op].section;
    return {
      title: `an illegal serial (${section})`,
      code: '20014',
      msg: ['4.1', '4.2', '4.7', '4.8'].includes(section) ? MSG.illegalSerial : MSG.netEx,
      path: P(op),
      fields: cam('c0000001', { direction: 0, speed: 1, command: 0, index: 1, cardPassword: 'CARD-VALID-0001' }),
    };
  }),
  {
    title: 'a phone user without the device (4.1)',
    code: '20018',
    msg: MSG.userNoDevice,
    path: P('storage-open'),
    fields: { accessToken: T, deviceSerial: 'C00000001', phone: '13800000002', cardPassword: 'CARD-VALID-0001' },
  },
  {
    title: 'a device of another account (4.2)',
    code: '20018',
    msg: MSG.userNoDevice,
    path: P('storage-info'),
    fields: { accessToken: T, deviceSerial: 'C00000004' },
  },
  {
    title: 'a device of another account (4.3, text not in the API notes)',
    code: '20018',
    msg: MSG.userNoDevice,
    path: P('ptz-start'),
    fields: start('C00000004'),
  },
  {
    title: 'a device of another account (4.7)',
    code: '20018',
    msg: MSG.noThisDevice,
    path: P('preset-call'),
    fields: cam('C00000004', { index: 1 }),
  },
  {
    title: 'a device of another account (4.8)',
    code: '20018',
    msg: MSG.noThisDevice,
    path: P('preset-clear'),
    fields: cam('C00000004', { index: 1 }),
  },
  ...SECTION_4.map((op): Case => {
    const section = OPERATIONS[op].section;
    return {
      title: `a missing channel (${section})`,
      code: '20032',
      msg: ['4.7', '4.8'].includes(section) ? MSG.chan : MSG.chanInUser,
      path: P(op),
      fields: cam('C00000001', {
        channelNo: 2,
        direction: 0,
        speed: 1,
        command: 0,
        index: 1,
        cardPassword: 'CARD-VALID-0001',
      }),
    };
  }),
  {
    title: 'a device with the storageError flag (4.2)',
    code: '60012',
    msg: 'Unknown error.',
    path: P('storage-info'),
    fields: { accessToken: T, deviceSerial: 'C0000000C' },
  },
  {
    title: 'a device with the storageError flag (4.1)',
    code: '60012',
    msg: 'Unknown error.',
    path: P('storage-open'),
    fields: { accessToken: T, deviceSerial: 'C0000000C', cardPassword: 'CARD-VALID-0001' },
  },
  {
    title: 'a device with the networkError flag',
    code: '20006',
    msg: 'Network exception.',
    path: P('ptz-start'),
    fields: start('C00000008'),
  },
  {
    title: 'an offline device',
    code: '20007',
    msg: 'The device is offline.',
    path: P('ptz-start'),
    fields: start('C00000002'),
  },
  {
    title: 'a device with the timeout flag',
    code: '20008',
    msg: 'Device requesting timeout.',
    path: P('preset-add'),
    fields: cam('C00000009'),
  },
  {
    title: 'a device without PTZ',
    code: '60000',
    msg: 'The device does not support PTZ control',
    path: P('ptz-start'),
    fields: start('C00000003'),
  },
  {
    title: 'an encrypted device',
    code: '60001',
    msg: 'No PTZ control permission.',
    path: P('ptz-start'),
    fields: start('C00000005'),
  },
  {
    title: 'a device with the ptzFails flag',
    code: '60006',
    msg: 'PTZ operation failed.',
    path: P('ptz-start'),
    fields: start('C0000000A'),
  },
  {
    title: 'a start while a start still runs',
    code: '60006',
    msg: 'PTZ operation failed.',
    path: P('ptz-start'),
    fields: start('C00000001', 2),
    setup: async (_s, call) => assert.equal((await call(P('ptz-start'), start('C00000001', 3))).code, '200'),
  },
  {
    title: 'a start up at the upper limit',
    code: '60002',
    msg: 'Device PTZ reached upper limit.',
    path: P('ptz-start'),
    fields: start('C00000001', 0),
    setup: driveTo(0),
  },
  {
    title: 'a start down at the lower limit',
    code: '60003',
    msg: 'Device PTZ reached lower limit.',
    path: P('ptz-start'),
    fields: start('C00000001', 1),
    setup: driveTo(1),
  },
  {
    title: 'a start left at the left limit',
    code: '60004',
    msg: 'Device PTZ reached left limit.',
    path: P('ptz-start'),
    fields: start('C00000001', 2),
    setup: driveTo(2),
  },
  {
    title: 'a start right at the right limit',
    code: '60005',
    msg: 'Device PTZ reached right limit.',
    path: P('ptz-start'),
    fields: start('C00000001', 3),
    setup: driveTo(3),
  },
  {
    title: 'the 5th preset on a 4-preset model',
    code: '60007',
    msg: 'No more preset can be set.',
    path: P('preset-add'),
    fields: cam('C00000007'),
    setup: addPresets('C00000007', 4),
  },
  {
    title: 'the 13th preset',
    code: '60008',
    msg: 'No more presets can be added for the limited model.',
    path: P('preset-add'),
    fields: cam('C00000001'),
    setup: addPresets('C00000001', 12),
  },
  ...(['ptz-start', 'ptz-stop', 'ptz-mirror', 'preset-call', 'preset-clear'] as OperationName[]).map((op): Case => ({
    title: `${op} while a preset call moves (${OPERATIONS[op].section})`,
    code: '60009',
    msg: 'Calling the preset.',
    path: P(op),
    fields: cam('C00000001', { direction: 0, speed: 1, command: 0, index: 1 }),
    setup: calling,
  })),
  {
    title: 'calling the preset the camera stands at',
    code: '60010',
    msg: 'Preset called.',
    path: P('preset-call'),
    fields: cam('C00000001', { index: 1 }),
    setup: async (sim, call) => {
      await calling(sim, call);
      (sim.clock as FakeClock).advance(1000);
    },
  },
  {
    title: 'calling an unknown preset',
    code: '60011',
    msg: 'The preset does not exist.',
    path: P('preset-call'),
    fields: cam('C00000001', { index: 5 }),
  },
  {
    title: 'storage/open on a device without cloud storage (4.1)',
    code: '60020',
    msg: 'The device does not support cloud storage.',
    path: P('storage-open'),
    fields: { accessToken: T, deviceSerial: 'C00000003', cardPassword: 'CARD-VALID-0001' },
  },
  {
    title: 'zoom on a device without zoom (4.3)',
    code: '60020',
    msg: MSG.notSupported,
    path: P('ptz-start'),
    fields: start('C00000007', 8),
  },
  {
    title: 'stop with a zoom direction on a device without zoom (4.4)',
    code: '60020',
    msg: MSG.notSupported,
    path: P('ptz-stop'),
    fields: cam('C00000007', { direction: 9 }),
  },
  {
    title: 'mirror on a device without mirror (4.5)',
    code: '60020',
    msg: MSG.notSupported,
    path: P('ptz-mirror'),
    fields: cam('C0000000D', { command: 1 }),
  },
  {
    title: 'preset call on a device without presets (4.7)',
    code: '60020',
    msg: MSG.notSupported,
    path: P('preset-call'),
    fields: cam('C0000000D', { index: 1 }),
  },
  {
    title: 'preset clear on a device without presets (4.8)',
    code: '60020',
    msg: MSG.notSupported,
    path: P('preset-clear'),
    fields: cam('C0000000D', { index: 1 }),
  },
  {
    title: 'a card password after 5 wrong ones',
    code: '60030',
    msg: 'No more incorrect card password attempts are allowed. Input again after 24 hours.',
    path: P('storage-open'),
    fields: { accessToken: T, deviceSerial: 'C00000001', cardPassword: 'CARD-VALID-0001' },
    setup: async (_s, call) => {
      for (let i = 0; i < 5; i += 1) {
        const r = await call(P('storage-open'), {
          accessToken: T,
          deviceSerial: 'C00000001',
          cardPassword: `WRONG-${i}`,
        });
        assert.equal(r.code, '60031');
      }
    },
  },
  {
    title: 'an unknown card password',
    code: '60031',
    msg: 'Card password information does not exist.',
    path: P('storage-open'),
    fields: { accessToken: T, deviceSerial: 'C00000001', cardPassword: 'NO-SUCH-CARD' },
  },
  {
    title: 'a used card password',
    code: '60032',
    msg: 'Card password status error.',
    path: P('storage-open'),
    fields: { accessToken: T, deviceSerial: 'C00000001', cardPassword: 'CARD-USED-0001' },
  },
  {
    title: 'a not-for-sale card on another device',
    code: '60033',
    msg: 'The card password is not for sale. Only the binding device can be enabled.',
    path: P('storage-open'),
    fields: { accessToken: T, deviceSerial: 'C00000001', cardPassword: 'CARD-BOUND-0001' },
  },
  {
    title: 'a card that fails to enable',
    code: '60035',
    msg: 'Enabling the cloud storage service failed.',
    path: P('storage-open'),
    fields: { accessToken: T, deviceSerial: 'C00000001', cardPassword: 'CARD-FAIL-0001' },
  },
];

/** Codes of the tables of docs/api/open-api.md sections 7.1 and 7.2: each must have a case above. */
const SPEC_CODES = [
  '200',
  '10001',
  '10002',
  '10005',
  '20002',
  '49999',
  '10004',
  '20014',
  '20018',
  '20032',
  '60012',
  '20006',
  '20007',
  '20008',
  '60000',
  '60001',
  '60006',
  '60002',
  '60003',
  '60004',
  '60005',
  '60007',
  '60008',
  '60009',
  '60010',
  '60011',
  '60020',
  '60030',
  '60031',
  '60032',
  '60033',
  '60035',
];

describe('simulator: every reply code', function () {
  let sim: Simulator;
  const call = (path: string, f: Fields): Promise<ApiReply> => callApi(sim.url, path, f);

  beforeEach(async () => {
    sim = await startSimulator({ port: 0, clock: new FakeClock(START) });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('has a case for every code of docs/api/open-api.md sections 7.1 and 7.2', () => {
    const covered = new Set(CASES.map((c) => c.code));
    assert.deepEqual(
      SPEC_CODES.filter((c) => !covered.has(c)),
      [],
    );
  });

  for (const c of CASES) {
    it(`${c.code}: ${c.title}`, async () => {
      if (c.setup) await c.setup(sim, call);
      const r = await call(c.path, c.fields);
      assert.equal(r.code, c.code, `reply ${JSON.stringify(r)}`);
      assert.equal(typeof r.code, 'string');
      assert.equal(r.msg, c.msg);
      // China-region keys: errors carry data: null (docs/behaviour.md section 6, 0.2).
      if (c.code !== '200') assert.equal(r.data, null);
    });
  }
});
