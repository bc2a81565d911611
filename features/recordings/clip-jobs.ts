// What ties a node's clips to its life (docs/behaviour.md section 26): one per ezviz-clip node; its
// waits (between asks of the recordings list) and its streams end when the node closes, leaving
// no timer behind. Time goes through the runtime's hooks (client/clock/clock.ts), so tests
// drive the waits.

import { hooks } from '../../client/clock/clock';
import { Waits } from '../../client/clock/waits';

export class ClipJobs {
  private readonly controller = new AbortController();
  private readonly waits = new Waits();

  /** Aborted when the node closes. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get closed(): boolean {
    return this.controller.signal.aborted;
  }

  /** Waits `ms`; false when the node closed first. */
  sleep(ms: number): Promise<boolean> {
    return this.waits.wait(ms);
  }

  /** An abort signal for one clip: aborted after `ms` (its deadline) or when the node closes;
   * `done()` clears its timer. */
  deadline(ms: number): { signal: AbortSignal; expired: () => boolean; done: () => void } {
    const c = new AbortController();
    let expired = false;
    const onClose = (): void => c.abort();
    this.signal.addEventListener('abort', onClose);
    const stop = hooks.timer(() => {
      expired = true;
      c.abort();
    }, ms);
    if (this.closed) c.abort();
    return {
      signal: c.signal,
      expired: () => expired,
      done: () => {
        stop();
        this.signal.removeEventListener('abort', onClose);
      },
    };
  }

  /** The node closed: every wait ends, every stream stops. */
  close(): void {
    this.controller.abort();
    this.waits.close();
  }
}
