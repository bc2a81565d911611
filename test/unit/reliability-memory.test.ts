// The memory a reliability test counts against its bound (test/reliability/held-memory.ts): what is
// held, not garbage waiting for V8's next collection. A fast stream's chunks, read and dropped,
// once passed the clip fuzzer's 64 MiB (test/reliability/replies-clip.test.ts) with nothing held.

import assert from 'assert';
import * as v8 from 'v8';
import * as vm from 'vm';
import { watchMemory } from '../reliability/held-memory';

const MiB = 1024 * 1024;
const gc = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 1));

describe('reliability: the memory held while a message runs', function () {
  this.timeout(20000);

  it('garbage is not held: 96 MiB of buffers dropped as they come stay under a 16 MiB bound', async () => {
    const watch = watchMemory(gc, 16 * MiB);
    let sum = 0;
    for (let i = 0; i < 96; i++) {
      const chunk = Buffer.alloc(MiB, i); // read, looked at, dropped: as a stream's chunk
      sum += chunk[i];
      if (i % 4 === 3) await tick();
    }
    const grew = watch.stop();
    assert.ok(sum > 0);
    assert.ok(grew <= 16 * MiB, `${Math.round(grew / MiB)} MiB counted for garbage`);
  });

  it('what is held counts: 32 MiB kept is over a 16 MiB bound', async () => {
    const watch = watchMemory(gc, 16 * MiB);
    const kept: Buffer[] = [];
    for (let i = 0; i < 32; i++) {
      kept.push(Buffer.alloc(MiB, i));
      await tick();
    }
    const grew = watch.stop();
    assert.strictEqual(kept.length, 32);
    assert.ok(grew > 24 * MiB, `${Math.round(grew / MiB)} MiB counted for 32 MiB held`);
  });
});
