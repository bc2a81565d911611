// Messages of a fuzzer in lanes: a fast-check property whose messages run several at a time, each
// in a lane of its own (the answer-server fuzzers: per lane a config node of its own, its token
// telling the server whose planned answers a request takes; fuzz-hub-siren: per lane a simulator
// of its own). A lane runs one message at a time, so what a lane's server saw while a message ran
// is that message's alone, as in a run of one message after another; the lanes only overlap the
// waits (answers that come after the client's deadline, or never). The same messages are generated
// (one per property run, from the same seed) and judged by the same judge.

import fc from 'fast-check';

/**
 * Runs `judge` on each of `numRuns` values of `arb`, up to `lanes` at once: a value waits for a
 * free lane, the judge gets the lane's number (0..lanes-1) and the value. The first failure ends the
 * run: no new message starts, the ones under way end, then it is thrown (as fast-check reports it
 * while messages are still being generated, else as it is). A failure names its message itself
 * (its id, payload and answers): fast-check's counterexample is the value it was generating then.
 */
export async function assertInLanes<T>(
  lanes: number,
  arb: fc.Arbitrary<T>,
  judge: (lane: number, value: T) => Promise<void>,
  params: fc.Parameters<[T]>,
): Promise<void> {
  const free = Array.from({ length: lanes }, (_, i) => i);
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const settle = () => Promise.all(running);
  await fc.assert(
    fc.asyncProperty(arb, async (value) => {
      while (!free.length && !failure) await Promise.race(running);
      if (failure) {
        await settle();
        throw failure.error;
      }
      const lane = free.shift()!;
      const done: Promise<void> = judge(lane, value)
        .catch((error: unknown) => void (failure ??= { error }))
        .finally(() => {
          running.delete(done);
          free.push(lane);
        });
      running.add(done);
    }),
    { ...params, endOnFailure: true },
  );
  await settle();
  if (failure) throw failure.error;
}
