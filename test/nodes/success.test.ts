// Success path and field mapping of every operation node, against the simulator over HTTP.

import assert from 'assert';
import { statusKey } from '../../runtime/i18n/status-keys';
import type { FakeClock, Simulator } from '../../simulator';
import { collect, delay, helper, loadOp, node, ptzStartSettings, run, text, unload } from '../support/red';
import { fakeClockSimulator } from '../support/fake-time';

describe('operation nodes: success', function () {
  let sim: Simulator;
  let clock: FakeClock;

  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]), Date.parse('2026-03-01T00:00:00Z'));

  it('storage-info maps data, statusText and ISO dates; request without token', async () => {
    await loadOp('storage-info', sim.url, { props: { deviceSerial: 'c00000001', deviceSerialType: 'str' } });
    const { port, msg } = await run({ payload: { channelNo: 1 }, topic: 't' });
    assert.strictEqual(port, 'ok');
    assert.strictEqual(msg.topic, 't');
    assert.strictEqual(msg.payload.deviceSerial, 'C00000001');
    assert.strictEqual(msg.payload.status, 1);
    assert.strictEqual(msg.payload.statusText, 'activated');
    assert.strictEqual(msg.payload.startDate, new Date(msg.payload.startTime).toISOString());
    assert.strictEqual(msg.payload.expireDate, new Date(msg.payload.expireTime).toISOString());
    assert.ok(Date.parse(msg.payload.expireDate) > clock.now());
    assert.deepStrictEqual(msg.ezviz.request, { deviceSerial: 'C00000001', channelNo: 1 });
    assert.strictEqual(msg.ezviz.operation, 'storage-info');
    assert.strictEqual(msg.ezviz.code, '200');
    assert.strictEqual(typeof msg.ezviz.msg, 'string');
    assert.ok(Number.isInteger(msg.ezviz.durationMs) && msg.ezviz.durationMs >= 0);
    const log = sim.requestLog({ path: '/api/lapp/cloud/storage/device/info' });
    assert.strictEqual(log.length, 1);
    assert.deepStrictEqual(log[0].fields, { accessToken: '***', deviceSerial: 'C00000001', channelNo: '1' });
  });

  it('storage-info leaves optional parameters out and maps serviceDetail', async () => {
    await loadOp('storage-info', sim.url);
    const { port, msg } = await run({ payload: { deviceSerial: 'C00000006' } });
    assert.strictEqual(port, 'ok');
    assert.deepStrictEqual(msg.ezviz.request, { deviceSerial: 'C00000006' });
    assert.deepStrictEqual(sim.requestLog()[0].fields, { accessToken: '***', deviceSerial: 'C00000006' });
    assert.ok(msg.payload.serviceDetail, 'serviceDetail present');
    assert.strictEqual(typeof msg.payload.serviceDetail.statusText, 'string');
    assert.strictEqual(
      msg.payload.serviceDetail.startDate,
      new Date(msg.payload.serviceDetail.startTime).toISOString(),
    );
  });

  it('storage-open with the card password as node credential: payload {code,msg}, no password in msg', async () => {
    await loadOp('storage-open', sim.url, {
      props: {
        deviceSerial: 'C00000003',
        deviceSerialType: 'str',
        cardPassword: '',
        cardPasswordType: 'cred',
        isImmediately: 'yes',
        isImmediatelyType: 'str',
      },
      nodeCreds: { cardPassword: 'CARD-VALID-0002' },
    });
    const { port, msg } = await run({ payload: 'keep me?' });
    // C00000003 has no cloud storage: an API error proves the request was sent with the card
    assert.strictEqual(port, 'err');
    assert.strictEqual(msg.error.code, '60020');
    assert.deepStrictEqual(msg.payload, msg.error);
    assert.strictEqual(msg.ezviz.input, 'keep me?');
    assert.deepStrictEqual(msg.ezviz.request, { deviceSerial: 'C00000003', isImmediately: 1 });
    const log = sim.requestLog({ path: '/api/lapp/cloud/storage/open' });
    assert.deepStrictEqual(log[0].fields, {
      accessToken: '***',
      deviceSerial: 'C00000003',
      cardPassword: '***',
      isImmediately: '1',
    });

    sim.clearLog();
    const n = node<any>('op'); // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.ok(n);
  });

  it('storage-open success: card from msg.payload, request lists everything but the password', async () => {
    await loadOp('storage-open', sim.url, { props: { cardPassword: '', cardPasswordType: 'cred' } });
    const { port, msg } = await run({
      payload: {
        deviceSerial: 'C00000001',
        cardPassword: 'CARD-VALID-0001',
        phone: '13800000001',
        channelNo: '1',
        isImmediately: 0,
      },
    });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    assert.deepStrictEqual(Object.keys(msg.payload).sort(), ['code', 'msg']);
    assert.strictEqual(msg.payload.code, '200');
    assert.deepStrictEqual(msg.ezviz.request, {
      deviceSerial: 'C00000001',
      phone: '13800000001',
      channelNo: 1,
      isImmediately: 0,
    });
    assert.ok(!JSON.stringify(msg.ezviz).includes('CARD-VALID-0001'));
  });

  it('ptz-start and ptz-stop send names as numbers, serial upper-case', async () => {
    await loadOp('ptz-start', sim.url, { props: ptzStartSettings('c00000001', ['up-left', 'str'], ['fast', 'str']) });
    const r = await run({ payload: {} });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.deepStrictEqual(r.msg.payload, { code: '200', msg: r.msg.ezviz.msg });
    assert.deepStrictEqual(r.msg.ezviz.request, { deviceSerial: 'C00000001', channelNo: 1, direction: 4, speed: 2 });
    assert.deepStrictEqual(sim.requestLog()[0].fields, {
      accessToken: '***',
      deviceSerial: 'C00000001',
      channelNo: '1',
      direction: '4',
      speed: '2',
    });
    await unload();

    await loadOp('ptz-stop', sim.url);
    const s = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, direction: 'up-left' } });
    assert.strictEqual(s.port, 'ok', JSON.stringify(s.msg.error));
    assert.deepStrictEqual(s.msg.ezviz.request, { deviceSerial: 'C00000001', channelNo: 1, direction: 4 });
  });

  it('ptz-mirror sends the command number', async () => {
    await loadOp('ptz-mirror', sim.url, { props: { command: 'left-right', commandType: 'str' } });
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1 } });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.deepStrictEqual(r.msg.ezviz.request, { deviceSerial: 'C00000001', channelNo: 1, command: 1 });
  });

  it("the editor's select types (direction, speed, mirror, immediately) are literal values", async () => {
    await loadOp('ptz-start', sim.url, {
      props: ptzStartSettings('C00000001', ['right', 'direction'], ['slow', 'speed']),
    });
    const r = await run({ payload: { direction: 'up', speed: 'fast' } });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.deepStrictEqual(r.msg.ezviz.request, { deviceSerial: 'C00000001', channelNo: 1, direction: 3, speed: 0 });
    await unload();

    await loadOp('ptz-mirror', sim.url, { props: { command: 'up-down', commandType: 'mirror' } });
    const m = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, command: 'center' } });
    assert.strictEqual(m.port, 'ok', JSON.stringify(m.msg.error));
    assert.strictEqual(m.msg.ezviz.request.command, 0);
  });

  it('preset-add answers {index} (and presetName), preset-call and preset-clear by number', async () => {
    await loadOp('preset-add', sim.url, {
      props: { deviceSerial: 'C00000001', deviceSerialType: 'str', channelNo: '1', channelNoType: 'num' },
    });
    const a = await run({ payload: {} });
    assert.strictEqual(a.port, 'ok', JSON.stringify(a.msg.error));
    assert.ok(Number.isInteger(a.msg.payload.index));
    assert.deepStrictEqual(a.msg.payload, { index: a.msg.payload.index });
    // the lowest free number (the default state's C00000001 has presets 1 and 3)
    const saved = sim.state.devices.C00000001.channels['1'].presets;
    let next = 1;
    while (saved[String(next)]) next++;
    const b = await run({ payload: { presetName: 'door' } });
    assert.deepStrictEqual(b.msg.payload, { index: next, presetName: 'door' });
    assert.deepStrictEqual(b.msg.ezviz.request, { deviceSerial: 'C00000001', channelNo: 1 });
    await unload();

    await loadOp('preset-call', sim.url);
    const c = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, index: a.msg.payload.index } });
    assert.strictEqual(c.port, 'ok', JSON.stringify(c.msg.error));
    assert.deepStrictEqual(c.msg.ezviz.request, {
      deviceSerial: 'C00000001',
      channelNo: 1,
      index: a.msg.payload.index,
    });
    await unload();

    clock.advance(5000); // the preset call has finished
    await loadOp('preset-clear', sim.url);
    const d = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1, index: String(b.msg.payload.index) } });
    assert.strictEqual(d.port, 'ok', JSON.stringify(d.msg.error));
    assert.deepStrictEqual(d.msg.ezviz.request, {
      deviceSerial: 'C00000001',
      channelNo: 1,
      index: b.msg.payload.index,
    });
  });

  it('node setting beats msg.payload; msg, flow, global and env typed inputs', async () => {
    process.env.EZVIZ_TEST_SERIAL = 'C00000001';
    await loadOp('ptz-mirror', sim.url, {
      props: {
        deviceSerial: 'EZVIZ_TEST_SERIAL',
        deviceSerialType: 'env',
        channelNo: 'cam.ch',
        channelNoType: 'msg',
        command: 'mirrorCommand',
        commandType: 'flow',
      },
    });
    const n = helper.getNode('op');
    n.context().flow.set('mirrorCommand', 'center');
    const r = await run({ cam: { ch: 1 }, payload: { deviceSerial: 'C00000003', channelNo: 5, command: 0 } });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.deepStrictEqual(r.msg.ezviz.request, { deviceSerial: 'C00000001', channelNo: 1, command: 2 });
    delete process.env.EZVIZ_TEST_SERIAL;
    await unload();

    await loadOp('ptz-mirror', sim.url, {
      props: {
        command: 'mc',
        commandType: 'global',
        deviceSerial: 'C00000001',
        deviceSerialType: 'str',
        channelNo: '1',
        channelNoType: 'num',
      },
    });
    helper.getNode('op').context().global.set('mc', 0);
    const g = await run({ payload: null });
    assert.strictEqual(g.port, 'ok', JSON.stringify(g.msg.error));
    assert.strictEqual(g.msg.ezviz.request.command, 0);
  });

  it('status: blue while requesting, then green OK (texts from the catalog)', async () => {
    await loadOp('ptz-mirror', sim.url, { props: { command: '2', commandType: 'num' } });
    const n = helper.getNode('op');
    const r = await run({ payload: { deviceSerial: 'C00000001', channelNo: 1 } });
    assert.strictEqual(r.port, 'ok');
    await delay(5);
    const calls = (n.status as unknown as { args: unknown[][] }).args
      .filter((_a, i) => (n.status as unknown as { thisValues: unknown[] }).thisValues[i] === n)
      .map((a) => a[0]);
    assert.deepStrictEqual(calls.slice(-2), [
      { fill: 'blue', shape: 'dot', text: statusKey('requesting') },
      { fill: 'green', shape: 'dot', text: statusKey('ok') },
    ]);
    assert.strictEqual(text('status.ok'), 'OK');
  });

  it('status under concurrency: blue when the first request starts, green when the last ends', async () => {
    await loadOp('storage-info', sim.url);
    const n = helper.getNode('op');
    const got = collect();
    sim.injectFault({ kind: 'latency', ms: 30, count: 5 });
    for (let i = 0; i < 5; i++) n.receive({ payload: { deviceSerial: 'C00000001' } });
    await got.wait(5);
    await delay(5);
    const spy = n.status as unknown as { args: unknown[][]; thisValues: unknown[] };
    const own = spy.args.filter((_a, i) => spy.thisValues[i] === n).map((a) => a[0]);
    assert.deepStrictEqual(own, [
      { fill: 'blue', shape: 'dot', text: statusKey('requesting') },
      { fill: 'green', shape: 'dot', text: statusKey('ok') },
    ]);
  });
});
