// The card-password guard (docs/behaviour.md section 5): after 60030 for a device, storage-open for that
// device through this config node is refused locally (code 60030, source local, nothing sent)
// until 24 h have passed (docs/api/open-api.md section 7.2: "Input again after 24 hours").

import type { CallErrors } from '../requests/call-failures';
import type { Answered } from '../requests/call-types';
import type { EzvizError } from '../errors/errors';
import { hooks } from '../clock/clock';
import type { Translate } from '../errors/translate';

/** Card-password lockout after 60030. */
export const CARD_LOCK_MS = 24 * 3600 * 1000;

export class CardGuard {
  /** serial -> end of the lock (ms since the epoch). */
  private readonly locks: Map<string, number>;

  constructor(
    private readonly t: Translate,
    private readonly errors: CallErrors,
    carried?: ReadonlyMap<string, number>,
  ) {
    this.locks = new Map(carried);
  }

  /** The local refusal of a storage-open for a locked device; undefined when it may be sent. */
  refusal(serial: string): EzvizError | undefined {
    const until = this.locks.get(serial);
    if (until === undefined) return undefined;
    if (hooks.now() < until) {
      return this.errors.local(
        'storage-open',
        '60030',
        this.t('errors.cardLocked', { serial, until: new Date(until).toISOString() }),
      );
    }
    this.locks.delete(serial);
    return undefined;
  }

  /** Locks the device when the API refused its card password (60030). */
  record(serial: string, result: Answered): void {
    if (result.kind === 'error' && result.error.source === 'api' && result.error.code === '60030') {
      this.locks.set(serial, hooks.now() + CARD_LOCK_MS);
    }
  }

  /** The locks still running, for a successor. */
  carry(): Map<string, number> {
    const now = hooks.now();
    return new Map([...this.locks].filter(([, until]) => until > now));
  }
}
