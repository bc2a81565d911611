// Reply fuzzing of ezviz-clip (docs/behaviour.md section 26) in a world of the test's own
// (test/support/clip-world.ts): the playback stream served as generated, session by session
// (whole, cut anywhere, turning to garbage, endless, stuck on one time, fat frames past maxBytes,
// trickling, a huge tag, 403/404/500/502, nothing, dropped), and the recordings list answered as
// generated (a recording covering the window, part of it, beside it, none, null, a thousand items,
// junk items, not a list, API codes, HTTP 500, not JSON, over 1 MiB). The clip's deadline runs
// on the runtime's clock at ten times the pace (hooks.timer), and fires at once when the session
// served can bring nothing more (a hang, a trickle or a stuck session that went on long enough:
// clip-world.ts onStall), rather than be waited out in real time. Properties, for every message:
// exactly one outcome within its bound; nothing thrown; a success is a whole file (its movie
// covers the window, a picture every frame of it) and only after a list that recorded it; a
// failure of the stream is CLIP_INCOMPLETE or CLIP_TIMEOUT, `complete: false`, its partial file
// within maxBytes and a frame; NO_RECORDING reads no stream; a stream served whole, and a list
// covering the window, end in a success; every playback connection closed after the outcome;
// the heap and buffers of the process at most 64 MiB over their level before the message.
// Counts: 30 + 30 messages (RELIABILITY_FULL=1: 500 + 500). Self-check (planted.ts): a session
// cut short taken as the window's end, and the byte bound dropped, must each make it fail.

import assert from 'assert';
import fc from 'fast-check';
import * as v8 from 'v8';
import * as vm from 'vm';
import * as playbackSession from '../../features/recordings/playback-session';
import * as clipTags from '../../features/recordings/clip-tags';
import { mp4Facts, startClipWorld, type ApiAnswer, type ClipWorld, type Delivery } from '../support/clip-world';
import { fastRetries, helper, hooks, load, resetHooks, secrets, unload, type Msg } from '../support/red';
import { settledLevel, watchMemory } from './held-memory';
import { mustFail, plant, plantAfter } from './planted';
import { fuzzFlow } from './flows';
import {
  countOutcome,
  prototypeClean,
  recordOutcomes,
  replay,
  scanSaid,
  section,
  SEED,
  size,
  summary,
  takeTrapped,
  trapProcess,
  until,
} from './support';

const TOKEN = 'at.clip-fuzz-5e0c71b2d9';
secrets.add(TOKEN);
const DAY0 = Date.parse('2026-03-01T04:00:00Z');
const MAX_BYTES = 1024 * 1024;
const FAT_MAX = 512 * 1024;
/** The clip's deadline (s of the runtime's clock, run at ten times the pace: 500 ms). */
const TIMEOUT_S = 5;
const MEMORY_BOUND = 64 * 1024 * 1024;
/** The settled level before a message at most this far over the first message's; settled every
 * SETTLE_EVERY messages (a full collection costs more than most messages). */
const LEAK_BOUND = 16 * 1024 * 1024;
const SETTLE_EVERY = 25;
const gc = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

const junk = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((a) => Buffer.from(a)),
  fc.constantFrom(Buffer.from('HTTP/1.1 500 Oops\r\n\r\n'), Buffer.from([0x0c, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0])),
);
const delivery: fc.Arbitrary<Delivery> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Delivery>({ kind: 'whole' }) },
  {
    weight: 3,
    arbitrary: fc.double({ min: 0, max: 0.98, noNaN: true }).map((share): Delivery => ({ kind: 'cut', share })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.double({ min: 0, max: 0.98, noNaN: true }), junk)
      .map(([share, j]): Delivery => ({ kind: 'garbage', share, junk: j })),
  },
  { weight: 1, arbitrary: fc.constant<Delivery>({ kind: 'endless' }) },
  { weight: 1, arbitrary: fc.constant<Delivery>({ kind: 'stuck' }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 128 * 1024, max: FAT_MAX })
      .map((frameBytes): Delivery => ({ kind: 'fat', frameBytes })),
  },
  { weight: 1, arbitrary: fc.constant<Delivery>({ kind: 'trickle', ms: 20, bytes: 256 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 2 * 1024 * 1024, max: 16 * 1024 * 1024 - 1 })
      .map((s): Delivery => ({ kind: 'huge', size: s })),
  },
  { weight: 1, arbitrary: fc.constantFrom(403, 404, 500, 502).map((status): Delivery => ({ kind: 'status', status })) },
  { weight: 1, arbitrary: fc.constantFrom<Delivery>({ kind: 'hang' }, { kind: 'drop' }) },
);

/** A generated answer of the list to one call: what it holds, as the oracle sees it. */
type ListKind = 'covering' | 'part' | 'beside' | 'none' | 'many' | 'bad';
interface ListGen {
  kind: ListKind;
  answer: (f: Record<string, string>) => ApiAnswer;
}
const ok = (data: unknown): ApiAnswer => ({ json: { code: '200', msg: 'ok', data } });
const span = (f: Record<string, string>) => [Number(f.startTime), Number(f.endTime)];
const COVERING: ListGen = {
  kind: 'covering',
  answer: (f) => ok([{ startTime: span(f)[0] - 30000, endTime: span(f)[1] + 5000 }]),
};
const listGen: fc.Arbitrary<ListGen> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(COVERING) },
  {
    weight: 1,
    arbitrary: fc.constant<ListGen>({
      kind: 'part',
      answer: (f) => ok([{ startTime: span(f)[0] + 1000, endTime: span(f)[1] - 1000 }]),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constant<ListGen>({
      kind: 'beside',
      answer: (f) => ok([{ startTime: span(f)[0] - 60000, endTime: span(f)[0] - 1000 }]),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>([], null, undefined).map((data) => ({
      kind: 'none' as const,
      answer: () => (data === undefined ? { json: { code: '200' } } : ok(data)),
    })),
  },
  {
    weight: 1,
    arbitrary: fc.constant<ListGen>({
      kind: 'many',
      answer: (f) =>
        ok(
          Array.from({ length: 1000 }, (_, i) => ({
            startTime: span(f)[0] + i * 10,
            endTime: span(f)[0] + i * 10 + 9,
          })),
        ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom<ApiAnswer>(
        ok({ startTime: 1 }),
        ok([null]),
        ok([{ startTime: 'soon', endTime: 'later' }]),
        ok([{ startTime: DAY0 + 5000, endTime: DAY0 }]),
        { json: { code: '20007', msg: 'offline' } },
        { json: { code: '49999', msg: 'busy' } },
        { json: { code: '10001', msg: 'bad' } },
        { json: { code: '200', data: [{ startTime: DAY0, endTime: DAY0 + 1000 }], pad: 'x'.repeat(1100000) } },
        { status: 500, text: 'no' },
        { status: 200, text: '<html>busy</html>' },
      )
      .map((a) => ({ kind: 'bad' as const, answer: () => a })),
  },
);

/** Seed 20260383, message 96 of a full run: a window across midnight (host time) is listed in two
 * pieces; the first lists nothing, the second is unreadable: the list's error (BAD_REPLY), not
 * NO_RECORDING (nothing is known of the second piece). Run first at every count. */
const ACROSS_MIDNIGHT: [{ at: number; seconds: number }, string, ListGen[]] = (() => {
  const d = new Date(DAY0);
  const midnight = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  const none: ListGen = { kind: 'none', answer: () => ok([]) };
  const bad: ListGen = { kind: 'bad', answer: () => ok({ startTime: 1 }) };
  return [{ at: (midnight - DAY0) / 1000 - 3, seconds: 4 }, 'auto', [none, bad, COVERING, COVERING]];
})();

const windowGen = fc.record({
  at: fc.integer({ min: 0, max: 20 * 3600 }),
  seconds: fc.integer({ min: 2, max: 12 }),
});

describe('reliability: fuzzed playback streams and recordings lists of ezviz-clip', function () {
  this.timeout(0);
  let world: ClipWorld;
  const outcomes = new Map<string, Msg[]>();
  let seq = 0;

  before(async () => {
    trapProcess();
    takeTrapped();
    world = await startClipWorld();
    // A trickle at ten times the pace (the deadline's), stalled after what it sent in the deadline
    // before (500 ms: 25 pieces); a stuck session after four times maxBytes (a node that kept its
    // frames would pass its byte bound; the deadline before let about 7 MiB through on a busy machine).
    world.pace = 10;
    world.stall = { ms: 500, bytes: 4 * MAX_BYTES };
  });
  after(async () => {
    await unload();
    resetHooks();
    await world.close();
  });

  /** The settled level (after a collection) at the first message of a property, the latest one, and
   * what the nodes said (scanned after each message). */
  let firstBase: number | undefined;
  let base = 0;
  const said = { hits: [] as string[], foreignErrors: [] as string[] };

  async function deploy(source: string): Promise<void> {
    await unload();
    await load(
      fuzzFlow(world.url, { timeout: 1500, maxRetries: 1 }, [
        {
          id: 'op',
          type: 'ezviz-clip',
          name: '',
          deviceSerial: 'C00000006',
          deviceSerialType: 'str',
          source,
          sourceType: source ? 'clipSource' : 'str',
          maxSeconds: '20',
          maxSecondsType: 'num',
          maxBytes: String(MAX_BYTES),
          maxBytesType: 'num',
          timeout: String(TIMEOUT_S),
          timeoutType: 'num',
        },
      ]),
      { cfg: { accessToken: TOKEN } },
    );
    fastRetries();
    // The clip's deadline at ten times the pace, or at once when the world's session can bring
    // nothing more (world.onStall); the retries' short waits as they are.
    const deadlines = new Set<() => void>();
    hooks.timer = (fn, ms) => {
      if (ms !== TIMEOUT_S * 1000) {
        const h = setTimeout(fn, ms >= 1000 ? ms / 10 : ms);
        return () => clearTimeout(h);
      }
      const cancel = (): void => {
        clearTimeout(h);
        deadlines.delete(fire);
      };
      const fire = (): void => {
        cancel();
        fn();
      };
      const h = setTimeout(fire, ms / 10);
      deadlines.add(fire);
      return cancel;
    };
    world.onStall = () => [...deadlines].forEach((fire) => fire());
    outcomes.clear();
    firstBase = undefined;
    said.hits = [];
    said.foreignErrors = [];
    recordOutcomes(outcomes);
  }

  /** Sends one window; its one outcome, the peak of memory held over the level before it. Nothing of
   * a message is kept after it (its outcome, what the nodes said: scanned and emptied), so the level
   * before each message shows what the node keeps across messages. */
  async function one(
    w: { at: number; seconds: number },
    source?: string,
  ): Promise<{ m: Msg; grew: number; id: string }> {
    const id = `clip-${++seq}`;
    const start = DAY0 + w.at * 1000;
    if (firstBase === undefined || seq % SETTLE_EVERY === 0) {
      base = settledLevel(gc);
      firstBase ??= base;
      const kept = base - firstBase;
      assert.ok(kept <= LEAK_BOUND, `${id}: ${Math.round(kept / 1048576)} MiB kept across the messages before it`);
    }
    const memory = watchMemory(gc, MEMORY_BOUND, base);
    let grew: number;
    try {
      const payload = { start, end: start + w.seconds * 1000, ...(source ? { source } : {}) };
      helper.getNode('op').receive({ _msgid: id, payload });
      assert.ok(await until(() => (outcomes.get(id) ?? []).length >= 1, 20000), `${id}: no outcome`);
      await new Promise((r) => setTimeout(r, 5));
    } finally {
      grew = memory.stop();
    }
    const out = outcomes.get(id)!;
    outcomes.delete(id);
    assert.strictEqual(out.length, 1, `${id}: ${out.length} outcomes`);
    assert.ok(await until(() => world.open() === 0, 3000), `${id}: ${world.open()} playback connections left open`);
    assert.deepStrictEqual(takeTrapped(), [], id);
    const scan = scanSaid([TOKEN]);
    said.hits.push(...scan.hits);
    said.foreignErrors.push(...scan.foreignErrors);
    return { m: out[0], grew, id };
  }

  /** A success is a whole file of the window. */
  function whole(m: Msg, seconds: number, what: string): void {
    assert.ok(Buffer.isBuffer(m.payload), what);
    const facts = mp4Facts(m.payload);
    assert.ok(facts.seconds >= seconds - 0.001, `${what}: ${facts.seconds} s of a ${seconds} s window called whole`);
    assert.ok(facts.samples >= seconds * 8 - 1, `${what}: ${facts.samples} pictures for ${seconds} s at 8 fps`);
    assert.strictEqual(m.ezviz.clip.complete, undefined, what);
    assert.strictEqual(m.ezviz.clip.bytes, m.payload.length, what);
  }

  const streams = (numRuns: number, seed: number) =>
    fc.assert(
      fc.asyncProperty(windowGen, fc.array(delivery, { minLength: 3, maxLength: 3 }), async (w, ds) => {
        world.reset();
        world.delivery = (n) => ds[n] ?? { kind: 'whole' };
        const { m, grew, id } = await one(w);
        const what = `${id} (${w.seconds} s; sessions ${ds
          .slice(0, world.calls.sessions)
          .map((d) => d.kind)
          .join(', ')})`;
        assert.ok(grew <= MEMORY_BOUND, `${what}: memory grew ${Math.round(grew / 1048576)} MiB`);
        if (m.port === 'ok') whole(m, w.seconds, what);
        else {
          assert.ok(
            ['CLIP_INCOMPLETE', 'CLIP_TIMEOUT'].includes(m.error.code),
            `${what}: ${m.error.code} ${m.error.message}`,
          );
          assert.strictEqual(m.ezviz.clip.complete, false, what);
          if (m.ezviz.partial !== undefined) {
            assert.ok(Buffer.isBuffer(m.ezviz.partial), what);
            assert.ok(
              m.ezviz.partial.length <= MAX_BYTES + FAT_MAX + 65536,
              `${what}: partial ${m.ezviz.partial.length} B`,
            );
          }
          assert.notStrictEqual(ds[0].kind, 'whole', `${what}: a first session served whole must make a clip`);
          assert.ok(
            ds.slice(0, world.calls.sessions).some((d) => d.kind !== 'whole' && d.kind !== 'endless'),
            `${what}: every session served whole, yet ${m.error.code}`,
          );
        }
        countOutcome(`replies-clip:${m.port === 'ok' ? 'saved' : m.error.code}`);
        summary.messages++;
      }),
      { numRuns, seed, endOnFailure: true, ...replay() },
    );

  const lists = (numRuns: number, seed: number) =>
    fc.assert(
      fc.asyncProperty(
        windowGen,
        fc.constantFrom('auto', 'cloud', 'sd-card'),
        fc.array(listGen, { minLength: 4, maxLength: 4 }),
        async (w, source, gens) => {
          world.reset();
          const start = DAY0 + w.at * 1000;
          const windowCalls: ListKind[] = [];
          world.list = (f) => {
            const g = gens[world.calls.list - 1] ?? gens[3];
            // The window's own lists: every piece of it (a window across midnight is listed in two
            // pieces, host time) from every source, retries included; the nearest recordings' lists
            // reach past the window.
            const end = start + w.seconds * 1000;
            if (Number(f.startTime) < start || Number(f.endTime) > end) return g.answer(f);
            windowCalls.push(g.kind);
            // Answered for the whole window, whichever piece is asked ('beside' a second piece
            // would lie in the window's first).
            return g.answer({ ...f, startTime: String(start), endTime: String(end) });
          };
          const { m, grew, id } = await one(w, source);
          const what = `${id} (${source}, ${w.seconds} s; the window's lists ${windowCalls.join(', ')})`;
          assert.ok(grew <= MEMORY_BOUND, `${what}: memory grew ${Math.round(grew / 1048576)} MiB`);
          const recorded = windowCalls.filter((k) => k === 'covering' || k === 'part' || k === 'many');
          if (m.port === 'ok') {
            whole(m, w.seconds, what);
            assert.ok(recorded.length > 0, `${what}: a clip with no recording listed`);
          } else if (m.error.code === 'NO_RECORDING') {
            assert.strictEqual(world.calls.sessions + world.calls.address, 0, `${what}: NO_RECORDING read a stream`);
            assert.deepStrictEqual(recorded, [], `${what}: NO_RECORDING with a recording listed`);
            assert.ok(Array.isArray(m.ezviz.nearest), what);
          } else {
            assert.ok(typeof m.error.code === 'string' && typeof m.error.message === 'string', what);
          }
          if (windowCalls.length && windowCalls.every((k) => k === 'covering'))
            assert.strictEqual(m.port, 'ok', `${what}: covered, yet ${m.error?.code} ${m.error?.message}`);
          if (windowCalls.length && windowCalls.every((k) => k === 'none' || k === 'beside'))
            assert.strictEqual(m.error?.code, 'NO_RECORDING', `${what}: nothing recorded, yet ${m.port}`);
          countOutcome(`replies-clip-list:${m.port === 'ok' ? 'saved' : m.error.code}`);
          summary.messages++;
        },
      ),
      { numRuns, seed, endOnFailure: true, examples: [ACROSS_MIDNIGHT], ...replay() },
    );

  it(`${size(500, 30)} messages against generated playback streams: one outcome, never a partial file called whole`, async () => {
    const started = Date.now();
    await deploy('sd-card');
    await streams(size(500, 30), SEED + 261);
    const scan = scanSaid([TOKEN]);
    assert.deepStrictEqual([...said.foreignErrors, ...scan.foreignErrors], [], 'something was thrown out of a node');
    assert.deepStrictEqual([...said.hits, ...scan.hits], [], 'a secret in what the nodes said');
    assert.ok(prototypeClean());
    section('fuzz ezviz-clip playback streams', started, `${seq} messages`);
  });

  it(`${size(500, 30)} messages against generated recordings lists: one outcome, NO_RECORDING reads no stream`, async () => {
    const started = Date.now();
    const before = seq;
    await deploy('');
    await lists(size(500, 30), SEED + 262);
    const scan = scanSaid([TOKEN]);
    assert.deepStrictEqual([...said.foreignErrors, ...scan.foreignErrors], [], 'something was thrown out of a node');
    assert.deepStrictEqual([...said.hits, ...scan.hits], [], 'a secret in what the nodes said');
    section('fuzz ezviz-clip recordings lists', started, `${seq - before} messages`);
  });

  it('self-check: planted faults make it fail (a cut session taken as the end; no byte bound)', async () => {
    const started = Date.now();
    await deploy('sd-card');
    const cutAsEnd = await mustFail(
      'a cut session taken as the end',
      plantAfter(playbackSession, 'readSession', (end) => (end.kind === 'cut' ? { kind: 'end' } : end)),
      () => streams(30, SEED + 263),
    );
    const Original = clipTags.ClipTags;
    const unbounded = await mustFail(
      'no byte bound',
      plant(clipTags, 'ClipTags', () => {
        class Unbounded extends Original {
          constructor(windowMs: number) {
            super(windowMs, Number.MAX_SAFE_INTEGER);
          }
        }
        return Unbounded as never;
      }),
      () => streams(30, SEED + 264),
    );
    section(
      'clip self-check',
      started,
      `planted faults caught: cut as end (${cutAsEnd.slice(0, 80)}); no byte bound (${unbounded.slice(0, 80)})`,
    );
  });
});
