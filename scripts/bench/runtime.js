'use strict';
// The benchmark's embedded Node-RED (measure.js, profile.js): the flow of every scenario (bench-sink
// nodes of runtime-nodes/ hand each message back by its benchSeq), one message in and its outcome
// out (inject), the runtime started in this process, and the package's HTTP client alone (K).

const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const { root, CONF, SERIAL, TOKEN, INFO_PATH, sleep } = require('./conf');

const pending = new Map();
const BODY = `accessToken=${encodeURIComponent(TOKEN)}&deviceSerial=${SERIAL}`;
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

function buildFlows(urls, nodesAvailable, transports = CONF.transports) {
  const z = 'bench-tab';
  const flows = [
    { id: z, type: 'tab', label: 'bench' },
    { id: 'sink-ok', type: 'bench-sink', z, name: 'ok', wires: [] },
    { id: 'sink-err', type: 'bench-sink', z, name: 'err', wires: [] },
    { id: 'sink-diy', type: 'bench-sink', z, name: 'diy', wires: [] },
  ];
  const creds = {};
  const config = (id, baseUrl, cred) => {
    flows.push({
      id,
      type: 'ezviz-config',
      name: `bench ${baseUrl}`,
      baseUrl,
      timeout: 10000,
      maxRetries: 3,
      retryDelay: 500,
    });
    creds[id] = cred;
  };
  const storageInfo = (id, cfg) =>
    flows.push({
      id,
      type: 'ezviz-storage-info',
      z,
      name: '',
      config: cfg,
      deviceSerial: SERIAL,
      deviceSerialType: 'str',
      phone: '',
      phoneType: 'str',
      channelNo: '',
      channelNoType: 'str',
      wires: [['sink-ok'], ['sink-err']],
    });
  const diy = (prefix, t, persist, close = false) => {
    flows.push({
      id: `${prefix}-fn-${t}`,
      type: 'function',
      z,
      name: 'form body',
      func: [
        "const token = 'at.demo-token';",
        close
          ? "msg.headers = { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' };"
          : "msg.headers = { 'content-type': 'application/x-www-form-urlencoded' };",
        "msg.payload = 'accessToken=' + encodeURIComponent(token) +",
        "  '&deviceSerial=' + encodeURIComponent('C00000001');",
        'return msg;',
      ].join('\n'),
      outputs: 1,
      timeout: 0,
      noerr: 0,
      initialize: '',
      finalize: '',
      libs: [],
      wires: [[`${prefix}-http-${t}`]],
    });
    flows.push({
      id: `${prefix}-http-${t}`,
      type: 'http request',
      z,
      name: '',
      method: 'POST',
      ret: 'obj',
      paytoqs: 'ignore',
      url: urls[t] + INFO_PATH,
      tls: '',
      persist,
      proxy: '',
      insecureHTTPParser: false,
      authType: '',
      senderr: false,
      headers: [],
      wires: [['sink-diy']],
    });
  };
  const simple = (id, baseUrl) =>
    flows.push({
      id,
      type: 'bench-simple',
      z,
      name: '',
      url: baseUrl + INFO_PATH,
      body: BODY,
      wires: [['sink-ok'], ['sink-err']],
    });
  for (const t of transports) {
    if (nodesAvailable) {
      config(`cfg-${t}`, urls[t], { accessToken: TOKEN });
      storageInfo(`b-${t}`, `cfg-${t}`);
    }
    simple(`s-${t}`, urls[t]);
    diy('c', t, false);
    diy('cp', t, true);
    diy('c18', t, false, true);
  }
  simple('s-zero', urls.mem);
  if (nodesAvailable) {
    config('cfg-token', urls.http, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
    storageInfo('tok-node', 'cfg-token');
    config('cfg-mem', urls.mem, { accessToken: TOKEN });
    storageInfo('mem-node', 'cfg-mem');
    config('cfg-zero', urls.mem, { accessToken: TOKEN });
    storageInfo('b-zero', 'cfg-zero');
    // live addresses: two ezviz-live nodes on one config node (docs/behaviour.md section 13, one address per lifetime)
    config('cfg-live', urls.http, { accessToken: TOKEN });
    for (const id of ['live-node', 'live-node2']) {
      flows.push({
        id,
        type: 'ezviz-live',
        z,
        name: '',
        config: 'cfg-live',
        deviceSerial: '',
        deviceSerialType: 'str',
        channelNo: '',
        channelNoType: 'num',
        protocol: 'hls',
        protocolType: 'protocol',
        expire: '3600',
        expireType: 'num',
        source: 'live',
        sourceType: 'source',
        wires: [['sink-ok'], ['sink-err']],
      });
    }
    config('cfg-ptz', urls.http, { accessToken: TOKEN });
    flows.push({
      id: 'ptz-node',
      type: 'ezviz-ptz-start',
      z,
      name: '',
      config: 'cfg-ptz',
      deviceSerial: '',
      deviceSerialType: 'str',
      channelNo: '',
      channelNoType: 'str',
      direction: '',
      directionType: 'str',
      speed: '',
      speedType: 'str',
      duration: '',
      durationType: 'str',
      wires: [['sink-ok'], ['sink-err']],
    });
  }
  return { flows, creds };
}

async function startRuntime(flows, creds) {
  const RED = require('node-red');
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-bench-'));
  fs.mkdirSync(path.join(userDir, 'node_modules'));
  // Installed as a user would have it: the package in the userDir's node_modules.
  fs.symlinkSync(root, path.join(userDir, 'node_modules', 'node-red-contrib-ezviz-open'), 'dir');
  fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(flows));
  fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify(creds));
  RED.init(http.createServer(), {
    userDir,
    flowFile: 'flows.json',
    credentialSecret: false,
    httpAdminRoot: false,
    httpNodeRoot: false,
    nodesDir: [path.join(__dirname, 'runtime-nodes')],
    logging: { console: { level: 'warn', metrics: false, audit: false } },
    externalModules: { autoInstall: false, palette: { allowInstall: false } },
    functionExternalModules: false,
    telemetry: { enabled: false },
    diagnostics: { enabled: false },
  });
  await RED.start();
  const ids = flows.filter((n) => n.type !== 'tab').map((n) => n.id);
  const deadline = Date.now() + 20000;
  while (!ids.every((id) => RED.nodes.getNode(id))) {
    if (Date.now() > deadline) {
      const missing = ids.filter((id) => !RED.nodes.getNode(id));
      throw new Error(`Node-RED did not start the bench flow (missing nodes: ${missing.join(', ')})`);
    }
    await sleep(50);
  }
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

module.exports = { buildFlows, startRuntime, inject, nodeOk, diyOk, packageClient, strays: () => strays };
