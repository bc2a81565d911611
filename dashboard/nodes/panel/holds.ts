// The held move of a panel (docs/behaviour.md section 14): a move belongs to the browser that started it;
// that browser confirms it every 500 ms while the press is held, and when 1.5 s pass without a
// confirmation (a frozen tab, a lost network, a browser that never sent its stop) the runtime
// stops the camera itself. Timers are injectable (tests use a fake clock).

export interface HeldMove {
  /** The browser (socket id) that started it. */
  socket: string;
  direction: string;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** How often the browser confirms a held press, and how long the runtime waits for it. */
export const CONFIRM_MS = 500;
export const DEAD_MS = 1500;

export class Holds {
  private move: HeldMove | undefined;
  private timer: unknown;

  /** `expired`: the move's browser stopped confirming it; the caller sends the stop. */
  constructor(
    private readonly expired: (move: HeldMove) => void,
    private readonly timers: Timers = realTimers,
    private readonly deadMs = DEAD_MS,
  ) {}

  get current(): HeldMove | undefined {
    return this.move;
  }

  /** A browser started a move (replacing any other: the camera queue stops it first). */
  started(socket: string, direction: string): void {
    this.move = { socket, direction };
    this.arm();
  }

  /** A browser confirms its held press; false when the move is not its own (or none is held). */
  confirm(socket: string): boolean {
    if (!this.move || this.move.socket !== socket) return false;
    this.arm();
    return true;
  }

  /** The move ended (an explicit stop, or the stop this class asked for): the held move, if any. */
  end(): HeldMove | undefined {
    const move = this.move;
    this.move = undefined;
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    return move;
  }

  /** Whether `socket` holds the current move. */
  owns(socket: string): boolean {
    return !!this.move && this.move.socket === socket;
  }

  private arm(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      const move = this.end();
      if (move) this.expired(move);
    }, this.deadMs);
  }
}
