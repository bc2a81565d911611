// How many rounds a benchmark group runs (scripts/bench/rounds.js): a scenario that ran first in one
// round runs last in the next, so its pool idles through twice the others' chunks; the rounds keep
// that gap within half the package's idle close, so the https c32 cell opens its 32 connections
// once (docs/performance.md).

import assert from 'assert';

const { IDLE_CLOSE_MS, roundsFor, worstIdleMs } = require('../../../../scripts/bench/rounds') as {
  IDLE_CLOSE_MS: number;
  roundsFor(perCell: number, minRounds: number, ms: Record<string, number>, budgetMs?: number): number;
  worstIdleMs(perCell: number, rounds: number, ms: Record<string, number>): number;
};

/** ms per request of the https c32 scenarios on a quiet machine (docs/performance.md, 1 / req/s). */
const QUIET = {
  A: 1000 / 1346.7,
  S: 1000 / 1311.9,
  B: 1000 / 1281.3,
  C: 1000 / 1091.1,
  'C+': 1000 / 1111.7,
  'A+hop': 1000 / 1255.5,
};
/** The same at a load of about 2 on the 2 cores: every scenario about half as fast. */
const LOADED = Object.fromEntries(Object.entries(QUIET).map(([k, v]) => [k, v * 2]));

describe('bench: rounds keep every pool within its idle close', () => {
  it('8 fixed rounds let a pool idle past the 4 s idle close at a load of 2 (the 64 connections), not when quiet', () => {
    assert.strictEqual(IDLE_CLOSE_MS, 4000);
    const quiet = worstIdleMs(3200, 8, QUIET);
    const loaded = worstIdleMs(3200, 8, LOADED);
    assert.ok(quiet > 3000 && quiet < IDLE_CLOSE_MS, `quiet: ${quiet} ms, close to the close already`);
    assert.ok(loaded > IDLE_CLOSE_MS, `loaded: ${loaded} ms`);
  });

  it('the rounds chosen keep the worst gap within half the idle close, quiet or loaded, and never fewer than asked', () => {
    for (const ms of [QUIET, LOADED]) {
      const rounds = roundsFor(3200, 8, ms);
      assert.ok(rounds > 8, String(rounds));
      assert.ok(worstIdleMs(3200, rounds, ms) <= IDLE_CLOSE_MS / 2, `${rounds} rounds`);
      assert.ok(worstIdleMs(3200, rounds - 1, ms) > IDLE_CLOSE_MS / 2, 'the fewest such rounds');
    }
    // Fast scenarios (the zero-latency cells) keep the rounds asked for; one scenario alone idles never.
    assert.strictEqual(roundsFor(9600, 30, { A: 0.2, S: 0.3, B: 0.3, K: 0.25 }), 30);
    assert.strictEqual(worstIdleMs(3200, 8, { B: 5 }), 0);
    // Hopelessly slow: at most one request per chunk.
    assert.strictEqual(roundsFor(40, 2, { A: 1000, B: 1000 }), 40);
  });
});
