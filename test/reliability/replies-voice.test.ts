// Reply fuzzing of ezviz-voice's upload and send calls (docs/behaviour.md section 19):
// the config node talks to a server of the test's own that answers every voice/upload and
// voice/send as generated: a good reply (data.url, data.fileUrl, an array), data without a URL or
// with a wrong type, API codes (10001, 20007, 20008, 20015, 10029, 49999, 10002, 60020, unknown),
// HTTP 429/500/502/503/404/301, not JSON, empty, JSON null or a list, over 1 MiB, delivered
// whole, trickled, dropped or never. New audio, or the audio of its lane's message before.
// Properties: exactly one outcome per message within its bound; play (voice/send) sent at most
// once per message, never again after an uncertain reply (which fails with retriable false); a
// success exactly when the one send was answered 200, with the URL the upload gave; at most
// 1 + maxRetries uploads per message; audio uploaded before (its URL not refused by a play since)
// not uploaded again; nothing thrown; no token in what the nodes said. Self-check (planted.ts): the
// kept URL not used (the same audio uploaded again) must make it fail. The messages run in lanes
// (lanes.ts): LANES at a time, each lane a config node of its own (its token tells the server the
// lane; its own voice files) with a voice node, one message at a time per lane.

import assert from 'assert';
import fc from 'fast-check';
import { wav } from '../support/audio';
import { helper, Msg, secrets } from '../support/red';
import { assertSaidClean, section, SEED, size, tallyMessage, takeTrapped, until } from './support';
import { answerServer, answersMaybeUsed, type Answer as BaseAnswer, type Delivery } from './answer-server';
import { mustFail, plant } from './planted';
import { loadLaneFlow, voiceNode } from './flows';
import { assertInLanes } from './lanes';
import { timedOutLastOf } from './deadline-watch';
import { VoiceFiles } from '../../client/service/voice-files';

const MESSAGES = size(1200, 80);
const TIMEOUT = 700;
const MAX_RETRIES = 2;
const TOKEN = 'at.voice-fuzz-7c1d0e55a2';
/** Messages at once: most of a message's time is the wait for an answer late or never given. */
const LANES = 6;
const TOKENS = Array.from({ length: LANES }, (_, i) => `${TOKEN}-${i}`);
for (const t of [TOKEN, ...TOKENS]) secrets.add(t);
/** Off during the self-check: its messages are not the run's. */
let counting = true;

interface Answer extends BaseAnswer {
  /** The JSON envelope says 200 (delivered whole: a play or an upload that happened). */
  ok?: boolean;
  url?: string;
}

const json = (what: string, o: unknown, extra: Partial<Answer> = {}): Answer => ({
  what,
  status: 200,
  body: JSON.stringify(o),
  delivery: 'whole',
  ...extra,
});
const codes = fc
  .constantFrom('10001', '20007', '20008', '20015', '10029', '49999', '10002', '60020', '77777')
  .map((code) => json(`code ${code}`, { code, msg: 'generated' }));
const broken = fc.oneof(
  fc.constantFrom(429, 500, 502, 503, 404).map((status) => ({
    what: `HTTP ${status}`,
    status,
    body: 'no',
    delivery: 'whole' as const,
    headers: { 'Retry-After': '0' },
  })),
  fc.constant<Answer>({
    what: 'redirect',
    status: 301,
    body: '',
    delivery: 'whole',
    headers: { Location: 'http://127.0.0.1:9/x' },
  }),
  fc
    .constantFrom('<html>busy</html>', '', 'null', '[1,2]', '{"code":')
    .map((body) => ({ what: `body ${body.slice(0, 8) || 'empty'}`, status: 200, body, delivery: 'whole' as const })),
  fc.constant(json('over 1 MiB', { code: '200', data: { url: 'https://v.example/a.wav' }, pad: 'x'.repeat(1100000) })),
  fc
    .constantFrom<Delivery>('trickle', 'drop', 'hang')
    .map((delivery) => ({ what: delivery, status: 200, body: JSON.stringify({ code: '200', msg: 'ok' }), delivery })),
);
const upload = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .nat(9999)
      .chain((n) =>
        fc.constantFrom(
          json(
            'url',
            { code: '200', data: { url: `https://v.example/sim-voice/${n}.wav` } },
            { ok: true, url: `https://v.example/sim-voice/${n}.wav` },
          ),
          json(
            'fileUrl in a list',
            { code: '200', data: [{ fileUrl: `https://v.example/f/${n}.wav` }] },
            { ok: true, url: `https://v.example/f/${n}.wav` },
          ),
          json('url a number', { code: '200', data: { url: n } }),
          json('no data', { code: '200' }),
        ),
      ),
  },
  { weight: 1, arbitrary: codes },
  { weight: 2, arbitrary: broken },
);
const send = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      json('played', { code: '200', msg: 'Operation succeeded' }, { ok: true }),
      json('played, data', { code: '200', data: null }, { ok: true }),
    ),
  },
  { weight: 1, arbitrary: codes },
  { weight: 2, arbitrary: broken },
);

/** A reply whose fate the caller cannot know (the camera may have played): never sent again. */
const uncertain = (a: Answer) =>
  a.delivery !== 'whole' || a.status >= 500 || a.what.startsWith('body') || a.what === 'over 1 MiB';

const SEND = '/api/lapp/voice/send';

describe('reliability: fuzzed replies of ezviz-voice upload and send', function () {
  this.timeout(0);
  const kindOf = (url: string) =>
    url.startsWith('/api/lapp/voice/upload') ? 'upload' : url.startsWith(SEND) ? 'send' : undefined;
  const server = answerServer(['upload', 'send'], kindOf, json('exhausted', { code: '49999' }), TOKENS);

  const outcomes = new Map<string, Msg[]>();
  let seq = 0;
  let played = 0;

  before(async () => {
    await loadLaneFlow(
      () => server.base(),
      { timeout: TIMEOUT, maxRetries: MAX_RETRIES },
      TOKENS,
      (lane) => [{ ...voiceNode('C00000003', 'str'), id: `op-${lane}` }],
      outcomes,
    );
  });

  const args = fc.tuple(
    fc.array(upload, { minLength: 3, maxLength: 3 }),
    fc.array(send, { minLength: 3, maxLength: 3 }),
    fc.nat(4),
  );
  /** The audio (by its seed) whose upload gave a URL its lane's config node keeps: played again without an upload. */
  const kept = new Set<number>();
  /** Audio whose upload the node may or may not have kept (the client gave up on uploads read late). */
  const unsure = new Set<number>();
  /** Per lane, the audio (by its seed) of its last message. */
  const lastAudio: number[] = [];
  const fuzz = (numRuns: number, seed: number) =>
    assertInLanes(
      LANES,
      args,
      async (lane, [ups, sends, again]) => {
        const id = `voice-${++seq}`;
        // Now and then the audio of the lane's message before (its config node's voice files).
        const audioSeed = again === 0 && lastAudio[lane] !== undefined ? lastAudio[lane] : seq;
        lastAudio[lane] = audioSeed;
        const audio = wav(200, 8000, audioSeed);
        const { plan, got } = server.lanes[lane];
        plan.upload = ups;
        plan.send = sends;
        got.upload = [];
        got.send = [];
        const since = Date.now();
        helper.getNode(`op-${lane}`).receive({ _msgid: id, payload: audio });
        const bound = (TIMEOUT + 200) * (2 * (1 + MAX_RETRIES)) + 5000;
        assert.ok(await until(() => (outcomes.get(id) ?? []).length >= 1, bound), `${id}: no outcome`);
        await new Promise((r) => setTimeout(r, 5));
        const out = outcomes.get(id)!;
        assert.strictEqual(out.length, 1, `${id}: ${out.length} outcomes`);
        const m = out[0];
        const what = `${id} (uploads ${got.upload.map((a) => a.what)}; sends ${got.send.map((a) => a.what)})`;
        assert.ok(got.send.length <= 1, `${what}: play sent ${got.send.length} times`);
        assert.ok(got.upload.length <= 1 + MAX_RETRIES, `${what}: ${got.upload.length} uploads`);
        // One upload per content: audio uploaded before (its URL not refused since) is not uploaded again.
        if (kept.has(audioSeed) && !unsure.has(audioSeed))
          assert.strictEqual(got.upload.length, 0, `${what}: uploaded again`);
        // The upload the node went on from: the last, or one of the last few (answersMaybeUsed).
        const uploads = answersMaybeUsed(TOKENS[lane], got.upload, () => true, since);
        const withUrl = uploads.filter((a) => a.url);
        if (withUrl.length && withUrl.length < uploads.length) unsure.add(audioSeed);
        else if (withUrl.length) {
          kept.add(audioSeed);
          unsure.delete(audioSeed);
        }
        const last = got.send[0];
        if (last?.what === 'code 10001') kept.delete(audioSeed); // the URL refused: the next uploads again
        if (m.port === 'ok') {
          assert.ok(last?.ok, `${what}: a success needs a play answered 200`);
          assert.strictEqual(m.payload.played, true);
          if (withUrl.length)
            assert.ok(
              withUrl.some((a) => a.url === m.payload.fileUrl),
              `${what}: the URL played`,
            );
          played++;
        } else {
          // Unless this busy process read the play's answer after the client's deadline (deadline-watch.ts).
          if (!timedOutLastOf(`${TOKENS[lane]}|${SEND}`))
            assert.ok(!last?.ok, `${what}: a play answered 200 must succeed (${JSON.stringify(m.error)})`);
          if (last && uncertain(last))
            assert.strictEqual(m.error.retriable, false, `${what}: uncertain, never retriable`);
          assert.ok(typeof m.error.code === 'string' && typeof m.error.message === 'string', what);
        }
        tallyMessage(`replies-voice:${m.port === 'ok' ? 'played' : m.error.code}`, id, counting);
      },
      { numRuns, seed },
    );

  it(`${MESSAGES} messages against generated upload and send replies: one outcome, play never sent twice, one upload per content`, async () => {
    const started = Date.now();
    await fuzz(MESSAGES, SEED + 131);
    assertSaidClean([TOKEN]);
    section('fuzz ezviz-voice replies', started, `${seq} messages, ${played} played`);
  });

  it("self-check: a voice file's kept URL not used (the same audio uploaded again) makes the fuzzer fail", async () => {
    counting = false;
    const twice = await mustFail(
      'the same audio uploaded again',
      plant(VoiceFiles.prototype, 'get', () => () => undefined),
      () => fuzz(MESSAGES, SEED + 132),
    );
    counting = true;
    takeTrapped();
    assert.match(twice, /uploaded again/, twice);
    section('replies voice self-check', Date.now(), `caught: an upload again (${twice.slice(0, 80)})`);
  });
});
