// The memory a reliability test counts against its bound (test/reliability/held-memory.ts): what is
// held, not garbage waiting for V8's next collection. A fast stream's chunks, read and dropped,
// once passed the clip fuzzer's 64 MiB (test/reliability/replies-clip.test.ts) with nothing held.
// Each case runs in a worker thread (test/unit/reliability-memory-worker.ts): its full collections
// walk a fresh heap, not the whole heap of the mocha job that runs this file.

import assert from 'assert';
import * as path from 'path';
import { Worker } from 'worker_threads';
import type { MemoryCase } from './reliability-memory-worker';

const MiB = 1024 * 1024;

/** Runs one case of reliability-memory-worker.ts in a worker thread; resolves to its report. */
function inWorker(which: 'garbage' | 'held'): Promise<MemoryCase> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'reliability-memory-worker.js'), { workerData: which });
    worker.once('message', (r: MemoryCase) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the ${which} worker exited ${code} without a report`)));
  });
}

describe('reliability: the memory held while a message runs', function () {
  this.timeout(20000);

  it('garbage is not held: 96 MiB of buffers dropped as they come stay under a 16 MiB bound', async () => {
    const { grew, count: sum } = await inWorker('garbage');
    assert.ok(sum > 0);
    assert.ok(grew <= 16 * MiB, `${Math.round(grew / MiB)} MiB counted for garbage`);
  });

  it('what is held counts: 32 MiB kept is over a 16 MiB bound', async () => {
    const { grew, count } = await inWorker('held');
    assert.strictEqual(count, 32);
    assert.ok(grew > 24 * MiB, `${Math.round(grew / MiB)} MiB counted for 32 MiB held`);
  });
});
