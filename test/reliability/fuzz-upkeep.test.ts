// Input fuzzing of ezviz-setting and ezviz-firmware (docs/behaviour.md section 20),
// against the simulator on a fake clock. Generated payloads of any type and size (records of the
// parameters with valid and junk values, msg.payload itself junk, texts past the size limit),
// judged per message by this suite's own reading of the rules (not the package's tables):
// - setting: a refused message (serial, channel, setting or value bad) is a validation error with
//   nothing sent; a read sends the setting's one get call and answers its value; a write reads,
//   then writes exactly once when the value differs (`changed: true`) and never when it is already
//   so (`changed: false`), with the fields the API notes name, and the device holds the value after.
// - firmware: a check sends version/info and the upgrade status, never an upgrade; an upgrade is
//   sent exactly once per message whatever its reply, also when the reply fails after the server
//   acted (the simulator answers after the client's deadline: the camera upgrades, the client
//   sees ETIMEDOUT and must not send it again), then followed to its end.
// - closing a node while its upgrade is sent or followed stops the following, never the upgrade:
//   the request still reaches the camera, nothing is sent after the close, no timer is left.
// Self-check (planted.ts): wrong runSetting/upgradeFirmware put in the nodes' place make the
// properties fail. Counts: 150 setting and 80 firmware messages (RELIABILITY_FULL=1: 1500, 600).

import assert from 'assert';
import fc from 'fast-check';
import { FakeClock } from '../../simulator';
import type { Simulator } from '../../simulator';
import * as settingsService from '../../features/upkeep/settings';
import * as follow from '../../features/upkeep/firmware-follow';
import { UPKEEP_CALLS } from '../../client/operations/settings';
import { fakeTime } from '../support/fake-time';
import { helper, hooks, loadOp, resetHooks, run, secrets, simulatorPerSuite, unload } from '../support/red';
import { expectParam, isBlank } from './oracle';
import { mustFail, plantAfter, plantAround } from './planted';
import { lightSpies, scanSaid, section, SEED, size, summary, until } from './support';
import { instantTimers } from '../support/fake-time';
import { type Plan, planFor, settingNow, settingPayload } from './upkeep-oracle';

const NOW = Date.parse('2026-03-01T08:00:00Z');
const path = (c: keyof typeof UPKEEP_CALLS): string => UPKEEP_CALLS[c].path;
const UPGRADE = path('firmware-upgrade');
type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const junk = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom<unknown>(
    '',
    ' ',
    null,
    undefined,
    [],
    {},
    NaN,
    Infinity,
    -1,
    1.5,
    true,
    'x'.repeat(1200),
    { toString: 1 },
    new Date(NaN),
    '7',
    'loud',
    '{"start":"1:00"',
  ),
);
const serial = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'C00000001',
      'c00000001',
      ' C00000003 ',
      'C00000002',
      'C00000007',
      'C00000014',
      'C00000004',
      'C99999999',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('C 1', '', 12345, 'C'.repeat(65)) },
);
const channel = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(undefined, 1, '1') },
  fc.constantFrom<unknown>(0, 2, 'x', 300),
);
const setting = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('sensitivity', 'schedule', 'infrared', 'Infrared ', 'SCHEDULE') },
  fc.constantFrom<unknown>('volume', 'sensitivity-get', '', 3),
  junk,
);
const time = fc.oneof(
  fc.constantFrom('00:00', '8:30', '22:00', '23:59', '24:00', '06:00', '12:05', '7:5', '25:00', '12:60'),
  fc
    .tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${h}:${String(m).padStart(2, '0')}`),
);
const schedule = fc.record(
  {
    enabled: fc.constantFrom<unknown>(true, false, 'on', 'off', 1, 0, 'yes'),
    start: time,
    stop: time,
    days: fc.oneof(
      fc.subarray(['mon', 'Tuesday', 'wed', 'THU', 'fri', 'sat', 'sun'], { minLength: 1 }).map((d) => d.join(',')),
      fc.subarray(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'Sunday']),
      fc.constantFrom<unknown>('funday', [], 'mon,,tue', ['m']),
    ),
  },
  { requiredKeys: ['start', 'stop'] },
);
const sensitivityValue = fc.oneof(
  fc.integer({ min: -1, max: 7 }),
  fc.constantFrom<unknown>('low', ' High', 'medium', '3', '+2', '6.0'),
);
const infraredValue = fc.constantFrom<unknown>('on', 'off', true, false, 0, 1, 'ON', 'true', '0', 'dim');
const scheduleValue = fc.oneof(
  { weight: 4, arbitrary: schedule },
  { weight: 1, arbitrary: schedule.map((s) => JSON.stringify(s)) },
);
const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(undefined, '', ' ') },
  { weight: 4, arbitrary: sensitivityValue },
  { weight: 3, arbitrary: infraredValue },
  { weight: 5, arbitrary: scheduleValue },
  { weight: 2, arbitrary: junk },
);
/** Mostly a value of the setting's own kind (else most messages would be refused for a value of another). */
const valueFor = (name: unknown): fc.Arbitrary<unknown> => {
  const key = typeof name === 'string' ? name.trim().toLowerCase() : '';
  const own =
    key === 'sensitivity'
      ? sensitivityValue
      : key === 'infrared'
        ? infraredValue
        : key === 'schedule'
          ? scheduleValue
          : value;
  return fc.oneof(
    { weight: 5, arbitrary: own },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(undefined, '') },
    { weight: 2, arbitrary: value },
  );
};
const settingMsg = fc.oneof(
  {
    weight: 9,
    arbitrary: setting.chain((name) =>
      fc.record(
        { deviceSerial: serial, channelNo: channel, setting: fc.constant(name), value: valueFor(name) },
        { requiredKeys: ['deviceSerial', 'setting'] },
      ),
    ),
  },
  { weight: 1, arbitrary: junk },
);
const action = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(undefined, 'check', 'upgrade', ' Upgrade ', 'CHECK') },
  fc.constantFrom<unknown>('update', 'downgrade', 1, true, ''),
  junk,
);
const firmwareMsg = fc.oneof(
  { weight: 9, arbitrary: fc.record({ deviceSerial: serial, action }, { requiredKeys: ['deviceSerial'] }) },
  { weight: 1, arbitrary: junk },
);

/** Follow timers that fire at once on the fake clock (10 s of it per read); counted. */
function instantFollow(clock: FakeClock): { live: () => number } {
  return instantTimers((ms) => () => clock.advance(ms));
}

const tally: Record<string, number> = {};
const count = (k: string): void => void (tally[k] = (tally[k] ?? 0) + 1);
const tallyText = (prefix: string): string =>
  Object.entries(tally)
    .filter(([k]) => k.startsWith(prefix))
    .map(([k, n]) => `${k.slice(prefix.length)} ${n}`)
    .join(', ');

describe('reliability: generated input to ezviz-setting and ezviz-firmware', function () {
  this.timeout(0);
  let sim: Simulator;
  let clock: FakeClock;
  simulatorPerSuite(
    (s) => {
      sim = s;
    },
    () => ({ clock: (clock = new FakeClock(NOW)) }),
  );
  afterEach(() => {
    resetHooks();
    sim.clearFaults();
  });

  /** One setting message judged by upkeep-oracle.ts against the simulator's log and state. */
  async function oneSetting(payload: unknown, problems: string[]): Promise<void> {
    const p = payload !== null && typeof payload === 'object' ? (payload as Msg) : {};
    const ser = expectParam('serial', true, p.deviceSerial);
    const dev = typeof ser === 'object' ? sim.state.devices[ser.sent] : undefined;
    const plan: Plan = planFor(payload, dev ? settingNow(dev.camera) : undefined);
    count(`s:${plan.kind === 'write' ? (plan.differs ? 'write' : 'already so') : plan.kind}`);
    sim.clearLog();
    const { port, msg } = await run({ payload }, 'op', 20000);
    summary.messages++;
    const say = (m: string): void => void problems.push(`${JSON.stringify(payload)?.slice(0, 200)}: ${m}`);
    const log = sim.requestLog().filter((e) => e.path.startsWith('/api/lapp/device/'));
    summary.requests += log.length;
    if (plan.kind === 'invalid') {
      if (log.length) say(`sent ${log.map((e) => e.path)} for a refused message`);
      if (port !== 'err' || msg.error.source !== 'validation' || msg.error.code !== '10001')
        say(`${port} ${JSON.stringify(msg.error)}`);
      return;
    }
    const gets = log.filter((e) => e.path === path(plan.get));
    const sets = log.filter((e) => e.path === path(plan.set));
    if (gets.length !== 1 || gets.length + sets.length !== log.length)
      return say(`calls ${log.map((e) => `${e.path} ${e.code}`)}`);
    const want = plan.serial === undefined ? {} : { deviceSerial: plan.serial, ...plan.getFields };
    for (const [k, v] of Object.entries(want))
      if (gets[0].fields[k] !== v) say(`get ${k}=${gets[0].fields[k]}, want ${v}`);
    if (gets[0].code !== '200') {
      if (sets.length) say('written after a failed read');
      if (port !== 'err' || msg.error.code !== gets[0].code)
        say(`read ${gets[0].code} but ${port} ${JSON.stringify(msg.error)}`);
      return;
    }
    const writes = plan.kind === 'write' && plan.differs ? 1 : 0;
    if (sets.length !== writes) return say(`${sets.length} writes, want ${writes}`);
    if (sets.length) {
      for (const [k, v] of Object.entries(plan.setFields))
        if (sets[0].fields[k] !== v) say(`set ${k}=${sets[0].fields[k]}, want ${v}`);
      if (sets[0].code !== '200') {
        if (port !== 'err' || msg.error.code !== sets[0].code)
          say(`write ${sets[0].code} but ${port} ${JSON.stringify(msg.error)}`);
        return;
      }
    }
    if (port !== 'ok') return say(`err ${JSON.stringify(msg.error)}`);
    const expected = settingPayload(plan, dev ? settingNow(dev.camera) : undefined);
    if (JSON.stringify(msg.payload) !== JSON.stringify(expected))
      say(`payload ${JSON.stringify(msg.payload)}, want ${JSON.stringify(expected)}`);
  }

  const settings = async (numRuns: number, seed: number): Promise<string[]> => {
    fakeTime(clock);
    await loadOp('setting', sim.url);
    lightSpies();
    const problems: string[] = [];
    try {
      await fc.assert(
        fc.asyncProperty(settingMsg, async (payload) => {
          await oneSetting(payload, problems);
          assert.deepStrictEqual(problems, [], problems[0]);
        }),
        { numRuns, seed, endOnFailure: true },
      );
    } finally {
      await unload();
    }
    return problems;
  };

  it(`setting: ${size(1500, 150)} generated messages: refused ones send nothing, a read one get, a write one set when it differs`, async () => {
    const started = Date.now();
    await settings(size(1500, 150), SEED + 32);
    section('fuzz setting', started, `${size(1500, 150)} messages: ${tallyText('s:')}`);
  });

  /** The default firmware of the cameras an upgrade changes (put back before some messages). */
  const reset = (serialNo: string): void => {
    const c = sim.state.devices[serialNo]?.camera;
    if (!c) return;
    c.upgradeStarted = null;
    c.firmware.version =
      serialNo === 'C00000007'
        ? 'V5.2.1 build 220301'
        : serialNo === 'C00000001'
          ? 'V5.3.0 build 230215'
          : c.firmware.version;
  };

  async function oneFirmware(payload: unknown, late: boolean, fresh: boolean, problems: string[]): Promise<void> {
    const p = payload !== null && typeof payload === 'object' ? (payload as Msg) : {};
    const ser = expectParam('serial', true, p.deviceSerial);
    const act = isBlank(p.action) ? 'check' : typeof p.action === 'string' ? p.action.trim().toLowerCase() : undefined;
    const valid = typeof ser === 'object' && (act === 'check' || act === 'upgrade');
    count(`f:${valid ? `${act}${late && act === 'upgrade' ? ' (late reply)' : ''}` : 'invalid'}`);
    if (typeof ser === 'object' && fresh) reset(ser.sent);
    sim.clearLog();
    sim.clearFaults();
    if (late) sim.injectFault({ kind: 'latency', ms: 600, path: UPGRADE }); // answered after the client's 300 ms deadline
    const { port, msg } = await run({ payload }, 'op', 30000);
    // The late reply's request is logged when answered (600 ms after it went out): when a request took
    // the latency fault, wait for that (at most 2 s); when none did, nothing is on its way.
    const end = Date.now() + 2000;
    const took = () => late && !sim.faults().some((f) => f.kind === 'latency');
    while (took() && !sim.requestLog({ path: UPGRADE }).length && Date.now() < end)
      await new Promise((r) => setTimeout(r, 5));
    summary.messages++;
    const say = (m: string): void => void problems.push(`${JSON.stringify(payload)?.slice(0, 200)} late=${late}: ${m}`);
    const log = sim.requestLog().filter((e) => e.path.startsWith('/api/lapp/device/'));
    summary.requests += log.length;
    const upgrades = log.filter((e) => e.path === UPGRADE);
    if (!valid) {
      if (log.length) say(`sent ${log.map((e) => e.path)} for a refused message`);
      if (port !== 'err' || msg.error.source !== 'validation') say(`${port} ${JSON.stringify(msg.error)}`);
      return;
    }
    if (act === 'check') {
      if (upgrades.length) say('a check sent an upgrade');
      const info = log.filter((e) => e.path === path('firmware-version'));
      if (info.length !== 1) return say(`${info.length} version reads`);
      if ((info[0].code === '200') !== (port === 'ok'))
        say(`version ${info[0].code} but ${port} ${JSON.stringify(msg.error)}`);
      return;
    }
    if (upgrades.length !== 1) return say(`${upgrades.length} upgrade requests (${upgrades.map((e) => e.code)})`);
    const code = upgrades[0].code;
    // A reply this busy process delivered after the 300 ms deadline is a late one too (seen at full
    // counts under load): the same rule, sent once, ETIMEDOUT and never to be tried again.
    if (late || (port === 'err' && msg.error.code === 'ETIMEDOUT')) {
      if (port !== 'err' || msg.error.code !== 'ETIMEDOUT' || msg.error.retriable !== false)
        say(`late reply: ${port} ${JSON.stringify(msg.error)}`);
      return;
    }
    const fails = sim.state.devices[ser.sent]?.camera.firmware.upgrade === 'fail';
    const ok = code === '60013' || ((code === '200' || code === '60014') && !fails);
    if (ok !== (port === 'ok')) return say(`upgrade ${code} but ${port} ${JSON.stringify(msg.error)}`);
    if (port === 'ok' && msg.payload.status !== (code === '60013' ? 'latest' : 'upgraded'))
      say(`status ${msg.payload.status} after ${code}`);
    if (
      port === 'err' &&
      !(code === '200' || code === '60014' ? msg.error.code === '60018' : msg.error.code === code)
    ) {
      say(`upgrade ${code}: error ${msg.error.code}`);
    }
  }

  const firmware = async (numRuns: number, seed: number): Promise<string[]> => {
    fakeTime(clock);
    const timers = instantFollow(clock);
    await loadOp('firmware', sim.url, { config: { timeout: 300, maxRetries: 2, retryDelay: 1 } });
    lightSpies();
    const problems: string[] = [];
    try {
      await fc.assert(
        fc.asyncProperty(firmwareMsg, fc.boolean(), fc.nat(9), async (payload, fresh, k) => {
          await oneFirmware(payload, k === 0, fresh, problems);
          if (timers.live()) problems.push(`${timers.live()} follow timers left after the outcome`);
          assert.deepStrictEqual(problems, [], problems[0]);
        }),
        { numRuns, seed, endOnFailure: true },
      );
    } finally {
      await unload();
    }
    return problems;
  };

  it(
    `firmware: ${size(600, 80)} generated messages: a check never upgrades, an upgrade is sent exactly once per message ` +
      '(also when its reply comes after the deadline), one outcome as the camera answered',
    async () => {
      const started = Date.now();
      await firmware(size(600, 80), SEED + 320);
      const scan = scanSaid();
      assert.deepStrictEqual([...scan.hits, ...scan.foreignErrors], []);
      section('fuzz firmware', started, `${size(600, 80)} messages: ${tallyText('f:')}`);
    },
  );

  it(`firmware: closing the node at ${size(60, 12)} generated moments of an upgrade stops following, never the upgrade`, async () => {
    const started = Date.now();
    let afterSent = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 250 }), fc.nat(7), async (latency, reads) => {
        fakeTime(clock);
        const timers = instantFollow(clock);
        let fired = 0;
        const inner = hooks.timer;
        hooks.timer = (fn, ms) =>
          inner(() => {
            fired++;
            fn();
          }, ms);
        reset('C00000001');
        sim.clearLog();
        sim.clearFaults();
        if (latency) sim.injectFault({ kind: 'latency', ms: latency, path: UPGRADE });
        await loadOp('firmware', sim.url, { props: { action: 'upgrade', actionType: 'firmwareAction' } });
        helper.getNode('op').receive({ payload: { deviceSerial: 'C00000001' } });
        const end = Date.now() + 5000;
        while (fired < reads && Date.now() < end) await new Promise((r) => setTimeout(r, 2));
        const sentBefore = sim.requestLog({ path: UPGRADE }).length;
        if (sentBefore) afterSent++;
        await unload(); // closing: Node-RED's close of the node
        // An upgrade in flight reaches the camera: read by the simulator (100 ms), its reply held by the
        // latency fault sent (delayedReplies 0) rather than the whole latency waited out.
        await new Promise((r) => setTimeout(r, 100));
        assert.ok(await until(() => sim.delayedReplies === 0, latency + 5000), 'the upgrade answered');
        const before = sim.requestLog().length;
        await new Promise((r) => setTimeout(r, 100));
        const log = sim.requestLog();
        const upgrades = log.filter((e) => e.path === UPGRADE).length;
        const what = `latency ${latency}, ${reads} reads, closed ${sentBefore ? 'after' : 'before'} the upgrade was answered`;
        // Closed before its upgrade was answered: it may not have left yet (the token first), never twice.
        assert.ok(upgrades === 1 || (upgrades === 0 && !sentBefore), `${what}: ${upgrades} upgrade requests`);
        if (upgrades) {
          assert.notStrictEqual(
            sim.state.devices.C00000001.camera.upgradeStarted,
            null,
            `${what}: the camera upgrades`,
          );
        }
        assert.strictEqual(log.length, before, `${what}: nothing sent after the close`);
        assert.strictEqual(timers.live(), 0, 'no timer left');
        resetHooks();
      }),
      { numRuns: size(60, 12), seed: SEED + 3200, endOnFailure: true },
    );
    section('fuzz firmware close', started, `${size(60, 12)} closes, ${afterSent} after the upgrade was answered`);
  });

  it('self-check: planted faults make the setting and firmware fuzzers fail', async () => {
    const twice = await mustFail(
      'reads twice',
      plantAround(settingsService, 'runSetting', async (run, a) => {
        await run(a[0], a[1], { ...a[2], value: undefined }, a[3]);
        return run(...a);
      }),
      () => settings(100, SEED + 33),
    );
    const lies = await mustFail(
      'changed when nothing was written',
      plantAfter(settingsService, 'runSetting', (r) =>
        r.kind === 'ok' && (r.payload as Msg)?.changed === false
          ? { ...r, payload: { ...(r.payload as Msg), changed: true } }
          : r,
      ),
      () => settings(100, SEED + 34),
    );
    const again = await mustFail(
      'upgrade sent again after a failed reply',
      plantAfter(follow, 'upgradeFirmware', (r, a, run) =>
        r.kind === 'error' && r.error.source === 'network' ? run(...a) : r,
      ),
      () => firmware(100, SEED + 35),
    );
    section(
      'upkeep self-check',
      Date.now(),
      `caught: reads twice (${twice.slice(0, 60)}); changed lie (${lies.slice(0, 60)}); ` +
        `upgrade again (${again.slice(0, 60)})`,
    );
    secrets.add('demo-app-secret');
  });
});
