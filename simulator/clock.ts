// Time source of the simulator. Everything time-based in the model (token expiry, pan/tilt
// movement, preset calls, storage periods, card lockouts) is computed from `clock.now()`, so
// tests can move time forward with a FakeClock instead of waiting.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}

/** A clock that only moves when told to. */
export class FakeClock implements Clock {
  private ms: number;

  constructor(startMs: number = Date.parse('2026-01-01T00:00:00Z')) {
    if (!Number.isFinite(startMs)) throw new TypeError(`FakeClock: bad start time ${startMs}`);
    this.ms = startMs;
  }

  now(): number {
    return this.ms;
  }

  /** Moves the clock forward by `ms` (must not be negative). Returns the new time. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`FakeClock.advance: bad step ${ms}`);
    this.ms += ms;
    return this.ms;
  }

  /** Sets the clock to `ms` (may go backwards, for tests that need it). Returns the new time. */
  set(ms: number): number {
    if (!Number.isFinite(ms)) throw new RangeError(`FakeClock.set: bad time ${ms}`);
    this.ms = ms;
    return this.ms;
  }
}

export function isFakeClock(clock: Clock): clock is FakeClock {
  return clock instanceof FakeClock;
}
