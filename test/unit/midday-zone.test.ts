// The sidebar test's runtime time zone (test/support/red-admin.ts middayZone): midday at every hour.

import { strict as assert } from 'assert';
import { middayZone } from '../support/red-admin';

describe('middayZone: a fixed-offset zone where it is about midday now', function () {
  it('gives local hour 12 at every UTC hour of a day', function () {
    for (let h = 0; h < 24; h++) {
      const now = Date.UTC(2026, 10, 26, h, 59, 30);
      const zone = middayZone(now);
      const hour = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now);
      assert.equal(Number(hour), 12, `${h}:59 UTC in ${zone}: ${hour}`);
    }
  });
});
