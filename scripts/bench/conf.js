'use strict';
// The benchmark's settings (measure.js): the command-line options, the counts of each cell and
// measurement, the API paths and the small helpers every part shares.

const fs = require('fs');
const path = require('path');
const { round } = require('./stats');

const root = path.resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const floorOnly = args.includes('--floor');
const liveOnly = args.includes('--live');
const tlsDir = process.env.EZVIZ_BENCH_TLS_DIR || '';
const hasTls = Boolean(tlsDir && fs.existsSync(path.join(tlsDir, 'cert.pem')));

const CONF = {
  latencyMs: 20,
  // Rounds per concurrency, at least: measure.js runs more when the warm-up's pace says a pool
  // would idle past half the package's idle close (4 s: the simulator's Keep-Alive timeout=5 less
  // 1 s) between its chunks (rounds.js), so no pool is closed between its chunks.
  rounds: { 1: quick ? 2 : 8, 32: quick ? 2 : 8 },
  // requests per cell over all rounds (measured), and warm-up requests per cell
  perCell: { 1: quick ? 40 : 400, 32: quick ? 320 : 3200 },
  warmup: { 1: quick ? 10 : 30, 32: quick ? 64 : 320 },
  concurrencies: [1, 32],
  transports: hasTls ? ['http', 'https'] : ['http'],
  tokenMessages: 1000,
  // live addresses (docs/behaviour.md section 13): concurrent asks, then messages one by one, one camera
  liveConcurrent: 10,
  liveMessages: 50,
  timedMoves: quick ? 40 : 200,
  timedDurationsMs: [100, 150, 200],
  // PTZ cameras of the simulator's default state (serial, channel), moved side by side
  timedLanes: [
    ['C00000001', 1],
    ['C0000000D', 1],
    ['C0000000F', 1],
    ['C0000000F', 2],
    ['C0000000F', 3],
    ['C0000000F', 4],
  ],
  memWarmup: quick ? 2000 : 10000,
  memMessages: quick ? 10000 : 100000,
  memConcurrency: 32,
  // zero-latency cells: scenarios, rounds, measured requests per cell, warm-up requests per cell.
  // Many short rounds: on a shared machine the CPU time of the same work moves by half from one
  // second to the next, so the scenarios alternate often and are compared round by round.
  floor: {
    scenarios: ['A', 'S', 'B', 'K'],
    rounds: { 1: quick ? 4 : 40, 32: quick ? 4 : 30 },
    perCell: { 1: quick ? 400 : 4800, 32: quick ? 640 : 9600 },
    warmup: { 1: quick ? 100 : 500, 32: quick ? 320 : 1000 },
  },
};

const SERIAL = 'C00000001';
const TOKEN = 'at.demo-token';
const INFO_PATH = '/api/lapp/cloud/storage/device/info';
const TOKEN_PATH = '/api/lapp/token/get';
const PTZ_START = '/api/lapp/device/ptz/start';
const LIVE_PATH = '/api/lapp/v2/live/address/get';
const PTZ_STOP = '/api/lapp/device/ptz/stop';
const SCENARIOS = ['A', 'S', 'B', 'C', 'C+'];
// Interleaved with the five at concurrency 32, for reference (no target): A plus one setImmediate
// before the request counts as done, the delivery hop that any Node-RED node's output takes to
// the next node (B's output pays it, A does not).
const EXTRA = { 1: [], 32: ['A+hop'] };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (s) => process.stderr.write(`bench: ${s}\n`);
const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
const gc = async () => {
  if (!global.gc) return;
  for (let i = 0; i < 3; i++) {
    global.gc();
    await sleep(50);
  }
};
const mb = (bytes) => round(bytes / 1048576, 1);

module.exports = {
  root,
  quick,
  floorOnly,
  liveOnly,
  tlsDir,
  hasTls,
  CONF,
  SERIAL,
  TOKEN,
  INFO_PATH,
  TOKEN_PATH,
  PTZ_START,
  LIVE_PATH,
  PTZ_STOP,
  SCENARIOS,
  EXTRA,
  sleep,
  log,
  cpuUs,
  gc,
  mb,
};
