// ezviz-alarm: what each alarm was (docs/behaviour.md section 27) through all three sources against
// the simulator, looping over the kinds table (docs/api/events-api.md section 2): the list gives
// the number, a message the word, and every message says kind, type, code, name and state; unknown
// numbers and words pass as `other`; an alarm and its end with one alarmId are two messages; the
// `kinds` filter; a face's name from the config node's list (never made up); a hub detector by the
// name in `location`. On the simulator's fake clock; the webhook on a real HTTP server.

import assert from 'assert';
import http from 'http';
import { FakeClock, webhookPusher } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { KIND_ROWS, KINDS, rowOfWord, type KindRow } from '../../../features/alarms/alarm-kinds';
import { forgetPushIds } from '../../../features/alarms/webhook';
import { forgetSeenCopies } from '../../../features/alarms/alarm-poller';
import { closeServer, collect, helper, load, Msg, secrets, serveHttp, unload } from '../../support/red';
import { fakeClockSimulator, fakeTime, fakeTimers, settle, until } from '../../support/fake-time';
import { alarmFlow, CREDS } from '../../support/alarm-flow';

const SECRET = 'whsec-kinds-0c11-test';
secrets.add(SECRET);
type Source = 'poll' | 'consumer' | 'webhook';
const SOURCES: Source[] = ['poll', 'consumer', 'webhook'];
const PROPS: Record<Source, Record<string, unknown>> = {
  poll: { source: 'poll', interval: 60 },
  consumer: { source: 'consumer', interval: 5 },
  webhook: { source: 'webhook', path: '/ezviz/kinds' },
};

describe('ezviz-alarm kinds: every row of the table through poll, consumer and webhook', function () {
  this.timeout(30000);
  let sim: Simulator;
  let clock: FakeClock;
  let server: http.Server | undefined;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]));
  afterEach(async () => {
    forgetPushIds();
    forgetSeenCopies(); // (the poller keeps the ids it sent per node id across deploys)
    await closeServer(server);
    server = undefined;
  });

  /** The flow with `props` on `op` (and `more` nodes), the config node's face names; started. */
  async function start(source: Source, props: Record<string, unknown> = {}, faceNames = '') {
    const timers = fakeTimers(clock);
    fakeTime(clock);
    const flow = alarmFlow(sim.url, { ...PROPS[source], ...props }).map((n) =>
      n.id === 'cfg' ? { ...n, faceNames } : n,
    );
    await load(flow, { ...CREDS, op: { secret: SECRET } });
    const out = collect(['ok', 'err']);
    if (source === 'webhook') {
      let base: string;
      ({ server, base } = await serveHttp());
      webhookPusher(sim.state).set({ url: `${base}/ezviz/kinds`, secret: SECRET });
    } else {
      timers.fire(); // the first poll or fetch, with nothing to send
      await settle();
    }
    clock.advance(1000);
    return { out, timers };
  }

  /** Until `n` messages left the node: a poll or fetch per input message (a webhook waits). */
  async function receive(source: Source, out: Record<string, Msg[]>, n: number): Promise<void> {
    for (let i = 0; i < 20 && out.ok.length < n; i++) {
      if (source !== 'webhook') {
        const completed = new Promise<void>((r) => helper.getNode('completed').once('input', () => r()));
        helper.getNode('op').receive({ payload: 'now' });
        await completed;
      } else await settle();
    }
    await until(() => out.ok.length >= n, 5000);
    assert.deepStrictEqual(out.err, []);
  }

  /** What a message says for a row: the list's number is the row's own, a message's word finds its row. */
  function expected(row: KindRow, source: Source) {
    const by = source === 'poll' ? row : rowOfWord(row[1])!;
    return { kind: row[2], type: row[1], code: by[0], name: by[4], state: row[3], alarmType: by[0] };
  }

  it('the table has a row of every kind, so the loops below send every kind through every source', () => {
    assert.deepStrictEqual(
      KINDS.filter((k) => !KIND_ROWS.some((row) => row[2] === k)),
      [],
    );
  });

  for (const source of SOURCES) {
    it(`${source}: every number and word of the table has its kind, type, code, name and state`, async () => {
      const { out } = await start(source);
      KIND_ROWS.forEach((row, i) => {
        clock.advance(10);
        sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: row[0], alarmId: `k${i}`, picture: false });
      });
      await receive(source, out, KIND_ROWS.length);
      assert.strictEqual(out.ok.length, KIND_ROWS.length);
      const byId = new Map(out.ok.map((m) => [m.payload.alarmId as string, m.payload]));
      KIND_ROWS.forEach((row, i) => {
        const p = byId.get(`k${i}`);
        const { kind, type, code, name, state, alarmType } = p ?? {};
        assert.deepStrictEqual({ kind, type, code, name, state, alarmType }, expected(row, source), `row ${row[0]}`);
        assert.strictEqual(p.source, source);
      });
    });

    it(`${source}: an unknown number or word is other with its raw value; a word in another case or with _d is found`, async () => {
      const { out } = await start(source);
      const raise = (alarmId: string, over: Record<string, unknown>) => {
        clock.advance(10);
        sim.raiseAlarm({ deviceSerial: 'C00000001', alarmId, picture: false, ...over });
      };
      raise('u1', { alarmType: 19999 });
      raise('u2', { alarmType: 19998, type: 'somethingNew' });
      raise('c1', { alarmType: 10027, type: 'LoiterDetection' });
      raise('c2', { alarmType: 30032, type: 'UnderVoltage_d' });
      await receive(source, out, 4);
      const got = Object.fromEntries(
        out.ok.map((m) => [m.payload.alarmId, [m.payload.kind, m.payload.type, m.payload.code, m.payload.alarmType]]),
      );
      assert.deepStrictEqual(got.u1, ['other', null, 19999, 19999]);
      // the list has the number only; a message the word only
      assert.deepStrictEqual(
        got.u2,
        source === 'poll' ? ['other', null, 19998, 19998] : ['other', 'somethingNew', null, null],
      );
      assert.deepStrictEqual(got.c1, [
        'loitering',
        source === 'poll' ? 'loiterdetection' : 'loiterdetection',
        10027,
        10027,
      ]);
      assert.deepStrictEqual(got.c2, ['battery', 'UnderVoltage_d', 30032, 30032]);
      for (const m of out.ok) assert.ok(typeof m.payload.name === 'string' && m.payload.name, m.payload.alarmId);
    });

    it(`${source}: an alarm and its end with one alarmId are two messages, each sent once`, async () => {
      const { out } = await start(source);
      clock.advance(10);
      sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 12000, alarmId: 'same', picture: false });
      clock.advance(10);
      sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 12086, alarmId: 'same', picture: false });
      await receive(source, out, 2);
      if (source !== 'webhook') helper.getNode('op').receive({ payload: 'again' });
      await settle();
      assert.deepStrictEqual(
        out.ok.map((m) => [m.payload.alarmId, m.payload.kind, m.payload.state]),
        [
          ['same', 'motion', 'start'],
          ['same', 'motion', 'end'],
        ],
      );
    });

    it(`${source}: the kinds filter sends only those kinds; with alarmType both apply`, async () => {
      const { out } = await start(source, { kinds: ['door', 'face'] });
      for (const [id, alarmType] of [
        ['m', 10002],
        ['d', 10004],
        ['f', 10121],
        ['s', 10005],
      ] as const) {
        clock.advance(10);
        sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType, alarmId: id, picture: false });
      }
      await receive(source, out, 2);
      await settle();
      assert.deepStrictEqual(
        out.ok.map((m) => [m.payload.alarmId, m.payload.kind]),
        [
          ['d', 'door'],
          ['f', 'face'],
        ],
      );
    });
  }

  it('the kinds filter and the alarmType filter together; a kind that is not one is refused', async () => {
    const { out } = await start('consumer', { kinds: 'door,face', alarmType: 10004 });
    clock.advance(10);
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10121, alarmId: 'f', picture: false });
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10004, alarmId: 'd', picture: false });
    await receive('consumer', out, 1);
    await settle();
    assert.deepStrictEqual(
      out.ok.map((m) => m.payload.alarmId),
      ['d'],
    );
    await unload();
    await load(alarmFlow(sim.url, { ...PROPS.consumer, kinds: ['door', 'cat'] }), CREDS);
    const bad = collect(['ok', 'err']);
    helper.getNode('op').receive({ payload: 1 });
    await bad.wait(1);
    assert.strictEqual(bad.err[0].payload.code, '10001');
    assert.match(bad.err[0].payload.message, /kinds/);
  });

  for (const source of ['consumer', 'webhook'] as const) {
    it(`${source}: a face's id from customInfo, its name from the config node's list, null when the list lacks it`, async () => {
      const { out } = await start(source, {}, '1a2b3c Alice Smith\n# a comment\n9z = Bob');
      const raise = (alarmId: string, over: Record<string, unknown>) => {
        clock.advance(10);
        sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10121, alarmId, picture: false, ...over });
      };
      raise('alice', { faceId: '1a2b3c' });
      raise('bob', { faceId: '9z' });
      raise('stranger', { faceId: 'ffff' });
      raise('not-enrolled', { customInfo: '' });
      raise('broken', { customInfo: '!!not base64!!' });
      await receive(source, out, 5);
      const faces = Object.fromEntries(out.ok.map((m) => [m.payload.alarmId, m.payload.face]));
      assert.deepStrictEqual(faces, {
        alice: { id: '1a2b3c', name: 'Alice Smith' },
        bob: { id: '9z', name: 'Bob' },
        stranger: { id: 'ffff', name: null },
        'not-enrolled': undefined,
        broken: undefined,
      });
      for (const m of out.ok) assert.strictEqual(m.payload.kind, 'face');
      assert.deepStrictEqual(out.ok[0].payload.customInfo, { faceId: '1a2b3c' });
    });

    it(`${source}: a face's name from the camera's own list first (one GET per camera), else the config node's list`, async () => {
      const { out } = await start(source, {}, '1a2b3c Alice Smith\n9z = Bob');
      sim.clearLog();
      const raise = (alarmId: string, faceId: string) => {
        clock.advance(10);
        sim.raiseAlarm({ deviceSerial: 'C00000006', alarmType: 10121, alarmId, picture: false, faceId });
      };
      // The simulator's C00000006 lists Alice (1a2b3c) and Bob Chen (5d6e): simulator/areas/faces.ts.
      raise('alice', '1a2b3c');
      raise('bob-chen', '5d6e');
      raise('bob', '9z');
      raise('stranger', 'ffff');
      await receive(source, out, 4);
      const faces = Object.fromEntries(out.ok.map((m) => [m.payload.alarmId, m.payload.face]));
      assert.deepStrictEqual(faces, {
        alice: { id: '1a2b3c', name: 'Alice' },
        'bob-chen': { id: '5d6e', name: 'Bob Chen' },
        bob: { id: '9z', name: 'Bob' },
        stranger: { id: 'ffff', name: null },
      });
      assert.deepStrictEqual(
        out.ok.map((m) => m.payload.alarmId),
        ['alice', 'bob-chen', 'bob', 'stranger'],
        'in their order',
      );
      const asked = sim.requestLog().filter((e) => /face\/recognize\/list/.test(e.path));
      assert.deepStrictEqual(
        asked.map((e) => [e.method, e.fields.deviceSerial, e.httpStatus]),
        [['GET', 'C00000006', 200]],
        'asked once, as the notes say',
      );
    });

    it(`${source}: a hub detector's alarm names the detector from location`, async () => {
      const { out } = await start(source);
      clock.advance(10);
      // the simulator's A1 hub C00000015: a detector's alarm word and its name in location
      const hub = (alarmId: string, detectorSerial: string) =>
        sim.raiseAlarm({ deviceSerial: 'C00000015', detectorSerial, alarmId, picture: false });
      hub('d1', 'D00000003');
      hub('w1', 'D00000005');
      hub('p1', 'D00000001');
      hub('e1', 'D00000006');
      sim.raiseAlarm({ deviceSerial: 'C00000001', type: 'motiondetect', location: 'Hall', alarmId: 'm1' });
      await receive(source, out, 5);
      const got = Object.fromEntries(out.ok.map((m) => [m.payload.alarmId, [m.payload.kind, m.payload.detector]]));
      assert.deepStrictEqual(got, {
        d1: ['door', { serial: null, name: 'Front door', type: 'magnetometer' }],
        w1: ['water', { serial: null, name: 'Bathroom leak', type: 'waterlogging' }],
        p1: ['pir', { serial: null, name: 'Hallway motion', type: 'pir' }],
        e1: ['panic', { serial: null, name: 'Bedside button', type: 'callhelp' }],
        m1: ['motion', undefined],
      });
      assert.strictEqual(out.ok[0].topic, 'C00000015');
    });
  }

  it('poll: the list carries no face or detector (customerInfo null): none is made up', async () => {
    const { out } = await start('poll', {}, '1a2b3c Alice');
    clock.advance(10);
    sim.raiseAlarm({ deviceSerial: 'C00000001', alarmType: 10121, faceId: '1a2b3c', alarmId: 'f', picture: false });
    await receive('poll', out, 1);
    assert.strictEqual(out.ok[0].payload.kind, 'face');
    assert.ok(!('face' in out.ok[0].payload));
  });
});
