'use strict';
// What the clip benchmarks (clip.js, clip-camera.js) share to sample memory while an MP4 is
// written: a full collection on demand (gc), and a hook called at every 100th picture handed to
// mediabunny's writer (the file's buffer, sized for the whole file, beside the frames not yet
// written) and when the file is finished (every frame's record, the file whole): mediabunny's add
// and finalize, wrapped once for the process.

const path = require('path');
const v8 = require('v8');
const vm = require('vm');

const root = path.resolve(__dirname, '..', '..');
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

let hook = () => undefined;
const { EncodedVideoPacketSource, Output } = require(require.resolve('mediabunny', { paths: [root] }));
const finalize = Output.prototype.finalize;
Output.prototype.finalize = async function (...a) {
  const r = await finalize.apply(this, a);
  hook();
  return r;
};
const add = EncodedVideoPacketSource.prototype.add;
let added = 0;
EncodedVideoPacketSource.prototype.add = async function (...a) {
  const r = await add.apply(this, a);
  if (++added % 100 === 0) hook();
  return r;
};

/** Sets what runs at those moments (the sample of the clip being written). */
const onWriting = (fn) => {
  hook = fn;
};

module.exports = { gc, onWriting };
