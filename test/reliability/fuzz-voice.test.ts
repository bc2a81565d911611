// Input fuzzing of ezviz-voice: payloads of any type and size (anything, text, URLs,
// random bytes, wav/mp3/aac made in code, the same audio cut or with bytes changed, audio over
// 5 MiB or 60 s) to cameras with and without a speaker. Each message ends in exactly one outcome;
// a validation error sends nothing; a success played exactly once (one send, one play in the
// simulator); audio the oracle knows to be good always plays; nothing is thrown out of a node.

import assert from 'assert';
import fc from 'fast-check';
import type { Simulator } from '../../simulator';
import { voiceState } from '../../simulator/areas/voice';
import { aac, mp3, wav } from '../support/audio';
import { helper, Msg } from '../support/red';
import { loadFuzzFlow, voiceNode } from './flows';
import { assertSaidClean, section, SEED, simulatorForFile, size, stateSecrets, tallyMessage, until } from './support';

const MESSAGES = size(1500, 120);
const SEND = '/api/lapp/voice/send';

type Gen = { payload: unknown; good: boolean | undefined; what: string };

const audio = fc.oneof(
  fc
    .record({ ms: fc.integer({ min: 20, max: 4000 }), seed: fc.integer({ min: 0, max: 50 }) })
    .map((a) => wav(a.ms, 8000, a.seed)),
  fc.integer({ min: 2, max: 120 }).map((n) => mp3(n)),
  fc.integer({ min: 2, max: 80 }).map((n) => aac(n)),
);
const gen: fc.Arbitrary<Gen> = fc.oneof(
  { weight: 4, arbitrary: audio.map((b) => ({ payload: b, good: true, what: 'audio' })) },
  {
    weight: 2,
    arbitrary: fc.tuple(audio, fc.nat(), fc.nat(255)).map(([b, i, v]) => {
      const c = Buffer.from(b);
      c[i % c.length] = v;
      return { payload: c, good: undefined, what: 'audio, a byte changed' };
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(audio, fc.nat())
      .map(([b, n]) => ({ payload: b.subarray(0, n % b.length), good: undefined, what: 'audio, cut' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 3000 })
      .map((u) => ({ payload: Buffer.from(u), good: undefined, what: 'random bytes' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .anything({ maxDepth: 2 })
      .filter((v) => !Buffer.isBuffer(v) && typeof v !== 'string')
      .map((v) => ({ payload: v, good: false, what: 'anything' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 80 })
      .filter((s) => !/^\s*https?:\/\//i.test(s))
      .map((s) => ({ payload: s, good: false, what: 'text' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(wav(61000), Buffer.concat([wav(200), Buffer.alloc(5 * 1024 * 1024)]), Buffer.alloc(0))
      .map((b) => ({ payload: b, good: false, what: 'too long, too big or empty' })),
  },
);
const CAMERAS: Array<[string | undefined, boolean]> = [
  ['C00000003', true],
  ['C00000001', true],
  ['C00000013', false],
  ['C 1', false],
  [undefined, false],
  ['C00000002', false],
];

describe('reliability: fuzzed input of ezviz-voice', function () {
  this.timeout(0);
  let sim: Simulator;
  simulatorForFile({ logLimit: 100000 }, (s) => {
    sim = s;
  });

  it(`${MESSAGES} generated payloads: one outcome each, nothing sent for bad ones, exactly one play for good ones`, async () => {
    const started = Date.now();
    const outcomes = new Map<string, Msg[]>();
    await loadFuzzFlow(
      sim.url,
      { timeout: 2000, maxRetries: 1 },
      [voiceNode('topic', 'msg')],
      'at.demo-token',
      outcomes,
    );
    const urls: string[] = [];
    let seq = 0;
    let plays = 0;
    await fc.assert(
      fc.asyncProperty(gen, fc.nat(CAMERAS.length - 1), fc.boolean(), async (g, cam, reuse) => {
        const [topic, speaker] = CAMERAS[cam];
        const id = `v-${++seq}`;
        const payload = reuse && urls.length ? urls[seq % urls.length] : g.payload;
        const good = reuse && urls.length ? true : g.good;
        if (reuse && urls.length) g = { ...g, what: 'a voice file URL' };
        const before = {
          log: sim.requestLog().length,
          sends: sim.requestLog({ path: SEND }).length,
          played: voiceState(sim.state).played.length,
        };
        helper.getNode('op').receive({ _msgid: id, topic, payload });
        assert.ok(await until(() => (outcomes.get(id) ?? []).length >= 1, 5000), `${id}: no outcome`);
        await new Promise((r) => setTimeout(r, 2));
        const out = outcomes.get(id)!;
        assert.strictEqual(out.length, 1, `${id}: ${out.length} outcomes`);
        const m = out[0];
        const sends = sim.requestLog({ path: SEND }).length - before.sends;
        const played = voiceState(sim.state).played.length - before.played;
        if (m.port === 'ok') {
          assert.deepStrictEqual([sends, played], [1, 1], `${id} (${g.what}): a success played exactly once`);
          assert.strictEqual(m.payload.played, true);
          plays++;
          if (!urls.includes(m.payload.fileUrl)) urls.push(m.payload.fileUrl);
        } else {
          assert.strictEqual(played, 0, `${id}: a failure played nothing`);
          assert.ok(sends <= 1, `${id}: sent at most once`);
          if (m.error.source === 'validation')
            assert.strictEqual(sim.requestLog().length - before.log, 0, `${id} (${g.what}): nothing sent`);
        }
        if (good === false) assert.strictEqual(m.port, 'err', `${id} (${g.what}): refused`);
        if (good === false && typeof payload !== 'string')
          assert.strictEqual(sim.requestLog().length, before.log, `${id}: nothing sent`);
        if (good === true && speaker) assert.strictEqual(m.port, 'ok', `${id} (${g.what}): ${JSON.stringify(m.error)}`);
        tallyMessage(`fuzz-voice:${g.what}:${m.port === 'ok' ? 'played' : m.error.code}`, id);
      }),
      { numRuns: MESSAGES, seed: SEED + 31, endOnFailure: true },
    );
    assertSaidClean(stateSecrets(sim.state));
    section(
      'fuzz ezviz-voice input',
      started,
      `${seq} messages, ${plays} played, ${voiceState(sim.state).uploads} uploads`,
    );
  });
});
