// The alarms a config node's alarm sources received (docs/behaviour.md section 21): each alarm an
// ezviz-alarm node's source (poll, consumer, webhook) hands its node is also told here, so an open
// camera panel shows it at once without an API call of its own. Listeners are called in order; one
// that throws does not stop the others. Nothing is kept.

/** What a listener gets of an alarm (the alarm node's payload, events/alarm-items.ts). */
export interface FedAlarm {
  alarmId: string;
  alarmName: string;
  alarmType: number | null;
  alarmTime: number;
  deviceSerial: string;
  channelNo: number | null;
  alarmPicUrl: string;
}

export class AlarmFeed {
  private readonly listeners = new Set<(alarm: FedAlarm) => void>();

  /** Hears every alarm from now on; the returned function stops it. */
  watch(fn: (alarm: FedAlarm) => void): () => void {
    const own = (a: FedAlarm): void => fn(a);
    this.listeners.add(own);
    return () => void this.listeners.delete(own);
  }

  /** An alarm a source received. */
  tell(alarm: FedAlarm): void {
    for (const fn of [...this.listeners]) {
      try {
        fn(alarm);
      } catch {
        /* a listener's failure is its own */
      }
    }
  }

  /** Listeners now (tests). */
  get size(): number {
    return this.listeners.size;
  }
}
