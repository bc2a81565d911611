// An alarm node's events on their way out, in order, each alarm with a face first given the name
// the camera's own face list has for it (face-list.ts; docs/behaviour.md section 27). An event
// without a face waits only behind those ahead of it; on close the waiting ones leave at once,
// without the camera's names (the config node's list still names them).

import type { Owner } from '../../client/requests/call-types';
import type { AlarmSourceKind } from './alarm-message';
import type { FaceBook } from './face-list';
import type { OutEvent } from './source-filters';

interface Entry {
  e: OutEvent;
  from: AlarmSourceKind;
  done: boolean;
}

export class FaceLine {
  private readonly queue: Entry[] = [];

  constructor(
    private readonly book: Pick<FaceBook, 'name'>,
    private readonly owner: Owner,
    private readonly next: (e: OutEvent, from: AlarmSourceKind) => void,
  ) {}

  push(e: OutEvent, from: AlarmSourceKind): void {
    const entry: Entry = { e, from, done: false };
    this.queue.push(entry);
    const face = e.kind === 'alarm' ? e.alarm.face : undefined;
    if (!face || e.kind !== 'alarm' || face.name) return this.settle(entry);
    this.book.name(e.alarm.deviceSerial, face.id, this.owner).then(
      (name) => {
        if (name && !entry.done) entry.e = { ...e, alarm: { ...e.alarm, face: { id: face.id, name } } };
        this.settle(entry);
      },
      () => this.settle(entry),
    );
  }

  /** Every event still waiting leaves now (the node closes). */
  close(): void {
    for (const entry of [...this.queue]) this.settle(entry);
  }

  private settle(entry: Entry): void {
    entry.done = true;
    while (this.queue.length && this.queue[0].done) {
      const next = this.queue.shift()!;
      try {
        this.next(next.e, next.from);
      } catch {
        /* a failing send loses this event only, never the ones behind it */
      }
    }
  }
}
