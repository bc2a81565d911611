#!/usr/bin/env node
'use strict';
// `npm run bench:alarms` (docs/behaviour.md section 15): how late an alarm arrives, per source
// of ezviz-alarm, and what each source costs in API calls. The simulator and Node-RED run in this
// process (Node-RED embedded with its HTTP node server on a free port, the package installed in
// its user directory); three alarm nodes on one config node: webhook (the simulator pushes to
// Node-RED, signed), consumer at its default interval (5 s), poll at its minimum (10 s), each
// wired to a sink. Alarms are raised at the simulator at random gaps (so they fall anywhere in a
// poll or fetch interval); latency = the message reaching the sink (right after it left the
// node) minus the moment the simulator raised the alarm. Before them an idle phase with no alarm
// (one idle camera: nothing to list, fetch or push) counts the API calls of each source, per hour.
// Then the picture cell (docs/behaviour.md section 17): a fourth node, webhook with `picture: download`, gets
// alarms of the encrypted camera C00000005 whose pictures are 1 MiB JPEGs encrypted with its code:
// latency = raised -> the message with the decrypted picture reaching its sink (target p99 100 ms).
// Options: --alarms N (default 200), --idle S (idle seconds, default 60), --pictures N (default 100),
// --quick (40 alarms, 20 s idle, 30 pictures). The embedded Node-RED and its flow: alarms-red.js.

const os = require('os');
const path = require('path');
const { performance } = require('perf_hooks');
const { quantile, round, table, numberArg } = require('./stats');
const { startRed, SECRET, INTERVALS } = require('./alarms-red');

const root = path.resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const ALARMS = numberArg('--alarms', quick ? 40 : 200);
const IDLE_S = numberArg('--idle', quick ? 20 : 60);
const PICTURES = numberArg('--pictures', quick ? 30 : 100);
const PICTURE_TARGET = 100;
const TARGETS = { webhook: 50, consumer: 5000 + 200, poll: 10000 + 200 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const { startSimulator, webhookPusher } = require(path.join(root, 'dist', 'simulator'));
  const sim = await startSimulator({ port: 0, logLimit: 100000 });
  const arrived = { webhook: new Map(), consumer: new Map(), poll: new Map(), picture: new Map() };
  const pictureBytes = [];
  const errors = [];
  globalThis.__ezvizBenchSink = (msg, port) => {
    const t = performance.now();
    if (arrived[port]) {
      if (!arrived[port].has(msg.payload.alarmId)) arrived[port].set(msg.payload.alarmId, t);
      if (port === 'picture') pictureBytes.push(Buffer.isBuffer(msg.payload.picture) ? msg.payload.picture.length : -1);
    } else errors.push(`${port}: ${msg.error && msg.error.code}`);
  };
  const red = await startRed(sim.url);
  webhookPusher(sim.state).set({ url: `${red.url}/bench/alarms`, secret: SECRET });
  await sleep(12000); // every node has polled or fetched once: the first rounds are behind us
  // Idle first (no alarm in the alarm list's look-back either): the API calls of each source.
  sim.clearLog();
  const idleStart = Date.now();
  await sleep(IDLE_S * 1000);
  const idleS = (Date.now() - idleStart) / 1000;
  const log = sim.requestLog();
  const perHour = (filter) => round((log.filter(filter).length / idleS) * 3600, 0);
  const calls = {
    webhook: 0,
    consumer: perHour((e) => e.path.includes('/mq/')),
    poll: perHour((e) => e.path === '/api/lapp/alarm/list'),
  };
  const tokenCalls = log.filter((e) => e.path === '/api/lapp/token/get').length;
  const pushesIdle = webhookPusher(sim.state).pushes().length;

  const raisedAt = new Map();
  const started = Date.now();
  process.stdout.write(`bench:alarms: raising ${ALARMS} alarms at random gaps (0.1 to 0.5 s) ...\n`);
  for (let i = 0; i < ALARMS; i++) {
    const id = `bench-${i}`;
    raisedAt.set(id, performance.now());
    sim.raiseAlarm({ deviceSerial: 'C00000001', channelNo: 1, alarmType: 10002, alarmId: id });
    await sleep(100 + Math.random() * 400);
  }
  const waitEnd = Date.now() + INTERVALS.poll * 1000 + 5000;
  while (Date.now() < waitEnd && ['webhook', 'consumer', 'poll'].some((s) => arrived[s].size < ALARMS))
    await sleep(100);
  const runS = (Date.now() - started) / 1000;

  const rows = [
    ['source', 'interval', 'alarms', 'p50 ms', 'p99 ms', 'max ms', 'target (p99) ms', 'met', 'API calls/h idle'],
  ];
  const results = {};
  for (const s of ['webhook', 'consumer', 'poll']) {
    const lat = [...raisedAt].filter(([id]) => arrived[s].has(id)).map(([id, t]) => arrived[s].get(id) - t);
    const p99 = quantile(lat, 0.99);
    results[s] = {
      received: lat.length,
      p50: round(quantile(lat, 0.5), 1),
      p99: round(p99, 1),
      max: round(Math.max(...lat), 1),
    };
    rows.push([
      s,
      s === 'webhook' ? 'push' : `${INTERVALS[s]} s`,
      `${lat.length}/${ALARMS}`,
      String(results[s].p50),
      String(results[s].p99),
      String(results[s].max),
      String(TARGETS[s]),
      p99 <= TARGETS[s] && lat.length === ALARMS ? 'yes' : 'NO',
      String(calls[s]),
    ]);
  }
  process.stdout.write(`\n${table(rows)}\n\n`);
  process.stdout.write(
    `alarms raised over ${round(runS, 0)} s; idle phase ${round(idleS, 0)} s: token requests ${tokenCalls}, ` +
      `webhook pushes ${pushesIdle} while idle, ${
        webhookPusher(sim.state)
          .pushes()
          .filter((p) => p.attempt > 1).length
      } resent; errors on output 2: ${errors.length ? errors.join(', ') : 'none'}\n`,
  );
  const pic = await pictureCell(sim, red, webhookPusher, arrived.picture, pictureBytes);
  process.stdout.write(
    `picture cell:\n${table([rows[0], pic.row])}\n(decrypted JPEGs of ${pic.sizes}; ${pic.failed} without a picture)\n`,
  );
  process.stdout.write(
    `machine: ${os.cpus().length} x ${os.cpus()[0].model}, load average ${os.loadavg()[0].toFixed(2)}, Node.js ${process.version}\n`,
  );
  await red.stop();
  await sim.close();
  const failed = Object.entries(results).some(([s, r]) => r.received !== ALARMS || r.p99 > TARGETS[s]) || !pic.met;
  process.exitCode = failed ? 1 : 0;
}

/** Alarms of the encrypted camera with 1 MiB pictures, pushed to the `picture: download` node. */
async function pictureCell(sim, red, webhookPusher, arrived, sizes) {
  webhookPusher(sim.state).set({ url: `${red.url}/bench/pictures`, secret: SECRET });
  const raisedAt = new Map();
  for (let i = 0; i < PICTURES; i++) {
    const id = `bench-picture-${i}`;
    raisedAt.set(id, performance.now());
    sim.raiseAlarm({
      deviceSerial: 'C00000005',
      channelNo: 1,
      alarmType: 10002,
      alarmId: id,
      pictureForm: 'encrypted',
      pictureBytes: 1024 * 1024,
    });
    await sleep(100 + Math.random() * 400);
  }
  const end = Date.now() + 10000;
  while (Date.now() < end && arrived.size < PICTURES) await sleep(50);
  const lat = [...raisedAt].filter(([id]) => arrived.has(id)).map(([id, t]) => arrived.get(id) - t);
  const p99 = quantile(lat, 0.99);
  const met = lat.length === PICTURES && p99 <= PICTURE_TARGET && !sizes.some((b) => b < 1024 * 1024);
  const row = [
    'webhook, 1 MiB encrypted picture: download',
    'push',
    `${lat.length}/${PICTURES}`,
    String(round(quantile(lat, 0.5), 1)),
    String(round(p99, 1)),
    String(round(Math.max(...lat), 1)),
    String(PICTURE_TARGET),
    met ? 'yes' : 'NO',
    '0',
  ];
  const ok = sizes.filter((b) => b > 0);
  return {
    row,
    met,
    failed: sizes.length - ok.length,
    sizes: ok.length ? `${Math.min(...ok)}-${Math.max(...ok)} bytes` : 'none',
  };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
