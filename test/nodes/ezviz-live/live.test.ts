// ezviz-live in Node-RED against the simulator (docs/behaviour.md section 13): the address and
// msg.ezviz.live, the shared cache of the config node (one request per lifetime, concurrent asks
// share one, renewal within 10 % / 5 min of expiry, msg.refresh, nothing after close), the
// verification code as a secret (credential or payload, hashed in the cache key), errors with
// hints, playback windows, and the service's entry point for the dashboard panel.

import assert from 'assert';
import type { EzvizService } from '../../../client/service/service';
import type { FakeClock, Simulator } from '../../../simulator';
import { collect, loadOp, node, run, secrets, text, unload } from '../../support/red';
import { fakeClockSimulator } from '../../support/fake-time';

const V2 = '/api/lapp/v2/live/address/get';
const CAM = { deviceSerial: 'C00000001', channelNo: 1 };

describe('ezviz-live: live and playback addresses', function () {
  let sim: Simulator;
  let clock: FakeClock;
  const service = (): EzvizService => node<{ service: EzvizService }>('cfg').service;
  const sent = (): number => sim.requestLog({ path: V2 }).length;

  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]), Date.parse('2026-03-01T08:00:00Z'), { runtimeNow: true });

  it('answers the hls address: msg.payload the URL, msg.ezviz.live what it is; defaults hls, live, 1 hour', async () => {
    await loadOp('live', sim.url);
    const { port, msg } = await run({ payload: { ...CAM, quality: 'smooth' } });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    assert.match(msg.payload, /^http:\/\/127\.0\.0\.1:\d+\/v3\/openlive\/C00000001_1_2\.m3u8\?expire=/);
    const live = msg.ezviz.live;
    assert.deepStrictEqual(
      { ...live, url: undefined, id: undefined },
      {
        url: undefined,
        id: undefined,
        protocol: 'hls',
        quality: 'smooth',
        source: 'live',
        expires: new Date(clock.now() + 3600000).toISOString(),
      },
    );
    assert.strictEqual(live.url, msg.payload);
    assert.match(live.id, /^[0-9a-f]{32}$/);
    assert.strictEqual(msg.ezviz.shared, false);
    assert.deepStrictEqual(msg.ezviz.request, {
      deviceSerial: 'C00000001',
      channelNo: 1,
      protocol: 2,
      quality: 2,
      expireTime: 3600,
      type: 1,
    });
    assert.deepStrictEqual(sim.requestLog({ path: V2 })[0].fields, {
      accessToken: '***',
      deviceSerial: 'C00000001',
      channelNo: '1',
      protocol: '2',
      quality: '2',
      expireTime: '3600',
      type: '1',
    });
  });

  it('shares one address: 50 messages and 10 concurrent asks cost one request; msg.refresh a second', async () => {
    await loadOp('live', sim.url, { count: 2 });
    const out = collect(['ok', 'err']);
    const op = node('op');
    const op2 = node('op2');
    for (let i = 0; i < 10; i++) (i % 2 ? op2 : op).receive({ payload: { ...CAM } });
    await out.wait(10);
    for (let i = 0; i < 50; i++) {
      op.receive({ payload: { ...CAM } });
      await out.wait(11 + i);
    }
    assert.strictEqual(out.err.length, 0, JSON.stringify(out.err[0]?.error));
    assert.strictEqual(sent(), 1);
    const urls = new Set(out.ok.map((m) => m.payload));
    assert.strictEqual(urls.size, 1, 'one address for all');
    assert.strictEqual(
      out.ok.filter((m) => m.ezviz.shared).length,
      59,
      'all but the one that asked shared it (9 concurrent, 50 later)',
    );
    const r = await run({ payload: { ...CAM }, refresh: true });
    assert.strictEqual(r.port, 'ok');
    assert.strictEqual(sent(), 2);
    assert.notStrictEqual(r.msg.payload, out.ok[0].payload);
    assert.strictEqual(
      (await run({ payload: { ...CAM } })).msg.payload,
      r.msg.payload,
      'the new one is shared from now on',
    );
    assert.strictEqual(sent(), 2);
  });

  it('asks again within 10 % of the lifetime (at most 5 minutes) before expiry, and per camera, protocol, quality, source, window', async () => {
    await loadOp('live', sim.url);
    const ask = async (extra: Record<string, unknown> = {}): Promise<string> =>
      (await run({ payload: { ...CAM, ...extra } })).msg.payload;
    const first = await ask({ expire: 300 });
    clock.advance(269000);
    assert.strictEqual(await ask({ expire: 300 }), first, '31 s before expiry: kept (10 % of 300 s is 30 s)');
    clock.advance(1000);
    assert.notStrictEqual(await ask({ expire: 300 }), first, '30 s before expiry: renewed');
    assert.strictEqual(sent(), 2);
    const day = await ask({ expire: 86400 });
    clock.advance(86400000 - 300001);
    assert.strictEqual(await ask({ expire: 86400 }), day, 'a day: renewed 5 minutes before, not 2.4 hours');
    clock.advance(1);
    assert.notStrictEqual(await ask({ expire: 86400 }), day);
    const before = sent();
    for (const extra of [
      { channelNo: 1, deviceSerial: 'C00000003' },
      { protocol: 'flv' },
      { quality: 'hd' },
      { protocol: 'llhls', source: 'sd-card', start: '2026-03-01 10:00:00', end: '2026-03-01 11:00:00' },
      { protocol: 'llhls', source: 'sd-card', start: '2026-03-01 10:00:00', end: '2026-03-01 12:00:00' },
    ]) {
      await ask({ expire: 86400, ...extra });
    }
    assert.strictEqual(sent(), before + 5, 'one request each');
  });

  it('keeps nothing after close: a redeployed config node asks again', async () => {
    await loadOp('live', sim.url);
    await run({ payload: { ...CAM } });
    const svc = service();
    assert.strictEqual(svc.live.size, 1);
    await unload();
    assert.strictEqual(svc.live.size, 0, 'forgotten at close');
    await loadOp('live', sim.url);
    await run({ payload: { ...CAM } });
    assert.strictEqual(sent(), 2);
  });

  it('takes the verification code from the credential or msg.payload: a secret, hashed in the cache key', async () => {
    secrets.add('ABCDEF');
    await loadOp('live', sim.url, {
      props: { verificationCode: '', verificationCodeType: 'cred' },
      nodeCreds: { verificationCode: 'ABCDEF' },
    });
    const a = await run({ payload: { deviceSerial: 'C00000005' } });
    assert.strictEqual(a.port, 'ok', JSON.stringify(a.msg.error));
    assert.strictEqual(sim.requestLog({ path: V2 })[0].fields.code, '***', 'sent, masked in the log');
    assert.ok(!JSON.stringify(a.msg).includes('ABCDEF'), JSON.stringify(a.msg));
    assert.ok(!('code' in a.msg.ezviz.request) && !('verificationCode' in a.msg.ezviz.request));
    const keys = service().live.key({
      deviceSerial: 'C00000005',
      protocol: 2,
      type: 1,
      expireTime: 3600,
      code: 'ABCDEF',
    });
    assert.ok(!keys.includes('ABCDEF'), keys);
    await unload();
    await loadOp('live', sim.url);
    const b = await run({ payload: { deviceSerial: 'C00000005', verificationCode: 'ABCDEF' } });
    assert.strictEqual(b.port, 'ok');
    assert.ok(!JSON.stringify(b.msg).includes('ABCDEF'));
    const c = await run({ payload: { deviceSerial: 'C00000005', verificationCode: 'WRONGX' } });
    assert.strictEqual(c.port, 'err');
    assert.strictEqual(c.msg.error.code, '60019');
    assert.strictEqual(c.msg.error.hint, text('hints.60019-live'));
    assert.strictEqual(c.msg.ezviz.input.verificationCode, '***');
    assert.ok(!JSON.stringify(c.msg).includes('WRONGX'));
  });

  it("a flow without verificationCodeType reads the credential (the editor's default type)", async () => {
    secrets.add('ABCDEF');
    await loadOp('live', sim.url, { nodeCreds: { verificationCode: 'ABCDEF' } });
    const a = await run({ payload: { deviceSerial: 'C00000005' } });
    assert.strictEqual(a.port, 'ok', JSON.stringify(a.msg.error));
    assert.strictEqual(sim.requestLog({ path: V2 })[0].fields.code, '***', 'the code was sent');
  });

  it('reports 20007 offline, 60026 lens covered, 20001 no channel with hints; playback over hls and windows before sending', async () => {
    await loadOp('live', sim.url);
    const offline = await run({ payload: { deviceSerial: 'C00000002' } });
    assert.strictEqual(offline.msg.error.code, '20007');
    assert.strictEqual(offline.msg.error.hint, text('hints.20007'));
    sim.state.devices.C00000001.camera.privacy = true; // the lens covered (as ezviz-switch privacy on leaves it)
    const covered = await run({ payload: { ...CAM } });
    assert.deepStrictEqual([covered.msg.error.code, covered.msg.error.source], ['60026', 'api']);
    assert.strictEqual(covered.msg.error.hint, text('hints.60026'));
    assert.strictEqual((await run({ payload: { deviceSerial: 'C00000003', channelNo: 2 } })).msg.error.code, '20001');
    const n = sent();
    const hls = await run({
      payload: { ...CAM, protocol: 'hls', source: 'cloud', start: '2026-03-01 10:00:00', end: '2026-03-01 11:00:00' },
    });
    assert.deepStrictEqual([hls.msg.error.code, hls.msg.error.source], ['10001', 'validation']);
    assert.ok(hls.msg.error.message.includes('protocol'), hls.msg.error.message);
    const noEnd = await run({ payload: { ...CAM, protocol: 'flv', source: 'sd-card', start: new Date() } });
    assert.ok(noEnd.msg.error.message.includes('end'), noEnd.msg.error.message);
    const days = await run({
      payload: { ...CAM, protocol: 'flv', source: 'cloud', start: '2026-03-01 10:00:00', end: '2026-03-02 10:00:00' },
    });
    assert.strictEqual(
      days.msg.error.message,
      text('validation.cloudDay', { param: 'end', value: '"2026-03-02 10:00:00"', max: 64 }),
    );
    assert.strictEqual(sent(), n, 'nothing sent');
  });

  it("writes a playback window given as Date, ms or ISO text in the API's yyyy-MM-dd HH:mm:ss", async () => {
    await loadOp('live', sim.url);
    const start = new Date(2026, 2, 1, 9, 30, 0);
    const r = await run({
      payload: { ...CAM, protocol: 'ezopen', source: 'sd-card', start, end: start.getTime() + 3600000 },
    });
    assert.strictEqual(r.port, 'ok', JSON.stringify(r.msg.error));
    assert.strictEqual(r.msg.payload, 'ezopen://open.ys7.com/C00000001/1.rec?begin=20260301093000&end=20260301103000');
    const f = sim.requestLog({ path: V2 })[0].fields;
    assert.deepStrictEqual(
      [f.startTime, f.stopTime, f.type, f.expireTime],
      ['2026-03-01 09:30:00', '2026-03-01 10:30:00', '2', undefined],
    );
    assert.strictEqual(r.msg.ezviz.live.expires, null, 'ezopen has no lifetime');
  });

  it("gives the dashboard panel the same shared address through the config node's service", async () => {
    await loadOp('live', sim.url);
    const fromNode = await run({ payload: { ...CAM } });
    const asked = await service().liveAddress({
      deviceSerial: 'c00000001',
      channelNo: '1',
      protocol: 'hls',
      expire: 3600,
    });
    assert.ok(asked.ok);
    assert.strictEqual(asked.address.url, fromNode.msg.payload);
    assert.strictEqual(asked.shared, true);
    assert.strictEqual(sent(), 1);
    const fresh = await service().liveAddress({ deviceSerial: 'C00000001' }, true);
    assert.ok(fresh.ok && fresh.address.url !== fromNode.msg.payload && sent() === 2);
    const bad = await service().liveAddress({ deviceSerial: 'C 1', verificationCode: 'SECRETCODE' });
    assert.ok(!bad.ok);
    assert.deepStrictEqual([bad.error.code, bad.error.source, bad.error.operation], ['10001', 'validation', 'live']);
    const offline = await service().liveAddress({ deviceSerial: 'C00000002', verificationCode: 'SECRETCODE' });
    assert.ok(!offline.ok && offline.error.code === '20007');
    assert.ok(!JSON.stringify([bad, offline]).includes('SECRETCODE'));
    const svc = service();
    await unload();
    const closed = await svc.liveAddress({ deviceSerial: 'C00000001' });
    assert.ok(!closed.ok && closed.error.code === 'CLOSED');
  });
});
