'use strict';
// The benchmark's embedded Node-RED (measure.js, profile.js): one message in and its outcome out
// (inject; the bench-sink nodes of runtime-nodes/ hand each message back by its benchSeq; the flow:
// flows.js), the runtime started in this process, and the package's HTTP client alone (K).

const fs = require('fs');
const path = require('path');
const http = require('http');
const { root } = require('./conf');
const { benchUserDir, benchSettings, nodesStarted } = require('./embedded-red');

const pending = new Map();
let seqCounter = 0;
let strays = 0;
globalThis.__ezvizBenchSink = (msg, port) => {
  const done = pending.get(msg.benchSeq);
  if (!done) {
    strays++;
    return;
  }
  pending.delete(msg.benchSeq);
  done(port, msg);
};

function diyOk(port, msg) {
  return port === 'diy' && msg.statusCode === 200 && msg.payload && msg.payload.code === '200';
}
function nodeOk(port, msg) {
  return port === 'ok' && msg.payload && typeof msg.payload === 'object';
}

/** Sends one msg into `node` and resolves with check(port, msg) when a sink receives it. */
function inject(node, payload, check, extra = {}) {
  const seq = ++seqCounter;
  return new Promise((resolve) => {
    pending.set(seq, (port, msg) => resolve(check(port, msg) ? true : { port, msg }));
    node.receive({ ...extra, payload, benchSeq: seq });
  });
}

async function startRuntime(flows, creds) {
  const RED = require('node-red');
  const userDir = benchUserDir('ezviz-bench-', flows, creds);
  RED.init(http.createServer(), benchSettings(userDir));
  await RED.start();
  await nodesStarted(
    RED,
    flows.filter((n) => n.type !== 'tab').map((n) => n.id),
  );
  return {
    RED,
    node: (id) => RED.nodes.getNode(id),
    async stop() {
      await RED.stop();
      fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
}

/** The package's HTTP client, made as a config node makes it; null when it cannot be. */
function packageClient() {
  try {
    const { EzvizClient } = require(path.join(root, 'dist', 'client', 'wire', 'client.js'));
    return new EzvizClient({ timeout: 10000 });
  } catch {
    return null;
  }
}

module.exports = { startRuntime, inject, nodeOk, diyOk, packageClient, strays: () => strays };
