#!/usr/bin/env node
'use strict';
/* global document -- inside page.evaluate(): the browser's page */
// `npm run bench:wall` (docs/behaviour.md section 28, docs/performance.md): the camera wall in the real
// Dashboard 2 with Debian's Chromium against the simulator, as test/dashboard/wall.test.ts runs it: a
// wall of 16 cameras, each page load from navigation to every tile's picture shown (--loads N,
// default 5: the first with the runtime's captures, the others from the pictures it keeps, the
// target 2 s each), the captures they cost (one per camera for every page), and the widget's size
// gzipped (the panel's file: the wall is in it; players apart; the target 40 KB).
// Needs `npm run build` (it uses dist/test/support).
//   node scripts/bench/wall.js [--loads N]
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { median, round, numberArg } = require('./stats');

const root = path.resolve(__dirname, '..', '..');
const LOADS = numberArg('--loads', 5);
const TARGETS = { firstMs: 2000, keptMs: 2000, ownKb: 40 };

async function main() {
  const { startDashboardEnv } = require(path.join(root, 'dist', 'test', 'support', 'dashboard-env'));
  const { wallFlow } = require(path.join(root, 'dist', 'test', 'support', 'wall-flow'));
  const env = await startDashboardEnv((url) => wallFlow(url));
  const times = [];
  try {
    env.sim.clearLog();
    for (let i = 0; i < LOADS; i++) {
      const p = await env.open({ region: 'camera wall' });
      try {
        const start = Date.now();
        await p.page.reload();
        await p.page.waitForFunction(
          () => {
            const imgs = Array.from(document.querySelectorAll('.ezw-tile img.ezw-picture'));
            return imgs.length === 16 && imgs.every((im) => im.complete && im.naturalWidth > 0);
          },
          null,
          { polling: 20, timeout: 30000 },
        );
        times.push(Date.now() - start);
      } finally {
        await p.close();
      }
    }
  } finally {
    const captures = env.sim.requestLog().filter((e) => e.path === '/api/lapp/device/capture').length;
    await env.stop();
    const own = zlib.gzipSync(fs.readFileSync(path.join(root, 'dashboard', 'resources', 'ui-ezviz-camera.umd.js')), {
      level: 9,
    });
    const kept = times.slice(1);
    const rows = {
      firstMs: times[0],
      keptMs: kept.length ? median(kept) : null,
      keptMaxMs: kept.length ? Math.max(...kept) : null,
      captures,
      ownKb: round(own.length / 1024, 1),
    };
    console.log(JSON.stringify({ loads: times, ...rows, targets: TARGETS }, null, 2));
    const met =
      rows.firstMs <= TARGETS.firstMs && (rows.keptMaxMs ?? 0) <= TARGETS.keptMs && rows.ownKb <= TARGETS.ownKb;
    console.log(
      `bench:wall: 16 pictures in ${times.join(', ')} ms (target 2000), ${captures} captures, widget ${rows.ownKb} KB gzipped (target 40): ${met ? 'met' : 'NOT met'}`,
    );
  }
}

main().catch((e) => {
  console.error(`bench:wall: ${(e && e.stack) || e}`);
  process.exit(1);
});
