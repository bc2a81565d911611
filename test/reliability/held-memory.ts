// The memory a reliability test holds while one message runs (test/reliability/replies-clip.test.ts):
// the V8 heap and array buffers of the process over a settled level (after a full collection),
// sampled every few milliseconds. Garbage is not held: V8 frees array buffers only when their
// memory outside the heap has grown by about 64 MiB since its last collection, so the chunks of a
// fast stream already read and dropped (a test world's and the node's) pass 64 MiB before one. A
// sample over the bound is therefore taken again after a full collection: a peak over the bound is
// memory that something still holds. A full collection costs tens of milliseconds (hundreds on a
// loaded machine), so a test settles the level once every so many messages, not before each.

/** The heap and the array buffers in use now. */
export function memoryLevel(): number {
  const u = process.memoryUsage();
  return u.heapUsed + u.arrayBuffers;
}

/** The level after a full collection: twice, as V8 frees the array buffers a collection found dead
 * after it (a task of its own), and the next collection first finishes that. */
export function settledLevel(gc: () => void): number {
  gc();
  gc();
  return memoryLevel();
}

export interface MemoryWatch {
  /** Stops sampling; the peak over `base` (held, when it passed the bound). */
  stop(): number;
}

/** Starts sampling: `gc` a full collection (--expose-gc), `bound` the growth the test allows over
 * `base` (a settled level: by default taken now). */
export function watchMemory(gc: () => void, bound: number, base = settledLevel(gc), everyMs = 5): MemoryWatch {
  let peak = base;
  let held = false; // over the bound after a collection: the outcome is known, no more collections
  const sample = (): void => {
    let now = memoryLevel();
    if (now - base > bound && !held) {
      now = settledLevel(gc);
      held = now - base > bound;
    }
    if (now > peak) peak = now;
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak - base;
    },
  };
}
