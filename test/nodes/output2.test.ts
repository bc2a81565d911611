// What a first-time user sees: output 2 carries the error in msg.payload with the
// incoming payload (secrets masked) and the request; a node setting that beats a different value
// in msg.payload is reported once; statuses are catalog keys with the code; a config or token
// failure colours only the nodes that tried to send.

import { statusWithArgs } from '../../runtime/i18n/status-keys';
import assert from 'assert';
import { statusKey } from '../../runtime/i18n/status-keys';
import type { Simulator } from '../../simulator';
import {
  buildFlow,
  collect,
  delay,
  helper,
  load,
  loadOp,
  ptzStartSettings,
  run,
  simulatorPerTest,
  text,
} from '../support/red';

type Spy = { args: unknown[][]; thisValues: unknown[] };

function statuses(id: string): Array<{ fill?: string; shape?: string; text?: string }> {
  const n = helper.getNode(id);
  const spy = n.status as unknown as Spy;
  return spy.args.filter((_a, i) => spy.thisValues[i] === n).map((a) => a[0] as { text?: string });
}

/** Warnings logged by the operation nodes (not the runtime's own). */
function warnings(): string[] {
  return helper
    .log()
    .args.map((a) => a[0])
    .filter((e: { level: number; type?: string }) => e.level === 30 && /^ezviz-/.test(String(e.type)))
    .map((e: { msg: unknown }) => String(e.msg));
}

describe('first-time user: output 2, ignored settings, statuses', function () {
  let sim: Simulator;
  simulatorPerTest((s) => {
    sim = s;
  });

  it('a wrong serial: payload is the error (code and text), msg.ezviz says which camera and keeps the input', async () => {
    // a timestamp payload as an inject sends it, with the serial set in the node
    const inject = { payload: 1795431256289, topic: 'press' };
    await loadOp('ptz-start', sim.url, {
      props: ptzStartSettings('C99999999', ['right', 'direction'], ['fast', 'speed']),
    });
    const { port, msg } = await run(inject);
    assert.strictEqual(port, 'err');
    assert.strictEqual(msg.payload.code, '20002', JSON.stringify(msg.payload));
    assert.strictEqual(msg.payload.source, 'api');
    assert.strictEqual(msg.payload.operation, 'ptz-start');
    assert.strictEqual(msg.payload.hint, text('hints.20002'));
    assert.deepStrictEqual(msg.payload, msg.error);
    assert.deepStrictEqual(msg.ezviz, {
      operation: 'ptz-start',
      input: 1795431256289,
      request: { deviceSerial: 'C99999999', channelNo: 1, direction: 3, speed: 2 },
    });
    assert.strictEqual(msg.topic, 'press');
    const last = statuses('op').pop();
    assert.deepStrictEqual(last, { fill: 'red', shape: 'ring', text: statusKey('code.20002') });
    assert.strictEqual(text('status.code.20002'), 'no such device (20002)');
  });

  it('secrets in the incoming payload are masked in msg.ezviz.input, also under another key', async () => {
    await loadOp('storage-open', sim.url, { props: { cardPassword: 'payload.card.pw', cardPasswordType: 'msg' } });
    const payload = {
      deviceSerial: 'C00000003',
      card: { pw: 'CARD-VALID-0004' },
      note: 'CARD-VALID-0004',
      accessToken: 'at.mine',
      nested: [{ appSecret: 's3cr3t', cardPassword: 'x' }],
    };
    const { port, msg } = await run({ payload });
    assert.strictEqual(port, 'err');
    assert.strictEqual(msg.error.code, '60020');
    assert.deepStrictEqual(msg.ezviz.input, {
      deviceSerial: 'C00000003',
      card: { pw: '***' },
      note: '***',
      accessToken: '***',
      nested: [{ appSecret: '***', cardPassword: '***' }],
    });
    assert.deepStrictEqual(msg.ezviz.request, { deviceSerial: 'C00000003' });
    assert.ok(!JSON.stringify(msg.payload).includes('CARD-VALID-0004'));
    // the caller's own object is not changed
    assert.strictEqual(payload.card.pw, 'CARD-VALID-0004');
  });

  it('a validation error names the camera that would have been asked', async () => {
    await loadOp('ptz-start', sim.url);
    const { port, msg } = await run({
      payload: { deviceSerial: 'C00000001', channelNo: 2, direction: 'sideways', speed: 'slow' },
    });
    assert.strictEqual(port, 'err');
    assert.strictEqual(msg.payload.code, '10001');
    assert.deepStrictEqual(msg.ezviz.request, { deviceSerial: 'C00000001', channelNo: 2, speed: 0 });
    assert.deepStrictEqual(sim.requestLog(), []);
  });

  it('a node setting that beats a different msg.payload value: warned once per parameter, log and status', async () => {
    await loadOp('ptz-start', sim.url, {
      props: ptzStartSettings('C00000001', ['up', 'direction'], ['medium', 'speed']),
    });
    // same values written differently: no warning
    const same = await run({ payload: { deviceSerial: 'c00000001', direction: 0, speed: 'MEDIUM' } });
    assert.strictEqual(same.port, 'ok', JSON.stringify(same.msg.error));
    assert.deepStrictEqual(warnings(), []);
    const a = await run({ payload: { direction: 'right', speed: 'medium' } });
    assert.strictEqual(a.port, 'ok');
    assert.strictEqual(a.msg.ezviz.request.direction, 0, 'the node setting wins');
    const w1 = warnings();
    assert.strictEqual(w1.length, 1, JSON.stringify(w1));
    assert.strictEqual(w1[0], text('log.ignored', { param: 'direction', value: '"right"', setting: '"up"' }));
    await delay(5);
    assert.deepStrictEqual(statuses('op').pop(), {
      fill: 'yellow',
      shape: 'dot',
      text: statusKey('ignored.direction'),
    });
    assert.strictEqual(text('status.ignored.direction'), 'direction ignored');
    // once per parameter: the same again says nothing, another parameter says it once
    await run({ payload: { direction: 'left' } });
    await run({ payload: { direction: 'left', deviceSerial: 'C00000007' } });
    await run({ payload: { direction: 'down', deviceSerial: 'C00000005' } });
    const w2 = warnings();
    assert.strictEqual(w2.length, 2, JSON.stringify(w2));
    assert.ok(w2[1].includes('deviceSerial') && w2[1].includes('C00000007'), w2[1]);
    await delay(5);
    assert.deepStrictEqual(statuses('op').pop(), { fill: 'green', shape: 'dot', text: statusKey('ok') });
  });

  it('an ignored card password is reported without its value', async () => {
    await loadOp('storage-open', sim.url, {
      props: { deviceSerial: 'C00000003', deviceSerialType: 'str', cardPassword: '', cardPasswordType: 'cred' },
      nodeCreds: { cardPassword: 'CARD-VALID-0002' },
    });
    await run({ payload: { cardPassword: 'CARD-VALID-0005' } });
    const w = warnings();
    assert.strictEqual(w.length, 1);
    assert.ok(w[0].includes('cardPassword') && !w[0].includes('CARD-VALID'), w[0]);
  });

  it('no credentials: only the node that tried to send turns red, none at deploy', async () => {
    const { flow, credentials } = buildFlow('ptz-mirror', sim.url, { count: 2, creds: {} });
    await load(flow, credentials);
    await delay(5);
    assert.deepStrictEqual(statuses('op'), []);
    assert.deepStrictEqual(statuses('op2'), []);
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(r.msg.error.code, 'NO_CREDENTIALS');
    await delay(5);
    assert.deepStrictEqual(statuses('op').pop(), { fill: 'red', shape: 'ring', text: statusKey('noCredentials') });
    assert.deepStrictEqual(statuses('op2'), []);
  });

  it('a failing token: only the nodes that sent show it, with the reason', async () => {
    const { flow, credentials } = buildFlow('ptz-mirror', sim.url, {
      count: 2,
      creds: { appKey: 'demo-app-key', appSecret: 'wrong-secret' },
    });
    await load(flow, credentials);
    const got = collect(['ok', 'err']);
    helper.getNode('op').receive({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    await got.wait(1);
    await delay(5);
    assert.strictEqual(got.err[0].error.code, '10030');
    assert.deepStrictEqual(statuses('op').pop(), { fill: 'red', shape: 'ring', text: statusKey('code.10030') });
    assert.deepStrictEqual(statuses('op2'), []);
  });

  it('a code without a status text of its own: "error (code)" in the runtime language', async () => {
    await loadOp('ptz-mirror', sim.url);
    sim.injectFault({ kind: 'http500', count: 5 });
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 2 } });
    assert.strictEqual(r.msg.error.code, 'HTTP_500');
    await delay(5);
    assert.deepStrictEqual(statuses('op').pop(), {
      fill: 'red',
      shape: 'ring',
      text: statusWithArgs('error', { code: 'HTTP_500' }),
    });
  });
});
