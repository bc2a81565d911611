// Fake time for the alarm node tests: the runtime's clock is the simulator's FakeClock, retry
// sleeps advance it, and timers (hooks.timer: the poll and fetch timers) wait until a test fires
// them, advancing the clock by their delay. Plus the waits for real I/O with the local simulator.

import assert from 'assert';
import { FakeClock } from '../../simulator';
import type { Simulator } from '../../simulator';
import { simulatorPerTest } from './red';
import { hooks } from '../../client/clock/clock';

/** The runtime's clock is the simulator's fake clock; a sleep advances it (no wall time). */
export function fakeTime(clock: FakeClock): { sleeps: number[] } {
  const sleeps: number[] = [];
  hooks.now = () => clock.now();
  hooks.random = () => 0.5;
  hooks.sleep = (ms: number) => {
    sleeps.push(ms);
    clock.advance(ms);
    return Promise.resolve();
  };
  return { sleeps };
}

export interface Timers {
  pending: Array<{ ms: number; fn: () => void; live: boolean }>;
  /** Fires the pending timer (advancing the fake clock by its delay); returns the delay. */
  fire(): number;
  live(): number;
}

export function fakeTimers(clock: FakeClock): Timers {
  const pending: Timers['pending'] = [];
  hooks.timer = (fn, ms) => {
    const t = { ms, fn, live: true };
    pending.push(t);
    return () => {
      t.live = false;
    };
  };
  return {
    pending,
    fire() {
      const t = pending.find((p) => p.live);
      assert.ok(t, 'a timer is pending');
      t!.live = false;
      clock.advance(t!.ms);
      t!.fn();
      return t!.ms;
    },
    live: () => pending.filter((p) => p.live).length,
  };
}

/** Lets I/O with the local simulator finish (a few turns of the event loop with real I/O). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 20));
}

export async function until(fn: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Mocha hooks of a node test: before each test a simulator on a FakeClock at `start` (both handed
 * to `use`; with `runtimeNow` the runtime's hooks.now reads that clock too), after it the hooks
 * reset, the flow unloaded, the simulator stopped. */
export function fakeClockSimulator(
  use: (sim: Simulator, clock: FakeClock) => void,
  start = Date.parse('2026-03-01T08:00:00Z'),
  { runtimeNow = false } = {},
): void {
  let clock: FakeClock;
  simulatorPerTest(
    (s) => use(s, clock),
    () => {
      clock = new FakeClock(start);
      if (runtimeNow) hooks.now = () => clock.now();
      return { clock };
    },
  );
}

/**
 * The runtime's timers (hooks.timer) fire on the next turn of the event loop instead of after their
 * delay, each after the step `scheduled(ms)` returned when it was set (moving a fake or virtual
 * clock to when it was due); the number still pending, for the checks that nothing is left.
 */
export function instantTimers(scheduled: (ms: number) => () => void): { live: () => number } {
  let live = 0;
  hooks.timer = (fn, ms) => {
    const due = scheduled(ms);
    live++;
    let on = true;
    const h = setImmediate(() => {
      if (!on) return;
      on = false;
      live--;
      due();
      fn();
    });
    return () => {
      if (on) live--;
      on = false;
      clearImmediate(h);
    };
  };
  return { live: () => live };
}
