// Planted faults: the fuzzers prove they can fail. A planted fault replaces one export of a
// runtime module (the node files call their service functions through the module's exports, so
// the node in Node-RED runs the wrong code) with a deliberately wrong version; the self-check runs
// the fuzzer's own property against it and passes only when the property fails. `plant` returns
// the function that puts the original back (call it in a finally).

import assert from 'assert';

type Fn = (...args: any[]) => any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Replaces `mod[name]` with `wrong(original)`; returns the undo. */
export function plant<M extends object>(mod: M, name: keyof M & string, wrong: (original: Fn) => Fn): () => void {
  const original = mod[name] as unknown as Fn;
  assert.strictEqual(typeof original, 'function', `${name} is a function export`);
  (mod as Record<string, unknown>)[name] = wrong(original);
  return () => {
    (mod as Record<string, unknown>)[name] = original;
  };
}

/** Runs `property` with the fault planted: it must fail (an assertion or a fast-check failure). */
export async function mustFail(what: string, undo: () => void, property: () => Promise<unknown>): Promise<string> {
  let failure: string | undefined;
  try {
    await property();
  } catch (e) {
    const err = e as Error & { cause?: Error };
    const lines = String(err?.cause?.message ?? err?.message ?? e)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    failure = lines.find((l) => /^Got |Error/.test(l)) ?? lines[0] ?? 'failed';
  } finally {
    undo();
  }
  assert.ok(failure, `the planted fault "${what}" went unnoticed: the fuzzer cannot fail on it`);
  return failure!;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Async = (...args: any[]) => Promise<unknown>;
type Args<F> = F extends (...a: infer A) => unknown ? A : never;
type Result<F> = F extends (...a: never[]) => Promise<infer R> ? R : never;
/** The names of `M`'s async functions. */
type AsyncName<M> = { [K in keyof M]: M[K] extends Async ? K : never }[keyof M] & string;
/** The original of a planted async function, bound to the `this` it was called on. */
type Run<F> = (...a: Args<F>) => Promise<Result<F>>;

/** Replaces the async `mod[name]` with `wrong`, given the original (to run, on the same `this`) and
 * the arguments; returns the undo. */
export function plantAround<M extends object, K extends AsyncName<M>>(
  mod: M,
  name: K,
  wrong: (run: Run<M[K]>, a: Args<M[K]>) => Promise<unknown>,
): () => void {
  return plant(
    mod,
    name,
    (original) =>
      function (this: unknown, ...a: Args<M[K]>) {
        return wrong((...b) => original.apply(this, b), a);
      },
  );
}

/** Replaces the async `mod[name]` with one that runs it and returns what `change` makes of its
 * result (given the arguments, and the original to run again); returns the undo. */
export function plantAfter<M extends object, K extends AsyncName<M>>(
  mod: M,
  name: K,
  change: (r: Result<M[K]>, a: Args<M[K]>, run: Run<M[K]>) => unknown,
): () => void {
  return plantAround(mod, name, async (run, a) => change(await run(...a), a, run));
}

/** Replaces the async `mod[name]` with one that runs it twice (the fault of a call sent again). */
export function plantTwice<M extends object, K extends AsyncName<M>>(mod: M, name: K): () => void {
  return plantAround(mod, name, async (run, a) => {
    await run(...a);
    return run(...a);
  });
}

/** A service's success in the place of its error `r` (a failure reported as a success), with `payload`. */
export const fakeOk = (r: { fields: unknown }, payload: unknown) => ({
  kind: 'ok' as const,
  reply: { code: '200', msg: '' },
  fields: r.fields,
  durationMs: 0,
  payload,
});
