// The simulator's HTTP layer: bad input, fault injection (programmatic and over /sim/), the
// request log with masked secrets, the admin endpoint, areaDomain with two servers sharing one
// state, state files, TLS and close().

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import { OPERATIONS, TOKEN_PATH } from '../../client/operations/operations';
import { FakeClock, MAX_BODY_BYTES, SystemClock, loadDefaultState, startSimulator } from '../../simulator';
import type { FaultSpec, Simulator } from '../../simulator';
import { admin, callApi, formBody, oneDeviceState, postForm, request } from '../support/simulator-http';

const T = 'at.demo-token';
const START_PATH = OPERATIONS['ptz-start'].path;
const STOP_PATH = OPERATIONS['ptz-stop'].path;
const INFO_PATH = OPERATIONS['storage-info'].path;
const stopFields = { accessToken: T, deviceSerial: 'C00000001', channelNo: 1 };

describe('simulator: HTTP layer', function () {
  let sim: Simulator;
  const alive = async (): Promise<void> => {
    assert.equal((await callApi(sim.url, STOP_PATH, stopFields)).code, '200');
  };

  beforeEach(async () => {
    sim = await startSimulator({ port: 0, clock: new FakeClock(Date.parse('2026-05-01T00:00:00Z')) });
  });
  afterEach(async () => {
    await sim.close();
  });

  describe('bad input', () => {
    it('answers 405 with Allow: POST to other methods on API paths', async () => {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const r = await request(sim.url, STOP_PATH, { method });
        assert.equal(r.status, 405);
        assert.equal(r.headers.allow, 'POST');
        assert.equal(JSON.parse(r.text).code, '405');
      }
      await alive();
    });

    it('answers 404 with a JSON body to unknown paths', async () => {
      for (const p of ['/', '/api/lapp/device/ptz/spin', '/api/lapp/token/get/x']) {
        const r = await postForm(sim.url, p, stopFields);
        assert.equal(r.status, 404);
        assert.match(r.headers['content-type'] ?? '', /application\/json/);
        assert.deepEqual(JSON.parse(r.text), { code: '404', msg: `Not found: ${p}` });
      }
      await alive();
    });

    it('answers 10001 to a body that is not a form (JSON, no content type)', async () => {
      const json = await request(sim.url, STOP_PATH, {
        method: 'POST',
        body: JSON.stringify(stopFields),
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(json.status, 200);
      assert.deepEqual(JSON.parse(json.text), { code: '10001', msg: 'Parameters error.', data: null });
      const none = await request(sim.url, STOP_PATH, { method: 'POST', body: formBody(stopFields) });
      assert.equal(JSON.parse(none.text).code, '10001');
      const garbage = await request(sim.url, STOP_PATH, {
        method: 'POST',
        body: Buffer.from([0xff, 0x00, 0xfe, 0x25]),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(JSON.parse(garbage.text).code, '10001');
      await alive();
    });

    it(`answers 413 to a body over ${MAX_BODY_BYTES} bytes and keeps serving`, async () => {
      const r = await postForm(sim.url, STOP_PATH, { ...stopFields, pad: 'x'.repeat(MAX_BODY_BYTES + 10) });
      assert.equal(r.status, 413);
      assert.equal(JSON.parse(r.text).code, '413');
      assert.equal(sim.requestLog({ path: STOP_PATH })[0].httpStatus, 413);
      const big = await postForm(sim.url, STOP_PATH, { ...stopFields, pad: 'x'.repeat(MAX_BODY_BYTES - 200) });
      assert.equal(JSON.parse(big.text).code, '200', 'just under the cap is fine');
      await alive();
    });

    it('cuts off a body of many megabytes and keeps serving', async () => {
      const res = await new Promise<string>((resolve) => {
        const req = http.request(
          `${sim.url}${STOP_PATH}`,
          {
            method: 'POST',
            agent: false,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          },
          (r) => {
            r.resume();
            r.on('end', () => resolve(`HTTP ${r.statusCode}`));
          },
        );
        req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
        const chunk = Buffer.alloc(65536, 'a');
        let sent = 0;
        const pump = (): void => {
          while (sent < 12 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) {
              req.once('drain', pump);
              return;
            }
          }
          req.end();
        };
        pump();
      });
      assert.ok(['ECONNRESET', 'EPIPE', 'HTTP 413'].includes(res), res);
      await alive();
      assert.equal(sim.requestLog({ path: STOP_PATH })[0].httpStatus, 0);
    });

    it('ignores unknown fields and answers with the envelope only', async () => {
      const r = await postForm(sim.url, STOP_PATH, { ...stopFields, foo: 'bar' });
      assert.equal(r.status, 200);
      assert.match(r.headers['content-type'] ?? '', /application\/json/);
      assert.deepEqual(JSON.parse(r.text), { code: '200', msg: 'Operation succeeded!' });
    });
  });

  describe('fault injection', () => {
    const raw = () => postForm(sim.url, STOP_PATH, stopFields);

    it('latency: delays the next N replies', async () => {
      sim.injectFault({ kind: 'latency', ms: 120, count: 2 });
      for (let i = 0; i < 2; i += 1) {
        const t0 = Date.now();
        assert.equal(JSON.parse((await raw()).text).code, '200');
        assert.ok(Date.now() - t0 >= 110, 'delayed');
      }
      assert.deepEqual(sim.faults(), []);
    });

    for (const kind of ['20008', '49999'] as const) {
      it(`${kind}: answers the code for the next N requests, then normally`, async () => {
        sim.injectFault({ kind, count: 2 });
        for (let i = 0; i < 2; i += 1) {
          const r = await raw();
          assert.equal(r.status, 200);
          const body = JSON.parse(r.text);
          assert.equal(body.code, kind);
          assert.equal(body.msg, kind === '20008' ? 'Device requesting timeout.' : 'Data exception.');
        }
        assert.equal(JSON.parse((await raw()).text).code, '200');
        assert.deepEqual(
          sim.requestLog().map((e) => [e.code, e.fault]),
          [
            [kind, kind],
            [kind, kind],
            ['200', undefined],
          ],
        );
      });
    }

    it('http500: answers HTTP 500', async () => {
      sim.injectFault({ kind: 'http500' });
      const r = await raw();
      assert.equal(r.status, 500);
      assert.throws(() => JSON.parse(r.text));
      await alive();
    });

    it('nonjson: answers HTTP 200 with an HTML body', async () => {
      sim.injectFault({ kind: 'nonjson' });
      const r = await raw();
      assert.equal(r.status, 200);
      assert.match(r.headers['content-type'] ?? '', /text\/html/);
      assert.throws(() => JSON.parse(r.text));
      await alive();
    });

    it('drop: destroys the connection without a reply', async () => {
      sim.injectFault({ kind: 'drop' });
      await assert.rejects(
        raw(),
        (e: NodeJS.ErrnoException) =>
          ['ECONNRESET', 'EPIPE'].includes(e.code ?? '') || /socket hang up/.test(e.message),
      );
      assert.equal(sim.requestLog()[0].httpStatus, 0);
      await alive();
    });

    it('code: answers any code, e.g. 10029', async () => {
      sim.injectFault({ kind: 'code', code: '10029' });
      assert.deepEqual(JSON.parse((await raw()).text), {
        code: '10029',
        msg: 'Call frequency limit reached.',
        data: null,
      });
    });

    it('a fault with a path hits only that path; a faulted request changes no state', async () => {
      sim.injectFault({ kind: '49999', path: START_PATH });
      assert.equal((await callApi(sim.url, STOP_PATH, stopFields)).code, '200');
      assert.equal((await callApi(sim.url, INFO_PATH, { accessToken: T, deviceSerial: 'C00000001' })).code, '200');
      const r = await callApi(sim.url, START_PATH, { ...stopFields, direction: 0, speed: 1 });
      assert.equal(r.code, '49999');
      assert.equal(sim.state.devices.C00000001.channels['1'].moving, null);
      assert.equal((await callApi(sim.url, START_PATH, { ...stopFields, direction: 0, speed: 1 })).code, '200');
    });

    it('clearFaults removes pending faults; bad faults are refused', async () => {
      sim.injectFault({ kind: 'http500', count: 5 });
      sim.clearFaults();
      await alive();
      const bad: unknown[] = [
        { kind: 'boom' },
        { kind: 'latency' },
        { kind: '20008', count: 0 },
        { kind: '20008', path: '/nope' },
        { kind: 'code' },
      ];
      for (const f of bad) assert.throws(() => sim.injectFault(f as FaultSpec));
    });

    it('over /sim/faults: each kind, listing and clearing', async () => {
      const add = async (f: unknown) => {
        const r = await admin(sim.url, 'POST', '/sim/faults', f);
        assert.equal(r.status, 200, JSON.stringify(r.json));
        return r.json;
      };
      await add({ kind: '20008', path: STOP_PATH });
      assert.equal(JSON.parse((await raw()).text).code, '20008');
      await add({ kind: '49999' });
      assert.equal(JSON.parse((await raw()).text).code, '49999');
      await add({ kind: 'http500' });
      assert.equal((await raw()).status, 500);
      await add({ kind: 'nonjson' });
      assert.match((await raw()).text, /<html>/);
      await add({ kind: 'drop' });
      await assert.rejects(raw());
      await add({ kind: 'latency', ms: 80 });
      const t0 = Date.now();
      assert.equal(JSON.parse((await raw()).text).code, '200');
      assert.ok(Date.now() - t0 >= 70);
      await add([
        { kind: 'code', code: '10007' },
        { kind: '49999', count: 3 },
      ]);
      assert.equal((await admin(sim.url, 'GET', '/sim/faults')).json.length, 2);
      assert.equal(JSON.parse((await raw()).text).code, '10007');
      assert.equal((await admin(sim.url, 'DELETE', '/sim/faults')).status, 200);
      assert.deepEqual((await admin(sim.url, 'GET', '/sim/faults')).json, []);
      await add({ kind: 'http500', count: 2 });
      assert.equal((await admin(sim.url, 'POST', '/sim/faults/clear')).status, 200);
      await alive();
      assert.equal((await admin(sim.url, 'POST', '/sim/faults', { kind: 'nope' })).status, 400);
    });
  });

  describe('request log', () => {
    it('records method, path, fields, code and status, with secrets masked', async () => {
      await callApi(sim.url, TOKEN_PATH, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
      await callApi(sim.url, OPERATIONS['storage-open'].path, {
        accessToken: T,
        deviceSerial: 'C00000002',
        cardPassword: 'CARD-VALID-0001',
      });
      await request(sim.url, STOP_PATH);
      const log = sim.requestLog();
      assert.equal(log.length, 3);
      assert.deepEqual(log[0], {
        time: sim.clock.now(),
        method: 'POST',
        path: TOKEN_PATH,
        fields: { appKey: 'demo-app-key', appSecret: '***' },
        code: '200',
        httpStatus: 200,
      });
      assert.deepEqual(log[1].fields, { accessToken: '***', deviceSerial: 'C00000002', cardPassword: '***' });
      assert.deepEqual([log[2].method, log[2].httpStatus, log[2].code], ['GET', 405, null]);
      const over = await admin(sim.url, 'GET', '/sim/log');
      const text = JSON.stringify(over.json);
      for (const secret of ['demo-app-secret', 'CARD-VALID-0001', T]) assert.ok(!text.includes(secret), secret);
      assert.equal(over.json.length, 3);
      assert.equal((await admin(sim.url, 'GET', `/sim/log?path=${encodeURIComponent(TOKEN_PATH)}`)).json.length, 1);
      assert.equal(sim.requestLog({ code: '200' }).length, 2);
      assert.equal(sim.requestLog((e) => e.method === 'GET').length, 1);
      assert.equal((await admin(sim.url, 'POST', '/sim/log/clear')).status, 200);
      assert.deepEqual(sim.requestLog(), []);
      await alive();
      sim.clearLog();
      assert.deepEqual((await admin(sim.url, 'GET', '/sim/log')).json, []);
    });
  });

  it('keeps the newest logLimit entries', async () => {
    const s2 = await startSimulator({ port: 0, logLimit: 3, state: loadDefaultState() });
    try {
      for (let ch = 1; ch <= 5; ch += 1) await callApi(s2.url, STOP_PATH, { ...stopFields, channelNo: ch });
      assert.deepEqual(
        s2.requestLog().map((e) => e.fields.channelNo),
        ['3', '4', '5'],
      );
      assert.deepEqual(
        (await admin(s2.url, 'GET', '/sim/log')).json.map((e: { code: string }) => e.code),
        ['20032', '20032', '20032'],
      );
    } finally {
      await s2.close();
    }
  });

  describe('admin endpoint', () => {
    it('GET /sim lists the endpoints; unknown admin paths 404, wrong methods 405', async () => {
      const idx = await admin(sim.url, 'GET', '/sim');
      assert.ok(idx.json.endpoints.length > 5);
      assert.equal((await admin(sim.url, 'GET', '/sim/nope')).status, 404);
      assert.equal((await admin(sim.url, 'DELETE', '/sim/reset')).status, 405);
      assert.equal(
        (
          await request(sim.url, '/sim/faults', {
            method: 'POST',
            body: '{',
            headers: { 'Content-Type': 'application/json' },
          })
        ).status,
        400,
      );
    });

    it('GET /sim/view shows positions, presets and storage computed now', async () => {
      await callApi(sim.url, START_PATH, { ...stopFields, direction: 3, speed: 1 });
      (sim.clock as FakeClock).advance(2000);
      await callApi(sim.url, OPERATIONS['preset-add'].path, stopFields);
      const v = (await admin(sim.url, 'GET', '/sim/view')).json;
      assert.equal(v.now, sim.clock.now());
      assert.deepEqual(v.devices.C00000001.channels['1'], {
        pan: 60,
        tilt: 0,
        zoom: 1,
        moving: { direction: 3, speed: 1 },
        callingPreset: null,
        atPreset: null,
        mirror: { upDown: false, leftRight: false },
        presets: [1, 2, 3], // 1 and 3: the default state's
        storage: {
          status: 1,
          totalDays: 7,
          validDays: 20,
          expireTime: v.devices.C00000001.channels['1'].storage.expireTime,
        },
      });
      assert.equal(v.devices.C00000002.online, false);
      assert.equal(v.devices.C00000003.channels['1'].storage.status, -2);
    });

    it('GET /sim/state shows the state; POST /sim/reset restores it', async () => {
      assert.equal((await callApi(sim.url, OPERATIONS['preset-add'].path, stopFields)).data.index, 2); // 1 and 3: default state
      let st = (await admin(sim.url, 'GET', '/sim/state')).json;
      assert.deepEqual(Object.keys(st.devices.C00000001.channels['1'].presets), ['1', '2', '3']);
      sim.injectFault({ kind: 'http500' });
      assert.equal((await admin(sim.url, 'POST', '/sim/reset')).status, 200);
      st = (await admin(sim.url, 'GET', '/sim/state')).json;
      assert.deepEqual(Object.keys(st.devices.C00000001.channels['1'].presets), ['1', '3']);
      assert.deepEqual(sim.faults(), []);
      assert.deepEqual(sim.requestLog(), []);
      assert.equal((await callApi(sim.url, OPERATIONS['preset-add'].path, stopFields)).data.index, 2);
    });

    it('PUT /sim/state replaces the state (and becomes the reset point)', async () => {
      const next = loadDefaultState() as { devices: Record<string, { online?: boolean }> };
      next.devices.C00000001.online = false;
      assert.equal((await admin(sim.url, 'PUT', '/sim/state', next)).status, 200);
      assert.equal((await callApi(sim.url, STOP_PATH, stopFields)).code, '20007');
      await admin(sim.url, 'POST', '/sim/reset');
      assert.equal((await callApi(sim.url, STOP_PATH, stopFields)).code, '20007');
      const bad = await admin(sim.url, 'PUT', '/sim/state', { devices: { X: { account: 'nobody' } } });
      assert.equal(bad.status, 400);
      assert.match(bad.json.error, /account/);
      assert.equal((await callApi(sim.url, STOP_PATH, stopFields)).code, '20007', 'a bad state changes nothing');
    });

    it('POST /sim/settings changes the named timings (a preset call of 100 ms), checked; /sim/reset restores them', async () => {
      const move = OPERATIONS['preset-call'].path;
      const call = (index: number) => callApi(sim.url, move, { ...stopFields, index });
      assert.equal((await admin(sim.url, 'GET', '/sim/settings')).json.presetCallMs, 2000, 'the default state');
      const r = await admin(sim.url, 'POST', '/sim/settings', { presetCallMs: 100 });
      assert.equal(r.status, 200);
      assert.equal(r.json.presetCallMs, 100);
      assert.equal(r.json.tokenLifetimeMs, 7 * 86400000, 'the others kept');
      assert.equal((await call(1)).code, '200');
      await admin(sim.url, 'POST', '/sim/clock/advance', { ms: 99 });
      assert.equal((await call(3)).code, '60009', 'still calling after 99 ms');
      await admin(sim.url, 'POST', '/sim/clock/advance', { ms: 1 });
      assert.equal((await call(3)).code, '200', 'done after 100 ms');
      for (const bad of [{ presetCallMs: -1 }, { presetCallMs: '5' }, { nope: 1 }, [1]]) {
        const b = await admin(sim.url, 'POST', '/sim/settings', bad);
        assert.equal(b.status, 400, JSON.stringify(bad));
      }
      assert.equal((await admin(sim.url, 'GET', '/sim/settings')).json.presetCallMs, 100, 'a bad body changes nothing');
      await admin(sim.url, 'POST', '/sim/reset');
      assert.equal((await admin(sim.url, 'GET', '/sim/settings')).json.presetCallMs, 2000);
    });

    it('moves a fake clock over /sim/clock', async () => {
      const t0 = sim.clock.now();
      assert.deepEqual((await admin(sim.url, 'GET', '/sim/clock')).json, { now: t0, fake: true });
      assert.deepEqual((await admin(sim.url, 'POST', '/sim/clock/advance', { ms: 8 * 86400000 })).json, {
        now: t0 + 8 * 86400000,
      });
      assert.equal((await callApi(sim.url, STOP_PATH, stopFields)).code, '10002', 'the demo token expired');
      assert.equal((await admin(sim.url, 'POST', '/sim/clock/set', { ms: t0 })).json.now, t0);
      await alive();
      assert.equal((await admin(sim.url, 'POST', '/sim/clock/advance', {})).status, 400);
    });

    it('refuses to move a system clock (409)', async () => {
      const s2 = await startSimulator({ port: 0, clock: new SystemClock() });
      try {
        assert.equal((await admin(s2.url, 'POST', '/sim/clock/advance', { ms: 1 })).status, 409);
        assert.equal((await admin(s2.url, 'GET', '/sim/clock')).json.fake, false);
      } finally {
        await s2.close();
      }
    });
  });

  describe('areaDomain', () => {
    it('a token of an international key works only on its areaDomain server', async () => {
      const area = await startSimulator({ port: 0, state: sim.state });
      try {
        assert.equal(area.state, sim.state);
        assert.equal(area.clock, sim.clock, 'the shared state brings its clock');
        sim.state.appKeys['intl-app-key'].areaDomain = area.url;
        const tok = await callApi(sim.url, TOKEN_PATH, { appKey: 'intl-app-key', appSecret: 'intl-app-secret' });
        assert.equal(tok.code, '200');
        assert.equal(tok.data.areaDomain, area.url);
        const fields = {
          accessToken: tok.data.accessToken,
          deviceSerial: 'C00000010',
          channelNo: 1,
          direction: 0,
          speed: 1,
        };
        assert.equal((await callApi(sim.url, START_PATH, fields)).code, '10002', 'wrong region');
        assert.equal((await callApi(area.url, START_PATH, fields)).code, '200');
        const localhost = area.url.replace('127.0.0.1', 'localhost');
        assert.equal((await callApi(localhost, STOP_PATH, fields)).code, '200', 'same server by another host name');
        assert.ok(sim.state.devices.C00000010.channels['1'].moving === null);
        // the demo key has no areaDomain: its token works on both
        assert.equal((await callApi(area.url, STOP_PATH, stopFields)).code, '200');
        assert.equal((await callApi(sim.url, STOP_PATH, stopFields)).code, '200');
      } finally {
        await area.close();
      }
    });
  });

  describe('start and close', () => {
    it('loads a state from a JSON file', async () => {
      const file = oneDeviceState('sim', 'at.file', 'ABCDEF123', { online: false });
      const s2 = await startSimulator({ port: 0, state: file });
      try {
        const f = { accessToken: 'at.file', deviceSerial: 'ABCDEF123', channelNo: 1 };
        assert.equal((await callApi(s2.url, STOP_PATH, f)).code, '20007');
        assert.equal((await callApi(s2.url, STOP_PATH, { ...f, deviceSerial: 'C00000001' })).code, '20002');
      } finally {
        await s2.close();
        fs.unlinkSync(file);
      }
      await assert.rejects(startSimulator({ port: 0, state: '/nonexistent/state.json' }));
      await assert.rejects(startSimulator({ port: 0, state: { devices: { C1: { online: true } } } }), /account/);
    });

    it('a state saved from sim.state starts an equal simulator (round trip; GET /sim/state masks secrets)', async () => {
      await callApi(sim.url, START_PATH, { ...stopFields, direction: 3, speed: 2 });
      await callApi(sim.url, OPERATIONS['storage-open'].path, {
        accessToken: T,
        deviceSerial: 'C00000002',
        cardPassword: 'CARD-VALID-0001',
      });
      const snapshot = JSON.parse(JSON.stringify(sim.state));
      const s2 = await startSimulator({ port: 0, state: snapshot, clock: sim.clock });
      try {
        assert.deepEqual(JSON.parse(JSON.stringify(s2.state)), snapshot);
        (sim.clock as FakeClock).advance(1000);
        assert.equal(
          (await callApi(s2.url, START_PATH, { ...stopFields, direction: 3, speed: 2 })).code,
          '60006',
          'still moving',
        );
        const open = async (deviceSerial: string): Promise<string> =>
          (
            await callApi(s2.url, OPERATIONS['storage-open'].path, {
              accessToken: T,
              deviceSerial,
              cardPassword: 'CARD-VALID-0001',
            })
          ).code;
        assert.equal(await open('C00000003'), '60020');
        assert.equal(await open('C0000000F'), '60032');
      } finally {
        await s2.close();
      }
    });

    it('FakeClock refuses bad steps; SystemClock follows Date.now()', () => {
      const c = new FakeClock(1000);
      assert.equal(c.advance(500), 1500);
      assert.throws(() => c.advance(-1));
      assert.throws(() => c.advance(NaN));
      assert.equal(c.set(10), 10);
      const now = Date.now();
      assert.ok(Math.abs(new SystemClock().now() - now) < 1000);
    });

    it('counts connections and closes keep-alive sockets on close()', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; i < 3; i += 1) await postForm(sim.url, STOP_PATH, stopFields, { agent });
        assert.equal(sim.connectionsOpened, 1, 'one kept-alive connection');
        await postForm(sim.url, STOP_PATH, stopFields);
        assert.equal(sim.connectionsOpened, 2);
        sim.injectFault({ kind: 'latency', ms: 60000 });
        const pending = postForm(sim.url, STOP_PATH, stopFields).catch((e: Error) => e);
        await new Promise((r) => setTimeout(r, 50));
        const t0 = Date.now();
        await sim.close();
        assert.ok(Date.now() - t0 < 5000, 'close does not wait for keep-alive or pending replies');
        assert.ok((await pending) instanceof Error);
        await assert.rejects(postForm(sim.url, STOP_PATH, stopFields), /ECONNREFUSED/);
      } finally {
        agent.destroy();
      }
    });

    it('serves HTTPS when given tls key and cert', async () => {
      // The tests' self-signed certificate (test/fixtures/tls/README.md).
      const tls = (name: string): Buffer => fs.readFileSync(path.join(__dirname, '../../../test/fixtures/tls', name));
      const s2 = await startSimulator({ port: 0, tls: { key: tls('key.pem'), cert: tls('cert.pem') } });
      try {
        assert.match(s2.url, /^https:\/\/127\.0\.0\.1:\d+$/);
        const r = await callApi(s2.url, STOP_PATH, stopFields, { rejectUnauthorized: false });
        assert.equal(r.code, '200');
      } finally {
        await s2.close();
      }
    });
  });
});
