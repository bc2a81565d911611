// ezviz-capture and ezviz-alarm in Node-RED against the simulator (docs/behaviour.md section 11), with
// the simulator's fake clock as the runtime's clock: the 4 s capture spacing and the poll timer
// cost no wall time.

import { statusWithArgs } from '../../runtime/i18n/status-keys';
import assert from 'assert';
import fs from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import { FakeClock } from '../../simulator';
import type { Simulator } from '../../simulator';
import { forgetSeenCopies, SEEN_KEY } from '../../features/alarms/alarm-poller';
import { OPERATIONS } from '../../client/operations/operations';
import {
  collect,
  fastRetries,
  helper,
  load,
  loadOp,
  Msg,
  run,
  text,
  unload,
  unloadKeepingContext,
} from '../support/red';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until, type Timers } from '../support/fake-time';
import { alarmFlow, CREDS, pollNow } from '../support/alarm-flow';
import { withFileContext } from '../support/file-context';

const CAPTURE = OPERATIONS.capture.path;
const ALARMS = '/api/lapp/alarm/list';
const CAM1 = { deviceSerial: 'C00000001', channelNo: 1 };

function get(url: string): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

describe('ezviz-capture against the simulator', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));

  it('answers the picture URL the simulator serves; msg.ezviz.picUrl holds it; no token in the URL', async () => {
    fakeTime(clock);
    await loadOp('capture', sim.url, {
      props: { deviceSerial: 'c00000001', deviceSerialType: 'str', channelNo: '1', channelNoType: 'num' },
    });
    const { port, msg } = await run({ payload: 'go', topic: 't' });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    assert.strictEqual(typeof msg.payload, 'string');
    assert.strictEqual(msg.ezviz.picUrl, msg.payload);
    assert.ok(msg.payload.startsWith(sim.url + '/'), msg.payload);
    assert.ok(!msg.payload.includes('at.'), 'no token in the picture URL');
    assert.deepStrictEqual(msg.ezviz.request, CAM1);
    assert.strictEqual(msg.ezviz.operation, 'capture');
    assert.strictEqual(msg.topic, 't');
    const pic = await get(msg.payload);
    assert.strictEqual(pic.status, 200);
    assert.deepStrictEqual([...pic.body.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
    assert.deepStrictEqual(sim.requestLog({ path: CAPTURE })[0].fields, {
      accessToken: '***',
      deviceSerial: 'C00000001',
      channelNo: '1',
    });
  });

  it('with download: msg.payload is the JPEG as a Buffer, msg.ezviz.picUrl the URL', async () => {
    fakeTime(clock);
    await loadOp('capture', sim.url, { props: { download: true } });
    const { port, msg } = await run({ payload: CAM1 });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    assert.ok(Buffer.isBuffer(msg.payload));
    const pic = await get(msg.ezviz.picUrl);
    assert.ok(msg.payload.equals(pic.body), 'the picture served at picUrl');
    assert.strictEqual(msg.ezviz.bytes, pic.body.length);
  });

  it('a model that cannot capture answers 60020 with its hint; nothing retried', async () => {
    fakeTime(clock);
    await loadOp('capture', sim.url);
    const { port, msg } = await run({ payload: { deviceSerial: 'C00000012', channelNo: 1 } });
    assert.strictEqual(port, 'err');
    assert.strictEqual(msg.error.code, '60020');
    assert.strictEqual(msg.error.source, 'api');
    assert.strictEqual(msg.error.retriable, false);
    assert.strictEqual(msg.error.hint, text('hints.60020-command'));
    assert.strictEqual(sim.requestLog({ path: CAPTURE }).length, 1);
  });

  it('10028 once the daily capture limit is reached; offline 20007; validation before sending', async () => {
    fakeTime(clock);
    sim.state.settings.captureDailyLimit = 1;
    await loadOp('capture', sim.url);
    assert.strictEqual((await run({ payload: CAM1 })).port, 'ok');
    const limited = await run({ payload: { deviceSerial: 'C00000003', channelNo: 1 } });
    assert.strictEqual(limited.msg.error.code, '10028');
    assert.strictEqual(limited.msg.error.hint, text('hints.10028'));
    sim.state.settings.captureDailyLimit = 1000;
    const offline = await run({ payload: { deviceSerial: 'C00000002', channelNo: 1 } });
    assert.strictEqual(offline.msg.error.code, '20007');
    sim.clearLog();
    const bad = await run({ payload: { deviceSerial: 'C00000001' } });
    assert.strictEqual(bad.msg.error.code, '10001');
    assert.strictEqual(bad.msg.error.source, 'validation');
    assert.match(bad.msg.error.message, /channelNo/);
    assert.strictEqual(sim.requestLog({ path: CAPTURE }).length, 0);
  });

  it('at most one capture per camera per 4 s: faster messages wait their turn (fake clock), other cameras do not', async () => {
    const { sleeps } = fakeTime(clock);
    sim.state.settings.captureMinIntervalMs = 4000; // the simulator answers 20008 to a faster one
    await loadOp('capture', sim.url, { config: { maxRetries: 0 } });
    const out = collect();
    const n = helper.getNode('op');
    for (let i = 0; i < 3; i++) n.receive({ payload: CAM1, topic: `c1-${i}` });
    n.receive({ payload: { deviceSerial: 'C00000003', channelNo: 1 }, topic: 'c3' });
    await out.wait(4);
    assert.deepStrictEqual(
      out.err.map((m: Msg) => m.error),
      [],
    );
    assert.deepStrictEqual(
      out.ok.filter((m: Msg) => m.topic.startsWith('c1')).map((m: Msg) => m.topic),
      ['c1-0', 'c1-1', 'c1-2'],
    );
    const times = sim
      .requestLog({ path: CAPTURE })
      .filter((e) => e.fields.deviceSerial === 'C00000001')
      .map((e) => e.time);
    assert.strictEqual(times.length, 3);
    for (let i = 1; i < times.length; i++)
      assert.ok(times[i] - times[i - 1] >= 4000, `gap ${times[i] - times[i - 1]} ms`);
    assert.strictEqual(sleeps.length, 2, `two waits: ${sleeps}`);
    assert.ok(sleeps.every((ms) => ms > 0 && ms <= 4000));
  });

  it('retried like storage-info: 20008, 49999 and HTTP 500 recover; the retry keeps the spacing', async () => {
    const { sleeps } = fakeTime(clock);
    await loadOp('capture', sim.url);
    for (const kind of ['20008', '49999', 'http500'] as const) {
      sim.clearLog();
      sim.injectFault({ kind, path: CAPTURE, count: 1 });
      sleeps.length = 0;
      const r = await run({ payload: CAM1 });
      assert.strictEqual(r.port, 'ok', `${kind}: ${JSON.stringify(r.msg.error)}`);
      const log = sim.requestLog({ path: CAPTURE });
      assert.strictEqual(log.length, 2, kind);
      assert.ok(log[1].time - log[0].time >= 4000, `${kind}: retry ${log[1].time - log[0].time} ms after the first`);
    }
  });

  describe('against a server of our own', function () {
    let server: http.Server | undefined;
    afterEach(async () => {
      await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
      server = undefined;
    });

    /** An API that answers capture with `picUrl` (a function of its own URL) and serves /big.jpg. */
    async function api(picUrl: (base: string) => unknown, bigBytes = 0): Promise<{ url: string; seen: string[] }> {
      const seen: string[] = [];
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          seen.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`);
          if (req.url === '/big.jpg') {
            res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': bigBytes });
            res.end(Buffer.alloc(bigBytes, 0xff));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ code: '200', msg: 'ok', data: { picUrl: picUrl(base) } }));
        });
      });
      await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
      const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
      return { url: base, seen };
    }

    it('a picUrl that is not an http(s) URL string is BAD_REPLY (source http), not retried', async () => {
      fastRetries();
      for (const bad of ['ftp://x/a.jpg', 7, '', null, { u: 1 }]) {
        const srv = await api(() => bad);
        await loadOp('capture', srv.url, { creds: { accessToken: 'at.own-server-token' } });
        const r = await run({ payload: CAM1 });
        assert.strictEqual(r.port, 'err', JSON.stringify(bad));
        assert.deepStrictEqual(
          [r.msg.error.code, r.msg.error.source, r.msg.error.retriable],
          ['BAD_REPLY', 'http', false],
        );
        assert.strictEqual(srv.seen.length, 1);
        await unload();
        await new Promise<void>((res) => server!.close(() => res()));
        server = undefined;
      }
      await loadOp('capture', 'http://127.0.0.1:1'); // a flow for afterEach
    });

    it('a picture over 5 MiB: REPLY_TOO_LARGE on output 2 with msg.ezviz.picUrl; the token never goes to the picture', async () => {
      fastRetries();
      const srv = await api((base) => `${base}/big.jpg`, 5 * 1024 * 1024 + 1);
      await loadOp('capture', srv.url, { creds: { accessToken: 'at.own-server-token' }, props: { download: true } });
      const r = await run({ payload: CAM1 });
      assert.strictEqual(r.port, 'err');
      assert.strictEqual(r.msg.error.code, 'REPLY_TOO_LARGE');
      assert.strictEqual(r.msg.ezviz.picUrl, `${srv.url}/big.jpg`);
      const picture = srv.seen.filter((s) => s.startsWith('GET /big.jpg'));
      assert.strictEqual(picture.length, 1);
      assert.ok(!picture[0].includes('at.own-server-token'), picture[0]);
    });
  });
});

// ---- ezviz-alarm ---------------------------------------------------------------------------------

describe('ezviz-alarm against the simulator', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));
  afterEach(() => forgetSeenCopies());

  async function start(
    props: Record<string, unknown> = {},
    errorWired = true,
  ): Promise<{ timers: Timers; out: ReturnType<typeof collect> }> {
    const timers = fakeTimers(clock);
    fakeTime(clock);
    await load(alarmFlow(sim.url, props, errorWired), CREDS);
    const out = collect(['ok', 'err', 'caught']);
    assert.strictEqual(timers.fire(), 0, 'the first poll at once');
    await until(() => sim.requestLog({ path: ALARMS }).length >= 1);
    await settle();
    return { timers, out };
  }

  it('one message per new alarm, oldest first, typed payload, topic the serial; nothing older than the deploy', async () => {
    const { timers, out } = await start();
    assert.strictEqual(out.ok.length, 0, 'the alarms of the default state are older than the deploy');
    const first = sim.requestLog({ path: ALARMS })[0].fields;
    assert.strictEqual(first.status, '2');
    assert.strictEqual(first.pageSize, '50');
    assert.strictEqual(first.pageStart, '0');
    assert.strictEqual(Number(first.startTime), clock.now(), 'the first poll starts at the deploy');
    clock.advance(1000);
    sim.raiseAlarm({ deviceSerial: 'C00000003', alarmType: 10016, alarmId: 'b' });
    clock.advance(1000);
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10002, alarmId: 'c', isChecked: 1 });
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10002, alarmId: 'old', minutesAgo: 5 });
    const statuses: Array<{ fill?: string; text?: string }> = [];
    const node = helper.getNode('op') as unknown as { status(s: { fill?: string; text?: string }): void };
    const status = node.status.bind(node);
    node.status = (st) => {
      statuses.push(st);
      status(st);
    };
    assert.strictEqual(timers.fire(), 60000);
    await out.wait(2);
    await settle();
    const hhmmss = (ms: number) => {
      const d = new Date(ms);
      return [d.getHours(), d.getMinutes(), d.getSeconds()].map((x) => String(x).padStart(2, '0')).join(':');
    };
    // A catalog key with arguments (the editor shows it in its own language), not English text.
    assert.deepStrictEqual(statuses.at(-1), {
      fill: 'green',
      shape: 'dot',
      text: statusWithArgs('polled', { t: hhmmss(clock.now()), n: 2 }),
    });
    assert.match(text('status.polled', { t: hhmmss(clock.now()), n: 2 }), /^\d\d:\d\d:\d\d: 2 new$/);
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload.alarmId),
      ['b', 'c'],
    );
    const c = out.ok[1];
    assert.strictEqual(c.topic, 'C00000001');
    assert.deepStrictEqual(Object.keys(c.payload).sort(), [
      'alarmDate',
      'alarmId',
      'alarmName',
      'alarmPicUrl',
      'alarmTime',
      'alarmType',
      'channelNo',
      'code',
      'deviceSerial',
      'isChecked',
      'isEncrypt',
      'kind',
      'name',
      'source',
      'state',
      'type',
    ]);
    assert.strictEqual(c.payload.source, 'poll');
    assert.deepStrictEqual(c.ezviz, { source: 'poll', operation: 'alarm-list' });
    assert.strictEqual(typeof c.payload.alarmTime, 'number');
    assert.strictEqual(c.payload.alarmDate, new Date(c.payload.alarmTime).toISOString());
    assert.strictEqual(c.payload.alarmType, 10002);
    assert.strictEqual(c.payload.channelNo, 1);
    assert.strictEqual(c.payload.isChecked, 1);
    assert.strictEqual(typeof c.payload.alarmName, 'string');
    assert.ok(c.payload.alarmPicUrl.startsWith(sim.url), c.payload.alarmPicUrl);
    // polled again: the same alarms are listed, none is sent twice
    timers.fire();
    await settle();
    assert.strictEqual(out.ok.length, 2);
    assert.strictEqual(out.err.length, 0);
  });

  it('an input message polls at once; filters by device and alarm type', async () => {
    const { out } = await start({ deviceSerial: 'c00000001', alarmType: '10002' });
    clock.advance(1000);
    sim.raiseAlarm({ deviceSerial: 'C00000003', alarmType: 10002, alarmId: 'other-device' });
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10000, alarmId: 'other-type' });
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10002, alarmId: 'mine' });
    const before = sim.requestLog({ path: ALARMS }).length;
    await pollNow();
    await settle();
    assert.strictEqual(sim.requestLog({ path: ALARMS }).length, before + 1, 'polled at once');
    assert.deepStrictEqual(
      out.ok.map((m: Msg) => m.payload.alarmId),
      ['mine'],
    );
    assert.strictEqual(sim.requestLog({ path: ALARMS }).at(-1)!.fields.alarmType, '10002');
  });

  it('pages through 120 new alarms (pageSize 50) and sends all, oldest first', async () => {
    const { out } = await start();
    for (let i = 0; i < 120; i++) {
      clock.advance(10);
      sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: `a${String(i).padStart(3, '0')}` });
    }
    sim.clearLog();
    await pollNow();
    await out.wait(120);
    const ids = out.ok.map((m: Msg) => m.payload.alarmId);
    assert.deepStrictEqual(ids, [...ids].sort());
    assert.strictEqual(new Set(ids).size, 120);
    assert.deepStrictEqual(
      sim.requestLog({ path: ALARMS }).map((e) => e.fields.pageStart),
      ['0', '1', '2'],
    );
  });

  it('a failed poll goes to output 2 (payload and msg.error the error); status red with the code', async () => {
    const { out } = await start();
    sim.injectFault({ kind: '49999', path: ALARMS, count: 1 });
    await pollNow();
    await out.wait(1);
    const e = out.err[0];
    assert.strictEqual(e.error.code, '49999');
    assert.strictEqual(e.error.operation, 'alarm-list');
    assert.deepStrictEqual(e.payload, e.error);
    assert.strictEqual(e.ezviz.request.status, 2);
  });

  it('with output 2 unwired a failed timed poll reaches a Catch node', async () => {
    const { timers, out } = await start({}, false);
    sim.injectFault({ kind: 'http500', path: ALARMS, count: 1 });
    timers.fire();
    await out.wait(1);
    assert.strictEqual(out.caught[0].error.message.length > 0, true);
    assert.strictEqual(out.err.length, 0);
  });

  it('after 10029 the next polls back off (2x, 4x the interval, at most 5 minutes) until a good one; 10007 waits an hour', async () => {
    const { timers } = await start();
    sim.injectFault({ kind: 'code', code: '10029', path: ALARMS, count: 3 });
    timers.fire();
    await settle();
    assert.strictEqual(timers.fire(), 120000, '10029: twice the 60 s interval');
    await settle();
    assert.strictEqual(timers.fire(), 240000, 'again: 4 times');
    await settle();
    assert.strictEqual(timers.fire(), 300000, 'again: at most 5 minutes');
    await settle();
    assert.strictEqual(timers.fire(), 60000, 'a good poll: the interval again');
    sim.injectFault({ kind: 'code', code: '10007', path: ALARMS, count: 1 });
    await settle();
    assert.strictEqual(timers.fire(), 3600000, '10007: an hour');
    await settle();
    assert.strictEqual(timers.fire(), 60000, 'then the interval again');
    await settle();
  });

  it('no poll after close and no timer left', async () => {
    const { timers } = await start();
    await settle();
    assert.strictEqual(timers.live(), 1);
    await unload();
    assert.strictEqual(timers.live(), 0, 'the poll timer is cancelled');
    const n = sim.requestLog({ path: ALARMS }).length;
    clock.advance(3600000);
    await settle();
    assert.strictEqual(sim.requestLog({ path: ALARMS }).length, n);
  });

  it('de-duplicated across a restart with a persistent context store', async () => {
    await withFileContext(
      'ezviz-alarm-ctx-',
      async (store) => {
        fakeTimers(clock);
        fakeTime(clock);
        // the simulator's clock runs ahead of Node-RED's: an alarm stamped after the redeploy was seen before it
        sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId: 'ahead', alarmTime: clock.now() + 30000 });
        await load(alarmFlow(sim.url), CREDS);
        await store.load();
        let out = collect(['ok', 'err', 'caught']);
        clock.advance(40000);
        await pollNow();
        await out.wait(1);
        assert.deepStrictEqual(
          out.ok.map((m: Msg) => m.payload.alarmId),
          ['ahead'],
        );
        await unloadKeepingContext();
        const files = store.files();
        assert.ok(
          files.some((f) => fs.readFileSync(f, 'utf8').includes(SEEN_KEY)),
          files.join(', '),
        );

        // restart: no in-process copy; redeployed at a time before the alarm's stamp
        forgetSeenCopies();
        clock.set(clock.now() - 35000);
        await load(alarmFlow(sim.url), CREDS);
        await store.load();
        out = collect(['ok', 'err', 'caught']);
        clock.advance(40000);
        await pollNow();
        await settle();
        assert.deepStrictEqual(out.ok, [], 'not sent again after the restart');
        assert.deepStrictEqual(out.err, []);
      },
      () => load(alarmFlow(sim.url), CREDS),
    ); // a flow for afterEach
  });

  it('invalid settings: red status, an input fails with 10001 (validation), no poll', async () => {
    fakeTimers(clock);
    fakeTime(clock);
    await load(alarmFlow(sim.url, { deviceSerial: 'C 1' }), CREDS);
    const out = collect(['ok', 'err', 'caught']);
    helper.getNode('op').receive({ payload: 1 });
    await out.wait(1);
    assert.strictEqual(out.err[0].error.code, '10001');
    assert.strictEqual(out.err[0].error.source, 'validation');
    assert.match(out.err[0].error.message, /deviceSerial/);
    assert.strictEqual(sim.requestLog({ path: ALARMS }).length, 0);
  });
});
