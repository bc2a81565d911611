// Per-key FIFO: tasks with the same key (a camera's lane, camera.ts) run one at a time in arrival
// order, tasks with different keys run in parallel (docs/behaviour.md section 5, PTZ order). A failing
// task does not stop the ones behind it. The caller bounds a queue with `waiting()` (docs/behaviour.md section 8).

/** At most this many messages wait per camera (docs/behaviour.md section 8, Bounded queues). */
export const MAX_WAITING = 100;

export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();
  /** Tasks per key not yet settled (running or waiting). */
  private readonly counts = new Map<string, number>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key);
    const result = prev ? prev.then(task, task) : task();
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    const tail = result.then(noop, noop);
    this.tails.set(key, tail);
    tail.then(() => {
      const n = (this.counts.get(key) ?? 1) - 1;
      if (n > 0) this.counts.set(key, n);
      else this.counts.delete(key);
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Tasks of `key` waiting behind the one running. */
  waiting(key: string): number {
    return Math.max(0, (this.counts.get(key) ?? 0) - 1);
  }

  /** Keys with a task running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}

function noop(): void {
  /* a settled tail */
}
