// Bounded panel work (docs/behaviour.md section 21): per kind of work and camera (snapshot, switch
// write, state read) a panel hands one call at a time to the service and keeps at most one more
// waiting. A later snapshot or switch write replaces the waiting one (its browsers are told); a
// later state read joins the waiting one (every browser gets its answer). What a browser queued is
// dropped when it leaves: its waiting work goes, and the call it alone is waiting for is given an
// owner that is closed, so the service drops it unsent if it has not gone out yet. Pure.

/** The owner the service sees behind one call (closed: the call is dropped unsent). */
export interface CallOwner {
  id: string;
  closed: boolean;
  timedStopDone: () => undefined;
}

/** A browser, as far as this file knows it. */
interface Browser {
  id: string;
}

/** One piece of work: run it for these browsers with this owner (never rejects). */
export interface Work<Conn extends Browser = Browser> {
  conns: Conn[];
  run(owner: CallOwner, conns: Conn[]): Promise<void>;
  /** A later one took its place before it ran: tell its browsers. */
  replaced(conns: Conn[]): void;
}

interface Slot<Conn extends Browser> {
  running?: { conns: Conn[]; owner: CallOwner };
  waiting?: Work<Conn>;
}

export class PendingWork<Conn extends Browser> {
  private readonly slots = new Map<string, Slot<Conn>>();
  private closed = false;

  constructor(private readonly ownerId: string) {}

  /** Runs `work` now when nothing of its slot runs; else it waits, replacing (or, with `join`,
   * joining) the one waiting. */
  submit(key: string, work: Work<Conn>, join = false): void {
    if (this.closed) return;
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = {}));
    if (!slot.running) return this.start(key, slot, work);
    const old = slot.waiting;
    if (old && join) {
      for (const c of work.conns) if (!old.conns.includes(c)) old.conns.push(c);
      return;
    }
    slot.waiting = work;
    if (old) old.replaced(old.conns);
  }

  private start(key: string, slot: Slot<Conn>, work: Work<Conn>): void {
    const owner: CallOwner = { id: this.ownerId, closed: false, timedStopDone: () => undefined };
    slot.running = { conns: [...work.conns], owner };
    const done = (): void => {
      slot.running = undefined;
      const next = slot.waiting;
      slot.waiting = undefined;
      if (next && !this.closed) this.start(key, slot, next);
      else if (this.slots.get(key) === slot) this.slots.delete(key);
    };
    work.run(owner, slot.running.conns).then(done, done);
  }

  /** A browser left: its part of the waiting work goes, and a call only it waited for is dropped. */
  leave(id: string): void {
    for (const slot of this.slots.values()) {
      const w = slot.waiting;
      if (w) {
        w.conns = w.conns.filter((c) => c.id !== id);
        if (!w.conns.length) slot.waiting = undefined;
      }
      const r = slot.running;
      if (r) {
        r.conns.splice(0, r.conns.length, ...r.conns.filter((c) => c.id !== id));
        if (!r.conns.length) r.owner.closed = true;
      }
    }
  }

  /** The panel closes: nothing waiting runs, nothing not yet sent is sent. */
  close(): void {
    this.closed = true;
    for (const slot of this.slots.values()) {
      slot.waiting = undefined;
      if (slot.running) slot.running.owner.closed = true;
    }
  }

  /** Calls waiting (not yet handed to the service), for tests. */
  get waiting(): number {
    let n = 0;
    for (const slot of this.slots.values()) if (slot.waiting) n++;
    return n;
  }
}
