// Pictures you can see (docs/behaviour.md section 17) in Node-RED against the simulator: a capture
// of the encrypted camera C00000005 downloaded and decrypted with the account's verification
// codes; no code: PICTURE_LOCKED; a wrong code: WRONG_CODE naming the camera, never the code.

import assert from 'assert';
import { startSimulator, type Simulator } from '../../../simulator';
import { load, nextMessage, node, secrets, unload } from '../../support/red';
import { statusKey } from '../../../runtime/i18n/status-keys';

const flow = (url: string) => [
  { id: 'tab1', type: 'tab', label: 't' },
  { id: 'cfg', type: 'ezviz-config', baseUrl: url, timeout: 5000, maxRetries: 0, retryDelay: 100 },
  {
    id: 'cap',
    type: 'ezviz-capture',
    z: 'tab1',
    config: 'cfg',
    deviceSerial: 'C00000005',
    deviceSerialType: 'str',
    channelNo: '1',
    channelNoType: 'num',
    download: true,
    wires: [['ok'], ['err']],
  },
  { id: 'ok', type: 'helper', z: 'tab1' },
  { id: 'err', type: 'helper', z: 'tab1' },
];

describe('pictures: a capture of an encrypted camera, decrypted (docs/behaviour.md section 17)', function () {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ port: 0 });
  });
  after(async () => {
    await unload();
    await sim.close();
  });
  afterEach(() => unload());

  it('the account code decrypts: a JPEG Buffer, msg.ezviz.picture says encrypted', async () => {
    await load(flow(sim.url), {
      cfg: { accessToken: 'at.demo-token', verificationCodes: '# cameras\nc00000005 = ABCDEF\n' },
    });
    const got = nextMessage('ok');
    node('cap').receive({ payload: {} });
    const msg = await got;
    assert.ok(Buffer.isBuffer(msg.payload));
    assert.deepStrictEqual([...msg.payload.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.deepStrictEqual(
      { ...msg.ezviz.picture, url: undefined },
      { url: undefined, encrypted: true, bytes: msg.payload.length, type: 'image/jpeg', count: 1 },
    );
  });

  it("the node's own verificationCode credential (like the other nodes that take a code): message > node > account", async () => {
    secrets.add('WRONGCAP');
    const own = flow(sim.url).map((n) =>
      n.id === 'cap' ? { ...n, verificationCode: '', verificationCodeType: 'cred' } : n,
    );
    // The account's line is wrong, the node's own credential right: the node's wins.
    await load(own, {
      cfg: { accessToken: 'at.demo-token', verificationCodes: 'C00000005 WRONGCAP' },
      cap: { verificationCode: 'ABCDEF' },
    });
    let got = nextMessage('ok');
    node('cap').receive({ payload: {} });
    let msg = await got;
    assert.ok(Buffer.isBuffer(msg.payload), 'opened with the node credential');
    assert.strictEqual(msg.ezviz.picture.encrypted, true);
    // The message's code wins over the node's.
    got = nextMessage('err', 10000);
    node('cap').receive({ payload: { verificationCode: 'WRONGCAP' } });
    msg = await got;
    assert.strictEqual(msg.error.code, 'WRONG_CODE');
    assert.ok(!JSON.stringify(msg).includes('ABCDEF') && !JSON.stringify(msg).includes('WRONGCAP'));
    // Never sent to the API: the capture request carries no code.
    for (const e of sim.requestLog({ path: '/api/lapp/device/capture' }))
      assert.deepStrictEqual(Object.keys(e.fields).sort(), ['accessToken', 'channelNo', 'deviceSerial']);
  });

  it('no code: PICTURE_LOCKED; a wrong code: WRONG_CODE naming the camera, never the code', async () => {
    secrets.add('WRONGX');
    await load(flow(sim.url), { cfg: { accessToken: 'at.demo-token' } });
    // The status reads like the others, "<short text> (<code>)", not "error (WRONG_CODE)".
    const shown: string[] = [];
    const cap = node<{ status(s: { text?: string }): void }>('cap');
    const status = cap.status.bind(cap);
    cap.status = (st) => {
      shown.push(String(st.text));
      status(st);
    };
    let got = nextMessage('err');
    node('cap').receive({ payload: {} });
    let msg = await got;
    assert.deepStrictEqual([msg.error.code, msg.error.source, msg.error.retriable], ['PICTURE_LOCKED', 'local', false]);
    assert.match(msg.error.message, /C00000005/);
    assert.strictEqual(shown.at(-1), statusKey('code.PICTURE_LOCKED'));
    got = nextMessage('err', 10000);
    node('cap').receive({ payload: { verificationCode: 'WRONGX' } });
    msg = await got;
    assert.deepStrictEqual([msg.error.code, msg.error.source, msg.error.retriable], ['WRONG_CODE', 'local', false]);
    assert.match(msg.error.message, /C00000005/);
    assert.ok(!JSON.stringify(msg.payload).includes('WRONGX'));
    assert.strictEqual(msg.ezviz.input.verificationCode, '***');
    assert.strictEqual(shown.at(-1), statusKey('code.WRONG_CODE'));
    console.log(`      WRONG_CODE: ${msg.error.message}`);
  });
});
