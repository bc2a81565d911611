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
