'use strict';
// A Node-RED node used only by the benchmark: hands each message it receives to the benchmark
// (globalThis.__ezvizBenchSink) together with its `name` ("ok" or "err"), then ends it.
module.exports = function (RED) {
  function BenchSink(config) {
    RED.nodes.createNode(this, config);
    const port = config.name;
    this.on('input', (msg, send, done) => {
      const sink = globalThis.__ezvizBenchSink;
      if (sink) sink(msg, port);
      done();
    });
  }
  RED.nodes.registerType('bench-sink', BenchSink);
};
