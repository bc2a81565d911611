'use strict';
/* global document -- inside page.evaluate(): the browser's page */
// The camera panel's PTZ measurements of `npm run bench:panel` (panel.js), each in a page of the
// real Dashboard 2 against the simulator: press -> ptz/start and release -> ptz/stop over mouse
// holds, a page closed during a hold, a browser gone silent (the dead-man stop), a release with 10
// snapshots queued; each a time in ms read from the simulator's request log.

const path = require('path');

const root = path.resolve(__dirname, '..', '..');
const PTZ = '/api/lapp/device/ptz/';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(fn, ms, what) {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

/** The PTZ requests of the simulator's log. */
const ptz = (env, kind) => env.sim.requestLog().filter((e) => e.path === PTZ + kind);

async function holds(env, count) {
  const p = await env.open();
  await p.page.getByRole('status').filter({ hasText: 'C00000001/1' }).waitFor();
  await sleep(500);
  // Left and right by turns: the simulated camera never reaches an end stop (60004/60005).
  const boxes = [];
  for (const name of ['left', 'right'])
    boxes.push(await p.page.getByRole('button', { name, exact: true }).boundingBox());
  const start = [];
  const stop = [];
  for (let i = 0; i < count; i++) {
    // The runtime takes at most 10 actions per second from a browser: a hold every 150 ms.
    const next = Date.now() + 150;
    const box = boxes[i % 2];
    await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    env.sim.clearLog();
    const pressed = Date.now();
    await p.page.mouse.down();
    const s = await until(() => ptz(env, 'start')[0], 5000, 'a start').catch(async (err) => {
      await p.page.screenshot({ path: path.join(root, 'test-artifacts', 'bench-panel.png') }).catch(() => undefined);
      throw err;
    });
    start.push(s.time - pressed);
    await sleep(20);
    const released = Date.now();
    await p.page.mouse.up();
    const e = await until(() => ptz(env, 'stop')[0], 5000, 'a stop').catch(async (err) => {
      console.error(
        `hold ${i}:`,
        JSON.stringify(env.sim.requestLog().map((x) => [x.path, x.code, x.fields.direction])),
        await p.page.getByRole('status').textContent(),
      );
      throw err;
    });
    stop.push(e.time - released);
    await sleep(Math.max(0, next - Date.now()));
  }
  await p.close();
  return { start, stop };
}

async function closedPages(env, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const p = await env.open();
    const box = await p.page.getByRole('button', { name: 'right', exact: true }).boundingBox();
    await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    env.sim.clearLog();
    await p.page.mouse.down();
    await until(() => ptz(env, 'start')[0], 5000, 'a start');
    const closed = Date.now();
    await p.close();
    const e = await until(() => ptz(env, 'stop')[0], 5000, 'a stop');
    out.push(e.time - closed);
  }
  return out;
}

/** A browser that starts a move and then says nothing: the runtime's dead-man timer stops it. */
async function silent(env) {
  const p = await env.open();
  env.sim.clearLog();
  await p.page.evaluate(() => {
    const socket = document.querySelector('#app').__vue_app__._context.provides.$socket;
    socket.emit('ezviz-camera', 'cam', { action: 'move', direction: 'up' });
  });
  const s = await until(() => ptz(env, 'start')[0], 5000, 'a start');
  const e = await until(() => ptz(env, 'stop')[0], 5000, 'a stop');
  await p.close();
  return e.time - s.time;
}

/** A hold, then 10 snapshots (the page's own socket event), then the release: release -> ptz/stop. */
async function queued(env, count) {
  const p = await env.open();
  const out = [];
  for (let i = 0; i < count; i++) {
    const box = await p.page.getByRole('button', { name: i % 2 ? 'right' : 'left', exact: true }).boundingBox();
    await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    env.sim.clearLog();
    await p.page.mouse.down();
    await until(() => ptz(env, 'start')[0], 5000, 'a start');
    await sleep(1000); // the start counted: the next 10 actions fit the browser's 10 per second
    await p.page.evaluate(() => {
      const socket = document.querySelector('#app').__vue_app__._context.provides.$socket;
      for (let k = 0; k < 10; k++) socket.emit('ezviz-camera', 'cam', { action: 'snapshot' });
    });
    await sleep(300);
    const released = Date.now();
    await p.page.mouse.up();
    const e = await until(() => ptz(env, 'stop')[0], 60000, 'a stop');
    out.push(e.time - released);
    await sleep(1000);
  }
  await p.close();
  return out;
}

module.exports = { holds, closedPages, silent, queued };
