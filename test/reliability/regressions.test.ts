// Regression tests of the defects the reliability suite found in the product code (issue 7.7).
// Each names the defect it pins down.

import assert from 'assert';
import { OPERATIONS } from '../../nodes/shared/operations';
import { describeValue } from '../../nodes/shared/params';
import type { Simulator } from '../../simulator';
import { loadOp, run, startSim, stopSim, unload } from '../support/red';

const CARD = 'CARD-REGRESSION-7001';

describe('reliability regressions', function () {
  describe('a validation message never shows a secret held inside a bad value', () => {
    // Found by the fuzz test: deviceSerial read from msg.payload (the whole object) failed
    // validation and the message quoted the object, card password included.
    it('describeValue hides the secret keys of objects', () => {
      const serial = OPERATIONS['storage-open'].params.find((p) => p.name === 'deviceSerial')!;
      for (const v of [{ cardPassword: CARD }, { a: 1, accessToken: CARD }, { nested: { appSecret: CARD } },
        [{ cardPassword: CARD }]]) {
        const shown = describeValue(serial, v);
        assert.ok(!shown.includes(CARD), shown);
        assert.ok(!shown.includes(CARD.slice(0, 12)), shown);
      }
      assert.strictEqual(describeValue(serial, { deviceSerial: 'x' }), '{"deviceSerial":"x"}');
    });

    let sim: Simulator;
    before(async () => {
      sim = await startSim();
    });
    after(async () => {
      await stopSim(sim);
    });
    afterEach(async () => {
      await unload();
    });

    it('storage-open with deviceSerial from msg.payload: the error names the parameter, not the card', async () => {
      await loadOp('storage-open', sim.url, { props: { deviceSerial: 'payload', deviceSerialType: 'msg' } });
      sim.clearLog();
      const { port, msg } = await run({ payload: { cardPassword: CARD, deviceSerial: 'C00000001' } });
      assert.strictEqual(port, 'err');
      assert.strictEqual(msg.error.code, '10001');
      assert.ok(msg.error.message.includes('deviceSerial'), msg.error.message);
      assert.ok(!msg.error.message.includes(CARD.slice(0, 10)), msg.error.message);
      assert.deepStrictEqual(sim.requestLog(), []);
    });
  });
});
