'use strict';
// The embedded Node-RED of `npm run bench:alarms` (alarms.js): its HTTP node server on a free port,
// the package installed in its user directory, and the flow: four ezviz-alarm nodes on one config
// node (webhook, consumer, poll; webhook with `picture: download`), each wired to a bench-sink node.

const fs = require('fs');
const http = require('http');
const { benchUserDir, benchSettings, nodesStarted } = require('./embedded-red');

const SECRET = 'bench-signing-secret';
const INTERVALS = { consumer: 5, poll: 10 };

function freePort() {
  return new Promise((resolve, reject) => {
    const s = http.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function flows(simUrl) {
  const z = 'bench-alarms';
  const at = (n) => ({ z, x: 100, y: 100, ...n });
  const alarm = (id, props) =>
    at({
      id,
      type: 'ezviz-alarm',
      config: 'cfg',
      deviceSerial: '',
      alarmType: '',
      ...props,
      wires: [[`sink-${id}`], [`err-${id}`]],
    });
  const sinks = ['webhook', 'consumer', 'poll'].flatMap((id) => [
    at({ id: `sink-${id}`, type: 'bench-sink', name: id }),
    at({ id: `err-${id}`, type: 'bench-sink', name: `err-${id}` }),
  ]);
  return [
    { id: z, type: 'tab', label: 'alarm latency' },
    { id: 'cfg', type: 'ezviz-config', name: 'sim', baseUrl: simUrl, timeout: 10000, maxRetries: 3, retryDelay: 500 },
    alarm('webhook', { source: 'webhook', path: '/bench/alarms', interval: 60 }),
    alarm('consumer', { source: 'consumer', group: 1, interval: INTERVALS.consumer }),
    alarm('poll', { source: 'poll', interval: INTERVALS.poll }),
    alarm('picture', { source: 'webhook', path: '/bench/pictures', interval: 60, picture: 'download' }),
    ...sinks,
    at({ id: 'sink-picture', type: 'bench-sink', name: 'picture' }),
    at({ id: 'err-picture', type: 'bench-sink', name: 'err-picture' }),
  ];
}

async function startRed(simUrl) {
  const RED = require('node-red');
  const userDir = benchUserDir('ezviz-bench-alarms-', flows(simUrl), {
    cfg: { appKey: 'demo-app-key', appSecret: 'demo-app-secret', verificationCodes: 'C00000005 ABCDEF' },
    webhook: { secret: SECRET },
    picture: { secret: SECRET },
  });
  const port = await freePort();
  // Embedded: the HTTP node app is served by the embedding server (red.js mounts it at httpNodeRoot).
  const server = http.createServer((req, res) => RED.httpNode(req, res));
  RED.init(server, benchSettings(userDir, '/'));
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  await RED.start();
  await nodesStarted(RED, ['webhook', 'consumer', 'poll']);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await RED.stop();
      server.closeAllConnections?.();
      await new Promise((r) => server.close(() => r()));
      fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
}

module.exports = { startRed, SECRET, INTERVALS };
