// The alarm ids an alarm poller has sent (docs/behaviour.md section 11), kept in the node context
// under SEEN_KEY (bounded by alarm-items.ts), with a copy per node id in this process for redeploys
// without a persistent store. A context that fails is warned about, never thrown.

import type { Translate } from '../../client/errors/translate';
import type { ContextLike } from '../../client/camera/presets';
import { SeenAlarms } from './alarm-items';

export const SEEN_KEY = 'ezvizAlarmSeen';

/** The in-process copy of the seen ids, per node id. */
const kept = new Map<string, ReturnType<SeenAlarms['toJSON']>>();

/** Tests: forget every in-process copy, as a restart of Node-RED would. */
export function forgetSeenCopies(): void {
  kept.clear();
}

export interface SeenStoreOptions {
  id: string;
  context: ContextLike;
  t: Translate;
  warn(text: string): void;
}

export class SeenStore {
  private loading: Promise<SeenAlarms> | undefined;

  /** `closed`: a context failing after the node closed is not warned about. */
  constructor(
    private readonly o: SeenStoreOptions,
    private readonly closed: () => boolean,
  ) {}

  /** The ids sent before (the context's, else this process's copy), read once. */
  load(): Promise<SeenAlarms> {
    if (!this.loading) {
      this.loading = new Promise<SeenAlarms>((resolve) => {
        this.o.context.get(SEEN_KEY, undefined, (err, value) => {
          const saved = !err && value && typeof value === 'object' ? value : kept.get(this.o.id);
          resolve(new SeenAlarms(saved));
        });
      });
    }
    return this.loading;
  }

  save(seen: SeenAlarms): void {
    const value = seen.toJSON();
    kept.set(this.o.id, value);
    try {
      this.o.context.set(SEEN_KEY, value, undefined, (err) => {
        if (err && !this.closed()) this.o.warn(this.o.t('errors.alarmContext'));
      });
    } catch {
      this.o.warn(this.o.t('errors.alarmContext'));
    }
  }

  /** The node was deleted: its ids are of no use any more. */
  discard(): void {
    kept.delete(this.o.id);
  }
}
