// test/support/media-tools.ts's withFfmpeg and withGstreamer take mocha's `it` at each call: in
// `npm test`'s parallel run a worker loads the module once for file after file and mocha gives each
// file its own `it`, so an `it` kept from the module's load registered a later file's tests in a
// finished file, where they were never run nor reported.

import { strict as assert } from 'assert';
import { withFfmpeg, withGstreamer } from '../support/media-tools';

describe('media tools: the tests that need ffmpeg or GStreamer', () => {
  it("register with the `it` of the file that calls them, not the one of the module's load", () => {
    const g = globalThis as unknown as { it: unknown };
    const kept = g.it;
    const calls: string[] = [];
    const spy = Object.assign((title: string) => calls.push(`it ${title}`), {
      skip: (title: string) => calls.push(`skip ${title}`),
    });
    g.it = spy;
    try {
      withFfmpeg('a', () => undefined);
      withGstreamer('b', () => undefined);
    } finally {
      g.it = kept;
    }
    assert.equal(calls.length, 2, 'both registered through the current it');
    assert.match(calls[0], / a$/);
    assert.match(calls[1], / b$/);
  });
});
