'use strict';
// The stream benchmark's synthetic cells (scripts/bench/stream.js): CPU and tag latency at
// 2 Mbit/s to 20 HTTP viewers on the wall clock, and a simulated hour of chains on the runtime's
// injectable clock.

const { performance } = require('perf_hooks');
const { quantile, round } = require('./stats');
const { syntheticSession } = require('./stream-media');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const FRAME_MS = 40;
const GOP = 50;
/** 2 Mbit/s at 25 frames/s with a keyframe every 2 s: a 40 KB keyframe and 49 pictures of 9.4 KB. */
const bytes2M = (key) => (key ? 40000 : 9400);

/** 20 viewers over HTTP (curl children reading to /dev/null) of a 2 Mbit/s synthetic camera. */
async function cpuCell({ viewers, measureS, http, spawn, StreamRelay, reports }) {
  const clock = {
    now: () => performance.now(),
    timer: (fn, ms) => {
      const h = setTimeout(fn, ms);
      return () => clearTimeout(h);
    },
  };
  const camera = syntheticSession(clock, { frameMs: FRAME_MS, gop: GOP, capMs: 0, firstByteMs: 0, bytes: bytes2M });
  let pushedAt = 0;
  let bytesIn = 0;
  let measuring = false;
  const lat = [];
  const connect = (h) =>
    camera({
      data: (c) => {
        bytesIn += c.length;
        pushedAt = performance.now();
        h.data(c);
      },
      end: (f) => h.end(f),
    });
  const relay = new StreamRelay({ connect, reports: reports([]) });
  let failed = 0;
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'video/x-flv', 'Cache-Control': 'no-cache' });
    const v = relay.addViewer({
      address: req.socket.remoteAddress,
      ready() {},
      write(b) {
        if (measuring) lat.push(performance.now() - pushedAt);
        return res.write(b);
      },
      // Unsent once the socket pushed back (a write refused): res.writableLength alone counts the
      // chunk just handed to the socket, never 0 under a steady stream, and the relay closed every
      // viewer as slow after 10 s of stream (measured: all 20, on loopback).
      unsent: () => (res.writableNeedDrain ? res.writableLength : 0),
      fail() {
        failed++;
        res.destroy();
      },
      end() {
        failed++;
        res.end();
      },
    });
    req.on('close', () => relay.removeViewer(v));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/stream.flv`;
  const kids = [];
  for (let i = 0; i < viewers; i++) {
    kids.push(spawn('curl', ['-s', '-N', '-o', '/dev/null', url], { stdio: 'ignore' }));
    await sleep(50);
  }
  await sleep(2000);
  const in0 = bytesIn;
  measuring = true;
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  await sleep(measureS * 1000);
  const cpu = process.cpuUsage(c0);
  const wallMs = performance.now() - w0;
  measuring = false;
  const stats = relay.stats();
  const failedBefore = failed;
  relay.close();
  for (const k of kids) k.kill();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  return {
    viewers,
    mbits: round(((bytesIn - in0) * 8) / (wallMs / 1000) / 1e6, 2),
    cpuPercent: round(((cpu.user + cpu.system) / 1000 / wallMs) * 100, 2),
    p50TagMs: round(quantile(lat, 0.5), 3),
    p99TagMs: round(quantile(lat, 0.99), 3),
    writes: lat.length,
    viewersAtEnd: stats.viewers,
    ended: failedBefore,
    clean: failedBefore === 0 && stats.viewers === viewers,
  };
}

/** A clock that moves only when told, with timers: the runtime's hooks during the hour. */
function fakeClock() {
  let now = 0;
  let timers = [];
  return {
    now: () => now,
    timer(fn, ms) {
      const x = { at: now + Math.max(0, ms), fn, on: true };
      timers.push(x);
      return () => {
        x.on = false;
      };
    },
    advanceTo(to) {
      for (;;) {
        let best;
        for (const x of timers) if (x.on && x.at <= to && (!best || x.at < best.at)) best = x;
        if (!best) break;
        now = best.at;
        best.on = false;
        best.fn();
        timers = timers.filter((x) => x.on);
      }
      now = to;
    },
  };
}

/** One viewer through `hourS` simulated seconds of 5 s cloud sessions. */
function hourCell({ hourS, capS, StreamRelay, hooks, resetHooks, memoryViewer }) {
  const clock = fakeClock();
  const BASE = Date.parse('2026-03-01T00:00:00Z');
  Object.assign(hooks, { now: () => BASE + clock.now(), timer: clock.timer, random: () => 0.5 });
  const events = [];
  const reports = { event: (e) => events.push(e), failure() {}, changed() {} };
  const camera = syntheticSession(clock, {
    frameMs: FRAME_MS,
    gop: GOP,
    capMs: capS * 1000,
    firstByteMs: 300,
    bytes: (key) => (key ? 4000 : 900),
  });
  const relay = new StreamRelay({ connect: camera, reports });
  const v = {
    first: undefined,
    last: undefined,
    maxDrift: 0,
    maxWall: 0,
    repeats: 0,
    maxRepeat: 0,
    maxSkip: 0,
    frames: 0,
    wallDrift: 0,
  };
  const sink = memoryViewer('10.0.3.1', (tag) => {
    if (tag.frame < 0) return;
    v.frames++;
    const now = clock.now();
    if (!v.first) v.first = { g: tag.frame, ts: tag.ts, now };
    // A picture shown again (a chain's replay, squeezed behind the last one out) is counted as a
    // repeat below, not as scene drift: its time is the stream's, its frame number the past's.
    const drift = tag.ts - v.first.ts - (tag.frame - v.first.g) * FRAME_MS;
    if (v.last === undefined || tag.frame > v.last) v.maxDrift = Math.max(v.maxDrift, Math.abs(drift));
    v.wallDrift = tag.ts - v.first.ts - (now - v.first.now);
    if (now - v.first.now >= 60000) v.maxWall = Math.max(v.maxWall, Math.abs(v.wallDrift));
    if (v.last !== undefined) {
      if (tag.frame <= v.last) {
        v.repeats++;
        v.maxRepeat = Math.max(v.maxRepeat, v.last - tag.frame + 1);
      } else v.maxSkip = Math.max(v.maxSkip, tag.frame - v.last - 1);
    }
    v.last = v.last === undefined ? tag.frame : Math.max(v.last, tag.frame);
  });
  const t0 = performance.now();
  relay.addViewer(sink);
  for (let at = 0; at <= hourS * 1000; at += FRAME_MS) clock.advanceTo(at);
  const chains = events.filter((e) => e.event === 'chain').length;
  relay.close();
  resetHooks();
  return {
    simulatedS: hourS,
    capS,
    chains,
    expectedChains: Math.floor(hourS / capS) - 1,
    frames: v.frames,
    expectedFrames: Math.floor((hourS * 1000) / FRAME_MS),
    sceneDriftMs: v.maxDrift,
    wallDriftMs: v.maxWall,
    maxDriftMs: Math.max(v.maxDrift, v.maxWall),
    endWallDriftMs: v.wallDrift,
    repeatedFrames: v.repeats,
    longestRepeatFrames: v.maxRepeat,
    longestSkipFrames: v.maxSkip,
    gopFrames: GOP,
    runMs: Math.round(performance.now() - t0),
    clean: !sink.failed && v.maxRepeat <= GOP && v.maxSkip <= GOP && v.frames > 0,
  };
}

module.exports = { cpuCell, hourCell, fakeClock };
