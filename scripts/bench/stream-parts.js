'use strict';
// What the stream benchmark's cells share (scripts/bench/stream.js, stream-cells.js): a viewer in
// memory that parses its tags as they come, the relay's reports kept as events, and the simulator's
// flv address of a camera as the config node would ask for it.

const { performance } = require('perf_hooks');
const { TagWatch } = require('./stream-media');

/** A viewer in memory: its tags parsed as they come (`onTag(tag, nowMs)`). */
function memoryViewer(address, onTag) {
  const watch = new TagWatch(onTag);
  const v = {
    address,
    failed: undefined,
    ended: false,
    ready() {},
    write(b) {
      watch.push(b, performance.now());
      return true;
    },
    unsent: () => 0,
    fail(f) {
      v.failed = f;
    },
    end() {
      v.ended = true;
    },
  };
  return v;
}

const reports = (events) => ({
  event: (e) => events.push({ ...e, at: performance.now() }),
  failure() {},
  changed() {},
});

/** The simulator's flv address of a camera, as the config node would ask for it. */
function simAddress(sim, serial) {
  return async () => {
    const body = new URLSearchParams({
      accessToken: 'at.demo-token',
      deviceSerial: serial,
      channelNo: '1',
      protocol: '4',
    });
    const r = await fetch(`${sim.url}/api/lapp/v2/live/address/get`, { method: 'POST', body });
    const j = await r.json();
    if (j.code === '200') return { ok: true, url: j.data.url };
    return { ok: false, error: { code: j.code, message: j.msg, operation: 'live', source: 'api', retriable: true } };
  };
}

module.exports = { memoryViewer, reports, simAddress };
