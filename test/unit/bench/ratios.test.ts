// The benchmark's ratios (scripts/bench/ratios.js, docs/performance.md): the zero-latency cells'
// CPU per request compared cell by cell and round by round, warm-up chunks left out.

import assert from 'assert';

interface Chunk {
  warmup: boolean;
  cpuUs: number;
  wallMs: number;
  requests: number;
}
interface Cell {
  concurrency: number;
  scenario: string;
  chunks: Chunk[];
  failures: number;
  cpuUsPerRequest: number;
  msPerRequest: number;
}
// Plain JavaScript of the benchmark (scripts/bench/), as the editor test takes help-fragments.js.
const { floorRatio, pairedMedian } = require('../../../../scripts/bench/ratios') as {
  floorRatio(cells: Cell[], c: number): Record<string, unknown>;
  pairedMedian(x: Cell, y: Cell, value: (k: Chunk) => number, f: (a: number, b: number) => number): number;
};

/** A cell whose measured rounds cost `perRequest` µs of CPU each (100 requests a round), after a
 * warm-up chunk that costs far more (it must not count). */
function cell(scenario: string, perRequest: number[], failures = 0, concurrency = 1): Cell {
  const chunks = [
    { warmup: true, cpuUs: 1e9, wallMs: 1e6, requests: 100 },
    ...perRequest.map((v) => ({ warmup: false, cpuUs: v * 100, wallMs: v / 10, requests: 100 })),
  ];
  const mean = perRequest.reduce((s, v) => s + v, 0) / perRequest.length;
  return { concurrency, scenario, chunks, failures, cpuUsPerRequest: mean, msPerRequest: mean / 1000 };
}

describe('bench: the zero-latency ratios (scripts/bench/ratios.js)', () => {
  it('B over S and S over A per request, whole-cell and as the median of the rounds; B split into its parts', () => {
    const cells = [
      cell('A', [100, 100, 100]),
      cell('S', [200, 200, 200]),
      cell('B', [220, 220, 220]),
      cell('K', [130, 130, 130]),
    ];
    const r = floorRatio(cells, 1);
    assert.strictEqual(r.sOverA_cpuPerRequest, 2);
    assert.strictEqual(r.bOverS_cpuPerRequest, 1.1);
    assert.strictEqual(r.bOverA_cpuPerRequest, 2.2);
    assert.strictEqual(r.roundMedian_bOverS_cpuPerRequest, 1.1);
    assert.strictEqual(r.kOverA_cpuPerRequest, 1.3);
    // Node-RED's messaging S - A, the client K - A, the rest B - S - (K - A)
    assert.deepStrictEqual(r.split_cpuUsPerRequest, { nodeRed: 100, client: 30, rest: -10 });
    assert.strictEqual(r.bAndSClean, true);
  });

  it('a round of load on one scenario moves the whole-cell ratio, not the median of the paired rounds', () => {
    const S = cell('S', [200, 200, 200, 200, 200]);
    const B = cell('B', [220, 220, 2000, 220, 220]); // one round hit by a load spike
    const r = floorRatio([cell('A', [100, 100, 100, 100, 100]), S, B], 1);
    assert.strictEqual(r.roundMedian_bOverS_cpuPerRequest, 1.1);
    assert.ok((r.bOverS_cpuPerRequest as number) > 2, String(r.bOverS_cpuPerRequest));
    assert.strictEqual(
      pairedMedian(
        B,
        S,
        (k) => k.cpuUs / k.requests,
        (a, b) => a - b,
      ),
      20,
    );
  });

  it('a missing cell gives null, failures mark B and S unclean, and another concurrency is not mixed in', () => {
    const r = floorRatio([cell('A', [100]), cell('S', [200]), cell('B', [300], 2), cell('K', [1], 0, 32)], 1);
    assert.strictEqual(r.kOverA_cpuPerRequest, null);
    assert.strictEqual(r.split_cpuUsPerRequest, null);
    assert.strictEqual(r.bAndSClean, false);
    assert.strictEqual(floorRatio([], 32).bOverS_cpuPerRequest, null);
  });
});
