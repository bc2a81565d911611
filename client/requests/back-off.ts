// The waits between retries of a config node's requests (docs/behaviour.md section 5): jittered
// exponential back-off, and the sleeping retries themselves, which end early when their owner or
// the config node closes (a sleeping retry holds its camera's queue, where the stops of pending
// timed moves wait). Real timers are cleared when woken: no timer outlives a close.

import { defaultHooks, hooks } from '../clock/clock';
import type { Owner } from './call-types';

/** Longest back-off between two retries. */
export const MAX_RETRY_DELAY_MS = 30000;

/** Jittered exponential back-off: base * 2^attempt, between half and all of it, capped. */
export function retryDelayMs(base: number, attempt: number, random: number): number {
  const full = Math.min(MAX_RETRY_DELAY_MS, base * 2 ** attempt);
  return Math.round(full / 2 + (full / 2) * random);
}

interface Sleeper {
  owner: Owner | undefined;
  wake(): void;
}

export class Sleepers {
  private readonly sleepers = new Set<Sleeper>();

  /** Waits `ms` before a retry; ends early when woken. */
  sleep(ms: number, owner: Owner | undefined): Promise<void> {
    let wake!: () => void;
    const early = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const sleeper = { owner, wake };
    this.sleepers.add(sleeper);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sleep =
      hooks.sleep === defaultHooks.sleep
        ? new Promise<void>((resolve) => {
            timer = setTimeout(resolve, ms); // cleared when woken: no timer outlives a close
          })
        : hooks.sleep(ms);
    return Promise.race([sleep, early]).finally(() => {
      clearTimeout(timer);
      this.sleepers.delete(sleeper);
    });
  }

  /** Ends the back-off of every retry (of one owner, or all) at once. */
  wake(ownerId?: string): void {
    for (const s of this.sleepers) if (ownerId === undefined || s.owner?.id === ownerId) s.wake();
  }
}
