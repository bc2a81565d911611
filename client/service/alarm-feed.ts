// The alarms a config node's alarm sources received (docs/behaviour.md section 21): each alarm an
// ezviz-alarm node's source (poll, consumer, webhook) hands its node is also told here, so an open
// camera panel shows it at once without an API call of its own; and each camera state an ezviz-device
// read found, told to alarm nodes with the option `status` (docs/behaviour.md section 27). Listeners
// are called in order; one that throws does not stop the others. Nothing is kept.

import type { DeviceState, SdCard } from '../replies/device-state';
import { hooks } from '../clock/clock';

/** What a listener gets of an alarm (the alarm node's payload, alarms/alarm-items.ts). */
export interface FedAlarm {
  alarmId: string;
  alarmName: string;
  alarmType: number | null;
  alarmTime: number;
  deviceSerial: string;
  channelNo: number | null;
  alarmPicUrl: string;
  /** What the alarm was (docs/alarm-kinds.md): its kind and its name in Node-RED's language. */
  kind?: string;
  name?: string;
  /** A recognized face (docs/behaviour.md section 27): its id and name (null where none is known). */
  face?: { id: string; name: string | null };
}

/** A camera's battery and SD card as a device read found them (null: not reported). */
export interface ReadStatus {
  deviceSerial: string;
  time: number;
  battery: number | null;
  sdCard: SdCard | null;
}

/** What a read's state tells the feed, now. */
export const readStatus = (s: DeviceState): ReadStatus => ({
  deviceSerial: s.deviceSerial,
  time: hooks.now(),
  battery: s.battery,
  sdCard: s.sdCard,
});

export class Feed<T> {
  private readonly listeners = new Set<(item: T) => void>();

  /** Hears every item from now on; the returned function stops it. */
  watch(fn: (item: T) => void): () => void {
    const own = (a: T): void => fn(a);
    this.listeners.add(own);
    return () => void this.listeners.delete(own);
  }

  /** An item (an alarm a source received, a read). */
  tell(alarm: T): void {
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

export class AlarmFeed extends Feed<FedAlarm> {}
