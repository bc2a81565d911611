// Waits that end together: each resolves true after its time, or false at once when (or once)
// they are closed, leaving no timer behind. A node's close ends its waits this way (ezviz-clip's
// asks of the recordings list, ezviz-firmware's following of an upgrade). Time goes through the
// runtime's hooks (clock.ts), so tests drive the waits.

import { hooks } from './clock';

export class Waits {
  private readonly pending = new Set<(go: boolean) => void>();
  private ended = false;

  get closed(): boolean {
    return this.ended;
  }

  /** Resolves true after `ms`, false at once when (or once) the waits are closed. */
  wait(ms: number): Promise<boolean> {
    if (this.ended) return Promise.resolve(false);
    return new Promise((resolve) => {
      const end = (go: boolean): void => {
        this.pending.delete(end);
        cancel();
        resolve(go);
      };
      const cancel = hooks.timer(() => end(true), ms);
      this.pending.add(end);
    });
  }

  /** Every wait ends now (false), and every later one at once. */
  close(): void {
    this.ended = true;
    for (const end of [...this.pending]) end(false);
  }
}
