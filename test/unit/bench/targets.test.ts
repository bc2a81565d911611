// The benchmark's targets (scripts/bench/targets.js, docs/performance.md): a target holds only on
// a clean run (no failed request in the cells it compares, no missing stop), at its limit.

import assert from 'assert';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, any>;
const { latencyRatios, floorTargets, latencyTargets, liveTargets, streamTargets } =
  require('../../../../scripts/bench/targets') as {
    latencyRatios(cells: Row[], transports: string[], concurrencies: number[]): Row[];
    floorTargets(ratios: Row[]): Row[];
    latencyTargets(o: Row): Row[];
    liveTargets(live: Row): Row[];
    streamTargets(s: Row): Row[];
  };

const CONF = { transports: ['http'], concurrencies: [1, 32], memMessages: 100 };

/** A cell of the latency groups: `ms` per request over two measured rounds. */
function cell(scenario: string, concurrency: number, ms: number, o: { failures?: number; conns?: number } = {}): Row {
  const chunks = [
    { warmup: true, wallMs: 1e6, requests: 10 },
    { warmup: false, wallMs: ms * 10, requests: 10 },
    { warmup: false, wallMs: ms * 10, requests: 10 },
  ];
  return {
    transport: 'http',
    concurrency,
    scenario,
    chunks,
    msPerRequest: ms,
    p50Ms: ms,
    cpuUsPerRequest: ms * 100,
    requestsPerSec: 1000 / ms,
    failures: o.failures ?? 0,
    connectionsOpened: o.conns ?? concurrency,
  };
}

function cells(o: { bMs?: number; cFailures?: number; bConns?: number } = {}): Row[] {
  return [1, 32].flatMap((c) => [
    cell('A', c, 1),
    cell('S', c, 1),
    cell('B', c, o.bMs ?? 1.05, { conns: o.bConns }),
    cell('C', c, 2, { failures: o.cFailures }),
    cell('C+', c, 1.5),
  ]);
}

const probes = {
  token: { tokenRequests: 1, succeeded: 1000, messages: 1000 },
  memory: { rssGrowthMB: 2, failures: 0 },
  timedStop: { p99AbsErrorMs: 5, stopsMissing: 0, failures: 0 },
};

function targets(c: Row[], p: Row = probes): Row[] {
  return latencyTargets({
    cells: c,
    ratios: latencyRatios(c, CONF.transports, CONF.concurrencies),
    ...p,
    conf: CONF,
    hasTls: false,
  });
}
const failed = (t: Row[]): string[] => t.filter((x) => !x.pass).map((x) => x.target);

describe('bench: the targets (scripts/bench/targets.js)', () => {
  it('a clean run within every limit passes every target; B over C is the throughput ratio', () => {
    const c = cells();
    const r = latencyRatios(c, CONF.transports, CONF.concurrencies);
    assert.strictEqual(r.length, 2);
    assert.strictEqual(r[1].bOverA_timePerRequest, 1.05);
    assert.strictEqual(r[1].bOverC_throughput, 1.9);
    assert.strictEqual(r[1].roundMedian_bOverA_timePerRequest, 1.05);
    assert.deepStrictEqual(failed(targets(c)), []);
  });

  it('a slow node, a failed request, too many connections or a missed probe each fail their target', () => {
    assert.deepStrictEqual(failed(targets(cells({ bMs: 1.4 }))), [
      'B/A time per request, http c1',
      'B/A time per request, http c32',
      'B/C throughput, http c32',
    ]);
    assert.deepStrictEqual(failed(targets(cells({ cFailures: 1 }))), [
      'B/A time per request, http c1',
      'B/A time per request, http c32',
      'B/C throughput, http c32',
      'B/C+ throughput, http c32',
    ]);
    assert.deepStrictEqual(failed(targets(cells({ bConns: 33 }))), ['B TCP connections, http c32, whole run']);
    assert.deepStrictEqual(
      failed(targets(cells(), { ...probes, token: { tokenRequests: 2, succeeded: 1000, messages: 1000 } })),
      ['token requests, 1000 messages, cold cache'],
    );
    assert.deepStrictEqual(
      failed(targets(cells(), { ...probes, timedStop: { p99AbsErrorMs: 5, stopsMissing: 1, failures: 0 } })),
      ['timed-stop error p99 of |actual - requested| (ms)'],
    );
  });

  it('B/S at zero latency holds on the per-round median, only with B and S clean; live addresses one, then two', () => {
    const t = floorTargets([
      { concurrency: 1, roundMedian_bOverS_cpuPerRequest: 1.1, bAndSClean: true },
      { concurrency: 32, roundMedian_bOverS_cpuPerRequest: 1.0, bAndSClean: false },
      { concurrency: 64, roundMedian_bOverS_cpuPerRequest: null, bAndSClean: true },
    ]);
    assert.deepStrictEqual(
      t.map((x) => x.pass),
      [true, false],
    );
    const live = {
      concurrentAsks: 10,
      messages: 50,
      succeeded: 61,
      addressRequests: 1,
      addressRequestsAfterRefresh: 2,
    };
    assert.deepStrictEqual(
      liveTargets(live).map((x) => x.pass),
      [true, true],
    );
    assert.deepStrictEqual(
      liveTargets({ ...live, addressRequests: 2 }).map((x) => x.pass),
      [false, true],
    );
  });
});

describe('bench: the stream targets (docs/behaviour.md section 24, scripts/bench/stream.js)', () => {
  const good = (): Row => ({
    share: { viewers: 40, sessions: 1, clean: true },
    cpu: { mbits: 2, viewers: 20, cpuPercent: 4.1, p99TagMs: 2.4, clean: true },
    chains: { capS: 5, chains: 4, maxChainGapMs: 143, clean: true },
    join: { joins: 20, maxFirstKeyMs: 0.5, clean: true },
    hour: { chains: 1400, expectedChains: 719, maxDriftMs: 280, clean: true },
  });
  const passes = (s: Row): boolean[] => streamTargets(s).map((x) => x.pass);

  it('six targets, all met by a clean run within the limits', () => {
    const t = streamTargets(good());
    assert.strictEqual(t.length, 6);
    assert.deepStrictEqual(
      t.map((x) => x.limit),
      ['== 1', '<= 5', '<= 10', '<= 200', '<= 100', '<= 1000'],
    );
    assert.ok(t.every((x) => x.pass));
  });

  it('each fails past its limit, at its limit it holds', () => {
    const at = good();
    Object.assign(at.cpu, { cpuPercent: 5, p99TagMs: 10 });
    Object.assign(at.chains, { maxChainGapMs: 200 });
    Object.assign(at.join, { maxFirstKeyMs: 100 });
    Object.assign(at.hour, { maxDriftMs: 1000 });
    assert.ok(passes(at).every(Boolean));
    const over = good();
    over.share.sessions = 2;
    Object.assign(over.cpu, { cpuPercent: 5.01, p99TagMs: 10.1 });
    over.chains.maxChainGapMs = 201;
    over.join.maxFirstKeyMs = 101;
    over.hour.maxDriftMs = 1001;
    assert.deepStrictEqual(passes(over), [false, false, false, false, false, false]);
  });

  it('a cell that did not run clean, too few chains or no value fails its targets', () => {
    const s = good();
    s.cpu.clean = false;
    s.join.clean = false;
    s.hour.chains = 700;
    s.chains.maxChainGapMs = null;
    assert.deepStrictEqual(passes(s), [true, false, false, false, false, false]);
  });
});
