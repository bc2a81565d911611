// Input and reply fuzzing of ezviz-hub and ezviz-siren against the simulator (docs/behaviour.md section
// 24), counted in the simulator's own request log and state:
// - inputs: generated messages (words in any case, numbers, junk, anything as the payload, serials
//   of the hub, of a camera with and without active defence, bad ones); each ends in exactly one
//   outcome; a refused one (10001) sent nothing; a start or a tone went out at most once; a
//   success is what the simulator now holds (the siren sounding or silent, the detector armed in
//   that mode, its new name, the list's detectors); a message the oracle knows to be good succeeds;
// - replies: the same messages with the defence, audition and detector calls answered late (after
//   the deadline), cut, as HTML or not JSON, or with 20008/49999, once or twice: a start or tone
//   is still sent at most once (an uncertain one ends not retriable), a stop or a hub call at most
//   1 + maxRetries times, a success only after a good reply;
// - self-check: planted faults (a start sent twice; an arm reported as the other state) make the
//   fuzzers fail.
// The messages run in lanes (lanes.ts): LANES at a time, each lane a simulator of its own (its
// faults, request log and state the lane's message's alone) with its config node, hub and siren.

import assert from 'assert';
import fc from 'fast-check';
import type { Simulator } from '../../simulator';
import * as hubService from '../../features/hub-siren/hub';
import { HUB_CALLS } from '../../client/operations/hub';
import { SIREN_CALLS } from '../../client/operations/siren';
import { helper, Msg } from '../support/red';
import { mustFail, plantAfter, plantTwice } from './planted';
import { hubSirenNode, loadLaneFlow } from './flows';
import { assertInLanes } from './lanes';
import { assertSaidClean, section, SEED, simulatorsForFile, size, stateSecrets, tallyMessage, until } from './support';

const MESSAGES = size(800, 70);
const REPLIES = size(600, 50);
const TIMEOUT = 700;
const MAX_RETRIES = 1;
/** Messages at once: a reply fault's message waits out the deadline and the late reply. */
const LANES = 12;
const HUB = 'C00000015';
const SIREN = 'C00000001';
const PLAIN = 'C00000003';
const DEFENCE = SIREN_CALLS.start.path;
const AUDITION = SIREN_CALLS.tone.path;
const HUB_PATHS = Object.values(HUB_CALLS).map((c) => c.path);
const MODES = { home: 'atHomeEnable', away: 'outerEnable', sleep: 'sleepEnable' } as const;

const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -5, max: 300 }),
  fc.boolean(),
  fc.constant({ toString: 1 }),
);
/** A word in any case, sometimes with blanks around it. */
const word = (...words: string[]) =>
  fc
    .tuple(fc.constantFrom(...words), fc.constantFrom('', 'upper', 'blank'))
    .map(([w, how]) => (how === 'upper' ? w.toUpperCase() : how === 'blank' ? ` ${w} ` : w));
const often = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 15, arbitrary: good }, { weight: 1, arbitrary: junk });
const serial = (own: string) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(own) },
    { weight: 1, arbitrary: fc.constantFrom(PLAIN, HUB, SIREN, 'C0000-0001', 'c00000001') },
    { weight: 1, arbitrary: junk },
  );

const hubMsg = fc.record({
  action: often(word('list', 'arm', 'clear', 'rename')),
  deviceSerial: serial(HUB),
  detectorSerial: often(fc.constantFrom('D00000001', 'D00000003', 'D00000008', 'D99999999')),
  mode: often(fc.oneof(word('home', 'away', 'sleep'), fc.constantFrom(0, 1, 2, '1'))),
  armed: often(fc.constantFrom(true, false, 'on', 'off', 1, 0, 'true')),
  detectorName: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('Hall', 'Kitchen (2)', 'Back-door_1.b') },
    { weight: 1, arbitrary: fc.constantFrom('a<b>', 'x'.repeat(50), '', '   ') },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  ),
});
const sirenMsg = fc.record({
  action: often(word('start', 'stop', 'tone')),
  deviceSerial: serial(SIREN),
  tone: often(fc.oneof(word('beep', 'alarm', 'mute'), fc.constantFrom(200, 201, 202, '201'))),
  volume: often(fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(0, 101, '50', 7.5))),
});
/** Messages that reach the wire (reply fuzzing): mostly starts. */
const sent = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        action: fc.constantFrom('start', 'start', 'stop', 'tone'),
        deviceSerial: fc.constant(SIREN),
        tone: fc.constantFrom('beep', 'alarm'),
        volume: fc.integer({ min: 1, max: 100 }),
      })
      .map((p) => ['siren', p] as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        action: fc.constantFrom('list', 'clear', 'arm', 'rename'),
        deviceSerial: fc.constant(HUB),
        detectorSerial: fc.constantFrom('D00000001', 'D00000003'),
        mode: fc.constantFrom('home', 'away', 'sleep'),
        armed: fc.boolean(),
        detectorName: fc.constantFrom('Hall', 'Kitchen (2)'),
      })
      .map((p) => ['hub', p] as const),
  },
  { weight: 1, arbitrary: sirenMsg.map((p) => ['siren', p] as const) },
  { weight: 1, arbitrary: hubMsg.map((p) => ['hub', p] as const) },
);
/** Sometimes not an object at all. */
const payloadOf = <T>(a: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 20, arbitrary: a as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );

type Fault = { kind: 'latency' | 'drop' | 'nonjson' | 'http500' | '20008' | '49999'; count: number } | undefined;
const fault: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('latency', 'drop', 'nonjson', 'http500', '20008', '49999'),
      count: fc.integer({ min: 1, max: 2 }),
    }),
  },
);

const text = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : typeof v === 'number' ? String(v) : '');
const absent = (v: unknown) => v === undefined || v === null;
const TONE_WORDS = ['beep', 'alarm', 'mute', '200', '201', '202'];
/** A siren start or stop the oracle knows to be good: the camera with active defence, every value in range. */
function goodSiren(p: Record<string, unknown>): boolean {
  const v = p.volume;
  const volume = absent(v) || (/^\d{1,3}$/.test(text(v)) && Number(text(v)) >= 1 && Number(text(v)) <= 100);
  const tone = absent(p.tone) || TONE_WORDS.includes(text(p.tone));
  return p.deviceSerial === SIREN && ['start', 'stop'].includes(text(p.action)) && tone && volume;
}
/** A hub list the oracle knows to be good: the hub, every other value one a hub message may hold. */
function goodList(p: Record<string, unknown>): boolean {
  const ok = (v: unknown, words: string[]) => absent(v) || words.includes(text(v));
  return (
    p.deviceSerial === HUB &&
    text(p.action) === 'list' &&
    ok(p.detectorSerial, ['d00000001', 'd00000003', 'd00000008', 'd99999999']) &&
    ok(p.mode, ['home', 'away', 'sleep', '0', '1', '2']) &&
    (absent(p.armed) || [true, false, 'on', 'off', 1, 0, 'true'].includes(p.armed as never)) &&
    ok(p.detectorName, ['hall', 'kitchen (2)', 'back-door_1.b'])
  );
}

describe('reliability: fuzzed input and replies of ezviz-hub and ezviz-siren against the simulator', function () {
  this.timeout(0);
  let sims: Simulator[] = [];
  simulatorsForFile(LANES, { logLimit: 100000 }, (s) => {
    sims = s;
  });
  const outcomes = new Map<string, Msg[]>();
  let seq = 0;

  before(async () => {
    await loadLaneFlow(
      (lane) => sims[lane].url,
      { timeout: TIMEOUT, maxRetries: MAX_RETRIES },
      sims.map(() => 'at.demo-token'),
      (lane) => [hubSirenNode(`hub-${lane}`, 'ezviz-hub'), hubSirenNode(`siren-${lane}`, 'ezviz-siren')],
      outcomes,
    );
  });

  /** Sends one message on `lane` and checks it; `f` the fault its calls meet (reply fuzzing). */
  async function check(lane: number, target: 'hub' | 'siren', payload: unknown, f?: Fault): Promise<void> {
    const id = `${target}-${++seq}`;
    const sim = sims[lane];
    sim.clearFaults();
    const paths = target === 'hub' ? HUB_PATHS : [DEFENCE, AUDITION];
    if (f)
      for (const path of paths)
        sim.injectFault(
          f.kind === 'latency' ? { kind: 'latency', ms: TIMEOUT + 300, count: f.count, path } : { ...f, path },
        );
    const before = sim.requestLog().length;
    const p = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    const det = sim.state.devices[HUB].hub.detectors.find((d) => d.detectorSerial === p.detectorSerial);
    const was = det ? { ...det } : undefined;
    helper.getNode(`${target}-${lane}`).receive({ _msgid: id, payload });
    const bound = (TIMEOUT + 400) * (1 + MAX_RETRIES) + 5000;
    assert.ok(await until(() => (outcomes.get(id) ?? []).length >= 1, bound), `${id}: no outcome`);
    assert.ok(await until(() => sim.delayedReplies === 0, 5000), `${id}: late replies still due`);
    await new Promise((r) => setTimeout(r, 2));
    const out = outcomes.get(id)!;
    assert.strictEqual(out.length, 1, `${id}: ${out.length} outcomes`);
    const m = out[0];
    const sent = sim.requestLog().slice(before);
    const what = `${id} ${JSON.stringify(payload)?.slice(0, 160)} fault ${JSON.stringify(f)} -> ${m.port} ${
      m.port === 'err' ? `${m.error.code} ${m.error.source}` : JSON.stringify(m.payload).slice(0, 120)
    } (sent ${sent.map((e) => `${e.path}:${e.fields.status ?? ''}:${e.httpStatus}`)})`;
    if (m.port === 'err' && m.error.source === 'validation')
      assert.strictEqual(sent.length, 0, `${what}: refused, yet sent`);
    const calls = sent.filter((e) => !e.path.includes('token'));
    if (target === 'siren') {
      const starts = calls.filter((e) => e.path === DEFENCE && e.fields.status === '2').length;
      const tones = calls.filter((e) => e.path === AUDITION).length;
      assert.ok(starts <= 1, `${what}: a start sent ${starts} times`);
      assert.ok(tones <= 1, `${what}: a tone sent ${tones} times`);
      assert.ok(calls.length <= 1 + MAX_RETRIES, `${what}: ${calls.length} calls`);
      if (m.port === 'err' && (starts || tones) && f && ['latency', 'drop'].includes(f.kind))
        assert.strictEqual(m.error.retriable, false, `${what}: an uncertain start or tone is not retriable`);
      if (m.port === 'ok') {
        const s = sim.state.devices[String(m.payload.deviceSerial).toUpperCase()].siren;
        if (m.payload.action === 'start') assert.ok(s.since !== null && starts === 1, `${what}: not sounding`);
        if (m.payload.action === 'stop') assert.strictEqual(s.since, null, `${what}: still sounding`);
        if (m.payload.action === 'tone') assert.strictEqual(tones, 1, what);
      }
      if (!f && goodSiren(p)) assert.strictEqual(m.port, 'ok', `${what}: a good message`);
    } else {
      assert.ok(calls.length <= 1 + MAX_RETRIES, `${what}: ${calls.length} calls`);
      if (m.port === 'ok') {
        const hub = sim.state.devices[HUB].hub;
        const now = hub.detectors.find((d) => d.detectorSerial === m.payload.detectorSerial);
        if (m.payload.action === 'list') assert.strictEqual(m.payload.detectors.length, hub.detectors.length, what);
        if (m.payload.action === 'arm') {
          const flag = MODES[m.payload.mode as keyof typeof MODES];
          assert.strictEqual(now?.[flag], m.payload.armed ? 1 : 0, `${what}: the simulator disagrees`);
          assert.strictEqual(m.payload.changed, was?.[flag] !== now?.[flag], `${what}: changed`);
        }
        if (m.payload.action === 'rename') assert.strictEqual(now?.location, m.payload.name, `${what}: not renamed`);
      }
      if (!f && goodList(p)) assert.strictEqual(m.port, 'ok', `${what}: a good message`);
    }
    tallyMessage(`fuzz-hub-siren:${target}:${m.port === 'ok' ? m.payload.action : m.error.code}`, id);
  }

  const inputs = (numRuns: number, seed: number) =>
    assertInLanes(
      LANES,
      fc.oneof(
        payloadOf(hubMsg).map((p) => ['hub', p] as const),
        payloadOf(sirenMsg).map((p) => ['siren', p] as const),
      ),
      async (lane, [target, p]) => check(lane, target, p),
      { numRuns, seed },
    );
  const replies = (numRuns: number, seed: number) =>
    assertInLanes(LANES, fc.tuple(sent, fault), async (lane, [[target, p], f]) => check(lane, target, p, f), {
      numRuns,
      seed,
    });

  it(`inputs: ${MESSAGES} generated messages, one outcome each, as the simulator now holds`, async () => {
    const started = Date.now();
    await inputs(MESSAGES, SEED + 251);
    section('fuzz ezviz-hub and ezviz-siren input', started, `${MESSAGES} messages`);
  });

  it(`replies: ${REPLIES} messages whose calls are answered late, cut, garbled or busy: a start never sent again`, async () => {
    const started = Date.now();
    await replies(REPLIES, SEED + 252);
    for (const sim of sims) sim.clearFaults();
    assertSaidClean(sims.flatMap((sim) => stateSecrets(sim.state)));
    section('fuzz ezviz-hub and ezviz-siren replies', started, `${REPLIES} messages`);
  });

  it('self-check: planted faults make both fuzzers fail (a start sent twice; an arm reported as the other state)', async () => {
    const twice = await mustFail('a start sent twice', plantTwice(hubService, 'runSiren'), () =>
      replies(60, SEED + 253),
    );
    const lies = await mustFail(
      'an arm reported as the other state',
      plantAfter(hubService, 'runHub', (r) => {
        const payload = (r as { payload?: { action?: string; armed?: boolean } }).payload;
        return payload?.action === 'arm' ? { ...r, payload: { ...payload, armed: !payload.armed } } : r;
      }),
      () => inputs(120, SEED + 254),
    );
    for (const sim of sims) sim.clearFaults();
    section(
      'hub and siren self-check',
      Date.now(),
      `planted faults caught: a start sent twice (${twice.slice(0, 80)}); an arm reported wrong (${lies.slice(0, 80)})`,
    );
  });
});
