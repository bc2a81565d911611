// Per-key FIFO: tasks with the same key (device/channel) run one at a time in arrival order,
// tasks with different keys run in parallel (design.md section 5, PTZ order). A failing task
// does not stop the ones behind it.

export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key);
    const result = prev ? prev.then(task, task) : task();
    const tail = result.then(noop, noop);
    this.tails.set(key, tail);
    tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}

function noop(): void {
  /* a settled tail */
}
