// The two cases of test/unit/reliability-memory.test.ts, run in a worker thread of their own: a fresh
// V8 heap of a few MiB, whose full collections (test/reliability/held-memory.ts takes two at the
// start and two each time a sample passes the bound) cost milliseconds. In a test process that had
// loaded other files before (mocha's jobs run many files each), every one of them walked that
// whole heap: the file cost 6.4 CPU-s in the quiet serial run for 3.4 s of wall time. The worker's
// heap and array buffers are its own (process.memoryUsage() in a worker counts its isolate).

import * as v8 from 'v8';
import * as vm from 'vm';
import { parentPort, workerData } from 'worker_threads';
import { watchMemory } from '../reliability/held-memory';

const MiB = 1024 * 1024;
const gc = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 1));

/** What a case reports: the growth counted over the bound's base, and what it kept or summed. */
export interface MemoryCase {
  grew: number;
  count: number;
}

/** 96 MiB of buffers dropped as they come, under a 16 MiB bound. */
async function garbage(): Promise<MemoryCase> {
  const watch = watchMemory(gc, 16 * MiB);
  let sum = 0;
  for (let i = 0; i < 96; i++) {
    const chunk = Buffer.alloc(MiB, i); // read, looked at, dropped: as a stream's chunk
    sum += chunk[i];
    if (i % 4 === 3) await tick();
  }
  return { grew: watch.stop(), count: sum };
}

/** 32 MiB kept, under a 16 MiB bound. */
async function held(): Promise<MemoryCase> {
  const watch = watchMemory(gc, 16 * MiB);
  const kept: Buffer[] = [];
  for (let i = 0; i < 32; i++) {
    kept.push(Buffer.alloc(MiB, i));
    await tick();
  }
  return { grew: watch.stop(), count: kept.length };
}

if (parentPort) {
  const port = parentPort;
  void (workerData === 'held' ? held() : garbage()).then((r) => port.postMessage(r));
}
