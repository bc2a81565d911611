// The still-picture bound of the live and playback tests (test/support/picture-gaps.ts): at most
// 1 s, allowing the measurement's resolution (the longest time between two animation frames).

import { strict as assert } from 'assert';
import { GAP_TARGET_MS, withinTarget } from '../support/picture-gaps';

describe('picture gaps: the 1 s target within the measurement resolution', () => {
  it('passes a gap up to 1 s plus the longest frame interval, and nothing longer', () => {
    assert.equal(GAP_TARGET_MS, 1000);
    assert.ok(withinTarget({ maxGap: 1000, longestFrame: 0 }));
    assert.ok(withinTarget({ maxGap: 1004, longestFrame: 40 }), 'CI: 1004 ms with frames 40 ms apart');
    assert.ok(!withinTarget({ maxGap: 1041, longestFrame: 40 }));
    // a session started 1.5 s late, on a machine whose frames come every 17 ms
    assert.ok(!withinTarget({ maxGap: 1517, longestFrame: 17 }));
    assert.ok(!withinTarget({ maxGap: 1001, longestFrame: 0 }));
  });
});
