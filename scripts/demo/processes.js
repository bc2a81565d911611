'use strict';
// The simulator and Node-RED as child processes: started, waited for (a line, the editor's answer),
// stopped (a signal, then SIGKILL). `npm start` (scripts/demo.js) and the tests that run what users
// run (test/support/browser-env.ts) share them.

const path = require('path');
const http = require('http');
const { spawn } = require('child_process');

const root = path.resolve(__dirname, '..', '..');
const DEFAULT_SIM_PORT = 8089;
const DEFAULT_UI_PORT = 1880;

/** Resolves when `proc` has printed a line matching `re` (resolves with the match). */
function waitForLine(proc, re, label, timeoutMs) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => finish(new Error(`${label} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (chunk) => {
      buffer += chunk.toString();
      const m = buffer.match(re);
      if (m) finish(null, m);
      if (buffer.length > 100000) buffer = buffer.slice(-10000);
    };
    const onExit = (code, signal) => finish(new Error(`${label} exited during start (${signal || `code ${code}`})`));
    function finish(err, m) {
      clearTimeout(timer);
      proc.stdout.off('data', onData);
      proc.stderr.off('data', onData);
      proc.off('exit', onExit);
      if (err) reject(err);
      else resolve(m);
    }
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', onExit);
  });
}

/** Prefixes each output line of `proc` with `[label]` on our stdout/stderr. */
function relay(proc, label) {
  for (const [stream, out] of [
    [proc.stdout, process.stdout],
    [proc.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`[${label}] ${line}\n`);
    });
    stream.on('end', () => {
      if (rest) out.write(`[${label}] ${rest}\n`);
    });
  }
}

/** Child processes started here and still running, newest last (stopped newest first). */
const children = new Set();
function track(proc) {
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return proc;
}

/** Sends `signal`, then SIGKILL after `graceMs`; resolves when the process has exited. */
function stopProcess(proc, signal = 'SIGINT', graceMs = 10000) {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.kill(signal);
  });
}

/** Starts the simulator CLI on host:port; resolves {proc, url} once it listens. */
async function startSimulatorProcess({ port = DEFAULT_SIM_PORT, host = '127.0.0.1', quiet = false } = {}) {
  const cli = path.join(root, 'dist', 'simulator', 'cli.js');
  const proc = track(
    spawn(process.execPath, [cli, '--port', String(port), '--host', host], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  if (!quiet) relay(proc, 'simulator');
  const m = await waitForLine(proc, /https?:\/\/[\w.:[\]-]+:\d+/, 'the simulator', 15000).catch(async (err) => {
    await stopProcess(proc, 'SIGKILL');
    throw err;
  });
  return { proc, url: m[0].replace(/\/$/, '') };
}

/** The HTTP status of a GET of `url`, or of a POST of `body` as JSON when given (0: no answer in 2 s). */
function httpStatus(url, body) {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const options = data
      ? {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
        }
      : {};
    const req = http.request(url, options, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(0));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(0);
    });
    req.end(data);
  });
}

/**
 * Starts Node-RED (node_modules/node-red/red.js, or `redJs`) on the prepared `userDir`; resolves
 * {proc, url} once the editor answers (at `adminRoot`, the settings' httpAdminRoot). `nodeBinary`
 * defaults to this Node.js.
 */
async function startNodeRed({
  userDir,
  settingsPath,
  port,
  host = '127.0.0.1',
  quiet = false,
  redJs,
  nodeBinary,
  env,
  adminRoot = '',
}) {
  const red = redJs || require.resolve('node-red/red.js', { paths: [root] });
  const proc = track(
    spawn(
      nodeBinary || process.execPath,
      [red, '--userDir', userDir, '--settings', settingsPath, '--port', String(port)],
      {
        cwd: userDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...(env || {}) },
      },
    ),
  );
  let log = '';
  proc.stdout.on('data', (c) => {
    log = (log + c.toString()).slice(-20000);
  });
  proc.stderr.on('data', (c) => {
    log = (log + c.toString()).slice(-20000);
  });
  if (!quiet) relay(proc, 'node-red');
  // The editor's URL (under httpAdminRoot when the settings set one).
  const admin = String(adminRoot).replace(/^\/+|\/+$/g, '');
  const url = `http://${host}:${port}/${admin ? `${admin}/` : ''}`;
  try {
    await waitForLine(proc, /Server now running at|Started flows/, 'Node-RED', 60000);
    const deadline = Date.now() + 30000;
    while ((await httpStatus(url)) !== 200) {
      if (Date.now() > deadline) throw new Error(`Node-RED does not answer on ${url}`);
      if (proc.exitCode !== null) throw new Error('Node-RED exited');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stopProcess(proc, 'SIGKILL');
    err.message += `\n--- Node-RED output ---\n${log}`;
    throw err;
  }
  return { proc, url, log: () => log };
}

module.exports = {
  DEFAULT_SIM_PORT,
  DEFAULT_UI_PORT,
  children,
  httpStatus,
  startNodeRed,
  startSimulatorProcess,
  stopProcess,
};
