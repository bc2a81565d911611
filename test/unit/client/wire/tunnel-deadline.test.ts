// A proxy's CONNECT tunnel has the request's deadline (client/wire/proxy.ts, docs/behaviour.md
// section 8), on the runtime's clock (hooks.deadline): against a proxy of our own on 127.0.0.1 that
// reads the CONNECT and never answers, the test fires the deadline as soon as the proxy has it.

import assert from 'assert';
import net from 'net';
import { hooks, resetHooks } from '../../../../client/clock/clock';
import { openTunnel } from '../../../../client/wire/proxy';

describe('client/wire/proxy: the tunnel deadline on the runtime clock', () => {
  afterEach(() => resetHooks());

  it('a proxy that never answers: the deadline fired on the clock ends the tunnel once, EPROXY', async () => {
    const held: Array<{ fn: () => void; ms: number; live: boolean }> = [];
    hooks.deadline = (fn, ms) => {
      const d = { fn, ms, live: true };
      held.push(d);
      return () => {
        d.live = false;
      };
    };
    let connects = 0;
    const proxy = net.createServer((socket) => {
      socket.on('error', () => undefined); // the tunnel's request is destroyed
      socket.once('data', (chunk) => {
        connects += /^CONNECT 127\.0\.0\.1:9 /.test(chunk.toString('latin1')) ? 1 : 0;
        for (const d of held.filter((h) => h.live)) {
          d.live = false;
          d.fn();
        }
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const url = new URL(`http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`);
      const results: Array<Error | null> = [];
      await new Promise<void>((resolve) =>
        openTunnel(url, '127.0.0.1', 9, 60000, undefined, (err) => {
          results.push(err);
          resolve();
        }),
      );
      await new Promise((r) => setTimeout(r, 20)); // nothing more comes
      assert.strictEqual(results.length, 1);
      const err = results[0] as Error & { code?: string };
      assert.deepStrictEqual([err.code, err.message], ['EPROXY', 'the proxy did not open a tunnel within 60000 ms']);
      assert.deepStrictEqual(
        held.map((d) => [d.ms, d.live]),
        [[60000, false]],
      );
      assert.strictEqual(connects, 1);
    } finally {
      await new Promise((r) => proxy.close(r));
    }
  });
});
